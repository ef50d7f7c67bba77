import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Bank,
  InvoiceLabel,
  InvoiceStatus,
  WithdrawMethod,
  formatMoney,
  invoiceLabel,
} from '@talaqa/domain';
import type { InvoiceUpdate, InvoiceView } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  createFakeApi,
  fakeXhr,
  renderAdmin,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';
import { fakeSockets } from '@talaqa/api-client/testing/fake-socket';
import { allowedDecisions } from './labels';
import { cairoDayStart, readInvoiceFilters } from './InvoicesPage';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const TUTOR = { id: 7, name: 'منى الشريف' };

function makeInvoice(overrides: Partial<InvoiceView> & Pick<InvoiceView, 'id'>): InvoiceView {
  return {
    userId: TUTOR.id,
    userName: TUTOR.name,
    amount: 150_000,
    method: WithdrawMethod.Instapay,
    receiver: 'mona@instapay',
    bank: null,
    phone: null,
    accountNumber: null,
    username: null,
    instapayAddress: 'mona@instapay',
    status: InvoiceStatus.PendingApproval,
    label: InvoiceLabel.Pending,
    adminNote: null,
    receiptImage: null,
    addressedBy: null,
    requestedChange: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

const PENDING = makeInvoice({ id: 31 });
const BANK = makeInvoice({
  id: 32,
  amount: 420_050,
  method: WithdrawMethod.Bank,
  receiver: 'Mona Elsherif',
  bank: Bank.NBE,
  accountNumber: '1234567890123',
  username: 'منى أحمد الشريف',
  instapayAddress: null,
  createdAt: '2026-11-10T08:00:00.000Z',
  updatedAt: '2026-11-10T08:00:00.000Z',
});
const CANCEL_ASKED = makeInvoice({
  id: 33,
  method: WithdrawMethod.Wallet,
  receiver: '+201001234567',
  phone: '+201001234567',
  instapayAddress: null,
  status: InvoiceStatus.PendingCancellation,
  label: InvoiceLabel.CancellationRequested,
  updatedAt: '2026-11-21T08:00:00.000Z',
});
const CHANGE_ASKED = makeInvoice({
  id: 34,
  updatedAt: '2026-11-22T08:00:00.000Z',
  requestedChange: {
    amount: 200_000,
    method: WithdrawMethod.Wallet,
    receiver: '+201001234567',
    bank: null,
    phone: '+201001234567',
    accountNumber: null,
    username: null,
    instapayAddress: null,
  },
});
const FULFILLED = makeInvoice({
  id: 35,
  status: InvoiceStatus.Approved,
  label: InvoiceLabel.Fulfilled,
  receiptImage: 'a1b2c3.png',
  adminNote: 'حُوِّل صباحًا',
  updatedAt: '2026-11-23T08:00:00.000Z',
});

/** What the server does for each admin action (the status graph is tested on the server). */
let minute = 0;
function applied(invoice: InvoiceView, data: InvoiceUpdate, receipt: boolean): InvoiceView {
  minute += 1;
  const now = new Date(Date.UTC(2026, 10, 26, 10, minute)).toISOString();
  const history = { updatedByReceiver: false, cancellationRequested: false };
  const moved = (status: InvoiceStatus, cancellationRequested = false) => ({
    ...invoice,
    status,
    label: invoiceLabel(status, { ...history, cancellationRequested }),
    requestedChange: null,
    updatedAt: now,
    addressedBy: SUPER_ADMIN.id,
  });
  switch (data.action) {
    case 'fulfil':
      return { ...moved(InvoiceStatus.Approved), receiptImage: receipt ? 'new-receipt.png' : null };
    case 'reject':
      return moved(InvoiceStatus.Rejected);
    case 'cancel':
      return moved(InvoiceStatus.Canceled);
    case 'approve-cancel':
      return moved(InvoiceStatus.Canceled, true);
    case 'decline-update':
      return { ...invoice, requestedChange: null, updatedAt: now };
    case 'note':
      return { ...invoice, adminNote: data.note, updatedAt: now };
    default:
      return invoice;
  }
}

/** A small in-memory invoices server; `refuse` answers every update with an error instead. */
function stubInvoices(initial: InvoiceView[], refuse?: () => Response) {
  let invoices = [...initial];
  const receipts: string[] = [];
  const fake = createFakeApi({
    'GET /invoice': ({ query }) => {
      const status = query.get('status');
      const method = query.get('method');
      const tutorId = query.get('tutorId');
      const from = query.get('from');
      const to = query.get('to');
      const list = invoices
        .filter(
          (item) =>
            (status === null || item.status === Number(status)) &&
            (method === null || item.method === Number(method)) &&
            (tutorId === null || item.userId === Number(tutorId)) &&
            (from === null || item.createdAt >= from) &&
            (to === null || item.createdAt < to),
        )
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { list, total: list.length };
    },
    'PUT /invoice/:id/with/asset': ({ path, form }) => {
      if (refuse) return refuse();
      const id = Number(path.split('/')[2]);
      const data = JSON.parse(String(form?.get('data'))) as InvoiceUpdate;
      const known = invoices.find((item) => item.id === id)!;
      const next = applied(known, data, form?.get('receipt') instanceof File);
      invoices = invoices.map((item) => (item.id === id ? next : item));
      return next;
    },
    'DELETE /invoice/:id': ({ path }) => {
      const id = Number(path.split('/')[2]);
      invoices = invoices.filter((item) => item.id !== id);
      return new Response(null, { status: 204 });
    },
    'GET /assets/receipts/:name': ({ path }) => {
      receipts.push(path.split('/').at(-1)!);
      return new Response(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), {
        headers: { 'content-type': 'image/png' },
      });
    },
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  vi.stubGlobal('XMLHttpRequest', fakeXhr(fake.fetch));
  return {
    ...fake,
    receipts,
    /** The server's copy changes (another admin, the tutor): the socket then says so. */
    set(invoice: InvoiceView) {
      invoices = invoices.some((item) => item.id === invoice.id)
        ? invoices.map((item) => (item.id === invoice.id ? invoice : item))
        : [invoice, ...invoices];
    },
    /** The server's copy is deleted (another admin): the socket then says so. */
    remove(id: number) {
      invoices = invoices.filter((item) => item.id !== id);
    },
  };
}

const updates = (requests: FakeRequest[]) =>
  requests
    .filter((request) => request.method === 'PUT')
    .map((request) => ({
      path: request.path,
      data: JSON.parse(String(request.form?.get('data'))) as unknown,
      receipt: request.form?.get('receipt') ?? null,
    }));
const lastList = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === '/invoice').at(-1)?.query;
const table = () => screen.getByRole('table', { name: 'قائمة طلبات السحب', hidden: true });
const row = (id: string) => within(table()).getByText(id, { selector: 'td' }).closest('tr')!;

async function openDetails(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.click(
    within(table()).getByRole('button', { name: `تفاصيل طلب السحب رقم ${id}`, hidden: true }),
  );
  return screen.findByRole('dialog', { name: `طلب السحب رقم ${id}` });
}

async function confirmIn(user: ReturnType<typeof userEvent.setup>, title: string, button: string) {
  const confirmation = await screen.findByRole('dialog', { name: title });
  await user.click(within(confirmation).getByRole('button', { name: button }));
  return confirmation;
}

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the actions a request allows', () => {
  it('follows the domain status graph', () => {
    expect(allowedDecisions(PENDING)).toEqual(['fulfil', 'cancel', 'reject']);
    expect(allowedDecisions(CANCEL_ASKED)).toEqual(['fulfil', 'approve-cancel', 'reject']);
    expect(allowedDecisions(CHANGE_ASKED)).toEqual([
      'fulfil',
      'approve-update',
      'decline-update',
      'cancel',
      'reject',
    ]);
    for (const status of [InvoiceStatus.Approved, InvoiceStatus.Rejected, InvoiceStatus.Canceled]) {
      expect(allowedDecisions({ status, requestedChange: CHANGE_ASKED.requestedChange })).toEqual(
        [],
      );
    }
  });

  it('reads the dates as Cairo days', () => {
    expect(cairoDayStart('2026-11-01')).toBe('2026-10-31T22:00:00.000Z');
    expect(cairoDayStart('2026-11-30', 1)).toBe('2026-11-30T22:00:00.000Z');
    expect(readInvoiceFilters(new URLSearchParams('status=9&method=2&from=x&tutorId=-1'))).toEqual({
      page: 1,
      status: undefined,
      method: WithdrawMethod.Instapay,
      tutorId: undefined,
      from: undefined,
      to: undefined,
    });
  });
});

