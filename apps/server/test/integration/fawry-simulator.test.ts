import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createFawryClient,
  FAWRY_PATHS,
  FAWRY_TEST_CARDS,
  FawryError,
  startFawrySimulator,
} from '../../src/integrations/fawry';
import type {
  FawryClient,
  FawryClientOptions,
  FawryNotificationBody,
  FawrySimulator,
} from '../../src/integrations/fawry';

const MERCHANT_CODE = '1tSa6uxz2nTwlaAmt38enA==';
const SECURITY_KEY = 'test-secure-key-259af31fc2f74453';
const RETURN_URL = 'http://localhost:4100/payments/return';

/** The merchant's callback endpoint: records every POST; can be told to fail first. */
interface Callback {
  url: string;
  received: Array<{ body: FawryNotificationBody; headers: IncomingHttpHeaders }>;
  failNext: number;
  close(): Promise<void>;
}

async function startCallback(): Promise<Callback> {
  const state = { received: [] as Callback['received'], failNext: 0 };
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      state.received.push({
        body: JSON.parse(text) as FawryNotificationBody,
        headers: request.headers,
      });
      if (state.failNext > 0) {
        state.failNext -= 1;
        response.writeHead(500).end();
      } else {
        response.writeHead(200).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/fawry/notifications`,
    get received() {
      return state.received;
    },
    get failNext() {
      return state.failNext;
    },
    set failNext(value: number) {
      state.failNext = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let simulator: FawrySimulator;
let callback: Callback;
let client: FawryClient;
/** Raw request bodies the client sent, to check the wire format. */
const sentBodies: string[] = [];
let sequence = 0;
const nextRef = (): string => `tx-${Date.now()}-${(sequence += 1)}`;

const makeClient = (overrides: Partial<FawryClientOptions> = {}): FawryClient =>
  createFawryClient({
    baseUrl: simulator.url,
    merchantCode: MERCHANT_CODE,
    securityKey: SECURITY_KEY,
    timeoutMs: 5_000,
    fetch: (input, init) => {
      if (typeof init?.body === 'string') sentBodies.push(init.body);
      return fetch(input, init);
    },
    ...overrides,
  });

const customer = {
  profileId: '42',
  mobile: '+201001234567',
  email: 'student@example.com',
  name: 'سارة محمود',
};

async function failureOf(promise: Promise<unknown>): Promise<FawryError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FawryError);
  return error as FawryError;
}

/** Notifications the callback received for one order, oldest first. */
const received = (merchantRefNumber: string): FawryNotificationBody[] =>
  callback.received.map((r) => r.body).filter((b) => b.merchantRefNumber === merchantRefNumber);

/** Saves a card through the hosted page, as the browser would; resolves with the return query. */
async function saveCard(
  cardNumber: string,
  profileId = customer.profileId,
): Promise<URLSearchParams> {
  const pageUrl = client.cardTokenUrl({
    customerProfileId: profileId,
    returnUrl: `${RETURN_URL}?step=card`,
  });
  const pageResponse = await fetch(pageUrl);
  expect(pageResponse.status).toBe(200);
  const html = await pageResponse.text();
  expect(html).toContain('dir="rtl"');
  expect(html).toContain('name="cardNumber"');
  const form = new URLSearchParams({
    accNo: MERCHANT_CODE,
    customerProfileId: profileId,
    returnUrl: `${RETURN_URL}?step=card`,
    locale: 'ar',
    cardNumber,
    expiryMonth: '12',
    expiryYear: String((new Date().getUTCFullYear() + 2) % 100),
    cvv: '123',
    cardHolderName: 'SARA MAHMOUD',
    decision: 'save',
  });
  const response = await fetch(new URL(FAWRY_PATHS.cardTokenPage, simulator.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
  expect(location.searchParams.get('step')).toBe('card');
  return location.searchParams;
}

async function tokenFor(cardNumber: string): Promise<string> {
  return client.readCardTokenReturn(await saveCard(cardNumber)).token;
}

/** A charge's common fields, plus the method's own (typed by what the test passes). */
const charge = <T extends object = Record<never, never>>(overrides?: T) => ({
  merchantRefNum: nextRef(),
  customer,
  amountPiasters: 150_050,
  description: 'اشتراك شهري',
  ...(overrides as T),
});

beforeAll(async () => {
  callback = await startCallback();
  simulator = await startFawrySimulator({
    port: 0,
    merchantCode: MERCHANT_CODE,
    securityKey: SECURITY_KEY,
    notificationUrl: callback.url,
    notificationRetryDelaysMs: [20, 20, 20],
  });
  client = makeClient();
});
afterAll(async () => {
  await simulator.close();
  await callback.close();
});
beforeEach(() => {
  callback.failNext = 0;
});

describe('card tokenization (hosted page)', () => {
  it('saves a card through the page and returns the token on returnUrl; the list has it', async () => {
    const query = await saveCard(FAWRY_TEST_CARDS.success, 'card-owner-1');
    const saved = client.readCardTokenReturn(query);
    expect(saved.token).toMatch(/^[0-9a-f]{64}$/);
    expect(saved).toMatchObject({
      lastFourDigits: '4242',
      firstSixDigits: '424242',
      holderName: 'SARA MAHMOUD',
      isDefault: true,
    });
    expect(query.get('statusCode')).toBe('200');

    const cards = await client.listCardTokens('card-owner-1');
    expect(cards).toEqual([
      expect.objectContaining({
        token: saved.token,
        lastFourDigits: '4242',
        brand: 'Visa',
        isDefault: true,
      }),
    ]);
    expect(await client.listCardTokens('someone-else')).toEqual([]);
  });

  it('re-renders the Arabic form with an error for an invalid card and keeps nothing', async () => {
    const response = await fetch(new URL(FAWRY_PATHS.cardTokenPage, simulator.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        accNo: MERCHANT_CODE,
        customerProfileId: 'card-owner-2',
        returnUrl: RETURN_URL,
        cardNumber: '4242424242424241',
        expiryMonth: '12',
        expiryYear: '40',
        cvv: '123',
        cardHolderName: 'X',
        decision: 'save',
      }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('رقم البطاقة غير صحيح');
    expect(simulator.cards('card-owner-2')).toEqual([]);
  });

  it('refuses a page request for another merchant', async () => {
    const response = await fetch(
      `${simulator.url}${FAWRY_PATHS.cardTokenPage}?accNo=other&customerProfileId=1&returnUrl=${encodeURIComponent(RETURN_URL)}`,
    );
    expect(response.status).toBe(400);
  });

  it('a cancelled page returns a non-200 status that the client reports', async () => {
    const response = await fetch(new URL(FAWRY_PATHS.cardTokenPage, simulator.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        accNo: MERCHANT_CODE,
        customerProfileId: '42',
        returnUrl: RETURN_URL,
        decision: 'cancel',
      }).toString(),
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location') ?? '');
    expect(() => client.readCardTokenReturn(location.searchParams)).toThrow(FawryError);
  });

  it('deletes a card token; deleting it again is not-found', async () => {
    const token = await tokenFor(FAWRY_TEST_CARDS.mastercard);
    expect((await client.listCardTokens(customer.profileId)).map((c) => c.token)).toContain(token);
    await client.deleteCardToken({ customerProfileId: customer.profileId, cardToken: token });
    expect((await client.listCardTokens(customer.profileId)).map((c) => c.token)).not.toContain(
      token,
    );
    const again = await failureOf(
      client.deleteCardToken({ customerProfileId: customer.profileId, cardToken: token }),
    );
    expect(again.kind).toBe('not-found');
  });
});

describe('card charges', () => {
  it('charges a saved card and gets PAID at once; a signed PAID notification follows', async () => {
    const cardToken = await tokenFor(FAWRY_TEST_CARDS.success);
    const input = charge({ cardToken, cvv: '123', returnUrl: RETURN_URL });
    const result = await client.payByCardToken(input);
    expect(result).toMatchObject({
      kind: 'paid',
      merchantRefNumber: input.merchantRefNum,
      orderAmountPiasters: 150_050,
      paymentAmountPiasters: 150_050,
      feesPiasters: 0,
    });
    if (result.kind !== 'paid') throw new Error('expected paid');
    expect(result.referenceNumber).toMatch(/^\d{9}$/);
    expect(result.authNumber).toMatch(/^\d+$/);

    await simulator.idle();
    const [notification] = received(input.merchantRefNum);
    expect(notification).toBeDefined();
    const verified = client.verifyNotification(notification);
    expect(verified).toMatchObject({
      state: 'paid',
      method: 'CARD',
      referenceNumber: result.referenceNumber,
    });

    const status = await client.paymentStatus(input.merchantRefNum);
    expect(status).toMatchObject({
      state: 'paid',
      orderStatus: 'PAID',
      orderAmountPiasters: 150_050,
      customerProfileId: '42',
    });
  });

  it('sends the amount with exactly two decimals, the mobile in local form, and a valid signature', async () => {
    const cardToken = await tokenFor(FAWRY_TEST_CARDS.success);
    await client.payByCardToken(
      charge({ amountPiasters: 20_000, cardToken, cvv: '123', returnUrl: RETURN_URL }),
    );
    const raw = sentBodies.at(-1) ?? '';
    expect(raw).toContain('"amount":200.00');
    expect(raw).toContain('"price":200.00');
    expect(raw).toContain('"customerMobile":"01001234567"');
    expect(raw).toContain('"currencyCode":"EGP"');
    expect(raw).toContain('"language":"ar-eg"');
    expect(raw).toMatch(/"signature":"[0-9a-f]{64}"/);
  });

  it('a declined card is a declined FawryError with Fawry status 99907', async () => {
    const cardToken = await tokenFor(FAWRY_TEST_CARDS.declined);
    const input = charge({ cardToken, cvv: '123', returnUrl: RETURN_URL });
    const failure = await failureOf(client.payByCardToken(input));
    expect(failure).toMatchObject({ kind: 'declined', providerCode: 99907 });
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('failed');
  });

  it('insufficient funds is declined too', async () => {
    const cardToken = await tokenFor(FAWRY_TEST_CARDS.insufficientFunds);
    const failure = await failureOf(
      client.payByCardToken(charge({ cardToken, cvv: '123', returnUrl: RETURN_URL })),
    );
    expect(failure).toMatchObject({ kind: 'declined', providerCode: 99951 });
  });

  it('a token of another customer is not-found', async () => {
    const cardToken = await tokenFor(FAWRY_TEST_CARDS.success);
    const failure = await failureOf(
      client.payByCardToken(
        charge({
          customer: { ...customer, profileId: '99' },
          cardToken,
          cvv: '123',
          returnUrl: RETURN_URL,
        }),
      ),
    );
    expect(failure.kind).toBe('not-found');
  });

  it('a 3-D Secure card redirects to the challenge; "Pay" returns to returnUrl with a signed query', async () => {
    const cardToken = await tokenFor(FAWRY_TEST_CARDS.threeDSecure);
    const input = charge({ cardToken, cvv: '123', returnUrl: `${RETURN_URL}?tx=1` });
    const result = await client.payByCardToken(input);
    if (result.kind !== 'redirect') throw new Error('expected a redirect');
    expect(result.redirectUrl.startsWith(simulator.url)).toBe(true);
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('unpaid');

    const page = await fetch(result.redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('ادفع');
    expect(html).toContain('3220');

    const pay = await fetch(result.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=pay',
      redirect: 'manual',
    });
    expect(pay.status).toBe(302);
    const back = new URL(pay.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
    expect(back.searchParams.get('tx')).toBe('1');
    const returned = client.verifyChargeReturn(back.searchParams);
    expect(returned).toMatchObject({
      merchantRefNumber: input.merchantRefNum,
      state: 'paid',
      statusCode: 200,
      orderAmountPiasters: 150_050,
    });

    // A forged return (the query is in the user's hands) is refused.
    const forged = new URLSearchParams(back.searchParams);
    forged.set('orderAmount', '1.00');
    expect(() => client.verifyChargeReturn(forged)).toThrow(FawryError);

    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('paid');
    // The challenge is single use.
    expect((await fetch(result.redirectUrl)).status).toBe(410);
  });

  it('cancelling the 3-D Secure challenge fails the order', async () => {
    const cardToken = await tokenFor(FAWRY_TEST_CARDS.threeDSecure);
    const input = charge({ cardToken, cvv: '123', returnUrl: RETURN_URL });
    const result = await client.payByCardToken(input);
    if (result.kind !== 'redirect') throw new Error('expected a redirect');
    const cancel = await fetch(result.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=cancel',
      redirect: 'manual',
    });
    const back = new URL(cancel.headers.get('location') ?? '');
    expect(client.verifyChargeReturn(back.searchParams)).toMatchObject({
      state: 'failed',
      statusCode: 99907,
    });
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('failed');
    await simulator.idle();
    expect(received(input.merchantRefNum).map((n) => n.orderStatus)).toEqual(['FAILED']);
  });
});

describe('installments', () => {
  it('lists the plans and pays with a valid plan', async () => {
    const plans = await client.installmentPlans();
    expect(plans.map((p) => p.months)).toEqual([2, 3, 4]);
    const plan = plans.find((p) => p.months === 3);
    if (!plan) throw new Error('no plan');
    const cardToken = await tokenFor(FAWRY_TEST_CARDS.success);
    const input = charge({
      cardToken,
      cvv: '123',
      returnUrl: RETURN_URL,
      installmentPlanId: plan.id,
    });
    expect((await client.payByInstallments(input)).kind).toBe('paid');
    expect(await client.paymentStatus(input.merchantRefNum)).toMatchObject({
      state: 'paid',
      installmentMonths: 3,
    });
  });

  it('refuses an unknown plan and an amount outside the plan', async () => {
    const cardToken = await tokenFor(FAWRY_TEST_CARDS.success);
    const unknown = await failureOf(
      client.payByInstallments(
        charge({ cardToken, cvv: '123', returnUrl: RETURN_URL, installmentPlanId: 7 }),
      ),
    );
    expect(unknown.kind).toBe('rejected');
    const tooSmall = await failureOf(
      client.payByInstallments(
        charge({
          amountPiasters: 5_000,
          cardToken,
          cvv: '123',
          returnUrl: RETURN_URL,
          installmentPlanId: 1002,
        }),
      ),
    );
    expect(tooSmall.kind).toBe('rejected');
  });
});

describe('reference number (pay at Fawry)', () => {
  it('creates a reference; paying at the outlet later sends a signed PAID notification', async () => {
    const input = charge({ expiresAt: new Date(Date.now() + 3_600_000) });
    const created = await client.payByReferenceNumber(input);
    expect(created.referenceNumber).toMatch(/^\d{9}$/);
    expect(created.expiresAt?.getTime()).toBe(input.expiresAt.getTime());
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('unpaid');

    // The same request again gets the same reference number.
    expect((await client.payByReferenceNumber(input)).referenceNumber).toBe(
      created.referenceNumber,
    );
    // Anything else under a merchantRefNum it knows is refused (README: "A merchantRefNum Fawry
    // already knows").
    await expect(
      client.payByReferenceNumber({ ...input, amountPiasters: input.amountPiasters + 100 }),
    ).rejects.toThrow(/duplicated/);

    const paid = await fetch(`${simulator.url}/simulator/pay-reference`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ referenceNumber: created.referenceNumber }),
    });
    expect(await paid.json()).toMatchObject({ orderStatus: 'PAID' });

    // Paid, the same request is no longer the open order: refused too.
    await expect(client.payByReferenceNumber(input)).rejects.toThrow(/duplicated/);

    await simulator.idle();
    const notices = received(input.merchantRefNum);
    expect(notices.map((n) => n.orderStatus)).toEqual(['NEW', 'PAID']);
    const creation = client.verifyNotification(notices[0]);
    expect(creation).toMatchObject({ state: 'unpaid', paymentReferenceNumber: undefined });
    const payment = client.verifyNotification(notices[1]);
    expect(payment).toMatchObject({
      state: 'paid',
      method: 'PAYATFAWRY',
      referenceNumber: created.referenceNumber,
      merchantRefNumber: input.merchantRefNum,
      orderAmountPiasters: 150_050,
      customerProfileId: '42',
      customerMobile: '01001234567',
    });
    expect(payment.paymentReferenceNumber).toMatch(/^\d+$/);
    expect(payment.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('paid');
  });

  it('a tampered or forged notification is refused', async () => {
    const input = charge();
    const { referenceNumber } = await client.payByReferenceNumber(input);
    simulator.payReference(referenceNumber);
    await simulator.idle();
    const genuine = received(input.merchantRefNum).at(-1);
    if (!genuine) throw new Error('no notification');

    for (const tamper of ['amount', 'signature'] as const) {
      const [attempt] = await simulator.sendNotification(referenceNumber, { tamper });
      const failure = (() => {
        try {
          client.verifyNotification(attempt?.body);
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(failure).toBeInstanceOf(FawryError);
      expect((failure as FawryError).kind).toBe('invalid-signature');
    }
    expect(() => client.verifyNotification({ ...genuine, orderStatus: 'REFUNDED' })).toThrow(
      FawryError,
    );
    expect(() =>
      client.verifyNotification({ ...genuine, merchantRefNumber: 'someone-else' }),
    ).toThrow(FawryError);
    // A notification signed with another merchant's key.
    const other = makeClient({ securityKey: 'another-key' });
    expect(() => other.verifyNotification(genuine)).toThrow(FawryError);
    // The untouched one still verifies (replays are the caller's idempotency to handle).
    expect(client.verifyNotification(genuine).state).toBe('paid');
  });

  it('retries a notification until the merchant answers 200', async () => {
    const input = charge();
    const { referenceNumber } = await client.payByReferenceNumber(input);
    await simulator.idle();
    callback.failNext = 2;
    simulator.payReference(referenceNumber);
    await simulator.idle();
    const attempts = simulator.notifications.filter(
      (n) => n.body.merchantRefNumber === input.merchantRefNum && n.body.orderStatus === 'PAID',
    );
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(new Set(attempts.map((a) => a.body.messageSignature)).size).toBe(1);
  });

  it('events in quick succession arrive in order, each with its own state', async () => {
    const input = charge();
    const { referenceNumber } = await client.payByReferenceNumber(input);
    // Paid before the creation notice has been delivered.
    simulator.payReference(referenceNumber);
    await simulator.idle();
    const states = received(input.merchantRefNum).map((n) => client.verifyNotification(n).state);
    expect(states).toEqual(['unpaid', 'paid']);
  });

  it('a reference past its paymentExpiry expires by itself', async () => {
    const input = charge({ expiresAt: new Date(Date.now() + 40) });
    await client.payByReferenceNumber(input);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('expired');
    await simulator.idle();
    expect(received(input.merchantRefNum).map((n) => n.orderStatus)).toEqual(['NEW', 'EXPIRED']);
  });

  it('close() does not wait for pending notification retries', async () => {
    const slow = await startFawrySimulator({
      port: 0,
      merchantCode: MERCHANT_CODE,
      securityKey: SECURITY_KEY,
      notificationUrl: callback.url,
      notificationRetryDelaysMs: [60_000],
    });
    const slowClient = createFawryClient({
      baseUrl: slow.url,
      merchantCode: MERCHANT_CODE,
      securityKey: SECURITY_KEY,
    });
    callback.failNext = 1;
    await slowClient.payByReferenceNumber(charge());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await slow.close();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('expiry sends EXPIRED and the order can no longer be paid', async () => {
    const input = charge();
    const { referenceNumber } = await client.payByReferenceNumber(input);
    const expired = await fetch(`${simulator.url}/simulator/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ referenceNumber }),
    });
    expect(expired.status).toBe(200);
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('expired');
    expect(() => simulator.payReference(referenceNumber)).toThrow(/EXPIRED/);
    await simulator.idle();
    expect(received(input.merchantRefNum).map((n) => n.orderStatus)).toEqual(['NEW', 'EXPIRED']);
  });

  it('the dashboard lists the unpaid reference and its button pays it', async () => {
    const input = charge();
    const { referenceNumber } = await client.payByReferenceNumber(input);
    const dashboard = await fetch(`${simulator.url}/simulator`);
    const html = await dashboard.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(referenceNumber);
    expect(html).toContain('ادفع في منفذ فوري');
    const pay = await fetch(`${simulator.url}/simulator/pay-reference`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `referenceNumber=${referenceNumber}`,
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('paid');
  });
});

