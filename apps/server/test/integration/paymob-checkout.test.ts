import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFastify, listenLocal } from '../../src/integrations/outbox/local-server';
import type { LocalServer } from '../../src/integrations/outbox/local-server';
import {
  createPaymobClient,
  intentionRequestSchema,
  PAYMOB_SIMULATOR_INTEGRATION_ID,
  PAYMOB_TEST_CARDS,
  PaymobError,
  startPaymobSimulator,
  verifyTransactionCallbackHmac,
} from '../../src/integrations/paymob';
import type {
  CreateIntentionInput,
  PaymobClientOptions,
  PaymobSimulator,
} from '../../src/integrations/paymob';

const keys = {
  secretKey: 'egy_sk_test_simulated_secret_key_0123456789abcdef',
  publicKey: 'egy_pk_test_SimulatedPublicKey01',
  hmacSecret: 'SIMULATED0HMAC0SECRET0123456789AB',
};

interface Received {
  body: unknown;
  query: Record<string, string>;
}

/** A tiny stand-in for our server's callback route. */
let receiver: LocalServer;
const received: Received[] = [];
let failNext = 0;
let simulator: PaymobSimulator;

const client = (overrides: Partial<PaymobClientOptions> = {}) =>
  createPaymobClient({
    baseUrl: simulator.url,
    ...keys,
    integrationIds: [PAYMOB_SIMULATOR_INTEGRATION_ID],
    timeoutMs: 5_000,
    ...overrides,
  });

const intentionInput = (overrides: Partial<CreateIntentionInput> = {}): CreateIntentionInput => ({
  amountPiasters: 150_000,
  merchantReference: `inv-${Math.random().toString(36).slice(2, 10)}`,
  customer: { name: 'سارة محمود علي', email: 'sara@example.com', phone: '+201001234567' },
  items: [{ name: 'Plan: 8 lessons / month', amountPiasters: 150_000 }],
  notificationUrl: `${receiver.url}/paymob/callback?source=paymob`,
  redirectionUrl: 'http://127.0.0.1:5173/payment/return',
  ...overrides,
});

async function failureOf(promise: Promise<unknown> | (() => unknown)): Promise<PaymobError> {
  let error: unknown;
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(PaymobError);
  return error as PaymobError;
}

const lastReceived = (): Received => {
  const last = received.at(-1);
  if (!last) throw new Error('no callback received');
  return last;
};

beforeAll(async () => {
  const app = createLocalFastify(undefined);
  app.post<{ Querystring: Record<string, string> }>('/paymob/callback', async (request, reply) => {
    received.push({ body: request.body, query: request.query });
    if (failNext > 0) {
      failNext -= 1;
      return reply.code(500).send({ error: 'try later' });
    }
    return reply.code(200).send({ ok: true });
  });
  receiver = await listenLocal(app, { port: 0 });
  simulator = await startPaymobSimulator({ port: 0, ...keys, callbackRetryDelaysMs: [20, 50] });
});
afterAll(async () => {
  await simulator.close();
  await receiver.close();
});
beforeEach(() => {
  received.length = 0;
  failNext = 0;
});

