import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role, ServerEvent, SUBSCRIPTION_CANCEL_MAX_LESSONS } from '@talaqa/domain';
import type {
  LessonCanceledAnswer,
  LessonPage,
  LessonStats,
  LessonView,
  SubscriptionView,
} from '@talaqa/domain';
import { appointments, lessons } from '../../src/db/schema';
import { holdTime } from '../../src/modules/lessons/service';
import { call } from './api';
import type { Answer, Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import {
  cairo,
  insertInterview,
  insertPlan,
  insertStudent,
  insertSubscription,
  insertTutor,
  insertUser,
  NOW,
  subscriptionOf,
  weekMinute,
} from './lessons-fixtures';

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

const student = (options: Parameters<typeof insertStudent>[1] | object = {}) =>
  insertStudent(server, { planId, ...options });

const book = (caller: Caller, tutorId: number, start: Date, duration = 30) =>
  call<LessonView & { code?: string }>(server, 'POST', '/lesson', caller, {
    tutorId,
    start: start.toISOString(),
    duration,
  });

const codeOf = (answer: Answer<unknown>) => (answer.body as { code?: string }).code;

async function consumed(userId: number): Promise<number> {
  return (await subscriptionOf(server, userId)).consumedMinutes;
}

describe('booking a lesson (POST /lesson)', () => {
  it('books a free time in the tutor’s schedule, takes the minutes and holds the time', async () => {
    const tutor = await insertTutor(server);
    const learner = await student();
    const start = cairo(9, '12:00');
    const answer = await book(learner, tutor.id, start);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      members: { tutorId: tutor.id, studentId: learner.id },
      duration: 30,
      start: start.toISOString(),
      end: cairo(9, '12:30').toISOString(),
      status: 'pending',
      canceledBy: null,
      canceledAt: null,
      tutor: { id: tutor.id },
      student: { id: learner.id },
      bookedAt: NOW.toISOString(),
      freeCancelUntil: cairo(9, '10:10').toISOString(),
    });
    expect(await consumed(learner.id)).toBe(30);
    const [row] = await server.app.database.db
      .select()
      .from(lessons)
      .where(eq(lessons.id, answer.body.id));
    const sub = await subscriptionOf(server, learner.id);
    expect(row).toMatchObject({ subscriptionId: sub.id, status: 'pending' });
    expect(row?.quotaWeekStart?.toISOString()).toBe(cairo(5, '00:00').toISOString());
  });

  it('spans two adjacent 15-minute slots with a 30-minute lesson', async () => {
    const tutor = await insertTutor(server);
    expect((await book(await student(), tutor.id, cairo(9, '13:15'))).status).toBe(201);
  });

  it('answers tutor-not-found for an unknown, unlisted or non-tutor id', async () => {
    const learner = await student();
    const hidden = await insertTutor(server, { activated: false });
    const other = await student();
    for (const tutorId of [999_999, hidden.id, other.id]) {
      const answer = await book(learner, tutorId, cairo(9, '12:00'));
      expect(answer.status).toBe(404);
      expect(codeOf(answer)).toBe('tutor-not-found');
    }
    expect(await consumed(learner.id)).toBe(0);
  });

  it('answers unverified-email, subscription-required and no-enough-minutes', async () => {
    const tutor = await insertTutor(server);
    const unverified = await book(
      await student({ emailVerified: false }),
      tutor.id,
      cairo(9, '12:00'),
    );
    expect([unverified.status, codeOf(unverified)]).toEqual([422, 'unverified-email']);
    const ended = await book(await student({ ended: true }), tutor.id, cairo(9, '12:00'));
    expect([ended.status, codeOf(ended)]).toEqual([403, 'subscription-required']);
    const short = await student({ consumedMinutes: 100 });
    const poor = await book(short, tutor.id, cairo(9, '12:00'));
    expect([poor.status, codeOf(poor)]).toEqual([422, 'no-enough-minutes']);
    // Fifteen minutes are still there.
    expect((await book(short, tutor.id, cairo(9, '12:00'), 15)).status).toBe(201);
    expect(await consumed(short.id)).toBe(115);
  });

  it('grants a first-time student the free trial and books with it', async () => {
    const tutor = await insertTutor(server);
    const newcomer = await student({ subscribed: false });
    const answer = await book(newcomer, tutor.id, cairo(9, '12:00'), 15);
    expect(answer.status).toBe(201);
    expect((await subscriptionOf(server, newcomer.id)).period).toBe(3);
  });

  it('answers week-boundaries-violation outside the current Cairo week', async () => {
    const tutor = await insertTutor(server);
    const learner = await student();
    for (const start of [cairo(16, '12:00'), cairo(2, '12:00')]) {
      const answer = await book(learner, tutor.id, start);
      expect([answer.status, codeOf(answer)]).toEqual([422, 'week-boundaries-violation']);
    }
  });

  it('answers lesson-time-passed for a past start and inside the notice period', async () => {
    const tutor = await insertTutor(server, { noticePeriod: 30 });
    const learner = await student();
    for (const start of [cairo(9, '09:45'), cairo(9, '10:00'), cairo(9, '10:15')]) {
      const answer = await book(learner, tutor.id, start, 15);
      expect([answer.status, codeOf(answer)]).toEqual([422, 'lesson-time-passed']);
    }
    // Exactly the notice period ahead is fine.
    expect((await book(learner, tutor.id, cairo(9, '10:30'), 15)).status).toBe(201);
  });

  it('answers reached-booking-limit while the student holds an upcoming lesson', async () => {
    const tutor = await insertTutor(server);
    const other = await insertTutor(server);
    const learner = await student();
    expect((await book(learner, tutor.id, cairo(9, '12:00'))).status).toBe(201);
    const again = await book(learner, other.id, cairo(9, '13:00'));
    expect([again.status, codeOf(again)]).toEqual([422, 'reached-booking-limit']);
    // Once it is over, the next may be booked.
    now = cairo(9, '12:30');
    expect((await book(learner, other.id, cairo(9, '13:00'))).status).toBe(201);
  });

  it('answers busy-tutor outside the schedule and conflicting-lessons on a taken time', async () => {
    const tutor = await insertTutor(server);
    const outside = await book(await student(), tutor.id, cairo(9, '15:00'));
    expect([outside.status, codeOf(outside)]).toEqual([409, 'busy-tutor']);
    const halfOut = await book(await student(), tutor.id, cairo(9, '13:45'));
    expect([halfOut.status, codeOf(halfOut)]).toEqual([409, 'busy-tutor']);
    expect((await book(await student(), tutor.id, cairo(9, '12:00'))).status).toBe(201);
    const taken = await book(await student(), tutor.id, cairo(9, '12:15'));
    expect([taken.status, codeOf(taken)]).toEqual([409, 'conflicting-lessons']);
    await insertInterview(server, tutor.id, cairo(9, '13:00'), 30);
    const interview = await book(await student(), tutor.id, cairo(9, '13:00'), 15);
    expect([interview.status, codeOf(interview)]).toEqual([409, 'conflicting-lessons']);
  });

  it('has the database refuse an overlap the rules did not see (conflicting-lessons)', async () => {
    const tutor = await insertTutor(server);
    await insertInterview(server, tutor.id, cairo(9, '12:15'), 15);
    // holdTime is the insert behind every booking and move, after the rules passed.
    await expect(
      holdTime(server.app.database.db, tutor.id, cairo(9, '12:00'), 30),
    ).rejects.toMatchObject({ code: 'conflicting-lessons' });
  });

  it('refuses malformed requests with field codes and only students may book', async () => {
    const tutor = await insertTutor(server);
    const learner = await student();
    const offGrid = await book(learner, tutor.id, cairo(9, '12:05'));
    expect(offGrid.status).toBe(400);
    const badLength = await book(learner, tutor.id, cairo(9, '12:00'), 45);
    expect(badLength.status).toBe(400);
    const asTutor = await book(tutor, tutor.id, cairo(9, '12:00'));
    expect([asTutor.status, codeOf(asTutor)]).toEqual([403, 'forbidden']);
  });
});

