import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './users';

/**
 * Plans, invites, coupons, transactions, subscriptions and the provider notifications log.
 * Money columns are whole piasters (integer). The rules that keep money from being lost, doubled or
 * given away are in the database: one transaction per (user, idempotency key), one subscription per
 * paid transaction, refunds never above the amount, and no two live subscriptions of one student
 * overlapping in time.
 */

/** Spec Plan. The full price per period is computed (`fullPeriodPrices`), never stored. */
export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    weeklyMinutes: integer('weekly_minutes').notNull(),
    baseMonthPrice: integer('base_month_price').notNull(),
    monthDiscount: smallint('month_discount').notNull().default(0),
    quarterDiscount: smallint('quarter_discount').notNull().default(0),
    yearDiscount: smallint('year_discount').notNull().default(0),
    active: boolean('active').notNull().default(true),
    forInvitesOnly: boolean('for_invites_only').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check(
      'plans_weekly_minutes_check',
      sql`${t.weeklyMinutes} > 0 and ${t.weeklyMinutes} <= 10080`,
    ),
    check('plans_price_check', sql`${t.baseMonthPrice} >= 0`),
    check(
      'plans_discounts_check',
      sql`${t.monthDiscount} between 0 and 100 and ${t.quarterDiscount} between 0 and 100 and ${t.yearDiscount} between 0 and 100`,
    ),
  ],
);

/** A for-invites-only plan is offered to the invited students only. */
export const planInvites = pgTable(
  'plan_invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('plan_invites_user_plan_key').on(t.userId, t.planId)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case; unique whatever the case it is typed in. */
    code: text('code').notNull(),
    /** Whole percents, 1-100. */
    discount: smallint('discount').notNull(),
    expireDate: timestamp('expire_date', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`upper(${t.code})`),
    check('coupons_discount_check', sql`${t.discount} between 1 and 100`),
  ],
);

export const PAYMENT_PROVIDER_NAMES = ['fawry', 'paymob'] as const;

