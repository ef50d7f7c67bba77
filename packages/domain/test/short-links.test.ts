import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  campaignOfQuery,
  readCampaign,
  shortLinkCreateBodySchema,
  shortLinkTargetProblem,
  signUpCampaignSchema,
  withCampaign,
} from '../src';

describe('a short link target (record 351)', () => {
  it.each(['/', '/pricing', '/register/student', '/faq/tutor', '/plans?period=year', '/faq#pay'])(
    'accepts our path %s',
    (path) => expect(shortLinkTargetProblem(path)).toBeUndefined(),
  );

  it.each([
    '',
    'pricing',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/a//b',
    '/a/../b',
    '/./a',
    '/a b',
    `/${'a'.repeat(200)}`,
    '/a?x=<script>',
  ])('refuses %j', (path) =>
    expect(shortLinkTargetProblem(path)).toBe('short-link-target-invalid'),
  );

  it('never lets a target leave the origin it is put on', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (path) => {
        if (shortLinkTargetProblem(path)) return;
        expect(new URL(path, 'https://talaqa.eg/').origin).toBe('https://talaqa.eg');
      }),
    );
  });
});

describe('a short link name', () => {
  it('is trimmed and lower-cased', () => {
    const body = shortLinkCreateBodySchema.parse({
      name: '  Summer-2026 ',
      source: 'sfb',
      site: 'web',
      path: '/plans',
    });
    expect(body.name).toBe('summer-2026');
  });
});

describe('a campaign on its way to a sign-up', () => {
  it('reads only well-formed parts of an address', () => {
    expect(campaignOfQuery('?campaign=Summer&source=sfb')).toEqual({
      name: 'summer',
      source: 'sfb',
    });
    expect(campaignOfQuery('?campaign=a%20b&source=zz')).toBeUndefined();
    expect(campaignOfQuery('?source=wa')).toEqual({ source: 'wa' });
    expect(readCampaign('wa')).toBeUndefined();
  });

  it('is added to a URL, replacing any campaign it had', () => {
    const url = withCampaign(
      new URL('https://app.talaqa.eg/register/student?campaign=old&next=/plans'),
      {
        name: 'new',
        source: 'wa',
      },
    );
    expect(url.search).toBe('?campaign=new&next=%2Fplans&source=wa');
  });

  it('never refuses a sign-up body: anything malformed is dropped', () => {
    expect(signUpCampaignSchema.parse({ name: 'x', source: 'wa' })).toEqual({
      name: 'x',
      source: 'wa',
    });
    for (const junk of ['wa', 42, null, [], { name: 'x'.repeat(300) }, { source: ['wa'] }]) {
      expect(signUpCampaignSchema.parse(junk)).toBeUndefined();
    }
  });
});