describe('the week’s edge in Cairo', () => {
  it('books Friday 23:45 for 15 minutes but not for 30 (it would cross Saturday 00:00)', async () => {
    now = cairo(11, '20:00');
    const tutor = await insertTutor(server, {
      slots: [
        [weekMinute(6, '23:30'), 15],
        [weekMinute(6, '23:45'), 15],
      ],
    });
    const learner = await student({ now });
    const long = await book(learner, tutor.id, cairo(11, '23:45'), 30);
    expect([long.status, codeOf(long)]).toEqual([422, 'week-boundaries-violation']);
    const short = await book(learner, tutor.id, cairo(11, '23:45'), 15);
    expect(short.status).toBe(201);
    expect(short.body.end).toBe(cairo(12, '00:00').toISOString());
  });
});

describe('cancelling a lesson (DELETE /lesson/{id})', () => {
  const cancel = (caller: Caller, id: number) =>
    call<LessonCanceledAnswer & { code?: string }>(server, 'DELETE', `/lesson/${id}`, caller);

  it('gives a student’s early cancellation the minutes back and frees the time', async () => {
    const tutor = await insertTutor(server);
    const learner = await student();
    const booked = await book(learner, tutor.id, cairo(9, '13:00'));
    now = cairo(9, '10:30');
    const answer = await cancel(learner, booked.body.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      minutesReturned: 30,
      lesson: { status: 'cancelled', canceledBy: 'student', canceledAt: now.toISOString() },
    });
    expect(await consumed(learner.id)).toBe(0);
    const [appointment] = await server.app.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.tutorId, tutor.id));
    expect(appointment?.releasedAt?.toISOString()).toBe(now.toISOString());
    // The time is free again, for anyone.
    expect((await book(await student(), tutor.id, cairo(9, '13:00'))).status).toBe(201);
    // Cancelling again changes nothing.
    const again = await cancel(learner, booked.body.id);
    expect(again.status).toBe(200);
    expect(again.body.minutesReturned).toBe(30);
    expect(await consumed(learner.id)).toBe(0);
  });

  it('keeps the minutes of a student’s late cancellation, not of a tutor’s', async () => {
    const tutor = await insertTutor(server);
    const late = await student();
    const first = await book(late, tutor.id, cairo(9, '11:00'));
    now = cairo(9, '10:20');
    const lateAnswer = await cancel(late, first.body.id);
    expect(lateAnswer.body).toMatchObject({
      minutesReturned: 0,
      lesson: { canceledBy: 'student' },
    });
    expect(await consumed(late.id)).toBe(30);

    now = NOW;
    const learner = await student();
    const second = await book(learner, tutor.id, cairo(9, '11:00'));
    now = cairo(9, '10:55');
    const byTutor = await cancel(tutor, second.body.id);
    expect(byTutor.body).toMatchObject({ minutesReturned: 30, lesson: { canceledBy: 'tutor' } });
    expect(await consumed(learner.id)).toBe(0);
  });

  it('gives the minutes back within ten minutes of booking, even close to the start', async () => {
    const tutor = await insertTutor(server);
    const learner = await student();
    const booked = await book(learner, tutor.id, cairo(9, '11:00'));
    now = cairo(9, '10:09');
    expect((await cancel(learner, booked.body.id)).body.minutesReturned).toBe(30);
  });

  it('lets an admin cancel for a member, hides it from strangers, refuses once over', async () => {
    const tutor = await insertTutor(server);
    const learner = await student();
    const admin = await insertUser(server, Role.RegularAdmin);
    const stranger = await student();
    const booked = await book(learner, tutor.id, cairo(9, '12:00'));
    const strangers = await cancel(stranger, booked.body.id);
    expect([strangers.status, codeOf(strangers)]).toEqual([404, 'lesson-not-found']);
    // An admin names the member and the reason (decision 344; lessons-admin.test.ts).
    const bare = await cancel(admin, booked.body.id);
    expect([bare.status, codeOf(bare)]).toEqual([400, 'required']);
    const byAdmin = await call<LessonCanceledAnswer>(
      server,
      'DELETE',
      `/lesson/${booked.body.id}`,
      admin,
      { onBehalfOf: 'tutor', reason: 'المعلم مريض اليوم' },
    );
    expect(byAdmin.body).toMatchObject({ minutesReturned: 30, lesson: { canceledBy: 'tutor' } });

    const over = await book(learner, tutor.id, cairo(9, '13:00'));
    now = cairo(9, '13:30');
    const tooLate = await cancel(learner, over.body.id);
    expect([tooLate.status, codeOf(tooLate)]).toEqual([422, 'lesson-time-passed']);
  });
});

