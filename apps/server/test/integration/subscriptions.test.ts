import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addCairoMonths,
  cairoWeekBounds,
  FREE_TRIAL_MINUTES,
  PaymentMethod,
  PlanPeriod,
  Role,
  SUBSCRIPTION_CANCEL_MAX_LESSONS,
  TransactionStatus,
} from '@talaqa/domain';
import type { SubscriptionPage, SubscriptionView } from '@talaqa/domain';
import type { Database } from '../../src/db';
import { jobs, plans, subscriptions, transactions, users } from '../../src/db/schema';
import type { PlanRow, SubscriptionRow, TransactionRow } from '../../src/db/schema';
import { systemClock } from '../../src/clock';
import { AppError } from '../../src/errors';
import { scheduleJob } from '../../src/jobs';
import { RENEW_WEEK_JOB } from '../../src/modules/subscriptions/jobs';
import {
  activatePaidTransaction,
  cancelSubscription,
  consumeMinutes,
  grantFreeTrial,
  hasLiveSubscription,
  persistWeeklyRenewals,
  refundApplied,
  returnMinutes,
} from '../../src/modules/subscriptions/service';
import type { ActivationResult } from '../../src/modules/subscriptions/service';
import { call, signedInUser } from './api';
import type { Caller } from './api';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';

/**
 * Subscriptions: created exactly once per paid transaction whatever arrives twice or at once,
 * the free trial, weekly minutes across the Cairo week boundary and daylight-saving weeks, the
 * weekly renewal job, cancellation, refunds, and the /sub routes with their permissions. Plans
 * and transactions are inserted as rows (payments has its own tests).
 */

let server: TestServer;
let db: Database;
let beginning: PlanRow;
let advance: PlanRow;
let admin: Caller;

const at = (iso: string): Date => new Date(iso);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const makeUser = (role: Role = Role.Student, verified = true): Promise<Caller> =>
  signedInUser(server, role, { password: null, emailVerified: verified });

async function insertPlan(weeklyMinutes: number, baseMonthPrice: number): Promise<PlanRow> {
  const [row] = await db.insert(plans).values({ weeklyMinutes, baseMonthPrice }).returning();
  if (!row) throw new Error('plan insert failed');
  return row;
}

async function paidTransaction(
  userId: number,
  plan: PlanRow = advance,
  period: PlanPeriod = PlanPeriod.Quarter,
): Promise<TransactionRow> {
  const [row] = await db
    .insert(transactions)
    .values({
      userId,
      planId: plan.id,
      period,
      method: PaymentMethod.Card,
      provider: 'fawry',
      status: TransactionStatus.Paid,
      amount: 100_00,
      listPrice: 100_00,
      idempotencyKey: randomUUID(),
      paidAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('transaction insert failed');
  return row;
}

/** As payments call it: inside the transaction that marks the payment Paid. */
const activate = (transaction: TransactionRow, now = new Date()): Promise<ActivationResult> =>
  db.transaction((tx) => activatePaidTransaction(tx, transaction, now));

async function subscriptionsOf(userId: number): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

/** A subscription row written directly (for clock-controlled quota tests). */
async function insertSubscription(
  userId: number,
  fields: Partial<typeof subscriptions.$inferInsert> = {},
): Promise<SubscriptionRow> {
  const startsAt = fields.startsAt ?? at('2024-01-01T10:00:00Z');
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      planId: advance.id,
      period: PlanPeriod.Year,
      weeklyMinutes: 120,
      weekStartedAt: startsAt,
      startsAt,
      endsAt: at('2027-01-01T10:00:00Z'),
      ...fields,
    })
    .returning();
  if (!row) throw new Error('subscription insert failed');
  return row;
}

const api = <T>(method: string, path: string, caller: Caller | null, body?: unknown) =>
  call<T>(server, method, path, caller, body);

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'none';
}

beforeAll(async () => {
  server = await startTestServer({ jobsPollMs: 20 });
  db = server.app.database.db;
  beginning = await insertPlan(60, 300_00);
  advance = await insertPlan(120, 550_00);
  admin = await makeUser(Role.RegularAdmin);
});
afterAll(() => server.close());

