/**
 * Short links and campaigns (issue 23 item 9, docs/decisions/351-short-links.md): the rules of a
 * link's name and target, shared by the admin's form and the server, and how a campaign travels
 * from the marketing site to a sign-up (`?campaign=<name>&source=<code>`).
 */
import { z } from 'zod';
import { CAMPAIGN_SOURCES } from '../enums';
import { textSchema } from '../validation';
import {
  SHORT_LINK_NAME_MAX_LENGTH,
  SHORT_LINK_NAME_MIN_LENGTH,
  SHORT_LINK_NAME_PATTERN,
} from './campaign';

export const SHORT_LINK_LABEL_MAX_LENGTH = 100;
export const SHORT_LINK_TARGET_MAX_LENGTH = 200;

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
  if (
    pathname.includes('//') ||
    pathname.split('/').some((part) => part === '..' || part === '.')
  ) {
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
  .regex(SHORT_LINK_NAME_PATTERN, 'short-link-name-invalid');

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