describe('moving a lesson (PATCH /lesson)', () => {
  const move = (caller: Caller, id: number, start: Date, duration = 30) =>
    call<LessonView & { code?: string }>(server, 'PATCH', '/lesson', caller, {
      id,
      start: start.toISOString(),
      duration,
    });

  it('moves it, frees the old time and takes the new minutes', async () => {
    const tutor = await insertTutor(server);
    const learner = await student();
    const booked = await book(learner, tutor.id, cairo(9, '12:00'));
    const moved = await move(learner, booked.body.id, cairo(9, '13:00'), 15);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id: booked.body.id,
      start: cairo(9, '13:00').toISOString(),
      duration: 15,
      status: 'pending',
    });
    expect(await consumed(learner.id)).toBe(15);
    // Its own time does not stand in its way, and the old time is free for others.
    expect((await move(learner, booked.body.id, cairo(9, '13:00'), 30)).status).toBe(200);
    expect(await consumed(learner.id)).toBe(30);
    expect((await book(await student(), tutor.id, cairo(9, '12:00'))).status).toBe(201);
  });

  it('refuses a taken time, strangers, and a lesson too close to move', async () => {
    const tutor = await insertTutor(server);
    const learner = await student();
    const booked = await book(learner, tutor.id, cairo(9, '11:00'));
    expect((await book(await student(), tutor.id, cairo(9, '13:00'))).status).toBe(201);
    const taken = await move(learner, booked.body.id, cairo(9, '13:00'));
    expect([taken.status, codeOf(taken)]).toEqual([409, 'conflicting-lessons']);
    const stranger = await move(await student(), booked.body.id, cairo(9, '12:00'));
    expect([stranger.status, codeOf(stranger)]).toEqual([404, 'lesson-not-found']);
    now = cairo(9, '10:30');
    const late = await move(learner, booked.body.id, cairo(9, '12:00'));
    expect([late.status, codeOf(late)]).toEqual([422, 'lesson-time-passed']);
    expect(await consumed(learner.id)).toBe(30);
  });
});