describe('activatePaidTransaction', () => {
  it('creates the subscription once, however often the payment is reported', async () => {
    const student = await makeUser();
    const transaction = await paidTransaction(student.id);
    const now = at('2025-01-31T10:00:00Z');
    const results = [
      await activate(transaction, now),
      await activate(transaction, now),
      await activate(transaction, now),
    ];
    expect(results.map((r) => r.kind)).toEqual(['created', 'existing', 'existing']);
    const rows = await subscriptionsOf(student.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      transactionId: transaction.id,
      planId: advance.id,
      period: PlanPeriod.Quarter,
      weeklyMinutes: 120,
      consumedMinutes: 0,
      startsAt: now,
      weekStartedAt: now,
      canceledAt: null,
      // 31 January + 3 Cairo calendar months = 30 April (after the switch to summer time).
      endsAt: addCairoMonths(now, 3),
    });
    expect(rows[0]?.endsAt).toEqual(at('2025-04-30T09:00:00Z'));
  });

  it('creates it once when the reports arrive at the same moment', async () => {
    const student = await makeUser();
    const transaction = await paidTransaction(student.id, beginning, PlanPeriod.Month);
    const results = await Promise.all([
      activate(transaction),
      activate(transaction),
      activate(transaction),
    ]);
    expect(results.filter((r) => r.kind === 'created')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'existing')).toHaveLength(2);
    const ids = new Set(
      results.map((r) => (r.kind === 'conflict' ? undefined : r.subscription.id)),
    );
    expect(ids.size).toBe(1);
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
  });

  it('copies the plan’s weekly minutes as they are when it starts', async () => {
    const student = await makeUser();
    const plan = await insertPlan(90, 400_00);
    const transaction = await paidTransaction(student.id, plan, PlanPeriod.Year);
    await db.update(plans).set({ weeklyMinutes: 95 }).where(eq(plans.id, plan.id));
    const result = await activate(transaction, at('2025-03-01T10:00:00Z'));
    expect(result.kind).toBe('created');
    if (result.kind !== 'created') return;
    expect(result.subscription.weeklyMinutes).toBe(95);
    expect(result.subscription.endsAt).toEqual(at('2026-03-01T10:00:00Z'));
    await db.update(plans).set({ weeklyMinutes: 100 }).where(eq(plans.id, plan.id));
    const [row] = await subscriptionsOf(student.id);
    expect(row?.weeklyMinutes).toBe(95);
  });

  it('ends a live free trial at the moment the paid period starts', async () => {
    const student = await makeUser();
    const trialStart = new Date(Date.now() - 60_000);
    const trial = await grantFreeTrial(db, student.id, trialStart);
    expect(trial?.period).toBe(PlanPeriod.FreeTrial);
    const now = new Date();
    const result = await activate(await paidTransaction(student.id), now);
    expect(result.kind).toBe('created');
    const rows = await subscriptionsOf(student.id);
    const ended = rows.find((row) => row.period === PlanPeriod.FreeTrial);
    const paid = rows.find((row) => row.period === PlanPeriod.Quarter);
    expect(ended).toMatchObject({ endsAt: now, canceledAt: null });
    expect(paid).toMatchObject({ startsAt: now });
    const current = await api<SubscriptionView>('GET', '/sub/user', student);
    expect(current.body).toMatchObject({
      id: paid?.id,
      period: PlanPeriod.Quarter,
      state: 'active',
    });
  });

  it('answers conflict for a second paid subscription, writes nothing, and keeps the transaction usable', async () => {
    const student = await makeUser();
    const first = await activate(await paidTransaction(student.id));
    expect(first.kind).toBe('created');
    const second = await paidTransaction(student.id, beginning, PlanPeriod.Month);
    const outcome = await db.transaction(async (tx) => {
      const result = await activatePaidTransaction(tx, second, new Date());
      // The caller goes on in the same transaction (records the refund it owes, say).
      await tx
        .update(transactions)
        .set({ failureReason: 'subscription-exists' })
        .where(eq(transactions.id, second.id));
      return result;
    });
    expect(outcome.kind).toBe('conflict');
    if (outcome.kind === 'conflict' && first.kind === 'created') {
      expect(outcome.existing?.id).toBe(first.subscription.id);
    }
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
    const [stored] = await db.select().from(transactions).where(eq(transactions.id, second.id));
    expect(stored?.failureReason).toBe('subscription-exists');
  });

  it('lets exactly one of two different purchases start when both are paid at once', async () => {
    const student = await makeUser();
    const [a, b] = [await paidTransaction(student.id), await paidTransaction(student.id)];
    const results = await Promise.all([activate(a), activate(b)]);
    expect(results.map((r) => r.kind).sort()).toEqual(['conflict', 'created']);
    const live = (await subscriptionsOf(student.id)).filter((row) => row.canceledAt === null);
    expect(live).toHaveLength(1);
  });

  it('starts a new paid period once the previous one is over', async () => {
    const student = await makeUser();
    await activate(
      await paidTransaction(student.id, beginning, PlanPeriod.Month),
      at('2024-01-01T10:00:00Z'),
    );
    const later = await activate(await paidTransaction(student.id), at('2024-03-01T10:00:00Z'));
    expect(later.kind).toBe('created');
  });

  it('refuses a transaction that bought no plan period', async () => {
    const student = await makeUser();
    const transaction = await paidTransaction(student.id);
    await expect(activate({ ...transaction, period: PlanPeriod.FreeTrial })).rejects.toThrow(
      /did not buy/,
    );
  });
});

