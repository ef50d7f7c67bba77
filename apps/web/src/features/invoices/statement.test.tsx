import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceStatus, Role, WithdrawMethod, formatMoney } from '@talaqa/domain';
import type { Statement } from '@talaqa/domain';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, json, makeUser, renderApp, resetSession, signInAs } from '../../testing/fake-api';

const server = fakeApi(stubHealthyApi());
/** 26 November 2026, noon in Cairo. */
const NOW = new Date('2026-11-26T10:00:00.000Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  resetSession();
});

const TUTOR = makeUser({ id: 31, role: Role.Tutor, name: 'نور حسن' });

function statementOf(month: string, overrides: Partial<Statement> = {}): Statement {
  return {
    tutorId: TUTOR.id,
    tutorName: TUTOR.name,
    month,
    from: '2026-10-31T22:00:00.000Z',
    to: '2026-11-30T22:00:00.000Z',
    openingBalance: 42_000,
    closingBalance: 26_000,
    lessonsTotal: 4_000,
    withdrawalsTotal: -20_000,
    lessons: [
      {
        entryId: 1,
        kind: 'lesson',
        at: '2026-11-02T08:30:00.000Z',
        lessonId: 9,
        lessonStart: '2026-11-02T08:00:00.000Z',
        studentName: 'سارة أحمد',
        minutes: 30,
        amount: 6_000,
      },
      {
        entryId: 2,
        kind: 'lesson-reversal',
        at: '2026-11-12T08:00:00.000Z',
        lessonId: 9,
        lessonStart: '2026-11-02T08:00:00.000Z',
        studentName: 'سارة أحمد',
        minutes: 30,
        amount: -6_000,
      },
      {
        entryId: 3,
        kind: 'lesson',
        at: '2026-11-15T12:00:00.000Z',
        lessonId: 10,
        lessonStart: '2026-11-15T11:30:00.000Z',
        studentName: 'منى علي',
        minutes: 20,
        amount: 4_000,
      },
    ],
    withdrawals: [
      {
        entryId: 4,
        kind: 'withdrawal',
        at: '2026-11-10T08:00:00.000Z',
        invoiceId: 12,
        amount: -20_000,
        method: WithdrawMethod.Instapay,
        status: InvoiceStatus.Approved,
        label: 'fulfilled',
      },
    ],
    ...overrides,
  };
}

describe('/invoices/statement', () => {
  it('shows this Cairo month’s balances, lessons and withdrawals, and prints', async () => {
    signInAs(server, TUTOR);
    server.on('GET', '/invoice/statement', (request) =>
      json(statementOf(request.query.get('month') ?? '')),
    );
    const print = vi.fn();
    const original = window.print;
    window.print = print;
    renderApp('/invoices/statement');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'كشف الحساب الشهري: نوفمبر ٢٠٢٦' }),
    ).toBeTruthy();
    expect(server.callsTo('GET', '/invoice/statement')[0]?.query.get('month')).toBe('2026-11');
    const summary = await screen.findByText('الرصيد في أول الشهر');
    expect(summary.nextElementSibling?.textContent).toBe(formatMoney(42_000));
    expect(screen.getByText('الرصيد في آخر الشهر').nextElementSibling?.textContent).toBe(
      formatMoney(26_000),
    );

    const lessons = screen.getByRole('table', { name: 'الدروس المضافة إلى الرصيد في نوفمبر ٢٠٢٦' });
    const rows = within(lessons).getAllByRole('row');
    // Header, three lines, total.
    expect(rows).toHaveLength(5);
    expect(rows[1]?.textContent).toContain('سارة أحمد');
    expect(rows[1]?.textContent).toContain(`+${formatMoney(6_000)}`);
    expect(rows[2]?.textContent).toContain('استرداد في');
    expect(rows[2]?.textContent).toContain(`−${formatMoney(6_000)}`);
    expect(rows[3]?.textContent).toContain('٢٠ دقيقة');
    expect(rows[4]?.textContent).toBe(`مجموع أجر الدروس+${formatMoney(4_000)}`);

    const withdrawals = screen.getByRole('table', { name: 'حركات طلبات السحب في نوفمبر ٢٠٢٦' });
    const line = within(withdrawals).getAllByRole('row')[1];
    expect(line?.textContent).toContain('طلب سحب رقم ١٢');
    expect(line?.textContent).toContain('إنستاباي');
    expect(line?.textContent).toContain('تم التحويل');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'طباعة أو حفظ PDF' }));
    expect(print).toHaveBeenCalledOnce();
    window.print = original;
  });

  it('moves month by month, never past this one, and says when a month is empty', async () => {
    signInAs(server, TUTOR);
    server.on('GET', '/invoice/statement', (request) =>
      json(
        statementOf(request.query.get('month') ?? '', {
          lessons: [],
          withdrawals: [],
          lessonsTotal: 0,
          withdrawalsTotal: 0,
        }),
      ),
    );
    const { router } = renderApp('/invoices/statement?month=2026-11');
    const user = userEvent.setup();
    expect(await screen.findByText('لا دروس في هذا الشهر')).toBeTruthy();
    expect(screen.getByText('لا طلبات سحب في هذا الشهر')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'الشهر التالي' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'الشهر السابق' }));
    await waitFor(() => expect(router.state.location.search).toBe('?month=2026-10'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'كشف الحساب الشهري: أكتوبر ٢٠٢٦' }),
    ).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('الشهر'), '2025-12');
    await waitFor(() => expect(router.state.location.search).toBe('?month=2025-12'));
    expect(
      server.callsTo('GET', '/invoice/statement').map((call) => call.query.get('month')),
    ).toEqual(['2026-11', '2026-10', '2025-12']);
  });

  it('is linked from the earnings page', async () => {
    signInAs(server, TUTOR);
    server.on(
      'GET',
      '/invoice/stats/:id',
      json({ tutorId: 31, earned: 0, withdrawn: 0, pending: 0, available: 0 }),
    );
    server.on('GET', '/invoice', json({ list: [], total: 0 }));
    server.on('GET', '/invoice/ledger', json({ list: [], total: 0 }));
    renderApp('/invoices');
    const link = await screen.findByRole('link', { name: 'كشف الحساب الشهري للطباعة' });
    expect(link.getAttribute('href')).toBe('/invoices/statement');
  });
});
