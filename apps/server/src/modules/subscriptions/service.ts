import {
  cairoWeekBounds,
  FREE_TRIAL_MINUTES,
  isPaidPlanPeriod,
  isSubscriptionCancellable,
  PlanPeriod,
  renewsWeekly,
  Role,
  SubscriptionState,
  subscriptionEndsAt,
  subscriptionStateAt,
  weeklyQuota,
} from '@talaqa/domain';
import type { Plan, SubscriptionPage, SubscriptionView } from '@talaqa/domain';
import { AppError } from '../../errors';
import type { Database } from '../../db';
import type { ServiceContext } from '../../context';
import { isExclusionViolation, isUniqueViolation } from '../../db/errors';
import type { SubscriptionRow, TransactionRow } from '../../db/schema';
import type { Identity } from '../../http/access';
import { isAdmin } from '../../http/access';
import { findPlanRow, toPlan } from '../plans';
import { countSubscriptionLessons } from './lessons';
import type { LessonCounter } from './lessons';
import {
  cancelByTransaction,
  cancelSubscriptionRow,
  cheapestPublicPlan,
  consumeRowMinutes,
  endLiveTrials,
  findByTransaction,
  findLivePaidRow,
  findLiveRow,
  findSubscriptionRow,
  hasAnySubscription,
  insertSubscriptionRow,
  listSubscriptionRows,
  lockStudent,
  lockSubscriptionRow,
  planRowsByIds,
  quotaFields,
  renewStaleWeeks,
  returnRowMinutes,
} from './repo';
import type { SubscriptionFilters } from './repo';

const SUBSCRIPTION_TRANSACTION_KEY = 'subscriptions_transaction_key';
const SUBSCRIPTION_NO_OVERLAP = 'subscriptions_no_overlap';
const ONE_TRIAL_KEY = 'subscriptions_one_trial_key';

// ---------------------------------------------------------------------------------------------
// Views

/** The subscription as the API shows it: where its weekly minutes stand at `now`. */
export function toSubscriptionView(
  row: SubscriptionRow,
  plan: Plan,
  now: Date,
  lessonCount: number,
): SubscriptionView {
  const quota = weeklyQuota(quotaFields(row), now);
  const state = subscriptionStateAt(row, now);
  const active = state === SubscriptionState.Active;
  return {
    id: row.id,
    userId: row.userId,
    planId: row.planId,
    period: row.period as PlanPeriod,
    weeklyMinutes: row.weeklyMinutes,
    consumedMinutes: quota.consumed,
    remainingMinutes: active ? quota.remaining : 0,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    plan,
    state,
    canceledAt: row.canceledAt?.toISOString() ?? null,
    weekStartedAt: quota.weekStart.toISOString(),
    nextRenewalAt: active && quota.nextRenewalAt ? quota.nextRenewalAt.toISOString() : null,
    cancellable: active && isSubscriptionCancellable(lessonCount),
    transactionId: row.transactionId,
  };
}

async function viewsOf(
  db: Database,
  rows: SubscriptionRow[],
  now: Date,
  lessons: LessonCounter,
): Promise<SubscriptionView[]> {
  const planRows = await planRowsByIds(db, [...new Set(rows.map((row) => row.planId))]);
  return Promise.all(
    rows.map(async (row) => {
      const plan = planRows.get(row.planId);
      if (!plan) throw new Error(`plan ${row.planId} of subscription ${row.id} is missing`);
      return toSubscriptionView(row, toPlan(plan), now, await lessons(db, row.id));
    }),
  );
}

async function viewOf(
  db: Database,
  row: SubscriptionRow,
  now: Date,
  lessons: LessonCounter = countSubscriptionLessons,
): Promise<SubscriptionView> {
  const [view] = await viewsOf(db, [row], now, lessons);
  if (!view) throw new Error('no view');
  return view;
}