describe('hasLiveSubscription and refunds', () => {
  it('counts a live paid subscription, not a trial, not an ended or cancelled one', async () => {
    const student = await makeUser();
    const now = new Date();
    expect(await hasLiveSubscription(db, student.id, now)).toBe(false);
    await grantFreeTrial(db, student.id, now);
    expect(await hasLiveSubscription(db, student.id, now)).toBe(false);
    const result = await activate(await paidTransaction(student.id), now);
    expect(await hasLiveSubscription(db, student.id, new Date(now.getTime() + 1000))).toBe(true);
    if (result.kind !== 'created') throw new Error('expected created');
    expect(await hasLiveSubscription(db, student.id, result.subscription.endsAt)).toBe(false);
  });

  it('keeps the subscription on a partial refund and cancels it on a full one', async () => {
    const student = await makeUser();
    const transaction = await paidTransaction(student.id);
    await activate(transaction);
    const partial = await db.transaction((tx) =>
      refundApplied(tx, transaction, 30_00, false, new Date()),
    );
    expect(partial).toMatchObject({ canceledAt: null });
    expect(await hasLiveSubscription(db, student.id, new Date())).toBe(true);
    const now = new Date();
    const full = await db.transaction((tx) => refundApplied(tx, transaction, 100_00, true, now));
    expect(full?.canceledAt).toEqual(now);
    expect(await hasLiveSubscription(db, student.id, new Date())).toBe(false);
    // Replayed: still cancelled, at the first time.
    const again = await db.transaction((tx) =>
      refundApplied(tx, transaction, 100_00, true, new Date()),
    );
    expect(again?.canceledAt).toEqual(now);
  });

  it('treats a refund of the whole amount as full even in pieces', async () => {
    const student = await makeUser();
    const transaction = await paidTransaction(student.id);
    await activate(transaction);
    const row = await db.transaction((tx) =>
      refundApplied(tx, transaction, 100_00, false, new Date()),
    );
    expect(row?.canceledAt).not.toBeNull();
  });
});