describe('/invoices', () => {
  it('lists every request with its tutor, amount, receiver and label, and filters it', async () => {
    const fake = stubInvoices([PENDING, BANK, CANCEL_ASKED, FULFILLED]);
    const user = userEvent.setup();
    const { router } = renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });

    const bank = row('٣٢');
    expect(within(bank).getByRole('link', { name: TUTOR.name })).toBeTruthy();
    expect(bank.textContent).toContain(formatMoney(420_050));
    expect(bank.textContent).toContain('٤٬٢٠٠٫٥');
    expect(within(bank).getByText('تحويل بنكي')).toBeTruthy();
    expect(within(bank).getByText('البنك الأهلي المصري')).toBeTruthy();
    expect(within(bank).getByText('1234567890123').getAttribute('dir')).toBe('ltr');
    expect(within(bank).getByText('قيد المراجعة')).toBeTruthy();
    expect(within(row('٣٣')).getByText('طلب المعلم إلغاءه')).toBeTruthy();
    expect(within(row('٣٣')).getByText('+201001234567')).toBeTruthy();
    expect(within(row('٣١')).getByText('mona@instapay')).toBeTruthy();
    expect(within(row('٣٥')).getByText('تم التحويل')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('الحالة'), 'طلب المعلم إلغاءه');
    await waitFor(() => expect(within(table()).queryByText('٣٢')).toBeNull());
    expect(lastList(fake.requests)?.get('status')).toBe(String(InvoiceStatus.PendingCancellation));
    await user.selectOptions(screen.getByLabelText('طريقة التحويل'), 'إنستاباي');
    expect(await screen.findByText('لا توجد طلبات سحب تطابق التصفية')).toBeTruthy();
    expect(lastList(fake.requests)?.get('method')).toBe(String(WithdrawMethod.Instapay));
    await user.click(screen.getByRole('button', { name: 'مسح عوامل التصفية' }));
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });

    await user.type(screen.getByLabelText('رقم المعلم'), '٧');
    await user.click(screen.getByRole('button', { name: 'تصفية' }));
    await waitFor(() => expect(lastList(fake.requests)?.get('tutorId')).toBe('7'));
    await user.type(screen.getByLabelText('من يوم'), '2026-11-15');
    await waitFor(() =>
      expect(lastList(fake.requests)?.get('from')).toBe('2026-11-14T22:00:00.000Z'),
    );
    await waitFor(() => expect(within(table()).queryByText('٣٢')).toBeNull());
    expect(router.state.location.search).toBe('?tutorId=7&from=2026-11-15');
  });

  it('fulfils a request only with a receipt image, after a confirmation', async () => {
    const fake = stubInvoices([PENDING]);
    // The picker lets any file through, as a browser's "all files" choice does.
    const user = userEvent.setup({ applyAccept: false });
    renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });
    const dialog = await openDetails(user, '٣١');
    expect(within(dialog).getByRole('button', { name: 'إلغاء الطلب' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'الموافقة على الإلغاء' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد التحويل' }));

    const confirmation = await confirmIn(user, 'تأكيد تنفيذ طلب السحب', 'تأكيد التحويل');
    expect(await within(confirmation).findByText(UI_MESSAGES.invoiceReceiptRequired)).toBeTruthy();
    const input = within(confirmation).getByLabelText('صورة إيصال التحويل (مطلوبة)');
    await user.upload(input, new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }));
    await user.click(within(confirmation).getByRole('button', { name: 'تأكيد التحويل' }));
    expect(await within(confirmation).findByText(UI_MESSAGES.invoiceReceiptType)).toBeTruthy();
    expect(updates(fake.requests)).toEqual([]);

    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', {
      type: 'image/png',
    });
    await user.upload(input, image);
    await user.click(within(confirmation).getByRole('button', { name: 'تأكيد التحويل' }));
    expect(await screen.findByText('تم تأكيد التحويل وإرسال الإيصال إلى المعلم')).toBeTruthy();
    expect(updates(fake.requests)).toMatchObject([
      { path: '/invoice/31/with/asset', data: { action: 'fulfil' } },
    ]);
    expect((updates(fake.requests)[0]?.receipt as File).name).toBe('receipt.png');
    await waitFor(() => expect(within(row('٣١')).getByText('تم التحويل')).toBeTruthy());
    expect(within(dialog).queryByRole('button', { name: 'تأكيد التحويل' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'عرض إيصال التحويل' }));
    expect(await within(dialog).findByRole('img', { name: 'إيصال التحويل' })).toBeTruthy();
    expect(fake.receipts).toEqual(['new-receipt.png']);
  });

  it.each([
    ['٣١', 'رفض الطلب', 'رفض طلب السحب', 'reject', 'مرفوض'],
    ['٣١', 'إلغاء الطلب', 'إلغاء طلب السحب', 'cancel', 'ألغته الإدارة'],
    [
      '٣٣',
      'الموافقة على الإلغاء',
      'الموافقة على طلب الإلغاء',
      'approve-cancel',
      'أُلغي بطلب المعلم',
    ],
  ])('request %s: %s sends %s after a confirmation', async (id, button, title, action, label) => {
    const fake = stubInvoices([PENDING, CANCEL_ASKED]);
    const user = userEvent.setup();
    renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });
    const dialog = await openDetails(user, id);
    await user.click(within(dialog).getByRole('button', { name: button }));
    const confirmation = await screen.findByRole('dialog', { name: title });
    await user.click(within(confirmation).getByRole('button', { name: 'إلغاء' }));
    expect(updates(fake.requests)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: button }));
    await confirmIn(user, title, button);
    await waitFor(() => expect(within(row(id)).getByText(label)).toBeTruthy());
    expect(updates(fake.requests)).toEqual([
      { path: `/invoice/${id === '٣١' ? 31 : 33}/with/asset`, data: { action }, receipt: null },
    ]);
  });

  it('declines a change the tutor asked for, and says why an approval is refused', async () => {
    const fake = stubInvoices([CHANGE_ASKED]);
    const user = userEvent.setup();
    renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });
    expect(row('٣٤').textContent).toContain(`طلب تعديله إلى ${formatMoney(200_000)}`);
    const dialog = await openDetails(user, '٣٤');
    const change = within(dialog).getByRole('region', {
      name: 'تعديل طلبه المعلم بانتظار موافقتك',
    });
    expect(within(change).getByText('محفظة إلكترونية')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'رفض التعديل' }));
    await confirmIn(user, 'رفض تعديل المعلم', 'رفض التعديل');
    expect(await screen.findByText('تم رفض التعديل وبقي الطلب كما كان')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'قبول التعديل' })).toBeNull(),
    );
    expect(updates(fake.requests)).toEqual([
      { path: '/invoice/34/with/asset', data: { action: 'decline-update' }, receipt: null },
    ]);
  });

  it.each([
    [
      'invoice-amount-above-balance',
      400,
      'قبول التعديل',
      'قبول تعديل المعلم',
      UI_MESSAGES.invoiceChangeAboveBalance,
    ],
    [
      'illegal-invoice-update',
      422,
      'قبول التعديل',
      'قبول تعديل المعلم',
      ERROR_MESSAGES['illegal-invoice-update'],
    ],
    ['invoice-not-found', 404, 'رفض الطلب', 'رفض طلب السحب', ERROR_MESSAGES['invoice-not-found']],
    ['unexpected', 500, 'رفض الطلب', 'رفض طلب السحب', UI_MESSAGES.invoiceProcessFailed],
  ])('a refused %s shows its Arabic message', async (code, status, button, title, message) => {
    stubInvoices([CHANGE_ASKED], () => apiError(code, status));
    const user = userEvent.setup();
    renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });
    const dialog = await openDetails(user, '٣٤');
    await user.click(within(dialog).getByRole('button', { name: button }));
    const confirmation = await confirmIn(user, title, button);
    expect(await within(confirmation).findByText(message)).toBeTruthy();
    expect(within(row('٣٤')).getByText('قيد المراجعة')).toBeTruthy();
  });

  it('says so when the server finds the receipt is no image', async () => {
    stubInvoices([PENDING], () => apiError('invalid-image-type', 400));
    const user = userEvent.setup();
    renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });
    const dialog = await openDetails(user, '٣١');
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد التحويل' }));
    const confirmation = await screen.findByRole('dialog', { name: 'تأكيد تنفيذ طلب السحب' });
    // Named a PNG, but its bytes are text: only the server can tell.
    await user.upload(
      within(confirmation).getByLabelText('صورة إيصال التحويل (مطلوبة)'),
      new File(['not an image'], 'receipt.png', { type: 'image/png' }),
    );
    expect(within(confirmation).getByText('receipt.png')).toBeTruthy();
    await user.click(within(confirmation).getByRole('button', { name: 'تأكيد التحويل' }));
    expect(await within(confirmation).findByText(UI_MESSAGES.invoiceReceiptType)).toBeTruthy();
    expect(within(row('٣١')).getByText('قيد المراجعة')).toBeTruthy();
  });

  it('adds, edits and removes the note, even on a fulfilled request', async () => {
    const fake = stubInvoices([FULFILLED]);
    const user = userEvent.setup();
    renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });
    const dialog = await openDetails(user, '٣٥');
    expect(within(dialog).queryByRole('region', { name: 'الإجراءات' })).toBeNull();
    expect(within(dialog).getByText('حُوِّل صباحًا')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'تعديل الملاحظة' }));
    const field = within(dialog).getByLabelText('نص الملاحظة');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الملاحظة' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES['invoice-note-empty'])).toBeTruthy();
    expect(updates(fake.requests)).toEqual([]);
    await user.type(field, 'حُوِّل إلى الحساب الجديد');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الملاحظة' }));
    expect(await within(dialog).findByText('حُوِّل إلى الحساب الجديد')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'حذف الملاحظة' }));
    await confirmIn(user, 'حذف ملاحظة الإدارة', 'حذف الملاحظة');
    expect(await within(dialog).findByText('لا توجد ملاحظة.')).toBeTruthy();
    expect(updates(fake.requests)).toEqual([
      {
        path: '/invoice/35/with/asset',
        data: { action: 'note', note: 'حُوِّل إلى الحساب الجديد' },
        receipt: null,
      },
      { path: '/invoice/35/with/asset', data: { action: 'note', note: null }, receipt: null },
    ]);
  });

  it('shows a new request and a changed one live, and announces them politely', async () => {
    const fake = stubInvoices([PENDING]);
    const user = userEvent.setup();
    renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });
    await waitFor(() => expect(fakeSockets.latest()?.connected).toBe(true));
    const dialog = await openDetails(user, '٣١');

    const arrived = makeInvoice({
      id: 40,
      amount: 250_000,
      createdAt: '2026-11-26T09:00:00.000Z',
      updatedAt: '2026-11-26T09:00:00.000Z',
    });
    fake.set(arrived);
    act(() => fakeSockets.latest()!.serverEmit('InvoiceUpdated', arrived));
    expect(await within(table()).findByText('٤٠')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe(`طلب سحب جديد من ${TUTOR.name} بمبلغ ${formatMoney(250_000)}`);

    const askedToCancel = {
      ...PENDING,
      status: InvoiceStatus.PendingCancellation,
      label: InvoiceLabel.CancellationRequested,
      updatedAt: '2026-11-26T09:05:00.000Z',
    };
    fake.set(askedToCancel);
    act(() => fakeSockets.latest()!.serverEmit('InvoiceUpdated', askedToCancel));
    await waitFor(() => expect(within(row('٣١')).getByText('طلب المعلم إلغاءه')).toBeTruthy());
    expect(status.textContent).toBe(`تحدّث طلب السحب رقم ٣١ من ${TUTOR.name}: طلب المعلم إلغاءه`);
    // The open details follow: the tutor's ask is now answered, not the admin's own cancel.
    expect(within(dialog).getByRole('button', { name: 'الموافقة على الإلغاء' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'إلغاء الطلب' })).toBeNull();
  });
  it('deletes a rejected request after a confirmation; a pending one offers no delete', async () => {
    const rejected = makeInvoice({
      id: 36,
      status: InvoiceStatus.Rejected,
      label: InvoiceLabel.Rejected,
      createdAt: '2026-11-20T09:00:00.000Z',
    });
    const fake = stubInvoices([PENDING, rejected]);
    const user = userEvent.setup();
    renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });
    const pending = await openDetails(user, '٣١');
    expect(within(pending).queryByRole('button', { name: 'حذف الطلب' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const dialog = await openDetails(user, '٣٦');
    await user.click(within(dialog).getByRole('button', { name: 'حذف الطلب' }));
    const confirmation = await screen.findByRole('dialog', { name: 'حذف طلب السحب؟' });
    expect(confirmation.textContent).toContain(formatMoney(rejected.amount));
    expect(fake.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(confirmation).getByRole('button', { name: 'حذف الطلب' }));
    expect(await screen.findByText('تم حذف طلب السحب')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(table()).queryByText('٣٦')).toBeNull());
    expect(
      fake.requests.filter((request) => request.method === 'DELETE').map((r) => r.path),
    ).toEqual(['/invoice/36']);
  });

  it('shows the refusal when the server keeps the request', async () => {
    const canceled = makeInvoice({
      id: 37,
      status: InvoiceStatus.Canceled,
      label: InvoiceLabel.CanceledByAdmin,
    });
    const fake = stubInvoices([canceled]);
    fake.set(canceled);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        (init?.method ?? 'GET').toUpperCase() === 'DELETE'
          ? Promise.resolve(apiError('illegal-invoice-update', 422))
          : fake.fetch(input, init),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });
    const dialog = await openDetails(user, '٣٧');
    await user.click(within(dialog).getByRole('button', { name: 'حذف الطلب' }));
    const confirmation = await confirmIn(user, 'حذف طلب السحب؟', 'حذف الطلب');
    expect(
      await within(confirmation).findByText(ERROR_MESSAGES['illegal-invoice-update']),
    ).toBeTruthy();
    expect(within(table()).getByText('٣٧')).toBeTruthy();
  });

  it('drops a request deleted elsewhere live, closing its details', async () => {
    const rejected = makeInvoice({ id: 38, status: InvoiceStatus.Rejected, label: 'rejected' });
    const fake = stubInvoices([PENDING, rejected]);
    const user = userEvent.setup();
    renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });
    await waitFor(() => expect(fakeSockets.latest()?.connected).toBe(true));
    await openDetails(user, '٣٨');
    fake.remove(38);
    act(() => fakeSockets.latest()!.serverEmit('InvoiceDeleted', { id: 38, userId: TUTOR.id }));
    await waitFor(() => expect(within(table()).queryByText('٣٨')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(table()).getByText('٣١')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('حُذف طلب السحب رقم ٣٨');
  });
});

