import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DemoSessionStatus, InterviewStatus, Role } from '@talaqa/domain';
import type { DemoSessionPage, DemoSessionView, InterviewView } from '@talaqa/domain';
import { appointments, jobs, users } from '../../src/db/schema';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertManager, insertNewTutor } from './interviews-fixtures';
import { cairo, insertUser, NOW } from './lessons-fixtures';

/**
 * Demo sessions (issue 21 item 4) over HTTP: only after a passed interview, one at a time per
 * tutor, the manager's time shared with interviews, each side's cancellation and the decision,
 * a new try three months after a rejection, and the list.
 */

let server: TestServer;
let admin: Caller;

beforeAll(async () => {
  server = await startTestServer();
  admin = await insertUser(server, Role.SuperAdmin);
});
afterAll(() => server.close());
beforeEach(() => {
  server.app.clock.now = () => NOW;
});

const at = (time: string, day = 9): string => cairo(day, time).toISOString();
const setNow = (instant: Date): void => {
  server.app.clock.now = () => instant;
};
const FEEDBACK = 'شرح واضح وتفاعل جيد مع الطالب';

/** A tutor whose interview (Monday 7 January, 12:00) has passed; the clock back at NOW. */
async function passedTutor(manager: Caller): Promise<Caller> {
  const tutor = await insertNewTutor(server);
  setNow(cairo(7, '09:00'));
  const interview = await call<InterviewView>(server, 'POST', '/interview', tutor, {
    interviewerId: manager.id,
    start: at('12:00', 9),
  });
  expect(interview.status).toBe(201);
  setNow(cairo(9, '12:30'));
  const passed = await call(server, 'PATCH', '/interview', manager, {
    id: interview.body.id,
    status: InterviewStatus.Passed,
    feedback: 'أداء جيد في المحادثة والنطق',
    level: 5,
  });
  expect(passed.status).toBe(200);
  setNow(NOW);
  return tutor;
}

const book = (tutor: Caller, tutorManagerId: number, start: string) =>
  call<DemoSessionView & { code?: string }>(server, 'POST', '/demo-session', tutor, {
    tutorManagerId,
    start,
  });
const patch = (caller: Caller, body: Record<string, unknown>) =>
  call<DemoSessionView & { code?: string }>(server, 'PATCH', '/demo-session', caller, body);

describe('booking a demo session', () => {
  it('needs a passed interview', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    const answer = await book(tutor, manager.id, at('13:00'));
    expect([answer.status, answer.body.code]).toEqual([422, 'illegal']);
  });

  it('books 30 minutes of an active manager, one at a time per tutor', async () => {
    const manager = await insertManager(server);
    const tutor = await passedTutor(manager);
    // Wednesday 16 January (next week): the interview held 12:00-12:30 on the 9th.
    const answer = await book(tutor, manager.id, at('11:00', 16));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      status: DemoSessionStatus.Pending,
      tutorId: tutor.id,
      tutorManagerId: manager.id,
      start: at('11:00', 16),
      end: at('11:30', 16),
    });
    const again = await book(tutor, manager.id, at('13:00', 16));
    expect([again.status, again.body.code]).toEqual([409, 'demo-session-exists']);
    const idle = await insertManager(server, []);
    const student = await insertUser(server, Role.Student);
    const other = await passedTutor(await insertManager(server));
    const cases: [number, string, number, string][] = [
      [student.id, at('13:00', 16), 404, 'user-not-found'],
      [idle.id, at('13:00', 16), 422, 'inactive-tutor-manager'],
      // The manager's time is taken by the first tutor's demo session.
      [manager.id, at('11:15', 16), 409, 'busy-tutor-manager'],
    ];
    for (const [managerId, start, status, code] of cases) {
      const refused = await book(other, managerId, start);
      expect([refused.status, refused.body.code], code).toEqual([status, code]);
    }
  });

  it('shares the manager’s time with interviews (the database refuses the overlap)', async () => {
    const manager = await insertManager(server);
    const tutor = await passedTutor(manager);
    const newcomer = await insertNewTutor(server);
    const interview = await call(server, 'POST', '/interview', newcomer, {
      interviewerId: manager.id,
      start: at('13:00'),
    });
    expect(interview.status).toBe(201);
    const refused = await book(tutor, manager.id, at('12:45'));
    expect([refused.status, refused.body.code]).toEqual([409, 'busy-tutor-manager']);
    // Even when the offered-times check is passed by (a row written beside it), the exclusion
    // constraint refuses a second live appointment of the manager at that time.
    await expect(
      server.app.database.db.insert(appointments).values({
        tutorId: manager.id,
        kind: 'demo-session',
        startsAt: cairo(9, '13:15'),
        endsAt: cairo(9, '13:45'),
      }),
    ).rejects.toThrow();
    const held = await server.app.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.tutorId, manager.id), isNull(appointments.releasedAt)));
    expect(
      held.filter((row) => row.startsAt.getTime() === cairo(9, '13:00').getTime()),
    ).toHaveLength(1);
  });
});

