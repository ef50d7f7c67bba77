import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentMethod, PlanPeriod, Role, TransactionStatus, formatMoney } from '@talaqa/domain';
import type { RefundBody, TransactionView } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  createFakeApi,
  makeUser,
  renderAdmin,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';
import { REFUND_MESSAGES, refundAmountOf } from './RefundForm';
import { SETTLE_MESSAGES } from './SettleRefundForm';

const STUDENT = makeUser({
  id: 9,
  name: 'يوسف كمال',
  email: 'youssef@talaqa.com',
  role: Role.Student,
});

function makeTransaction(overrides: Partial<TransactionView> & Pick<TransactionView, 'id'>) {
  const transaction: TransactionView = {
    userId: STUDENT.id,
    userName: STUDENT.name,
    amount: 297_000,
    status: TransactionStatus.Processed,
    method: PaymentMethod.Card,
    planId: 2,
    period: PlanPeriod.Quarter,
    referenceNumber: null,
    createdAt: '2025-05-01T09:00:00.000Z',
    updatedAt: '2025-05-01T09:01:00.000Z',
    plan: { id: 2, weeklyMinutes: 120, name: 'advance' },
    provider: 'fawry',
    providerReference: 'FWRY-778899',
    orderReference: '3173298765432112345',
    refundedAmount: 0,
    couponCode: null,
    installments: null,
    expiresAt: null,
    openRefund: null,
    ...overrides,
  };
  return transaction;
}

const PAID = makeTransaction({ id: 41 });
const WAITING = makeTransaction({
  id: 42,
  status: TransactionStatus.New,
  method: PaymentMethod.Fawry,
  referenceNumber: '9912345678',
  expiresAt: '2025-05-03T09:00:00.000Z',
  amount: 110_000,
  period: PlanPeriod.Month,
});

