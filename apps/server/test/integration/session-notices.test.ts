import type { Socket } from 'socket.io-client';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, users } from '../../src/db/schema';
import { MessagingError } from '../../src/integrations/messaging';
import type { OutboxMessage } from '../../src/integrations/outbox';
import { LESSON_NO_SHOW_JOB } from '../../src/modules/lessons';
import { withoutConfirmations } from './confirmation-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
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
 * No-show and minutes-back notices by message (decision 299), with the clock moved: the no-show
 * rule tells the student (the tutor did not come, the minutes came back) and the tutor (canceled
 * as their absence), each once, also when the rule's job or a notice's send runs again; a tutor's
 * early leave tells the student how many minutes came back.
 */
const NOTICE_JOB = 'lessons.attendance-notice';
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
  vi.restoreAllMocks();
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

/** Time passes to `minutes` after the start: the attendance jobs due run, then the notices. */
async function passTime(minutes: number): Promise<void> {
  now = atMinute(minutes);
  await runAttendanceJobsDue(server, now);
  await server.app.jobs.runDue();
}

async function userOf(id: number) {
  const [row] = await server.app.database.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row;
}

/**
 * Every message any channel delivered to this user (e-mail, and the phone when given) but the
 * booking's confirmations.
 */
async function inbox(id: number, phone?: string): Promise<OutboxMessage[]> {
  const messages = server.outbox.list({ to: (await userOf(id)).email });
  return withoutConfirmations(
    phone ? [...messages, ...server.outbox.list({ to: phone })] : messages,
  );
}

async function join(booked: Booked, who: 'student' | 'tutor', minutes: number) {
  now = atMinute(minutes);
  const socket = await sessionSocket(server, booked[who], sockets);
  expect((await sessionAck(socket, 'JoinSession', { sessionId: booked.lesson.id })).result).toBe(
    'ok',
  );
  return socket;
}

/** The lesson's job of `kind` runs again, as after a crash before it was marked done. */
async function runAgain(kind: string, lessonId: number): Promise<void> {
  await server.app.database.db.execute(sql`update jobs
    set done_at = null, run_at = now(), attempts = 0
    where kind = ${kind} and (key = ${String(lessonId)} or key like ${`${lessonId}:%`})`);
  await server.app.jobs.runDue();
  await server.app.jobs.runDue();
}

