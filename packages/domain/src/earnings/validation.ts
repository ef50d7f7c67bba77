/**
 * Withdrawal requests (issue 22): the list's filters and the one update body of
 * PUT /invoice/{id}/with/asset, by which the tutor asks to cancel or change a pending request and
 * an admin processes it (docs/decisions/319-invoice-processing.md). The request itself is
 * `withdrawalRequestSchema` (../validation/withdrawals.ts).
 */
import { z } from 'zod';
import { WITHDRAW_METHODS } from '../enums';
import { INVOICE_STATUSES } from '../statuses';
import {
  pageQuerySchema,
  SETTABLE_WITHDRAW_LIMITS,
  withdrawalRequestSchema,
  invoiceNoteSchema,
} from '../validation';
import { optionalQuery, queryId } from '../contract/query-fields';
import { queryInstant } from '../payments/fields';

const queryNumber = <T extends number>(values: readonly T[]) =>
  optionalQuery(
    z.coerce.number({ error: 'invalid-type' }).pipe(z.literal(values, { error: 'invalid-type' })),
  );

/**
 * GET /invoice: a tutor's own requests (a `tutorId` other than theirs is `forbidden`); admins see
 * everyone's. `from` is inclusive, `to` exclusive, on the request's creation.
 */
export const invoiceListQuerySchema = pageQuerySchema.extend({
  status: queryNumber(INVOICE_STATUSES),
  method: queryNumber(WITHDRAW_METHODS),
  tutorId: queryId(),
  from: queryInstant(),
  to: queryInstant(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;
export type InvoiceListFilters = z.output<typeof invoiceListQuerySchema>;

/** GET /invoice/ledger: one tutor's ledger entries, newest first (admins name the tutor). */
export const ledgerQuerySchema = pageQuerySchema.extend({ tutorId: queryId() });
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;

/** An admin's note sent with an action: absent leaves the note as it is. */
const actionNote = { note: invoiceNoteSchema.optional() };

/** What the tutor may do to their own pending request. */
export const TUTOR_INVOICE_ACTIONS = ['request-cancel', 'request-update'] as const;
/** What an admin may do to a request. */
export const ADMIN_INVOICE_ACTIONS = [
  'fulfil',
  'reject',
  'cancel',
  'approve-cancel',
  'approve-update',
  'decline-update',
  'note',
] as const;
export type InvoiceAction =
  (typeof TUTOR_INVOICE_ACTIONS)[number] | (typeof ADMIN_INVOICE_ACTIONS)[number];

/**
 * The update body, sent as the multipart field `data` (JSON) beside an optional `receipt` image:
 * - tutor: `request-cancel`; `request-update` with the changed request (amount, method, receiver);
 * - admin: `fulfil` (the receipt image is required: the transfer is made), `reject`, `cancel`,
 *   `approve-cancel`, `approve-update`, `decline-update`, each with an optional note; `note` sets
 *   the note, or removes it with `null`.
 */
export const invoiceUpdateSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('request-cancel') }),
    z.object({
      action: z.literal('request-update'),
      change: withdrawalRequestSchema(SETTABLE_WITHDRAW_LIMITS),
    }),
    z.object({ action: z.literal('fulfil'), ...actionNote }),
    z.object({ action: z.literal('reject'), ...actionNote }),
    z.object({ action: z.literal('cancel'), ...actionNote }),
    z.object({ action: z.literal('approve-cancel'), ...actionNote }),
    z.object({ action: z.literal('approve-update'), ...actionNote }),
    z.object({ action: z.literal('decline-update'), ...actionNote }),
    z.object({ action: z.literal('note'), note: invoiceNoteSchema.nullable() }),
  ],
  { error: 'invalid-type' },
);
export type InvoiceUpdate = z.input<typeof invoiceUpdateSchema>;
export type InvoiceUpdateData = z.output<typeof invoiceUpdateSchema>;
export type WithdrawalRequest = z.output<ReturnType<typeof withdrawalRequestSchema>>;
export type WithdrawalRequestInput = z.input<ReturnType<typeof withdrawalRequestSchema>>;

/** The multipart field that carries the update's JSON, and the receipt image's field. */
export const INVOICE_UPDATE_DATA_FIELD = 'data';
export const INVOICE_RECEIPT_FIELD = 'receipt';