describe('cancel unpaid order', () => {
  it('cancels an unpaid reference; cancelling again or paying it is refused', async () => {
    const input = charge();
    const { referenceNumber } = await client.payByReferenceNumber(input);
    await client.cancelUnpaidOrder({ referenceNumber });
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('canceled');
    const again = await failureOf(client.cancelUnpaidOrder({ referenceNumber }));
    // No public source names a code for "already cancelled" (9984 was ours): the generic 400.
    expect(again).toMatchObject({ kind: 'rejected', providerCode: 400 });
    expect(() => simulator.payReference(referenceNumber)).toThrow(/CANCELED/);
    await simulator.idle();
    expect(received(input.merchantRefNum).map((n) => n.orderStatus)).toEqual(['NEW', 'CANCELED']);
  });

  it('a paid order cannot be cancelled; an unknown one is not-found', async () => {
    const input = charge();
    const { referenceNumber } = await client.payByReferenceNumber(input);
    simulator.payReference(referenceNumber);
    expect((await failureOf(client.cancelUnpaidOrder({ referenceNumber }))).kind).toBe('rejected');
    expect((await failureOf(client.cancelUnpaidOrder({ referenceNumber: '111' }))).kind).toBe(
      'not-found',
    );
  });
});

describe('refunds', () => {
  it('refunds part, then the rest; refunding more than paid is refused', async () => {
    const cardToken = await tokenFor(FAWRY_TEST_CARDS.success);
    const input = charge({ amountPiasters: 100_000, cardToken, cvv: '123', returnUrl: RETURN_URL });
    const paid = await client.payByCardToken(input);
    if (paid.kind !== 'paid') throw new Error('expected paid');

    await client.refund({
      referenceNumber: paid.referenceNumber,
      amountPiasters: 25_050,
      reason: 'حصة ملغاة',
    });
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('partially-refunded');

    const tooMuch = await failureOf(
      client.refund({ referenceNumber: paid.referenceNumber, amountPiasters: 74_951 }),
    );
    expect(tooMuch).toMatchObject({ kind: 'rejected', providerCode: 9935 });

    await client.refund({ referenceNumber: paid.referenceNumber, amountPiasters: 74_950 });
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('refunded');
    expect(
      (await failureOf(client.refund({ referenceNumber: paid.referenceNumber, amountPiasters: 1 })))
        .kind,
    ).toBe('rejected');

    await simulator.idle();
    const notices = received(input.merchantRefNum).map((n) => client.verifyNotification(n).state);
    expect(notices).toEqual(['paid', 'partially-refunded', 'refunded']);
  });

  it('an unpaid order cannot be refunded; an unknown one is not-found', async () => {
    const { referenceNumber } = await client.payByReferenceNumber(charge());
    expect((await failureOf(client.refund({ referenceNumber, amountPiasters: 100 }))).kind).toBe(
      'rejected',
    );
    expect(
      (await failureOf(client.refund({ referenceNumber: '123', amountPiasters: 100 }))).kind,
    ).toBe('not-found');
  });
});

