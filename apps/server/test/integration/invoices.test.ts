import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceStatus, Role, ServerEvent, WithdrawMethod } from '@talaqa/domain';
import type { InvoicePage, InvoiceView } from '@talaqa/domain';
import { invoices } from '../../src/db/schema';
import { call, callApi } from './api';
import type { Caller } from './api';
import { chatSocket, nextEvent } from './chat-fixtures';
import { fundTutor, ledgerOf, PNG_BYTES, totalsOf, updateInvoice } from './earnings-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertUser } from './lessons-fixtures';

/**
 * Withdrawal requests (issue 22 items 2-3): every endpoint, bound, error code and status change
 * (allowed and refused), the held balance after each, receipts and the live updates.
 */
let server: TestServer;
let admin: Caller;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = await insertUser(server, Role.SuperAdmin);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

const EGP = 100;
const instapay = (amount: number) => ({
  method: WithdrawMethod.Instapay,
  amount,
  instapayAddress: 'Ahmed.Ali@instapay',
});
const bank = (amount: number) => ({
  method: WithdrawMethod.Bank,
  amount,
  bank: 'cib',
  accountNumber: '1234-5678-9012',
  username: 'Ahmed Ali',
});
const wallet = (amount: number) => ({
  method: WithdrawMethod.Wallet,
  amount,
  phone: '01001234567',
});

/** A tutor holding `earned` piasters (default 10,000 EGP). */
async function fundedTutor(earned = 10_000 * EGP): Promise<Caller> {
  const tutor = await insertUser(server, Role.Tutor);
  await fundTutor(server, tutor.id, earned);
  return tutor;
}

async function request(tutor: Caller, body: unknown) {
  return call<InvoiceView & { code?: string }>(server, 'POST', '/invoice', tutor, body);
}

async function created(tutor: Caller, body: unknown): Promise<InvoiceView> {
  const answer = await request(tutor, body);
  expect(answer.status).toBe(201);
  return answer.body;
}

async function invoiceCount(tutorId: number): Promise<number> {
  const rows = await server.app.database.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.userId, tutorId));
  return rows.length;
}

