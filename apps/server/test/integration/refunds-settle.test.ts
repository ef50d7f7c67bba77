import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Role, TransactionStatus } from '@talaqa/domain';
import type { TransactionView } from '@talaqa/domain';
import { refunds } from '../../src/db/schema';
import type { RefundRow } from '../../src/db/schema';
import { queryRows } from '../../src/db';
import { call, signedInUser } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import {
  admin,
  fawryOrderOf,
  fawrySimulator,
  paidByFawryCard,
  plan,
  QUARTER_PRICE,
  student,
  subscriptionsOf,
  transactionRow,
} from './payments-fixtures';

/**
 * Issue 16: a refund in doubt that the status job cannot settle (a second partial Fawry refund,
 * or the job out of attempts) is settled by an admin after checking the provider's dashboard,
 * through the same guarded update as the job (once); and admins see the order reference.
 */

let server: TestServer;
let planId: number;
let boss: Caller;

beforeAll(async () => {
  server = await startTestServer({}, { gatewayTimeoutMs: 1_000 });
  planId = await plan(server);
  boss = await admin(server);
});
afterAll(() => server.close());

const refundsOf = (id: number): Promise<RefundRow[]> =>
  server.app.database.db
    .select()
    .from(refunds)
    .where(eq(refunds.transactionId, id))
    .orderBy(refunds.id);

const refund = (id: number, extra: Record<string, unknown> = {}) =>
  call<TransactionView>(server, 'POST', '/fawry/refund', boss, {
    transactionId: id,
    reason: 'إلغاء الاشتراك',
    ...extra,
  });

const settle = (id: number | string, body: Record<string, unknown>, who: Caller = boss) =>
  call<TransactionView>(server, 'POST', `/tx/${id}/refund/settle`, who, body);

async function runRefundCheckNow(refundId: number): Promise<void> {
  await queryRows(
    server.app.database.db,
    sql`update jobs set run_at = now() - interval '1 second'
      where kind = 'payments.check-refund' and key = ${String(refundId)}
        and done_at is null and canceled_at is null returning id`,
  );
  await server.app.jobs.runDue();
}

/** A paid Fawry order with a refund of `amount` in doubt (Fawry refunded, the answer was lost). */
async function refundInDoubt(amount?: number): Promise<{ buyer: Caller; id: number }> {
  const paid = await paidByFawryCard(server, planId);
  fawrySimulator(server).failNextRefund({ mode: 'garbage', notify: false });
  const first = await refund(paid.id, amount === undefined ? {} : { amount });
  expect(first.status).toBe(409);
  expect(first.body).toMatchObject({ code: 'refund-in-doubt' });
  return paid;
}