describe('reading lessons', () => {
  it('shows a lesson to its members and admins, and lists each caller’s own', async () => {
    const tutor = await insertTutor(server);
    const learner = await student();
    const other = await student();
    const admin = await insertUser(server, Role.SuperAdmin);
    const mine = await book(learner, tutor.id, cairo(9, '12:00'));
    const theirs = await book(other, tutor.id, cairo(9, '13:00'));
    for (const caller of [learner, tutor, admin]) {
      const got = await call<LessonView>(server, 'GET', `/lesson/${mine.body.id}`, caller);
      expect([got.status, got.body.id]).toEqual([200, mine.body.id]);
      // The booking's own answer is the lesson as it is read later, people included.
      expect(got.body).toEqual(mine.body);
    }
    const hidden = await call(server, 'GET', `/lesson/${mine.body.id}`, other);
    expect([hidden.status, codeOf(hidden)]).toEqual([404, 'lesson-not-found']);

    const own = await call<LessonPage>(server, 'GET', '/lesson/list', learner);
    expect(own.body.list.map((lesson) => lesson.id)).toEqual([mine.body.id]);
    const tutors = await call<LessonPage>(server, 'GET', '/lesson/list?when=future', tutor);
    expect(tutors.body.list.map((lesson) => lesson.id)).toEqual([mine.body.id, theirs.body.id]);
    const narrowed = await call<LessonPage>(
      server,
      'GET',
      `/lesson/list?tutorId=${tutor.id}&studentId=${other.id}`,
      admin,
    );
    expect(narrowed.body).toMatchObject({ total: 1, list: [{ id: theirs.body.id }] });

    await call(server, 'DELETE', `/lesson/${theirs.body.id}`, other);
    const canceled = await call<LessonPage>(server, 'GET', '/lesson/list?state=canceled', tutor);
    expect(canceled.body.list.map((lesson) => lesson.id)).toEqual([theirs.body.id]);
    const ratified = await call<LessonPage>(server, 'GET', '/lesson/list?state=ratified', tutor);
    expect(ratified.body.list.map((lesson) => lesson.id)).toEqual([mine.body.id]);

    // The status is the room's to move (decision 287, session-attendance.test.ts): nobody has
    // joined and no attendance job has run here, so it stays pending whatever the clock says.
    now = cairo(9, '12:10');
    const happening = await call<LessonPage>(server, 'GET', '/lesson/list?when=now', learner);
    expect(happening.body.list).toMatchObject([{ id: mine.body.id, status: 'pending' }]);
    now = cairo(9, '13:00');
    const past = await call<LessonPage>(server, 'GET', '/lesson/list?when=past', learner);
    expect(past.body.list).toMatchObject([{ id: mine.body.id, status: 'pending' }]);
    const paged = await call<LessonPage>(server, 'GET', '/lesson/list?size=1&page=2', tutor);
    expect(paged.body.total).toBe(2);
    expect(paged.body.list).toHaveLength(1);
  });

  it('counts attended, canceled and upcoming lessons with a weekly chart', async () => {
    const tutor = await insertTutor(server);
    const learner = await student();
    const admin = await insertUser(server, Role.RegularAdmin);
    const first = await book(learner, tutor.id, cairo(9, '11:00'), 15);
    now = cairo(9, '11:15');
    const second = await book(learner, tutor.id, cairo(9, '12:00'));
    await call(server, 'DELETE', `/lesson/${second.body.id}`, learner);
    await book(learner, tutor.id, cairo(9, '13:00'));
    const stats = await call<LessonStats>(server, 'GET', '/lesson/attended/stats?weeks=2', learner);
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      attended: { lessons: 1, minutes: 15 },
      canceled: { lessons: 1, minutes: 30 },
      upcoming: { lessons: 1, minutes: 30 },
      weeks: [
        { weekStart: new Date('2029-12-29T00:00:00+02:00').toISOString(), lessons: 0 },
        { weekStart: cairo(5, '00:00').toISOString(), lessons: 1, minutes: 15 },
      ],
    });
    expect(first.status).toBe(201);
    const forTutor = await call<LessonStats>(
      server,
      'GET',
      `/lesson/attended/stats?userId=${tutor.id}`,
      admin,
    );
    expect(forTutor.body.attended).toEqual({ lessons: 1, minutes: 15 });
    expect(forTutor.body.weeks).toHaveLength(12);
    const nosy = await call(server, 'GET', `/lesson/attended/stats?userId=${tutor.id}`, learner);
    expect([nosy.status, codeOf(nosy)]).toEqual([403, 'forbidden']);
  });
});

