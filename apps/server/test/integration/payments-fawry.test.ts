import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentMethod, PlanPeriod, TransactionStatus } from '@talaqa/domain';
import type {
  CardToken,
  PaymentStarted,
  PaymentStatusAnswer,
  TransactionPage,
  TransactionView,
} from '@talaqa/domain';
import { transactions } from '../../src/db/schema';
import { FAWRY_PATHS, FAWRY_TEST_CARDS } from '../../src/integrations/fawry';
import { activatePaidTransaction } from '../../src/modules/subscriptions';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer, testConfig } from './helpers';
import type { TestServer } from './helpers';
import {
  admin,
  cardPayment,
  chargesOf,
  eventually,
  fawryOrderOf,
  fawrySimulator,
  notificationsOf,
  plan,
  purchase,
  QUARTER_PRICE,
  runExpiryNow,
  saveCard,
  student,
  subscriptionsOf,
  transactionRow,
  WEB_RETURN,
} from './payments-fixtures';

let server: TestServer;
let planId: number;

beforeAll(async () => {
  // Bank installments are off by default (unconfirmed at Fawry); these tests cover them on.
  const config = testConfig();
  server = await startTestServer({ fawry: { ...config.fawry, installmentsEnabled: true } });
  planId = await plan(server);
});
afterAll(() => server.close());

/** A student with a saved card of this number. */
async function withCard(cardNumber: string = FAWRY_TEST_CARDS.success) {
  const buyer = await student(server);
  return { buyer, token: await saveCard(server, buyer, cardNumber) };
}

async function payReference(buyer: Caller): Promise<PaymentStarted> {
  const started = await call<PaymentStarted>(
    server,
    'POST',
    '/fawry/pay/ref-num',
    buyer,
    purchase(planId),
  );
  expect(started.status).toBe(200);
  return started.body;
}

const referenceOf = (started: PaymentStarted): string => {
  if (started.next.kind !== 'reference') throw new Error(`next is ${started.next.kind}`);
  return started.next.referenceNumber;
};

