import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentMethod, TransactionStatus } from '@talaqa/domain';
import type { PaymobCheckoutAnswer, TransactionView } from '@talaqa/domain';
import { transactionCallbackHmac } from '../../src/integrations/paymob';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import {
  admin,
  notificationsOf,
  paymobSimulator,
  plan,
  purchase,
  QUARTER_PRICE,
  runExpiryNow,
  student,
  subscriptionsOf,
  transactionRow,
} from './payments-fixtures';

let server: TestServer;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  planId = await plan(server);
});
afterAll(() => server.close());

async function checkout(buyer: Caller, body = purchase(planId)) {
  const answer = await call<PaymobCheckoutAnswer>(
    server,
    'POST',
    '/paymob/create-checkout-url',
    buyer,
    body,
  );
  expect(answer.status).toBe(200);
  const url = new URL(answer.body.url);
  const clientSecret = url.searchParams.get('clientSecret') ?? '';
  return { ...answer.body, url, clientSecret };
}

/** Posts a callback body to our route, signed with `hmac`. */
async function postCallback(body: unknown, hmac: string): Promise<number> {
  const response = await fetch(
    `${server.baseUrl}/api/v1/paymob/callback?hmac=${encodeURIComponent(hmac)}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  await response.arrayBuffer();
  return response.status;
}

describe('paying on Paymob', () => {
  it('creates an intention, and its signed callback pays the transaction once', async () => {
    const buyer = await student(server);
    const started = await checkout(buyer);
    const simulator = paymobSimulator(server);
    expect(started.url.origin).toBe(simulator.url);
    expect(started.url.pathname).toBe('/unifiedcheckout/');
    const intention = simulator.intention(started.clientSecret);
    const { orderReference } = await transactionRow(server, started.transactionId);
    expect(orderReference).toMatch(/^3\d{18}$/);
    expect(intention?.request).toMatchObject({
      amount: QUARTER_PRICE,
      currency: 'EGP',
      special_reference: orderReference,
      notification_url: `${server.baseUrl}/api/v1/paymob/callback`,
    });
    const pending = await transactionRow(server, started.transactionId);
    expect(pending).toMatchObject({
      status: TransactionStatus.New,
      provider: 'paymob',
      method: PaymentMethod.Card,
      providerReference: String(intention?.paymobOrderId),
    });

    const payment = await simulator.pay(started.clientSecret, 'success');
    expect(payment.callback?.delivered).toBe(true);
    const redirect = new URL(payment.redirectUrl ?? '');
    expect(redirect.origin + redirect.pathname).toBe(`http://localhost:4100/checkout/${planId}/1`);
    expect(redirect.searchParams.get('tx')).toBe(String(started.transactionId));

    const view = await call<TransactionView>(server, 'GET', `/tx/${started.transactionId}`, buyer);
    expect(view.body).toMatchObject({ status: TransactionStatus.Paid, provider: 'paymob' });
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);

    // The same callback three more times: answered 200, nothing more happens.
    const id = Number(payment.transaction.id);
    for (let i = 0; i < 3; i += 1) {
      const replay = await simulator.replayCallback(id);
      expect(replay.delivered).toBe(true);
    }
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);
    const recorded = await notificationsOf(server, started.transactionId);
    expect(recorded.filter((n) => n.eventKey === `${id}:payment:success`)).toHaveLength(1);
  });

  it('keeps the checkout open after a declined card, so another card can pay', async () => {
    const buyer = await student(server);
    const started = await checkout(buyer);
    const simulator = paymobSimulator(server);
    await simulator.pay(started.clientSecret, 'declined');
    const declined = await transactionRow(server, started.transactionId);
    expect(declined.status).toBe(TransactionStatus.New);
    expect(declined.failureReason).toMatch(/^declined/);
    await simulator.pay(started.clientSecret, 'success');
    expect((await transactionRow(server, started.transactionId)).status).toBe(
      TransactionStatus.Paid,
    );
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);
  });

  it('answers the same checkout key with the same intention', async () => {
    const buyer = await student(server);
    const body = purchase(planId);
    const before = paymobSimulator(server).intentions().length;
    const [a, b] = await Promise.all([checkout(buyer, body), checkout(buyer, body)]);
    expect(a.transactionId).toBe(b.transactionId);
    expect(a.url.href).toBe(b.url.href);
    expect(paymobSimulator(server).intentions().length).toBe(before + 1);
  });

  it('changes nothing for a wrong HMAC or a wrong amount', async () => {
    const buyer = await student(server);
    const started = await checkout(buyer);
    const simulator = paymobSimulator(server);
    // A pending payment gives us a real transaction object to tamper with.
    const pending = await simulator.pay(started.clientSecret, 'pending');
    const obj = { ...pending.transaction, pending: false, success: true };
    const secret = server.config.paymob.hmacSecret;
    expect(await postCallback({ type: 'TRANSACTION', obj }, 'f'.repeat(128))).toBe(400);
    const cheap = { ...obj, amount_cents: 100 };
    expect(
      await postCallback(
        { type: 'TRANSACTION', obj: cheap },
        transactionCallbackHmac(cheap, secret),
      ),
    ).toBe(200);
    expect((await transactionRow(server, started.transactionId)).status).toBe(
      TransactionStatus.New,
    );
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(0);
    const recorded = await notificationsOf(server, started.transactionId);
    expect(recorded.some((n) => n.eventKey.startsWith('mismatch:'))).toBe(true);
    // The real decision, signed by Paymob, pays it.
    await simulator.settle(Number(pending.transaction.id), 'success');
    expect((await transactionRow(server, started.transactionId)).status).toBe(
      TransactionStatus.Paid,
    );
  });

  it('refunds a Paymob payment through Paymob', async () => {
    const buyer = await student(server);
    const boss = await admin(server);
    const started = await checkout(buyer);
    const payment = await paymobSimulator(server).pay(started.clientSecret, 'success');
    const partial = await call<TransactionView>(server, 'POST', '/fawry/refund', boss, {
      transactionId: started.transactionId,
      amount: 5_000,
      reason: 'تعويض',
    });
    expect(partial.body).toMatchObject({
      status: TransactionStatus.PartialRefunded,
      refundedAmount: 5_000,
    });
    const full = await call<TransactionView>(server, 'POST', '/fawry/refund', boss, {
      transactionId: started.transactionId,
      reason: 'إلغاء',
    });
    expect(full.body).toMatchObject({
      status: TransactionStatus.Refunded,
      refundedAmount: QUARTER_PRICE,
    });
    expect(paymobSimulator(server).transaction(Number(payment.transaction.id))).toMatchObject({
      refunded_amount_cents: QUARTER_PRICE,
    });
    const [sub] = await subscriptionsOf(server, buyer.id);
    expect(sub?.canceledAt).not.toBeNull();
  });

  it('expires a checkout nobody paid', async () => {
    const buyer = await student(server);
    const started = await checkout(buyer, { ...purchase(planId), idempotencyKey: randomUUID() });
    await runExpiryNow(server, started.transactionId);
    expect((await transactionRow(server, started.transactionId)).status).toBe(
      TransactionStatus.Expired,
    );
  });
});
