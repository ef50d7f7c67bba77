import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAYMENT_METHODS,
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

function answerPages() {
  server.on('GET', '/tx/list', (request) => {
    const page = Number(request.query.get('page') ?? 1);
    const size = Number(request.query.get('size') ?? 10);
    return json(pageOf(ALL.slice((page - 1) * size, page * size), ALL.length));
  });
}

describe('/payments', () => {
  it('lists the payments with Arabic status and method labels, ten to a page', async () => {
    answerPages();
    const { router } = renderApp('/payments');
    const ui = userEvent.setup();

    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(10);
    expect(server.callsTo('GET', '/tx/list')[0]?.query.get('size')).toBe('10');

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
    expect(server.callsTo('GET', '/tx/list').at(-1)?.query.get('page')).toBe('2');

    await ui.click(within(pages).getByRole('button', { name: UI_MESSAGES.paginationLast }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  });

  it('links an unpaid payment to its result screen and a paid one to its receipt', async () => {
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

    await ui.click(within(first).getByText('التفاصيل'));
    expect(within(first).getByRole('link', { name: 'متابعة الدفع' }).getAttribute('href')).toBe(
      `/checkout/2/quarter?tx=41`,
    );
    expect(first.textContent).toContain('123456');

    await ui.click(within(second).getByText('التفاصيل'));
    expect(within(second).getByRole('link', { name: 'عرض الإيصال' }).getAttribute('href')).toBe(
      '/invoices#receipt-42',
    );
    expect(second.textContent).toContain('SAVE10');
    expect(second.textContent).toContain(formatMoney(5_000));
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
