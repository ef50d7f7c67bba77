import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PlanPeriod, TransactionStatus } from '@talaqa/domain';
import type { PaymentStarted, PaymobCheckoutAnswer, TransactionView } from '@talaqa/domain';
import { queryRows } from '../../src/db';
import { FAWRY_PATHS, FAWRY_TEST_CARDS } from '../../src/integrations/fawry';
import { transactionCallbackHmac } from '../../src/integrations/paymob';
import { INSTANCE_LOCK_NAMESPACE } from '../../src/modules/payments/attempts';
import { NOTIFICATION_LIMIT } from '../../src/modules/payments/routes';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';
import {
  cardPayment,
  eventually,
  fawryProfileIdInDatabase,
  fawrySimulator,
  paymobSimulator,
  plan,
  purchase,
  saveCard,
  student,
  subscriptionsOf,
  transactionRow,
  WEB_RETURN,
} from './payments-fixtures';

/**
 * Issue 15, payments: unsigned notifications are counted, not stored; bodies are capped; the
 * notification routes are limited per address; the 3-D Secure return tells nothing about the
 * transaction it names; one open order per student.
 */

let server: TestServer;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  planId = await plan(server);
});
afterAll(() => server.close());

const api = (path: string) => `${server.baseUrl}/api/v1${path}`;

async function post(path: string, body: string): Promise<number> {
  const response = await fetch(api(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

async function storedNotifications(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server.app.database.db,
    sql`select count(*)::int as n from payment_notifications`,
  );
  return row?.n ?? 0;
}

async function unverifiedCount(provider: 'fawry' | 'paymob'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server.app.database.db,
    sql`select coalesce(sum(count), 0)::int as n from unverified_notification_counts
      where provider = ${provider}`,
  );
  return row?.n ?? 0;
}

async function payReference(buyer: Caller, body = purchase(planId)) {
  return call<PaymentStarted>(server, 'POST', '/fawry/pay/ref-num', buyer, body);
}

describe('gateway notifications', () => {
  it('stores nothing of an unsigned notification: it is only counted', async () => {
    const before = await storedNotifications();
    const filler = 'x'.repeat(12 * 1024);
    const fawry = JSON.stringify({
      merchantRefNumber: '1',
      orderStatus: 'PAID',
      signature: '0'.repeat(64),
      filler,
    });
    expect(await post('/fawry/notification', fawry)).toBe(400);
    expect(await post('/fawry/notification', fawry)).toBe(400);
    const paymob = JSON.stringify({ type: 'TRANSACTION', obj: { id: 7, filler } });
    expect(await post(`/paymob/callback?hmac=${'f'.repeat(128)}`, paymob)).toBe(400);
    expect(await storedNotifications()).toBe(before);
    expect(await unverifiedCount('fawry')).toBe(2);
    expect(await unverifiedCount('paymob')).toBe(1);
    const [last] = await queryRows<{ last_excerpt: string }>(
      server.app.database.db,
      sql`select last_excerpt from unverified_notification_counts where provider = 'fawry'`,
    );
    expect(last?.last_excerpt).toBe('unverified:1:PAID');
  });

  it('refuses an unsigned call with the error body every route answers', async () => {
    for (const path of ['/fawry/notification', `/paymob/callback?hmac=${'f'.repeat(128)}`]) {
      const response = await fetch(api(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchantRefNumber: '1', signature: '0'.repeat(64) }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'bad-request', message: expect.any(String) });
    }
  });

  it('answers 413 past 16 KiB and stores nothing', async () => {
    const before = await storedNotifications();
    const big = JSON.stringify({ merchantRefNumber: '1', filler: 'x'.repeat(17 * 1024) });
    expect(await post('/fawry/notification', big)).toBe(413);
    expect(await post(`/paymob/callback?hmac=${'f'.repeat(128)}`, big)).toBe(413);
    expect(await storedNotifications()).toBe(before);
  });

  it('still applies signed notifications, once', async () => {
    const buyer = await student(server);
    const started = await payReference(buyer);
    expect(started.status).toBe(200);
    if (started.body.next.kind !== 'reference') throw new Error('expected a reference number');
    const simulator = fawrySimulator(server);
    await simulator.idle();
    simulator.payReference(started.body.next.referenceNumber);
    await simulator.idle();
    const again = await simulator.sendNotification(started.body.next.referenceNumber);
    expect(again[0]?.status).toBe(200);
    expect((await transactionRow(server, started.body.transaction.id)).status).toBe(
      TransactionStatus.Paid,
    );
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);

    // Paymob: a signed callback pays; the same callback again changes nothing.
    const other = await student(server);
    const checkout = await call<PaymobCheckoutAnswer>(
      server,
      'POST',
      '/paymob/create-checkout-url',
      other,
      purchase(planId),
    );
    const secret = new URL(checkout.body.url).searchParams.get('clientSecret') ?? '';
    const paid = await paymobSimulator(server).pay(secret, 'success');
    const body = { type: 'TRANSACTION', obj: paid.transaction };
    const hmac = transactionCallbackHmac(paid.transaction, server.config.paymob.hmacSecret);
    expect(await post(`/paymob/callback?hmac=${hmac}`, JSON.stringify(body))).toBe(200);
    expect((await transactionRow(server, checkout.body.transactionId)).status).toBe(
      TransactionStatus.Paid,
    );
    expect(await subscriptionsOf(server, other.id)).toHaveLength(1);
  });
});

