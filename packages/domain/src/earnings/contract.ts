/**
 * Tutor earnings and withdrawal requests (issue 22; spec section 7 "Invoice" and the receipts of
 * "Assets"; decisions 318-320). A tutor asks for a withdrawal (POST /invoice), follows it
 * (GET /invoice, GET /invoice/stats/{id}) and asks to cancel or change it; an admin processes it
 * (PUT /invoice/{id}/with/asset, a receipt image with a fulfilled one). `GET /invoice/ledger` is
 * ours: the entries behind the balance.
 */
import { z } from 'zod';
import { ADMIN_ROLES, admins, rolesOnly } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { instantSchema } from '../contract/query-fields';
import { BANKS, Role, WITHDRAW_METHODS } from '../enums';
import { idField, piastersField } from '../payments/fields';
import { INVOICE_LABELS, INVOICE_STATUSES } from '../statuses';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  idParamsSchema,
  SETTABLE_WITHDRAW_LIMITS,
  withdrawalRequestSchema,
} from '../validation';
import { assetParamsSchema } from '../assets/contract';
import { LEDGER_ENTRY_KINDS } from './rules';
import { INVOICE_RECEIPT_FIELD, invoiceListQuerySchema, ledgerQuerySchema } from './validation';

/** Tutors (their own money) and admins (everyone's). */
export const tutorsAndAdmins = rolesOnly(Role.Tutor, ...ADMIN_ROLES);

/** The receiver fields of a request, by method (the others are null). */
const receiverFields = {
  method: z.literal(WITHDRAW_METHODS),
  /** Who receives the money, as the admin's list shows it (phone, holder's name or address). */
  receiver: z.string().nullable(),
  bank: z.literal(BANKS).nullable(),
  /** E.164; for wallet transfers. */
  phone: z.string().nullable(),
  accountNumber: z.string().nullable(),
  /** The account holder's name; for bank transfers. */
  username: z.string().nullable(),
  instapayAddress: z.string().nullable(),
};

/** A change the tutor asked for and no admin has approved or declined yet. */
export const invoiceChangeSchema = z.object({ amount: piastersField, ...receiverFields });
export type InvoiceChange = z.output<typeof invoiceChangeSchema>;

/** Spec Invoice / withdrawal request, with its label and the tutor's name. */
export const invoiceViewSchema = z.object({
  id: idField,
  userId: idField,
  /** The tutor's name, for the admin's list. */
  userName: z.string(),
  amount: piastersField,
  ...receiverFields,
  status: z.literal(INVOICE_STATUSES),
  label: z.literal(INVOICE_LABELS),
  adminNote: z.string().nullable(),
  /** The transfer receipt, served from /assets/receipts/{name} to the tutor and admins. */
  receiptImage: z.string().nullable(),
  /** The admin who last handled the request. */
  addressedBy: idField.nullable(),
  requestedChange: invoiceChangeSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type InvoiceView = z.output<typeof invoiceViewSchema>;
export const invoicePageSchema = pageSchema(invoiceViewSchema);
export type InvoicePage = z.output<typeof invoicePageSchema>;

/** A tutor's totals in piasters: available = earned - withdrawn - pending. */
export const earningTotalsSchema = z.object({
  tutorId: idField,
  earned: piastersField,
  withdrawn: piastersField,
  pending: piastersField,
  available: piastersField,
});
export type EarningTotalsView = z.output<typeof earningTotalsSchema>;

/** One ledger entry: + credits (lessons, released withdrawals), - debits. */
export const ledgerEntrySchema = z.object({
  id: idField,
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amount: z.number().int(),
  lessonId: idField.nullable(),
  /** The lesson's start, for the ledger's line. */
  lessonStart: instantSchema.nullable(),
  lessonMinutes: z.number().int().nullable(),
  invoiceId: idField.nullable(),
  createdAt: instantSchema,
});
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;
export const ledgerPageSchema = pageSchema(ledgerEntrySchema);
export type LedgerPage = z.output<typeof ledgerPageSchema>;

/** The realtime `InvoiceDeleted` payload. */
export const invoiceDeletedEventSchema = z.object({ id: idField, userId: idField });

export const invoiceEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/invoice',
    summary: 'A tutor asks to withdraw part of the available balance',
    description:
      "Instapay, bank or wallet with its receiver fields; within the platform settings' " +
      'withdrawal bounds (100 to 50,000 EGP by default) and at most the available balance. The ' +
      'amount is held at once; processing takes 4-5 business days.',
    access: rolesOnly(Role.Tutor),
    body: withdrawalRequestSchema(SETTABLE_WITHDRAW_LIMITS),
    responses: { 201: invoiceViewSchema },
    errors: [
      'invalid-invoice-method',
      'invoice-amount-below-min',
      'invoice-amount-above-max',
      'invoice-amount-above-balance',
      'invalid-instapay-address',
      'bank-name-empty',
      'invalid-bank-name',
      'invalid-account-number',
      'invalid-phone',
    ],
  }),
  list: endpoint({
    method: 'GET',
    path: '/invoice',
    summary: 'Withdrawal requests: a tutor’s own, everyone’s for admins (filters, pages)',
    access: tutorsAndAdmins,
    query: invoiceListQuerySchema,
    responses: { 200: invoicePageSchema },
    errors: ['forbidden'],
  }),
  stats: endpoint({
    method: 'GET',
    path: '/invoice/stats/:id',
    summary: 'A tutor’s totals: earned, withdrawn, pending and available (own; admins any)',
    access: tutorsAndAdmins,
    params: idParamsSchema,
    responses: { 200: earningTotalsSchema },
    errors: ['forbidden', 'tutor-not-found'],
  }),
  ledger: endpoint({
    method: 'GET',
    path: '/invoice/ledger',
    summary: 'A tutor’s ledger entries, newest first (own; admins name the tutor; extension)',
    access: tutorsAndAdmins,
    query: ledgerQuerySchema,
    responses: { 200: ledgerPageSchema },
    errors: ['forbidden'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/invoice/:id/with/asset',
    summary: 'The tutor asks to cancel or change a request; an admin processes it',
    description:
      'Multipart: `data` holds the JSON action (`invoiceUpdateSchema`); `receipt` the transfer ' +
      'receipt image, required to fulfil. Cancel and change approvals only before any transfer.',
    access: tutorsAndAdmins,
    params: idParamsSchema,
    upload: {
      field: INVOICE_RECEIPT_FIELD,
      accept: Object.keys(IMAGE_MIME_TYPES),
      maxBytes: IMAGE_MAX_BYTES,
    },
    responses: { 200: invoiceViewSchema },
    errors: [
      'invoice-not-found',
      'illegal-invoice-update',
      'invoice-amount-above-balance',
      'empty-request',
      'large-file-size',
      'invalid-image-type',
    ],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/invoice/:id',
    summary: 'An admin deletes a canceled or rejected request (extension)',
    description:
      'It leaves every list (the ledger keeps its entries) and `InvoiceDeleted` goes to its ' +
      'tutor and to AdminInvoices. A request already deleted answers 204 again.',
    access: admins,
    params: idParamsSchema,
    responses: { 204: noContent },
    errors: ['invoice-not-found', 'illegal-invoice-update'],
  }),
  receipt: endpoint({
    method: 'GET',
    path: '/assets/receipts/:name',
    summary: 'A withdrawal’s transfer receipt, as its bytes (its tutor and admins only)',
    access: tutorsAndAdmins,
    params: assetParamsSchema,
    responses: { 200: z.file().meta({ description: 'The receipt image' }) },
    errors: ['asset-not-found'],
  }),
};