describe('the free trial', () => {
  it('is granted once to a verified student on first look, never renews, and is over when used', async () => {
    const student = await makeUser();
    const first = await api<SubscriptionView>('GET', '/sub/user', student);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      userId: student.id,
      period: PlanPeriod.FreeTrial,
      weeklyMinutes: FREE_TRIAL_MINUTES,
      remainingMinutes: FREE_TRIAL_MINUTES,
      nextRenewalAt: null,
      transactionId: null,
      state: 'active',
      planId: beginning.id,
    });
    const again = await api<SubscriptionView>('GET', '/sub/user', student);
    expect(again.body.id).toBe(first.body.id);
    expect(await subscriptionsOf(student.id)).toHaveLength(1);

    const now = new Date();
    const used = await db.transaction((tx) => consumeMinutes(tx, student.id, 30, now));
    expect(used.remaining).toBe(0);
    // Weeks later nothing came back: the trial is over and booking needs a subscription.
    const weeksLater = new Date(now.getTime() + 30 * 24 * 3_600_000);
    expect(
      await codeOf(db.transaction((tx) => consumeMinutes(tx, student.id, 15, weeksLater))),
    ).toBe('subscription-required');
  });

  it('goes to no one else: unverified students, tutors, or students who had a subscription', async () => {
    const unverified = await makeUser(Role.Student, false);
    const none = await api<null>('GET', '/sub/user', unverified);
    expect(none).toEqual({ status: 200, body: null });
    const tutor = await makeUser(Role.Tutor);
    expect((await api<null>('GET', '/sub/user', tutor)).body).toBeNull();
    const buyer = await makeUser();
    await activate(
      await paidTransaction(buyer.id, beginning, PlanPeriod.Month),
      at('2024-01-01T10:00:00Z'),
    );
    expect((await api<null>('GET', '/sub/user', buyer)).body).toBeNull();
    expect(await grantFreeTrial(db, buyer.id, new Date())).toBeUndefined();
    for (const user of [unverified, tutor]) expect(await subscriptionsOf(user.id)).toEqual([]);
  });

  it('is granted once when asked for at the same moment', async () => {
    const student = await makeUser();
    const now = new Date();
    const granted = await Promise.all([1, 2, 3].map(() => grantFreeTrial(db, student.id, now)));
    expect(granted.filter(Boolean)).toHaveLength(1);
    expect(await subscriptionsOf(student.id)).toHaveLength(1);
  });
});

