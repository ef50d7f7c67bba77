import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceStatus, lessonEarning, Role, WithdrawMethod } from '@talaqa/domain';
import type { EarningTotalsView, InvoiceView, Statement } from '@talaqa/domain';
import { appointments, lessons } from '../../src/db/schema';
import { creditFulfilledLesson, reverseLessonCredit } from '../../src/modules/earnings';
import { call, callApi } from './api';
import type { Caller } from './api';
import { ledgerOf, updateInvoice } from './earnings-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertUser } from './lessons-fixtures';

/**
 * The earnings reports (issue 22 item 7; decisions 335, 336): a tutor's monthly statement agrees
 * with the ledger across Cairo month boundaries (winter time, UTC+2 in November), and the admins'
 * withdrawals CSV follows GET /invoice's filters, quotes and guards its cells.
 */
let server: TestServer;
let admin: Caller;
let now = new Date('2026-09-01T09:00:00Z');

beforeAll(async () => {
  server = await startTestServer();
  admin = await insertUser(server, Role.SuperAdmin);
  server.app.clock.now = () => now;
});
afterAll(() => server.close());

/** A fulfilled lesson of `student` credited to `tutor` at `at` (its end), as the lessons do it. */
async function creditedLesson(
  tutor: Caller,
  student: Caller,
  at: Date,
  lesson: { duration: 15 | 30; minutesReturned?: number; startsAt?: Date },
): Promise<number> {
  const startsAt = lesson.startsAt ?? new Date(at.getTime() - lesson.duration * 60_000);
  const minutesReturned = lesson.minutesReturned ?? 0;
  return server.app.database.db.transaction(async (tx) => {
    const [appointment] = await tx
      .insert(appointments)
      .values({
        tutorId: tutor.id,
        kind: 'lesson',
        startsAt,
        endsAt: new Date(startsAt.getTime() + lesson.duration * 60_000),
      })
      .returning({ id: appointments.id });
    if (!appointment) throw new Error('no appointment');
    const [row] = await tx
      .insert(lessons)
      .values({
        appointmentId: appointment.id,
        tutorId: tutor.id,
        studentId: student.id,
        startsAt,
        duration: lesson.duration,
        minutesReturned,
        price: 0,
        status: 'fulfilled',
      })
      .returning({ id: lessons.id });
    if (!row) throw new Error('no lesson');
    const amount = lessonEarning({ duration: lesson.duration, minutesReturned });
    await creditFulfilledLesson(tx, { lessonId: row.id, tutorId: tutor.id, amount, at });
    return row.id;
  });
}

async function withdraw(tutor: Caller, at: Date, body: Record<string, unknown>) {
  now = at;
  const answer = await call<InvoiceView>(server, 'POST', '/invoice', tutor, body);
  expect(answer.status).toBe(201);
  return answer.body;
}

const statementOf = (caller: Caller, query: string) =>
  call<Statement & { code?: string }>(server, 'GET', `/invoice/statement?${query}`, caller);

