import { io as connect } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, ServerEvent } from '@talaqa/domain';
import type { LessonView, TutorPage, TutorUpdatedEvent } from '@talaqa/domain';
import { availabilitySlots, jobs, tutorProfiles } from '../../src/db/schema';
import { scheduleJob } from '../../src/jobs';
import { REFRESH_NEXT_FREE_JOB } from '../../src/modules/tutors/listing/next-free';
import { call, signedInUser } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import {
  cairo,
  insertPlan,
  insertStudent,
  insertTutor,
  insertUser,
  NOW,
  weekMinute,
} from './lessons-fixtures';

/**
 * The public list filters and sorts by each tutor's stored next free start: every change that
 * moves it writes it in its own transaction, and a job keeps it true as the clock moves.
 */

let server: TestServer;
let planId: number;
let now = NOW;

beforeAll(async () => {
  server = await startTestServer();
  server.app.clock.now = () => now;
  planId = await insertPlan(server);
});
afterAll(() => server.close());

const db = () => server.app.database.db;

async function stored(tutorId: number): Promise<Date | null> {
  const [row] = await db()
    .select({ at: tutorProfiles.nextFreeAt })
    .from(tutorProfiles)
    .where(eq(tutorProfiles.userId, tutorId));
  return row?.at ?? null;
}

/** Wednesday 9 January 2030 from 12:00 Cairo, two half-hour slots. */
const NOON_SLOTS: [number, number][] = [
  [weekMinute(4, '12:00'), 30],
  [weekMinute(4, '12:30'), 30],
];

const book = (caller: Caller, tutorId: number, start: Date) =>
  call<LessonView>(server, 'POST', '/lesson', caller, {
    tutorId,
    start: start.toISOString(),
    duration: 30,
  });

/** A signed-in student's realtime connection, as an open tutors list has one. */
async function watcherSocket() {
  const watcher = await insertStudent(server, { planId });
  const socket = connect(server.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: watcher.token },
  });
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return socket;
}

