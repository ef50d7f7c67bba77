/**
 * Contact requests (spec sections 4, 5 and 7): the `/contact` form's body, the admins' list query
 * and the handled flag, as zod schemas whose failures carry catalogue codes.
 */
import { z } from 'zod';
import { contactRequestSchema, emailSchema, pageQuerySchema } from '../validation';
import { queryFlag } from '../payments/fields';

/**
 * POST /contact-request/: the spec's title and message, plus a reply address. The e-mail is
 * optional in the schema because a signed-in caller is answered at their account's address; a
 * signed-out one must give it (the server answers `required` on `email`; record 300).
 */
export const contactRequestBodySchema = contactRequestSchema.extend({
  email: emailSchema.optional(),
});
export type ContactRequestBody = z.input<typeof contactRequestBodySchema>;

/** The marketing site's form: its visitors are signed out, so the reply address is required. */
export const contactVisitorFormSchema = contactRequestSchema.extend({ email: emailSchema });
export type ContactVisitorForm = z.input<typeof contactVisitorFormSchema>;

/** GET /contact-request/list (admins): newest first; `handled=false` for the open ones only. */
export const contactRequestListQuerySchema = pageQuerySchema.extend({ handled: queryFlag() });
export type ContactRequestListQuery = z.input<typeof contactRequestListQuerySchema>;

/** PUT /contact-request/{id} (admins): mark a request handled, or open again. */
export const contactRequestUpdateBodySchema = z.object({
  handled: z.boolean({ error: 'invalid-type' }),
});
export type ContactRequestUpdateBody = z.input<typeof contactRequestUpdateBodySchema>;