describe('GET /invoice/statement', () => {
  let tutor: Caller;
  let student: Caller;
  const lessonIds: Record<string, number> = {};
  let first: InvoiceView;
  let second: InvoiceView;

  // Cairo is UTC+2 from the last Thursday of October: November starts at 2026-10-31T22:00Z.
  const NOVEMBER_START = new Date('2026-10-31T22:00:00Z');
  const DECEMBER_START = new Date('2026-11-30T22:00:00Z');
  const before = (instant: Date) => new Date(instant.getTime() - 1);

  beforeAll(async () => {
    tutor = await insertUser(server, Role.Tutor, { name: 'نور المعلمة' });
    student = await insertUser(server, Role.Student, { name: 'سارة الطالبة' });
    const september = new Date('2026-09-15T10:00:00Z');
    lessonIds.old = await creditedLesson(tutor, student, september, { duration: 30 });
    // Sept: a big enough balance for the withdrawals below (30 minutes earn 60 EGP).
    for (let extra = 1; extra <= 5; extra += 1) {
      await creditedLesson(tutor, student, new Date(september.getTime() + extra * 3_600_000), {
        duration: 30,
      });
    }
    // Credited a moment before midnight, for a lesson that ended a while before.
    lessonIds.lastOfOctober = await creditedLesson(tutor, student, before(NOVEMBER_START), {
      duration: 30,
      startsAt: new Date(NOVEMBER_START.getTime() - 2 * 3_600_000),
    });
    lessonIds.firstOfNovember = await creditedLesson(tutor, student, NOVEMBER_START, {
      duration: 30,
    });
    lessonIds.partial = await creditedLesson(tutor, student, new Date('2026-11-15T12:00:00Z'), {
      duration: 30,
      minutesReturned: 10,
    });
    await server.app.database.db.transaction((tx) =>
      reverseLessonCredit(tx, lessonIds.firstOfNovember ?? 0, new Date('2026-11-12T08:00:00Z')),
    );
    first = await withdraw(tutor, new Date('2026-11-10T08:00:00Z'), {
      method: WithdrawMethod.Instapay,
      amount: 20_000,
      instapayAddress: 'noor@instapay',
    });
    second = await withdraw(tutor, new Date('2026-11-20T08:00:00Z'), {
      method: WithdrawMethod.Wallet,
      amount: 10_000,
      phone: '01001234567',
    });
    now = before(DECEMBER_START);
    expect((await updateInvoice(server, admin, second.id, { action: 'reject' })).status).toBe(200);
    lessonIds.firstOfDecember = await creditedLesson(tutor, student, DECEMBER_START, {
      duration: 15,
    });
    now = new Date('2026-12-05T08:00:00Z');
  });

  it('lists the Cairo month’s lessons and withdrawals between its opening and closing balance', async () => {
    const answer = await statementOf(tutor, 'month=2026-11');
    expect(answer.status).toBe(200);
    const statement = answer.body;
    expect(statement).toMatchObject({
      tutorId: tutor.id,
      tutorName: 'نور المعلمة',
      month: '2026-11',
      from: NOVEMBER_START.toISOString(),
      to: DECEMBER_START.toISOString(),
      // Six lessons in September and one on 31 October at 23:59:59.999 Cairo: 7 x 60 EGP.
      openingBalance: 7 * 6_000,
    });
    expect(statement.lessons).toEqual([
      {
        entryId: expect.any(Number),
        kind: 'lesson',
        at: NOVEMBER_START.toISOString(),
        lessonId: lessonIds.firstOfNovember,
        lessonStart: new Date(NOVEMBER_START.getTime() - 30 * 60_000).toISOString(),
        studentName: 'سارة الطالبة',
        minutes: 30,
        amount: 6_000,
      },
      expect.objectContaining({
        kind: 'lesson-reversal',
        lessonId: lessonIds.firstOfNovember,
        minutes: 30,
        amount: -6_000,
      }),
      expect.objectContaining({ kind: 'lesson', lessonId: lessonIds.partial, minutes: 20 }),
    ]);
    expect(statement.lessons[2]?.amount).toBe(4_000);
    expect(statement.withdrawals).toEqual([
      expect.objectContaining({
        kind: 'withdrawal',
        invoiceId: first.id,
        amount: -20_000,
        method: WithdrawMethod.Instapay,
        status: InvoiceStatus.PendingApproval,
        label: 'pending',
      }),
      expect.objectContaining({ kind: 'withdrawal', invoiceId: second.id, amount: -10_000 }),
      expect.objectContaining({
        kind: 'withdrawal-release',
        invoiceId: second.id,
        amount: 10_000,
        at: before(DECEMBER_START).toISOString(),
        status: InvoiceStatus.Rejected,
        label: 'rejected',
      }),
    ]);
    expect(statement.lessonsTotal).toBe(4_000);
    expect(statement.withdrawalsTotal).toBe(-20_000);
    expect(statement.closingBalance).toBe(7 * 6_000 + 4_000 - 20_000);
  });

  it('chains month to month and ends at the ledger’s sum and the available balance', async () => {
    const months = ['2026-08', '2026-09', '2026-10', '2026-11', '2026-12'];
    const statements: Statement[] = [];
    for (const month of months) {
      const answer = await statementOf(tutor, `month=${month}`);
      expect(answer.status).toBe(200);
      statements.push(answer.body);
    }
    expect(statements[0]).toMatchObject({ openingBalance: 0, closingBalance: 0, lessons: [] });
    for (let index = 1; index < statements.length; index += 1) {
      expect(statements[index]?.openingBalance).toBe(statements[index - 1]?.closingBalance);
    }
    for (const statement of statements) {
      const lines = [...statement.lessons, ...statement.withdrawals];
      expect(statement.closingBalance - statement.openingBalance).toBe(
        lines.reduce((sum, line) => sum + line.amount, 0),
      );
    }
    expect(statements[2]?.lessons.map((line) => line.lessonId)).toEqual([lessonIds.lastOfOctober]);
    expect(statements[4]?.lessons.map((line) => line.lessonId)).toEqual([
      lessonIds.firstOfDecember,
    ]);
    const { sum } = await ledgerOf(server, tutor.id);
    const totals = await callApi<EarningTotalsView>(server, 'GET', `/invoice/stats/${tutor.id}`, {
      token: tutor.token,
    });
    expect(statements[4]?.closingBalance).toBe(sum);
    expect(statements[4]?.closingBalance).toBe(totals.body.available);
  });

  it('lets an admin read any tutor’s, and refuses other tutors, students and bad months', async () => {
    const byAdmin = await statementOf(admin, `month=2026-11&tutorId=${tutor.id}`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.closingBalance).toBe(26_000);

    const other = await insertUser(server, Role.Tutor);
    const refused = await statementOf(other, `month=2026-11&tutorId=${tutor.id}`);
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const own = await statementOf(other, 'month=2026-11');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ tutorId: other.id, openingBalance: 0, lessons: [] });

    expect((await statementOf(student, 'month=2026-11')).status).toBe(403);
    expect(await statementOf(admin, `month=2026-11&tutorId=${student.id}`)).toMatchObject({
      status: 404,
      body: { code: 'tutor-not-found' },
    });
    for (const month of ['2026-13', '2026-1', 'november', '']) {
      const bad = await statementOf(tutor, `month=${month}`);
      expect(bad.status).toBe(400);
    }
    expect((await callApi(server, 'GET', '/invoice/statement?month=2026-11')).status).toBe(401);
  });
});

