import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TransactionStatus } from '@talaqa/domain';
import type { PaymobCheckoutAnswer, TransactionView } from '@talaqa/domain';
import { refunds } from '../../src/db/schema';
import type { RefundRow } from '../../src/db/schema';
import { FAWRY_PATHS } from '../../src/integrations/fawry';
import { call } from './api';
import type { Caller } from './api';
import { queryRows } from '../../src/db';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import {
  admin,
  eventually,
  fawryOrderOf,
  fawrySimulator,
  paidByFawryCard,
  paymobSimulator,
  plan,
  purchase,
  QUARTER_PRICE,
  student,
  subscriptionsOf,
  transactionRow,
} from './payments-fixtures';

/**
 * Issue 16, item 3: a refund whose answer is lost after the provider moved the money stays in
 * doubt (its amount reserved), refuses every other refund of the transaction with 409
 * `refund-in-doubt`, and is settled as done, once, by the provider's status or notification.
 */

let server: TestServer;
let planId: number;
let boss: Caller;

beforeAll(async () => {
  // The adapters give up after 1 s, so a hanging simulator is a timeout quickly.
  server = await startTestServer({}, { gatewayTimeoutMs: 1_000 });
  planId = await plan(server);
  boss = await admin(server);
});
afterAll(() => server.close());

async function paidByPaymob(): Promise<{ buyer: Caller; id: number; paymobId: number }> {
  const buyer = await student(server);
  const answer = await call<PaymobCheckoutAnswer>(
    server,
    'POST',
    '/paymob/create-checkout-url',
    buyer,
    purchase(planId),
  );
  const clientSecret = new URL(answer.body.url).searchParams.get('clientSecret') ?? '';
  const payment = await paymobSimulator(server).pay(clientSecret, 'success');
  expect((await transactionRow(server, answer.body.transactionId)).status).toBe(
    TransactionStatus.Paid,
  );
  return { buyer, id: answer.body.transactionId, paymobId: Number(payment.transaction.id) };
}

const refundsOf = (id: number): Promise<RefundRow[]> =>
  server.app.database.db.select().from(refunds).where(eq(refunds.transactionId, id));

const fawryRefundCalls = (): number =>
  fawrySimulator(server).requests.filter((r) => r.path === FAWRY_PATHS.refund).length;

/** Makes the transaction's refund check due now and runs the due jobs. */
async function runRefundCheckNow(refundId: number): Promise<void> {
  await queryRows(
    server.app.database.db,
    sql`update jobs set run_at = now() - interval '1 second'
      where kind = 'payments.check-refund' and key = ${String(refundId)}
        and done_at is null and canceled_at is null returning id`,
  );
  await server.app.jobs.runDue();
}

const refund = (id: number, extra: Record<string, unknown> = {}) =>
  call<TransactionView>(server, 'POST', '/fawry/refund', boss, {
    transactionId: id,
    reason: 'إلغاء الاشتراك',
    ...extra,
  });