// ---------------------------------------------------------------------------------------------
// Paid subscriptions (called by payments, inside their transactions)

export type ActivationResult =
  /** The transaction's subscription was created now. */
  | { kind: 'created'; subscription: SubscriptionRow }
  /** It existed already (a replayed callback, a sync after the callback): nothing changed. */
  | { kind: 'existing'; subscription: SubscriptionRow }
  /**
   * The student holds another live paid subscription, so this one cannot start: nothing was
   * written, and the caller gives the money back (refund).
   */
  | { kind: 'conflict'; existing: SubscriptionRow | undefined };

/**
 * Creates the subscription a paid transaction bought, exactly once, inside the caller's database
 * transaction `tx` (the one that marks the transaction Paid). A second call for the same
 * transaction, in sequence or at the same moment, answers the first one's subscription. It starts
 * at `now` and lasts the period in Cairo calendar months, with the plan's weekly minutes as they
 * are now; a live free trial ends at `now`. When another paid subscription is live the answer is
 * `conflict` and nothing is written (the caller's transaction stays usable).
 */
export async function activatePaidTransaction(
  tx: Database,
  transaction: TransactionRow,
  now: Date,
): Promise<ActivationResult> {
  const { planId, period } = transaction;
  if (planId === null || period === null || !isPaidPlanPeriod(period as PlanPeriod)) {
    throw new Error(`transaction ${transaction.id} did not buy a paid plan period`);
  }
  const known = await findByTransaction(tx, transaction.id);
  if (known) return { kind: 'existing', subscription: known };
  // One student's subscriptions are written one transaction at a time (see lockStudent); a call
  // that waited here sees what the one before it committed.
  await lockStudent(tx, transaction.userId);
  const created = await findByTransaction(tx, transaction.id);
  if (created) return { kind: 'existing', subscription: created };
  const live = await findLivePaidRow(tx, transaction.userId, now);
  if (live) return { kind: 'conflict', existing: live };
  const plan = await findPlanRow(tx, planId);
  if (!plan) throw new Error(`plan ${planId} of transaction ${transaction.id} is missing`);
  try {
    // A savepoint: a constraint failing here must not abort the caller's transaction.
    const subscription = await tx.transaction(async (savepoint) => {
      await endLiveTrials(savepoint, transaction.userId, now);
      return insertSubscriptionRow(savepoint, {
        userId: transaction.userId,
        planId,
        transactionId: transaction.id,
        period,
        weeklyMinutes: plan.weeklyMinutes,
        consumedMinutes: 0,
        weekStartedAt: now,
        startsAt: now,
        endsAt: subscriptionEndsAt(now, period as PlanPeriod),
      });
    });
    return { kind: 'created', subscription };
  } catch (error) {
    if (isUniqueViolation(error, SUBSCRIPTION_TRANSACTION_KEY)) {
      const existing = await findByTransaction(tx, transaction.id);
      if (existing) return { kind: 'existing', subscription: existing };
    }
    if (isExclusionViolation(error, SUBSCRIPTION_NO_OVERLAP)) {
      return { kind: 'conflict', existing: await findLivePaidRow(tx, transaction.userId, now) };
    }
    throw error;
  }
}

/**
 * A refund of a transaction's money was recorded (inside the caller's transaction). A full
 * refund cancels the subscription it bought from now; a partial refund keeps it as it is
 * (docs/decisions/101-refunds-end-subscriptions.md). Answers the subscription, if the
 * transaction had one.
 */
export async function refundApplied(
  tx: Database,
  transaction: TransactionRow,
  refundedAmount: number,
  full: boolean,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const wholeAmount = full || refundedAmount >= transaction.amount;
  if (wholeAmount) {
    const canceled = await cancelByTransaction(tx, transaction.id, now);
    if (canceled) return canceled;
  }
  return findByTransaction(tx, transaction.id);
}