describe('POST /invoice', () => {
  it('holds an Instapay, a bank and a wallet request against the balance', async () => {
    const tutor = await fundedTutor();
    const first = await created(tutor, instapay(1_000 * EGP));
    expect(first).toMatchObject({
      userId: tutor.id,
      amount: 100_000,
      method: WithdrawMethod.Instapay,
      instapayAddress: 'ahmed.ali@instapay',
      receiver: 'ahmed.ali@instapay',
      status: InvoiceStatus.PendingApproval,
      label: 'pending',
      bank: null,
      phone: null,
      receiptImage: null,
      requestedChange: null,
    });
    const second = await created(tutor, bank(2_000 * EGP));
    expect(second).toMatchObject({
      method: WithdrawMethod.Bank,
      bank: 'CIB',
      accountNumber: '123456789012',
      username: 'Ahmed Ali',
      receiver: 'Ahmed Ali',
      instapayAddress: null,
    });
    const third = await created(tutor, wallet(100 * EGP));
    expect(third).toMatchObject({ method: WithdrawMethod.Wallet, phone: '+201001234567' });
    expect(await totalsOf(server, tutor)).toEqual({
      tutorId: tutor.id,
      earned: 1_000_000,
      withdrawn: 0,
      pending: 310_000,
      available: 690_000,
    });
    const ledger = await ledgerOf(server, tutor.id);
    expect(ledger.sum).toBe(690_000);
  });

  it('takes exactly the bounds, 100 and 50,000 EGP, and the whole balance', async () => {
    const tutor = await fundedTutor(50_100 * EGP);
    await created(tutor, instapay(50_000 * EGP));
    await created(tutor, instapay(100 * EGP));
    expect((await totalsOf(server, tutor)).available).toBe(0);
  });

  it.each([
    ['below 100 EGP', instapay(100 * EGP - 1), 'invoice-amount-below-min'],
    ['above 50,000 EGP', instapay(50_000 * EGP + 1), 'invoice-amount-above-max'],
    ['a fraction of a piaster', instapay(150.5 * EGP + 0.5), 'invalid-type'],
    ['an unknown method', { method: 7, amount: 200 * EGP }, 'invalid-invoice-method'],
    ['no method', { amount: 200 * EGP }, 'invalid-invoice-method'],
    [
      'a wrong Instapay address',
      { ...instapay(200 * EGP), instapayAddress: 'ahmed@gmail.com' },
      'invalid-instapay-address',
    ],
    ['no bank name', { ...bank(200 * EGP), bank: '' }, 'bank-name-empty'],
    ['an unknown bank', { ...bank(200 * EGP), bank: 'HSBC' }, 'invalid-bank-name'],
    ['a wrong account', { ...bank(200 * EGP), accountNumber: '12ab' }, 'invalid-account-number'],
    ['a one-word holder', { ...bank(200 * EGP), username: 'Ahmed' }, 'invalid-user-name'],
    ['a wrong wallet phone', { ...wallet(200 * EGP), phone: '12345' }, 'invalid-phone'],
  ])('refuses %s and changes nothing', async (_name, body, code) => {
    const tutor = await fundedTutor();
    const answer = await request(tutor, body);
    expect(answer.status).toBe(400);
    const answered = answer.body as { code?: string; fields?: { code: string }[] };
    expect([answered.code, ...(answered.fields ?? []).map((field) => field.code)]).toContain(code);
    expect(await invoiceCount(tutor.id)).toBe(0);
    expect((await totalsOf(server, tutor)).pending).toBe(0);
  });

  it('refuses more than the available balance, and a tutor who earned nothing', async () => {
    const tutor = await fundedTutor(500 * EGP);
    await created(tutor, instapay(300 * EGP));
    const answer = await request(tutor, instapay(201 * EGP));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invoice-amount-above-balance');
    const poor = await insertUser(server, Role.Tutor);
    expect((await request(poor, instapay(100 * EGP))).body.code).toBe(
      'invoice-amount-above-balance',
    );
    expect(await invoiceCount(poor.id)).toBe(0);
    expect(await totalsOf(server, tutor)).toMatchObject({ pending: 30_000, available: 20_000 });
  });

  it('is for tutors only', async () => {
    const student = await insertUser(server, Role.Student);
    expect((await request(student, instapay(100 * EGP))).status).toBe(403);
    expect((await request(admin, instapay(100 * EGP))).status).toBe(403);
    expect((await request(null as unknown as Caller, instapay(100 * EGP))).status).toBe(401);
  });
});