/** A small in-memory payments server with the provider's refund and status sync. */
function stubTransactions(initial: TransactionView[], syncTo = TransactionStatus.Paid) {
  let transactions = [...initial];
  const replace = (next: TransactionView) => {
    transactions = transactions.map((item) => (item.id === next.id ? next : item));
    return next;
  };
  const fake = createFakeApi({
    'GET /user/9': () => STUDENT,
    'GET /user/list': () => ({ list: [STUDENT], total: 1 }),
    'GET /tx/list': ({ query }) => {
      const status = query.get('status');
      const method = query.get('method');
      const userId = query.get('userId');
      const list = transactions.filter(
        (item) =>
          (status === null || item.status === Number(status)) &&
          (method === null || item.method === Number(method)) &&
          (userId === null || item.userId === Number(userId)),
      );
      return { list, total: list.length };
    },
    'GET /tx/:id': ({ path }) =>
      transactions.find((item) => item.id === Number(path.split('/')[2])),
    'POST /fawry/refund': ({ body }) => {
      const { transactionId, amount, expectedRefundedAmount } = body as RefundBody;
      const known = transactions.find((item) => item.id === transactionId)!;
      const remaining = known.amount - known.refundedAmount;
      if (amount !== undefined && amount > remaining) return apiError('illegal', 422);
      if (expectedRefundedAmount !== known.refundedAmount) return apiError('illegal', 422);
      const refundedAmount = known.refundedAmount + (amount ?? remaining);
      return replace({
        ...known,
        refundedAmount,
        status:
          refundedAmount === known.amount
            ? TransactionStatus.Refunded
            : TransactionStatus.PartialRefunded,
      });
    },
    'POST /fawry/payment-status/sync': ({ body }) => {
      const { transactionId } = body as { transactionId: number };
      const known = transactions.find((item) => item.id === transactionId)!;
      return replace({ ...known, status: syncTo });
    },
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

/** A sentence as Testing Library reads it from the page (no-break spaces made plain ones). */
const plain = (text: string) => text.replace(/\s+/g, ' ');

const writes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== 'GET');
const lastList = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === '/tx/list').at(-1)?.query;
const table = () => screen.getByRole('table', { name: 'قائمة المدفوعات' });

async function openDetails(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.click(within(table()).getByRole('button', { name: `تفاصيل عملية الدفع رقم ${id}` }));
  return screen.findByRole('dialog', { name: `عملية الدفع رقم ${id}` });
}

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('refund amounts', () => {
  it('takes pounds in whole piasters, above zero and up to what remains', () => {
    expect(refundAmountOf('150.5', 297_000)).toEqual({ amount: 15_050 });
    expect(refundAmountOf('٢٩٧٠', 297_000)).toEqual({ amount: 297_000 });
    expect(refundAmountOf('', 297_000)).toEqual({ error: REFUND_MESSAGES.amountRequired });
    expect(refundAmountOf('0', 297_000)).toEqual({ error: REFUND_MESSAGES.amountNotPositive });
    expect(refundAmountOf('-5', 297_000)).toEqual({ error: REFUND_MESSAGES.amountInvalid });
    expect(refundAmountOf('1.005', 297_000)).toEqual({ error: REFUND_MESSAGES.amountFraction });
    expect(refundAmountOf('2970.01', 297_000)).toEqual({
      error: REFUND_MESSAGES.amountAboveRemaining(297_000),
    });
    expect(refundAmountOf('abc', 297_000)).toEqual({ error: REFUND_MESSAGES.amountInvalid });
  });
});

describe('/transactions', () => {
  it('lists the payments with amounts and statuses, filtered by status, method and user', async () => {
    const fake = stubTransactions([PAID, WAITING]);
    const user = userEvent.setup();
    const { router } = renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    const paid = within(table()).getByText('٤١').closest('tr')!;
    expect(within(paid).getByText(STUDENT.name)).toBeTruthy();
    expect(within(paid).getByText('الباقة المتقدمة، ثلاثة أشهر')).toBeTruthy();
    expect(paid.textContent).toContain(formatMoney(297_000));
    expect(within(paid).getByText('مدفوعة ومفعّلة')).toBeTruthy();
    expect(within(paid).getByText('بطاقة بنكية')).toBeTruthy();
    const waiting = within(table()).getByText('٤٢').closest('tr')!;
    expect(within(waiting).getByText('بانتظار الدفع')).toBeTruthy();
    expect(lastList(fake.requests)?.get('order')).toBe('desc');

    await user.selectOptions(screen.getByLabelText('الحالة'), 'بانتظار الدفع');
    await waitFor(() => expect(within(table()).queryByText('٤١')).toBeNull());
    expect(lastList(fake.requests)?.get('status')).toBe(String(TransactionStatus.New));
    await user.selectOptions(screen.getByLabelText('طريقة الدفع'), 'بطاقة بنكية');
    expect(await screen.findByText('لا توجد مدفوعات تطابق التصفية')).toBeTruthy();
    expect(lastList(fake.requests)?.get('method')).toBe(String(PaymentMethod.Card));
    await user.click(screen.getByRole('button', { name: 'مسح عوامل التصفية' }));
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });

    await user.click(screen.getByRole('button', { name: /اختيار طالب/ }));
    const picker = await screen.findByRole('dialog', { name: 'تصفية المدفوعات بطالب' });
    await user.click(await within(picker).findByRole('button', { name: /يوسف كمال/ }));
    await waitFor(() => expect(lastList(fake.requests)?.get('userId')).toBe('9'));
    expect(router.state.location.search).toBe('?userId=9');
    expect(await screen.findByText('يوسف كمال', { selector: 'span' })).toBeTruthy();
  });

  it('shows the details and syncs the status with the provider', async () => {
    const fake = stubTransactions([WAITING]);
    const user = userEvent.setup();
    renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    const dialog = await openDetails(user, '٤٢');
    expect(within(dialog).getByText('9912345678').getAttribute('dir')).toBe('ltr');
    expect(within(dialog).getByText('الرقم المرجعي من فوري')).toBeTruthy();
    expect(within(dialog).getByText('لا يمكن الاسترداد إلا من عملية مدفوعة.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'مزامنة الحالة' }));
    expect(await within(dialog).findByText('مدفوعة')).toBeTruthy();
    expect(writes(fake.requests)).toMatchObject([
      { method: 'POST', path: '/fawry/payment-status/sync', body: { transactionId: 42 } },
    ]);
    expect(screen.getByText('تمت المزامنة مع بوابة الدفع وتحدّثت الحالة')).toBeTruthy();
    // Now paid, it can be refunded.
    expect(within(dialog).getByRole('form', { name: 'استرداد المبلغ' })).toBeTruthy();
  });

  it('refunds part of a payment within the remaining amount, after a confirmation', async () => {
    const fake = stubTransactions([PAID]);
    const user = userEvent.setup();
    renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    const dialog = await openDetails(user, '٤١');
    const form = within(dialog).getByRole('form', { name: 'استرداد المبلغ' });
    await user.click(within(form).getByLabelText('جزء من المبلغ'));
    await user.type(within(form).getByLabelText('المبلغ بالجنيه'), '3000');
    await user.click(within(form).getByRole('button', { name: 'متابعة الاسترداد' }));
    expect(
      await within(form).findByText(plain(REFUND_MESSAGES.amountAboveRemaining(297_000))),
    ).toBeTruthy();
    expect(within(form).getByText(REFUND_MESSAGES.reasonRequired)).toBeTruthy();

    await user.clear(within(form).getByLabelText('المبلغ بالجنيه'));
    await user.type(within(form).getByLabelText('المبلغ بالجنيه'), '0');
    await user.click(within(form).getByRole('button', { name: 'متابعة الاسترداد' }));
    expect(await within(form).findByText(REFUND_MESSAGES.amountNotPositive)).toBeTruthy();
    expect(writes(fake.requests)).toEqual([]);

    await user.clear(within(form).getByLabelText('المبلغ بالجنيه'));
    await user.type(within(form).getByLabelText('المبلغ بالجنيه'), '150.50');
    await user.type(within(form).getByLabelText('سبب الاسترداد'), 'ألغى الطالب درسين');
    await user.click(within(form).getByRole('button', { name: 'متابعة الاسترداد' }));

    const confirmation = await within(dialog).findByRole('group', { name: 'تأكيد الاسترداد' });
    expect(confirmation.textContent).toContain(formatMoney(15_050));
    expect(writes(fake.requests)).toEqual([]);
    await user.click(within(confirmation).getByRole('button', { name: /^تأكيد استرداد/ }));

    expect(await within(dialog).findByText('مستردة جزئيًا')).toBeTruthy();
    expect(writes(fake.requests)).toMatchObject([
      {
        method: 'POST',
        path: '/fawry/refund',
        body: {
          transactionId: 41,
          amount: 15_050,
          reason: 'ألغى الطالب درسين',
          expectedRefundedAmount: 0,
        },
      },
    ]);
    // What remains can still be refunded later.
    expect(
      within(dialog).getByLabelText(plain(`كل المتبقي (${formatMoney(297_000 - 15_050)})`)),
    ).toBeTruthy();
  });

  it('refunds everything that remains without naming an amount, and can step back', async () => {
    const fake = stubTransactions([PAID]);
    const user = userEvent.setup();
    renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    const dialog = await openDetails(user, '٤١');
    const form = within(dialog).getByRole('form', { name: 'استرداد المبلغ' });
    await user.type(within(form).getByLabelText('سبب الاسترداد'), 'طلب الطالب الإلغاء');
    await user.click(within(form).getByRole('button', { name: 'متابعة الاسترداد' }));
    let confirmation = await within(dialog).findByRole('group', { name: 'تأكيد الاسترداد' });
    await user.click(within(confirmation).getByRole('button', { name: 'رجوع' }));
    await user.click(within(dialog).getByRole('button', { name: 'متابعة الاسترداد' }));
    confirmation = await within(dialog).findByRole('group', { name: 'تأكيد الاسترداد' });
    await user.click(within(confirmation).getByRole('button', { name: /^تأكيد استرداد/ }));

    expect(await within(dialog).findByText('استُرد المبلغ كاملًا.')).toBeTruthy();
    expect(writes(fake.requests)).toEqual([
      expect.objectContaining({
        path: '/fawry/refund',
        body: { transactionId: 41, reason: 'طلب الطالب الإلغاء', expectedRefundedAmount: 0 },
      }),
    ]);
  });

  it('shows the refund another admin made meanwhile instead of refunding twice', async () => {
    const fake = stubTransactions([PAID]);
    const user = userEvent.setup();
    renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    const dialog = await openDetails(user, '٤١');
    // Another admin refunds 100 EGP while this dialog is open.
    await fetch('http://localhost:4000/api/v1/fawry/refund', {
      method: 'POST',
      body: JSON.stringify({
        transactionId: 41,
        amount: 10_000,
        reason: 'x',
        expectedRefundedAmount: 0,
      }),
    });
    await user.type(within(dialog).getByLabelText('سبب الاسترداد'), 'سبب');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة الاسترداد' }));
    await user.click(await within(dialog).findByRole('button', { name: /^تأكيد استرداد/ }));
    expect(await within(dialog).findByText('مستردة جزئيًا')).toBeTruthy();
    expect(within(dialog).getByText(plain(formatMoney(10_000)))).toBeTruthy();
    expect(
      within(dialog).getByLabelText(plain(`كل المتبقي (${formatMoney(297_000 - 10_000)})`)),
    ).toBeTruthy();
    const refunds = fake.requests.filter((request) => request.path === '/fawry/refund');
    expect(refunds).toHaveLength(2);
    expect(fake.requests.some((request) => request.path === '/tx/41')).toBe(true);
  });

  it('shows the provider failure in Arabic', async () => {
    stubTransactions([PAID]);
    const user = userEvent.setup();
    renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    const dialog = await openDetails(user, '٤١');
    vi.stubGlobal(
      'fetch',
      vi.fn(createFakeApi({ 'POST /fawry/refund': () => apiError('fawry-error', 502) }).fetch),
    );
    await user.type(within(dialog).getByLabelText('سبب الاسترداد'), 'سبب');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة الاسترداد' }));
    await user.click(await within(dialog).findByRole('button', { name: /^تأكيد استرداد/ }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      ERROR_MESSAGES['fawry-error'],
    );
  });
});

describe('a refund in doubt', () => {
  it('shows the refund the provider has not confirmed and offers no second refund', async () => {
    // The provider took the refund but its answer never came: the server keeps it in doubt.
    let current: TransactionView = PAID;
    const fake = createFakeApi({
      'GET /tx/list': () => ({ list: [current], total: 1 }),
      'GET /tx/:id': () => current,
      'POST /fawry/refund': () => {
        current = {
          ...PAID,
          refundedAmount: PAID.amount,
          openRefund: {
            amount: PAID.amount,
            state: 'in-doubt',
            requestedAt: '2025-05-02T10:00:00.000Z',
          },
        };
        return apiError('refund-in-doubt', 409);
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const user = userEvent.setup();
    renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    const dialog = await openDetails(user, '٤١');
    await user.type(within(dialog).getByLabelText('سبب الاسترداد'), 'طلب الطالب الإلغاء');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة الاسترداد' }));
    await user.click(await within(dialog).findByRole('button', { name: /^تأكيد استرداد/ }));

    // The catalogue's sentence, then the transaction as it is now: in doubt, no refund form.
    expect((await screen.findAllByText(ERROR_MESSAGES['refund-in-doubt'])).length).toBeGreaterThan(
      0,
    );
    expect(await within(dialog).findByRole('heading', { name: 'الاسترداد' })).toBeTruthy();
    await waitFor(() => {
      expect(within(dialog).queryByRole('form', { name: 'استرداد المبلغ' })).toBeNull();
    });
    expect(within(dialog).getAllByText('استرداد قيد التأكد').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/ولا يمكن إرسال استرداد آخر لهذه العملية/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'متابعة الاسترداد' })).toBeNull();
    expect(fake.requests.filter((request) => request.path === '/fawry/refund')).toHaveLength(1);
  });

  it('marks a refund in doubt in the list and opens without a refund form', async () => {
    const inDoubt = makeTransaction({
      id: 43,
      refundedAmount: 100_000,
      openRefund: { amount: 100_000, state: 'in-doubt', requestedAt: '2025-05-02T10:00:00.000Z' },
    });
    stubTransactions([inDoubt]);
    const user = userEvent.setup();
    renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    expect(await within(table()).findByText('استرداد قيد التأكد')).toBeTruthy();
    const dialog = await openDetails(user, '٤٣');
    expect(within(dialog).queryByRole('form', { name: 'استرداد المبلغ' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'تحديث الحالة' })).toBeTruthy();
  });
});

describe('settling a refund in doubt by hand', () => {
  const IN_DOUBT = makeTransaction({
    id: 44,
    refundedAmount: 100_000,
    openRefund: { amount: 100_000, state: 'in-doubt', requestedAt: '2025-05-02T10:00:00.000Z' },
  });

  function stubSettle() {
    let current: TransactionView = IN_DOUBT;
    const fake = createFakeApi({
      'GET /tx/list': () => ({ list: [current], total: 1 }),
      'GET /tx/:id': () => current,
      'POST /tx/:id/refund/settle': ({ body }) => {
        const { outcome } = body as { outcome: 'done' | 'refused' };
        current =
          outcome === 'done'
            ? { ...IN_DOUBT, status: TransactionStatus.PartialRefunded, openRefund: null }
            : { ...IN_DOUBT, refundedAmount: 0, openRefund: null };
        return current;
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    return fake;
  }

  it('shows the order reference to search for at the provider, isolated as Latin text', async () => {
    stubSettle();
    const user = userEvent.setup();
    renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    const dialog = await openDetails(user, '٤٤');
    const reference = within(dialog).getByText('3173298765432112345');
    expect(reference.tagName).toBe('BDI');
    expect(reference.getAttribute('dir')).toBe('ltr');
    expect(within(dialog).getByText('مرجع الطلب لدى بوابة الدفع')).toBeTruthy();
    expect(within(dialog).getByText('ابحث به في لوحة فوري')).toBeTruthy();
  });

  it('asks for a note and a confirmation, then records «done» and shows the result', async () => {
    const fake = stubSettle();
    const user = userEvent.setup();
    renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    const dialog = await openDetails(user, '٤٤');
    const form = within(dialog).getByRole('form', { name: 'تسوية الاسترداد يدويًا' });

    // The note is required: nothing is sent without it.
    await user.click(within(form).getByRole('button', { name: 'تم الاسترداد' }));
    expect(await within(form).findByText(SETTLE_MESSAGES.noteRequired)).toBeTruthy();
    expect(writes(fake.requests)).toHaveLength(0);

    await user.type(
      within(form).getByLabelText('ما رأيته في لوحة بوابة الدفع'),
      'مسترد في لوحة فوري',
    );
    await user.click(within(form).getByRole('button', { name: 'تم الاسترداد' }));
    const confirm = await screen.findByRole('dialog', { name: 'تأكيد أن الاسترداد تم' });
    // Cancel is focused first: Enter alone never confirms; Escape closes without sending.
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'تأكيد أن الاسترداد تم' })).toBeNull();
    });
    expect(writes(fake.requests)).toHaveLength(0);
    expect(confirm).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'تم الاسترداد' }));
    const again = await screen.findByRole('dialog', { name: 'تأكيد أن الاسترداد تم' });
    await user.click(within(again).getByRole('button', { name: 'تم الاسترداد' }));

    await waitFor(() => {
      expect(within(dialog).queryByRole('form', { name: 'تسوية الاسترداد يدويًا' })).toBeNull();
    });
    const sent = writes(fake.requests);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/tx/44/refund/settle',
      body: { outcome: 'done', note: 'مسترد في لوحة فوري' },
    });
    expect(within(dialog).queryByText('استرداد قيد التأكد')).toBeNull();
  });

  it('records «refused»; a refund no longer in doubt reloads the transaction', async () => {
    const fake = stubSettle();
    const user = userEvent.setup();
    renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    const dialog = await openDetails(user, '٤٤');
    await user.type(within(dialog).getByLabelText('ما رأيته في لوحة بوابة الدفع'), 'لا أثر له');
    await user.click(within(dialog).getByRole('button', { name: 'لم يتم الاسترداد' }));
    const confirm = await screen.findByRole('dialog', { name: 'تأكيد أن الاسترداد لم يتم' });
    await user.click(within(confirm).getByRole('button', { name: 'لم يتم الاسترداد' }));
    // Settled: the refund form is back for a new refund.
    expect(await within(dialog).findByRole('form', { name: 'استرداد المبلغ' })).toBeTruthy();
    expect(writes(fake.requests)[0]).toMatchObject({
      body: { outcome: 'refused', note: 'لا أثر له' },
    });
  });

  it('shows the server’s refusal in Arabic and reloads', async () => {
    let current: TransactionView = IN_DOUBT;
    const fake = createFakeApi({
      'GET /tx/list': () => ({ list: [current], total: 1 }),
      'GET /tx/:id': () => current,
      'POST /tx/:id/refund/settle': () => {
        current = { ...IN_DOUBT, status: TransactionStatus.Refunded, openRefund: null };
        return apiError('refund-not-in-doubt', 409);
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const user = userEvent.setup();
    renderAdmin('/transactions');
    await screen.findByRole('table', { name: 'قائمة المدفوعات' });
    const dialog = await openDetails(user, '٤٤');
    await user.type(within(dialog).getByLabelText('ما رأيته في لوحة بوابة الدفع'), 'ملاحظة');
    await user.click(within(dialog).getByRole('button', { name: 'تم الاسترداد' }));
    const confirm = await screen.findByRole('dialog', { name: 'تأكيد أن الاسترداد تم' });
    await user.click(within(confirm).getByRole('button', { name: 'تم الاسترداد' }));
    expect(
      (await screen.findAllByText(ERROR_MESSAGES['refund-not-in-doubt'])).length,
    ).toBeGreaterThan(0);
    await waitFor(() => {
      expect(within(dialog).queryByRole('form', { name: 'تسوية الاسترداد يدويًا' })).toBeNull();
    });
    expect(fake.requests.some((request) => request.path === '/tx/44')).toBe(true);
  });
});

describe('/user/:id payments', () => {
  it("shows the user's newest payments with a link to all of them", async () => {
    const fake = stubTransactions([PAID, WAITING]);
    renderAdmin('/user/9');
    const section = await screen.findByRole('region', { name: 'المدفوعات' });
    const list = await within(section).findByRole('table', { name: 'مدفوعات المستخدم' });
    expect(within(list).getByText('مدفوعة ومفعّلة')).toBeTruthy();
    expect(within(list).getByText('بانتظار الدفع')).toBeTruthy();
    expect(lastList(fake.requests)?.get('userId')).toBe('9');
    expect(
      within(section)
        .getByRole('link', { name: /كل المدفوعات/ })
        .getAttribute('href'),
    ).toBe('/transactions?userId=9');
  });
});
