import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAYMENT_METHODS,
  PaymentMethod,
  PlanPeriod,
  Role,
  SubscriptionState,
  TRANSACTION_STATUSES,
  TransactionStatus,
  formatCairoDateTime,
  formatMoney,
} from '@talaqa/domain';
import type { TransactionView } from '@talaqa/domain';
import {
  PAYMENT_METHOD_NAMES_AR,
  TRANSACTION_STATUS_NAMES_AR,
  UI_MESSAGES,
  pageOfText,
} from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import {
  apiError,
  fakeApi,
  json,
  makeUser,
  renderApp,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import { makeSubscription, makeTransaction, pageOf } from '../../testing/payments-fixtures';

const server = fakeApi(stubHealthyApi());
beforeEach(() => {
  signInAs(server, makeUser());
  server.on('GET', '/sub/user', json(null));
});
afterEach(resetSession);

/** 23 transactions, newest first, covering every status and every method. */
const ALL: TransactionView[] = Array.from({ length: 23 }, (_, index) =>
  makeTransaction({
    id: 100 - index,
    status: TRANSACTION_STATUSES[index % TRANSACTION_STATUSES.length]!,
    method: PAYMENT_METHODS[index % PAYMENT_METHODS.length]!,
    amount: 10_000 * (index + 1),
    createdAt: new Date(Date.UTC(2025, 2, 28 - index, 9)).toISOString(),
  }),
);

describe('/payments: payments and invoices on one page', () => {
  it('lists the payments with Arabic status and method labels, ten to a page', async () => {
    server.on('GET', '/tx/list', json(pageOf(ALL)));
    const { router } = renderApp('/payments');
    const ui = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'المدفوعات والفواتير' }),
    ).toBeTruthy();
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(10);
    expect(server.callsTo('GET', '/tx/list')[0]?.query.get('size')).toBe('100');
    expect(screen.getByText('٢٣ عملية دفع')).toBeTruthy();

    ALL.slice(0, 10).forEach((transaction, index) => {
      const article = articles[index]!;
      expect(article.textContent).toContain(TRANSACTION_STATUS_NAMES_AR[transaction.status]);
      expect(article.textContent).toContain(PAYMENT_METHOD_NAMES_AR[transaction.method]);
      expect(article.textContent).toContain(formatMoney(transaction.amount));
      expect(article.textContent).toContain(formatCairoDateTime(new Date(transaction.createdAt)));
      expect(article.textContent).toContain('ثلاثة أشهر');
    });
    // The transaction number in Arabic-Indic digits (issue 20 item 7).
    expect(articles[0]?.textContent).toContain('رقم العملية١٠٠');
    expect(articles[1]?.textContent).toContain('رقم العملية٩٩');
    // Every status and method of the domain has its label on the first page.
    const text = articles.map((article) => article.textContent).join(' ');
    for (const status of TRANSACTION_STATUSES)
      expect(text).toContain(TRANSACTION_STATUS_NAMES_AR[status]);
    for (const method of PAYMENT_METHODS) expect(text).toContain(PAYMENT_METHOD_NAMES_AR[method]);

    const pages = screen.getByRole('navigation', { name: 'صفحات عمليات الدفع' });
    expect(pages.textContent).toContain(pageOfText(1, 3));
    await ui.click(within(pages).getByRole('button', { name: UI_MESSAGES.paginationNext }));
    await waitFor(() => expect(pages.textContent).toContain(pageOfText(2, 3)));
    await waitFor(() =>
      expect(screen.getAllByRole('article')[0]?.textContent).toContain(
        formatMoney(ALL[10]!.amount),
      ),
    );
    expect(router.state.location.search).toBe('?page=2');

    await ui.click(within(pages).getByRole('button', { name: UI_MESSAGES.paginationLast }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    // One read of the list serves every page.
    expect(server.callsTo('GET', '/tx/list')).toHaveLength(1);
  });

  it('continues an unpaid payment at its result screen; a paid one has its receipt in place', async () => {
    const user = makeUser();
    signInAs(server, user);
    const unpaid = makeTransaction({
      id: 41,
      status: TransactionStatus.New,
      referenceNumber: '123456',
      expiresAt: '2025-03-05T10:00:00.000Z',
    });
    const paid = makeTransaction({
      id: 42,
      couponCode: 'SAVE10',
      refundedAmount: 5_000,
      status: TransactionStatus.PartialRefunded,
    });
    server.on('GET', '/tx/list', json(pageOf([unpaid, paid])));
    renderApp('/payments');
    const ui = userEvent.setup();
    const [first, second] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];

    expect(within(first).getByRole('link', { name: 'متابعة الدفع' }).getAttribute('href')).toBe(
      `/checkout/2/quarter?tx=41`,
    );
    expect(within(first).queryByRole('button', { name: 'عرض الإيصال' })).toBeNull();
    await ui.click(within(first).getByText('التفاصيل'));
    expect(first.textContent).toContain('123456');

    expect(screen.queryByRole('region', { name: /^إيصال دفع رقم/ })).toBeNull();
    const show = within(second).getByRole('button', { name: 'عرض الإيصال' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await ui.click(show);
    const receipt = screen.getByRole('region', { name: 'إيصال دفع رقم ٤٢' });
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(show.getAttribute('aria-controls')).toBe(receipt.id);
    expect(receipt.textContent).toContain(user.name);
    expect(receipt.textContent).toContain('SAVE10');
    expect(receipt.textContent).toContain(formatMoney(5_000));
    await ui.click(within(second).getByRole('button', { name: 'إخفاء الإيصال' }));
    expect(screen.queryByRole('region', { name: /^إيصال دفع رقم/ })).toBeNull();
  });

  it('prints one receipt alone, or every receipt of the page, with its amounts and refund', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const transactions = [
      makeTransaction({ id: 77, status: TransactionStatus.Failed }),
      makeTransaction({
        id: 76,
        status: TransactionStatus.PartialRefunded,
        amount: 267_300,
        couponCode: 'SAVE10',
        refundedAmount: 50_000,
        method: PaymentMethod.BankInstallment,
        installments: 2,
      }),
      makeTransaction({ id: 75, status: TransactionStatus.New }),
      makeTransaction({ id: 74, status: TransactionStatus.Processed, amount: 297_000 }),
    ];
    server.on('GET', '/tx/list', json(pageOf(transactions)));
    renderApp('/payments');
    const ui = userEvent.setup();
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(4);
    for (const article of articles) expect(article.hasAttribute('data-print-hide')).toBe(true);

    // Both receipts open: printing the one of 74 hides the other on paper.
    await ui.click(within(articles[1]!).getByRole('button', { name: 'عرض الإيصال' }));
    await ui.click(within(articles[3]!).getByRole('button', { name: 'عرض الإيصال' }));
    const receipts = screen.getAllByRole('region', { name: /^إيصال دفع رقم/ });
    expect(receipts.map((receipt) => receipt.id)).toEqual(['receipt-76', 'receipt-74']);
    const [refunded, processed] = receipts as [HTMLElement, HTMLElement];
    expect(refunded.textContent).toContain('الباقة المتقدمة');
    expect(refunded.textContent).toContain(formatMoney(267_300));
    expect(refunded.textContent).toContain(formatMoney(217_300));
    expect(refunded.textContent).toContain('تقسيط بنكي (دفعتان)');
    expect(processed.textContent).toContain(formatMoney(297_000));

    let printed: string[] = [];
    let skipped: string[] = [];
    print.mockImplementation(() => {
      const shown = [...document.querySelectorAll('[data-receipt]')].map((el) => el.id);
      skipped = [...document.querySelectorAll('[data-print-skip]')].map((el) => el.id);
      printed = shown.filter((id) => !skipped.includes(id));
    });
    await ui.click(within(processed).getByRole('button', { name: 'طباعة الإيصال رقم ٧٤' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(printed).toEqual(['receipt-74']);
    expect(skipped).toEqual(['receipt-76']);
    await waitFor(() => expect(document.querySelectorAll('[data-print-skip]')).toHaveLength(0));

    // The page's receipts print even when closed, and close again after.
    await ui.click(within(articles[1]!).getByRole('button', { name: 'إخفاء الإيصال' }));
    await ui.click(within(articles[3]!).getByRole('button', { name: 'إخفاء الإيصال' }));
    await ui.click(screen.getByRole('button', { name: 'طباعة إيصالات هذه الصفحة' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
    expect(printed).toEqual(['receipt-76', 'receipt-74']);
    await waitFor(() => expect(document.querySelectorAll('[data-receipt]')).toHaveLength(0));
    vi.unstubAllGlobals();
  });

  it('/invoices sends a student here, on the page of the receipt it linked to, focused', async () => {
    const many = Array.from({ length: 15 }, (_, index) =>
      makeTransaction({ id: 300 - index, status: TransactionStatus.Paid }),
    );
    server.on('GET', '/tx/list', json(pageOf(many)));
    const { router } = renderApp('/invoices#receipt-288');
    const receipt = await screen.findByRole('region', { name: 'إيصال دفع رقم ٢٨٨' });
    expect(router.state.location.pathname).toBe('/payments');
    expect(router.state.location.hash).toBe('#receipt-288');
    await waitFor(() => expect(document.activeElement).toBe(receipt));
    const pages = screen.getByRole('navigation', { name: 'صفحات عمليات الدفع' });
    expect(pages.textContent).toContain(pageOfText(2, 2));
  });

  it('keeps /invoices as the earnings page for tutors', async () => {
    signInAs(server, makeUser({ role: Role.Tutor }));
    const { router } = renderApp('/invoices');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الأرباح وطلبات السحب' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/invoices');
    expect(server.callsTo('GET', '/tx/list')).toHaveLength(0);
  });

  it('shows the subscription, loading, an empty list and a failure with a retry', async () => {
    server.on('GET', '/sub/user', json(makeSubscription()));
    let answer: () => Response = () => apiError(500, 'unexpected');
    server.on('GET', '/tx/list', () => answer());
    renderApp('/payments');
    expect(await screen.findByRole('status', { name: 'جارٍ تحميل عمليات الدفع' })).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'اشتراكك الحالي' });
    // The way to more weekly minutes: the plans page with the current plan marked.
    expect(
      within(section).getByRole('link', { name: 'أريد دقائق أكثر' }).getAttribute('href'),
    ).toBe('/plans?more=1');
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert.textContent).toContain('تعذّر تحميل عمليات الدفع');
    answer = () => json(pageOf([]));
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));
    expect(await screen.findByText('لا توجد عمليات دفع بعد')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'تصفّح الباقات' }).getAttribute('href')).toBe('/plans');
  });

  it('shows a free trial as minutes given once, not as weekly minutes with a renewal', async () => {
    server.on(
      'GET',
      '/sub/user',
      json(
        makeSubscription({ period: PlanPeriod.FreeTrial, weeklyMinutes: 30, remainingMinutes: 30 }),
      ),
    );
    server.on('GET', '/tx/list', json(pageOf([])));
    renderApp('/payments');
    const section = await screen.findByRole('region', { name: 'اشتراكك الحالي' });
    expect(section.textContent).toContain('تجربة مجانية');
    expect(section.textContent).toContain('دقائق التجربة المتبقية');
    expect(section.textContent).not.toContain('أسبوعيًا');
    expect(section.textContent).not.toContain('تتجدد');
  });

  it('cancels the subscription only after confirmation', async () => {
    server.on('GET', '/sub/user', json(makeSubscription()));
    server.on('GET', '/tx/list', json(pageOf([])));
    server.on(
      'PATCH',
      '/sub/cancel',
      json(makeSubscription({ state: SubscriptionState.Canceled })),
    );
    renderApp('/payments');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'إلغاء الاشتراك' }));
    expect(server.callsTo('PATCH', '/sub/cancel')).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الاشتراك؟' });
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الاشتراك' }));
    expect(await screen.findByText('تم إلغاء اشتراكك')).toBeTruthy();
    expect(server.callsTo('PATCH', '/sub/cancel')).toHaveLength(1);
  });

  it('is a student page: a tutor goes to their own home', async () => {
    signInAs(server, makeUser({ role: Role.Tutor, image: null }));
    const { router } = renderApp('/payments');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/payments'));
  });
});
