import type { Socket } from 'socket.io-client';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServerEvent } from '@talaqa/domain';
import type { LessonCanceledAnswer, LessonView } from '@talaqa/domain';
import { jobs, lessons } from '../../src/db/schema';
import { call } from './api';
import { nextEvent } from './chat-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { subscriptionOf } from './lessons-fixtures';
import {
  atMinute,
  bookedLesson,
  insertPlan,
  runAttendanceJobsDue,
  sessionAck,
  sessionSocket,
} from './session-fixtures';
import type { Booked } from './session-fixtures';

/**
 * Attendance and the lesson's status (issue 19 item 6; decision 287) with the clock moved: the
 * first join makes it happening; a tutor absent for the first 10 minutes is a no-show (canceled
 * as the tutor's, every minute back, both told); at the end it is fulfilled, and the minutes
 * after a tutor's early leave come back.
 */
let server: TestServer;
let planId: number;
let now = atMinute(-5);
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ jobsPollMs: 3_600_000 });
  planId = await insertPlan(server);
  server.app.clock.now = () => now;
});
afterEach(() => {
  now = atMinute(-5);
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

/** Time passes until `minutes` after the start: the attendance jobs due by then run. */
async function passTime(minutes: number): Promise<void> {
  now = atMinute(minutes);
  await runAttendanceJobsDue(server, now);
}

async function lessonRow(id: number) {
  const [row] = await server.app.database.db.select().from(lessons).where(eq(lessons.id, id));
  if (!row) throw new Error('no lesson');
  return row;
}

const consumed = async (booked: Booked) =>
  (await subscriptionOf(server, booked.student.id)).consumedMinutes;

async function join(booked: Booked, who: 'student' | 'tutor', minutes: number) {
  now = atMinute(minutes);
  const socket = await sessionSocket(server, booked[who], sockets);
  expect((await sessionAck(socket, 'JoinSession', { sessionId: booked.lesson.id })).result).toBe(
    'ok',
  );
  return socket;
}

describe('the lesson’s status from its room', () => {
  it('books the attendance jobs with the lesson and cancels them with it', async () => {
    const booked = await bookedLesson(server, planId);
    const pending = () =>
      server.app.database.db
        .select({ kind: jobs.kind, runAt: jobs.runAt })
        .from(jobs)
        .where(
          and(eq(jobs.key, String(booked.lesson.id)), isNull(jobs.doneAt), isNull(jobs.canceledAt)),
        )
        .orderBy(jobs.runAt);
    expect(await pending()).toEqual([
      { kind: 'lessons.no-show', runAt: atMinute(10) },
      { kind: 'lessons.close', runAt: atMinute(30) },
    ]);
    now = atMinute(-200);
    expect(
      (await call(server, 'DELETE', `/lesson/${booked.lesson.id}`, booked.student)).status,
    ).toBe(200);
    expect(await pending()).toEqual([]);
  });

  it('goes happening on the first join and fulfilled at the end', async () => {
    const booked = await bookedLesson(server, planId);
    expect(await consumed(booked)).toBe(30);
    await join(booked, 'student', -3);
    expect((await lessonRow(booked.lesson.id)).status).toBe('happening');
    await join(booked, 'tutor', 2);
    await passTime(10);
    expect((await lessonRow(booked.lesson.id)).status).toBe('happening');
    await passTime(29);
    expect((await lessonRow(booked.lesson.id)).status).toBe('happening');
    await passTime(30);
    expect(await lessonRow(booked.lesson.id)).toMatchObject({
      status: 'fulfilled',
      minutesReturned: 0,
      canceledBy: null,
    });
    expect(await consumed(booked)).toBe(30);
    const view = await call<LessonView>(server, 'GET', `/lesson/${booked.lesson.id}`, booked.tutor);
    expect(view.body).toMatchObject({
      status: 'fulfilled',
      attended: { tutor: true, student: true },
    });
  });

  it('cancels a no-show tutor’s lesson at start + 10, gives every minute back, tells both', async () => {
    const booked = await bookedLesson(server, planId);
    const student = await join(booked, 'student', -1);
    const tutorTab = await sessionSocket(server, booked.tutor, sockets);
    const studentTold = nextEvent<LessonCanceledAnswer>(student, ServerEvent.LessonCanceled);
    const tutorTold = nextEvent<LessonCanceledAnswer>(tutorTab, ServerEvent.LessonCanceled);
    await passTime(9);
    expect((await lessonRow(booked.lesson.id)).status).toBe('happening');
    await passTime(10);
    expect(await lessonRow(booked.lesson.id)).toMatchObject({
      status: 'cancelled',
      canceledBy: 'tutor',
      minutesReturned: 30,
    });
    expect(await consumed(booked)).toBe(0);
    for (const told of [await studentTold, await tutorTold]) {
      expect(told).toMatchObject({
        minutesReturned: 30,
        lesson: {
          id: booked.lesson.id,
          status: 'cancelled',
          canceledBy: 'tutor',
          attended: { tutor: false, student: true },
        },
      });
    }
    // The room is closed now: the student's relays are refused, nobody joins, the end changes
    // nothing more.
    expect(
      await sessionAck(student, 'ToggleMic', { sessionId: booked.lesson.id, on: true }),
    ).toEqual({ result: 'unallowed' });
    expect(await sessionAck(student, 'JoinSession', { sessionId: booked.lesson.id })).toEqual({
      result: 'unallowed',
    });
    await passTime(30);
    expect(await consumed(booked)).toBe(0);
  });

  it('cancels by itself a lesson nobody came to', async () => {
    const booked = await bookedLesson(server, planId);
    await passTime(10);
    expect(await lessonRow(booked.lesson.id)).toMatchObject({
      status: 'cancelled',
      canceledBy: 'tutor',
      minutesReturned: 30,
    });
    expect(await consumed(booked)).toBe(0);
  });

  it('is no no-show when the tutor came before the start and waited', async () => {
    const booked = await bookedLesson(server, planId);
    await join(booked, 'tutor', -8);
    await passTime(10);
    expect((await lessonRow(booked.lesson.id)).status).toBe('happening');
  });

  it('gives back the minutes after a tutor’s early leave', async () => {
    const booked = await bookedLesson(server, planId);
    await join(booked, 'student', 0);
    const tutor = await join(booked, 'tutor', 1);
    now = atMinute(18);
    expect(await sessionAck(tutor, 'LeaveSession', { sessionId: booked.lesson.id })).toEqual({
      result: 'ok',
    });
    await passTime(30);
    expect(await lessonRow(booked.lesson.id)).toMatchObject({
      status: 'fulfilled',
      minutesReturned: 12,
    });
    expect(await consumed(booked)).toBe(18);
  });

  it('a tutor who left and came back loses the student nothing', async () => {
    const booked = await bookedLesson(server, planId);
    const tutor = await join(booked, 'tutor', 0);
    now = atMinute(5);
    tutor.disconnect();
    await expect
      .poll(
        async () =>
          (
            await call<{ members: { present: boolean }[] }>(
              server,
              'GET',
              `/session/${booked.lesson.id}`,
              booked.tutor,
            )
          ).body.members[0]?.present,
      )
      .toBe(false);
    await join(booked, 'tutor', 7);
    await passTime(30);
    expect(await lessonRow(booked.lesson.id)).toMatchObject({
      status: 'fulfilled',
      minutesReturned: 0,
    });
    expect(await consumed(booked)).toBe(30);
  });
});
