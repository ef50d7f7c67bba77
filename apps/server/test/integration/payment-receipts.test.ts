import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, TransactionStatus } from '@talaqa/domain';
import type { PaymobCheckoutAnswer, TransactionView } from '@talaqa/domain';
import { jobs, users } from '../../src/db/schema';
import type { OutboxMessage } from '../../src/integrations/outbox';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import {
  admin,
  paymobSimulator,
  plan,
  purchase,
  QUARTER_PRICE,
  student,
  transactionRow,
} from './payments-fixtures';

/**
 * Payment receipts and refund notices (decision 302): one e-mail receipt when a transaction
 * becomes Paid, however many times the provider reports it, and a WhatsApp message beside it when
 * that is the buyer's method; a short notice per settled refund. Jobs run when a test says so.
 */
const NOTICE_JOB = 'payments.notice';
let server: TestServer;
let planId: number;

beforeAll(async () => {
  server = await startTestServer({ jobsPollMs: 3_600_000 });
  planId = await plan(server);
});
afterAll(() => server.close());

async function paidOnPaymob(buyer: Caller): Promise<{ id: number; paymobId: number }> {
  const answer = await call<PaymobCheckoutAnswer>(
    server,
    'POST',
    '/paymob/create-checkout-url',
    buyer,
    purchase(planId),
  );
  expect(answer.status).toBe(200);
  const clientSecret = new URL(answer.body.url).searchParams.get('clientSecret') ?? '';
  const payment = await paymobSimulator(server).pay(clientSecret, 'success');
  expect(payment.callback?.delivered).toBe(true);
  return { id: answer.body.transactionId, paymobId: Number(payment.transaction.id) };
}

async function runJobs(): Promise<void> {
  await server.app.jobs.runDue();
  await server.app.jobs.runDue();
}

async function emailOf(id: number): Promise<string> {
  const [row] = await server.app.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row.email;
}

async function inbox(id: number, phone?: string): Promise<OutboxMessage[]> {
  const messages = server.outbox.list({ to: await emailOf(id) });
  const all = phone ? [...messages, ...server.outbox.list({ to: phone })] : messages;
  return all.toSorted((a, b) => a.at.localeCompare(b.at));
}

describe('payment receipts', () => {
  it('sends one e-mail receipt, also when the paid callback arrives again', async () => {
    const buyer = await student(server);
    const { id, paymobId } = await paidOnPaymob(buyer);
    for (let i = 0; i < 2; i += 1) {
      expect((await paymobSimulator(server).replayCallback(paymobId)).delivered).toBe(true);
    }
    await runJobs();
    const row = await transactionRow(server, id);
    expect(row.status).toBe(TransactionStatus.Paid);

    const [receipt, ...more] = await inbox(buyer.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ channel: 'email' });
    expect(receipt?.subject).toBe('إيصال الدفع: الباقة المتقدمة (ثلاثة أشهر)');
    expect(receipt?.text).toContain(
      `تأكيد: وصلنا ${formatMoney(QUARTER_PRICE)} ثمن الباقة المتقدمة (ثلاثة أشهر) برقم العملية ${row.orderReference}`,
    );
    expect(receipt?.text).toContain(`رقم العملية: \u2068${row.orderReference}`);
    expect(receipt?.text).toContain('طريقة الدفع: \u2068بطاقة بنكية');
    expect(receipt?.text).toContain('بتوقيت القاهرة');
    expect(receipt?.text).toContain('/payments');
    expect(receipt?.html).toContain(formatMoney(QUARTER_PRICE));

    // Read again after the fact: nothing more is sent.
    const synced = await call<TransactionView>(server, 'GET', `/tx/${id}`, buyer);
    expect(synced.body.status).toBe(TransactionStatus.Paid);
    await runJobs();
    expect(await inbox(buyer.id)).toHaveLength(1);
    const rows = await server.app.database.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(and(eq(jobs.kind, NOTICE_JOB), sql`${jobs.key} like ${`${id}:%`}`));
    expect(rows.map((job) => job.key).toSorted()).toEqual([`${id}:paid:email`, `${id}:paid:phone`]);
  });

  it('goes by WhatsApp and by e-mail to a buyer whose method is WhatsApp', async () => {
    const buyer = await student(server);
    const phone = `+2012${String(buyer.id).padStart(8, '0').slice(-8)}`;
    await server.app.database.db
      .update(users)
      .set({ notificationMethod: 'whatsapp', phone, phoneVerified: true })
      .where(eq(users.id, buyer.id));
    const { id } = await paidOnPaymob(buyer);
    await runJobs();
    const messages = await inbox(buyer.id, phone);
    expect(messages.map((message) => message.channel).toSorted()).toEqual(['email', 'whatsapp']);
    const whatsapp = messages.find((message) => message.channel === 'whatsapp');
    expect(whatsapp).toMatchObject({ to: phone, meta: { template: 'payment_notice' } });
    const { orderReference } = await transactionRow(server, id);
    expect(whatsapp?.text).toContain(`من طلاقة بشأن مدفوعاتك: تأكيد: وصلنا`);
    expect(whatsapp?.text).toContain(orderReference);
  });

  it('tells the buyer of each refund once', async () => {
    const buyer = await student(server);
    const boss = await admin(server);
    const { id } = await paidOnPaymob(buyer);
    await runJobs();
    const partial = await call<TransactionView>(server, 'POST', '/fawry/refund', boss, {
      transactionId: id,
      amount: 5_000,
      reason: 'تعويض',
    });
    expect(partial.body.status).toBe(TransactionStatus.PartialRefunded);
    await runJobs();
    const full = await call<TransactionView>(server, 'POST', '/fawry/refund', boss, {
      transactionId: id,
      reason: 'إلغاء',
    });
    expect(full.body.status).toBe(TransactionStatus.Refunded);
    await runJobs();
    const [receipt, first, second, ...more] = await inbox(buyer.id);
    expect(more).toEqual([]);
    expect(receipt?.subject).toContain('إيصال الدفع');
    expect(first?.subject).toBe(`رد ${formatMoney(5_000)} من دفعتك`);
    expect(first?.text).toContain(`إجمالي المردود: \u2068${formatMoney(5_000)} من`);
    expect(second?.subject).toBe(`رد ${formatMoney(QUARTER_PRICE - 5_000)} من دفعتك`);
    expect(second?.text).toContain(
      `إجمالي المردود: \u2068${formatMoney(QUARTER_PRICE)} من ${formatMoney(QUARTER_PRICE)}`,
    );
  });
});
