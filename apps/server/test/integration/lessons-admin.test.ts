import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LESSON_CANCEL_REASON_BOUNDS, Role, ServerEvent } from '@talaqa/domain';
import type { LessonCanceledAnswer, LessonPage, LessonView } from '@talaqa/domain';
import { auditLog, jobs, lessons } from '../../src/db/schema';
import { call } from './api';
import type { Answer, Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import {
  cairo,
  insertPlan,
  insertStudent,
  insertTutor,
  insertUser,
  NOW,
  subscriptionOf,
} from './lessons-fixtures';

/**
 * The admin's side of lessons (issue 23 item 2; decisions 344 and 346): cancelling for a member
 * with a reason, and the list's status and Cairo-day filters.
 */

let server: TestServer;
let planId: number;
let now = NOW;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  server.app.clock.now = () => now;
  planId = await insertPlan(server);
});
afterEach(() => {
  now = NOW;
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

const student = () => insertStudent(server, { planId });

const book = (caller: Caller, tutorId: number, start: Date, duration = 30) =>
  call<LessonView>(server, 'POST', '/lesson', caller, {
    tutorId,
    start: start.toISOString(),
    duration,
  });

type Refusal = { code?: string; fields?: { path: string; code: string }[] };
const codeOf = (answer: Answer<unknown>) => (answer.body as Refusal).code;

const cancel = (caller: Caller, id: number, body?: unknown) =>
  call<LessonCanceledAnswer & Refusal>(server, 'DELETE', `/lesson/${id}`, caller, body);

const REASON = 'الطالب اتصل بالدعم وطلب الإلغاء';

async function lessonRow(id: number) {
  const [row] = await server.app.database.db.select().from(lessons).where(eq(lessons.id, id));
  if (!row) throw new Error('no lesson');
  return row;
}

const auditRows = (lessonId: number) =>
  server.app.database.db.select().from(auditLog).where(eq(auditLog.targetId, lessonId));

const consumed = async (userId: number) => (await subscriptionOf(server, userId)).consumedMinutes;

/** A tutor, a student and their lesson Wednesday 9 January 2030 at `time` (booked at NOW). */
async function aLesson(time = '13:00') {
  const tutor = await insertTutor(server);
  const learner = await student();
  const booked = await book(learner, tutor.id, cairo(9, time));
  expect(booked.status).toBe(201);
  return { tutor, learner, lesson: booked.body };
}

describe('an admin cancels a lesson for a member (DELETE /lesson/{id} with a reason)', () => {
  it('for the student early: the minutes back, the reason and the admin kept, one audit row', async () => {
    const admin = await insertUser(server, Role.RegularAdmin, { name: 'مدير الدروس' });
    const { learner, lesson } = await aLesson();
    expect(await consumed(learner.id)).toBe(30);
    now = cairo(9, '10:30');
    const answer = await cancel(admin, lesson.id, {
      onBehalfOf: 'student',
      reason: `  ${REASON} `,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      minutesReturned: 30,
      lesson: {
        status: 'cancelled',
        canceledBy: 'student',
        canceledAt: now.toISOString(),
        canceledByAdmin: true,
        adminCancel: {
          onBehalfOf: 'student',
          reason: REASON,
          admin: { id: admin.id, name: 'مدير الدروس' },
        },
      },
    });
    expect(await consumed(learner.id)).toBe(0);
    expect(await lessonRow(lesson.id)).toMatchObject({
      status: 'cancelled',
      canceledBy: 'student',
      cancelReason: REASON,
      canceledByAdminId: admin.id,
      minutesReturned: 30,
    });
    expect(await auditRows(lesson.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'lesson.cancel',
        details: expect.objectContaining({
          onBehalfOf: 'student',
          reason: REASON,
          minutesReturned: 30,
          studentId: learner.id,
        }),
      }),
    ]);

    // A retry answers the lesson as it is: no second row, no minutes twice.
    now = cairo(9, '10:40');
    const again = await cancel(admin, lesson.id, { onBehalfOf: 'student', reason: REASON });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(answer.body);
    expect(await auditRows(lesson.id)).toHaveLength(1);
    expect(await consumed(learner.id)).toBe(0);
  });

  it('follows the member’s own minutes rule: late for the student keeps them, for the tutor not', async () => {
    const admin = await insertUser(server, Role.SuperAdmin);
    const first = await aLesson('11:00');
    // 10:20 is past the student's free cancel (two hours before, or ten minutes after booking).
    now = cairo(9, '10:20');
    const forStudent = await cancel(admin, first.lesson.id, {
      onBehalfOf: 'student',
      reason: REASON,
    });
    expect(forStudent.body).toMatchObject({
      minutesReturned: 0,
      lesson: { canceledBy: 'student' },
    });
    expect(await consumed(first.learner.id)).toBe(30);

    now = NOW;
    const second = await aLesson('11:00');
    now = cairo(9, '10:55');
    const forTutor = await cancel(admin, second.lesson.id, {
      onBehalfOf: 'tutor',
      reason: 'المعلم انقطعت عنه الكهرباء',
    });
    expect(forTutor.body).toMatchObject({ minutesReturned: 30, lesson: { canceledBy: 'tutor' } });
    expect(await consumed(second.learner.id)).toBe(0);
    expect((await auditRows(second.lesson.id))[0]?.details).toMatchObject({
      onBehalfOf: 'tutor',
      minutesReturned: 30,
    });
  });

  it('shows the members that the administration canceled, never the reason', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const { tutor, learner, lesson } = await aLesson();
    const heard: { side: string; payload: unknown }[] = [];
    for (const [side, caller] of [
      ['student', learner],
      ['tutor', tutor],
      ['admin', admin],
    ] as const) {
      const socket = connect(server.baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: caller.token },
      });
      sockets.push(socket);
      socket.on(ServerEvent.LessonCanceled, (payload: unknown) => heard.push({ side, payload }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    }
    expect((await cancel(admin, lesson.id, { onBehalfOf: 'tutor', reason: REASON })).status).toBe(
      200,
    );
    await expect
      .poll(() => heard.map((entry) => entry.side).sort(), { timeout: 5_000 })
      .toEqual(['student', 'tutor']);
    for (const { payload } of heard) {
      expect(payload).toMatchObject({
        minutesReturned: 30,
        lesson: { canceledBy: 'tutor', canceledByAdmin: true, adminCancel: null },
      });
      expect(JSON.stringify(payload)).not.toContain(REASON);
    }
    for (const member of [learner, tutor]) {
      const seen = await call<LessonView>(server, 'GET', `/lesson/${lesson.id}`, member);
      expect(seen.body).toMatchObject({ canceledByAdmin: true, adminCancel: null });
      const listed = await call<LessonPage>(server, 'GET', '/lesson/list', member);
      expect(listed.body.list.find((item) => item.id === lesson.id)?.adminCancel).toBeNull();
    }
    const seenByAdmin = await call<LessonView>(server, 'GET', `/lesson/${lesson.id}`, admin);
    expect(seenByAdmin.body.adminCancel).toMatchObject({ onBehalfOf: 'tutor', reason: REASON });

    // Both members' confirmations say the administration did it for the tutor.
    const confirmations = await server.app.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, 'lessons.confirmation'));
    expect(
      confirmations.filter(
        ({ payload }) =>
          (payload as { lessonId: number; event: string }).lessonId === lesson.id &&
          (payload as { event: string }).event === 'canceled',
      ),
    ).toEqual(
      expect.arrayContaining([
        { payload: expect.objectContaining({ canceledBy: 'tutor', byAdmin: true }) },
      ]),
    );
  });

  it('keeps a member’s own cancel as it was, with no reason and no audit row', async () => {
    const { learner, lesson } = await aLesson();
    const own = await cancel(learner, lesson.id);
    expect(own.body).toMatchObject({
      lesson: { canceledBy: 'student', canceledByAdmin: false, adminCancel: null },
    });
    expect(await lessonRow(lesson.id)).toMatchObject({
      cancelReason: null,
      canceledByAdminId: null,
    });
    expect(await auditRows(lesson.id)).toEqual([]);
  });

  it('refuses, changing nothing: a member with these fields, missing or bad fields, the wrong lesson', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const { tutor, learner, lesson } = await aLesson();
    const expectUntouched = async () => {
      expect(await lessonRow(lesson.id)).toMatchObject({
        status: 'pending',
        canceledAt: null,
        cancelReason: null,
      });
      expect(await auditRows(lesson.id)).toEqual([]);
      expect(await consumed(learner.id)).toBe(30);
    };

    for (const member of [learner, tutor]) {
      for (const body of [{ onBehalfOf: 'tutor', reason: REASON }, { reason: REASON }]) {
        const refused = await cancel(member, lesson.id, body);
        expect([refused.status, codeOf(refused)]).toEqual([403, 'forbidden']);
      }
    }
    await expectUntouched();

    const none = await cancel(admin, lesson.id);
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'onBehalfOf', code: 'required' },
        { path: 'reason', code: 'required' },
      ]),
    );
    const cases: [unknown, string, string][] = [
      [{ onBehalfOf: 'student' }, 'reason', 'required'],
      [{ onBehalfOf: 'student', reason: '   ' }, 'reason', 'required'],
      [{ onBehalfOf: 'student', reason: 'قصير' }, 'reason', 'lesson-cancel-reason-too-short'],
      [
        { onBehalfOf: 'student', reason: 'س'.repeat(LESSON_CANCEL_REASON_BOUNDS.max + 1) },
        'reason',
        'lesson-cancel-reason-too-long',
      ],
      [{ onBehalfOf: 'self', reason: REASON }, 'onBehalfOf', 'invalid-type'],
      [{ reason: REASON }, 'onBehalfOf', 'required'],
      [{ onBehalfOf: 'tutor', reason: 12345 }, 'reason', 'invalid-type'],
    ];
    for (const [body, path, code] of cases) {
      const refused = await cancel(admin, lesson.id, body);
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toContainEqual({ path, code });
    }
    await expectUntouched();

    const unknown = await cancel(admin, lesson.id + 100_000, {
      onBehalfOf: 'tutor',
      reason: REASON,
    });
    expect([unknown.status, codeOf(unknown)]).toEqual([404, 'lesson-not-found']);

    // The room moves the status (decision 287): happening and fulfilled lessons are not pending.
    for (const status of ['happening', 'fulfilled'] as const) {
      await server.app.database.db.update(lessons).set({ status }).where(eq(lessons.id, lesson.id));
      const refused = await cancel(admin, lesson.id, { onBehalfOf: 'tutor', reason: REASON });
      expect([refused.status, codeOf(refused)]).toEqual([422, 'illegal']);
      expect(await auditRows(lesson.id)).toEqual([]);
    }
    await server.app.database.db
      .update(lessons)
      .set({ status: 'pending' })
      .where(eq(lessons.id, lesson.id));
    // Still pending but over (no attendance job ran): too late.
    now = cairo(9, '13:30');
    const over = await cancel(admin, lesson.id, { onBehalfOf: 'tutor', reason: REASON });
    expect([over.status, codeOf(over)]).toEqual([422, 'lesson-time-passed']);
    await expectUntouched();
  });

  it('has the database refuse a reason without a member’s cancel, or an admin without a reason', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const { lesson } = await aLesson();
    const db = server.app.database.db;
    await expect(
      db.update(lessons).set({ cancelReason: REASON }).where(eq(lessons.id, lesson.id)),
    ).rejects.toThrow();
    await expect(
      db
        .update(lessons)
        .set({
          status: 'cancelled',
          canceledAt: NOW,
          canceledBy: 'student',
          canceledByAdminId: admin.id,
        })
        .where(eq(lessons.id, lesson.id)),
    ).rejects.toThrow();
    await expect(
      db
        .update(lessons)
        .set({
          status: 'cancelled',
          canceledAt: NOW,
          canceledBy: 'self',
          canceledByAdminId: admin.id,
          cancelReason: REASON,
        })
        .where(eq(lessons.id, lesson.id)),
    ).rejects.toThrow();
    expect(await lessonRow(lesson.id)).toMatchObject({ status: 'pending', cancelReason: null });
  });
});

