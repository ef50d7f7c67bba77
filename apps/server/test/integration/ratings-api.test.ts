import { io as connect } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, ServerEvent } from '@talaqa/domain';
import type {
  RatingPage,
  RatingView,
  TutorPage,
  TutorProfile,
  TutorReviewPage,
  TutorUpdatedEvent,
} from '@talaqa/domain';
import { appointments, lessons, ratings, tutorProfiles } from '../../src/db/schema';
import { call } from './api';
import type { Answer, Caller } from './api';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';
import { cairo, insertTutor, insertUser, NOW } from './lessons-fixtures';
import { DEMO_PAST_LESSON_DAYS_AGO, seedDemoData } from '../../src/demo/seed';
import { findUserRowByEmail } from '../../src/modules/accounts';
import { signAccessToken } from '../../src/security/tokens';

/**
 * Issue 19 item 7: POST /rating/, GET, PUT, DELETE /rating/{id}, the rater's and the ratee's
 * lists. Only a student with a fulfilled lesson rates that tutor, once; the tutor's average and
 * count (card, list, profile, reviews) follow every change at once, the cached list pages too.
 */
let server: TestServer;
let admin: Caller;

beforeAll(async () => {
  // The list's page cache on (its default): a rating must clear it.
  server = await startTestServer();
  server.app.clock.now = () => NOW;
  admin = await insertUser(server, Role.RegularAdmin);
});
afterAll(() => server.close());

const db = () => server.app.database.db;
type Err = { code?: string; fields?: { path: string; code: string }[] };

/** A lesson of the student with the tutor, written straight to the tables. */
async function lesson(
  studentId: number,
  tutorId: number,
  start: Date,
  options: { canceled?: boolean } = {},
): Promise<void> {
  const end = new Date(start.getTime() + 30 * 60_000);
  const [appointment] = await db()
    .insert(appointments)
    .values({ tutorId, kind: 'lesson', startsAt: start, endsAt: end })
    .returning();
  if (!appointment) throw new Error('no appointment');
  await db()
    .insert(lessons)
    .values({
      appointmentId: appointment.id,
      tutorId,
      studentId,
      startsAt: start,
      duration: 30,
      // Over by NOW: both came and the room's end made it fulfilled (record 287).
      status: end <= NOW ? ('fulfilled' as const) : ('pending' as const),
      ...(options.canceled && {
        status: 'cancelled' as const,
        canceledAt: start,
        canceledBy: 'student' as const,
      }),
    });
}

/** Yesterday's lesson, over at NOW: fulfilled. */
const YESTERDAY = cairo(8, '10:00');

/** A past start of its own for each lesson written here (a tutor's times never overlap). */
let earlier = 0;
const pastStart = (): Date => {
  earlier += 1;
  return new Date(YESTERDAY.getTime() - earlier * 30 * 60_000);
};

async function studentWhoTookALessonWith(tutor: Caller): Promise<Caller> {
  const student = await insertUser(server, Role.Student);
  await lesson(student.id, tutor.id, pastStart());
  return student;
}

const rate = (caller: Caller | null, body: unknown) =>
  call<RatingView & Err>(server, 'POST', '/rating/', caller, body);

async function summaryOf(tutorId: number) {
  const [row] = await db()
    .select({ count: tutorProfiles.ratingCount, sum: tutorProfiles.ratingSum })
    .from(tutorProfiles)
    .where(eq(tutorProfiles.userId, tutorId));
  return row;
}

const ratingRows = (tutorId: number) =>
  db().select().from(ratings).where(eq(ratings.rateeId, tutorId));

/** The tutor's card as the public list shows it (a page the cache may hold). */
async function cardOf(tutor: Caller) {
  const page = await call<TutorPage>(server, 'GET', `/user/tutor/list/onboarded?size=100`, null);
  return page.body.list.find((card) => card.id === tutor.id)?.rating;
}

function expectCode(answer: Answer<Err>, status: number, code: string): void {
  expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
}