/**
 * One attempt to pay for a plan period. `status` is the spec's TransactionStatus (New 0 ... Processed
 * 7), `method` its PaymentMethod (Card 0, EWallet 1, BankInstallment 2, Fawry 3). The amounts are
 * what `pricePlanPurchase` gave when the checkout started, kept as they were charged.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'restrict' }),
    period: smallint('period'),
    method: smallint('method').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDER_NAMES }).notNull(),
    status: smallint('status').notNull().default(0),
    /** What the student pays (after the period discount and the coupon). */
    amount: integer('amount').notNull(),
    listPrice: integer('list_price').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    couponDiscount: integer('coupon_discount').notNull().default(0),
    installments: smallint('installments'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** Chosen by the browser per checkout; the same key gives back the same transaction. */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * What the providers know the order by (Fawry's merchantRefNum, Paymob's special_reference):
     * unique for ever, never the row id (see modules/payments/references.ts). Orders made before
     * issue 16 keep their row id here, as sent then.
     */
    orderReference: text('order_reference')
      .notNull()
      // Rows written other than by a checkout (seeds, tests, scripts) get one too: digit 4.
      .default(
        sql`'4' || lpad((floor(extract(epoch from clock_timestamp()) * 1000))::bigint::text, 13, '0') || lpad((floor(random() * 100000))::int::text, 5, '0')`,
      ),
    /** The provider's id of this payment (Fawry reference number, Paymob transaction id). */
    providerReference: text('provider_reference'),
    /** The number a student pays at a Fawry outlet (reference-number method). */
    referenceNumber: text('reference_number'),
    /** An unpaid order stops being payable then (reference number, wallet, 3-D Secure). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** What the browser does next (redirect URL, reference number...), replayed for the same key. */
    nextStep: jsonb('next_step'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The server process (its random instance key) whose request is asking the provider for this
     * order's next step; a retry with the same key takes the order over when that process is gone.
     */
    attemptBy: integer('attempt_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('transactions_user_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('transactions_order_reference_key').on(t.orderReference),
    // One open (New) order per student: a second checkout while one is open is refused, and two
    // sent at the same moment cannot both be inserted.
    uniqueIndex('transactions_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 0`),
    uniqueIndex('transactions_provider_reference_key')
      .on(t.provider, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    index('transactions_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 0`),
    check('transactions_status_check', sql`${t.status} between 0 and 7`),
    check('transactions_method_check', sql`${t.method} between 0 and 3`),
    check('transactions_period_check', sql`${t.period} is null or ${t.period} between 0 and 3`),
    check(
      'transactions_amounts_check',
      sql`${t.amount} >= 0 and ${t.listPrice} >= ${t.amount} and ${t.couponDiscount} >= 0 and ${t.refundedAmount} between 0 and ${t.amount}`,
    ),
    check(
      'transactions_installments_check',
      sql`${t.installments} is null or ${t.installments} between 2 and 4`,
    ),
  ],
);

/**
 * A refund asked of a provider (issue 16). `state`: `requested` while the call runs, `done` once
 * the provider refunded, `refused` when it said no (the reservation on refunded_amount is given
 * back), `in-doubt` when no readable answer came (timeout, garbage): the amount stays reserved
 * until the provider's status or notification settles it. At most one refund of a transaction is
 * open (requested or in doubt) at a time: `refunds_one_open_per_transaction`, so no second refund
 * can be sent while one may have moved money, even by requests racing each other.
 */
/** As `RefundState` of @talaqa/domain (the schema does not import the domain package). */
export const REFUND_STATES = ['requested', 'done', 'refused', 'in-doubt'] as const;

export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    /** transactions.refunded_amount before this refund was reserved (what the provider had). */
    refundedBefore: integer('refunded_before').notNull(),
    state: text('state', { enum: REFUND_STATES }).notNull().default('requested'),
    /** Who asked: an admin, or the automatic refund of a payment that gave no minutes. */
    origin: text('origin', { enum: ['admin', 'conflict', 'late'] }).notNull(),
    reason: text('reason').notNull(),
    /** The last thing the provider said (or did not), for support. */
    lastError: text('last_error'),
    /**
     * The provider's id of the refund itself, when it gives one (Paymob's refund transaction id):
     * a late callback of a refund already counted is known by it and settles nothing else.
     */
    providerRefundId: text('provider_refund_id'),
    /** Status questions asked about it while in doubt. */
    checks: integer('checks').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * The admin who settled it by hand (POST /tx/{id}/refund/settle) after checking the
     * provider's dashboard, and what they saw; null when the provider's word settled it.
     */
    settledBy: integer('settled_by').references(() => users.id, { onDelete: 'set null' }),
    settleNote: text('settle_note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refunds_one_open_per_transaction')
      .on(t.transactionId)
      .where(sql`${t.state} in ('requested', 'in-doubt')`),
    index('refunds_transaction_idx').on(t.transactionId),
    uniqueIndex('refunds_provider_refund_id_key')
      .on(t.transactionId, t.providerRefundId)
      .where(sql`${t.providerRefundId} is not null`),
    check('refunds_amount_check', sql`${t.amount} > 0 and ${t.refundedBefore} >= 0`),
    check('refunds_state_check', sql`${t.state} in ('requested', 'done', 'refused', 'in-doubt')`),
    check('refunds_origin_check', sql`${t.origin} in ('admin', 'conflict', 'late')`),
    // A settled refund says when; an open one does not.
    check(
      'refunds_settled_check',
      sql`(${t.settledAt} is null) = (${t.state} in ('requested', 'in-doubt'))`,
    ),
  ],
);
export type RefundRow = typeof refunds.$inferSelect;

/**
 * A student's weekly minutes for a period. Paid subscriptions hold their transaction (unique: a
 * paid transaction gives exactly one subscription, whatever arrives twice); the free trial has none.
 * The week's consumption belongs to the Cairo week starting at `week_started_at`; a later week
 * starts again from zero (see docs/decisions/097-weekly-renewal.md for the renewal moment).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    transactionId: integer('transaction_id').references(() => transactions.id, {
      onDelete: 'restrict',
    }),
    period: smallint('period').notNull(),
    weeklyMinutes: integer('weekly_minutes').notNull(),
    consumedMinutes: integer('consumed_minutes').notNull().default(0),
    weekStartedAt: timestamp('week_started_at', { withTimezone: true }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_transaction_key')
      .on(t.transactionId)
      .where(sql`${t.transactionId} is not null`),
    // One free trial per student, ever.
    uniqueIndex('subscriptions_one_trial_key')
      .on(t.userId)
      .where(sql`${t.period} = 3`),
    index('subscriptions_user_idx').on(t.userId, t.endsAt),
    check('subscriptions_period_check', sql`${t.period} between 0 and 3`),
    check(
      'subscriptions_minutes_check',
      sql`${t.weeklyMinutes} > 0 and ${t.consumedMinutes} between 0 and ${t.weeklyMinutes}`,
    ),
    check('subscriptions_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Every notification or callback a provider sent, verified or not, keyed so that a replay is
 * recognised (`provider:event key`) and the history of a payment can be read back.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider', { enum: PAYMENT_PROVIDER_NAMES }).notNull(),
    /** e.g. the Fawry reference number and order status, or Paymob's transaction id and state. */
    eventKey: text('event_key').notNull(),
    transactionId: integer('transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    verified: boolean('verified').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_notifications_event_key')
      .on(t.provider, t.eventKey)
      .where(sql`${t.verified}`),
    index('payment_notifications_transaction_idx').on(t.transactionId),
  ],
);

/**
 * Notifications whose signature failed are not stored: they are counted per provider and UTC day,
 * with the time and a short excerpt of the last one, so an unsigned flood cannot grow the
 * database.
 */
export const unverifiedNotificationCounts = pgTable(
  'unverified_notification_counts',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDER_NAMES }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
    /** At most 200 characters naming the last one (its order reference and status). */
    lastExcerpt: text('last_excerpt').notNull().default(''),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.day] })],
);

/**
 * The durable job queue (DESIGN: one small in-process runner over a jobs table): expiring unpaid
 * orders now, lesson reminders later. A job runs at or after `run_at`, is claimed with
 * `for update skip locked`, and is retried with backoff until `max_attempts`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** Makes scheduling idempotent: one pending job per (kind, key). */
    key: text('key'),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('jobs_kind_key')
      .on(t.kind, t.key)
      .where(sql`${t.key} is not null and ${t.doneAt} is null and ${t.canceledAt} is null`),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null and ${t.canceledAt} is null`),
  ],
);

export type PlanRow = typeof plans.$inferSelect;
export type PlanInviteRow = typeof planInvites.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentNotificationRow = typeof paymentNotifications.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
