/**
 * Short links and campaigns (issue 23 item 9, docs/decisions/351-short-links.md): the rules of a
 * link's name and target, shared by the admin's form and the server, and how a campaign travels
 * from the marketing site to a sign-up (`?campaign=<name>&source=<code>`).
 */
import { z } from 'zod';
import { CAMPAIGN_SOURCES } from '../enums';
import type { CampaignSource } from '../enums';
import { textSchema } from '../validation';

export const SHORT_LINK_NAME_MIN_LENGTH = 2;
export const SHORT_LINK_NAME_MAX_LENGTH = 40;
export const SHORT_LINK_LABEL_MAX_LENGTH = 100;
export const SHORT_LINK_TARGET_MAX_LENGTH = 200;

/** Lower-case letters, digits and inner hyphens: safe in a URL as typed, one case only. */
const NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** The sites a link may send to: the marketing site and the main app, nowhere else. */
export const SHORT_LINK_SITES = ['landing', 'web'] as const;
export type ShortLinkSite = (typeof SHORT_LINK_SITES)[number];

/**
 * A path on one of our sites: starts with one `/` (never `//`, which a browser reads as another
 * host), then plain path characters, an optional plain query and fragment; no `..` segment, no
 * backslash, no scheme, no spaces. The site's own origin is always put in front of it, so no link
 * can send a visitor outside our sites.
 */
const TARGET_PATTERN =
  /^\/(?!\/)[A-Za-z0-9._~\-/]*(?:\?[A-Za-z0-9._~\-=&%]*)?(?:#[A-Za-z0-9._~-]*)?$/;

export function shortLinkTargetProblem(path: string): 'short-link-target-invalid' | undefined {
  if (path.length > SHORT_LINK_TARGET_MAX_LENGTH || !TARGET_PATTERN.test(path)) {
    return 'short-link-target-invalid';
  }
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (pathname.includes('//') || pathname.split('/').some((part) => part === '..' || part === '.')) {
    return 'short-link-target-invalid';
  }
  return undefined;
}

/** A link's name as typed: trimmed and lower-cased, so `Summer` and `summer` are one name. */
export const shortLinkNameSchema = textSchema((issue) =>
  issue.input == null ? 'required' : 'short-link-name-invalid',
)
  .trim()
  .toLowerCase()
  .min(1, 'required')
  .min(SHORT_LINK_NAME_MIN_LENGTH, 'short-link-name-too-short')
  .max(SHORT_LINK_NAME_MAX_LENGTH, 'short-link-name-too-long')
  .regex(NAME_PATTERN, 'short-link-name-invalid');

export const campaignSourceSchema = z.literal(CAMPAIGN_SOURCES, {
  error: (issue) => (issue.input == null ? 'required' : 'invalid-campaign-source'),
});

export const shortLinkSiteSchema = z.enum(SHORT_LINK_SITES, {
  error: (issue) => (issue.input == null ? 'required' : 'short-link-target-invalid'),
});

export const shortLinkPathSchema = textSchema((issue) =>
  issue.input == null ? 'required' : 'short-link-target-invalid',
)
  .trim()
  .min(1, 'required')
  .superRefine((path, ctx) => {
    const problem = shortLinkTargetProblem(path);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An optional label ("Ramadan offer"): empty is none. */
export const shortLinkLabelSchema = textSchema()
  .trim()
  .max(SHORT_LINK_LABEL_MAX_LENGTH, 'short-link-label-too-long')
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** What a campaign is when it travels: the link's name and its source code (either may lack). */
export interface Campaign {
  name?: string | undefined;
  source?: CampaignSource | undefined;
}

/** The query words that carry a campaign from the short link to the sites. */
export const CAMPAIGN_QUERY = { name: 'campaign', source: 'source' } as const;

const NAME_TEXT_MAX = SHORT_LINK_NAME_MAX_LENGTH;

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
    if (word.length <= NAME_TEXT_MAX && NAME_PATTERN.test(word)) campaign.name = word;
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

/**
 * The optional `campaign` of a sign-up body (POST /user/, POST /auth/google, POST /invite/accept):
 * whatever arrives, a malformed campaign becomes absent rather than refusing the sign-up.
 */
export const signUpCampaignSchema = z
  .object({
    name: z.string().max(200).optional(),
    source: z.string().max(20).optional(),
  })
  .optional()
  .catch(undefined);