describe(`POST /rating/ on ${testDriver}`, () => {
  it('rates a tutor after a fulfilled lesson; the card, list, profile and reviews follow at once', async () => {
    const tutor = await insertTutor(server);
    const student = await studentWhoTookALessonWith(tutor);
    // Read (and cached) before the rating.
    expect(await cardOf(tutor)).toEqual({ average: null, count: 0 });

    const socket = connect(server.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: student.token },
    });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const told = new Promise<TutorUpdatedEvent>((resolve) =>
      socket.on(ServerEvent.TutorUpdated, (event: TutorUpdatedEvent) => {
        if (event.tutorId === tutor.id) resolve(event);
      }),
    );
    try {
      const answer = await rate(student, { rateeId: tutor.id, value: 4, text: 'درس ممتع ومفيد' });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        id: expect.any(Number),
        value: 4,
        text: 'درس ممتع ومفيد',
        raterId: student.id,
        rateeId: tutor.id,
        name: expect.any(String),
        createdAt: expect.any(String),
      });
      expect(await summaryOf(tutor.id)).toEqual({ count: 1, sum: 4 });
      expect(await cardOf(tutor)).toEqual({ average: 4, count: 1 });
      const profile = await call<TutorProfile>(server, 'GET', `/user/tutor/info/${tutor.id}`, null);
      expect(profile.body.rating).toEqual({ average: 4, count: 1 });
      const reviews = await call<TutorReviewPage>(
        server,
        'GET',
        `/rating/list/tutor/${tutor.id}`,
        null,
      );
      expect(reviews.body.total).toBe(1);
      expect(reviews.body.list[0]).toMatchObject({ value: 4, text: 'درس ممتع ومفيد' });
      expect((await told).card?.rating).toEqual({ average: 4, count: 1 });
    } finally {
      socket.disconnect();
    }
  });

  it('keeps a blank text as none', async () => {
    const tutor = await insertTutor(server);
    const student = await studentWhoTookALessonWith(tutor);
    const answer = await rate(student, { rateeId: tutor.id, value: 5, text: '   ' });
    expect(answer.status).toBe(201);
    expect(answer.body.text).toBeNull();
  });

  it('answers rating-exists for a second rating of the same tutor, changing nothing', async () => {
    const tutor = await insertTutor(server);
    const student = await studentWhoTookALessonWith(tutor);
    expect((await rate(student, { rateeId: tutor.id, value: 2 })).status).toBe(201);
    expectCode(await rate(student, { rateeId: tutor.id, value: 5 }), 409, 'rating-exists');
    expect(await summaryOf(tutor.id)).toEqual({ count: 1, sum: 2 });
  });

  it('keeps one of two ratings sent at once', async () => {
    const tutor = await insertTutor(server);
    const student = await studentWhoTookALessonWith(tutor);
    const answers = await Promise.all(
      [3, 5, 4].map((value) => rate(student, { rateeId: tutor.id, value })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual([
      'rating-exists',
      'rating-exists',
    ]);
    expect((await summaryOf(tutor.id))?.count).toBe(1);
  });

  it('answers illegal without a fulfilled lesson with that tutor', async () => {
    const tutor = await insertTutor(server);
    const other = await insertTutor(server);
    const student = await insertUser(server, Role.Student);
    expectCode(await rate(student, { rateeId: tutor.id, value: 5 }), 422, 'illegal');
    // A lesson to come, one going on now, one canceled, one with another tutor: none counts.
    await lesson(student.id, tutor.id, cairo(10, '10:00'));
    await lesson(student.id, tutor.id, cairo(9, '09:45'));
    await lesson(student.id, tutor.id, cairo(7, '10:00'), { canceled: true });
    await lesson(student.id, other.id, pastStart());
    expectCode(await rate(student, { rateeId: tutor.id, value: 5 }), 422, 'illegal');
    expect(await summaryOf(tutor.id)).toEqual({ count: 0, sum: 0 });
    // Once the lesson going on now ends with the tutor there, its close job marks it fulfilled
    // (record 287) and it counts.
    await db()
      .update(lessons)
      .set({ status: 'fulfilled' })
      .where(and(eq(lessons.tutorId, tutor.id), eq(lessons.startsAt, cairo(9, '09:45'))));
    expect((await rate(student, { rateeId: tutor.id, value: 5 })).status).toBe(201);
  });

  it('answers tutor-not-found when the ratee is no tutor', async () => {
    const student = await insertUser(server, Role.Student);
    const someone = await insertUser(server, Role.Student);
    await lesson(student.id, (await insertTutor(server)).id, pastStart());
    for (const rateeId of [someone.id, 2_000_000_000]) {
      expectCode(await rate(student, { rateeId, value: 5 }), 404, 'tutor-not-found');
    }
  });

  it('refuses stars and texts out of bounds with their codes, changing nothing', async () => {
    const tutor = await insertTutor(server);
    const student = await studentWhoTookALessonWith(tutor);
    const cases: [unknown, string][] = [
      [{ rateeId: tutor.id, value: 0 }, 'rating-value-too-low'],
      [{ rateeId: tutor.id, value: 6 }, 'rating-value-too-high'],
      [{ rateeId: tutor.id, value: 4, text: 'جيد' }, 'rating-text-too-short'],
      [{ rateeId: tutor.id, value: 4, text: 'ا'.repeat(501) }, 'rating-text-too-long'],
      [{ rateeId: tutor.id }, 'required'],
      [{ value: 4 }, 'required'],
    ];
    for (const [body, code] of cases) {
      const answer = await rate(student, body);
      expect(answer.status).toBe(400);
      expect(answer.body.fields?.map((field) => field.code)).toContain(code);
    }
    expect(await ratingRows(tutor.id)).toEqual([]);
  });

  it('is for students only: 401 without a session, 403 for a tutor or an admin', async () => {
    const tutor = await insertTutor(server);
    const body = { rateeId: tutor.id, value: 5 };
    expectCode(await rate(null, body), 401, 'unauthenticated');
    expectCode(await rate(await insertTutor(server), body), 403, 'forbidden');
    expectCode(await rate(admin, body), 403, 'forbidden');
  });
});