describe('the stored next free start of a tutor', () => {
  it('follows bookings, moves and cancellations in their own transactions', async () => {
    const tutor = await insertTutor(server, { slots: NOON_SLOTS });
    expect(await stored(tutor.id)).toEqual(cairo(9, '12:00'));
    const learner = await insertStudent(server, { planId });
    const booked = await book(learner, tutor.id, cairo(9, '12:00'));
    expect(booked.status).toBe(201);
    expect(await stored(tutor.id)).toEqual(cairo(9, '12:30'));
    const moved = await call(server, 'PATCH', '/lesson', learner, {
      id: booked.body.id,
      start: cairo(9, '12:30').toISOString(),
      duration: 30,
    });
    expect(moved.status).toBe(200);
    expect(await stored(tutor.id)).toEqual(cairo(9, '12:00'));
    const canceled = await call(server, 'DELETE', `/lesson/${booked.body.id}`, learner);
    expect(canceled.status).toBe(200);
    expect(await stored(tutor.id)).toEqual(cairo(9, '12:00'));
  });

  it('follows the schedule and the notice period', async () => {
    const tutor = await insertTutor(server, { slots: NOON_SLOTS });
    const saved = await call(server, 'POST', '/availability-slot/', tutor, {
      slots: [{ weekday: 3, start: '15:00', length: 15 }], // Wednesday
    });
    expect(saved.status).toBe(200);
    expect(await stored(tutor.id)).toEqual(cairo(9, '15:00'));
    const admin = await signedInUser(server, Role.RegularAdmin);
    // Six hours' notice from 10:00: 15:00 is too soon, nothing else this week.
    const patched = await call(server, 'PATCH', `/user/tutor/${tutor.id}`, admin, {
      noticePeriod: 360,
    });
    expect(patched.status).toBe(200);
    expect(await stored(tutor.id)).toBeNull();
  });

  it('is refreshed by the minute job once the clock passes it, and each week', async () => {
    const tutor = await insertTutor(server, { slots: NOON_SLOTS });
    // Written beside the services: unknown until the job runs.
    const other = await insertUser(server, Role.Tutor);
    await db().insert(tutorProfiles).values({ userId: other.id, activated: true });
    await db()
      .insert(availabilitySlots)
      .values({ tutorId: other.id, startMinute: weekMinute(5, '09:00'), duration: 15 });
    const runTick = async (): Promise<void> => {
      await scheduleJob(db(), { kind: REFRESH_NEXT_FREE_JOB, key: 'tick', runAt: new Date(0) });
      await server.app.jobs.runDue();
    };
    // 12:10 with half an hour's notice: 12:00 is stale, 12:45 (15-minute grid) is next.
    now = cairo(9, '12:10');
    try {
      await runTick();
      expect(await stored(tutor.id)).toEqual(cairo(9, '12:45'));
      expect(await stored(other.id)).toEqual(cairo(10, '09:00'));
      // The next Cairo week: its Wednesday noon.
      now = cairo(12, '08:00');
      await runTick();
      expect(await stored(tutor.id)).toEqual(cairo(16, '12:00'));
      // The job moved itself a minute ahead, and stays one job.
      const ticks = await db().select().from(jobs).where(eq(jobs.kind, REFRESH_NEXT_FREE_JOB));
      expect(ticks).toHaveLength(1);
      expect(ticks[0]?.runAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      now = NOW;
    }
  });

  it('orders the public list and tells every tab the tutor’s new card after a booking', async () => {
    // Unique names keep this list apart from the other tests' tutors.
    const early = await insertTutor(server, { slots: NOON_SLOTS });
    const late = await insertTutor(server, { slots: [[weekMinute(4, '13:00'), 30]] });
    const tag = `Nextfree${Date.now()}`;
    await db()
      .update(tutorProfiles)
      .set({ bio: `${tag} early` })
      .where(eq(tutorProfiles.userId, early.id));
    await db()
      .update(tutorProfiles)
      .set({ bio: `${tag} late` })
      .where(eq(tutorProfiles.userId, late.id));
    const list = async (): Promise<number[]> => {
      const page = await call<TutorPage>(
        server,
        'GET',
        `/user/tutor/list/onboarded?search=${tag}`,
        null,
      );
      return page.body.list.map((card) => card.id);
    };
    expect(await list()).toEqual([early.id, late.id]);

    const socket = await watcherSocket();
    const updated = new Promise<TutorUpdatedEvent>((resolve) =>
      socket.on(ServerEvent.TutorUpdated, (event: TutorUpdatedEvent) => {
        if (event.tutorId === early.id) resolve(event);
      }),
    );
    try {
      // Both of early's slots taken: late is now the sooner one, the cached page is gone.
      const first = await insertStudent(server, { planId });
      const second = await insertStudent(server, { planId });
      expect((await book(first, early.id, cairo(9, '12:00'))).status).toBe(201);
      expect((await book(second, early.id, cairo(9, '12:30'))).status).toBe(201);
      expect(await list()).toEqual([late.id, early.id]);
      const event = await updated;
      expect(event.card?.id).toBe(early.id);
    } finally {
      socket.disconnect();
    }
  });

  it('leaves the card and the list alone when a booking does not move the next free start', async () => {
    const tutor = await insertTutor(server, { slots: NOON_SLOTS });
    const socket = await watcherSocket();
    const told: number[] = [];
    socket.on(ServerEvent.TutorUpdated, (event: TutorUpdatedEvent) => told.push(event.tutorId));
    try {
      // 12:30 is not the next free start (12:00 is): nothing about the tutor's card changes.
      const later = await book(
        await insertStudent(server, { planId }),
        tutor.id,
        cairo(9, '12:30'),
      );
      expect(later.status).toBe(201);
      expect(await stored(tutor.id)).toEqual(cairo(9, '12:00'));
      // 12:00 is: the card moves to "nothing free this week" and every tab is told.
      const sooner = await book(
        await insertStudent(server, { planId }),
        tutor.id,
        cairo(9, '12:00'),
      );
      expect(sooner.status).toBe(201);
      expect(await stored(tutor.id)).toBeNull();
      await expect.poll(() => told.filter((id) => id === tutor.id)).toHaveLength(1);
      // The first booking sent nothing: had it, the one event above would have been two.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(told.filter((id) => id === tutor.id)).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });
});
