import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceStatus, Role, WithdrawMethod } from '@talaqa/domain';
import { invoices } from '../../src/db/schema';
import { call } from './api';
import type { Caller } from './api';
import { fundTutor, ledgerOf, PNG_BYTES, totalsOf, updateInvoice } from './earnings-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertUser } from './lessons-fixtures';

/**
 * Never more than earned (issue 22 item 4; decision 320): 100 withdrawal requests sent at once
 * over real HTTP end with what is held and paid at most the balance, whatever the interleaving.
 * Run it on PostgreSQL (TEST_DB=postgres), where the requests really run side by side.
 */
let server: TestServer;
let admin: Caller;

beforeAll(async () => {
  server = await startTestServer();
  admin = await insertUser(server, Role.SuperAdmin);
});
afterAll(() => server.close());

const REQUESTS = 100;
const EGP = 100;

const ask = (tutor: Caller, amount: number) =>
  call<{ code?: string; id?: number }>(server, 'POST', '/invoice', tutor, {
    method: WithdrawMethod.Instapay,
    amount,
    instapayAddress: 'tutor.one@instapay',
  });

async function heldAndPaid(tutorId: number): Promise<number> {
  const [row] = await server.app.database.db
    .select({ total: sql<string>`coalesce(sum(${invoices.amount}), 0)` })
    .from(invoices)
    .where(
      sql`${invoices.userId} = ${tutorId} and ${inArray(invoices.status, [
        InvoiceStatus.PendingApproval,
        InvoiceStatus.PendingCancellation,
        InvoiceStatus.Approved,
      ])}`,
    );
  return Number(row?.total ?? 0);
}

describe('100 parallel withdrawal requests', () => {
  it('grant exactly what the balance covers when every request is the same', async () => {
    const tutor = await insertUser(server, Role.Tutor);
    await fundTutor(server, tutor.id, 10_000 * EGP);
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, () => ask(tutor, 150 * EGP)),
    );
    const granted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(granted).toHaveLength(66);
    expect(new Set(refused.map((answer) => answer.body.code))).toEqual(
      new Set(['invoice-amount-above-balance']),
    );
    expect(await heldAndPaid(tutor.id)).toBe(66 * 150 * EGP);
    expect(await totalsOf(server, tutor)).toMatchObject({
      earned: 10_000 * EGP,
      pending: 66 * 150 * EGP,
      available: 100 * EGP,
    });
    expect((await ledgerOf(server, tutor.id)).sum).toBe(100 * EGP);
  });

  it('never pass the balance with mixed amounts while an admin pays and rejects', async () => {
    const tutor = await insertUser(server, Role.Tutor);
    const earned = 20_000 * EGP;
    await fundTutor(server, tutor.id, earned / 2);
    await fundTutor(server, tutor.id, earned / 2);
    const first = await ask(tutor, 1_000 * EGP);
    const second = await ask(tutor, 500 * EGP);
    const amounts = Array.from(
      { length: REQUESTS },
      (_, index) => (100 + ((index * 37) % 900)) * EGP,
    );
    const answers = await Promise.all([
      ...amounts.map((amount) => ask(tutor, amount)),
      updateInvoice(server, admin, first.body.id ?? 0, { action: 'fulfil' }, PNG_BYTES),
      updateInvoice(server, admin, second.body.id ?? 0, { action: 'reject' }),
    ]);
    expect(answers.at(-2)?.status).toBe(200);
    expect(answers.at(-1)?.status).toBe(200);
    const requests = answers.slice(0, REQUESTS);
    for (const answer of requests) {
      expect([201, 400]).toContain(answer.status);
      if (answer.status === 400) expect(answer.body.code).toBe('invoice-amount-above-balance');
    }
    const held = await heldAndPaid(tutor.id);
    expect(held).toBeLessThanOrEqual(earned);
    const grantedSum =
      1_000 * EGP +
      amounts.reduce(
        (sum, amount, index) => sum + (requests[index]?.status === 201 ? amount : 0),
        0,
      );
    expect(held).toBe(grantedSum);
    // Every refusal was right when it was made: what is left is less than the smallest refused,
    // but for the rejected 500 EGP, which may have come back after it.
    const refusedAmounts = amounts.filter((_, index) => requests[index]?.status !== 201);
    if (refusedAmounts.length > 0) {
      expect(earned - held).toBeLessThan(Math.min(...refusedAmounts) + 500 * EGP);
    }
    const totals = await totalsOf(server, tutor);
    expect(totals.withdrawn + totals.pending).toBe(held);
    expect(totals.available).toBe(earned - held);
    expect((await ledgerOf(server, tutor.id)).sum).toBe(totals.available);
    const [paid] = await server.app.database.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, first.body.id ?? 0));
    expect(paid?.status).toBe(InvoiceStatus.Approved);
  });
});
