import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  RoomType,
  fullTutorPageSchema,
  studentStatsSchema,
  tutorActivitySchema,
  tutorStatsSchema,
  tutoringMinutesSchema,
  uncontactedTutorsSchema,
} from '@talaqa/domain';
import type { StudentStats, TutorStats } from '@talaqa/domain';
import {
  appointments,
  chatMembers,
  chatMessages,
  chatRooms,
  lessons,
  ratings,
} from '../../src/db/schema';
import { creditFulfilledLesson, reverseLessonCredit } from '../../src/modules/earnings';
import { callApi } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { NOW, insertTutor, insertUser, weekMinute } from './lessons-fixtures';

/**
 * The dashboards' statistics (issue 22 item 5; decision 327): GET /user/tutor/stats/{id},
 * /user/tutor/stats/personalized, /user/student/stats/{id}, /user/student/stats/personalized,
 * /user/tutor/activity/{id}, /user/tutor/tutoring-minutes, /user/tutor/list/uncontacted and
 * /user/tutor/full-tutors.
 * Lessons are placed in several Cairo weeks (Saturday first) around "now", Wednesday 9 January
 * 2030, and the clock is then moved on week by week.
 */

let server: TestServer;
let now = NOW;
let tutor: Caller;
let otherTutor: Caller;
let first: Caller;
let second: Caller;
let admin: Caller;
let jan7: number;

/** A Cairo wall-clock instant (UTC+2 in winter). */
const at = (date: string, time: string): Date => new Date(`${date}T${time}:00+02:00`);
const weekOf = (date: string): string => at(date, '00:00').toISOString();

const db = () => server.app.database.db;

async function lesson(
  tutorId: number,
  studentId: number,
  startsAt: Date,
  fields: { duration?: 15 | 30; price?: number; status?: 'fulfilled' | 'pending' | 'cancelled' },
): Promise<number> {
  const duration = fields.duration ?? 30;
  const status = fields.status ?? 'fulfilled';
  return db().transaction(async (tx) => {
    const [appointment] = await tx
      .insert(appointments)
      .values({
        tutorId,
        kind: 'lesson',
        startsAt,
        endsAt: new Date(startsAt.getTime() + duration * 60_000),
        releasedAt: status === 'cancelled' ? startsAt : null,
      })
      .returning({ id: appointments.id });
    if (!appointment) throw new Error('no appointment');
    const canceled = status === 'cancelled';
    const [row] = await tx
      .insert(lessons)
      .values({
        appointmentId: appointment.id,
        tutorId,
        studentId,
        startsAt,
        duration,
        price: fields.price ?? 0,
        status,
        canceledAt: canceled ? startsAt : null,
        canceledBy: canceled ? 'student' : null,
      })
      .returning({ id: lessons.id });
    if (!row) throw new Error('no lesson');
    if (status === 'fulfilled' && fields.price) {
      await creditFulfilledLesson(tx, {
        lessonId: row.id,
        tutorId,
        amount: fields.price,
        at: startsAt,
      });
    }
    return row.id;
  });
}

async function rate(raterId: number, rateeId: number, value: number, when: Date): Promise<void> {
  await db().insert(ratings).values({ raterId, rateeId, value, createdAt: when, updatedAt: when });
}

async function get<T>(caller: Caller, path: string) {
  return callApi<T & { code?: string }>(server, 'GET', path, { token: caller.token });
}

