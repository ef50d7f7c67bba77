import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { PlanPeriod, Role, TransactionStatus } from '@talaqa/domain';
import type { PaymentStarted } from '@talaqa/domain';
import { queryRows } from '../../src/db';
import {
  paymentNotifications,
  plans,
  subscriptions,
  transactions,
  users as usersTable,
} from '../../src/db/schema';
import type { TransactionRow } from '../../src/db/schema';
import { FAWRY_PATHS, FAWRY_TEST_CARDS } from '../../src/integrations/fawry';
import type { FawrySimulator } from '../../src/integrations/fawry';
import type { PaymobSimulator } from '../../src/integrations/paymob';
import { patchUser } from '../../src/modules/accounts';
import { call, signedInUser } from './api';
import type { Caller } from './api';
import type { TestServer } from './helpers';

/** The web app's page the browser comes back to (an allowed origin of the test config). */
export const WEB_RETURN = 'http://localhost:4100/checkout/1/1';

let users = 0;

/** A student (verified e-mail and a phone unless told otherwise) and their token. */
export async function student(
  server: TestServer,
  options: { emailVerified?: boolean; phone?: string | null } = {},
): Promise<Caller> {
  users += 1;
  const caller = await signedInUser(server, Role.Student, {
    name: `Student Number ${users}`,
    emailVerified: options.emailVerified ?? true,
  });
  const phone =
    options.phone === undefined
      ? `+2010${String(10_000_000 + users * 7919).slice(0, 8)}`
      : options.phone;
  if (phone) await patchUser(server.app.database.db, caller.id, { phone });
  return caller;
}

export async function admin(server: TestServer): Promise<Caller> {
  users += 1;
  return signedInUser(server, Role.RegularAdmin, {
    name: `Admin Number ${users}`,
    emailVerified: true,
  });
}

/** A plan: advance (120 minutes a week), 500 EGP a month, 10 % off a quarter. */
export async function plan(
  server: TestServer,
  values: Partial<typeof plans.$inferInsert> = {},
): Promise<number> {
  const [row] = await server.app.database.db
    .insert(plans)
    .values({
      weeklyMinutes: 120,
      baseMonthPrice: 50_000,
      monthDiscount: 0,
      quarterDiscount: 10,
      yearDiscount: 20,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no plan');
  return row.id;
}

/** A quarter of the plan above: 3 x 500 EGP less 10 %. */
export const QUARTER_PRICE = 135_000;

export const purchase = (planId: number, extra: Record<string, unknown> = {}) => ({
  planId,
  period: PlanPeriod.Quarter,
  idempotencyKey: randomUUID(),
  ...extra,
});

export function fawrySimulator(server: TestServer): FawrySimulator {
  const simulator = server.app.payments.simulators?.fawry;
  if (!simulator) throw new Error('the Fawry simulator is not running');
  return simulator;
}

export function paymobSimulator(server: TestServer): PaymobSimulator {
  const simulator = server.app.payments.simulators?.paymob;
  if (!simulator) throw new Error('the Paymob simulator is not running');
  return simulator;
}

/**
 * Saves a card for the student on the simulator's hosted page, as the browser would (the form
 * the card-token URL opens), and answers its token.
 */
export async function saveCard(server: TestServer, caller: Caller, cardNumber: string) {
  const { body } = await call<{ url: string }>(
    server,
    'GET',
    `/fawry/card-token/url?returnUrl=${encodeURIComponent('http://localhost:4100/card-added')}`,
    caller,
  );
  return saveCardOnPage(body.url, cardNumber);
}

/** Fills and sends the simulator's hosted card page at `url`; answers the card's token. */
export async function saveCardOnPage(url: string, cardNumber: string): Promise<string> {
  const page = new URL(url);
  expect(page.pathname).toBe(FAWRY_PATHS.cardTokenPage);
  const form = new URLSearchParams({
    accNo: page.searchParams.get('accNo') ?? '',
    customerProfileId: page.searchParams.get('customerProfileId') ?? '',
    returnUrl: page.searchParams.get('returnUrl') ?? '',
    cardNumber,
    expiryMonth: '12',
    expiryYear: String((new Date().getUTCFullYear() + 2) % 100),
    cvv: '123',
    cardHolderName: 'MONA ADEL',
    decision: 'save',
  });
  const response = await fetch(page.origin + page.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = new URL(response.headers.get('location') ?? '');
  expect(location.origin + location.pathname).toBe('http://localhost:4100/card-added');
  const token = location.searchParams.get('token');
  if (!token) throw new Error('no card token');
  return token;
}

/** The customerProfileId Fawry knows the user by (none until their first use of Fawry). */
export async function fawryProfileIdInDatabase(
  server: TestServer,
  userId: number,
): Promise<string | null> {
  const [row] = await server.app.database.db
    .select({ profileId: usersTable.fawryCustomerProfileId })
    .from(usersTable)
    .where(eq(usersTable.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row.profileId;
}

export const cardPayment = (
  planId: number,
  cardToken: string,
  extra: Record<string, unknown> = {},
) => purchase(planId, { cardToken, cvv: '123', returnUrl: WEB_RETURN, ...extra });

export async function transactionRow(server: TestServer, id: number): Promise<TransactionRow> {
  const [row] = await server.app.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, id));
  if (!row) throw new Error(`no transaction ${id}`);
  return row;
}

export async function subscriptionsOf(server: TestServer, userId: number) {
  return server.app.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
}

export async function notificationsOf(server: TestServer, transactionId: number) {
  return server.app.database.db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.transactionId, transactionId));
}

/** The Fawry charge requests the simulator received for this transaction. */
export async function chargesOf(server: TestServer, transactionId: number): Promise<number> {
  const { orderReference } = await transactionRow(server, transactionId);
  return fawrySimulator(server).requests.filter(
    (request) =>
      request.path === FAWRY_PATHS.charge &&
      (request.body as { merchantRefNum?: string }).merchantRefNum === orderReference,
  ).length;
}

/** The Fawry simulator's order for our transaction (found by the reference we sent). */
export async function fawryOrderOf(server: TestServer, transactionId: number) {
  const { orderReference } = await transactionRow(server, transactionId);
  return fawrySimulator(server)
    .orders()
    .find((order) => order.merchantRefNumber === orderReference);
}

/** Makes the transaction's expiry job due now and runs the due jobs. */
export async function runExpiryNow(server: TestServer, transactionId: number): Promise<void> {
  await queryRows(
    server.app.database.db,
    sql`update jobs set run_at = now() - interval '1 second'
      where kind = 'payments.expire-unpaid-order' and key = ${String(transactionId)}
        and done_at is null and canceled_at is null returning id`,
  );
  await server.app.jobs.runDue();
}

/** Waits until `check` passes (notifications arrive asynchronously). */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** A new student who paid a plan (quarter) with a saved Fawry card that succeeds. */
export async function paidByFawryCard(
  server: TestServer,
  planId: number,
): Promise<{ buyer: Caller; id: number }> {
  const buyer = await student(server);
  const token = await saveCard(server, buyer, FAWRY_TEST_CARDS.success);
  const paid = await call<PaymentStarted>(
    server,
    'POST',
    '/fawry/pay/card',
    buyer,
    cardPayment(planId, token),
  );
  expect(paid.body.transaction.status).toBe(TransactionStatus.Paid);
  return { buyer, id: paid.body.transaction.id };
}