/**
 * Whether the student holds a live paid subscription now (payments answer `subscription-exists`
 * to a purchase then). A free trial does not count: buying a plan ends it.
 */
export async function hasLiveSubscription(
  db: Database,
  userId: number,
  now: Date,
): Promise<boolean> {
  return (await findLivePaidRow(db, userId, now)) !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Free trial

/**
 * Gives a student the free trial the first time they need it: a student with a verified e-mail
 * who never had any subscription gets FREE_TRIAL_MINUTES once, for life, attached to the cheapest
 * active public plan. Anyone else (or when no such plan exists) gets nothing. Answers the trial
 * created now, if any.
 */
export async function grantFreeTrial(
  db: Database,
  userId: number,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const student = await lockStudent(tx, userId);
      if (!student || student.role !== Role.Student || !student.emailVerified) return undefined;
      if (await hasAnySubscription(tx, userId)) return undefined;
      const plan = await cheapestPublicPlan(tx);
      if (!plan) return undefined;
      return insertSubscriptionRow(tx, {
        userId,
        planId: plan.id,
        transactionId: null,
        period: PlanPeriod.FreeTrial,
        weeklyMinutes: FREE_TRIAL_MINUTES,
        consumedMinutes: 0,
        weekStartedAt: now,
        startsAt: now,
        endsAt: subscriptionEndsAt(now, PlanPeriod.FreeTrial),
      });
    });
  } catch (error) {
    // Another request granted it (or a purchase started) first.
    if (isUniqueViolation(error, ONE_TRIAL_KEY) || isExclusionViolation(error)) return undefined;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Weekly minutes (lesson booking, issue 6)

/** What a booking consumed, kept with the lesson so a cancellation can give it back. */
export interface Consumption {
  subscriptionId: number;
  minutes: number;
  /** The quota week the minutes came from. */
  weekStart: Date;
  /** Minutes left in that week afterwards. */
  remaining: number;
}

/**
 * Takes `minutes` from the student's live subscription's current week (inside the booking's
 * transaction). `subscription-required` without a live subscription or when the free trial's
 * minutes are used up (a trial does not renew); `no-enough-minutes` when this week's are.
 */
export async function consumeMinutes(
  tx: Database,
  userId: number,
  minutes: number,
  now: Date,
  /** The live row this transaction read already, untouched since (saves reading it again). */
  liveRow?: SubscriptionRow,
): Promise<Consumption> {
  if (!Number.isInteger(minutes) || minutes <= 0) {
    throw new RangeError(`minutes must be a positive whole number, got ${minutes}`);
  }
  let row = liveRow ?? (await findLiveRow(tx, userId, now));
  if (!row && (await grantFreeTrial(tx, userId, now))) row = await findLiveRow(tx, userId, now);
  if (!row) throw new AppError('subscription-required', 'No live subscription');
  const quota = weeklyQuota(quotaFields(row), now);
  const shortCode = renewsWeekly(row.period as PlanPeriod)
    ? 'no-enough-minutes'
    : 'subscription-required';
  if (quota.remaining < minutes) throw new AppError(shortCode, 'Not enough minutes left');
  const updated = await consumeRowMinutes(tx, row.id, minutes, quota.weekStart, now);
  // Another booking took the minutes first, or the subscription ended meanwhile.
  if (!updated) throw new AppError(shortCode, 'Not enough minutes left');
  return {
    subscriptionId: updated.id,
    minutes,
    weekStart: quota.weekStart,
    remaining: updated.weeklyMinutes - updated.consumedMinutes,
  };
}

/**
 * Gives a cancelled lesson's minutes back, when they came from the quota week still running;
 * a renewed week has its minutes already. Answers whether anything was given back.
 */
export async function returnMinutes(
  tx: Database,
  consumption: Pick<Consumption, 'subscriptionId' | 'minutes' | 'weekStart'>,
  now: Date,
): Promise<boolean> {
  const row = await findSubscriptionRow(tx, consumption.subscriptionId);
  if (!row) return false;
  const quota = weeklyQuota(quotaFields(row), now);
  if (quota.weekStart.getTime() !== consumption.weekStart.getTime()) return false;
  const updated = await returnRowMinutes(tx, row.id, consumption.minutes, consumption.weekStart);
  return updated !== undefined;
}

/**
 * Writes the weekly renewal down for every live paid subscription whose week is over (the
 * weekly job). Reading is already exact without it; this keeps stored numbers fresh.
 */
export async function persistWeeklyRenewals(db: Database, now: Date): Promise<number> {
  return renewStaleWeeks(db, cairoWeekBounds(now).start, now);
}

// ---------------------------------------------------------------------------------------------
// Routes

/** GET /sub/user: the caller's live subscription (a student's trial is granted on first look). */
export async function currentSubscription(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  caller: Identity,
): Promise<SubscriptionView | null> {
  const now = clock.now();
  if (caller.role === Role.Student) await grantFreeTrial(db, caller.userId, now);
  const row = await findLiveRow(db, caller.userId, now);
  return row ? viewOf(db, row, now) : null;
}

/** GET /sub/{id}: the owner's or, for admins, anyone's; others learn nothing of it. */
export async function getSubscription(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  caller: Identity,
  id: number,
): Promise<SubscriptionView> {
  const now = clock.now();
  const row = await findSubscriptionRow(db, id);
  if (!row || (row.userId !== caller.userId && !isAdmin(caller))) {
    throw new AppError('subscription-not-found');
  }
  return viewOf(db, row, now);
}

export async function listSubscriptions(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  query: SubscriptionFilters & { page: number; size: number },
): Promise<SubscriptionPage> {
  const now = clock.now();
  const { page, size, ...filters } = query;
  const { rows, total } = await listSubscriptionRows(db, filters, { page, size }, now);
  return { list: await viewsOf(db, rows, now, countSubscriptionLessons), total };
}

/**
 * PATCH /sub/cancel: a student cancels their own live subscription (no id, or its id); an admin
 * names any. It ends at once (canceled_at); refunding is a separate, admin decision. Refused with
 * `subscription-uncancellable` after more than SUBSCRIPTION_CANCEL_MAX_LESSONS lessons. An
 * already cancelled subscription is answered as it is; an ended one is `illegal`.
 */
export async function cancelSubscription(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  caller: Identity,
  body: { subscriptionId?: number | undefined },
  lessons: LessonCounter = countSubscriptionLessons,
): Promise<SubscriptionView> {
  const now = clock.now();
  const admin = isAdmin(caller);
  let id = body.subscriptionId;
  if (id === undefined) {
    if (admin) {
      throw new AppError('bad-request', 'Name the subscription to cancel', {
        fields: [{ path: 'subscriptionId', code: 'required' }],
      });
    }
    const live = await findLiveRow(db, caller.userId, now);
    if (!live) throw new AppError('subscription-not-found', 'No live subscription to cancel');
    id = live.id;
  }
  const subscriptionId = id;
  const row = await db.transaction(async (tx) => {
    // Locked, so a lesson booked at this moment is counted before or waits until after.
    const locked = await lockSubscriptionRow(tx, subscriptionId);
    if (!locked || (locked.userId !== caller.userId && !admin)) {
      throw new AppError('subscription-not-found');
    }
    if (locked.canceledAt) return locked;
    if (locked.endsAt.getTime() <= now.getTime()) {
      throw new AppError('illegal', 'The subscription has already ended');
    }
    if (!isSubscriptionCancellable(await lessons(tx, locked.id))) {
      throw new AppError('subscription-uncancellable');
    }
    const canceled = await cancelSubscriptionRow(tx, locked.id, now);
    if (!canceled) throw new AppError('illegal', 'The subscription is no longer live');
    return canceled;
  });
  return viewOf(db, row, now, lessons);
}