describe('weekly minutes', () => {
  /** Friday 23:59 and Saturday 00:00 in Cairo for a normal week and both 2024 switch weeks. */
  const boundaries = [
    ['a winter week', '2025-01-10T21:59:00Z', '2025-01-10T22:00:00Z'],
    ['the spring 2024 switch week (167 h)', '2024-04-26T20:59:00Z', '2024-04-26T21:00:00Z'],
    ['the autumn 2024 switch week (169 h)', '2024-11-01T21:59:00Z', '2024-11-01T22:00:00Z'],
  ] as const;

  it.each(boundaries)(
    'are consumed within the week and renewed at Saturday 00:00 Cairo in %s',
    async (_name, fridayLate, saturday) => {
      const student = await makeUser();
      const row = await insertSubscription(student.id);
      const friday = at(fridayLate);
      const first = await db.transaction((tx) => consumeMinutes(tx, student.id, 100, friday));
      expect(first).toMatchObject({ subscriptionId: row.id, remaining: 20 });
      expect(first.weekStart).toEqual(cairoWeekBounds(friday).start);
      expect(await codeOf(db.transaction((tx) => consumeMinutes(tx, student.id, 30, friday)))).toBe(
        'no-enough-minutes',
      );
      const renewed = await db.transaction((tx) =>
        consumeMinutes(tx, student.id, 120, at(saturday)),
      );
      expect(renewed).toMatchObject({ remaining: 0, weekStart: at(saturday) });
      const [stored] = await subscriptionsOf(student.id);
      expect(stored).toMatchObject({ consumedMinutes: 120, weekStartedAt: at(saturday) });
    },
  );

  it('never lets parallel bookings take more than the week holds', async () => {
    const student = await makeUser();
    await insertSubscription(student.id);
    const now = at('2025-02-04T10:00:00Z');
    const outcomes = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        codeOf(db.transaction((tx) => consumeMinutes(tx, student.id, 30, now))),
      ),
    );
    expect(outcomes.filter((code) => code === 'none')).toHaveLength(4);
    expect(outcomes.filter((code) => code === 'no-enough-minutes')).toHaveLength(1);
    const [stored] = await subscriptionsOf(student.id);
    expect(stored?.consumedMinutes).toBe(120);
  });

  it('gives minutes back within their week only', async () => {
    const student = await makeUser();
    await insertSubscription(student.id);
    const tuesday = at('2025-02-04T10:00:00Z');
    const booked = await db.transaction((tx) => consumeMinutes(tx, student.id, 60, tuesday));
    expect(await db.transaction((tx) => returnMinutes(tx, booked, tuesday))).toBe(true);
    const [afterReturn] = await subscriptionsOf(student.id);
    expect(afterReturn?.consumedMinutes).toBe(0);
    const again = await db.transaction((tx) => consumeMinutes(tx, student.id, 60, tuesday));
    const nextWeek = at('2025-02-11T10:00:00Z');
    expect(await db.transaction((tx) => returnMinutes(tx, again, nextWeek))).toBe(false);
    const [stored] = await subscriptionsOf(student.id);
    expect(stored?.consumedMinutes).toBe(60);
  });

  it('requires a live subscription: none, cancelled or ended', async () => {
    const nobody = await makeUser(Role.Student, false);
    const now = at('2025-02-04T10:00:00Z');
    expect(await codeOf(db.transaction((tx) => consumeMinutes(tx, nobody.id, 15, now)))).toBe(
      'subscription-required',
    );
    const canceled = await makeUser(Role.Student, false);
    await insertSubscription(canceled.id, { canceledAt: at('2025-01-01T00:00:00Z') });
    expect(await codeOf(db.transaction((tx) => consumeMinutes(tx, canceled.id, 15, now)))).toBe(
      'subscription-required',
    );
    const ended = await makeUser(Role.Student, false);
    await insertSubscription(ended.id, { endsAt: at('2025-01-01T00:00:00Z') });
    expect(await codeOf(db.transaction((tx) => consumeMinutes(tx, ended.id, 15, now)))).toBe(
      'subscription-required',
    );
  });

  it('shows the week on GET /sub/user: remaining minutes and the next renewal', async () => {
    const student = await makeUser();
    const startsAt = new Date(Date.now() - 30 * 24 * 3_600_000);
    const week = cairoWeekBounds(new Date());
    const row = await insertSubscription(student.id, {
      startsAt,
      weekStartedAt: week.start,
      consumedMinutes: 45,
    });
    const current = await api<SubscriptionView>('GET', '/sub/user', student);
    expect(current.body).toMatchObject({
      id: row.id,
      consumedMinutes: 45,
      remainingMinutes: 75,
      weekStartedAt: week.start.toISOString(),
      nextRenewalAt: week.end.toISOString(),
      cancellable: true,
      state: 'active',
      plan: { id: advance.id, weeklyMinutes: 120 },
    });
  });

  it('reads a stale week as renewed even before the job writes it down', async () => {
    const student = await makeUser();
    const week = cairoWeekBounds(new Date());
    await insertSubscription(student.id, {
      startsAt: new Date(week.start.getTime() - 30 * 24 * 3_600_000),
      weekStartedAt: new Date(week.start.getTime() - 7 * 24 * 3_600_000),
      consumedMinutes: 120,
    });
    const current = await api<SubscriptionView>('GET', '/sub/user', student);
    expect(current.body).toMatchObject({ consumedMinutes: 0, remainingMinutes: 120 });
  });
});