describe(`the tutor's totals under concurrent ratings on ${testDriver}`, () => {
  it('equal the rows after many ratings sent, edited and deleted at once', async () => {
    const tutor = await insertTutor(server);
    const students = await Promise.all(
      Array.from({ length: 16 }, () => studentWhoTookALessonWith(tutor)),
    );
    const created = await Promise.all(
      students.map((student, index) =>
        rate(student, { rateeId: tutor.id, value: (index % 5) + 1 }),
      ),
    );
    expect(created.every((answer) => answer.status === 201)).toBe(true);
    const matchesRows = async () => {
      const rows = await ratingRows(tutor.id);
      const sum = rows.reduce((total, row) => total + row.value, 0);
      expect(await summaryOf(tutor.id)).toEqual({ count: rows.length, sum });
      return rows.length;
    };
    expect(await matchesRows()).toBe(16);
    // Half edit (one of them twice at once), the other half delete, all at once.
    await Promise.all(
      students.flatMap((student, index) => {
        const id = created[index]!.body.id;
        if (index % 2 === 0) {
          return [
            call(server, 'PUT', `/rating/${id}`, student, { value: 5 }),
            ...(index === 0 ? [call(server, 'PUT', `/rating/${id}`, student, { value: 1 })] : []),
          ];
        }
        return [call(server, 'DELETE', `/rating/${id}`, student)];
      }),
    );
    expect(await matchesRows()).toBe(8);
    expect(await cardOf(tutor)).toMatchObject({ count: 8 });
  });
});

