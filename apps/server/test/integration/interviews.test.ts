import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InterviewStatus, Role, Weekday } from '@talaqa/domain';
import type {
  AvailabilityWeek,
  InterviewPage,
  InterviewTimes,
  InterviewView,
  PersonSummary,
} from '@talaqa/domain';
import { appointments, jobs, users } from '../../src/db/schema';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertManager, insertNewTutor } from './interviews-fixtures';
import { cairo, insertPlan, insertStudent, insertUser, NOW } from './lessons-fixtures';

/**
 * Interviews (issue 21 item 3) over HTTP: the interviewers and their free times, booking under
 * every rule and error code, cancelling and deciding by each side, the reapply period with the
 * clock moved, the lists and the reminders.
 */

let server: TestServer;
let admin: Caller;

beforeAll(async () => {
  server = await startTestServer();
  admin = await insertUser(server, Role.RegularAdmin);
});
afterAll(() => server.close());
beforeEach(() => {
  server.app.clock.now = () => NOW;
});

const at = (time: string): string => cairo(9, time).toISOString();
const setNow = (instant: Date): void => {
  server.app.clock.now = () => instant;
};

async function book(tutor: Caller, interviewerId: number, time: string) {
  return call<InterviewView & { code?: string }>(server, 'POST', '/interview', tutor, {
    interviewerId,
    start: at(time),
  });
}

const patch = (caller: Caller, body: Record<string, unknown>) =>
  call<InterviewView & { code?: string; fields?: { path: string; code: string }[] }>(
    server,
    'PATCH',
    '/interview',
    caller,
    body,
  );

const GOOD = { feedback: 'أداء جيد في المحادثة والنطق', level: 4 };

describe('interviewers and their times', () => {
  it('lists the active tutor managers only (a schedule makes a manager active)', async () => {
    const active = await insertManager(server);
    const idle = await insertManager(server, []);
    const tutor = await insertNewTutor(server);
    const answer = await call<PersonSummary[]>(server, 'GET', '/user/interviewer/select', tutor);
    expect(answer.status).toBe(200);
    const ids = answer.body.map((person) => person.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(idle.id);
    const student = await insertStudent(server, {
      planId: await insertPlan(server),
      subscribed: false,
    });
    expect((await call(server, 'GET', '/user/interviewer/select', student)).status).toBe(403);
  });

  it('offers 30-minute starts from an hour ahead, without the busy ones', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    const times = async () => {
      const answer = await call<InterviewTimes>(
        server,
        'GET',
        `/interview/select?interviewerId=${manager.id}`,
        tutor,
      );
      expect(answer.status).toBe(200);
      return answer.body[0]?.starts ?? [];
    };
    const before = await times();
    // Now is 10:00: 10:45 is inside the hour's notice, 11:00 is the first; 13:30 the last of
    // the day (30 minutes fit before 14:00); next Cairo week is offered too, and no later.
    expect(before[0]).toBe(at('11:00'));
    expect(before).not.toContain(at('10:45'));
    expect(before).toContain(at('13:30'));
    expect(before).not.toContain(at('13:45'));
    expect(before).toContain(cairo(16, '10:00').toISOString());
    expect(before.at(-1)).toBe(cairo(16, '13:30').toISOString());
    expect((await book(tutor, manager.id, '12:00')).status).toBe(201);
    const after = await times();
    for (const taken of ['11:45', '12:00', '12:15']) expect(after).not.toContain(at(taken));
    expect(after).toContain(at('11:30'));
    expect(after).toContain(at('12:30'));
  });

  it('answers user-not-found for a non-manager and inactive-tutor-manager without a schedule', async () => {
    const tutor = await insertNewTutor(server);
    const idle = await insertManager(server, []);
    const notFound = await call<{ code: string }>(
      server,
      'GET',
      `/interview/select?interviewerId=${tutor.id}`,
      tutor,
    );
    expect([notFound.status, notFound.body.code]).toEqual([404, 'user-not-found']);
    const inactive = await call<{ code: string }>(
      server,
      'GET',
      `/interview/select?interviewerId=${idle.id}`,
      tutor,
    );
    expect([inactive.status, inactive.body.code]).toEqual([422, 'inactive-tutor-manager']);
  });
});