describe('realtime', () => {
  async function listen(caller: Caller): Promise<{ event: string; payload: unknown }[]> {
    const socket = connect(server.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: caller.token },
    });
    sockets.push(socket);
    const received: { event: string; payload: unknown }[] = [];
    for (const event of [
      ServerEvent.LessonBooked,
      ServerEvent.LessonRebooked,
      ServerEvent.LessonCanceled,
    ]) {
      socket.on(event, (payload: unknown) => received.push({ event, payload }));
    }
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return received;
  }

  it('tells the student and the tutor, and nobody else, of booking, moving and cancelling', async () => {
    const tutor = await insertTutor(server);
    const learner = await student();
    const bystander = await student();
    const [studentSide, tutorSide, other] = await Promise.all([
      listen(learner),
      listen(tutor),
      listen(bystander),
    ]);
    const booked = await book(learner, tutor.id, cairo(9, '12:00'));
    await call(server, 'PATCH', '/lesson', learner, {
      id: booked.body.id,
      start: cairo(9, '13:00').toISOString(),
      duration: 15,
    });
    await call(server, 'DELETE', `/lesson/${booked.body.id}`, tutor);
    for (const side of [studentSide, tutorSide]) {
      await expect
        .poll(() => side.map((entry) => entry.event), { timeout: 5_000 })
        .toEqual(['LessonBooked', 'LessonRebooked', 'LessonCanceled']);
      expect(side[0]?.payload).toMatchObject({ lesson: { id: booked.body.id, status: 'pending' } });
      expect(side[1]?.payload).toMatchObject({
        lesson: { start: cairo(9, '13:00').toISOString(), duration: 15 },
        previous: { start: cairo(9, '12:00').toISOString(), duration: 30 },
      });
      expect(side[2]?.payload).toMatchObject({
        minutesReturned: 15,
        lesson: { status: 'cancelled', canceledBy: 'tutor' },
      });
    }
    expect(other).toEqual([]);
  });
});

