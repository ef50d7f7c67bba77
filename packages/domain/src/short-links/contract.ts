/**
 * Short links and campaigns (issue 23 item 9; our extensions, docs/decisions/351-short-links.md):
 * admins keep the links (`POST /short-link`, `PATCH`/`DELETE /short-link/{id}`) and read the
 * table of clicks, sign-ups and payments per link and per source (`GET /short-link/report`);
 * the marketing site's `/url/{name}` opens a link (`POST /short-link/open/{name}`), which counts
 * the click and answers where to go with the campaign.
 */
import { z } from 'zod';
import { admins, anyone } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { instantSchema } from '../contract/query-fields';
import { CAMPAIGN_SOURCES } from '../enums';
import { idField, queryInstant } from '../payments/fields';
import { idParamsSchema, textSchema } from '../validation';
import { SHORT_LINK_NAME_MAX_LENGTH } from './campaign';
import {
  SHORT_LINK_SITES,
  campaignSourceSchema,
  shortLinkLabelSchema,
  shortLinkNameSchema,
  shortLinkPathSchema,
  shortLinkSiteSchema,
} from './rules';

export const shortLinkViewSchema = z.object({
  id: idField,
  name: z.string(),
  source: z.literal(CAMPAIGN_SOURCES),
  label: z.string().nullable(),
  site: z.enum(SHORT_LINK_SITES),
  path: z.string(),
  active: z.boolean(),
  createdBy: z.number().int().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type ShortLink = z.output<typeof shortLinkViewSchema>;

/** POST /short-link: the name and source are fixed once made (they are in printed links). */
export const shortLinkCreateBodySchema = z.object({
  name: shortLinkNameSchema,
  source: campaignSourceSchema,
  label: shortLinkLabelSchema.optional(),
  site: shortLinkSiteSchema,
  path: shortLinkPathSchema,
  active: z.boolean({ error: 'invalid-type' }).optional(),
});
export type ShortLinkCreateBody = z.input<typeof shortLinkCreateBodySchema>;

/** PATCH /short-link/{id}: the target, the label and whether it works. */
export const shortLinkUpdateBodySchema = z
  .object({
    label: shortLinkLabelSchema.optional(),
    site: shortLinkSiteSchema.optional(),
    path: shortLinkPathSchema.optional(),
    active: z.boolean({ error: 'invalid-type' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'empty-request',
  });
export type ShortLinkUpdateBody = z.input<typeof shortLinkUpdateBodySchema>;

/** Where an opened link sends its visitor: our site, its path, and the campaign to keep. */
export const shortLinkTargetSchema = z.object({
  name: z.string(),
  source: z.literal(CAMPAIGN_SOURCES),
  site: z.enum(SHORT_LINK_SITES),
  path: z.string(),
});
export type ShortLinkTarget = z.output<typeof shortLinkTargetSchema>;

export const shortLinkNameParamsSchema = z.object({
  name: textSchema()
    .trim()
    .toLowerCase()
    .max(SHORT_LINK_NAME_MAX_LENGTH * 2, 'short-link-name-invalid'),
});

/** GET /short-link/report: a [from, to) window (the admin's Cairo days); absent: all time. */
export const shortLinkReportQuerySchema = z.object({ from: queryInstant(), to: queryInstant() });
export type ShortLinkReportQuery = z.input<typeof shortLinkReportQuerySchema>;

/** The figures of a link or a source over the window. Revenue in piasters, net of refunds. */
const figuresFields = {
  clicks: z.number().int(),
  signUps: z.number().int(),
  /** Students who came through it and paid at least once in the window. */
  payers: z.number().int(),
  payments: z.number().int(),
  revenue: z.number().int(),
};

export const shortLinkRowSchema = shortLinkViewSchema.extend(figuresFields);
export type ShortLinkRow = z.output<typeof shortLinkRowSchema>;

export const campaignSourceRowSchema = z.object({
  source: z.literal(CAMPAIGN_SOURCES),
  ...figuresFields,
});
export type CampaignSourceRow = z.output<typeof campaignSourceRowSchema>;

export const shortLinkReportSchema = z.object({
  /** Every link, newest first, with its figures over the window. */
  links: z.array(shortLinkRowSchema),
  /** Every source code in the spec's order; sign-ups that came with a source but no link count. */
  sources: z.array(campaignSourceRowSchema),
});
export type ShortLinkReport = z.output<typeof shortLinkReportSchema>;

export const shortLinkEndpoints = {
  report: endpoint({
    method: 'GET',
    path: '/short-link/report',
    summary: 'Every short link with its clicks, sign-ups and payments, and totals per source',
    access: admins,
    query: shortLinkReportQuerySchema,
    responses: { 200: shortLinkReportSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/short-link',
    summary: 'Makes a short link: /url/{name} on the marketing site (admins)',
    access: admins,
    body: shortLinkCreateBodySchema,
    responses: { 201: shortLinkViewSchema },
    errors: ['short-link-exists'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/short-link/:id',
    summary: "Changes a short link's target, label or whether it works (admins)",
    access: admins,
    params: idParamsSchema,
    body: shortLinkUpdateBodySchema,
    responses: { 200: shortLinkViewSchema },
    errors: ['short-link-not-found'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/short-link/:id',
    summary: 'Deletes a short link; sign-ups keep their source (admins)',
    access: admins,
    params: idParamsSchema,
    responses: { 204: noContent },
    errors: ['short-link-not-found'],
  }),
  open: endpoint({
    method: 'POST',
    path: '/short-link/open/:name',
    summary: 'Opens a short link: counts the click and answers where to go with the campaign',
    access: anyone,
    params: shortLinkNameParamsSchema,
    responses: { 200: shortLinkTargetSchema },
    errors: ['short-link-not-found', 'too-many-requests'],
  }),
};
