import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PaymentMethod,
  PlanPeriod,
  SUPPORT_WHATSAPP_URL,
  SubscriptionState,
  TransactionStatus,
  formatCairoDateTime,
  formatMoney,
  pricePlanPurchase,
} from '@talaqa/domain';
import type { CardToken, Coupon, PaymentStarted, TransactionView } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { RealtimeContractViolation } from '@talaqa/api-client';
import {
  apiError,
  fakeApi,
  json,
  makeUser,
  renderApp,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';
import { demoPlans, makeSubscription, makeTransaction } from '../../testing/payments-fixtures';
import { fakeSockets } from '@talaqa/api-client/testing/fake-socket';
import { goToExternalPage } from './external';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);
vi.mock('./external', () => ({ goToExternalPage: vi.fn() }));

const fetchMock = stubHealthyApi();
const server = fakeApi(fetchMock);

/** The card tab's pay button ("ادفع ١٬٠٠٠ ج.م."), not Paymob's. */
const CARD_PAY = (name: string) => name.startsWith('ادفع ') && !name.includes('Paymob');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const [BEGINNING, ADVANCE, PROFESSIONAL] = demoPlans() as [
  ReturnType<typeof demoPlans>[number],
  ReturnType<typeof demoPlans>[number],
  ReturnType<typeof demoPlans>[number],
];
const VISA: CardToken = { token: 'tok-visa', last4: '4242', brand: 'visa', expiry: '09/29' };
const MASTERCARD: CardToken = { token: 'tok-mc', last4: '0008', brand: 'mastercard' };
const COUPON: Coupon = {
  id: 4,
  code: 'SAVE10',
  discount: 10,
  expireDate: '2099-01-01T00:00:00.000Z',
};

let cards: CardToken[];

beforeEach(() => {
  signInAs(server, makeUser({ phone: '+201012345678' }));
  cards = [VISA, MASTERCARD];
  for (const plan of demoPlans()) server.on('GET', `/plan/${plan.id}`, json(plan));
  server.on('GET', '/sub/user', json(null));
  server.on('GET', '/fawry/card-token/list', () => json(cards));
  server.on('GET', '/fawry/payment-methods', json({ bankInstallments: true }));
  vi.mocked(goToExternalPage).mockReset();
});
afterEach(() => {
  resetSession();
  vi.useRealTimers();
});

const started = (transaction: TransactionView, next: PaymentStarted['next']): PaymentStarted => ({
  transaction,
  next,
});