describe('GET /invoice and GET /invoice/stats/{id}', () => {
  it('shows a tutor their own requests and admins everyone’s, with filters and pages', async () => {
    const tutor = await fundedTutor();
    const other = await fundedTutor();
    const now = server.app.clock.now;
    const at = (iso: string) => () => new Date(iso);
    server.app.clock.now = at('2031-03-01T10:00:00Z');
    const a = await created(tutor, instapay(100 * EGP));
    server.app.clock.now = at('2031-03-05T10:00:00Z');
    const b = await created(tutor, bank(200 * EGP));
    const c = await created(other, wallet(300 * EGP));
    server.app.clock.now = now;
    await updateInvoice(server, admin, b.id, { action: 'reject' });

    const own = await call<InvoicePage>(server, 'GET', '/invoice', tutor);
    expect(own.body.total).toBe(2);
    expect(own.body.list.map((invoice) => invoice.id)).toEqual([b.id, a.id]);
    expect((await call(server, 'GET', `/invoice?tutorId=${other.id}`, tutor)).status).toBe(403);

    const list = async (query: string) =>
      (await call<InvoicePage>(server, 'GET', `/invoice?${query}`, admin)).body;
    expect((await list(`tutorId=${tutor.id}`)).total).toBe(2);
    expect((await list(`tutorId=${other.id}`)).list.map((invoice) => invoice.id)).toEqual([c.id]);
    expect((await list(`tutorId=${tutor.id}&status=${InvoiceStatus.Rejected}`)).list).toEqual([
      expect.objectContaining({ id: b.id, label: 'rejected' }),
    ]);
    expect(
      (await list(`method=${WithdrawMethod.Wallet}&tutorId=${other.id}`)).list.map((i) => i.id),
    ).toEqual([c.id]);
    const window = 'from=2031-03-04T00:00:00Z&to=2031-03-06T00:00:00Z';
    expect((await list(window)).list.map((invoice) => invoice.id).sort()).toEqual(
      [b.id, c.id].sort(),
    );
    const paged = await list(`tutorId=${tutor.id}&size=1&page=2`);
    expect(paged).toMatchObject({ total: 2, list: [expect.objectContaining({ id: a.id })] });
    expect((await call(server, 'GET', '/invoice?status=9', admin)).status).toBe(400);
    const student = await insertUser(server, Role.Student);
    expect((await call(server, 'GET', '/invoice', student)).status).toBe(403);
  });

  it('answers a tutor’s totals to the tutor and admins only', async () => {
    const tutor = await fundedTutor(1_000 * EGP);
    const other = await fundedTutor();
    await created(tutor, instapay(400 * EGP));
    expect((await call(server, 'GET', `/invoice/stats/${tutor.id}`, admin)).body).toEqual({
      tutorId: tutor.id,
      earned: 100_000,
      withdrawn: 0,
      pending: 40_000,
      available: 60_000,
    });
    expect((await call(server, 'GET', `/invoice/stats/${tutor.id}`, other)).status).toBe(403);
    const answer = await call<{ code: string }>(server, 'GET', `/invoice/stats/${admin.id}`, admin);
    expect(answer).toMatchObject({ status: 404, body: { code: 'tutor-not-found' } });
    const fresh = await insertUser(server, Role.Tutor);
    expect(await totalsOf(server, fresh)).toEqual({
      tutorId: fresh.id,
      earned: 0,
      withdrawn: 0,
      pending: 0,
      available: 0,
    });
  });

  it('lists the ledger behind the balance, newest first', async () => {
    const tutor = await fundedTutor(1_000 * EGP);
    const invoice = await created(tutor, instapay(400 * EGP));
    await updateInvoice(server, admin, invoice.id, { action: 'reject' });
    const ledger = await call<{ total: number; list: { kind: string; amount: number }[] }>(
      server,
      'GET',
      '/invoice/ledger',
      tutor,
    );
    expect(ledger.body.total).toBe(3);
    expect(ledger.body.list.map(({ kind, amount }) => [kind, amount])).toEqual([
      ['withdrawal-release', 40_000],
      ['withdrawal', -40_000],
      ['lesson', 100_000],
    ]);
    const other = await fundedTutor();
    expect((await call(server, 'GET', `/invoice/ledger?tutorId=${tutor.id}`, other)).status).toBe(
      403,
    );
    expect(
      (await call<{ total: number }>(server, 'GET', `/invoice/ledger?tutorId=${tutor.id}`, admin))
        .body.total,
    ).toBe(3);
  });
});

/** A request brought to `status` the way the product gets it there. */
async function invoiceIn(
  status: InvoiceStatus | 'changed',
): Promise<{ tutor: Caller; invoice: InvoiceView }> {
  const tutor = await fundedTutor(2_000 * EGP);
  const invoice = await created(tutor, instapay(500 * EGP));
  const step = async (caller: Caller, data: unknown, receipt?: Uint8Array) => {
    const answer = await updateInvoice(server, caller, invoice.id, data, receipt);
    expect(answer.status).toBe(200);
  };
  if (status === 'changed')
    await step(tutor, { action: 'request-update', change: bank(600 * EGP) });
  if (status === InvoiceStatus.PendingCancellation) await step(tutor, { action: 'request-cancel' });
  if (status === InvoiceStatus.Canceled) await step(admin, { action: 'cancel' });
  if (status === InvoiceStatus.Approved) await step(admin, { action: 'fulfil' }, PNG_BYTES);
  if (status === InvoiceStatus.Rejected) await step(admin, { action: 'reject' });
  return { tutor, invoice };
}

