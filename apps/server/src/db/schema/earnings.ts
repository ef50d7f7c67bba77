import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  Bank,
  InvoiceChange,
  InvoiceStatus,
  LedgerEntryKind,
  WithdrawMethod,
} from '@talaqa/domain';
import { lessons } from './lessons';
import { timestamps, users } from './users';

/**
 * Spec Invoice / withdrawal request (issue 22; decisions 319, 320). The amount is held against the
 * tutor's balance from the moment it is asked for; `requested_change` is a change the tutor asked
 * for and no admin has approved or declined yet. `updated_by_receiver` and
 * `cancellation_requested` tell its label (`invoiceLabel`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    method: smallint('method').$type<WithdrawMethod>().notNull(),
    receiver: text('receiver'),
    bank: text('bank').$type<Bank>(),
    /** Piasters. */
    amount: integer('amount').notNull(),
    status: smallint('status').$type<InvoiceStatus>().notNull().default(0),
    adminNote: text('admin_note'),
    receiptImage: text('receipt_image'),
    addressedBy: integer('addressed_by').references(() => users.id, { onDelete: 'set null' }),
    phone: text('phone'),
    accountNumber: text('account_number'),
    username: text('username'),
    instapayAddress: text('instapay_address'),
    updatedByReceiver: boolean('updated_by_receiver').notNull().default(false),
    cancellationRequested: boolean('cancellation_requested').notNull().default(false),
    requestedChange: jsonb('requested_change').$type<InvoiceChange>(),
    /**
     * Set when an admin deleted the request (decision 337): it leaves every list and answers
     * `invoice-not-found`, while the ledger entries that held and released its amount still
     * point at the row (the ledger is append-only).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('invoices_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('invoices_created_idx').on(t.createdAt.desc(), t.id.desc()),
    uniqueIndex('invoices_receipt_key').on(t.receiptImage),
    check('invoices_amount_check', sql`${t.amount} > 0`),
    check('invoices_status_check', sql`${t.status} between 0 and 4`),
    check('invoices_method_check', sql`${t.method} between 0 and 2`),
    // A fulfilled (Approved) request always has its receipt.
    check('invoices_receipt_check', sql`${t.status} <> 3 or ${t.receiptImage} is not null`),
    // Only a request that holds no money and moved none (Canceled, Rejected) is ever deleted.
    check('invoices_deleted_check', sql`${t.deletedAt} is null or ${t.status} in (2, 4)`),
  ],
);

/**
 * A tutor's running totals (decision 320), in piasters, updated in the same transaction as every
 * ledger entry. A withdrawal is held by one guarded update of this row
 * (`... where earned - withdrawn - pending >= amount`): the row lock orders concurrent requests
 * and each re-reads the row it waited for, so the held and paid sum never passes what was earned.
 */
export const tutorBalances = pgTable(
  'tutor_balances',
  {
    tutorId: integer('tutor_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    withdrawn: bigint('withdrawn', { mode: 'number' }).notNull().default(0),
    pending: bigint('pending', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tutor_balances_withdrawn_check', sql`${t.withdrawn} >= 0`),
    check('tutor_balances_pending_check', sql`${t.pending} >= 0`),
  ],
);

/**
 * The append-only earnings ledger (decision 318): a fulfilled lesson's credit (once per lesson),
 * its reversal (once), and each hold and release of a withdrawal. Entries are never updated or
 * deleted (a trigger refuses it); their sum is the tutor's available balance.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<LedgerEntryKind>().notNull(),
    /** Piasters: + credit, - debit. */
    amount: integer('amount').notNull(),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_entries_tutor_idx').on(t.tutorId, t.id.desc()),
    // A lesson is credited once and reversed at most once, whoever retries.
    uniqueIndex('ledger_entries_lesson_kind_key')
      .on(t.lessonId, t.kind)
      .where(sql`${t.lessonId} is not null`),
    index('ledger_entries_invoice_idx').on(t.invoiceId),
    check(
      'ledger_entries_kind_check',
      sql`(${t.kind} in ('lesson', 'lesson-reversal') and ${t.lessonId} is not null and ${t.invoiceId} is null)
        or (${t.kind} in ('withdrawal', 'withdrawal-release') and ${t.invoiceId} is not null and ${t.lessonId} is null)`,
    ),
    check(
      'ledger_entries_sign_check',
      sql`(${t.kind} in ('lesson', 'withdrawal-release') and ${t.amount} >= 0)
        or (${t.kind} in ('lesson-reversal', 'withdrawal') and ${t.amount} <= 0)`,
    ),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type TutorBalanceRow = typeof tutorBalances.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