describe('the list’s status and Cairo-day filters (GET /lesson/list)', () => {
  it('narrows by status and by Cairo days, both included, for admins and members alike', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const tutor = await insertTutor(server);
    const early = await student();
    const late = await student();
    // Wednesday 9 January 13:00 and 13:30 Cairo; the second one canceled by its student.
    const kept = await book(early, tutor.id, cairo(9, '13:00'));
    const dropped = await book(late, tutor.id, cairo(9, '13:30'));
    await cancel(late, dropped.body.id);
    const ids = async (caller: Caller, query: string) => {
      const answer = await call<LessonPage>(
        server,
        'GET',
        `/lesson/list?tutorId=${tutor.id}&${query}`,
        caller,
      );
      expect(answer.status).toBe(200);
      return answer.body.list.map((lesson) => lesson.id).sort((a, b) => a - b);
    };
    expect(await ids(admin, 'status=pending')).toEqual([kept.body.id]);
    expect(await ids(admin, 'status=cancelled')).toEqual([dropped.body.id]);
    expect(await ids(admin, 'status=fulfilled')).toEqual([]);
    // 9 January in Cairo holds both; a day either side holds none; a range over it both.
    expect(await ids(admin, 'from=2030-01-09&to=2030-01-09')).toEqual([
      kept.body.id,
      dropped.body.id,
    ]);
    expect(await ids(admin, 'from=2030-01-10')).toEqual([]);
    expect(await ids(admin, 'to=2030-01-08')).toEqual([]);
    expect(await ids(admin, 'from=2030-01-01&to=2030-01-31&status=pending')).toEqual([
      kept.body.id,
    ]);
    // The tutor's own list takes the same filters and still shows only their lessons.
    expect(await ids(tutor, 'from=2030-01-09&to=2030-01-09&status=cancelled')).toEqual([
      dropped.body.id,
    ]);
    expect(await ids(early, 'from=2030-01-09&to=2030-01-09')).toEqual([kept.body.id]);
  });

  it('counts a lesson by its Cairo day, not its UTC one', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const tutor = await insertTutor(server, { slots: [[4 * 1440 + 60, 30]] });
    const learner = await student();
    // Wednesday 9 January 01:00 Cairo is Tuesday 8 January 23:00 UTC.
    now = cairo(8, '10:00');
    const booked = await book(learner, tutor.id, cairo(9, '01:00'));
    expect(booked.status).toBe(201);
    const on = async (day: string) =>
      (
        await call<LessonPage>(
          server,
          'GET',
          `/lesson/list?tutorId=${tutor.id}&from=${day}&to=${day}`,
          admin,
        )
      ).body.total;
    expect(await on('2030-01-09')).toBe(1);
    expect(await on('2030-01-08')).toBe(0);
  });

  it('refuses a bad day, a reversed range and an unknown status with field codes', async () => {
    const admin = await insertUser(server, Role.RegularAdmin);
    const cases: [string, string, string][] = [
      ['from=2030-02-30', 'from', 'invalid-date'],
      ['to=09-01-2030', 'to', 'invalid-date'],
      ['from=2030-01-10&to=2030-01-09', 'to', 'invalid-date-range'],
      ['status=done', 'status', 'invalid-type'],
    ];
    for (const [query, path, code] of cases) {
      const refused = await call<Refusal>(server, 'GET', `/lesson/list?${query}`, admin);
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toContainEqual({ path, code });
    }
    // An empty field from a form counts as absent.
    const blank = await call<LessonPage>(server, 'GET', '/lesson/list?from=&to=&status=', admin);
    expect(blank.status).toBe(200);
  });
});