describe('paying by card', () => {
  it('charges a saved card once and gives exactly one subscription', async () => {
    const { buyer, token } = await withCard();
    const { status, body } = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, token),
    );
    expect(status).toBe(200);
    expect(body.next).toEqual({ kind: 'done' });
    expect(body.transaction).toMatchObject({
      status: TransactionStatus.Paid,
      amount: QUARTER_PRICE,
      method: PaymentMethod.Card,
      provider: 'fawry',
      userId: buyer.id,
      expiresAt: null,
      plan: { id: planId, weeklyMinutes: 120, name: 'advance' },
    });
    expect(body.transaction.providerReference).toMatch(/^\d+$/);
    // The PAID notification arrives too; it changes nothing more.
    await fawrySimulator(server).idle();
    const subs = await subscriptionsOf(server, buyer.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ transactionId: body.transaction.id, weeklyMinutes: 120 });
    expect(await chargesOf(server, body.transaction.id)).toBe(1);

    // Paid now: another purchase is refused.
    const again = await call(server, 'POST', '/fawry/pay/card', buyer, cardPayment(planId, token));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'subscription-exists' });
  });

  it('answers a declined card with a Failed transaction, and a retry with a new key pays', async () => {
    const buyer = await student(server);
    const declined = await saveCard(server, buyer, FAWRY_TEST_CARDS.declined);
    const good = await saveCard(server, buyer, FAWRY_TEST_CARDS.mastercard);
    const first = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, declined),
    );
    expect(first.status).toBe(200);
    expect(first.body.transaction.status).toBe(TransactionStatus.Failed);
    expect(first.body.next).toEqual({ kind: 'done' });
    expect((await transactionRow(server, first.body.transaction.id)).failureReason).toBe(
      'declined:99907',
    );
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(0);

    const retry = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, good),
    );
    expect(retry.body.transaction.status).toBe(TransactionStatus.Paid);
    expect(retry.body.transaction.id).not.toBe(first.body.transaction.id);
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);
  });

  it('charges once when the same checkout is sent twice at the same moment', async () => {
    const { buyer, token } = await withCard();
    const body = cardPayment(planId, token);
    const [a, b] = await Promise.all([
      call<PaymentStarted>(server, 'POST', '/fawry/pay/card', buyer, body),
      call<PaymentStarted>(server, 'POST', '/fawry/pay/card', buyer, body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.transaction.id).toBe(b.body.transaction.id);
    expect(a.body.next).toEqual(b.body.next);
    expect(a.body.transaction.status).toBe(TransactionStatus.Paid);
    expect(b.body.transaction.status).toBe(TransactionStatus.Paid);
    expect(await chargesOf(server, a.body.transaction.id)).toBe(1);
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);

    // Later, the same key still answers the same, and charges nothing.
    const later = await call<PaymentStarted>(server, 'POST', '/fawry/pay/card', buyer, body);
    expect(later.body.transaction.id).toBe(a.body.transaction.id);
    expect(await chargesOf(server, a.body.transaction.id)).toBe(1);
    // A key reused for another purchase is refused.
    const other = await call(server, 'POST', '/fawry/pay/ref-num', buyer, {
      ...body,
      cardToken: undefined,
    });
    expect(other.status).toBe(422);
  });

  it('goes through 3-D Secure and back to the checkout page, paid', async () => {
    const { buyer, token } = await withCard(FAWRY_TEST_CARDS.threeDSecure);
    const started = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, token),
    );
    expect(started.body.transaction.status).toBe(TransactionStatus.New);
    if (started.body.next.kind !== 'redirect') throw new Error('expected a redirect');
    const challenge = started.body.next.url;
    // The bank's page: the customer presses «ادفع».
    const decided = await fetch(challenge, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=pay',
      redirect: 'manual',
    });
    const back = decided.headers.get('location') ?? '';
    expect(back.startsWith(`${server.baseUrl}/api/v1/fawry/return?`)).toBe(true);
    const returned = await fetch(back, { redirect: 'manual' });
    expect(returned.status).toBe(303);
    const page = new URL(returned.headers.get('location') ?? '');
    expect(page.origin + page.pathname).toBe(WEB_RETURN);
    expect(page.searchParams.get('tx')).toBe(String(started.body.transaction.id));
    const view = await call<TransactionView>(
      server,
      'GET',
      `/tx/${started.body.transaction.id}`,
      buyer,
    );
    expect(view.body.status).toBe(TransactionStatus.Paid);
    await fawrySimulator(server).idle();
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);
  });

  it('a forged 3-D Secure return changes nothing', async () => {
    const { buyer, token } = await withCard(FAWRY_TEST_CARDS.threeDSecure);
    const started = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, token),
    );
    const id = started.body.transaction.id;
    const forged = await fetch(
      `${server.baseUrl}/api/v1/fawry/return?tx=${id}&merchantRefNumber=${id}&orderStatus=PAID&signature=00&to=${encodeURIComponent('https://evil.example/x')}`,
      { redirect: 'manual' },
    );
    expect(forged.status).toBe(303);
    // Not the foreign page: our own checkout page.
    expect(new URL(forged.headers.get('location') ?? '').origin).toBe('http://localhost:4100');
    expect((await transactionRow(server, id)).status).toBe(TransactionStatus.New);
  });

  it('pays in bank installments where the plan offers them, and refuses other counts', async () => {
    const { buyer, token } = await withCard();
    const refused = await call(
      server,
      'POST',
      '/fawry/pay/bank-installments',
      buyer,
      cardPayment(planId, token, { installments: 3 }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'illegal' });
    const paid = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/bank-installments',
      buyer,
      cardPayment(planId, token, { installments: 2 }),
    );
    expect(paid.status).toBe(200);
    expect(paid.body.transaction).toMatchObject({
      status: TransactionStatus.Paid,
      method: PaymentMethod.BankInstallment,
      installments: 2,
    });
  });

  it('refuses a return URL outside the web app, an unverified e-mail and a missing phone', async () => {
    const { buyer, token } = await withCard();
    const away = await call(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, token, { returnUrl: 'https://evil.example/checkout' }),
    );
    expect(away.status).toBe(400);
    const unverified = await student(server, { emailVerified: false });
    const noEmail = await call(server, 'POST', '/fawry/pay/ref-num', unverified, purchase(planId));
    expect(noEmail.body).toMatchObject({ code: 'unverified-email' });
    const noPhone = await student(server, { phone: null });
    const phoneless = await call(server, 'POST', '/fawry/pay/ref-num', noPhone, purchase(planId));
    expect(phoneless.body).toMatchObject({ code: 'phone-required' });
    const unknownPlan = await call(server, 'POST', '/fawry/pay/ref-num', buyer, purchase(999_999));
    expect(unknownPlan.body).toMatchObject({ code: 'plan-not-found' });
  });
});

