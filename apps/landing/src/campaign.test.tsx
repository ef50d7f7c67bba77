import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute, stubHealthyApi } from '@talaqa/ui/testing';
import { CAMPAIGN_SESSION_KEY, keepCampaignOfAddress, keptCampaign } from './campaign';
import { routes } from './router';

stubHealthyApi();

beforeEach(() => sessionStorage.clear());

describe("the visit's campaign on the marketing site (record 351)", () => {
  it('is read from the address and added to every link into the main app', async () => {
    keepCampaignOfAddress('?campaign=Ramadan&source=wa');
    expect(keptCampaign()).toEqual({ name: 'ramadan', source: 'wa' });
    renderRoute(routes, '/?campaign=ramadan&source=wa');
    await screen.findByRole('heading', { level: 1 });
    const links = screen
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => href.includes('/register/'));
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) {
      const url = new URL(href);
      expect(url.searchParams.get('campaign')).toBe('ramadan');
      expect(url.searchParams.get('source')).toBe('wa');
    }
  });

  it('leaves the links alone without one, and ignores a malformed one', async () => {
    keepCampaignOfAddress('?campaign=%3Cb%3E&source=nope');
    expect(sessionStorage.getItem(CAMPAIGN_SESSION_KEY)).toBeNull();
    renderRoute(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    const links = screen
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => href.includes('/register/'));
    expect(links.every((href) => !href.includes('campaign='))).toBe(true);
  });
});
