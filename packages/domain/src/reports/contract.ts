/**
 * Problem reports (spec section 7, issue 23 item 6; docs/decisions/348-problem-reports.md): a
 * signed-in user sends a description with a screenshot of the page and the client's log lines
 * (POST /report/with/asset); admins list them (GET /report/list), resolve or reopen them with a
 * note (PUT /report) and open their files (GET /assets/reports/{name}, ours).
 */
import { z } from 'zod';
import { admins, signedIn } from '../access';
import { assetParamsSchema } from '../assets/contract';
import { endpoint } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { instantSchema } from '../contract/query-fields';
import { idField } from '../payments/fields';
import {
  REPORT_FORM_FIELDS,
  REPORT_SCREENSHOT_MAX_BYTES,
  REPORT_SCREENSHOT_TYPES,
  REPORT_STATUSES,
  reportListQuerySchema,
  reportUpdateBodySchema,
} from './validation';

/** A report as its sender is answered and as admins read it. */
export const reportViewSchema = z.object({
  id: idField,
  /** The sender (null once their account is deleted). */
  user: z.object({ id: idField, name: z.string(), role: z.number().int() }).nullable(),
  description: z.string(),
  /** The page the report was sent from, and the browser's user agent. */
  url: z.string(),
  userAgent: z.string(),
  /** Stored file names, opened through `API.reports.file`; null when none was sent. */
  screenshot: z.string().nullable(),
  screenshotBytes: z.number().int(),
  log: z.string().nullable(),
  /** The log file's own name, as the client's logger made it (`2026-11-27-8392.txt`). */
  logName: z.string().nullable(),
  logBytes: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  resolvedBy: idField.nullable(),
  resolvedAt: instantSchema.nullable(),
  note: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type ReportView = z.output<typeof reportViewSchema>;
export const reportPageSchema = pageSchema(reportViewSchema);
export type ReportPage = z.output<typeof reportPageSchema>;

export const reportEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/report/with/asset',
    summary: 'Reports a problem with a screenshot and the log lines of the app (signed in)',
    description:
      `Multipart: \`${REPORT_FORM_FIELDS.description}\`, \`${REPORT_FORM_FIELDS.url}\`, ` +
      `\`${REPORT_FORM_FIELDS.userAgent}\`, the optional \`${REPORT_FORM_FIELDS.screenshot}\` ` +
      `(PNG or JPEG, 5 MiB) and \`${REPORT_FORM_FIELDS.log}\` (text, 1 MiB). A few per hour.`,
    access: signedIn,
    upload: {
      field: REPORT_FORM_FIELDS.screenshot,
      accept: REPORT_SCREENSHOT_TYPES,
      maxBytes: REPORT_SCREENSHOT_MAX_BYTES,
    },
    responses: { 201: reportViewSchema },
    errors: ['empty-request', 'large-file-size', 'too-many-requests'],
  }),
  list: endpoint({
    method: 'GET',
    path: '/report/list',
    summary: 'Problem reports, newest first, by status (admins)',
    access: admins,
    query: reportListQuerySchema,
    responses: { 200: reportPageSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/report',
    summary: 'Resolves or reopens a problem report, with a note (admins)',
    access: admins,
    body: reportUpdateBodySchema,
    responses: { 200: reportViewSchema },
    errors: ['report-not-found'],
  }),
  file: endpoint({
    method: 'GET',
    path: '/assets/reports/:name',
    summary: 'A problem report’s screenshot or log file, as its bytes (admins; extension)',
    access: admins,
    params: assetParamsSchema,
    responses: { 200: z.file().meta({ description: 'The screenshot image or the log text' }) },
    errors: ['asset-not-found'],
  }),
};