describe('the weekly renewal job', () => {
  it('is scheduled for the next Saturday 00:00 Cairo when the app starts', async () => {
    const next = cairoWeekBounds(new Date()).end;
    const pending = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RENEW_WEEK_JOB), eq(jobs.key, next.toISOString())));
    expect(pending).toHaveLength(1);
    expect(pending[0]?.runAt).toEqual(next);
  });

  it('writes the renewal down for live paid subscriptions only', async () => {
    const now = new Date();
    const week = cairoWeekBounds(now);
    const lastWeek = new Date(week.start.getTime() - 7 * 24 * 3_600_000);
    const student = await makeUser(Role.Student, false);
    const stale = await insertSubscription(student.id, {
      startsAt: new Date(lastWeek.getTime() - 1000),
      weekStartedAt: lastWeek,
      consumedMinutes: 80,
    });
    const other = await makeUser(Role.Student, false);
    const canceled = await insertSubscription(other.id, {
      weekStartedAt: lastWeek,
      consumedMinutes: 80,
      canceledAt: lastWeek,
    });
    const trialUser = await makeUser(Role.Student, false);
    const trial = await insertSubscription(trialUser.id, {
      period: PlanPeriod.FreeTrial,
      weeklyMinutes: 30,
      weekStartedAt: lastWeek,
      startsAt: lastWeek,
      consumedMinutes: 30,
    });
    expect(await persistWeeklyRenewals(db, now)).toBeGreaterThanOrEqual(1);
    const read = async (id: number) =>
      (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
    expect(await read(stale.id)).toMatchObject({ consumedMinutes: 0, weekStartedAt: week.start });
    expect(await read(canceled.id)).toMatchObject({ consumedMinutes: 80 });
    expect(await read(trial.id)).toMatchObject({ consumedMinutes: 30, weekStartedAt: lastWeek });
    // Nothing left to write.
    expect(await persistWeeklyRenewals(db, now)).toBe(0);
  });

  it('runs when due (even late), resets the stored weeks and schedules the following one', async () => {
    const now = new Date();
    const week = cairoWeekBounds(now);
    const student = await makeUser(Role.Student, false);
    const stale = await insertSubscription(student.id, {
      startsAt: new Date(week.start.getTime() - 30 * 24 * 3_600_000),
      weekStartedAt: new Date(week.start.getTime() - 7 * 24 * 3_600_000),
      consumedMinutes: 50,
    });
    // The renewal of this week's start, overdue (the server was down then).
    const overdue = await scheduleJob(db, {
      kind: RENEW_WEEK_JOB,
      key: week.start.toISOString(),
      runAt: week.start,
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, overdue.id));
      if (row?.doneAt) break;
      if (Date.now() > deadline) throw new Error('the renewal job did not run');
      await sleep(20);
    }
    const [renewed] = await db.select().from(subscriptions).where(eq(subscriptions.id, stale.id));
    expect(renewed).toMatchObject({ consumedMinutes: 0, weekStartedAt: week.start });
    const pending = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RENEW_WEEK_JOB), eq(jobs.key, week.end.toISOString())));
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ runAt: week.end, doneAt: null, canceledAt: null });
  });
});

describe('cancellation', () => {
  it('lets a student cancel their own live subscription once', async () => {
    const student = await makeUser();
    const result = await activate(await paidTransaction(student.id));
    if (result.kind !== 'created') throw new Error('expected created');
    const canceled = await api<SubscriptionView>('PATCH', '/sub/cancel', student, {});
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({
      id: result.subscription.id,
      state: 'canceled',
      remainingMinutes: 0,
      nextRenewalAt: null,
      cancellable: false,
    });
    expect(canceled.body.canceledAt).not.toBeNull();
    // Nothing live to cancel any more; naming it answers it as it is.
    const none = await api<{ code: string }>('PATCH', '/sub/cancel', student, {});
    expect(none).toMatchObject({ status: 404, body: { code: 'subscription-not-found' } });
    const named = await api<SubscriptionView>('PATCH', '/sub/cancel', student, {
      subscriptionId: result.subscription.id,
    });
    expect(named.body).toMatchObject({ state: 'canceled', canceledAt: canceled.body.canceledAt });
    expect(await hasLiveSubscription(db, student.id, new Date())).toBe(false);
    expect((await api<null>('GET', '/sub/user', student)).body).toBeNull();
  });

  it('lets an admin cancel any subscription by id, and only by id', async () => {
    const student = await makeUser();
    const result = await activate(await paidTransaction(student.id));
    if (result.kind !== 'created') throw new Error('expected created');
    const missing = await api<{ code: string; fields: unknown }>('PATCH', '/sub/cancel', admin, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ path: 'subscriptionId', code: 'required' }]);
    const done = await api<SubscriptionView>('PATCH', '/sub/cancel', admin, {
      subscriptionId: result.subscription.id,
    });
    expect(done.body).toMatchObject({ state: 'canceled' });
  });

  it('keeps others’ subscriptions out of a student’s reach', async () => {
    const owner = await makeUser();
    const result = await activate(await paidTransaction(owner.id));
    if (result.kind !== 'created') throw new Error('expected created');
    const stranger = await makeUser();
    const attempt = await api<{ code: string }>('PATCH', '/sub/cancel', stranger, {
      subscriptionId: result.subscription.id,
    });
    expect(attempt).toMatchObject({ status: 404, body: { code: 'subscription-not-found' } });
    expect(await hasLiveSubscription(db, owner.id, new Date())).toBe(true);
  });

  it('refuses after the maximum lesson count (count from the lessons module)', async () => {
    const student = await makeUser();
    const result = await activate(await paidTransaction(student.id));
    if (result.kind !== 'created') throw new Error('expected created');
    const caller = { userId: student.id, role: Role.Student };
    const tooMany = async () => SUBSCRIPTION_CANCEL_MAX_LESSONS + 1;
    expect(
      await codeOf(cancelSubscription({ db, clock: systemClock() }, caller, {}, tooMany)),
    ).toBe('subscription-uncancellable');
    expect(await hasLiveSubscription(db, student.id, new Date())).toBe(true);
    const atMost = async () => SUBSCRIPTION_CANCEL_MAX_LESSONS;
    const view = await cancelSubscription({ db, clock: systemClock() }, caller, {}, atMost);
    expect(view.state).toBe('canceled');
  });

  it('refuses an ended subscription', async () => {
    const student = await makeUser();
    const row = await insertSubscription(student.id, { endsAt: at('2024-06-01T00:00:00Z') });
    const answer = await api<{ code: string }>('PATCH', '/sub/cancel', student, {
      subscriptionId: row.id,
    });
    expect(answer).toMatchObject({ status: 422, body: { code: 'illegal' } });
  });
});

