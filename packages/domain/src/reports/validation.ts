/**
 * Problem reports (issue 23 item 6; docs/decisions/348-problem-reports.md): the rules of the
 * "report a problem" form, shared by the main app's dialog and the server. The form is sent as
 * multipart (POST /report/with/asset): the text fields below beside a screenshot image and the
 * client's log file.
 */
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../validation/files';
import { boundedText, optionalText, text } from '../validation/blocks';
import { pageQuerySchema } from '../validation/paging';
import { queryWord } from '../contract/query-fields';

export const REPORT_DESCRIPTION_MIN_LENGTH = 5;
export const REPORT_DESCRIPTION_MAX_LENGTH = 2000;
export const REPORT_NOTE_MAX_LENGTH = 1000;
/** The page address and the browser's user agent are cut to this many characters. */
export const REPORT_URL_MAX_LENGTH = 2000;
export const REPORT_USER_AGENT_MAX_LENGTH = 500;
/** A screenshot: PNG or JPEG (by its bytes), at most the images' 5 MiB. */
export const REPORT_SCREENSHOT_MAX_BYTES = IMAGE_MAX_BYTES;
export const REPORT_SCREENSHOT_TYPES = ['image/png', 'image/jpeg'] as const;
/** The client's log file (text). */
export const REPORT_LOG_MAX_BYTES = 1024 * 1024;
/** Reports one account may send in an hour (each try counts, refused or not). */
export const REPORTS_PER_HOUR = 5;

/** The multipart form's part names. */
export const REPORT_FORM_FIELDS = {
  description: 'description',
  url: 'url',
  userAgent: 'userAgent',
  screenshot: 'screenshot',
  log: 'log',
} as const;

/** Stored: open until an admin resolves it; an admin may reopen it. */
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * The log file's name, as the client's logger makes it (spec section 8): the date and a random
 * number, `2026-11-27-83920412.txt`.
 */
export const REPORT_LOG_NAME_PATTERN = /^\d{4}-\d{2}-\d{2}-[0-9a-z]{1,24}\.txt$/;

export const reportDescriptionSchema = boundedText({
  min: REPORT_DESCRIPTION_MIN_LENGTH,
  max: REPORT_DESCRIPTION_MAX_LENGTH,
  tooShort: 'report-description-too-short',
  tooLong: 'report-description-too-long',
});

/** The dialog's form (the screenshot and the log are attached by the app, not typed). */
export const reportFormSchema = z.object({ description: reportDescriptionSchema });
export type ReportForm = z.input<typeof reportFormSchema>;

/**
 * The text parts of POST /report/with/asset, as the server reads them: the description by its
 * rule; the page address and user agent are information only, cut to their bounds.
 */
export const reportFieldsSchema = z.object({
  description: reportDescriptionSchema,
  url: text()
    .trim()
    .transform((value) => value.slice(0, REPORT_URL_MAX_LENGTH))
    .default(''),
  userAgent: text()
    .trim()
    .transform((value) => value.slice(0, REPORT_USER_AGENT_MAX_LENGTH))
    .default(''),
});
export type ReportFields = z.output<typeof reportFieldsSchema>;

/** GET /report/list (admins): newest first, by status. */
export const reportListQuerySchema = pageQuerySchema.extend({
  status: queryWord(REPORT_STATUSES),
});
export type ReportListQuery = z.input<typeof reportListQuerySchema>;

/** PUT /report (admins): resolve or reopen a report, with a note (kept when absent). */
export const reportUpdateBodySchema = z.object({
  id: z.number({ error: 'invalid-type' }).int('invalid-type').min(1, 'invalid-type'),
  status: z.enum(REPORT_STATUSES, { error: 'invalid-type' }),
  note: optionalText(text().trim().max(REPORT_NOTE_MAX_LENGTH, 'report-note-too-long')),
});
export type ReportUpdateBody = z.input<typeof reportUpdateBodySchema>;