describe('booking an interview', () => {
  it('books a pending interview holding the manager’s time', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    const answer = await book(tutor, manager.id, '12:00');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      status: InterviewStatus.Pending,
      start: at('12:00'),
      end: at('12:30'),
      interviewerId: manager.id,
      intervieweeId: tutor.id,
      feedback: null,
      level: null,
      closedAt: null,
    });
    const held = await server.app.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.tutorId, manager.id), isNull(appointments.releasedAt)));
    expect(held.map((row) => [row.kind, row.startsAt.toISOString()])).toEqual([
      ['interview', at('12:00')],
    ]);
  });

  it('refuses each rule with its code and changes nothing', async () => {
    const manager = await insertManager(server);
    const idle = await insertManager(server, []);
    const tutor = await insertNewTutor(server);
    const other = await insertNewTutor(server);
    const cases: [Caller, number, string, number, string][] = [
      [tutor, other.id, '12:00', 404, 'user-not-found'],
      [tutor, idle.id, '12:00', 422, 'inactive-tutor-manager'],
      // Outside the manager's schedule, inside the notice, in the past.
      [tutor, manager.id, '15:00', 409, 'busy-tutor-manager'],
      [tutor, manager.id, '10:30', 409, 'busy-tutor-manager'],
      [tutor, manager.id, '09:00', 409, 'busy-tutor-manager'],
    ];
    for (const [who, interviewerId, time, status, code] of cases) {
      const answer = await book(who, interviewerId, time);
      expect([answer.status, answer.body.code], `${code} ${time}`).toEqual([status, code]);
    }
    expect((await book(tutor, manager.id, '12:00')).status).toBe(201);
    // One live interview per tutor; the manager's time is taken for everyone else.
    const again = await book(tutor, manager.id, '13:00');
    expect([again.status, again.body.code]).toEqual([409, 'conflicting-interview']);
    const overlap = await book(other, manager.id, '12:15');
    expect([overlap.status, overlap.body.code]).toEqual([409, 'busy-tutor-manager']);
    const bad = await call<{ code: string }>(server, 'POST', '/interview', tutor, {
      interviewerId: manager.id,
      start: '2030-01-09T12:05:00+02:00',
    });
    expect(bad.status).toBe(400);
  });

  it('lets only tutors book', async () => {
    const manager = await insertManager(server);
    const answer = await call(server, 'POST', '/interview', manager, {
      interviewerId: manager.id,
      start: at('12:00'),
    });
    expect(answer.status).toBe(403);
  });
});