describe('GET, PUT and DELETE /rating/{id}', () => {
  let tutor: Caller;
  let student: Caller;
  let stranger: Caller;
  let rating: RatingView;

  beforeAll(async () => {
    tutor = await insertTutor(server);
    student = await studentWhoTookALessonWith(tutor);
    stranger = await studentWhoTookALessonWith(tutor);
    expect((await rate(stranger, { rateeId: tutor.id, value: 1 })).status).toBe(201);
    const created = await rate(student, { rateeId: tutor.id, value: 3, text: 'لا بأس به' });
    rating = created.body;
  });

  const get = (caller: Caller | null, id = rating.id) =>
    call<RatingView & Err>(server, 'GET', `/rating/${id}`, caller);
  const put = (caller: Caller | null, body: unknown, id = rating.id) =>
    call<RatingView & Err>(server, 'PUT', `/rating/${id}`, caller, body);
  const remove = (caller: Caller | null, id = rating.id) =>
    call<Err>(server, 'DELETE', `/rating/${id}`, caller);

  it('shows a rating to its rater, its tutor and admins only', async () => {
    for (const caller of [student, tutor, admin]) {
      const answer = await get(caller);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(rating);
    }
    expectCode(await get(stranger), 403, 'forbidden');
    expectCode(await get(null), 401, 'unauthenticated');
    expectCode(await get(student, 2_000_000_000), 404, 'rating-not-found');
    expectCode(await get(student, 0), 400, 'invalid-type');
  });

  it('lets the rater edit the stars and text; the totals follow', async () => {
    expect(await summaryOf(tutor.id)).toEqual({ count: 2, sum: 4 });
    const edited = await put(student, { value: 5, text: 'تحسّن كثيرًا بعد الدرس الثاني' });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ ...rating, value: 5, text: 'تحسّن كثيرًا بعد الدرس الثاني' });
    expect(await summaryOf(tutor.id)).toEqual({ count: 2, sum: 6 });
    expect(await cardOf(tutor)).toEqual({ average: 3, count: 2 });
    // A replace: the text left out is removed.
    const starsOnly = await put(student, { value: 4 });
    expect(starsOnly.body).toMatchObject({ value: 4, text: null });
    expect(await cardOf(tutor)).toEqual({ average: 2.5, count: 2 });
  });

  it('refuses an edit by anyone else, of an unknown rating, or out of bounds, changing nothing', async () => {
    const before = (await get(student)).body;
    for (const caller of [stranger, tutor, admin]) {
      expectCode(await put(caller, { value: 1 }), 403, 'forbidden');
    }
    expectCode(await put(null, { value: 1 }), 401, 'unauthenticated');
    expectCode(await put(student, { value: 1 }, 2_000_000_000), 404, 'rating-not-found');
    const tooHigh = await put(student, { value: 9 });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.fields?.[0]?.code).toBe('rating-value-too-high');
    expect((await put(student, { value: 3, text: 'قصير' })).body.fields?.[0]?.code).toBe(
      'rating-text-too-short',
    );
    expect((await get(student)).body).toEqual(before);
    expect(await summaryOf(tutor.id)).toEqual({ count: 2, sum: 5 });
  });

  it('lets the rater delete it (then rate again), and an admin delete anyone’s', async () => {
    expectCode(await remove(stranger), 403, 'forbidden');
    expectCode(await remove(tutor), 403, 'forbidden');
    expectCode(await remove(null), 401, 'unauthenticated');
    expect(await summaryOf(tutor.id)).toEqual({ count: 2, sum: 5 });

    const removed = await remove(student);
    expect(removed.status).toBe(204);
    expect(await summaryOf(tutor.id)).toEqual({ count: 1, sum: 1 });
    expect(await cardOf(tutor)).toEqual({ average: 1, count: 1 });
    expectCode(await remove(student), 404, 'rating-not-found');
    expectCode(await get(student), 404, 'rating-not-found');
    expectCode(await put(student, { value: 2 }), 404, 'rating-not-found');

    // Deleted, the student may rate the tutor again.
    const again = await rate(student, { rateeId: tutor.id, value: 5 });
    expect(again.status).toBe(201);
    expect(await summaryOf(tutor.id)).toEqual({ count: 2, sum: 6 });

    const strangers = await call<RatingPage>(
      server,
      'GET',
      `/rating/list/rater/${stranger.id}`,
      stranger,
    );
    const theirs = strangers.body.list[0];
    expect((await remove(admin, theirs?.id)).status).toBe(204);
    expect(await summaryOf(tutor.id)).toEqual({ count: 1, sum: 5 });
    expect(await cardOf(tutor)).toEqual({ average: 5, count: 1 });
  });
});