async function tutorStats(caller: Caller, path: string): Promise<TutorStats> {
  const answer = await get<TutorStats>(caller, path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return tutorStatsSchema.parse(answer.body);
}

async function studentStats(caller: Caller, path: string): Promise<StudentStats> {
  const answer = await get<StudentStats>(caller, path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return studentStatsSchema.parse(answer.body);
}

const emptyTutorWeek = {
  lessons: 0,
  minutes: 0,
  students: 0,
  earned: 0,
  ratings: 0,
  average: null,
};

beforeAll(async () => {
  server = await startTestServer();
  server.app.clock.now = () => now;
  tutor = await insertTutor(server);
  otherTutor = await insertTutor(server);
  first = await insertUser(server, Role.Student);
  second = await insertUser(server, Role.Student);
  admin = await insertUser(server, Role.SuperAdmin);
  // Week of Saturday 15 December 2029: two lessons, two students.
  await lesson(tutor.id, first.id, at('2029-12-17', '10:00'), { price: 3000 });
  await lesson(tutor.id, second.id, at('2029-12-18', '18:00'), { duration: 15, price: 1500 });
  // Week of 29 December: the last quarter hour of Friday 4 January, Cairo time.
  await lesson(tutor.id, second.id, at('2030-01-04', '23:45'), { duration: 15, price: 1000 });
  // Not taught: canceled, and still to come.
  await lesson(tutor.id, first.id, at('2029-12-31', '10:00'), { status: 'cancelled' });
  await lesson(tutor.id, second.id, at('2030-01-10', '10:00'), { status: 'pending' });
  // This week (from Saturday 5 January 00:00 Cairo).
  jan7 = await lesson(tutor.id, first.id, at('2030-01-07', '09:00'), { price: 3000 });
  // The first student with another tutor (week of 29 December).
  await lesson(otherTutor.id, first.id, at('2029-12-30', '12:00'), { price: 2000 });
  await rate(second.id, tutor.id, 5, at('2029-12-20', '12:00'));
  await rate(first.id, tutor.id, 4, at('2030-01-06', '12:00'));
  await rate(first.id, otherTutor.id, 1, at('2030-01-06', '12:00'));
});
afterAll(() => server.close());

describe('GET /user/tutor/stats/{id}', () => {
  it('sums the lessons given, minutes, students, earnings and ratings by Cairo week', async () => {
    const stats = await tutorStats(tutor, `/user/tutor/stats/${tutor.id}?weeks=4`);
    expect(stats).toEqual({
      tutorId: tutor.id,
      lessons: 4,
      minutes: 90,
      students: 2,
      earned: 8500,
      ratings: 2,
      average: 4.5,
      weeks: [
        {
          weekStart: weekOf('2029-12-15'),
          lessons: 2,
          minutes: 45,
          students: 2,
          earned: 4500,
          ratings: 1,
          average: 5,
        },
        { weekStart: weekOf('2029-12-22'), ...emptyTutorWeek },
        {
          weekStart: weekOf('2029-12-29'),
          lessons: 1,
          minutes: 15,
          students: 1,
          earned: 1000,
          ratings: 0,
          average: null,
        },
        {
          weekStart: weekOf('2030-01-05'),
          lessons: 1,
          minutes: 30,
          students: 1,
          earned: 3000,
          ratings: 1,
          average: 4,
        },
      ],
    });
    // Without ?weeks the chart holds the default twelve, the current week last.
    const defaults = await tutorStats(tutor, '/user/tutor/stats/personalized');
    expect(defaults.weeks).toHaveLength(12);
    expect(defaults.weeks.at(-1)?.weekStart).toBe(weekOf('2030-01-05'));
    expect(defaults.weeks.at(-4)?.earned).toBe(4500);
  });

  it('is the same answer as /personalized, and an admin reads any tutor', async () => {
    const own = await tutorStats(tutor, '/user/tutor/stats/personalized?weeks=4');
    expect(own).toEqual(await tutorStats(tutor, `/user/tutor/stats/${tutor.id}?weeks=4`));
    expect(await tutorStats(admin, `/user/tutor/stats/${tutor.id}?weeks=4`)).toEqual(own);
    const other = await tutorStats(otherTutor, '/user/tutor/stats/personalized?weeks=2');
    expect(other).toMatchObject({ lessons: 1, minutes: 30, students: 1, earned: 2000 });
    expect(other).toMatchObject({ ratings: 1, average: 1 });
  });

  it('moves its weeks with the clock and nets a reversed credit', async () => {
    now = at('2030-01-16', '10:00');
    try {
      const stats = await tutorStats(tutor, '/user/tutor/stats/personalized?weeks=3');
      expect(stats.weeks.map((week) => [week.weekStart, week.lessons, week.earned])).toEqual([
        [weekOf('2029-12-29'), 1, 1000],
        [weekOf('2030-01-05'), 1, 3000],
        [weekOf('2030-01-12'), 0, 0],
      ]);
      await db().transaction((tx) => reverseLessonCredit(tx, jan7, now));
      const reversed = await tutorStats(tutor, '/user/tutor/stats/personalized?weeks=3');
      expect(reversed.earned).toBe(5500);
      expect(reversed.weeks[1]).toMatchObject({ lessons: 1, earned: 0 });
    } finally {
      now = NOW;
    }
  });

  it('refuses another tutor, a non-tutor id and a bad week count, changing nothing', async () => {
    const other = await get(tutor, `/user/tutor/stats/${otherTutor.id}`);
    expect([other.status, other.body.code]).toEqual([403, 'forbidden']);
    const student = await get(admin, `/user/tutor/stats/${first.id}`);
    expect([student.status, student.body.code]).toEqual([404, 'tutor-not-found']);
    const byStudent = await get(first, `/user/tutor/stats/${tutor.id}`);
    expect([byStudent.status, byStudent.body.code]).toEqual([403, 'forbidden']);
    for (const weeks of ['0', '53', 'x']) {
      const bad = await get(tutor, `/user/tutor/stats/personalized?weeks=${weeks}`);
      expect(bad.status).toBe(400);
    }
  });
});

describe('GET /user/student/stats/{id}', () => {
  it('sums minutes learned by Cairo week and counts the streaks', async () => {
    const stats = await studentStats(first, `/user/student/stats/${first.id}?weeks=4`);
    expect(stats).toEqual({
      studentId: first.id,
      lessons: 3,
      minutes: 90,
      tutors: 2,
      currentStreak: 2,
      longestStreak: 2,
      weeks: [
        { weekStart: weekOf('2029-12-15'), lessons: 1, minutes: 30 },
        { weekStart: weekOf('2029-12-22'), lessons: 0, minutes: 0 },
        { weekStart: weekOf('2029-12-29'), lessons: 1, minutes: 30 },
        { weekStart: weekOf('2030-01-05'), lessons: 1, minutes: 30 },
      ],
    });
    // The second student has no lesson yet this week: last week's lesson keeps the streak.
    const other = await studentStats(second, '/user/student/stats/personalized?weeks=1');
    expect(other).toMatchObject({ lessons: 2, minutes: 30, tutors: 1 });
    expect(other).toMatchObject({ currentStreak: 1, longestStreak: 1 });
    expect(other.weeks).toEqual([{ weekStart: weekOf('2030-01-05'), lessons: 0, minutes: 0 }]);
  });

  it('keeps the streak through a week not over yet and breaks it after a week without', async () => {
    now = at('2030-01-16', '10:00');
    try {
      const running = await studentStats(first, '/user/student/stats/personalized?weeks=2');
      expect([running.currentStreak, running.longestStreak]).toEqual([2, 2]);
      now = at('2030-01-19', '00:00');
      const broken = await studentStats(first, '/user/student/stats/personalized?weeks=2');
      expect([broken.currentStreak, broken.longestStreak]).toEqual([0, 2]);
      expect(broken.weeks.map((week) => week.weekStart)).toEqual([
        weekOf('2030-01-12'),
        weekOf('2030-01-19'),
      ]);
    } finally {
      now = NOW;
    }
  });

  it('is the same as /personalized for the student and for an admin; others are refused', async () => {
    const own = await studentStats(first, '/user/student/stats/personalized?weeks=4');
    expect(await studentStats(admin, `/user/student/stats/${first.id}?weeks=4`)).toEqual(own);
    const other = await get(first, `/user/student/stats/${second.id}`);
    expect([other.status, other.body.code]).toEqual([403, 'forbidden']);
    const notStudent = await get(admin, `/user/student/stats/${tutor.id}`);
    expect([notStudent.status, notStudent.body.code]).toEqual([404, 'student-not-found']);
    const byTutor = await get(tutor, `/user/student/stats/personalized`);
    expect([byTutor.status, byTutor.body.code]).toEqual([403, 'forbidden']);
  });
});

describe('GET /user/tutor/activity/{id}', () => {
  it('counts the lessons given by Cairo day up to today, and the last one', async () => {
    const answer = await get(tutor, `/user/tutor/activity/${tutor.id}?weeks=2`);
    expect(answer.status).toBe(200);
    const activity = tutorActivitySchema.parse(answer.body);
    expect(activity.tutorId).toBe(tutor.id);
    expect(activity.lastLessonAt).toBe(at('2030-01-07', '09:00').toISOString());
    // Saturday 29 December to Wednesday 9 January: twelve days, today last.
    expect(activity.days).toHaveLength(12);
    expect(activity.days[0]?.day).toBe(weekOf('2029-12-29'));
    expect(activity.days.at(-1)?.day).toBe(weekOf('2030-01-09'));
    const busy = activity.days.filter((day) => day.lessons > 0);
    expect(busy).toEqual([
      { day: weekOf('2030-01-04'), lessons: 1, minutes: 15 },
      { day: weekOf('2030-01-07'), lessons: 1, minutes: 30 },
    ]);
    expect(await get(admin, `/user/tutor/activity/${tutor.id}?weeks=2`)).toEqual(answer);
  });

  it('refuses another tutor and a non-tutor id', async () => {
    const other = await get(tutor, `/user/tutor/activity/${otherTutor.id}`);
    expect([other.status, other.body.code]).toEqual([403, 'forbidden']);
    const student = await get(admin, `/user/tutor/activity/${first.id}`);
    expect([student.status, student.body.code]).toEqual([404, 'tutor-not-found']);
  });
});

describe('GET /user/tutor/tutoring-minutes', () => {
  it('gives this week’s, last week’s and all minutes taught, and this week’s booked', async () => {
    const answer = await get(tutor, '/user/tutor/tutoring-minutes');
    expect(answer.status).toBe(200);
    expect(tutoringMinutesSchema.parse(answer.body)).toEqual({
      thisWeek: 30,
      lastWeek: 15,
      total: 90,
      booked: 30,
    });
    now = at('2030-01-16', '10:00');
    try {
      const later = await get(tutor, '/user/tutor/tutoring-minutes');
      expect(later.body).toEqual({ thisWeek: 0, lastWeek: 30, total: 90, booked: 0 });
    } finally {
      now = NOW;
    }
    const byStudent = await get(first, '/user/tutor/tutoring-minutes');
    expect([byStudent.status, byStudent.body.code]).toEqual([403, 'forbidden']);
  });
});

describe('GET /user/tutor/list/uncontacted', () => {
  async function room(type: RoomType, members: number[], senders: number[]): Promise<void> {
    const [row] = await db().insert(chatRooms).values({ type }).returning({ id: chatRooms.id });
    if (!row) throw new Error('no room');
    await db()
      .insert(chatMembers)
      .values(members.map((userId) => ({ roomId: row.id, userId })));
    if (senders.length > 0) {
      await db()
        .insert(chatMessages)
        .values(
          senders.map((senderId, index) => ({
            roomId: row.id,
            seq: index + 1,
            senderId,
            text: 'مرحبا',
          })),
        );
    }
  }

  async function uncontacted(caller: Caller): Promise<number[]> {
    const answer = await get(caller, '/user/tutor/list/uncontacted');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return uncontactedTutorsSchema
      .parse(answer.body)
      .map((person) => person.id)
      .sort((a, b) => a - b);
  }

  it('lists the student’s tutors until the student writes in their room', async () => {
    const both = [tutor.id, otherTutor.id].sort((a, b) => a - b);
    expect(await uncontacted(first)).toEqual(both);
    // The tutor wrote, and the student wrote in a lesson's room: not yet a contact.
    await room(RoomType.General, [first.id, tutor.id], [tutor.id]);
    await room(RoomType.Lesson, [first.id, otherTutor.id], [first.id]);
    expect(await uncontacted(first)).toEqual(both);
    await room(RoomType.General, [first.id, otherTutor.id], [otherTutor.id, first.id]);
    expect(await uncontacted(first)).toEqual([tutor.id]);
    // The second student's tutor is listed for them whatever the first wrote.
    expect(await uncontacted(second)).toEqual([tutor.id]);
    const newcomer = await insertUser(server, Role.Student);
    expect(await uncontacted(newcomer)).toEqual([]);
    const byTutor = await get(tutor, '/user/tutor/list/uncontacted');
    expect([byTutor.status, byTutor.body.code]).toEqual([403, 'forbidden']);
  });
});

describe('GET /user/tutor/full-tutors', () => {
  it('pages the listed tutors with a schedule and no free time left this week', async () => {
    // Saturday mornings only: this week's Saturday is over on Wednesday.
    const saturday: [number, number][] = [[weekMinute(0, '10:00'), 30]];
    const busy = await insertTutor(server, { slots: saturday });
    const quiet = await insertTutor(server, { slots: saturday });
    const hidden = await insertTutor(server, { slots: saturday, activated: false });
    const idle = await insertTutor(server, { slots: [] });
    await lesson(busy.id, second.id, at('2030-01-05', '10:00'), { duration: 30 });
    const manager = await insertUser(server, Role.TutorManager);

    const answer = await get(manager, '/user/tutor/full-tutors?page=1&size=10');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const page = fullTutorPageSchema.parse(answer.body);
    expect(page.total).toBe(2);
    expect(page.list.map((row) => [row.id, row.bookedMinutes])).toEqual([
      [busy.id, 30],
      [quiet.id, 0],
    ]);
    const ids = page.list.map((row) => row.id);
    for (const left of [tutor.id, otherTutor.id, hidden.id, idle.id]) {
      expect(ids).not.toContain(left);
    }
    const paged = await get(admin, '/user/tutor/full-tutors?page=2&size=1');
    expect(fullTutorPageSchema.parse(paged.body)).toMatchObject({
      total: 2,
      list: [{ id: quiet.id }],
    });
    const beyond = await get(admin, '/user/tutor/full-tutors?page=3&size=1');
    expect(beyond.body).toEqual({ total: 2, list: [] });
    const bad = await get(admin, '/user/tutor/full-tutors?size=0');
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid-page-size']);
    const byTutor = await get(tutor, '/user/tutor/full-tutors');
    expect([byTutor.status, byTutor.body.code]).toEqual([403, 'forbidden']);
  });
});
