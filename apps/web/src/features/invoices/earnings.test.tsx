import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceStatus, Role, WithdrawMethod, formatMoney } from '@talaqa/domain';
import type { InvoiceView } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, json, makeUser, renderApp, resetSession, signInAs } from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';
import { fakeSockets } from '@talaqa/api-client/testing/fake-socket';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const TUTOR = makeUser({ id: 31, role: Role.Tutor, name: 'أحمد علي' });

const invoice = (overrides: Partial<InvoiceView> = {}): InvoiceView => ({
  id: 5,
  userId: TUTOR.id,
  userName: TUTOR.name,
  amount: 50_000,
  method: WithdrawMethod.Instapay,
  receiver: 'ahmed@instapay',
  bank: null,
  phone: null,
  accountNumber: null,
  username: null,
  instapayAddress: 'ahmed@instapay',
  status: InvoiceStatus.PendingApproval,
  label: 'pending',
  adminNote: null,
  receiptImage: null,
  addressedBy: null,
  requestedChange: null,
  createdAt: '2030-01-09T10:00:00.000Z',
  updatedAt: '2030-01-09T10:00:00.000Z',
  ...overrides,
});

describe('/invoices for a tutor', () => {
  it('shows the balance, the requests and the ledger, and sends a checked request', async () => {
    signInAs(server, TUTOR);
    server.on(
      'GET',
      '/invoice/stats/:id',
      json({
        tutorId: 31,
        earned: 300_000,
        withdrawn: 100_000,
        pending: 50_000,
        available: 150_000,
      }),
    );
    server.on(
      'GET',
      '/invoice',
      json({ list: [invoice(), invoice({ id: 4, status: 3, label: 'fulfilled' })], total: 2 }),
    );
    server.on(
      'GET',
      '/invoice/ledger',
      json({
        list: [
          {
            id: 1,
            kind: 'lesson',
            amount: 6_000,
            lessonId: 9,
            lessonStart: '2030-01-09T10:00:00.000Z',
            lessonMinutes: 30,
            invoiceId: null,
            createdAt: '2030-01-09T10:30:00.000Z',
          },
        ],
        total: 1,
      }),
    );
    let sent: unknown;
    server.on('POST', '/invoice', (request: FakeRequest) => {
      sent = request.body;
      return json(invoice({ id: 6, amount: 20_000 }), 201);
    });
    renderApp('/invoices');
    const ui = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'الأرباح وطلبات السحب' }),
    ).toBeTruthy();
    expect((await screen.findByTestId('available')).textContent).toBe(formatMoney(150_000));
    const requests = await screen.findAllByRole('listitem', { name: /^طلب سحب/ });
    expect(requests).toHaveLength(2);
    expect(within(requests[0] as HTMLElement).getByText('قيد المراجعة')).toBeTruthy();
    expect(within(requests[1] as HTMLElement).getByText('تم التحويل')).toBeTruthy();
    expect(await screen.findByText('درس مكتمل')).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'طلب سحب جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'طلب سحب جديد' });
    expect(dialog.textContent).toContain('٤ إلى ٥ أيام عمل');
    const amount = within(dialog).getByLabelText('المبلغ بالجنيه');
    await ui.type(amount, '99');
    await ui.type(within(dialog).getByLabelText('عنوان إنستاباي'), 'ahmed@instapay');
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال الطلب' }));
    expect(
      await within(dialog).findByText(ERROR_MESSAGES['invoice-amount-below-min']),
    ).toBeTruthy();
    await ui.clear(amount);
    await ui.type(amount, '2000');
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال الطلب' }));
    expect(
      await within(dialog).findByText(ERROR_MESSAGES['invoice-amount-above-balance']),
    ).toBeTruthy();
    expect(sent).toBeUndefined();
    await ui.clear(amount);
    await ui.type(amount, '200');
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال الطلب' }));
    await screen.findByText('وصل طلب السحب، وسنراجعه خلال أيام العمل القادمة');
    expect(sent).toEqual({
      method: WithdrawMethod.Instapay,
      amount: 20_000,
      instapayAddress: 'ahmed@instapay',
    });
  });
  it('shows a receipt in the page and drops a request an admin deleted, live', async () => {
    signInAs(server, TUTOR);
    const totals = {
      tutorId: 31,
      earned: 60_000,
      withdrawn: 50_000,
      pending: 0,
      available: 10_000,
    };
    server.on('GET', '/invoice/stats/:id', json(totals));
    const paid = invoice({ id: 4, status: 3, label: 'fulfilled', receiptImage: 'r1.png' });
    let requests = [invoice({ id: 7, status: 4, label: 'rejected', amount: 30_000 }), paid];
    server.on('GET', '/invoice', () => json({ list: requests, total: requests.length }));
    server.on('GET', '/invoice/ledger', json({ list: [], total: 0 }));
    const receipts: string[] = [];
    server.on('GET', '/assets/receipts/:name', (request: FakeRequest) => {
      receipts.push(request.path);
      return new Response(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), {
        headers: { 'content-type': 'image/png' },
      });
    });
    renderApp('/invoices');
    const ui = userEvent.setup();

    const fulfilled = await screen.findByRole('listitem', {
      name: `طلب سحب ${formatMoney(50_000)}`,
    });
    await ui.click(within(fulfilled).getByRole('button', { name: 'عرض إيصال التحويل' }));
    expect(await within(fulfilled).findByRole('img', { name: 'إيصال التحويل' })).toBeTruthy();
    expect(receipts).toEqual(['/assets/receipts/r1.png']);

    expect(screen.getByRole('listitem', { name: `طلب سحب ${formatMoney(30_000)}` })).toBeTruthy();
    await waitFor(() =>
      expect(fakeSockets.latest()?.listeners('InvoiceDeleted')).toBeGreaterThan(0),
    );
    requests = [paid];
    act(() => fakeSockets.latest()!.serverEmit('InvoiceDeleted', { id: 7, userId: TUTOR.id }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: `طلب سحب ${formatMoney(30_000)}` })).toBeNull(),
    );
    expect(screen.getByRole('listitem', { name: `طلب سحب ${formatMoney(50_000)}` })).toBeTruthy();
  });
});