describe('the 3-D Secure return', () => {
  it('answers the same redirect whatever transaction it names', async () => {
    const buyer = await student(server);
    const token = await saveCard(server, buyer, FAWRY_TEST_CARDS.threeDSecure);
    const started = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, token),
    );
    expect(started.status).toBe(200);
    const other = await student(server);
    const paymob = await call<PaymobCheckoutAnswer>(
      server,
      'POST',
      '/paymob/create-checkout-url',
      other,
      purchase(planId),
    );
    const ids = [started.body.transaction.id, paymob.body.transactionId, 2_000_000_000];
    const answers = await Promise.all(
      ids.map(async (id) => {
        const response = await fetch(api(`/fawry/return?tx=${id}`), { redirect: 'manual' });
        await response.arrayBuffer();
        return { status: response.status, location: response.headers.get('location') };
      }),
    );
    // No plan, period, provider or existence: the payments page, for all three.
    for (const answer of answers) {
      expect(answer).toEqual({ status: 303, location: 'http://localhost:4100/payments' });
    }
    // With `to` (our checkout page), the browser goes back there with the id it gave.
    const back = await fetch(
      api(`/fawry/return?tx=${ids[1]}&to=${encodeURIComponent(WEB_RETURN)}`),
      { redirect: 'manual' },
    );
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${WEB_RETURN}?tx=${ids[1]}`);
    expect((await transactionRow(server, started.body.transaction.id)).status).toBe(
      TransactionStatus.New,
    );
  });

  it('refuses ids past PostgreSQL integers with 400', async () => {
    for (const tx of ['2147483648', '99999999999999999999', '0', '-1', 'x']) {
      const response = await fetch(api(`/fawry/return?tx=${tx}`), { redirect: 'manual' });
      await response.arrayBuffer();
      expect(response.status).toBe(400);
    }
    const last = await fetch(api('/fawry/return?tx=2147483647'), { redirect: 'manual' });
    expect(last.status).toBe(303);
  });
});

describe('one open order per student', () => {
  it('charges one card of ten checkouts sent at once, and refunds nothing', async () => {
    const buyer = await student(server);
    const token = await saveCard(server, buyer, FAWRY_TEST_CARDS.success);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<PaymentStarted>(server, 'POST', '/fawry/pay/card', buyer, cardPayment(planId, token)),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(['open-payment-exists', 'subscription-exists']).toContain(
        (refused.body as unknown as { code: string }).code,
      );
    }
    const profileId = await fawryProfileIdInDatabase(server, buyer.id);
    const charges = fawrySimulator(server).requests.filter(
      (r) =>
        r.path === FAWRY_PATHS.charge &&
        (r.body as { customerProfileId?: string }).customerProfileId === profileId,
    );
    expect(charges).toHaveLength(1);
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);
    const [refunded] = await queryRows<{ n: number }>(
      server.app.database.db,
      sql`select count(*)::int as n from transactions
        where user_id = ${buyer.id} and refunded_amount > 0`,
    );
    expect(refunded?.n).toBe(0);
  });

  it('refuses a second checkout while one is open, answers the same key, and frees on cancel', async () => {
    const buyer = await student(server);
    const first = purchase(planId);
    const opened = await payReference(buyer, first);
    expect(opened.status).toBe(200);
    const id = opened.body.transaction.id;

    const second = await payReference(buyer);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'open-payment-exists' });
    const paymob = await call(server, 'POST', '/paymob/create-checkout-url', buyer, {
      ...purchase(planId),
      period: PlanPeriod.Month,
    });
    expect(paymob.status).toBe(409);

    // The same key still answers the open order.
    const same = await payReference(buyer, first);
    expect(same.status).toBe(200);
    expect(same.body.transaction.id).toBe(id);
    expect(same.body.next).toEqual(opened.body.next);

    // Enforced by the database too: a second New row for the student cannot be written.
    await expect(
      queryRows(
        server.app.database.db,
        sql`insert into transactions (user_id, plan_id, period, method, provider, amount,
          list_price, idempotency_key) values (${buyer.id}, ${planId}, 1, 3, 'fawry', 100, 100,
          'direct') returning id`,
      ),
    ).rejects.toThrow();

    // Given up, it no longer blocks.
    const canceled = await call<TransactionView>(
      server,
      'POST',
      '/fawry/cancel-unpaid-order',
      buyer,
      {
        transactionId: id,
      },
    );
    expect(canceled.body.status).toBe(TransactionStatus.Canceled);
    const next = await payReference(buyer);
    expect(next.status).toBe(200);
  });

  it('lets the buyer cancel an open card or Paymob order too', async () => {
    const buyer = await student(server);
    const token = await saveCard(server, buyer, FAWRY_TEST_CARDS.threeDSecure);
    const card = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, token),
    );
    expect(card.body.next.kind).toBe('redirect');
    const canceled = await call<TransactionView>(
      server,
      'POST',
      '/fawry/cancel-unpaid-order',
      buyer,
      {
        transactionId: card.body.transaction.id,
      },
    );
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe(TransactionStatus.Canceled);
    const paymob = await call<PaymobCheckoutAnswer>(
      server,
      'POST',
      '/paymob/create-checkout-url',
      buyer,
      purchase(planId),
    );
    expect(paymob.status).toBe(200);
    const closed = await call<TransactionView>(
      server,
      'POST',
      '/fawry/cancel-unpaid-order',
      buyer,
      {
        transactionId: paymob.body.transactionId,
      },
    );
    expect(closed.body.status).toBe(TransactionStatus.Canceled);
  });
});

describe('an order closed before its answer arrived', () => {
  it('refunds a payment made on it at Fawry, with the reference Fawry reports', async () => {
    const buyer = await student(server);
    const started = await payReference(buyer);
    if (started.body.next.kind !== 'reference') throw new Error('expected a reference number');
    const reference = started.body.next.referenceNumber;
    const id = started.body.transaction.id;
    // As if the answer had been lost (no reference stored) and the order closed meanwhile.
    await queryRows(
      server.app.database.db,
      sql`update transactions set status = ${TransactionStatus.Canceled},
        provider_reference = null where id = ${id} returning id`,
    );
    const simulator = fawrySimulator(server);
    simulator.payReference(reference);
    await simulator.idle();
    await eventually(async () => {
      const row = await transactionRow(server, id);
      expect(row.refundedAmount).toBe(row.amount);
      expect(row.providerReference).toBe(reference);
    });
    expect(simulator.order(reference)?.status).toBe('REFUNDED');
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(0);
  });
});

describe('the instance lock (PostgreSQL)', () => {
  const locks = () =>
    queryRows<{ pid: number }>(
      server.app.database.db,
      sql`select pid from pg_locks where locktype = 'advisory' and granted
        and classid = ${INSTANCE_LOCK_NAMESPACE}::oid
        and database = (select oid from pg_database where datname = current_database())`,
    );

  it.runIf(testDriver === 'postgres')('is taken again when its connection is lost', async () => {
    const buyer = await student(server);
    expect((await payReference(buyer)).status).toBe(200);
    const [held] = await locks();
    if (!held) throw new Error('no instance lock after a checkout');
    await queryRows(server.app.database.db, sql`select pg_terminate_backend(${held.pid}) as done`);
    await eventually(async () => {
      const again = await locks();
      expect(again).toHaveLength(1);
      expect(again[0]?.pid).not.toBe(held.pid);
    }, 10_000);
  });
});

describe('notification limit', () => {
  it(`answers 429 past ${NOTIFICATION_LIMIT.max} notifications a minute from one address`, async () => {
    const body = JSON.stringify({ merchantRefNumber: '1', signature: '0' });
    let last = 0;
    for (let i = 0; i <= NOTIFICATION_LIMIT.max; i += 1) {
      last = await post('/fawry/notification', body);
      if (last === 429) break;
    }
    expect(last).toBe(429);
    // Counted per route: Paymob's callback has its own budget.
    expect(await post(`/paymob/callback?hmac=${'f'.repeat(128)}`, body)).toBe(400);
  });
});
