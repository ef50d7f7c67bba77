import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TransactionStatus } from '@talaqa/domain';
import type { PaymentStarted, PaymobCheckoutAnswer } from '@talaqa/domain';
import { queryRows } from '../../src/db';
import { FAWRY_PATHS } from '../../src/integrations/fawry';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import {
  fawryOrderOf,
  fawrySimulator,
  notificationsOf,
  paymobSimulator,
  plan,
  purchase,
  student,
  transactionRow,
} from './payments-fixtures';

/**
 * Issue 16, item 4: the reference the providers know an order by is unique for ever (never the
 * row id), so a database reset (staging) never sends a reference Fawry or Paymob has seen, and
 * every flow finds the order by it; orders sent before with their row id are still found.
 */

let server: TestServer;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  planId = await plan(server);
});
afterAll(() => server.close());

async function payReference(buyer: Caller) {
  const started = await call<PaymentStarted>(
    server,
    'POST',
    '/fawry/pay/ref-num',
    buyer,
    purchase(planId),
  );
  expect(started.status).toBe(200);
  if (started.body.next.kind !== 'reference') throw new Error('expected a reference number');
  return { id: started.body.transaction.id, referenceNumber: started.body.next.referenceNumber };
}

async function paymobCheckout(buyer: Caller) {
  const answer = await call<PaymobCheckoutAnswer>(
    server,
    'POST',
    '/paymob/create-checkout-url',
    buyer,
    purchase(planId),
  );
  expect(answer.status).toBe(200);
  const clientSecret = new URL(answer.body.url).searchParams.get('clientSecret') ?? '';
  const intention = paymobSimulator(server).intention(clientSecret);
  if (!intention) throw new Error('no intention at the simulator');
  return { id: answer.body.transactionId, clientSecret, intention };
}

/** What a reset staging database does: every order gone, the row ids counting from 1 again. */
async function resetPayments(): Promise<void> {
  const db = server.app.database.db;
  await queryRows(db, sql`truncate transactions restart identity cascade`);
  await queryRows(db, sql`delete from jobs where kind like 'payments.%' returning id`);
}

describe('order references', () => {
  it('sends Fawry a reference that is not the row id and finds the order by it', async () => {
    const buyer = await student(server);
    const { id, referenceNumber } = await payReference(buyer);
    const row = await transactionRow(server, id);
    expect(row.orderReference).toMatch(/^3\d{18}$/);
    const charge = fawrySimulator(server).requests.find((r) => r.path === FAWRY_PATHS.charge);
    expect((charge?.body as { merchantRefNum?: string }).merchantRefNum).toBe(row.orderReference);
    // The notification (keyed on our reference) and the status query both find it.
    fawrySimulator(server).payReference(referenceNumber);
    await fawrySimulator(server).idle();
    expect((await transactionRow(server, id)).status).toBe(TransactionStatus.Paid);
    const status = await call<{ providerStatus: { state: string } | null }>(
      server,
      'GET',
      `/fawry/payment-status?transactionId=${id}`,
      buyer,
    );
    expect(status.body.providerStatus?.state).toBe('paid');
  });

  it('never sends a reference again after the database is reset', async () => {
    await resetPayments();
    const before = await payReference(await student(server));
    const beforeRow = await transactionRow(server, before.id);
    await resetPayments();
    const after = await payReference(await student(server));
    const afterRow = await transactionRow(server, after.id);
    // The same row id again, but not the same order at Fawry.
    expect(after.id).toBe(before.id);
    expect(afterRow.orderReference).not.toBe(beforeRow.orderReference);
    expect(after.referenceNumber).not.toBe(before.referenceNumber);
    expect((await fawryOrderOf(server, after.id))?.referenceNumber).toBe(after.referenceNumber);

    // The order made before the reset is paid at an outlet: it is no order of ours any more.
    const simulator = fawrySimulator(server);
    simulator.payReference(before.referenceNumber);
    await simulator.idle();
    expect((await transactionRow(server, after.id)).status).toBe(TransactionStatus.New);
    // The new order's own payment pays it.
    simulator.payReference(after.referenceNumber);
    await simulator.idle();
    expect((await transactionRow(server, after.id)).status).toBe(TransactionStatus.Paid);
  });

  it('never sends Paymob a special_reference again after the database is reset', async () => {
    await resetPayments();
    const before = await paymobCheckout(await student(server));
    await resetPayments();
    // Paymob refuses a special_reference it has seen: a row id sent again would fail here.
    const after = await paymobCheckout(await student(server));
    expect(after.id).toBe(before.id);
    const afterRow = await transactionRow(server, after.id);
    expect(after.intention.request.special_reference).toBe(afterRow.orderReference);
    expect(afterRow.orderReference).not.toBe(before.intention.request.special_reference);

    // The simulator does refuse a repeated one, as Paymob does.
    const simulator = paymobSimulator(server);
    const repeat = await fetch(`${simulator.url}/v1/intention/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Token ${server.config.paymob.secretKey}`,
      },
      body: JSON.stringify(before.intention.request),
    });
    expect(repeat.status).toBe(400);
    expect(await repeat.json()).toEqual({ detail: 'duplicate order with same id' });

    // The order made before the reset is paid: it is no order of ours any more.
    await simulator.pay(before.clientSecret, 'success');
    expect((await transactionRow(server, after.id)).status).toBe(TransactionStatus.New);
    await simulator.pay(after.clientSecret, 'success');
    expect((await transactionRow(server, after.id)).status).toBe(TransactionStatus.Paid);
  });

  it('still finds an order sent with its row id before the references', async () => {
    const { id, referenceNumber } = await payReference(await student(server));
    // As the migration leaves an order made before: its reference is its row id, as sent then.
    await queryRows(
      server.app.database.db,
      sql`update transactions set order_reference = id::text where id = ${id} returning id`,
    );
    const simulator = fawrySimulator(server);
    simulator.payReference(referenceNumber);
    await simulator.idle();
    // Fawry knows that order by the row id: its signed notification names it so.
    const notification = simulator.buildNotification(referenceNumber, {
      merchantRefNumber: String(id),
    });
    const response = await fetch(`${server.baseUrl}/api/v1/fawry/notification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(notification),
    });
    expect(response.status).toBe(200);
    expect((await transactionRow(server, id)).status).toBe(TransactionStatus.Paid);
    const recorded = await notificationsOf(server, id);
    expect(recorded.some((n) => n.eventKey.endsWith(':PAID'))).toBe(true);
  });
});