describe('GET /rating/list/rater/{id} and /rating/list/ratee/{id}', () => {
  let student: Caller;
  let tutors: Caller[];
  let other: Caller;

  beforeAll(async () => {
    student = await insertUser(server, Role.Student, { name: 'منى عادل' });
    other = await insertUser(server, Role.Student, { name: 'Other Student' });
    tutors = [await insertTutor(server), await insertTutor(server), await insertTutor(server)];
    for (const [index, tutor] of tutors.entries()) {
      await lesson(student.id, tutor.id, pastStart());
      server.app.clock.now = () => new Date(NOW.getTime() + index * 60_000);
      expect((await rate(student, { rateeId: tutor.id, value: index + 3 })).status).toBe(201);
    }
    server.app.clock.now = () => NOW;
    await lesson(other.id, tutors[0]!.id, pastStart());
    expect((await rate(other, { rateeId: tutors[0]!.id, value: 1 })).status).toBe(201);
  });

  const list = (caller: Caller | null, path: string) =>
    call<RatingPage & Err>(server, 'GET', path, caller);

  it('pages a student’s own ratings newest first, one tutor’s with rateeId', async () => {
    const mine = await list(student, `/rating/list/rater/${student.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(3);
    expect(new Set(mine.body.list.map((r) => r.rateeId))).toEqual(new Set(tutors.map((t) => t.id)));
    expect(mine.body.list.every((r) => r.raterId === student.id && r.name === 'منى عادل')).toBe(
      true,
    );
    const paged = await list(student, `/rating/list/rater/${student.id}?size=2&page=2`);
    expect(paged.body).toMatchObject({ total: 3 });
    expect(paged.body.list).toHaveLength(1);
    const one = await list(student, `/rating/list/rater/${student.id}?rateeId=${tutors[1]!.id}`);
    expect(one.body.total).toBe(1);
    expect(one.body.list[0]).toMatchObject({ rateeId: tutors[1]!.id, value: 4 });
    expect((await list(admin, `/rating/list/rater/${student.id}`)).body.total).toBe(3);
  });

  it('pages a tutor’s received ratings with the raters’ full names', async () => {
    const received = await list(tutors[0]!, `/rating/list/ratee/${tutors[0]!.id}`);
    expect(received.status).toBe(200);
    expect(received.body.total).toBe(2);
    expect(received.body.list.map((r) => [r.name, r.value]).sort()).toEqual(
      [
        ['Other Student', 1],
        ['منى عادل', 3],
      ].sort(),
    );
    expect((await list(admin, `/rating/list/ratee/${tutors[0]!.id}`)).body.total).toBe(2);
  });

  it('refuses anyone else’s list, a bad page and a stranger', async () => {
    expectCode(await list(other, `/rating/list/rater/${student.id}`), 403, 'forbidden');
    expectCode(await list(tutors[0]!, `/rating/list/rater/${student.id}`), 403, 'forbidden');
    expectCode(await list(student, `/rating/list/ratee/${tutors[0]!.id}`), 403, 'forbidden');
    expectCode(await list(tutors[1]!, `/rating/list/ratee/${tutors[0]!.id}`), 403, 'forbidden');
    expectCode(await list(null, `/rating/list/rater/${student.id}`), 401, 'unauthenticated');
    expectCode(await list(null, `/rating/list/ratee/${tutors[0]!.id}`), 401, 'unauthenticated');
    expect((await list(student, `/rating/list/rater/${student.id}?page=0`)).status).toBe(400);
    expect((await list(student, `/rating/list/rater/${student.id}?rateeId=x`)).status).toBe(400);
  });
});

describe('the demo data', () => {
  it('gives the demo student fulfilled lessons with the demo tutor, to try rating', async () => {
    await seedDemoData(db());
    await seedDemoData(db());
    const student = await findUserRowByEmail(db(), 'student@talaqa.eg');
    const tutor = await findUserRowByEmail(db(), 'tutor@talaqa.eg');
    if (!student || !tutor) throw new Error('no demo accounts');
    const theirs = await db().select().from(lessons).where(eq(lessons.studentId, student.id));
    expect(theirs).toHaveLength(DEMO_PAST_LESSON_DAYS_AGO.length);
    for (const lesson of theirs) {
      expect(lesson).toMatchObject({ tutorId: tutor.id, duration: 30, status: 'fulfilled' });
    }
    const caller = { id: student.id, token: await signAccessToken(student.id, server.config) };
    expect((await rate(caller, { rateeId: tutor.id, value: 5 })).status).toBe(201);
  });

  it('credits the demo tutor 300 EGP through those lessons, enough to request a withdrawal', async () => {
    await seedDemoData(db());
    const tutor = await findUserRowByEmail(db(), 'tutor@talaqa.eg');
    if (!tutor) throw new Error('no demo tutor');
    const caller = { id: tutor.id, token: await signAccessToken(tutor.id, server.config) };
    const totals = await call(server, 'GET', `/invoice/stats/${tutor.id}`, caller);
    expect(totals.body).toMatchObject({ earned: 30_000, available: 30_000 });
    const withdrawal = { method: 2, amount: 20_000, instapayAddress: 'ahmed.samir@instapay' };
    expect((await call(server, 'POST', '/invoice', caller, withdrawal)).status).toBe(201);
  });
});
