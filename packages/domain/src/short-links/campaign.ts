/**
 * How a campaign travels from a short link to a sign-up (record 351): `?campaign=<name>&source=<code>`
 * in the address, then the sites' storage, then the sign-up body. No zod here: the apps' first
 * load reads the address with it (docs/decisions/308-first-load-without-schemas.md).
 */
import { CAMPAIGN_SOURCES } from '../enums';
import type { CampaignSource } from '../enums';

export const SHORT_LINK_NAME_MIN_LENGTH = 2;
export const SHORT_LINK_NAME_MAX_LENGTH = 40;

/** Lower-case letters, digits and inner hyphens: safe in a URL as typed, one case only. */
export const SHORT_LINK_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** What a campaign is when it travels: the link's name and its source code (either may lack). */
export interface Campaign {
  name?: string | undefined;
  source?: CampaignSource | undefined;
}

/** The query words that carry a campaign from the short link to the sites. */
export const CAMPAIGN_QUERY = { name: 'campaign', source: 'source' } as const;

/**
 * A campaign read from anything (a query string, storage, a request body): the parts that are
 * well formed, or undefined when nothing is. Never throws: a campaign never stops anything.
 */
export function readCampaign(value: unknown): Campaign | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, source } = value as { name?: unknown; source?: unknown };
  const campaign: Campaign = {};
  if (typeof name === 'string') {
    const word = name.trim().toLowerCase();
    if (word.length <= SHORT_LINK_NAME_MAX_LENGTH && SHORT_LINK_NAME_PATTERN.test(word))
      campaign.name = word;
  }
  if (typeof source === 'string' && (CAMPAIGN_SOURCES as readonly string[]).includes(source)) {
    campaign.source = source as CampaignSource;
  }
  return campaign.name !== undefined || campaign.source !== undefined ? campaign : undefined;
}

/** The campaign of a query string (`?campaign=&source=`), if any part is well formed. */
export const campaignOfQuery = (search: string | URLSearchParams): Campaign | undefined => {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return readCampaign({
    name: params.get(CAMPAIGN_QUERY.name) ?? undefined,
    source: params.get(CAMPAIGN_QUERY.source) ?? undefined,
  });
};

/** Adds a campaign to a URL's query (replacing any campaign it had). */
export function withCampaign(url: URL, campaign: Campaign | undefined): URL {
  if (!campaign) return url;
  const next = new URL(url.href);
  if (campaign.name) next.searchParams.set(CAMPAIGN_QUERY.name, campaign.name);
  if (campaign.source) next.searchParams.set(CAMPAIGN_QUERY.source, campaign.source);
  return next;
}

/** Where a link sends: a path on one of our two sites (what `POST /short-link/open` answers). */
interface ShortLinkDestination extends Campaign {
  site: 'landing' | 'web';
  path: string;
}

/**
 * Where an opened link sends its visitor: the path on our own site (the marketing site or the
 * main app), with the campaign in the query. The server only stores paths on our sites; this
 * checks again that the result stays on the chosen origin (never an open redirect).
 */
export function shortLinkDestination(
  target: ShortLinkDestination,
  origins: { landing: string; web: string },
): string | undefined {
  const base = target.site === 'web' ? origins.web : origins.landing;
  try {
    const origin = new URL(base).origin;
    const url = new URL(target.path, `${origin}/`);
    if (url.origin !== origin || !target.path.startsWith('/') || target.path.startsWith('//')) {
      return undefined;
    }
    return withCampaign(url, { name: target.name, source: target.source }).href;
  } catch {
    return undefined;
  }
}