describe('e-wallet', () => {
  it('answers unpaid with a QR; the wallet payment later notifies PAID', async () => {
    const input = charge();
    const created = await client.payByWallet(input);
    expect(created.walletQr).toMatch(/^data:image\/png;base64,/i);
    expect((await client.paymentStatus(input.merchantRefNum)).state).toBe('unpaid');
    simulator.payWallet(created.referenceNumber);
    await simulator.idle();
    const last = received(input.merchantRefNum).at(-1);
    expect(last?.paymentMethod).toBe('Mobile Wallet');
    expect(client.verifyNotification(last)).toMatchObject({ state: 'paid', method: 'MWALLET' });
  });

  it('request-to-pay signs the wallet number and answers without a QR', async () => {
    const input = charge({ walletMobile: '+201012345678' });
    const created = await client.payByWallet(input);
    expect(created.walletQr).toBeUndefined();
    const body = simulator.requests.at(-1)?.body as Record<string, unknown>;
    expect(body.debitMobileWalletNo).toBe('01012345678');
    expect(simulator.requests.at(-1)?.path).toBe(FAWRY_PATHS.walletCharge);
  });

  it('pays by itself after walletAutoPayMs when configured', async () => {
    const auto = await startFawrySimulator({
      port: 0,
      merchantCode: MERCHANT_CODE,
      securityKey: SECURITY_KEY,
      walletAutoPayMs: 20,
    });
    try {
      const autoClient = createFawryClient({
        baseUrl: auto.url,
        merchantCode: MERCHANT_CODE,
        securityKey: SECURITY_KEY,
      });
      const input = charge();
      await autoClient.payByWallet(input);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect((await autoClient.paymentStatus(input.merchantRefNum)).state).toBe('paid');
    } finally {
      await auto.close();
    }
  });
});