describe('changing a demo session', () => {
  async function booked() {
    const manager = await insertManager(server);
    const tutor = await passedTutor(manager);
    const demo = await book(tutor, manager.id, at('11:00', 16));
    expect(demo.status).toBe(201);
    return { manager, tutor, demo: demo.body };
  }

  it('lets each side cancel as itself only, and the tutor until the start', async () => {
    const { manager, tutor, demo } = await booked();
    const wrong: [Caller, number][] = [
      [tutor, DemoSessionStatus.CanceledByTutorManager],
      [tutor, DemoSessionStatus.CanceledByAdmin],
      [manager, DemoSessionStatus.CanceledByTutor],
      [manager, DemoSessionStatus.CanceledByAdmin],
      [tutor, DemoSessionStatus.Passed],
    ];
    for (const [who, status] of wrong) {
      const answer = await patch(who, { id: demo.id, status, feedback: FEEDBACK });
      expect([answer.status, answer.body.code], `${who.id} ${status}`).toEqual([403, 'forbidden']);
    }
    setNow(cairo(16, '11:01'));
    const late = await patch(tutor, { id: demo.id, status: DemoSessionStatus.CanceledByTutor });
    expect([late.status, late.body.code]).toEqual([422, 'illegal']);
    setNow(cairo(16, '10:59'));
    const canceled = await patch(tutor, { id: demo.id, status: DemoSessionStatus.CanceledByTutor });
    expect([canceled.status, canceled.body.status]).toEqual([
      200,
      DemoSessionStatus.CanceledByTutor,
    ]);
    // A canceled one does not count: the tutor books again, at the freed time too.
    setNow(NOW);
    expect((await book(tutor, manager.id, at('11:00', 16))).status).toBe(201);
  });

  it('lets an admin cancel as the admin, and the manager as the manager', async () => {
    const first = await booked();
    const byAdmin = await patch(admin, {
      id: first.demo.id,
      status: DemoSessionStatus.CanceledByAdmin,
    });
    expect(byAdmin.body.status).toBe(DemoSessionStatus.CanceledByAdmin);
    const second = await booked();
    const byManager = await patch(second.manager, {
      id: second.demo.id,
      status: DemoSessionStatus.CanceledByTutorManager,
    });
    expect(byManager.body.status).toBe(DemoSessionStatus.CanceledByTutorManager);
    const stranger = await insertManager(server);
    const hidden = await patch(stranger, { id: second.demo.id, feedback: FEEDBACK });
    expect([hidden.status, hidden.body.code]).toEqual([404, 'demo-session-not-found']);
  });

  it('lets the manager decide once it started, with feedback; then no second one', async () => {
    const { manager, tutor, demo } = await booked();
    const early = await patch(manager, {
      id: demo.id,
      status: DemoSessionStatus.Passed,
      feedback: FEEDBACK,
    });
    expect([early.status, early.body.code]).toEqual([422, 'illegal']);
    setNow(cairo(16, '11:30'));
    const bare = await patch(manager, { id: demo.id, status: DemoSessionStatus.Passed });
    expect([bare.status, bare.body.code]).toEqual([400, 'required']);
    const short = await patch(manager, {
      id: demo.id,
      status: DemoSessionStatus.Passed,
      feedback: 'قصير',
    });
    expect([short.status, short.body.code]).toEqual([400, 'interview-feedback-too-short']);
    const passed = await patch(manager, {
      id: demo.id,
      status: DemoSessionStatus.Passed,
      feedback: FEEDBACK,
      note: 'ملاحظة للإدارة',
    });
    expect(passed.body).toMatchObject({ status: DemoSessionStatus.Passed, feedback: FEEDBACK });
    const list = await call<DemoSessionPage>(server, 'GET', '/demo-session/list', tutor);
    expect(list.body.list[0]).toMatchObject({ id: demo.id, note: null, feedback: FEEDBACK });
    setNow(cairo(20, '10:00'));
    const another = await book(tutor, manager.id, at('11:00', 23));
    expect([another.status, another.body.code]).toEqual([409, 'demo-session-exists']);
  });

  it('gives a rejected tutor a new try three months after the decision', async () => {
    const { manager, tutor, demo } = await booked();
    setNow(cairo(16, '11:30'));
    await patch(manager, { id: demo.id, status: DemoSessionStatus.Rejected, feedback: FEEDBACK });
    setNow(new Date('2030-04-16T11:29:00+02:00'));
    const early = await book(tutor, manager.id, '2030-04-17T11:00:00+02:00');
    expect([early.status, early.body.code]).toEqual([409, 'demo-session-exists']);
    setNow(new Date('2030-04-16T11:30:00+02:00'));
    expect((await book(tutor, manager.id, '2030-04-17T11:00:00+02:00')).status).toBe(201);
  });
});