describe('paying later (reference number, e-wallet)', () => {
  it('gives a reference number and applies its payment from the notification', async () => {
    const buyer = await student(server);
    const started = await payReference(buyer);
    expect(started.transaction).toMatchObject({
      status: TransactionStatus.New,
      method: PaymentMethod.Fawry,
    });
    const reference = referenceOf(started);
    expect(started.transaction.referenceNumber).toBe(reference);
    expect(started.transaction.expiresAt).not.toBeNull();
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(0);

    fawrySimulator(server).payReference(reference);
    await fawrySimulator(server).idle();
    const row = await transactionRow(server, started.transaction.id);
    expect(row.status).toBe(TransactionStatus.Paid);
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);
  });

  it('applies one callback replayed three times, with a sync in between, once', async () => {
    const buyer = await student(server);
    const started = await payReference(buyer);
    const reference = referenceOf(started);
    const simulator = fawrySimulator(server);
    simulator.payReference(reference);
    const replays = [
      simulator.sendNotification(reference),
      simulator.sendNotification(reference),
      call(server, 'POST', '/fawry/payment-status/sync', buyer, {
        transactionId: started.transaction.id,
      }),
      simulator.sendNotification(reference),
    ];
    await Promise.all(replays);
    await simulator.idle();
    const deliveries = simulator.notifications.filter(
      (n) => n.body.fawryRefNumber === reference && n.body.orderStatus === 'PAID',
    );
    expect(deliveries.length).toBeGreaterThanOrEqual(4);
    expect(deliveries.every((n) => n.status === 200)).toBe(true);
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);
    const row = await transactionRow(server, started.transaction.id);
    expect(row.status).toBe(TransactionStatus.Paid);
    const recorded = (await notificationsOf(server, row.id)).filter(
      (n) => n.eventKey === `${reference}:PAID`,
    );
    expect(recorded).toHaveLength(1);
  });

  it('changes nothing for a wrong signature or a wrong amount, and records both', async () => {
    const buyer = await student(server);
    const started = await payReference(buyer);
    const reference = referenceOf(started);
    const simulator = fawrySimulator(server);
    await simulator.idle();
    const forged = await simulator.sendNotification(reference, {
      tamper: 'signature',
      fields: { orderStatus: 'PAID' },
    });
    expect(forged[0]?.status).toBe(400);
    const wrongAmount = await simulator.sendNotification(reference, {
      fields: { orderStatus: 'PAID', orderAmount: 1, paymentAmount: 1 },
    });
    expect(wrongAmount[0]?.status).toBe(200);
    const tampered = await simulator.sendNotification(reference, {
      tamper: 'amount',
      fields: { orderStatus: 'PAID' },
    });
    expect(tampered[0]?.status).toBe(400);
    await simulator.idle();
    expect((await transactionRow(server, started.transaction.id)).status).toBe(
      TransactionStatus.New,
    );
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(0);
    const mismatches = (await notificationsOf(server, started.transaction.id)).filter((n) =>
      n.eventKey.startsWith('mismatch:'),
    );
    expect(mismatches).toHaveLength(1);
  });

  it('expires an unpaid reference number from its job, after asking Fawry', async () => {
    const buyer = await student(server);
    const started = await payReference(buyer);
    await runExpiryNow(server, started.transaction.id);
    const row = await transactionRow(server, started.transaction.id);
    expect(row.status).toBe(TransactionStatus.Expired);
    // Cancelled at Fawry too, so it can no longer be paid.
    expect(fawrySimulator(server).order(referenceOf(started))?.status).toBe('CANCELED');
    const view = await call<TransactionView>(server, 'GET', `/tx/${row.id}`, buyer);
    expect(view.body).toMatchObject({ status: TransactionStatus.Expired, expiresAt: null });
  });

  it('the expiry job applies a payment made in the meantime', async () => {
    const buyer = await student(server);
    const started = await payReference(buyer);
    // The notification is lost: only the status API knows.
    fawrySimulator(server).setNotificationUrl('http://127.0.0.1:1/nowhere');
    try {
      fawrySimulator(server).payReference(referenceOf(started));
      await runExpiryNow(server, started.transaction.id);
    } finally {
      fawrySimulator(server).setNotificationUrl(`${server.baseUrl}/api/v1/fawry/notification`);
    }
    expect((await transactionRow(server, started.transaction.id)).status).toBe(
      TransactionStatus.Paid,
    );
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);
  });

  it('lets the buyer cancel an unpaid reference number', async () => {
    const buyer = await student(server);
    const other = await student(server);
    const started = await payReference(buyer);
    const id = started.transaction.id;
    const stranger = await call(server, 'POST', '/fawry/cancel-unpaid-order', other, {
      transactionId: id,
    });
    expect(stranger.status).toBe(404);
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
    expect(fawrySimulator(server).order(referenceOf(started))?.status).toBe('CANCELED');
    const twice = await call(server, 'POST', '/fawry/cancel-unpaid-order', buyer, {
      transactionId: id,
    });
    expect(twice.status).toBe(422);
  });

  it('sends an e-wallet request and applies its payment', async () => {
    const buyer = await student(server);
    const started = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/e-wallet',
      buyer,
      purchase(planId, { walletPhone: '01001234567' }),
    );
    expect(started.status).toBe(200);
    expect(started.body.next).toMatchObject({ kind: 'wallet', walletPhone: '+201001234567' });
    expect(started.body.transaction.method).toBe(PaymentMethod.EWallet);
    const reference = started.body.transaction.providerReference ?? '';
    fawrySimulator(server).payWallet(reference);
    await eventually(async () => {
      expect((await transactionRow(server, started.body.transaction.id)).status).toBe(
        TransactionStatus.Paid,
      );
    });
  });

  it('refunds a payment that cannot start because a subscription is live', async () => {
    const buyer = await student(server);
    // One open order per student: the subscription comes from a payment made elsewhere while
    // this order waits at Fawry (here written straight into the database).
    const second = await payReference(buyer);
    const db = server.app.database.db;
    const [paid] = await db
      .insert(transactions)
      .values({
        userId: buyer.id,
        planId,
        period: PlanPeriod.Quarter,
        method: PaymentMethod.Card,
        provider: 'fawry',
        status: TransactionStatus.Paid,
        amount: QUARTER_PRICE,
        listPrice: QUARTER_PRICE,
        idempotencyKey: 'paid-elsewhere',
        paidAt: new Date(),
      })
      .returning();
    if (!paid) throw new Error('no transaction');
    expect((await activatePaidTransaction(db, paid, new Date())).kind).not.toBe('conflict');
    const simulator = fawrySimulator(server);
    simulator.payReference(referenceOf(second));
    await simulator.idle();
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(1);
    await eventually(async () => {
      const row = await transactionRow(server, second.transaction.id);
      expect(row.status).toBe(TransactionStatus.Refunded);
      expect(row.refundedAmount).toBe(row.amount);
    });
    expect(simulator.order(referenceOf(second))?.status).toBe('REFUNDED');
  });
});