describe('Paymob adapter <-> simulator: intentions', () => {
  it('creates an intention and returns the Unified Checkout URL', async () => {
    const input = intentionInput();
    const intention = await client().createIntention(input);

    expect(intention.intentionId).toMatch(/^pi_test_[0-9a-f]{32}$/);
    expect(intention.clientSecret).toMatch(/^egy_csk_test_[0-9a-f]{32}$/);
    expect(intention.paymobOrderId).toEqual(expect.any(Number));
    const url = new URL(intention.checkoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${simulator.url}/unifiedcheckout/`);
    expect(url.searchParams.get('publicKey')).toBe(keys.publicKey);
    expect(url.searchParams.get('clientSecret')).toBe(intention.clientSecret);
    expect(simulator.intention(intention.clientSecret)?.status).toBe('intended');
  });

  it('posts the Intention API body Paymob documents', async () => {
    const input = intentionInput({ expirationSeconds: 3600, extras: { invoiceId: 42 } });
    await client().createIntention(input);
    const body = simulator.requests.at(-1);
    expect(intentionRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      amount: 150_000,
      currency: 'EGP',
      payment_methods: [PAYMOB_SIMULATOR_INTEGRATION_ID],
      items: [
        {
          name: 'Plan: 8 lessons / month',
          amount: 150_000,
          description: 'Plan: 8 lessons / month',
          quantity: 1,
        },
      ],
      billing_data: expect.objectContaining({
        first_name: 'سارة',
        last_name: 'محمود علي',
        email: 'sara@example.com',
        phone_number: '+201001234567',
        country: 'EG',
      }),
      customer: { first_name: 'سارة', last_name: 'محمود علي', email: 'sara@example.com' },
      special_reference: input.merchantReference,
      notification_url: input.notificationUrl,
      redirection_url: input.redirectionUrl,
      expiration: 3600,
      extras: { invoiceId: 42 },
    });
  });

  it('serves an Arabic right-to-left checkout page for the intention', async () => {
    const { checkoutUrl } = await client().createIntention(intentionInput());
    const response = await fetch(checkoutUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<html lang="ar-EG" dir="rtl">');
    expect(html).toContain('١٬٥٠٠٫٠٠');
    expect(html).toContain('5123 4567 8901 2346');

    const wrongKey = new URL(checkoutUrl);
    wrongKey.searchParams.set('publicKey', 'egy_pk_test_other');
    expect((await fetch(wrongKey)).status).toBe(404);
  });

  it('refuses a wrong secret key (401), which the adapter reports as unavailable', async () => {
    const failure = await failureOf(
      client({ secretKey: 'egy_sk_test_wrong' }).createIntention(intentionInput()),
    );
    expect(failure.kind).toBe('unavailable');
    expect(failure.providerStatus).toBe(401);
    expect(failure.message).not.toContain('egy_sk_test_wrong');

    const raw = await fetch(`${simulator.url}/v1/intention/`, {
      method: 'POST',
      headers: { authorization: 'Token nope', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ detail: 'Invalid token.' });
    const anonymous = await fetch(`${simulator.url}/v1/intention/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
    });
  });

  it('validates like Paymob: items must add up, integrations must exist, fields are required', async () => {
    const post = (body: unknown) =>
      fetch(`${simulator.url}/v1/intention/`, {
        method: 'POST',
        headers: { authorization: `Token ${keys.secretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const valid = {
      amount: 1000,
      currency: 'EGP',
      payment_methods: [PAYMOB_SIMULATOR_INTEGRATION_ID],
      items: [{ name: 'A', amount: 600, quantity: 1 }],
      billing_data: {
        first_name: 'A',
        last_name: 'B',
        email: 'a@example.com',
        phone_number: '+201001234567',
      },
    };

    const mismatch = await post(valid);
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({ detail: expect.stringContaining('sum of the items') });

    const ok = await post({ ...valid, items: [{ name: 'A', amount: 500, quantity: 2 }] });
    expect(ok.status).toBe(201);

    const unknown = await post({ ...valid, amount: 600, payment_methods: [12345] });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      detail: expect.stringContaining('Integration ID/Name does not exist'),
    });

    const usd = await post({ ...valid, amount: 600, currency: 'USD' });
    expect(usd.status).toBe(400);

    const missing = await post({
      ...valid,
      amount: 600,
      items: [{ amount: 600 }],
      billing_data: { first_name: 'A', last_name: 'B', email: 'a@example.com' },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      items: { name: ['This field is required.'] },
      billing_data: { phone_number: ['This field is required.'] },
    });
  });

  it('checks our input before calling Paymob', async () => {
    const before = simulator.requests.length;
    const mismatch = await failureOf(
      client().createIntention(
        intentionInput({ items: [{ name: 'x', amountPiasters: 100, quantity: 2 }] }),
      ),
    );
    expect(mismatch.kind).toBe('invalid-request');
    const fractional = await failureOf(
      client().createIntention(intentionInput({ amountPiasters: 10.5, items: [] })),
    );
    expect(fractional.kind).toBe('invalid-request');
    expect(simulator.requests.length).toBe(before);
  });

  it('an integration id unknown to the account is a configuration problem: unavailable', async () => {
    const failure = await failureOf(
      client({ integrationIds: [999] }).createIntention(intentionInput()),
    );
    expect(failure.kind).toBe('unavailable');
    expect(failure.providerStatus).toBe(404);
  });
});

describe('Paymob adapter <-> simulator: callbacks', () => {
  it('a paid intention calls back with a signed TRANSACTION that the adapter verifies', async () => {
    const input = intentionInput();
    const intention = await client().createIntention(input);

    const payment = await simulator.pay(intention.clientSecret, 'success');

    expect(payment.callback?.delivered).toBe(true);
    const { body, query } = lastReceived();
    expect(query.source).toBe('paymob');
    expect(query.hmac).toMatch(/^[0-9a-f]{128}$/);
    expect(body).toMatchObject({
      type: 'TRANSACTION',
      obj: { order: { id: intention.paymobOrderId } },
    });

    const transaction = client().verifyCallback(body, query.hmac);
    expect(transaction).toMatchObject({
      kind: 'payment',
      paymobOrderId: intention.paymobOrderId,
      merchantReference: input.merchantReference,
      intentionId: intention.intentionId,
      amountPiasters: 150_000,
      currency: 'EGP',
      success: true,
      pending: false,
      refunded: false,
      integrationId: PAYMOB_SIMULATOR_INTEGRATION_ID,
      live: false,
      message: 'Approved',
      source: { type: 'card', subType: 'MasterCard', pan: '2346' },
    });
    expect(simulator.intention(intention.clientSecret)?.status).toBe('paid');
    await expect(simulator.pay(intention.clientSecret, 'success')).rejects.toMatchObject({
      status: 409,
    });
  });

  it('rejects a callback whose amount, status or hmac was tampered with', async () => {
    const intention = await client().createIntention(intentionInput());
    await simulator.pay(intention.clientSecret, 'success');
    const { body, query } = lastReceived();
    const copy = () => structuredClone(body) as { obj: Record<string, unknown> };

    const cheaper = copy();
    cheaper.obj.amount_cents = 100;
    expect((await failureOf(() => client().verifyCallback(cheaper, query.hmac))).kind).toBe(
      'invalid-signature',
    );

    const flipped = copy();
    flipped.obj.success = false;
    expect((await failureOf(() => client().verifyCallback(flipped, query.hmac))).kind).toBe(
      'invalid-signature',
    );

    const forged = `${query.hmac?.slice(0, -1)}${query.hmac?.endsWith('0') ? '1' : '0'}`;
    expect((await failureOf(() => client().verifyCallback(body, forged))).kind).toBe(
      'invalid-signature',
    );
    expect((await failureOf(() => client().verifyCallback(body, undefined))).kind).toBe(
      'invalid-signature',
    );
    const otherSecret = client({ hmacSecret: 'another-secret' });
    expect((await failureOf(() => otherSecret.verifyCallback(body, query.hmac))).kind).toBe(
      'invalid-signature',
    );
    expect(
      (await failureOf(() => client().verifyCallback({ type: 'TOKEN', obj: {} }, query.hmac))).kind,
    ).toBe('invalid-request');
    expect((await failureOf(() => client().verifyCallback('nope', query.hmac))).kind).toBe(
      'invalid-request',
    );
  });

  it('a declined card calls back success=false, and the intention can be paid again', async () => {
    const intention = await client().createIntention(intentionInput());
    await simulator.pay(intention.clientSecret, PAYMOB_TEST_CARDS.declined.number);
    const declined = client().verifyCallback(lastReceived().body, lastReceived().query.hmac);
    expect(declined).toMatchObject({ success: false, pending: false, message: 'Do not honour' });
    expect(simulator.intention(intention.clientSecret)?.status).toBe('intended');

    await simulator.pay(intention.clientSecret, 'success');
    const paid = client().verifyCallback(lastReceived().body, lastReceived().query.hmac);
    expect(paid.success).toBe(true);
    expect(paid.transactionId).not.toBe(declined.transactionId);
    expect(paid.paymobOrderId).toBe(declined.paymobOrderId);
  });

  it('a pending card calls back pending=true, then again with the outcome', async () => {
    const intention = await client().createIntention(intentionInput());
    await simulator.pay(intention.clientSecret, 'pending');
    const pending = client().verifyCallback(lastReceived().body, lastReceived().query.hmac);
    expect(pending).toMatchObject({ success: false, pending: true });

    await simulator.settle(pending.transactionId, 'success');
    const settled = client().verifyCallback(lastReceived().body, lastReceived().query.hmac);
    expect(settled).toMatchObject({
      transactionId: pending.transactionId,
      success: true,
      pending: false,
    });
    expect(simulator.intention(intention.clientSecret)?.status).toBe('paid');
  });

  it('retries a callback the receiver did not accept, and replays it unchanged on demand', async () => {
    failNext = 1;
    const intention = await client().createIntention(intentionInput());
    const payment = await simulator.pay(intention.clientSecret, 'success');
    expect(payment.callback?.delivered).toBe(false);
    await simulator.flushCallbacks();
    expect(payment.callback?.delivered).toBe(true);
    expect(payment.callback?.attempts.map((a) => a.status)).toEqual([500, 200]);
    expect(received).toHaveLength(2);
    expect(received[1]).toEqual(received[0]);

    const transactionId = (payment.transaction as { id: number }).id;
    const replay = await simulator.replayCallback(transactionId);
    expect(replay.delivered).toBe(true);
    expect(received[2]).toEqual(received[0]);
  });

  it('the control endpoint pays over HTTP for tests in another process', async () => {
    const intention = await client().createIntention(intentionInput());
    const response = await fetch(`${simulator.url}/simulator/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: intention.clientSecret, card: 'success' }),
    });
    expect(response.status).toBe(200);
    const payment = (await response.json()) as {
      transaction: unknown;
      callback: { delivered: boolean; hmac: string };
      redirectUrl: string;
    };
    expect(payment.callback.delivered).toBe(true);
    expect(
      verifyTransactionCallbackHmac(payment.transaction, payment.callback.hmac, keys.hmacSecret),
    ).toBe(true);
    expect(client().verifyRedirection(new URL(payment.redirectUrl).searchParams).success).toBe(
      true,
    );

    const listed = (await (await fetch(`${simulator.url}/simulator/intentions`)).json()) as Array<{
      clientSecret: string;
      status: string;
    }>;
    expect(listed.find((i) => i.clientSecret === intention.clientSecret)?.status).toBe('paid');
    const again = await fetch(`${simulator.url}/simulator/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: 'egy_csk_test_unknown', card: 'success' }),
    });
    expect(again.status).toBe(404);
  });
});

describe('Paymob adapter <-> simulator: the browser round trip', () => {
  it('the checkout form pays, calls back, and redirects with a signed query', async () => {
    const input = intentionInput();
    const intention = await client().createIntention(input);
    const response = await fetch(`${simulator.url}/unifiedcheckout/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        publicKey: keys.publicKey,
        clientSecret: intention.clientSecret,
        holder: 'SARA MAHMOUD',
        card_number: '5123 4567 8901 2346',
        expiry: '12/39',
        cvv: '123',
      }),
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(input.redirectionUrl);

    const redirection = client().verifyRedirection(location.searchParams);
    const callback = client().verifyCallback(lastReceived().body, lastReceived().query.hmac);
    expect(redirection).toEqual({
      transactionId: callback.transactionId,
      paymobOrderId: intention.paymobOrderId,
      merchantReference: input.merchantReference,
      amountPiasters: 150_000,
      currency: 'EGP',
      success: true,
      pending: false,
      message: 'Approved',
    });

    const tampered = new URLSearchParams(location.searchParams);
    tampered.set('success', 'false');
    expect((await failureOf(() => client().verifyRedirection(tampered))).kind).toBe(
      'invalid-signature',
    );
    const unsigned = new URLSearchParams(location.searchParams);
    unsigned.delete('hmac');
    expect((await failureOf(() => client().verifyRedirection(unsigned))).kind).toBe(
      'invalid-signature',
    );
  });

  it('re-shows the form with an Arabic error for an invalid card, and charges nothing', async () => {
    const intention = await client().createIntention(intentionInput());
    const response = await fetch(`${simulator.url}/unifiedcheckout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        publicKey: keys.publicKey,
        clientSecret: intention.clientSecret,
        holder: 'SARA',
        card_number: '5123 4567 8901 2345',
        expiry: '12/39',
        cvv: '123',
      }),
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('رقم البطاقة غير صحيح');
    expect(received).toHaveLength(0);
    expect(simulator.intention(intention.clientSecret)?.transactionIds).toEqual([]);
  });

  it('an expired intention is refused', async () => {
    const intention = await client().createIntention(intentionInput({ expirationSeconds: 1 }));
    const stored = simulator.intention(intention.clientSecret);
    if (stored) stored.expiresAt = new Date(Date.now() - 1000);
    expect((await fetch(intention.checkoutUrl)).status).toBe(410);
    await expect(simulator.pay(intention.clientSecret, 'success')).rejects.toMatchObject({
      status: 410,
    });
  });
});

describe('Paymob adapter <-> simulator: refunds', () => {
  it('refunds part of a payment; the refund is called back as its own transaction', async () => {
    const intention = await client().createIntention(intentionInput());
    await simulator.pay(intention.clientSecret, 'success');
    const paid = client().verifyCallback(lastReceived().body, lastReceived().query.hmac);

    const refund = await client().refund({
      transactionId: paid.transactionId,
      amountPiasters: 50_000,
    });
    expect(refund).toMatchObject({
      kind: 'refund',
      parentTransactionId: paid.transactionId,
      amountPiasters: 50_000,
      success: true,
      merchantReference: paid.merchantReference,
    });
    const called = client().verifyCallback(lastReceived().body, lastReceived().query.hmac);
    expect(called).toMatchObject({ transactionId: refund.transactionId, kind: 'refund' });
    expect(simulator.transaction(paid.transactionId)).toMatchObject({
      is_refunded: true,
      refunded_amount_cents: 50_000,
    });

    const tooMuch = await failureOf(
      client().refund({ transactionId: paid.transactionId, amountPiasters: 100_001 }),
    );
    expect(tooMuch.kind).toBe('declined');
    expect(tooMuch.providerStatus).toBe(400);
    const unknown = await failureOf(client().refund({ transactionId: 1, amountPiasters: 100 }));
    expect(unknown.kind).toBe('declined');
    const wrongKey = await failureOf(
      client({ secretKey: 'egy_sk_test_wrong' }).refund({
        transactionId: paid.transactionId,
        amountPiasters: 100,
      }),
    );
    expect(wrongKey.kind).toBe('unavailable');
  });
});

describe('Paymob adapter: failures and logs', () => {
  it('an unreachable or slow Paymob is unavailable', async () => {
    const down = await startPaymobSimulator({ port: 0, ...keys });
    await down.close();
    const unreachable = await failureOf(
      client({ baseUrl: down.url }).createIntention(intentionInput()),
    );
    expect(unreachable.kind).toBe('unavailable');

    const slowApp = createLocalFastify(undefined);
    slowApp.post('/v1/intention/', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return {};
    });
    const slow = await listenLocal(slowApp, { port: 0 });
    try {
      const timedOut = await failureOf(
        client({ baseUrl: slow.url, timeoutMs: 100 }).createIntention(intentionInput()),
      );
      expect(timedOut.kind).toBe('unavailable');
      expect(timedOut.message).toContain('timed out');
    } finally {
      await slow.close();
    }
  });

  it('an answer without a client secret is unavailable', async () => {
    const oddApp = createLocalFastify(undefined);
    oddApp.post('/v1/intention/', async (_request, reply) => reply.code(201).send({ id: 'x' }));
    const odd = await listenLocal(oddApp, { port: 0 });
    try {
      const failure = await failureOf(
        client({ baseUrl: odd.url }).createIntention(intentionInput()),
      );
      expect(failure.kind).toBe('unavailable');
    } finally {
      await odd.close();
    }
  });

  it('never logs keys, the HMAC secret or client secrets', async () => {
    const lines: string[] = [];
    const logger = {
      info: (obj: Record<string, unknown>, msg: string) => lines.push(JSON.stringify({ obj, msg })),
      warn: (obj: Record<string, unknown>, msg: string) => lines.push(JSON.stringify({ obj, msg })),
    };
    const logged = client({ logger });
    const intention = await logged.createIntention(intentionInput());
    await simulator.pay(intention.clientSecret, 'success');
    const paid = logged.verifyCallback(lastReceived().body, lastReceived().query.hmac);
    await logged.refund({ transactionId: paid.transactionId, amountPiasters: 100 });
    await logged.createIntention(intentionInput({ items: [], amountPiasters: 0 })).catch(() => {});
    await client({ logger, secretKey: 'egy_sk_test_wrong' })
      .createIntention(intentionInput())
      .catch(() => {});
    expect(() => logged.verifyCallback(lastReceived().body, 'f'.repeat(128))).toThrow();

    expect(lines.length).toBeGreaterThanOrEqual(4);
    const all = lines.join('\n');
    for (const secret of [
      keys.secretKey,
      keys.hmacSecret,
      intention.clientSecret,
      'egy_sk_test_wrong',
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