describe('no-show notices by message', () => {
  it('tells the student and the tutor once each, also when the no-show job runs twice', async () => {
    const booked = await bookedLesson(server, planId);
    await join(booked, 'student', -1);
    await passTime(10);
    const student = await userOf(booked.student.id);
    const tutor = await userOf(booked.tutor.id);

    const [toStudent, ...moreToStudent] = await inbox(booked.student.id);
    const [toTutor, ...moreToTutor] = await inbox(booked.tutor.id);
    expect([moreToStudent, moreToTutor]).toEqual([[], []]);
    expect(toStudent).toMatchObject({ channel: 'email' });
    expect(toStudent?.subject).toContain(`لم يحضر ${tutor.name}`);
    expect(toStudent?.text).toContain(student.name);
    expect(toStudent?.text).toContain('٣٠ دقيقة إلى رصيد أسبوعك');
    expect(toStudent?.text).toContain(`/lesson/${booked.lesson.id}`);
    expect(toTutor).toMatchObject({ channel: 'email' });
    expect(toTutor?.subject).toBe('أُلغي درسك لغيابك');
    expect(toTutor?.text).toContain(`أُلغي درسك مع ${student.name}`);
    expect(toTutor?.text).toContain('غيابًا عليك');

    // The rule's job again (a crash before it was marked done), and the closing job at the end:
    // the lesson is settled, nothing more is scheduled or sent.
    await runAgain(LESSON_NO_SHOW_JOB, booked.lesson.id);
    await passTime(30);
    expect((await inbox(booked.student.id)).length).toBe(1);
    expect((await inbox(booked.tutor.id)).length).toBe(1);
    const notices = await server.app.database.db
      .select({ key: jobs.key, doneAt: jobs.doneAt })
      .from(jobs)
      .where(and(eq(jobs.kind, NOTICE_JOB), sql`${jobs.key} like ${`${booked.lesson.id}:%`}`));
    expect(notices.map((job) => job.key).toSorted()).toEqual(
      [
        `${booked.lesson.id}:${booked.student.id}:tutor-absent`,
        `${booked.lesson.id}:${booked.tutor.id}:absence-canceled`,
      ].toSorted(),
    );
    expect(notices.every((job) => job.doneAt !== null)).toBe(true);
  });

  it('a failed send is retried once, and the other member is not told twice', async () => {
    const booked = await bookedLesson(server, planId);
    const tutorEmail = (await userOf(booked.tutor.id)).email;
    const email = server.app.lessonNotices.email.bind(server.app.lessonNotices);
    vi.spyOn(server.app.lessonNotices, 'email').mockImplementation((to, notice) =>
      to === tutorEmail
        ? Promise.reject(new MessagingError('unavailable', 'the SMTP server is away'))
        : email(to, notice),
    );
    await passTime(10);
    expect((await inbox(booked.student.id)).length).toBe(1);
    expect(await inbox(booked.tutor.id)).toEqual([]);

    vi.restoreAllMocks();
    // The retry, when its backoff is over.
    await server.app.database.db.execute(sql`update jobs set run_at = now()
      where kind = ${NOTICE_JOB} and done_at is null and key like ${`${booked.lesson.id}:%`}`);
    await server.app.jobs.runDue();
    expect((await inbox(booked.student.id)).length).toBe(1);
    expect((await inbox(booked.tutor.id)).length).toBe(1);
  });

  it('goes by WhatsApp to a student who chose it with a verified phone', async () => {
    const booked = await bookedLesson(server, planId);
    const phone = `+2010${String(booked.student.id).padStart(8, '0').slice(-8)}`;
    await server.app.database.db
      .update(users)
      .set({ notificationMethod: 'whatsapp', phone, phoneVerified: true })
      .where(eq(users.id, booked.student.id));
    await passTime(10);
    const [toStudent, ...more] = await inbox(booked.student.id, phone);
    expect(more).toEqual([]);
    expect(toStudent).toMatchObject({ channel: 'whatsapp', to: phone });
    expect(toStudent?.meta).toMatchObject({ template: 'lesson_notice' });
    expect(toStudent?.text).toContain('٣٠ دقيقة إلى رصيد أسبوعك');
    expect((await inbox(booked.tutor.id)).length).toBe(1);
  });
});

describe('minutes-back notice by message', () => {
  it('tells the student how many minutes came back after the tutor left early, once', async () => {
    const booked = await bookedLesson(server, planId);
    await join(booked, 'student', 0);
    const tutor = await join(booked, 'tutor', 1);
    now = atMinute(18);
    expect((await sessionAck(tutor, 'LeaveSession', { sessionId: booked.lesson.id })).result).toBe(
      'ok',
    );
    await passTime(30);
    const [toStudent, ...more] = await inbox(booked.student.id);
    expect(more).toEqual([]);
    expect(toStudent?.subject).toBe('عادت ١٢ دقيقة إلى رصيدك');
    expect(toStudent?.text).toContain(`غادر ${(await userOf(booked.tutor.id)).name} درسك`);
    expect(await inbox(booked.tutor.id)).toEqual([]);
    await runAgain('lessons.close', booked.lesson.id);
    expect((await inbox(booked.student.id)).length).toBe(1);
  });

  it('sends nothing when the tutor stayed to the end', async () => {
    const booked = await bookedLesson(server, planId);
    await join(booked, 'student', 0);
    await join(booked, 'tutor', 0);
    await passTime(30);
    expect(await inbox(booked.student.id)).toEqual([]);
    expect(await inbox(booked.tutor.id)).toEqual([]);
  });
});