type From = InvoiceStatus | 'changed';
const P = InvoiceStatus.PendingApproval;
const PC = InvoiceStatus.PendingCancellation;
const ALL: From[] = [
  P,
  'changed',
  PC,
  InvoiceStatus.Canceled,
  InvoiceStatus.Approved,
  InvoiceStatus.Rejected,
];

/** Every action and the statuses it is allowed from; from every other it is illegal. */
const ACTIONS: { action: string; by: 'tutor' | 'admin'; from: From[]; data?: object }[] = [
  { action: 'request-cancel', by: 'tutor', from: [P, 'changed'] },
  {
    action: 'request-update',
    by: 'tutor',
    from: [P, 'changed'],
    data: { change: wallet(150 * EGP) },
  },
  { action: 'fulfil', by: 'admin', from: [P, 'changed', PC] },
  { action: 'reject', by: 'admin', from: [P, 'changed', PC] },
  { action: 'cancel', by: 'admin', from: [P, 'changed'] },
  { action: 'approve-cancel', by: 'admin', from: [PC] },
  { action: 'approve-update', by: 'admin', from: ['changed'] },
  { action: 'decline-update', by: 'admin', from: ['changed'] },
  { action: 'note', by: 'admin', from: ALL, data: { note: 'حُوِّل يوم الأحد' } },
];