describe('settling a refund in doubt by hand', () => {
  it('done: a second partial Fawry refund the job cannot tell settles as the job would, once', async () => {
    const { buyer, id } = await paidByFawryCard(server, planId);
    expect((await refund(id, { amount: 20_000 })).status).toBe(200);
    fawrySimulator(server).failNextRefund({ mode: 'garbage', notify: false });
    expect((await refund(id, { amount: 10_000 })).status).toBe(409);
    const [, open] = await refundsOf(id);
    expect(open).toMatchObject({ state: 'in-doubt', amount: 10_000, refundedBefore: 20_000 });
    // Fawry says PARTIAL_REFUNDED, which cannot tell the second refund from the first: it waits.
    await runRefundCheckNow(open!.id);
    expect((await refundsOf(id))[1]).toMatchObject({ state: 'in-doubt' });

    const settled = await settle(id, { outcome: 'done', note: '  ظهر في لوحة فوري  ' });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({
      status: TransactionStatus.PartialRefunded,
      refundedAmount: 30_000,
      openRefund: null,
    });
    const [, done] = await refundsOf(id);
    expect(done).toMatchObject({
      state: 'done',
      settledBy: boss.id,
      settleNote: 'ظهر في لوحة فوري',
    });
    expect(done!.settledAt).not.toBeNull();
    expect((await subscriptionsOf(server, buyer.id))[0]?.canceledAt).toBeNull();

    // Once: a second settle, by hand or by the job, changes nothing.
    const again = await settle(id, { outcome: 'refused', note: 'مرة أخرى' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'refund-not-in-doubt' });
    await runRefundCheckNow(open!.id);
    expect(await transactionRow(server, id)).toMatchObject({
      status: TransactionStatus.PartialRefunded,
      refundedAmount: 30_000,
    });
    expect((await refundsOf(id)).map((r) => r.state)).toEqual(['done', 'done']);
  });

  it('done: a full refund ends the subscription as the automatic path does', async () => {
    const { buyer, id } = await refundInDoubt();
    const settled = await settle(id, { outcome: 'done', note: 'مسترد كاملًا' });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({
      status: TransactionStatus.Refunded,
      refundedAmount: QUARTER_PRICE,
    });
    const [sub] = await subscriptionsOf(server, buyer.id);
    expect(sub?.canceledAt).not.toBeNull();
    const second = await settle(id, { outcome: 'done', note: 'مرة أخرى' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'refund-not-in-doubt' });
  });

  it('refused: the reservation is given back and a new refund may be asked', async () => {
    const { id } = await refundInDoubt(20_000);
    expect(await transactionRow(server, id)).toMatchObject({ refundedAmount: 20_000 });
    const settled = await settle(id, { outcome: 'refused', note: 'لا أثر له في لوحة فوري' });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({
      status: TransactionStatus.Paid,
      refundedAmount: 0,
      openRefund: null,
    });
    expect(await refundsOf(id)).toMatchObject([
      { state: 'refused', settledBy: boss.id, settleNote: 'لا أثر له في لوحة فوري' },
    ]);
    const next = await refund(id, { amount: 5_000 });
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({
      status: TransactionStatus.PartialRefunded,
      refundedAmount: 5_000,
    });
  });

  it('refuses a refund whose call still runs, no open refund, and anyone but an admin', async () => {
    const { id } = await paidByFawryCard(server, planId);
    const none = await settle(id, { outcome: 'done', note: 'ملاحظة' });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'refund-not-in-doubt' });

    await server.app.database.db.insert(refunds).values({
      transactionId: id,
      amount: 1_000,
      refundedBefore: 0,
      origin: 'admin',
      reason: 'يجري الآن',
      state: 'requested',
    });
    const running = await settle(id, { outcome: 'refused', note: 'ملاحظة' });
    expect(running.status).toBe(409);
    expect(running.body).toMatchObject({ code: 'refund-not-in-doubt' });
    expect(await refundsOf(id)).toMatchObject([{ state: 'requested', settledBy: null }]);

    const buyer = await student(server);
    const tutor = await signedInUser(server, Role.Tutor, { name: 'Tutor Settle' });
    for (const who of [buyer, tutor]) {
      expect((await settle(id, { outcome: 'refused', note: 'ملاحظة' }, who)).status).toBe(403);
    }
    expect(await refundsOf(id)).toMatchObject([{ state: 'requested' }]);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { id } = await refundInDoubt(1_000);
    for (const [target, body] of [
      [2 ** 31, { outcome: 'done', note: 'ملاحظة' }],
      [id, { outcome: 'done' }],
      [id, { outcome: 'done', note: '   ' }],
      [id, { outcome: 'done', note: 'x'.repeat(501) }],
      [id, { outcome: 'maybe', note: 'ملاحظة' }],
      [id, { outcome: 'done', note: 'a\u0000b' }],
    ] as const) {
      expect((await settle(target, body)).status).toBe(400);
    }
    expect(await refundsOf(id)).toMatchObject([{ state: 'in-doubt' }]);
  });
});

describe('the order reference', () => {
  it('is in the admin’s transaction view: what Fawry knows the order by', async () => {
    const { id } = await paidByFawryCard(server, planId);
    const { orderReference } = await transactionRow(server, id);
    expect(orderReference).toMatch(/^\d{19}$/);
    const view = await call<TransactionView>(server, 'GET', `/tx/${id}`, boss);
    expect(view.body.orderReference).toBe(orderReference);
    const order = await fawryOrderOf(server, id);
    expect(order).toBeDefined();
    const list = await call<{ list: TransactionView[] }>(
      server,
      'GET',
      `/tx/list?userId=${(await transactionRow(server, id)).userId}`,
      boss,
    );
    expect(list.body.list.find((t) => t.id === id)?.orderReference).toBe(orderReference);
  });
});
