import { eq, sql } from 'drizzle-orm';
import { Role } from '@talaqa/domain';
import type { EarningTotalsView, InvoiceView } from '@talaqa/domain';
import { appointments, ledgerEntries, lessons, tutorBalances } from '../../src/db/schema';
import { creditFulfilledLesson } from '../../src/modules/earnings';
import { callApi } from './api';
import type { Answer, Caller } from './api';
import type { TestServer } from './helpers';
import { insertUser } from './lessons-fixtures';

/**
 * Earnings fixtures (issue 22): a tutor funded through the real ledger (a fulfilled lesson row
 * credited by `creditFulfilledLesson`), the multipart update call and a tiny PNG receipt.
 */

let slot = 0;

/**
 * Credits `amount` piasters to the tutor as one fulfilled lesson (a row of its own, far in the
 * past so it never meets a booking), through the ledger function the lessons module calls.
 */
export async function fundTutor(
  server: TestServer,
  tutorId: number,
  amount: number,
): Promise<number> {
  slot += 1;
  const db = server.app.database.db;
  const student = await insertUser(server, Role.Student);
  const startsAt = new Date(Date.UTC(2020, 0, 1) + slot * 3_600_000);
  return db.transaction(async (tx) => {
    const [appointment] = await tx
      .insert(appointments)
      .values({
        tutorId,
        kind: 'lesson',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      })
      .returning({ id: appointments.id });
    if (!appointment) throw new Error('no appointment');
    const [lesson] = await tx
      .insert(lessons)
      .values({
        appointmentId: appointment.id,
        tutorId,
        studentId: student.id,
        startsAt,
        duration: 30,
        price: amount,
        status: 'fulfilled',
      })
      .returning({ id: lessons.id });
    if (!lesson) throw new Error('no lesson');
    await creditFulfilledLesson(tx, { lessonId: lesson.id, tutorId, amount, at: startsAt });
    return lesson.id;
  });
}

/** The smallest bytes a PNG check accepts: the 8-byte signature and a little more. */
export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

/** PUT /invoice/{id}/with/asset with `data` as JSON and, when given, a receipt file. */
export function updateInvoice(
  server: TestServer,
  caller: Caller,
  id: number,
  data: unknown,
  receipt?: Uint8Array,
): Promise<Answer<InvoiceView & { code?: string; fields?: { path: string; code: string }[] }>> {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  if (receipt) form.set('receipt', new Blob([receipt], { type: 'image/png' }), 'receipt.png');
  return callApi(server, 'PUT', `/invoice/${id}/with/asset`, { token: caller.token, form });
}

export async function totalsOf(server: TestServer, tutor: Caller): Promise<EarningTotalsView> {
  const answer = await callApi<EarningTotalsView>(server, 'GET', `/invoice/stats/${tutor.id}`, {
    token: tutor.token,
  });
  if (answer.status !== 200) throw new Error(`stats: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The ledger's sum and the balance row, straight from the database. */
export async function ledgerOf(server: TestServer, tutorId: number) {
  const db = server.app.database.db;
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tutorId, tutorId));
  const [balance] = await db.select().from(tutorBalances).where(eq(tutorBalances.tutorId, tutorId));
  return { sum: Number(sum?.total ?? 0), balance };
}