describe('PUT /invoice/{id}/with/asset: the status graph', () => {
  const cases = ACTIONS.flatMap(({ action, by, from, data }) =>
    ALL.map((start) => ({ action, by, start, data, allowed: from.includes(start) })),
  );

  it.each(cases)(
    '$by $action from $start: allowed $allowed',
    async ({ action, by, start, data, allowed }) => {
      const { tutor, invoice } = await invoiceIn(start);
      const before = await totalsOf(server, tutor);
      const caller = by === 'tutor' ? tutor : admin;
      const receipt = action === 'fulfil' ? PNG_BYTES : undefined;
      const answer = await updateInvoice(server, caller, invoice.id, { action, ...data }, receipt);
      const after = await totalsOf(server, tutor);
      if (!allowed) {
        expect(answer.status).toBe(422);
        expect(answer.body.code).toBe('illegal-invoice-update');
        expect(after).toEqual(before);
        return;
      }
      expect(answer.status).toBe(200);
      expect(after.earned).toBe(before.earned);
      // Whatever happened, the ledger and the running totals agree.
      expect((await ledgerOf(server, tutor.id)).sum).toBe(after.available);
      expect(after.available).toBe(after.earned - after.withdrawn - after.pending);
    },
  );

  it('moves the money and the label as each action says', async () => {
    const cancelAsked = await invoiceIn(PC);
    const asked = await updateInvoice(server, admin, cancelAsked.invoice.id, {
      action: 'approve-cancel',
      note: 'أُلغي بطلبك',
    });
    expect(asked.body).toMatchObject({
      status: InvoiceStatus.Canceled,
      label: 'cancellation-approved-by-admin',
      adminNote: 'أُلغي بطلبك',
      addressedBy: admin.id,
    });
    expect(await totalsOf(server, cancelAsked.tutor)).toMatchObject({
      pending: 0,
      available: 200_000,
    });

    const canceled = await invoiceIn(P);
    const byAdmin = await updateInvoice(server, admin, canceled.invoice.id, { action: 'cancel' });
    expect(byAdmin.body.label).toBe('canceled-by-admin');

    const pending = await invoiceIn(PC);
    expect(
      (await call<InvoicePage>(server, 'GET', '/invoice', pending.tutor)).body.list[0],
    ).toMatchObject({
      label: 'cancellation-requested',
    });

    const changed = await invoiceIn('changed');
    expect(
      (await call<InvoicePage>(server, 'GET', '/invoice', changed.tutor)).body.list[0],
    ).toMatchObject({
      amount: 50_000,
      label: 'pending',
      requestedChange: expect.objectContaining({ amount: 60_000, method: WithdrawMethod.Bank }),
    });
    const approved = await updateInvoice(server, admin, changed.invoice.id, {
      action: 'approve-update',
    });
    expect(approved.body).toMatchObject({
      amount: 60_000,
      method: WithdrawMethod.Bank,
      bank: 'CIB',
      instapayAddress: null,
      label: 'updated-by-receiver',
      requestedChange: null,
    });
    expect(await totalsOf(server, changed.tutor)).toMatchObject({
      pending: 60_000,
      available: 140_000,
    });

    const paid = await invoiceIn(P);
    const fulfilled = await updateInvoice(
      server,
      admin,
      paid.invoice.id,
      { action: 'fulfil' },
      PNG_BYTES,
    );
    expect(fulfilled.body).toMatchObject({ status: InvoiceStatus.Approved, label: 'fulfilled' });
    expect(fulfilled.body.receiptImage).toMatch(/\.png$/);
    expect(await totalsOf(server, paid.tutor)).toEqual({
      tutorId: paid.tutor.id,
      earned: 200_000,
      withdrawn: 50_000,
      pending: 0,
      available: 150_000,
    });
  });

  it('refuses a change the balance no longer covers, when asked and when approved', async () => {
    const tutor = await fundedTutor(1_000 * EGP);
    const invoice = await created(tutor, instapay(500 * EGP));
    const tooMuch = await updateInvoice(server, tutor, invoice.id, {
      action: 'request-update',
      change: instapay(1_001 * EGP),
    });
    expect(tooMuch.body.code).toBe('invoice-amount-above-balance');
    const asked = await updateInvoice(server, tutor, invoice.id, {
      action: 'request-update',
      change: instapay(900 * EGP),
    });
    expect(asked.status).toBe(200);
    await created(tutor, instapay(400 * EGP));
    const approval = await updateInvoice(server, admin, invoice.id, { action: 'approve-update' });
    expect(approval.body.code).toBe('invoice-amount-above-balance');
    expect(await totalsOf(server, tutor)).toMatchObject({ pending: 90_000, available: 10_000 });
  });

  it('adds, edits and removes a note, and checks it', async () => {
    const { invoice } = await invoiceIn(InvoiceStatus.Approved);
    const set = async (note: unknown) =>
      updateInvoice(server, admin, invoice.id, { action: 'note', note });
    expect((await set('أول')).body.adminNote).toBe('أول');
    expect((await set('ثانٍ')).body.adminNote).toBe('ثانٍ');
    expect((await set(null)).body.adminNote).toBeNull();
    expect((await set('x'.repeat(501))).body).toMatchObject({ code: 'invoice-note-too-long' });
    expect((await set('')).body).toMatchObject({ code: 'invoice-note-empty' });
  });

  it('keeps the tutor and the admin to their own actions and requests', async () => {
    const { tutor, invoice } = await invoiceIn(P);
    const other = await fundedTutor();
    expect((await updateInvoice(server, tutor, invoice.id, { action: 'reject' })).status).toBe(403);
    expect(
      (await updateInvoice(server, admin, invoice.id, { action: 'request-cancel' })).status,
    ).toBe(403);
    const stranger = await updateInvoice(server, other, invoice.id, { action: 'request-cancel' });
    expect(stranger).toMatchObject({ status: 404, body: { code: 'invoice-not-found' } });
    expect((await updateInvoice(server, admin, 999_999, { action: 'reject' })).body.code).toBe(
      'invoice-not-found',
    );
    const student = await insertUser(server, Role.Student);
    expect((await updateInvoice(server, student, invoice.id, { action: 'reject' })).status).toBe(
      403,
    );
    expect((await updateInvoice(server, admin, invoice.id, { action: 'pay-twice' })).status).toBe(
      400,
    );
    expect((await updateInvoice(server, admin, invoice.id, 'not json')).status).toBe(400);
  });

  it('fulfils only with an image receipt, kept for the tutor and admins', async () => {
    const { tutor, invoice } = await invoiceIn(P);
    const bare = await updateInvoice(server, admin, invoice.id, { action: 'fulfil' });
    expect(bare).toMatchObject({ status: 400, body: { code: 'empty-request' } });
    const text = new TextEncoder().encode('not an image at all');
    const wrong = await updateInvoice(server, admin, invoice.id, { action: 'fulfil' }, text);
    expect(wrong.body.code).toBe('invalid-image-type');
    const aside = await updateInvoice(server, admin, invoice.id, { action: 'reject' }, PNG_BYTES);
    expect(aside.status).toBe(400);
    expect((await totalsOf(server, tutor)).pending).toBe(50_000);

    const done = await updateInvoice(server, admin, invoice.id, { action: 'fulfil' }, PNG_BYTES);
    const name = done.body.receiptImage;
    const fetchReceipt = (caller: Caller) =>
      fetch(`${server.baseUrl}/api/v1/assets/receipts/${name}`, {
        headers: { authorization: `Bearer ${caller.token}` },
      });
    for (const reader of [tutor, admin]) {
      const answer = await fetchReceipt(reader);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(PNG_BYTES);
    }
    expect((await fetchReceipt(await fundedTutor())).status).toBe(404);
    expect((await fetchReceipt(await insertUser(server, Role.Student))).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/v1/assets/receipts/${name}`)).status).toBe(401);
    const again = await updateInvoice(server, admin, invoice.id, { action: 'fulfil' }, PNG_BYTES);
    expect(again.body.code).toBe('illegal-invoice-update');
  });
});

describe('live updates', () => {
  it('tells the tutor’s tabs and the admins on AdminInvoices, and no one else', async () => {
    const tutor = await fundedTutor();
    const other = await fundedTutor();
    const tutorTab = await chatSocket(server, tutor, sockets);
    const adminTab = await chatSocket(server, admin, sockets);
    const otherTab = await chatSocket(server, other, sockets);
    let overheard = 0;
    otherTab.on(ServerEvent.InvoiceUpdated, () => (overheard += 1));
    // The admin's channel is joined just after the connection: wait until it holds.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const tutorHears = nextEvent<InvoiceView>(tutorTab, ServerEvent.InvoiceUpdated);
    const adminHears = nextEvent<InvoiceView>(adminTab, ServerEvent.InvoiceUpdated);
    const invoice = await created(tutor, instapay(100 * EGP));
    expect(await tutorHears).toEqual(invoice);
    expect(await adminHears).toEqual(invoice);
    const tutorHearsAgain = nextEvent<InvoiceView>(tutorTab, ServerEvent.InvoiceUpdated);
    const adminHearsAgain = nextEvent<InvoiceView>(adminTab, ServerEvent.InvoiceUpdated);
    await updateInvoice(server, admin, invoice.id, { action: 'fulfil' }, PNG_BYTES);
    expect((await tutorHearsAgain).label).toBe('fulfilled');
    expect((await adminHearsAgain).label).toBe('fulfilled');
    expect(overheard).toBe(0);
  });
});

describe('DELETE /invoice/{id}', () => {
  const remove = (caller: Caller, id: number) =>
    call<{ code?: string }>(server, 'DELETE', `/invoice/${id}`, caller);

  it('removes a canceled or rejected request from every list, keeping the ledger', async () => {
    const tutor = await fundedTutor(1_000 * EGP);
    const rejected = await created(tutor, instapay(100 * EGP));
    const canceled = await created(tutor, wallet(200 * EGP));
    const kept = await created(tutor, bank(300 * EGP));
    await updateInvoice(server, admin, rejected.id, { action: 'reject' });
    await updateInvoice(server, admin, canceled.id, { action: 'cancel' });
    const before = await ledgerOf(server, tutor.id);
    const totals = await totalsOf(server, tutor);

    for (const id of [rejected.id, canceled.id]) expect((await remove(admin, id)).status).toBe(204);
    const mine = await call<InvoicePage>(server, 'GET', '/invoice', tutor);
    expect(mine.body.list.map((invoice) => invoice.id)).toEqual([kept.id]);
    expect(mine.body.total).toBe(1);
    const theirs = await call<InvoicePage>(server, 'GET', `/invoice?tutorId=${tutor.id}`, admin);
    expect(theirs.body.list.map((invoice) => invoice.id)).toEqual([kept.id]);
    expect(await totalsOf(server, tutor)).toEqual(totals);
    expect(await ledgerOf(server, tutor.id)).toEqual(before);
    // Gone for every action too; a retried delete is answered as done.
    const note = await updateInvoice(server, admin, rejected.id, { action: 'note', note: 'x' });
    expect(note.body.code).toBe('invoice-not-found');
    expect((await remove(admin, rejected.id)).status).toBe(204);
  });

  it('refuses a request that holds or moved money, changing nothing', async () => {
    const tutor = await fundedTutor(1_000 * EGP);
    const pending = await created(tutor, instapay(100 * EGP));
    const asked = await created(tutor, instapay(110 * EGP));
    await updateInvoice(server, tutor, asked.id, { action: 'request-cancel' });
    const paid = await created(tutor, instapay(120 * EGP));
    await updateInvoice(server, admin, paid.id, { action: 'fulfil' }, PNG_BYTES);
    const totals = await totalsOf(server, tutor);
    for (const id of [pending.id, asked.id, paid.id]) {
      const answer = await remove(admin, id);
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe('illegal-invoice-update');
    }
    expect(await invoiceCount(tutor.id)).toBe(3);
    expect((await call<InvoicePage>(server, 'GET', '/invoice', tutor)).body.total).toBe(3);
    expect(await totalsOf(server, tutor)).toEqual(totals);
  });

  it('is for admins only, and answers invoice-not-found for an unknown request', async () => {
    const tutor = await fundedTutor();
    const invoice = await created(tutor, instapay(100 * EGP));
    await updateInvoice(server, admin, invoice.id, { action: 'reject' });
    const tried = await remove(tutor, invoice.id);
    expect(tried.status).toBe(403);
    expect(tried.body.code).toBe('forbidden');
    expect((await call<InvoicePage>(server, 'GET', '/invoice', tutor)).body.total).toBe(1);
    const unknown = await remove(admin, 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('invoice-not-found');
    expect((await call(server, 'DELETE', `/invoice/${invoice.id}`, null)).status).toBe(401);
  });

  it('tells the tutor and the admins on AdminInvoices once, and no one else', async () => {
    const tutor = await fundedTutor();
    const other = await fundedTutor();
    const invoice = await created(tutor, instapay(100 * EGP));
    await updateInvoice(server, admin, invoice.id, { action: 'reject' });
    const tutorTab = await chatSocket(server, tutor, sockets);
    const adminTab = await chatSocket(server, admin, sockets);
    const otherTab = await chatSocket(server, other, sockets);
    let overheard = 0;
    let adminHeard = 0;
    otherTab.on(ServerEvent.InvoiceDeleted, () => (overheard += 1));
    adminTab.on(ServerEvent.InvoiceDeleted, () => (adminHeard += 1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const tutorHears = nextEvent(tutorTab, ServerEvent.InvoiceDeleted);
    const adminHears = nextEvent(adminTab, ServerEvent.InvoiceDeleted);
    expect((await remove(admin, invoice.id)).status).toBe(204);
    expect(await tutorHears).toEqual({ id: invoice.id, userId: tutor.id });
    expect(await adminHears).toEqual({ id: invoice.id, userId: tutor.id });
    expect((await remove(admin, invoice.id)).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(adminHeard).toBe(1);
    expect(overheard).toBe(0);
  });
});

describe('the receipts route', () => {
  it('answers not found for a name no invoice holds', async () => {
    const answer = await callApi(server, 'GET', '/assets/receipts/nothing.png', {
      token: admin.token,
    });
    expect(answer.status).toBe(404);
  });
});