describe('signatures and errors', () => {
  it('a request signed with the wrong key is refused by the simulator with 9946', async () => {
    const wrong = makeClient({ securityKey: 'not-the-key' });
    const cardToken = await tokenFor(FAWRY_TEST_CARDS.success);
    // Thunks: each request starts only when awaited.
    const attempts: Array<() => Promise<unknown>> = [
      () => wrong.payByReferenceNumber(charge()),
      () => wrong.payByCardToken(charge({ cardToken, cvv: '123', returnUrl: RETURN_URL })),
      () => wrong.paymentStatus('anything'),
      () => wrong.refund({ referenceNumber: '123', amountPiasters: 100 }),
      () => wrong.cancelUnpaidOrder({ referenceNumber: '123' }),
      () => wrong.listCardTokens('42'),
      () => wrong.deleteCardToken({ customerProfileId: '42', cardToken }),
    ];
    for (const attempt of attempts) {
      const failure = await failureOf(attempt());
      expect(failure).toMatchObject({ kind: 'invalid-signature', providerCode: 9946 });
    }
    expect((await client.listCardTokens('42')).map((c) => c.token)).toContain(cardToken);
  });

  it('a wrong merchant code is unavailable (configuration), an unknown order not-found', async () => {
    const wrongMerchant = makeClient({ merchantCode: 'someone-else' });
    expect((await failureOf(wrongMerchant.payByReferenceNumber(charge()))).kind).toBe(
      'unavailable',
    );
    expect((await failureOf(client.paymentStatus('never-created'))).kind).toBe('not-found');
  });

  it('an unreachable Fawry is unavailable', async () => {
    const nowhere = createFawryClient({
      baseUrl: 'http://127.0.0.1:9',
      merchantCode: MERCHANT_CODE,
      securityKey: SECURITY_KEY,
      timeoutMs: 2_000,
    });
    expect((await failureOf(nowhere.paymentStatus('x'))).kind).toBe('unavailable');
  });

  it('validation: a mismatched items total and a bad mobile are rejected', async () => {
    const items = await failureOf(
      client.payByReferenceNumber(
        charge({ items: [{ itemId: 'a', description: 'x', pricePiasters: 100, quantity: 1 }] }),
      ),
    );
    expect(items.kind).toBe('rejected');
    const mobile = await failureOf(
      client.payByReferenceNumber(charge({ customer: { ...customer, mobile: '+441234567890' } })),
    );
    expect(mobile.kind).toBe('rejected');
  });

  it('per-order webhook URL overrides the configured one', async () => {
    const other = await startCallback();
    try {
      const input = charge({ orderWebHookUrl: other.url });
      const { referenceNumber } = await client.payByReferenceNumber(input);
      simulator.payReference(referenceNumber);
      await simulator.idle();
      expect(other.received.map((r) => r.body.orderStatus)).toEqual(['NEW', 'PAID']);
      expect(received(input.merchantRefNum)).toEqual([]);
      expect(other.received[0]?.headers['content-type']).toContain('application/json');
    } finally {
      await other.close();
    }
  });
});