/** A promise with its resolve function, to hold an answer back. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function payWithCard(ui: ReturnType<typeof userEvent.setup>, cvv = '123') {
  const field = await screen.findByLabelText(/رمز الأمان/);
  await ui.clear(field);
  await ui.type(field, cvv);
  await ui.click(screen.getByRole('button', { name: CARD_PAY }));
}

describe('/checkout/{planId}/{period}: summary and coupon', () => {
  it('shows the amounts of pricePlanPurchase, and a coupon lowers the total until removed', async () => {
    server.on('GET', '/coupon/code/:code', (_request, params) =>
      params.code === 'SAVE10' ? json(COUPON) : apiError(404, 'coupon-not-found'),
    );
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();
    const plain = pricePlanPurchase({ plan: ADVANCE, period: PlanPeriod.Quarter });

    const summary = await screen.findByRole('region', { name: 'ملخص الطلب' });
    expect(within(summary).getByTestId('list-price').textContent).toBe(
      formatMoney(plain.listPrice),
    );
    expect(within(summary).getByTestId('period-discount').textContent).toContain(
      formatMoney(plain.periodDiscount),
    );
    expect(within(summary).getByTestId('total').textContent).toBe(formatMoney(plain.total));
    expect(summary.textContent).toContain('الباقة المتقدمة');
    expect(summary.textContent).toContain('ثلاثة أشهر');
    expect(summary.textContent).toContain('١٢٠ دقيقة أسبوعيًا');

    await ui.type(within(summary).getByLabelText(/كود الخصم/), 'save10');
    await ui.click(within(summary).getByRole('button', { name: 'تطبيق' }));
    const withCoupon = pricePlanPurchase({
      plan: ADVANCE,
      period: PlanPeriod.Quarter,
      couponPercent: 10,
    });
    await waitFor(() =>
      expect(within(summary).getByTestId('total').textContent).toBe(formatMoney(withCoupon.total)),
    );
    expect(within(summary).getByTestId('coupon-discount').textContent).toContain(
      formatMoney(withCoupon.couponDiscount),
    );
    expect(within(summary).getByRole('status').textContent).toContain('SAVE10');
    expect(server.callsTo('GET', '/coupon/code/SAVE10')).toHaveLength(1);

    await ui.click(within(summary).getByRole('button', { name: 'إزالة الكود' }));
    expect(within(summary).queryByTestId('coupon-discount')).toBeNull();
    expect(within(summary).getByTestId('total').textContent).toBe(formatMoney(plain.total));
  });

  it('says in Arabic when a coupon is malformed, unknown or expired', async () => {
    server.on('GET', '/coupon/code/:code', (_request, params) =>
      params.code === 'OLD10' ? apiError(400, 'expired-coupon') : apiError(404, 'coupon-not-found'),
    );
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();
    const summary = await screen.findByRole('region', { name: 'ملخص الطلب' });
    const field = within(summary).getByLabelText(/كود الخصم/);
    const apply = within(summary).getByRole('button', { name: 'تطبيق' });

    await ui.type(field, 'a!');
    await ui.click(apply);
    expect(await within(summary).findByText(ERROR_MESSAGES['invalid-coupon-code'])).toBeTruthy();
    expect(server.calls.filter((call) => call.path.startsWith('/coupon/'))).toHaveLength(0);

    await ui.clear(field);
    await ui.type(field, 'NOPE1');
    await ui.click(apply);
    expect(await within(summary).findByText(ERROR_MESSAGES['coupon-not-found'])).toBeTruthy();

    await ui.clear(field);
    await ui.type(field, 'OLD10');
    await ui.click(apply);
    expect(await within(summary).findByText(ERROR_MESSAGES['expired-coupon'])).toBeTruthy();
    expect(within(summary).queryByTestId('coupon-discount')).toBeNull();
  });

  it('sends a student with a running subscription to it instead of paying again', async () => {
    server.on('GET', '/sub/user', json(makeSubscription({ state: SubscriptionState.Active })));
    renderApp('/checkout/2/quarter');
    expect(await screen.findByText(ERROR_MESSAGES['subscription-exists'])).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'طرق الدفع' })).toBeNull();
  });

  it('asks for the e-mail code inline and keeps every pay button disabled with the reason', async () => {
    signInAs(server, makeUser({ verifiedEmail: false, phone: '+201012345678' }));
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();
    const step = await screen.findByRole('region', { name: /تأكيد بريدك الإلكتروني/ });
    expect(within(step).getByRole('button', { name: 'أرسل رمز التأكيد' })).toBeTruthy();
    await screen.findByRole('radio', { name: /4242/ });
    await ui.type(screen.getByLabelText(/رمز الأمان/), '123');
    expect(screen.getByRole('button', { name: CARD_PAY })).toHaveProperty('disabled', true);
    expect(screen.getAllByTestId('pay-blocked')[0]?.textContent).toContain('أكّد بريدك');
    await ui.click(screen.getByRole('radio', { name: 'المحفظة الإلكترونية' }));
    expect(screen.getByRole('button', { name: /^أرسل طلب دفع/ })).toHaveProperty('disabled', true);
  });

  it('verifies the phone in a dialog inside the checkout, keeping a sent code across reopening', async () => {
    const user = makeUser({ phone: null, verifiedPhone: false });
    signInAs(server, user);
    server.on('POST', '/confirmation-code/phone/send', () =>
      json({
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        resendAfter: new Date(Date.now() + 60_000).toISOString(),
      }),
    );
    const verified = { ...user, phone: '+201012345678', verifiedPhone: true };
    server.on('POST', '/confirmation-code/phone/verify', () => json({ user: verified }));
    server.on('PUT', '/user/:id', () => json(verified));
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();
    await screen.findByRole('radio', { name: /4242/ });
    await ui.type(screen.getByLabelText(/رمز الأمان/), '123');
    // Cards need the phone; the wallet does not.
    expect(screen.getByRole('button', { name: CARD_PAY })).toHaveProperty('disabled', true);
    expect(screen.getAllByTestId('pay-blocked')[0]?.textContent).toContain('رقم موبايلك');

    await ui.click(screen.getByRole('button', { name: 'تأكيد رقم الموبايل' }));
    let dialog = await screen.findByRole('dialog', { name: 'تأكيد رقم الموبايل' });
    await ui.type(within(dialog).getByLabelText('رقم الهاتف المحمول'), '01012345678');
    await ui.click(within(dialog).getByRole('button', { name: 'أرسل رمز التأكيد' }));
    expect(await within(dialog).findByLabelText('رمز التأكيد')).toBeTruthy();

    // Closed and opened again: the code sent is still enterable, nothing is sent twice.
    await ui.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await ui.click(screen.getByRole('button', { name: 'تأكيد رقم الموبايل' }));
    dialog = await screen.findByRole('dialog', { name: 'تأكيد رقم الموبايل' });
    expect(within(dialog).getByLabelText('رمز التأكيد')).toBeTruthy();
    expect(server.callsTo('POST', '/confirmation-code/phone/send')).toHaveLength(1);

    await ui.type(within(dialog).getByLabelText('رمز التأكيد'), '24680');
    await ui.click(within(dialog).getByRole('button', { name: 'تأكيد الرقم' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: CARD_PAY })).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('pay-blocked')).toBeNull();
  });

  it('shows no CVV field without a saved card, and says to add one', async () => {
    cards = [];
    renderApp('/checkout/2/quarter');
    expect(await screen.findByText(/لا توجد بطاقات محفوظة بعد/)).toBeTruthy();
    expect(screen.queryByLabelText(/رمز الأمان/)).toBeNull();
    expect(screen.getByRole('button', { name: CARD_PAY })).toHaveProperty('disabled', true);
    expect(screen.getAllByTestId('pay-blocked')[0]?.textContent).toContain('أضف بطاقة');
  });

  it('lists every payment method as a choice that wraps on a phone, with the trust marks', async () => {
    renderApp('/checkout/3/year');
    const methods = await screen.findByRole('group', { name: 'طرق الدفع' });
    const names = ['البطاقات', 'المحفظة الإلكترونية', 'الرقم المرجعي (فوري)', 'التقسيط البنكي'];
    await within(methods).findByRole('radio', { name: 'التقسيط البنكي' });
    for (const name of names) expect(within(methods).getByRole('radio', { name })).toBeTruthy();
    // Two to a row below `sm` (360 px), never one scrolled row.
    const list = within(methods).getByTestId('payment-method-list');
    expect(list.className).toContain('grid-cols-2');
    expect(list.className).not.toContain('overflow-x');
    expect(screen.queryByRole('tablist')).toBeNull();

    const trust = screen.getByRole('region', { name: 'الدفع الآمن' });
    expect(trust.querySelectorAll('svg').length).toBeGreaterThanOrEqual(3);
    expect(
      within(trust).getByRole('link', { name: 'سياسة الاسترداد' }).getAttribute('href'),
    ).toMatch(/\/terms#terms-refunds$/);
    expect(
      within(trust).getByRole('link', { name: 'كلّم الدعم على واتساب' }).getAttribute('href'),
    ).toBe(SUPPORT_WHATSAPP_URL);
  });

  it('says so for a malformed address or an unknown plan', async () => {
    renderApp('/checkout/2/free-trial');
    expect(await screen.findByText('رابط الدفع غير صحيح')).toBeTruthy();
  });
});

describe('/checkout: paying with a saved card', () => {
  it('pays with the chosen card and CVV and shows the payment-done screen', async () => {
    const paid = makeTransaction({ id: 501, status: TransactionStatus.Paid });
    server.on('POST', '/fawry/pay/card', json(started(paid, { kind: 'done' })));
    server.on('GET', '/tx/501', json(paid));
    const { router } = renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();

    const cardsGroup = await screen.findByRole('group', { name: 'ادفع ببطاقة محفوظة' });
    expect(await within(cardsGroup).findByRole('radio', { name: /4242/ })).toHaveProperty(
      'checked',
      true,
    );
    await ui.click(within(cardsGroup).getByRole('radio', { name: /0008/ }));

    // Paying waits for a whole CVV, and says so beside the button.
    const pay = screen.getByRole('button', { name: CARD_PAY });
    expect(pay).toHaveProperty('disabled', true);
    expect(screen.getByTestId('pay-blocked').textContent).toContain('رمز الأمان');
    await ui.type(screen.getByLabelText(/رمز الأمان/), '12');
    await ui.click(pay);
    expect(pay).toHaveProperty('disabled', true);
    expect(server.callsTo('POST', '/fawry/pay/card')).toHaveLength(0);

    await payWithCard(ui, '٣٢١');
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();
    const [request] = server.callsTo('POST', '/fawry/pay/card') as [FakeRequest];
    const body = request.body as Record<string, unknown>;
    expect(body).toMatchObject({
      planId: 2,
      period: PlanPeriod.Quarter,
      cardToken: 'tok-mc',
      cvv: '321',
    });
    expect(body.couponCode).toBeUndefined();
    expect(body.idempotencyKey).toMatch(UUID);
    expect(request.headers.get('Idempotency-Key')).toBe(body.idempotencyKey);
    expect(String(body.returnUrl)).toBe(`${window.location.origin}/checkout/2/quarter`);

    expect(screen.getByRole('link', { name: 'احجز أول درس' }).getAttribute('href')).toBe('/tutors');
    expect(screen.getByRole('link', { name: 'الصفحة الرئيسية' }).getAttribute('href')).toBe(
      '/s/dashboard',
    );
    expect(router.state.location.search).toBe('?tx=501');
  });

  it('sends the coupon with the payment', async () => {
    server.on('GET', '/coupon/code/:code', json(COUPON));
    const paid = makeTransaction({ id: 502, couponCode: 'SAVE10' });
    server.on('POST', '/fawry/pay/card', json(started(paid, { kind: 'done' })));
    server.on('GET', '/tx/502', json(paid));
    renderApp('/checkout/2/quarter?coupon=SAVE10');
    const ui = userEvent.setup();
    // A code handed over in the address is applied on arrival.
    expect(await screen.findByText('إزالة الكود')).toBeTruthy();
    await payWithCard(ui);
    await screen.findByRole('heading', { name: 'تم الدفع بنجاح' });
    expect(server.callsTo('POST', '/fawry/pay/card')[0]?.body).toMatchObject({
      couponCode: 'SAVE10',
    });
  });

  it('shows the failure message and retries with a new idempotency key', async () => {
    let attempt = 0;
    server.on('POST', '/fawry/pay/card', () => {
      attempt += 1;
      const transaction = makeTransaction({
        id: 600 + attempt,
        status: attempt === 1 ? TransactionStatus.Failed : TransactionStatus.Paid,
      });
      return json(started(transaction, { kind: 'done' }));
    });
    server.on('GET', '/tx/:id', (_request, params) =>
      json(
        makeTransaction({
          id: Number(params.id),
          status: params.id === '601' ? TransactionStatus.Failed : TransactionStatus.Paid,
        }),
      ),
    );
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();

    await payWithCard(ui);
    expect(await screen.findByRole('heading', { name: 'لم تتم عملية الدفع' })).toBeTruthy();
    expect(screen.getByText(UI_MESSAGES.transactionFailed)).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: UI_MESSAGES.retry }));
    await payWithCard(ui);
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();

    const keys = server
      .callsTo('POST', '/fawry/pay/card')
      .map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('keeps the key across double clicks and a lost connection, so one attempt is charged once', async () => {
    const held = deferred<Response>();
    let calls = 0;
    server.on('POST', '/fawry/pay/card', () => {
      calls += 1;
      if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return held.promise;
    });
    const paid = makeTransaction({ id: 700 });
    server.on('GET', '/tx/700', json(paid));
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();

    await payWithCard(ui);
    expect(await screen.findByText(UI_MESSAGES.connectionFailed)).toBeTruthy();

    const pay = screen.getByRole('button', { name: CARD_PAY });
    await ui.dblClick(pay);
    await waitFor(() => expect(pay).toHaveProperty('disabled', true));
    await ui.click(pay);
    held.resolve(json(started(paid, { kind: 'done' })));
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();

    const keys = server
      .callsTo('POST', '/fawry/pay/card')
      .map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('opens the bank page when the card needs 3-D Secure', async () => {
    const pending = makeTransaction({ id: 710, status: TransactionStatus.New });
    server.on(
      'POST',
      '/fawry/pay/card',
      json(started(pending, { kind: 'redirect', url: 'https://bank.example/3ds/710' })),
    );
    renderApp('/checkout/2/quarter');
    await payWithCard(userEvent.setup());
    await waitFor(() =>
      expect(goToExternalPage).toHaveBeenCalledWith('https://bank.example/3ds/710'),
    );
    expect(await screen.findByText('جارٍ تحويلك إلى صفحة الدفع الآمنة')).toBeTruthy();
  });

  it('opens Paymob’s page for "pay with Paymob"', async () => {
    server.on(
      'POST',
      '/paymob/create-checkout-url',
      json({ url: 'https://paymob.example/checkout/1', transactionId: 720 }),
    );
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: /عبر Paymob$/ }));
    await waitFor(() =>
      expect(goToExternalPage).toHaveBeenCalledWith('https://paymob.example/checkout/1'),
    );
    expect(server.callsTo('POST', '/paymob/create-checkout-url')[0]?.body).toMatchObject({
      planId: 2,
      period: PlanPeriod.Quarter,
    });
  });

  it('adds a card on Fawry’s page after explaining it', async () => {
    server.on('GET', '/fawry/card-token/url', json({ url: 'https://fawry.example/card' }));
    server.on('DELETE', '/fawry/card-token', (request) => {
      const { token } = request.body as { token: string };
      cards = cards.filter((card) => card.token !== token);
      return json(null, 204);
    });
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();

    await ui.click(await screen.findByRole('button', { name: 'إضافة بطاقة جديدة' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة بطاقة جديدة' });
    expect(dialog.textContent).toContain('لا تمر بيانات بطاقتك على خوادم طلاقة');
    await ui.click(within(dialog).getByRole('button', { name: 'المتابعة إلى صفحة فوري الآمنة' }));
    await waitFor(() =>
      expect(goToExternalPage).toHaveBeenCalledWith('https://fawry.example/card'),
    );
    const returnUrl = new URL(
      server.callsTo('GET', '/fawry/card-token/url')[0]!.query.get('returnUrl')!,
    );
    expect(returnUrl.origin).toBe(window.location.origin);
    expect(returnUrl.pathname).toBe('/card-added');
    expect(returnUrl.searchParams.get('next')).toBe('/checkout/2/quarter?method=cards');
  });

  it('deletes a saved card only after confirmation', async () => {
    server.on('DELETE', '/fawry/card-token', (request) => {
      const { token } = request.body as { token: string };
      cards = cards.filter((card) => card.token !== token);
      return json(null, 204);
    });
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();
    await ui.click(
      await screen.findByRole('button', { name: 'حذف البطاقة المنتهية بالأرقام 4242' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'حذف البطاقة؟' });
    expect(server.callsTo('DELETE', '/fawry/card-token')).toHaveLength(0);
    await ui.click(within(dialog).getByRole('button', { name: 'حذف البطاقة' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: /4242/ })).toBeNull());
    expect(server.callsTo('DELETE', '/fawry/card-token')[0]?.body).toEqual({ token: 'tok-visa' });
    expect(screen.getByRole('radio', { name: /0008/ })).toHaveProperty('checked', true);
  });
});

describe('/checkout: reference number, wallet and installments', () => {
  const expiresAt = '2025-03-03T20:00:00.000Z';
  const newReference = (overrides: Partial<TransactionView> = {}) =>
    makeTransaction({
      id: 800,
      status: TransactionStatus.New,
      method: PaymentMethod.Fawry,
      referenceNumber: '987654321',
      expiresAt,
      ...overrides,
    });

  async function askForReference() {
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('radio', { name: 'الرقم المرجعي (فوري)' }));
    await ui.click(screen.getByRole('button', { name: 'احصل على الرقم المرجعي' }));
    expect(await screen.findByTestId('reference-number')).toBeTruthy();
    return ui;
  }

  it('shows the reference number and its Cairo expiry, and turns to done on the realtime update', async () => {
    const transaction = newReference();
    server.on(
      'POST',
      '/fawry/pay/ref-num',
      json(started(transaction, { kind: 'reference', referenceNumber: '987654321', expiresAt })),
    );
    server.on('GET', '/tx/800', () => json(transaction));
    renderApp('/checkout/2/quarter');
    await askForReference();

    expect(screen.getByTestId('reference-number').textContent).toBe('987654321');
    expect(screen.getByTestId('reference-expiry').textContent).toBe(
      formatCairoDateTime(new Date(expiresAt)),
    );
    expect(document.body.textContent).toContain(formatMoney(transaction.amount));
    await waitFor(() =>
      expect(fakeSockets.latest()?.listeners('TransactionStatusUpdate')).toBeGreaterThan(0),
    );

    // An update about another of the student's transactions changes nothing.
    act(() =>
      fakeSockets
        .latest()!
        .serverEmit(
          'TransactionStatusUpdate',
          makeTransaction({ id: 9, status: TransactionStatus.Paid }),
        ),
    );
    expect(screen.queryByRole('heading', { name: 'تم الدفع بنجاح' })).toBeNull();

    // The server pushes the TransactionView itself (the page needs no second read).
    act(() =>
      fakeSockets
        .latest()!
        .serverEmit('TransactionStatusUpdate', newReference({ status: TransactionStatus.Paid })),
    );
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();
    await waitFor(() => expect(fakeSockets.latest()?.listeners('TransactionStatusUpdate')).toBe(0));
  });

  it('refuses an update of a shape the realtime contract does not declare', async () => {
    const transaction = newReference();
    server.on(
      'POST',
      '/fawry/pay/ref-num',
      json(started(transaction, { kind: 'reference', referenceNumber: '987654321', expiresAt })),
    );
    server.on('GET', '/tx/800', () => json(transaction));
    renderApp('/checkout/2/quarter');
    await askForReference();
    await waitFor(() =>
      expect(fakeSockets.latest()?.listeners('TransactionStatusUpdate')).toBeGreaterThan(0),
    );
    const reads = server.callsTo('GET', '/tx/800').length;
    // The server sends the TransactionView itself; anything else is a bug, caught here.
    expect(() =>
      fakeSockets.latest()!.serverEmit('TransactionStatusUpdate', { transactionId: 800 }),
    ).toThrow(RealtimeContractViolation);
    expect(server.callsTo('GET', '/tx/800')).toHaveLength(reads);
    expect(screen.getByTestId('reference-number').textContent).toBe('987654321');
  });

  it('polls the transaction every 10 seconds when no realtime update comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let transaction = newReference();
    server.on(
      'POST',
      '/fawry/pay/ref-num',
      json(started(transaction, { kind: 'reference', referenceNumber: '987654321', expiresAt })),
    );
    server.on('GET', '/tx/800', () => json(transaction));
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await ui.click(await screen.findByRole('radio', { name: 'الرقم المرجعي (فوري)' }));
    await ui.click(screen.getByRole('button', { name: 'احصل على الرقم المرجعي' }));
    await screen.findByTestId('reference-number');

    transaction = newReference({ status: TransactionStatus.Processed });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();
  });

  it('turns a wallet request to paid on the realtime update, nothing pressed', async () => {
    const transaction = makeTransaction({
      id: 910,
      status: TransactionStatus.New,
      method: PaymentMethod.EWallet,
      expiresAt,
    });
    server.on(
      'POST',
      '/fawry/pay/e-wallet',
      json(
        started(transaction, {
          kind: 'wallet',
          walletPhone: '+201012345678',
          redirectUrl: null,
          expiresAt,
        }),
      ),
    );
    server.on('GET', '/tx/910', json(transaction));
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('radio', { name: 'المحفظة الإلكترونية' }));
    await ui.click(screen.getByRole('button', { name: /^أرسل طلب دفع/ }));
    await screen.findByRole('heading', { name: 'وافق على طلب الدفع من محفظتك' });
    await waitFor(() => expect(fakeSockets.latest()).toBeTruthy());
    act(() =>
      fakeSockets
        .latest()!
        .serverEmit('TransactionStatusUpdate', { ...transaction, status: TransactionStatus.Paid }),
    );
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();
  });

  it('asks Fawry itself after 30 s without a notification, and turns to paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const transaction = makeTransaction({
      id: 920,
      status: TransactionStatus.New,
      method: PaymentMethod.EWallet,
      provider: 'fawry',
      expiresAt,
    });
    server.on(
      'POST',
      '/fawry/pay/e-wallet',
      json(
        started(transaction, {
          kind: 'wallet',
          walletPhone: '+201012345678',
          redirectUrl: null,
          expiresAt,
        }),
      ),
    );
    // Our row never hears of the payment; Fawry's status API knows it is paid.
    server.on('GET', '/tx/920', json(transaction));
    server.on(
      'POST',
      '/fawry/payment-status/sync',
      json({ ...transaction, status: TransactionStatus.Paid }),
    );
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await ui.click(await screen.findByRole('radio', { name: 'المحفظة الإلكترونية' }));
    await ui.click(screen.getByRole('button', { name: /^أرسل طلب دفع/ }));
    await screen.findByRole('heading', { name: 'وافق على طلب الدفع من محفظتك' });

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(server.callsTo('POST', '/fawry/payment-status/sync')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'وافق على طلب الدفع من محفظتك' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();
    expect(server.callsTo('POST', '/fawry/payment-status/sync')[0]?.body).toEqual({
      transactionId: 920,
    });
  });

  it('cancels an unpaid reference order after confirmation', async () => {
    let transaction = newReference();
    server.on(
      'POST',
      '/fawry/pay/ref-num',
      json(started(transaction, { kind: 'reference', referenceNumber: '987654321', expiresAt })),
    );
    server.on('GET', '/tx/800', () => json(transaction));
    server.on('POST', '/fawry/cancel-unpaid-order', () => {
      transaction = newReference({ status: TransactionStatus.Canceled });
      return json(transaction);
    });
    renderApp('/checkout/2/quarter');
    const ui = await askForReference();

    await ui.click(screen.getByRole('button', { name: 'إلغاء الطلب' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء طلب الدفع؟' });
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الطلب' }));
    expect(await screen.findByRole('heading', { name: 'أُلغي طلب الدفع' })).toBeTruthy();
    expect(server.callsTo('POST', '/fawry/cancel-unpaid-order')[0]?.body).toEqual({
      transactionId: 800,
    });
  });

  it('sends a wallet request to a valid number and waits for the approval', async () => {
    const transaction = makeTransaction({
      id: 900,
      status: TransactionStatus.New,
      method: PaymentMethod.EWallet,
      expiresAt,
    });
    server.on(
      'POST',
      '/fawry/pay/e-wallet',
      json(
        started(transaction, {
          kind: 'wallet',
          walletPhone: '+201112223334',
          redirectUrl: null,
          expiresAt,
        }),
      ),
    );
    server.on('GET', '/tx/900', json(transaction));
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('radio', { name: 'المحفظة الإلكترونية' }));
    const phone = screen.getByLabelText(/رقم المحفظة/);
    expect((phone as HTMLInputElement).value).toBe('01012345678');
    await ui.clear(phone);
    await ui.type(phone, '0123');
    await ui.click(screen.getByRole('button', { name: /^أرسل طلب دفع/ }));
    expect(await screen.findByText(ERROR_MESSAGES['invalid-phone'])).toBeTruthy();
    expect(server.callsTo('POST', '/fawry/pay/e-wallet')).toHaveLength(0);

    await ui.clear(phone);
    await ui.type(phone, '0111 222 3334');
    await ui.click(screen.getByRole('button', { name: /^أرسل طلب دفع/ }));
    expect(
      await screen.findByRole('heading', { name: 'وافق على طلب الدفع من محفظتك' }),
    ).toBeTruthy();
    expect(screen.getByText('+201112223334')).toBeTruthy();
    expect(server.callsTo('POST', '/fawry/pay/e-wallet')[0]?.body).toMatchObject({
      walletPhone: '+201112223334',
    });
  });

  it('offers bank installments only where the plan and period allow, with each amount', async () => {
    renderApp('/checkout/1/year');
    await screen.findByRole('radio', { name: 'البطاقات' });
    expect(screen.queryByRole('radio', { name: 'التقسيط البنكي' })).toBeNull();
  });

  it('hides the installments tab while the server does not offer bank installments', async () => {
    server.on('GET', '/fawry/payment-methods', json({ bankInstallments: false }));
    // The tab asked for in the address falls back to the cards.
    renderApp('/checkout/3/year?method=installments');
    expect(await screen.findByRole('radio', { name: 'البطاقات' })).toBeTruthy();
    await waitFor(() =>
      expect(server.callsTo('GET', '/fawry/payment-methods')).not.toHaveLength(0),
    );
    expect(screen.queryByRole('radio', { name: 'التقسيط البنكي' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'البطاقات' })).toHaveProperty('checked', true);
  });

  it('pays a professional year in 4 installments', async () => {
    const transaction = makeTransaction({
      id: 950,
      installments: 4,
      method: PaymentMethod.BankInstallment,
    });
    server.on('POST', '/fawry/pay/bank-installments', json(started(transaction, { kind: 'done' })));
    server.on('GET', '/tx/950', json(transaction));
    renderApp('/checkout/3/year');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('radio', { name: 'التقسيط البنكي' }));
    const group = screen.getByRole('group', { name: 'عدد الدفعات' });
    const price = pricePlanPurchase({
      plan: PROFESSIONAL,
      period: PlanPeriod.Year,
      installments: 4,
    });
    const four = within(group).getByRole('radio', { name: /^٤ دفعات/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    for (const part of price.installments) {
      expect(four.closest('label')?.textContent).toContain(formatMoney(part));
    }
    await ui.click(four);
    await payWithCardForInstallments(ui);
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();
    expect(server.callsTo('POST', '/fawry/pay/bank-installments')[0]?.body).toMatchObject({
      planId: 3,
      period: PlanPeriod.Year,
      installments: 4,
      cardToken: 'tok-visa',
      cvv: '123',
    });
    expect(BEGINNING.weeklyMinutes).toBe(60);
  });

  it('shows the result after returning from 3-D Secure, and asks the provider on "sync"', async () => {
    let transaction = makeTransaction({ id: 1000, status: TransactionStatus.New });
    server.on('GET', '/tx/1000', () => json(transaction));
    server.on('POST', '/fawry/payment-status/sync', () => {
      transaction = makeTransaction({ id: 1000, status: TransactionStatus.Paid });
      return json(transaction);
    });
    renderApp('/checkout/2/quarter?tx=1000');
    const ui = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'جارٍ تأكيد عملية الدفع' })).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'تحديث حالة الدفع' }));
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();
    expect(server.callsTo('POST', '/fawry/payment-status/sync')[0]?.body).toEqual({
      transactionId: 1000,
    });
  });
});

async function payWithCardForInstallments(ui: ReturnType<typeof userEvent.setup>) {
  const field = await screen.findByLabelText(/رمز الأمان/);
  await ui.type(field, '123');
  await ui.click(screen.getByRole('button', { name: 'ادفع على ٤ دفعات' }));
}

describe('/checkout: one open payment at a time', () => {
  const open = (overrides: Partial<TransactionView> = {}) =>
    makeTransaction({
      id: 900,
      status: TransactionStatus.New,
      method: PaymentMethod.Fawry,
      referenceNumber: '123450000',
      expiresAt: '2099-03-03T20:00:00.000Z',
      ...overrides,
    });

  it('says so in Arabic and continues the open payment', async () => {
    server.on('POST', '/fawry/pay/card', apiError(409, 'open-payment-exists'));
    server.on('GET', '/tx/last', json(open()));
    server.on('GET', '/tx/900', json(open()));
    const { router } = renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();

    await payWithCard(ui);
    const alert = await screen.findByText(ERROR_MESSAGES['open-payment-exists']);
    expect(alert).toBeTruthy();
    // The message is said once (not again under the pay button).
    expect(screen.getAllByText(ERROR_MESSAGES['open-payment-exists'])).toHaveLength(1);
    await ui.click(await screen.findByRole('button', { name: 'متابعة الدفع المفتوح' }));
    expect(await screen.findByTestId('reference-number')).toBeTruthy();
    expect(router.state.location.search).toBe('?tx=900');
  });

  it('cancels the open payment after confirmation, and then pays here', async () => {
    let blocking = true;
    server.on('POST', '/fawry/pay/card', () =>
      blocking
        ? apiError(409, 'open-payment-exists')
        : json(started(makeTransaction({ id: 901 }), { kind: 'done' })),
    );
    server.on('GET', '/tx/last', () => json(open()));
    server.on('GET', '/tx/901', json(makeTransaction({ id: 901 })));
    server.on('POST', '/fawry/cancel-unpaid-order', () => {
      blocking = false;
      return json(open({ status: TransactionStatus.Canceled }));
    });
    renderApp('/checkout/2/quarter');
    const ui = userEvent.setup();

    await payWithCard(ui);
    await ui.click(await screen.findByRole('button', { name: 'إلغاء الدفع المفتوح' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الدفع المفتوح؟' });
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الطلب' }));
    await waitFor(() =>
      expect(screen.queryByText(ERROR_MESSAGES['open-payment-exists'])).toBeNull(),
    );
    expect(server.callsTo('POST', '/fawry/cancel-unpaid-order')[0]?.body).toEqual({
      transactionId: 900,
    });

    await payWithCard(ui);
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();
  });

  it('cancels a payment waiting for confirmation before paying another way', async () => {
    let transaction = open({ id: 902, method: PaymentMethod.Card, referenceNumber: null });
    server.on('GET', '/tx/902', () => json(transaction));
    server.on('POST', '/fawry/cancel-unpaid-order', () => {
      transaction = { ...transaction, status: TransactionStatus.Canceled };
      return json(transaction);
    });
    const { router } = renderApp('/checkout/2/quarter?tx=902');
    const ui = userEvent.setup();

    await screen.findByRole('heading', { name: 'جارٍ تأكيد عملية الدفع' });
    await ui.click(screen.getByRole('button', { name: 'الدفع بطريقة أخرى' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'إلغاء هذا الطلب والدفع بطريقة أخرى؟',
    });
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الطلب' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(server.callsTo('POST', '/fawry/cancel-unpaid-order')[0]?.body).toEqual({
      transactionId: 902,
    });
  });
});