describe('the withdrawals CSV for the bank run', () => {
  const CSV = 'رقم الطلب,المعلم\r\n31,منى الشريف\r\n';

  function stubExport(answer: () => Response) {
    const fake = createFakeApi({
      'GET /invoice': () => ({ list: [PENDING, BANK], total: 2 }),
      'GET /invoice/export.csv': answer,
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const saved: { blob: Blob; name: string }[] = [];
    const blobs = new Map<string, Blob>();
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ blob: blobs.get(this.getAttribute('href') ?? '')!, name: this.download });
    });
    const restore = () => {
      click.mockRestore();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    };
    return { fake, saved, restore };
  }

  it('downloads every request matching the filters, as UTF-8 with its mark and the server’s name', async () => {
    const { fake, saved, restore } = stubExport(
      () =>
        new Response(`\uFEFF${CSV}`, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="talaqa-withdrawals-2026-11-26.csv"',
          },
        }),
    );
    const user = userEvent.setup();
    renderAdmin('/invoices?status=0&method=1&from=2026-11-01&to=2026-11-30&page=2');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });

    await user.click(screen.getByRole('button', { name: 'تنزيل CSV لطلبات السحب' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const query = fake.requests.find((request) => request.path === '/invoice/export.csv')?.query;
    // The filters on screen, every page: no page or size.
    expect(Object.fromEntries(query ?? [])).toEqual({
      status: '0',
      method: '1',
      from: '2026-10-31T22:00:00.000Z',
      to: '2026-11-30T22:00:00.000Z',
    });
    expect(saved[0]?.name).toBe('talaqa-withdrawals-2026-11-26.csv');
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(CSV);
    restore();
  });

  it('says so beside the button when the file cannot be made', async () => {
    const { saved, restore } = stubExport(() => apiError('forbidden', 403));
    const user = userEvent.setup();
    renderAdmin('/invoices');
    await screen.findByRole('table', { name: 'قائمة طلبات السحب' });
    await user.click(screen.getByRole('button', { name: 'تنزيل CSV لطلبات السحب' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('تعذّر تنزيل الملف');
    expect(alert.textContent).toContain(ERROR_MESSAGES.forbidden);
    expect(saved).toHaveLength(0);
    restore();
  });
});