describe('cancelling and deciding', () => {
  async function booked(time = '12:00') {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    const answer = await book(tutor, manager.id, time);
    expect(answer.status).toBe(201);
    return { manager, tutor, interview: answer.body };
  }

  it('lets the tutor cancel until the start, which frees the manager’s time', async () => {
    const { manager, tutor, interview } = await booked();
    const canceled = await patch(tutor, {
      id: interview.id,
      status: InterviewStatus.CanceledByInterviewee,
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe(InterviewStatus.CanceledByInterviewee);
    expect(canceled.body.closedAt).toBe(NOW.toISOString());
    // Another tutor may take the same time now, and this tutor may book again.
    const other = await insertNewTutor(server);
    expect((await book(other, manager.id, '12:00')).status).toBe(201);
    expect((await book(tutor, manager.id, '13:00')).status).toBe(201);
  });

  it('refuses the tutor’s cancellation after the start, and the tutor’s decisions', async () => {
    const { tutor, interview } = await booked();
    expect(
      (await patch(tutor, { id: interview.id, status: InterviewStatus.Passed, ...GOOD })).body.code,
    ).toBe('forbidden');
    expect(
      (await patch(tutor, { id: interview.id, status: InterviewStatus.CanceledByInterviewer }))
        .status,
    ).toBe(403);
    setNow(cairo(9, '12:05'));
    const late = await patch(tutor, {
      id: interview.id,
      status: InterviewStatus.CanceledByInterviewee,
    });
    expect([late.status, late.body.code]).toEqual([422, 'illegal']);
  });

  it('lets the manager cancel a pending interview, even after the start (no-show)', async () => {
    const { manager, interview } = await booked();
    setNow(cairo(9, '12:20'));
    const answer = await patch(manager, {
      id: interview.id,
      status: InterviewStatus.CanceledByInterviewer,
    });
    expect([answer.status, answer.body.status]).toEqual([
      200,
      InterviewStatus.CanceledByInterviewer,
    ]);
  });

  it('lets the manager decide only once it started, with feedback and a level', async () => {
    const { manager, tutor, interview } = await booked();
    const early = await patch(manager, {
      id: interview.id,
      status: InterviewStatus.Passed,
      ...GOOD,
    });
    expect([early.status, early.body.code]).toEqual([422, 'illegal']);
    setNow(cairo(9, '12:30'));
    const bare = await patch(manager, { id: interview.id, status: InterviewStatus.Passed });
    expect(bare.status).toBe(400);
    expect(bare.body.fields?.map((field) => field.path).sort()).toEqual(['feedback', 'level']);
    const passed = await patch(manager, {
      id: interview.id,
      status: InterviewStatus.Passed,
      note: 'ملاحظة داخلية',
      ...GOOD,
    });
    expect(passed.status).toBe(200);
    expect(passed.body).toMatchObject({
      status: InterviewStatus.Passed,
      level: 4,
      note: 'ملاحظة داخلية',
    });
    // Decided once: no other outcome, no cancellation.
    const again = await patch(manager, {
      id: interview.id,
      status: InterviewStatus.Rejected,
      ...GOOD,
    });
    expect([again.status, again.body.code]).toEqual([422, 'illegal']);
    // The manager may still correct the texts; the tutor never sees the note.
    const edited = await patch(manager, { id: interview.id, level: 5 });
    expect(edited.body.level).toBe(5);
    const page = await call<InterviewPage>(server, 'GET', '/interview/list', tutor);
    expect(page.body.list[0]).toMatchObject({ id: interview.id, note: null, level: 5 });
    const texts = await patch(tutor, { id: interview.id, feedback: 'محاولة من المدرس نفسه' });
    expect([texts.status, texts.body.code]).toEqual([403, 'forbidden']);
  });

  it('checks feedback, note and level with their codes', async () => {
    const { manager, interview } = await booked();
    setNow(cairo(9, '12:30'));
    const cases: [Record<string, unknown>, string][] = [
      [{ feedback: 'قصير' }, 'interview-feedback-too-short'],
      [{ feedback: 'ا'.repeat(2001) }, 'interview-feedback-too-long'],
      [{ note: 'ا'.repeat(1001) }, 'interview-note-too-long'],
      [{ level: 0 }, 'interview-level-too-low'],
      [{ level: 7 }, 'interview-level-too-high'],
    ];
    for (const [fields, code] of cases) {
      const answer = await patch(manager, {
        id: interview.id,
        status: InterviewStatus.Passed,
        ...GOOD,
        ...fields,
      });
      expect([answer.status, answer.body.code], code).toEqual([400, code]);
    }
    const still = await call<InterviewPage>(server, 'GET', '/interview/list', manager);
    expect(still.body.list[0]?.status).toBe(InterviewStatus.Pending);
  });

  it('hides an interview from everyone but its two people and admins', async () => {
    const { interview } = await booked();
    const stranger = await insertManager(server);
    const answer = await patch(stranger, {
      id: interview.id,
      status: InterviewStatus.CanceledByInterviewer,
    });
    expect([answer.status, answer.body.code]).toEqual([404, 'interview-not-found']);
    const byAdmin = await patch(admin, {
      id: interview.id,
      status: InterviewStatus.CanceledByInterviewer,
    });
    expect(byAdmin.status).toBe(200);
    expect((await patch(admin, { id: 2_000_000, status: 4 })).body.code).toBe(
      'interview-not-found',
    );
  });
});

describe('booking again after a rejection', () => {
  it('waits three months from the rejection, and never after a pass', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    const first = await book(tutor, manager.id, '12:00');
    setNow(cairo(9, '12:30'));
    const rejected = await patch(manager, {
      id: first.body.id,
      status: InterviewStatus.Rejected,
      ...GOOD,
    });
    expect(rejected.status).toBe(200);
    setNow(NOW);
    const soon = await book(tutor, manager.id, '13:00');
    expect([soon.status, soon.body.code]).toEqual([409, 'conflicting-interview']);
    // The manager's Wednesday 10:00-14:00 three months on: 9 April 2030 is a Tuesday, so the
    // Wednesday after it (10 April, Cairo UTC+2 then) is the first bookable one.
    setNow(new Date('2030-04-09T12:29:00+02:00'));
    const stillEarly = await call<{ code: string }>(server, 'POST', '/interview', tutor, {
      interviewerId: manager.id,
      start: '2030-04-10T12:00:00+02:00',
    });
    expect([stillEarly.status, stillEarly.body.code]).toEqual([409, 'conflicting-interview']);
    setNow(new Date('2030-04-09T12:30:00+02:00'));
    const later = await call<InterviewView>(server, 'POST', '/interview', tutor, {
      interviewerId: manager.id,
      start: '2030-04-10T12:00:00+02:00',
    });
    expect(later.status).toBe(201);
    setNow(new Date('2030-04-10T12:30:00+02:00'));
    expect(
      (await patch(manager, { id: later.body.id, status: InterviewStatus.Passed, ...GOOD })).status,
    ).toBe(200);
    setNow(new Date('2031-04-10T10:00:00+02:00'));
    const afterPass = await call<{ code: string }>(server, 'POST', '/interview', tutor, {
      interviewerId: manager.id,
      start: '2031-04-16T12:00:00+02:00',
    });
    expect([afterPass.status, afterPass.body.code]).toEqual([409, 'conflicting-interview']);
  });
});

describe('the lists', () => {
  it('shows tutors their own, managers theirs and admins all, filtered and paged', async () => {
    const manager = await insertManager(server);
    const otherManager = await insertManager(server);
    const tutors = await Promise.all([1, 2, 3].map(() => insertNewTutor(server)));
    const [a, b, c] = tutors as [Caller, Caller, Caller];
    await book(a, manager.id, '11:00');
    await book(b, manager.id, '12:00');
    const third = await book(c, otherManager.id, '12:00');
    await patch(c, { id: third.body.id, status: InterviewStatus.CanceledByInterviewee });

    const mine = await call<InterviewPage>(server, 'GET', '/interview/list/', a);
    expect(mine.body.total).toBe(1);
    expect(mine.body.list[0]?.intervieweeId).toBe(a.id);
    const theirs = await call<InterviewPage>(server, 'GET', '/interview/list?size=1', manager);
    expect(theirs.body.total).toBe(2);
    expect(theirs.body.list).toHaveLength(1);
    // Newest start first.
    expect(theirs.body.list[0]?.start).toBe(at('12:00'));
    const canceled = await call<InterviewPage>(
      server,
      'GET',
      `/interview/list?status=${InterviewStatus.CanceledByInterviewee}&interviewerId=${otherManager.id}`,
      admin,
    );
    expect(canceled.body.list.map((row) => row.id)).toEqual([third.body.id]);
    const future = await call<InterviewPage>(
      server,
      'GET',
      `/interview/list?when=future&intervieweeId=${b.id}`,
      admin,
    );
    expect(future.body.total).toBe(1);
    const past = await call<InterviewPage>(
      server,
      'GET',
      `/interview/list?when=past&intervieweeId=${b.id}`,
      admin,
    );
    expect(past.body.total).toBe(0);
    // Filters of a tutor never reach beyond the tutor's own.
    const peek = await call<InterviewPage>(
      server,
      'GET',
      `/interview/list?intervieweeId=${b.id}`,
      a,
    );
    expect(peek.body.total).toBe(0);
    const student = await insertStudent(server, {
      planId: await insertPlan(server),
      subscribed: false,
    });
    expect((await call(server, 'GET', '/interview/list', student)).status).toBe(403);
    expect((await call(server, 'GET', '/interview/list?status=9', admin)).status).toBe(400);
  });
});

describe('the admin’s tutor search (record 330)', () => {
  it('finds interviews by part of the tutor’s name or e-mail, wildcards taken literally', async () => {
    const manager = await insertManager(server);
    const [a, b] = (await Promise.all([1, 2].map(() => insertNewTutor(server)))) as [
      Caller,
      Caller,
    ];
    await server.app.database.db
      .update(users)
      .set({ name: 'هالة 50% عبد الله', email: `hala-${a.id}@search.example` })
      .where(eq(users.id, a.id));
    const mine = await book(a, manager.id, '11:00');
    await book(b, manager.id, '12:00');
    const search = async (text: string, caller: Caller = admin) =>
      call<InterviewPage>(
        server,
        'GET',
        `/interview/list?interviewerId=${manager.id}&search=${encodeURIComponent(text)}`,
        caller,
      );
    const byName = await search('  هالة ');
    expect([byName.body.total, byName.body.list[0]?.id]).toEqual([1, mine.body.id]);
    expect((await search(`HALA-${a.id}@`)).body.list.map((row) => row.id)).toEqual([mine.body.id]);
    expect((await search('50%')).body.total).toBe(1);
    // `%` and `_` are letters here, not patterns.
    expect((await search('%')).body.total).toBe(1);
    expect((await search('_')).body.total).toBe(0);
    expect((await search('')).body.total).toBe(2);
    // A manager's search stays within their own.
    const other = await insertManager(server);
    expect((await search('هالة', other)).body.total).toBe(0);
    expect((await search('x'.repeat(101))).status).toBe(400);
  });
});

describe('reminders', () => {
  it('schedules a day’s and an hour’s reminder to both, sends them, and a cancel cancels them', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    // Booked on Monday for Wednesday 12:00 (the manager's next-week times are offered too).
    setNow(cairo(7, '09:00'));
    const interview = await book(tutor, manager.id, '12:00');
    expect(interview.status).toBe(201);
    const db = server.app.database.db;
    const pending = await db
      .select({ key: jobs.key, runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, 'interviews.remind'), isNull(jobs.doneAt), isNull(jobs.canceledAt)));
    const own = pending.filter((job) => job.key?.startsWith(`interview:${interview.body.id}:`));
    expect(own.map((job) => job.key).sort()).toEqual(
      [
        `interview:${interview.body.id}:day:${manager.id}`,
        `interview:${interview.body.id}:day:${tutor.id}`,
        `interview:${interview.body.id}:hour:${manager.id}`,
        `interview:${interview.body.id}:hour:${tutor.id}`,
      ].sort(),
    );
    // The day's reminder runs: both get an e-mail naming the other and the interview page.
    setNow(cairo(8, '12:00'));
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(jobs.kind, 'interviews.remind'),
          eq(jobs.key, `interview:${interview.body.id}:day:${tutor.id}`),
        ),
      );
    await server.app.jobs.runDue();
    await expect
      .poll(
        () =>
          server.outbox
            .list()
            .filter((message) => message.text.includes(`/interview/${interview.body.id}`)).length,
      )
      .toBeGreaterThan(0);
    // Worded as an interview, never as a lesson, with the interview's page.
    const sent = server.outbox
      .list()
      .filter((message) => message.text.includes(`/interview/${interview.body.id}`));
    for (const message of sent) {
      expect(message.text).toContain('تذكير من طلاقة: مقابلتك مع');
      expect(message.text).toContain('صفحة المقابلة: ');
      expect(message.text).not.toContain('الدرس');
    }
    await patch(tutor, { id: interview.body.id, status: InterviewStatus.CanceledByInterviewee });
    const left = await db
      .select({ key: jobs.key })
      .from(jobs)
      .where(and(eq(jobs.kind, 'interviews.remind'), isNull(jobs.doneAt), isNull(jobs.canceledAt)));
    expect(left.filter((job) => job.key?.startsWith(`interview:${interview.body.id}:`))).toEqual(
      [],
    );
  });
});

describe('the manager’s schedule', () => {
  it('is kept as a tutor keeps theirs, and cannot drop a booked interview', async () => {
    const manager = await insertManager(server, []);
    const slots = [{ weekday: Weekday.Wednesday, start: '12:00', length: 30 }];
    const saved = await call<AvailabilityWeek>(server, 'POST', '/availability-slot/', manager, {
      slots,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.template).toEqual(slots);
    // Now active: a tutor books the one half hour.
    const tutor = await insertNewTutor(server);
    expect((await book(tutor, manager.id, '12:00')).status).toBe(201);
    const emptied = await call<{ code: string; message: string }>(
      server,
      'POST',
      '/availability-slot/',
      manager,
      {
        slots: [{ weekday: Weekday.Thursday, start: '12:00', length: 30 }],
      },
    );
    expect([emptied.status, emptied.body.code]).toEqual([409, 'conflicting-schedule']);
    const own = await call<AvailabilityWeek>(server, 'GET', '/availability-slot/', manager);
    expect(own.body.busy.map((busy) => busy.start)).toEqual([at('12:00')]);
  });
});