describe('a Fawry refund that times out after the money moved', () => {
  it('stays in doubt, refuses a second click, and the status job settles it once', async () => {
    const { buyer, id } = await paidByFawryCard(server, planId);
    const simulator = fawrySimulator(server);
    // Fawry refunds, then never answers; its notification is withheld too.
    simulator.failNextRefund({ mode: 'hang', holdMs: 3_000, notify: false });
    const before = fawryRefundCalls();

    const first = await refund(id);
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: 'refund-in-doubt' });
    const order = await fawryOrderOf(server, id);
    expect(order).toMatchObject({ status: 'REFUNDED', refundedPiasters: QUARTER_PRICE });

    // Still Paid with the amount reserved; admins see the refund in doubt.
    const row = await transactionRow(server, id);
    expect(row).toMatchObject({ status: TransactionStatus.Paid, refundedAmount: QUARTER_PRICE });
    const view = await call<TransactionView>(server, 'GET', `/tx/${id}`, boss);
    expect(view.body.openRefund).toMatchObject({ amount: QUARTER_PRICE, state: 'in-doubt' });
    const [open] = await refundsOf(id);
    expect(open).toMatchObject({ state: 'in-doubt', amount: QUARTER_PRICE, refundedBefore: 0 });

    // A second click (even two at once) is refused, and nothing more is sent to Fawry.
    const again = await Promise.all([refund(id), refund(id, { amount: 1_000 })]);
    expect(again.map((r) => r.status)).toEqual([409, 409]);
    expect(again.map((r) => (r.body as unknown as { code: string }).code)).toEqual([
      'refund-in-doubt',
      'refund-in-doubt',
    ]);
    expect(fawryRefundCalls()).toBe(before + 1);

    // The status job asks Fawry (REFUNDED) and settles it as done.
    await runRefundCheckNow(open!.id);
    const settled = await transactionRow(server, id);
    expect(settled).toMatchObject({
      status: TransactionStatus.Refunded,
      refundedAmount: QUARTER_PRICE,
    });
    expect(await refundsOf(id)).toMatchObject([{ state: 'done' }]);
    const [sub] = await subscriptionsOf(server, buyer.id);
    expect(sub?.canceledAt).not.toBeNull();
    const viewAfter = await call<TransactionView>(server, 'GET', `/tx/${id}`, boss);
    expect(viewAfter.body.openRefund).toBeNull();

    // Once: the late notification and another check change nothing.
    await simulator.sendNotification(order!.referenceNumber);
    await runRefundCheckNow(open!.id);
    expect(await refundsOf(id)).toMatchObject([{ state: 'done' }]);
    expect(await transactionRow(server, id)).toMatchObject({
      status: TransactionStatus.Refunded,
      refundedAmount: QUARTER_PRICE,
    });
    expect(fawryRefundCalls()).toBe(before + 1);
  });

  it('is settled by Fawry’s REFUNDED notification when the answer was garbage', async () => {
    const { id } = await paidByFawryCard(server, planId);
    const simulator = fawrySimulator(server);
    simulator.failNextRefund({ mode: 'garbage', notify: false });
    const first = await refund(id, { amount: 20_000 });
    expect(first.status).toBe(409);
    expect(await refundsOf(id)).toMatchObject([{ state: 'in-doubt', amount: 20_000 }]);
    // Fawry's PARTIAL_REFUNDED notification arrives.
    const order = await fawryOrderOf(server, id);
    expect(order).toMatchObject({ status: 'PARTIAL_REFUNDED', refundedPiasters: 20_000 });
    await simulator.sendNotification(order!.referenceNumber);
    await eventually(async () => {
      expect(await refundsOf(id)).toMatchObject([{ state: 'done', amount: 20_000 }]);
    });
    expect(await transactionRow(server, id)).toMatchObject({
      status: TransactionStatus.PartialRefunded,
      refundedAmount: 20_000,
    });
    // Settled: the next refund goes through.
    const rest = await refund(id);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: TransactionStatus.Refunded });
  });

  it('allows only one open refund per transaction in the database', async () => {
    const { id } = await paidByFawryCard(server, planId);
    const db = server.app.database.db;
    const values = {
      transactionId: id,
      amount: 1_000,
      refundedBefore: 0,
      origin: 'admin' as const,
    };
    await db.insert(refunds).values({ ...values, reason: 'a', state: 'in-doubt' });
    await expect(
      db.insert(refunds).values({ ...values, reason: 'b', state: 'requested' }),
    ).rejects.toThrow();
    await db
      .update(refunds)
      .set({ state: 'refused', settledAt: new Date() })
      .where(eq(refunds.transactionId, id));
    await db.insert(refunds).values({ ...values, reason: 'c', state: 'requested' });
  });
});

describe('a Paymob refund whose answer is lost', () => {
  it('stays in doubt until the transaction inquiry shows the refunded amount', async () => {
    const { id, paymobId } = await paidByPaymob();
    const simulator = paymobSimulator(server);
    simulator.failNextRefund({ mode: 'garbage', notify: false });
    const first = await refund(id, { amount: 5_000 });
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: 'refund-in-doubt' });
    expect(simulator.transaction(paymobId)).toMatchObject({ refunded_amount_cents: 5_000 });
    const [open] = await refundsOf(id);
    expect(open).toMatchObject({ state: 'in-doubt' });
    const second = await refund(id, { amount: 5_000 });
    expect(second.status).toBe(409);
    expect(simulator.transaction(paymobId)).toMatchObject({ refunded_amount_cents: 5_000 });

    await runRefundCheckNow(open!.id);
    expect(await refundsOf(id)).toMatchObject([{ state: 'done' }]);
    expect(await transactionRow(server, id)).toMatchObject({
      status: TransactionStatus.PartialRefunded,
      refundedAmount: 5_000,
    });
  });

  it('is settled by the refund’s own callback when the call timed out', async () => {
    const { id, paymobId } = await paidByPaymob();
    // Paymob refunds and calls back, then the answer never comes: the callback, delivered while
    // the call was still running, already made it done.
    paymobSimulator(server).failNextRefund({ mode: 'hang', holdMs: 3_000 });
    const first = await refund(id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: TransactionStatus.Refunded, openRefund: null });
    expect(await refundsOf(id)).toMatchObject([{ state: 'done', amount: QUARTER_PRICE }]);
    // The callback sent again (Paymob retries) counts nothing twice.
    const [done] = await refundsOf(id);
    expect(done?.providerRefundId).not.toBeNull();
    const replay = await paymobSimulator(server).replayCallback(Number(done?.providerRefundId));
    expect(replay.delivered).toBe(true);
    expect(await refundsOf(id)).toMatchObject([{ state: 'done' }]);
    expect(await transactionRow(server, id)).toMatchObject({ refundedAmount: QUARTER_PRICE });
    const rest = await refund(id, { amount: 100 });
    expect(rest.status).toBe(422);
    expect(await transactionRow(server, id)).toMatchObject({
      status: TransactionStatus.Refunded,
      refundedAmount: QUARTER_PRICE,
    });
    expect(paymobSimulator(server).transaction(paymobId)).toMatchObject({
      refunded_amount_cents: QUARTER_PRICE,
    });
  });
});