describe('GET /invoice/export.csv', () => {
  async function csv(caller: Caller | null, query = '') {
    const response = await fetch(`${server.baseUrl}/api/v1/invoice/export.csv${query}`, {
      headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    // Decoded as is: `response.text()` would drop the byte-order mark this test looks for.
    return { response, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  }

  /** RFC 4180 rows of a document (quoted cells may hold commas, quotes and line breaks). */
  function parse(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let index = 0; index < text.length; index += 1) {
      const char = text[index];
      if (quoted) {
        if (char === '"' && text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else if (char === '"') quoted = false;
        else cell += char;
      } else if (char === '"') quoted = true;
      else if (char === ',') {
        row.push(cell);
        cell = '';
      } else if (char === '\r' && text[index + 1] === '\n') {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = '';
        index += 1;
      } else cell += char;
    }
    return rows;
  }

  let tricky: Caller;
  let plain: Caller;
  const ids: number[] = [];

  beforeAll(async () => {
    now = new Date('2026-11-26T10:00:00Z');
    tricky = await insertUser(server, Role.Tutor, { name: 'علي، "المعلم"\nالثاني' });
    plain = await insertUser(server, Role.Tutor, { name: '=HYPERLINK("http://x")' });
    const student = await insertUser(server, Role.Student);
    for (const tutor of [tricky, plain]) {
      for (let lesson = 0; lesson < 10; lesson += 1) {
        await creditedLesson(
          tutor,
          student,
          new Date(`2026-10-0${1 + (lesson % 9)}T1${lesson}:00:00Z`),
          {
            duration: 30,
          },
        );
      }
    }
    now = new Date('2026-11-20T10:00:00Z');
    ids.push(
      (
        await withdraw(tricky, now, {
          method: WithdrawMethod.Bank,
          amount: 15_050,
          bank: 'cib',
          accountNumber: '1234-5678-9012',
          username: 'Ali Hassan',
        })
      ).id,
    );
    ids.push(
      (
        await withdraw(plain, new Date('2026-11-21T10:00:00Z'), {
          method: WithdrawMethod.Wallet,
          amount: 10_000,
          phone: '01001234567',
        })
      ).id,
    );
    ids.push(
      (
        await withdraw(plain, new Date('2026-11-22T10:00:00Z'), {
          method: WithdrawMethod.Instapay,
          amount: 12_000,
          instapayAddress: 'plain@instapay',
        })
      ).id,
    );
    now = new Date('2026-11-23T10:00:00Z');
    expect((await updateInvoice(server, admin, ids[2] ?? 0, { action: 'reject' })).status).toBe(
      200,
    );
  });

  it('sends UTF-8 with a byte-order mark, Arabic headers and one quoted, guarded line each', async () => {
    const { response, bytes, text } = await csv(admin, `?tutorId=${tricky.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="talaqa-withdrawals-2026-11-23.csv"',
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parse(text.slice(1));
    expect(rows[0]).toEqual([
      'رقم الطلب',
      'رقم المعلم',
      'المعلم',
      'طريقة التحويل',
      'عنوان إنستاباي',
      'البنك',
      'رقم الحساب',
      'اسم صاحب الحساب',
      'رقم المحفظة',
      'المبلغ (جنيه)',
      'الحالة',
      'تاريخ الطلب',
      'آخر تحديث',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        String(ids[0]),
        String(tricky.id),
        'علي، "المعلم"\nالثاني',
        'تحويل بنكي',
        '',
        'البنك التجاري الدولي (CIB)',
        '123456789012',
        'Ali Hassan',
        '',
        '150.50',
        'قيد المراجعة',
        // 10:00Z is noon in Cairo in November.
        '2026-11-20 12:00',
        '2026-11-20 12:00',
      ],
    ]);
    // The name's quotes are doubled inside a quoted cell, its line break kept there.
    expect(text).toContain('"علي، ""المعلم""\nالثاني"');
  });

  it('writes a cell a spreadsheet would run as a formula after an apostrophe', async () => {
    const { text } = await csv(admin, `?tutorId=${plain.id}`);
    const rows = parse(text.slice(1)).slice(1);
    expect(rows.map((row) => row[0])).toEqual([String(ids[1]), String(ids[2])]);
    expect(rows.map((row) => row[2])).toEqual([
      `'=HYPERLINK("http://x")`,
      `'=HYPERLINK("http://x")`,
    ]);
    // The wallet's E.164 number starts with "+": shown as text, not summed.
    expect(rows[0]?.[8]).toBe("'+201001234567");
    expect(rows[1]?.slice(3, 5)).toEqual(['إنستاباي', 'plain@instapay']);
    expect(rows[1]?.[10]).toBe('مرفوض');
  });

  it('applies the filters of GET /invoice: status, method, tutor and creation dates', async () => {
    const idsOf = async (query: string) =>
      parse((await csv(admin, query)).text.slice(1))
        .slice(1)
        .map((row) => Number(row[0]))
        .filter((id) => ids.includes(id));
    expect(await idsOf('')).toEqual(ids);
    expect(await idsOf(`?status=${InvoiceStatus.Rejected}`)).toEqual([ids[2]]);
    expect(await idsOf(`?method=${WithdrawMethod.Wallet}`)).toEqual([ids[1]]);
    expect(await idsOf(`?tutorId=${plain.id}&status=${InvoiceStatus.PendingApproval}`)).toEqual([
      ids[1],
    ]);
    expect(await idsOf('?from=2026-11-21T00:00:00Z&to=2026-11-22T10:00:00Z')).toEqual([ids[1]]);
    const bad = await csv(admin, '?status=9');
    expect(bad.response.status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await csv(tricky)).response.status).toBe(403);
    expect((await csv(await insertUser(server, Role.Student))).response.status).toBe(403);
    expect((await csv(null)).response.status).toBe(401);
  });
});