describe('subscriptions and lessons', () => {
  it('counts a subscription’s lessons, so PATCH /sub/cancel refuses past the maximum', async () => {
    // /sub/cancel reads the app's clock, like booking: the subscription and lessons live at NOW.
    const clockNow = server.app.clock.now();
    const tutor = await insertTutor(server);
    const learner = await insertUser(server, Role.Student);
    const sub = await insertSubscription(server, learner.id, { planId, now: clockNow });
    const db = server.app.database.db;
    const hour = 3_600_000;
    for (let index = 0; index <= SUBSCRIPTION_CANCEL_MAX_LESSONS + 1; index += 1) {
      const startsAt = new Date(clockNow.getTime() - (index + 2) * hour);
      const [appointment] = await db
        .insert(appointments)
        .values({
          tutorId: tutor.id,
          kind: 'lesson',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        })
        .returning();
      if (!appointment) throw new Error('no appointment');
      // The first is canceled and does not count.
      const canceled = index === 0;
      await db.insert(lessons).values({
        appointmentId: appointment.id,
        tutorId: tutor.id,
        studentId: learner.id,
        subscriptionId: sub.id,
        startsAt,
        duration: 30,
        status: canceled ? 'cancelled' : 'pending',
        canceledBy: canceled ? 'student' : null,
        canceledAt: canceled ? startsAt : null,
      });
    }
    const refused = await call(server, 'PATCH', '/sub/cancel', learner, {});
    expect([refused.status, codeOf(refused)]).toEqual([422, 'subscription-uncancellable']);
    // With one lesson fewer (canceled), it may be cancelled.
    await db
      .update(lessons)
      .set({ status: 'cancelled', canceledBy: 'tutor', canceledAt: clockNow })
      .where(eq(lessons.startsAt, new Date(clockNow.getTime() - 3 * hour)));
    const allowed = await call<SubscriptionView>(server, 'PATCH', '/sub/cancel', learner, {});
    expect(allowed.status).toBe(200);
    expect(allowed.body.state).toBe('canceled');
  });
});
