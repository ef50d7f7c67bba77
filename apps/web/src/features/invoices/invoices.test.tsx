import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentMethod, Role, TransactionStatus, formatMoney } from '@talaqa/domain';
import { UI_MESSAGES, pageOfText } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, json, makeUser, renderApp, resetSession, signInAs } from '../../testing/fake-api';
import { makeTransaction, pageOf } from '../../testing/payments-fixtures';

const server = fakeApi(stubHealthyApi());
const print = vi.fn();
beforeEach(() => {
  print.mockReset();
  vi.stubGlobal('print', print);
});
afterEach(resetSession);

describe('/invoices', () => {
  it('shows a printable receipt for each paid payment, with its amounts, coupon and refund', async () => {
    const user = makeUser();
    signInAs(server, user);
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
    renderApp('/invoices');
    const ui = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'الفواتير' })).toBeTruthy();
    const receipts = await screen.findAllByRole('listitem', { name: /^إيصال دفع رقم/ });
    expect(receipts.map((receipt) => receipt.id)).toEqual(['receipt-76', 'receipt-74']);
    const [refunded, processed] = receipts as [HTMLElement, HTMLElement];
    expect(refunded.textContent).toContain(user.name);
    expect(refunded.textContent).toContain('الباقة المتقدمة');
    expect(refunded.textContent).toContain('ثلاثة أشهر');
    expect(refunded.textContent).toContain('SAVE10');
    expect(refunded.textContent).toContain(formatMoney(267_300));
    expect(refunded.textContent).toContain(formatMoney(50_000));
    expect(refunded.textContent).toContain(formatMoney(217_300));
    expect(refunded.textContent).toContain('تقسيط بنكي (دفعتان)');
    expect(processed.textContent).toContain(formatMoney(297_000));
    expect(server.callsTo('GET', '/tx/list')[0]?.query.get('size')).toBe('100');

    // One receipt alone: the others are hidden on paper while the dialog is open.
    let skippedWhilePrinting: string[] = [];
    print.mockImplementation(() => {
      skippedWhilePrinting = [...document.querySelectorAll('[data-print-skip]')].map((el) => el.id);
    });
    await ui.click(within(processed).getByRole('button', { name: 'طباعة الإيصال رقم ٧٤' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(skippedWhilePrinting).toEqual(['receipt-76']);
    await waitFor(() => expect(document.querySelectorAll('[data-print-skip]')).toHaveLength(0));

    await ui.click(screen.getByRole('button', { name: 'طباعة فواتير هذه الصفحة' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
    expect(skippedWhilePrinting).toEqual([]);
  });

  it('pages the receipts ten at a time, and says when there are none', async () => {
    signInAs(server, makeUser());
    const many = Array.from({ length: 12 }, (_, index) =>
      makeTransaction({ id: 200 - index, status: TransactionStatus.Processed }),
    );
    let answer = pageOf(many);
    server.on('GET', '/tx/list', () => json(answer));
    const view = renderApp('/invoices');
    const ui = userEvent.setup();
    expect(await screen.findAllByRole('listitem', { name: /^إيصال دفع رقم/ })).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'صفحات الفواتير' });
    expect(pages.textContent).toContain(pageOfText(1, 2));
    await ui.click(within(pages).getByRole('button', { name: UI_MESSAGES.paginationNext }));
    await waitFor(() =>
      expect(screen.getAllByRole('listitem', { name: /^إيصال دفع رقم/ })).toHaveLength(2),
    );
    view.unmount();

    answer = pageOf([makeTransaction({ status: TransactionStatus.Failed })]);
    renderApp('/invoices');
    expect(await screen.findByText('لا توجد فواتير بعد')).toBeTruthy();
  });

  it('opens the page of the receipt the payments page linked to', async () => {
    signInAs(server, makeUser());
    const many = Array.from({ length: 15 }, (_, index) =>
      makeTransaction({ id: 300 - index, status: TransactionStatus.Paid }),
    );
    server.on('GET', '/tx/list', json(pageOf(many)));
    renderApp('/invoices#receipt-288');
    const receipt = await screen.findByRole('listitem', { name: 'إيصال دفع رقم ٢٨٨' });
    await waitFor(() => expect(document.activeElement).toBe(receipt));
  });

  it('keeps the earnings page for tutors', async () => {
    signInAs(server, makeUser({ role: Role.Tutor }));
    renderApp('/invoices');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الأرباح وطلبات السحب' }),
    ).toBeTruthy();
    expect(server.callsTo('GET', '/tx/list')).toHaveLength(0);
  });
});
