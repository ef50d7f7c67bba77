import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lessonEarning, Role, TUTOR_RATE_PIASTERS_PER_MINUTE } from '@talaqa/domain';
import type { InvoiceView, LessonNotHeldAnswer, LessonView } from '@talaqa/domain';
import { auditLog, ledgerEntries, lessons } from '../../src/db/schema';
import { creditFulfilledLesson, reverseLessonCredit } from '../../src/modules/earnings';
import { call } from './api';
import type { Caller } from './api';
import { ledgerOf, PNG_BYTES, totalsOf, updateInvoice } from './earnings-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertPlan, insertStudent, insertTutor, insertUser, NOW } from './lessons-fixtures';
import { LESSON_START, runAttendanceJobsDue, sessionAck, sessionSocket } from './session-fixtures';

/**
 * The earnings ledger from real lessons (issue 22 item 1; decision 318), the clock moved through
 * five weeks: each lesson fulfilled by its attendance credits its tutor the minutes taught, once;
 * a no-show credits nothing; the ledger's sum, the running totals and the lessons' prices agree.
 */
let server: TestServer;
let planId: number;
let now = NOW;
const sockets: Socket[] = [];
const WEEK = 7 * 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ jobsPollMs: 3_600_000 });
  planId = await insertPlan(server);
  server.app.clock.now = () => now;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

type Outcome = 'full' | 'left-early' | 'no-show';

/** One lesson in week `week` (0: LESSON_START's), taught as `outcome` says, then closed. */
async function teach(tutor: Caller, week: number, duration: 15 | 30, outcome: Outcome) {
  const start = new Date(LESSON_START.getTime() + week * WEEK);
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  now = new Date(NOW.getTime() + week * WEEK);
  const student = await insertStudent(server, { planId, now });
  const booked = await call<LessonView>(server, 'POST', '/lesson', student, {
    tutorId: tutor.id,
    start: start.toISOString(),
    duration,
  });
  expect(booked.status).toBe(201);
  const sessionId = booked.body.id;
  now = at(-2);
  const studentTab = await sessionSocket(server, student, sockets);
  expect((await sessionAck(studentTab, 'JoinSession', { sessionId })).result).toBe('ok');
  if (outcome !== 'no-show') {
    now = at(-1);
    const tutorTab = await sessionSocket(server, tutor, sockets);
    expect((await sessionAck(tutorTab, 'JoinSession', { sessionId })).result).toBe('ok');
    if (outcome === 'left-early') {
      now = at(10);
      expect((await sessionAck(tutorTab, 'LeaveSession', { sessionId })).result).toBe('ok');
    }
  }
  now = at(duration);
  await runAttendanceJobsDue(server, now);
  const [row] = await server.app.database.db
    .select()
    .from(lessons)
    .where(eq(lessons.id, sessionId));
  if (!row) throw new Error('no lesson');
  return row;
}

describe('the ledger over several weeks of lessons', () => {
  it('credits each fulfilled lesson the minutes taught, once, and nothing else', async () => {
    const tutor = await insertTutor(server);
    const plan: [number, 15 | 30, Outcome][] = [
      [0, 30, 'full'],
      [1, 30, 'left-early'],
      [2, 30, 'no-show'],
      [3, 15, 'full'],
      [4, 30, 'full'],
    ];
    const rows = [];
    for (const [week, duration, outcome] of plan)
      rows.push(await teach(tutor, week, duration, outcome));

    expect(rows.map((row) => row.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'cancelled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(rows[1]?.minutesReturned).toBe(20);
    const fulfilled = rows.filter((row) => row.status === 'fulfilled');
    const expected = fulfilled.reduce((sum, row) => sum + lessonEarning(row), 0);
    // 30 + 10 + 15 + 30 minutes taught.
    expect(expected).toBe(85 * TUTOR_RATE_PIASTERS_PER_MINUTE);
    for (const row of rows) {
      expect(row.price).toBe(row.status === 'fulfilled' ? lessonEarning(row) : 0);
    }

    const entries = await server.app.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tutorId, tutor.id));
    expect(entries.map((entry) => [entry.lessonId, entry.kind, entry.amount]).sort()).toEqual(
      fulfilled.map((row) => [row.id, 'lesson', lessonEarning(row)]).sort(),
    );
    // Each credit is dated when its lesson closed, on the app's clock.
    for (const entry of entries) {
      const lesson = fulfilled.find((row) => row.id === entry.lessonId);
      expect(entry.createdAt.getTime()).toBe(
        (lesson?.startsAt.getTime() ?? 0) + (lesson?.duration ?? 0) * 60_000,
      );
    }
    expect(await totalsOf(server, tutor)).toEqual({
      tutorId: tutor.id,
      earned: expected,
      withdrawn: 0,
      pending: 0,
      available: expected,
    });
    expect((await ledgerOf(server, tutor.id)).sum).toBe(expected);

    // The closing job run again, or a second instance crediting the same lesson, adds nothing.
    await runAttendanceJobsDue(server, now);
    const first = fulfilled[0];
    if (!first) throw new Error('no lesson');
    const again = await server.app.database.db.transaction((tx) =>
      creditFulfilledLesson(tx, {
        lessonId: first.id,
        tutorId: tutor.id,
        amount: first.price,
        at: now,
      }),
    );
    expect(again).toBe(false);
    expect((await totalsOf(server, tutor)).earned).toBe(expected);

    // A lesson found later not to have been held is reversed by a new entry, once.
    const reverse = () =>
      server.app.database.db.transaction((tx) => reverseLessonCredit(tx, first.id, now));
    expect(await reverse()).toBe(first.price);
    expect(await reverse()).toBe(0);
    expect(await totalsOf(server, tutor)).toMatchObject({
      earned: expected - first.price,
      available: expected - first.price,
    });
    expect((await ledgerOf(server, tutor.id)).sum).toBe(expected - first.price);
  });

  it('never changes or deletes an entry', async () => {
    const db = server.app.database.db;
    const [entry] = await db.select().from(ledgerEntries).limit(1);
    if (!entry) throw new Error('no entry');
    await expect(
      db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.id, entry.id)),
    ).rejects.toThrow();
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id))).rejects.toThrow();
  });
});

