import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { SUPPORT_WHATSAPP_URL } from '@talaqa/domain';
import {
  CAMPAIGN_SESSION_KEY,
  keepCampaign,
  keepCampaignOfAddress,
  keptCampaign,
} from './campaign';
import { APP_LINK_ATTRIBUTE } from './paths';
import { renderSitePage } from './render';
import { carryCampaign } from './site/campaign-links';
import { WEB_ORIGIN_MARK } from './site/origins';
import { PLANS, renderPage } from './testing/site';

/** What the build made for the browser, as far as the page's HTML needs it. */
const ASSETS = { css: '', fontPreloads: [], siteScript: '/assets/site.js', islands: {} };

beforeEach(() => sessionStorage.clear());

/** Every link of the page, as its `href` reads, split into links into the main app and others. */
async function linksOf(url: string) {
  const { container } = renderPage(url, { plans: PLANS });
  await screen.findByRole('heading', { level: 1 });
  const links = [...container.querySelectorAll('a')];
  const hrefs = (list: HTMLAnchorElement[]) => list.map((link) => link.getAttribute('href') ?? '');
  return {
    page: container,
    app: () => hrefs(links.filter((link) => link.hasAttribute(APP_LINK_ATTRIBUTE))),
    others: () => hrefs(links.filter((link) => !link.hasAttribute(APP_LINK_ATTRIBUTE))),
  };
}

describe("the visit's campaign on the marketing site (record 351)", () => {
  it('is kept from the address, lower-cased', () => {
    keepCampaignOfAddress('?campaign=Ramadan&source=wa');
    expect(keptCampaign()).toEqual({ name: 'ramadan', source: 'wa' });
  });

  it('is added to every link into the main app, and to no other link', async () => {
    const links = await linksOf('/pricing');
    const othersBefore = links.others();
    expect(links.app().length).toBeGreaterThan(3);
    expect(othersBefore).toContain(SUPPORT_WHATSAPP_URL);

    carryCampaign(links.page, '?campaign=Ramadan&source=wa');
    expect(keptCampaign()).toEqual({ name: 'ramadan', source: 'wa' });
    for (const href of links.app()) {
      const url = new URL(href);
      expect(url.searchParams.get('campaign')).toBe('ramadan');
      expect(url.searchParams.get('source')).toBe('wa');
    }
    // A checkout link keeps where it leads after the sign-up.
    const checkout = links.app().find((href) => href.includes('next='));
    expect(new URL(checkout!).searchParams.get('next')).toMatch(/^\/checkout\/\d+\/month$/);
    expect(links.others()).toEqual(othersBefore);
  });

  it('comes from an earlier page of the visit when the address has none', async () => {
    keepCampaign({ name: 'summer', source: 'sfb' });
    const links = await linksOf('/');
    carryCampaign(links.page, '');
    expect(links.app().length).toBeGreaterThan(0);
    for (const href of links.app()) {
      expect(new URL(href).search).toContain('campaign=summer&source=sfb');
    }
  });

  it('leaves the links alone without one, and ignores a malformed one', async () => {
    const links = await linksOf('/');
    const before = links.app();
    carryCampaign(links.page, '?campaign=%3Cb%3E&source=nope');
    expect(sessionStorage.getItem(CAMPAIGN_SESSION_KEY)).toBeNull();
    expect(links.app()).toEqual(before);
    expect(before.every((href) => !href.includes('campaign='))).toBe(true);
  });

  it('keeps the campaign it has when the address holds a malformed one', async () => {
    keepCampaign({ name: 'summer' });
    const links = await linksOf('/tutor');
    carryCampaign(links.page, '?campaign=%3Cb%3E');
    expect(keptCampaign()).toEqual({ name: 'summer' });
    expect(links.app().length).toBeGreaterThan(0);
    for (const href of links.app())
      expect(new URL(href).searchParams.get('campaign')).toBe('summer');
  });
});

describe('the page script of every page (src/site.ts)', () => {
  it("adds the address's campaign to the links of the prerendered page as it loads", async () => {
    const html = await renderSitePage('/pricing', ASSETS, { plans: PLANS });
    document.body.innerHTML = new DOMParser().parseFromString(html!, 'text/html').body.innerHTML;
    history.replaceState(null, '', '/pricing?campaign=Ramadan&source=wa');

    await import('./site');
    const app = [...document.querySelectorAll<HTMLAnchorElement>(`a[${APP_LINK_ATTRIBUTE}]`)];
    expect(app.length).toBeGreaterThan(3);
    for (const link of app) {
      const url = new URL(link.href);
      expect(url.origin).toBe(WEB_ORIGIN_MARK);
      expect(url.searchParams.get('campaign')).toBe('ramadan');
      expect(url.searchParams.get('source')).toBe('wa');
    }
    expect(keptCampaign()).toEqual({ name: 'ramadan', source: 'wa' });
    history.replaceState(null, '', '/');
  });
});