describe('reading subscriptions', () => {
  it('shows one to its owner and to admins only', async () => {
    const owner = await makeUser();
    const result = await activate(await paidTransaction(owner.id));
    if (result.kind !== 'created') throw new Error('expected created');
    const id = result.subscription.id;
    const mine = await api<SubscriptionView>('GET', `/sub/${id}`, owner);
    expect(mine).toMatchObject({ status: 200, body: { id, userId: owner.id, state: 'active' } });
    expect((await api<SubscriptionView>('GET', `/sub/${id}`, admin)).body.id).toBe(id);
    const stranger = await makeUser();
    const hidden = await api<{ code: string }>('GET', `/sub/${id}`, stranger);
    expect(hidden).toMatchObject({ status: 404, body: { code: 'subscription-not-found' } });
    expect((await api<{ code: string }>('GET', '/sub/999999', admin)).status).toBe(404);
    expect((await api<{ code: string }>('GET', `/sub/${id}`, null)).status).toBe(401);
  });

  it('lists them for admins, paged and filtered by user, plan and state', async () => {
    const student = await makeUser();
    await activate(
      await paidTransaction(student.id, beginning, PlanPeriod.Month),
      at('2024-01-01T10:00:00Z'),
    );
    await activate(await paidTransaction(student.id), new Date());
    const all = await api<SubscriptionPage>('GET', `/sub/list?userId=${student.id}`, admin);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.list.map((s) => s.state)).toEqual(['active', 'ended']);
    const ended = await api<SubscriptionPage>(
      'GET',
      `/sub/list?userId=${student.id}&state=ended`,
      admin,
    );
    expect(ended.body.list.map((s) => s.planId)).toEqual([beginning.id]);
    const byPlan = await api<SubscriptionPage>(
      'GET',
      `/sub/list?userId=${student.id}&planId=${advance.id}`,
      admin,
    );
    expect(byPlan.body.total).toBe(1);
    const paged = await api<SubscriptionPage>(
      'GET',
      `/sub/list?size=1&page=2&userId=${student.id}`,
      admin,
    );
    expect(paged.body).toMatchObject({ total: 2, list: [{ state: 'ended' }] });
    const bad = await api<{ code: string }>('GET', '/sub/list?state=paused', admin);
    expect(bad.status).toBe(400);
    expect((await api<{ code: string }>('GET', '/sub/list', student)).status).toBe(403);
  });
});

describe.runIf(testDriver === 'postgres')('on PostgreSQL', () => {
  it('serialises a student’s subscription writes (no duplicate under real concurrency)', async () => {
    const student = await makeUser();
    const transaction = await paidTransaction(student.id);
    const results = await Promise.all(Array.from({ length: 8 }, () => activate(transaction)));
    expect(results.filter((r) => r.kind === 'created')).toHaveLength(1);
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, student.id));
    expect(rows).toHaveLength(1);
    const [user] = await db.select().from(users).where(eq(users.id, student.id));
    expect(user?.id).toBe(student.id);
  });
});