describe('POST /lesson/{id}/not-held', () => {
  const notHeld = (caller: Caller | null, id: number) =>
    call<LessonNotHeldAnswer & { code?: string }>(server, 'POST', `/lesson/${id}/not-held`, caller);

  it('cancels a fulfilled lesson, gives the minutes back and reverses its credit, once', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const tutor = await insertTutor(server);
    const lesson = await teach(tutor, 0, 30, 'left-early');
    expect(lesson).toMatchObject({ status: 'fulfilled', minutesReturned: 20 });
    const earned = lessonEarning(lesson);
    expect((await totalsOf(server, tutor)).earned).toBe(earned);

    const first = await notHeld(admin, lesson.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      lesson: { id: lesson.id, status: 'cancelled', canceledBy: 'tutor' },
      // The 10 minutes taught go back too; the 20 after the early leave went back before.
      minutesReturned: 10,
      reversed: earned,
      tutorAvailable: 0,
    });
    const [row] = await server.app.database.db
      .select()
      .from(lessons)
      .where(eq(lessons.id, lesson.id));
    expect(row).toMatchObject({ status: 'cancelled', canceledBy: 'tutor', minutesReturned: 30 });
    expect(await totalsOf(server, tutor)).toMatchObject({ earned: 0, available: 0 });
    const ledger = await ledgerOf(server, tutor.id);
    expect(ledger.sum).toBe(0);

    // A retry changes nothing and reverses nothing more.
    const again = await notHeld(admin, lesson.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ minutesReturned: 0, reversed: 0, tutorAvailable: 0 });
    expect(await ledgerOf(server, tutor.id)).toEqual(ledger);

    // One admin action, written once to the audit log (decision 340).
    const audit = await server.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, lesson.id));
    expect(audit.filter((entry) => entry.action === 'lesson.not-held')).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        details: expect.objectContaining({ reversed: earned }),
      }),
    ]);
  });

  it('takes back money already withdrawn: the balance goes below zero and blocks requests', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const tutor = await insertTutor(server);
    const lessonsTaught = [await teach(tutor, 1, 30, 'full'), await teach(tutor, 2, 30, 'full')];
    const earned = lessonsTaught.reduce((sum, row) => sum + lessonEarning(row), 0);
    const asked = await call<InvoiceView>(server, 'POST', '/invoice', tutor, {
      method: 2,
      amount: 10_000,
      instapayAddress: 'tutor@instapay',
    });
    expect(asked.status).toBe(201);
    await updateInvoice(server, admin, asked.body.id, { action: 'fulfil' }, PNG_BYTES);

    const answer = await notHeld(admin, lessonsTaught[0]!.id);
    expect(answer.status).toBe(200);
    expect(answer.body.tutorAvailable).toBe(earned - lessonEarning(lessonsTaught[0]!) - 10_000);
    expect(answer.body.tutorAvailable).toBeLessThan(0);
    expect(await totalsOf(server, tutor)).toMatchObject({
      earned: earned - lessonEarning(lessonsTaught[0]!),
      withdrawn: 10_000,
      available: answer.body.tutorAvailable,
    });
    const more = await call<{ code?: string }>(server, 'POST', '/invoice', tutor, {
      method: 2,
      amount: 10_000,
      instapayAddress: 'tutor@instapay',
    });
    expect(more.body.code).toBe('invoice-amount-above-balance');
  });

  it('is for admins, for fulfilled lessons only, and changes nothing when refused', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const tutor = await insertTutor(server);
    const taught = await teach(tutor, 3, 30, 'full');
    for (const caller of [tutor, await insertUser(server, Role.Student)]) {
      const refused = await notHeld(caller, taught.id);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('forbidden');
    }
    expect((await notHeld(null, taught.id)).status).toBe(401);
    const unknown = await notHeld(admin, 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('lesson-not-found');

    // A lesson still to come.
    now = new Date(NOW.getTime() + 5 * WEEK);
    const student = await insertStudent(server, { planId, now });
    const booked = await call<LessonView>(server, 'POST', '/lesson', student, {
      tutorId: tutor.id,
      start: new Date(LESSON_START.getTime() + 5 * WEEK).toISOString(),
      duration: 30,
    });
    expect(booked.status).toBe(201);
    const early = await notHeld(admin, booked.body.id);
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('illegal');
    const [row] = await server.app.database.db
      .select()
      .from(lessons)
      .where(eq(lessons.id, booked.body.id));
    expect(row?.status).toBe('pending');
    expect((await totalsOf(server, tutor)).earned).toBe(lessonEarning(taught));
  });
});