describe('the list', () => {
  it('shows each their own (admins all), filtered and paged', async () => {
    const manager = await insertManager(server);
    const a = await passedTutor(manager);
    const b = await passedTutor(await insertManager(server));
    await book(a, manager.id, at('11:00', 16));
    const other = await book(b, manager.id, at('12:00', 16));
    await patch(b, { id: other.body.id, status: DemoSessionStatus.CanceledByTutor });
    const own = await call<DemoSessionPage>(server, 'GET', '/demo-session/list', a);
    expect(own.body.list.map((row) => row.tutorId)).toEqual([a.id]);
    const managers = await call<DemoSessionPage>(
      server,
      'GET',
      '/demo-session/list?size=1',
      manager,
    );
    expect([managers.body.total, managers.body.list.length]).toEqual([2, 1]);
    const canceled = await call<DemoSessionPage>(
      server,
      'GET',
      `/demo-session/list?status=${DemoSessionStatus.CanceledByTutor}&tutorManagerId=${manager.id}`,
      admin,
    );
    expect(canceled.body.list.map((row) => row.id)).toEqual([other.body.id]);
    const byTutor = await call<DemoSessionPage>(
      server,
      'GET',
      `/demo-session/list?tutorId=${a.id}&when=future`,
      admin,
    );
    expect(byTutor.body.total).toBe(1);
    // Record 330: the admin finds a tutor's sessions by part of the name or e-mail.
    await server.app.database.db
      .update(users)
      .set({ name: 'نادر بحث تجريبي' })
      .where(eq(users.id, b.id));
    const found = await call<DemoSessionPage>(
      server,
      'GET',
      `/demo-session/list?tutorManagerId=${manager.id}&search=${encodeURIComponent('بحث')}`,
      admin,
    );
    expect(found.body.list.map((row) => row.id)).toEqual([other.body.id]);
    const student = await insertUser(server, Role.Student);
    expect((await call(server, 'GET', '/demo-session/list', student)).status).toBe(403);
  });
});

describe('demo-session reminders', () => {
  it('name the demo session and link its page, by e-mail and by the meeting WhatsApp template', async () => {
    const manager = await insertManager(server);
    const tutor = await passedTutor(manager);
    const phone = `+2011${String(tutor.id).padStart(8, '0').slice(-8)}`;
    const db = server.app.database.db;
    await db
      .update(users)
      .set({ notificationMethod: 'whatsapp', phone, phoneVerified: true })
      .where(eq(users.id, tutor.id));
    const demo = await book(tutor, manager.id, at('11:00', 16));
    expect(demo.status).toBe(201);
    // The day's reminders run on Tuesday 15 January.
    setNow(cairo(15, '12:00'));
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(jobs.kind, 'interviews.remind'),
          isNull(jobs.doneAt),
          isNull(jobs.canceledAt),
          eq(jobs.runAt, cairo(15, '11:00')),
        ),
      );
    await server.app.jobs.runDue();
    const page = `/demo-session/${demo.body.id}`;
    const sent = () => server.outbox.list().filter((message) => message.text.includes(page));
    await expect.poll(() => sent().length).toBe(2);

    const whatsapp = sent().find((message) => message.channel === 'whatsapp');
    expect(whatsapp).toMatchObject({ to: phone, meta: { template: 'meeting_notice' } });
    expect(whatsapp?.text).toContain('من طلاقة بشأن موعدك: تذكير من طلاقة: جلستك التجريبية مع');
    expect(whatsapp?.text).toContain(`صفحة الموعد: `);

    const email = sent().find((message) => message.channel === 'email');
    expect(email?.text).toContain('جلستك التجريبية مع');
    expect(email?.text).toMatch(new RegExp(`صفحة الجلسة التجريبية: \\S*https?://[^\\s]+${page}`));
    for (const message of sent()) {
      expect(message.text).not.toContain('الدرس');
      expect(message.text).not.toContain('درسك');
    }
  });
});