describe('status, refunds, cards and transactions', () => {
  it('answers what Fawry says without changing the transaction, and sync applies it', async () => {
    const buyer = await student(server);
    const started = await payReference(buyer);
    const id = started.transaction.id;
    fawrySimulator(server).setNotificationUrl('http://127.0.0.1:1/nowhere');
    try {
      fawrySimulator(server).payReference(referenceOf(started));
      const status = await call<PaymentStatusAnswer>(
        server,
        'GET',
        `/fawry/payment-status?transactionId=${id}`,
        buyer,
      );
      expect(status.body.status).toBe(TransactionStatus.New);
      expect(status.body.providerStatus).toMatchObject({ state: 'paid', orderStatus: 'PAID' });
      const synced = await call<TransactionView>(
        server,
        'POST',
        '/fawry/payment-status/sync',
        buyer,
        {
          transactionId: id,
        },
      );
      expect(synced.body.status).toBe(TransactionStatus.Paid);
    } finally {
      fawrySimulator(server).setNotificationUrl(`${server.baseUrl}/api/v1/fawry/notification`);
    }
    const stranger = await student(server);
    const hidden = await call(server, 'GET', `/fawry/payment-status?transactionId=${id}`, stranger);
    expect(hidden.status).toBe(404);
  });

  it('refunds part of a payment, then the rest, and never more', async () => {
    const { buyer, token } = await withCard();
    const boss = await admin(server);
    const paid = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, token),
    );
    const id = paid.body.transaction.id;
    const byStudent = await call(server, 'POST', '/fawry/refund', buyer, {
      transactionId: id,
      reason: 'x',
    });
    expect(byStudent.status).toBe(403);

    const partial = await call<TransactionView>(server, 'POST', '/fawry/refund', boss, {
      transactionId: id,
      amount: 35_000,
      reason: 'خصم بعد شكوى',
    });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({
      status: TransactionStatus.PartialRefunded,
      refundedAmount: 35_000,
    });
    const [sub] = await subscriptionsOf(server, buyer.id);
    expect(sub?.canceledAt).toBeNull();

    const tooMuch = await call(server, 'POST', '/fawry/refund', boss, {
      transactionId: id,
      amount: QUARTER_PRICE,
      reason: 'x',
    });
    expect(tooMuch.status).toBe(422);

    const rest = await call<TransactionView>(server, 'POST', '/fawry/refund', boss, {
      transactionId: id,
      reason: 'إلغاء الاشتراك',
    });
    expect(rest.body).toMatchObject({
      status: TransactionStatus.Refunded,
      refundedAmount: QUARTER_PRICE,
    });
    const [ended] = await subscriptionsOf(server, buyer.id);
    expect(ended?.canceledAt).not.toBeNull();
    const order = await fawryOrderOf(server, id);
    expect(order).toMatchObject({ status: 'REFUNDED', refundedPiasters: QUARTER_PRICE });

    const again = await call(server, 'POST', '/fawry/refund', boss, {
      transactionId: id,
      reason: 'x',
    });
    expect(again.status).toBe(422);
  });

  it('refunds once when the same refund is clicked twice', async () => {
    const { buyer, token } = await withCard();
    const boss = await admin(server);
    const paid = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, token),
    );
    const body = {
      transactionId: paid.body.transaction.id,
      amount: 10_000,
      reason: 'مرة',
      expectedRefundedAmount: paid.body.transaction.refundedAmount,
    };
    const refundCalls = () =>
      fawrySimulator(server).requests.filter((r) => r.path === FAWRY_PATHS.refund).length;
    const before = refundCalls();
    const results = await Promise.all([
      call(server, 'POST', '/fawry/refund', boss, body),
      call(server, 'POST', '/fawry/refund', boss, body),
    ]);
    // The second is refused: 409 refund-in-doubt while the first is still open at Fawry (the
    // refunds_one_open_per_transaction index), 422 once the first is done (the amount it saw
    // changed). Either way Fawry is asked once.
    const [ok, refused] = [...results].sort((a, b) => a.status - b.status);
    expect(ok?.status).toBe(200);
    expect([409, 422]).toContain(refused?.status);
    expect((refused?.body as { code?: string }).code).toBe(
      refused?.status === 409 ? 'refund-in-doubt' : 'illegal',
    );
    expect(refundCalls()).toBe(before + 1);
    expect((await transactionRow(server, paid.body.transaction.id)).refundedAmount).toBe(10_000);
  });

  it('lists, deletes and refuses foreign return URLs for saved cards', async () => {
    const { buyer, token } = await withCard(FAWRY_TEST_CARDS.mastercard);
    const list = await call<CardToken[]>(server, 'GET', '/fawry/card-token/list', buyer);
    expect(list.body).toEqual([{ token, last4: '0008', brand: 'mastercard' }]);
    const away = await call(
      server,
      'GET',
      `/fawry/card-token/url?returnUrl=${encodeURIComponent('https://evil.example/card-added')}`,
      buyer,
    );
    expect(away.status).toBe(400);
    const other = await student(server);
    const foreign = await call(server, 'DELETE', '/fawry/card-token', other, { token });
    expect(foreign.status).toBe(404);
    const removed = await call(server, 'DELETE', '/fawry/card-token', buyer, { token });
    expect(removed.status).toBe(204);
    const empty = await call<CardToken[]>(server, 'GET', '/fawry/card-token/list', buyer);
    expect(empty.body).toEqual([]);
  });

  it('shows students their own transactions and admins everyone’s', async () => {
    const buyer = await student(server);
    const stranger = await student(server);
    const boss = await admin(server);
    const first = await payReference(buyer);
    // One open order at a time: the first is given up before the second.
    const canceled = await call(server, 'POST', '/fawry/cancel-unpaid-order', buyer, {
      transactionId: first.transaction.id,
    });
    expect(canceled.status).toBe(200);
    const second = await payReference(buyer);
    const mine = await call<TransactionPage>(server, 'GET', '/tx/list', buyer);
    expect(mine.body.total).toBe(2);
    expect(mine.body.list.map((t) => t.id)).toEqual([second.transaction.id, first.transaction.id]);
    const last = await call<TransactionView>(server, 'GET', '/tx/last', buyer);
    expect(last.body.id).toBe(second.transaction.id);
    const none = await call(server, 'GET', '/tx/last', stranger);
    expect(none.body).toBeNull();
    expect((await call(server, 'GET', `/tx/${first.transaction.id}`, stranger)).status).toBe(404);
    expect((await call(server, 'GET', `/tx/list?userId=${buyer.id}`, stranger)).status).toBe(403);
    const all = await call<TransactionPage>(
      server,
      'GET',
      `/tx/list?userId=${buyer.id}&status=${TransactionStatus.New}`,
      boss,
    );
    expect(all.body.total).toBe(1);
    expect(all.body.list[0]?.userName).toMatch(/^Student Number/);
  });
});
