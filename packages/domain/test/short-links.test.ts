import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  campaignOfQuery,
  readCampaign,
  shortLinkCreateBodySchema,
  shortLinkDestination,
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

describe('where an opened short link sends its visitor', () => {
  const origins = { landing: 'https://talaqa.eg', web: 'https://app.talaqa.eg:8443/ignored/path' };

  it('sends a marketing-site target to the site, with its campaign in the query', () => {
    expect(
      shortLinkDestination(
        { name: 'ramadan', source: 'wa', site: 'landing', path: '/pricing' },
        origins,
      ),
    ).toBe('https://talaqa.eg/pricing?campaign=ramadan&source=wa');
  });

  it("sends a main-app target to the app's origin, keeping the target's own query", () => {
    const href = shortLinkDestination(
      { name: 'summer', source: 'sfb', site: 'web', path: '/register/student?next=/plans#top' },
      origins,
    );
    const url = new URL(href!);
    expect(url.origin).toBe('https://app.talaqa.eg:8443');
    expect(url.pathname).toBe('/register/student');
    expect(url.searchParams.get('next')).toBe('/plans');
    expect(url.searchParams.get('campaign')).toBe('summer');
    expect(url.searchParams.get('source')).toBe('sfb');
    expect(url.hash).toBe('#top');
  });

  it('adds only the parts of the campaign it has', () => {
    expect(shortLinkDestination({ site: 'landing', path: '/' }, origins)).toBe(
      'https://talaqa.eg/',
    );
    expect(shortLinkDestination({ source: 'wa', site: 'landing', path: '/faq' }, origins)).toBe(
      'https://talaqa.eg/faq?source=wa',
    );
  });

  it.each([
    '//evil.example',
    '//evil.example/register/student',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'pricing',
    '',
  ])('refuses %j', (path) => {
    expect(shortLinkDestination({ name: 'x1', site: 'web', path }, origins)).toBeUndefined();
    expect(shortLinkDestination({ name: 'x1', site: 'landing', path }, origins)).toBeUndefined();
  });

  it('refuses an origin it cannot parse, rather than guessing one', () => {
    const target = { name: 'x1', site: 'web', path: '/plans' } as const;
    expect(shortLinkDestination(target, { landing: 'https://talaqa.eg', web: 'not a url' })).toBe(
      undefined,
    );
    expect(shortLinkDestination(target, { landing: 'https://talaqa.eg', web: '' })).toBeUndefined();
  });

  it('never leaves the chosen origin, whatever the path', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.constantFrom('web', 'landing'), (path, site) => {
        const href = shortLinkDestination({ site, path }, origins);
        if (href === undefined) return;
        const origin = site === 'web' ? 'https://app.talaqa.eg:8443' : 'https://talaqa.eg';
        expect(new URL(href).origin).toBe(origin);
      }),
    );
  });
});
