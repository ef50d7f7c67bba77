import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role } from '@talaqa/domain';
import type { LessonCanceledAnswer, LessonView } from '@talaqa/domain';
import { jobs, users } from '../../src/db/schema';
import { MessagingError } from '../../src/integrations/messaging';
import type { OutboxMessage } from '../../src/integrations/outbox';
import { LESSON_CONFIRMATION_JOB } from '../../src/modules/lessons';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { cairo, insertPlan, insertStudent, insertTutor, insertUser, NOW } from './lessons-fixtures';
import { atMinute, bookedLesson, runAttendanceJobsDue } from './session-fixtures';

/**
 * Booking, move and cancel confirmations (decision 302): each member gets one e-mail with the
 * lesson's invitation (the feed's UID, SEQUENCE up on every change, CANCEL on cancel) and, when
 * their method is WhatsApp with a verified phone, a WhatsApp message beside it. The runner's own
 * timer is slowed right down: jobs run when a test says so.
 */
let server: TestServer;
let planId: number;
let now = NOW;

beforeAll(async () => {
  server = await startTestServer({ jobsPollMs: 3_600_000 });
  planId = await insertPlan(server);
  server.app.clock.now = () => now;
});
afterEach(() => {
  now = NOW;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const book = async (caller: Caller, tutorId: number, start: Date) => {
  const answer = await call<LessonView>(server, 'POST', '/lesson', caller, {
    tutorId,
    start: start.toISOString(),
    duration: 30,
  });
  expect(answer.status).toBe(201);
  return answer.body;
};

const move = async (caller: Caller, id: number, start: Date) => {
  const answer = await call<LessonView>(server, 'PATCH', '/lesson', caller, {
    id,
    start: start.toISOString(),
    duration: 30,
  });
  expect(answer.status).toBe(200);
};

const cancel = (caller: Caller, id: number, body?: unknown) =>
  call<LessonCanceledAnswer>(server, 'DELETE', `/lesson/${id}`, caller, body);

/** The jobs due run, twice (a second pass finds nothing more to do). */
async function runJobs(): Promise<void> {
  await server.app.jobs.runDue();
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

/** What reached this user, oldest first: e-mail, and the phone when given. */
async function inbox(id: number, phone?: string): Promise<OutboxMessage[]> {
  const messages = server.outbox.list({ to: (await userOf(id)).email });
  const all = phone ? [...messages, ...server.outbox.list({ to: phone })] : messages;
  return all.toSorted((a, b) => a.at.localeCompare(b.at));
}

/** The invitation of an e-mail, unfolded, as `NAME:value` lines. */
function invitationOf(message: OutboxMessage | undefined): string[] {
  const [file, ...more] = message?.attachments ?? [];
  expect(more).toEqual([]);
  expect(file?.contentType).toMatch(/^text\/calendar/);
  return (file?.text ?? '').replace(/\r\n /g, '').split('\r\n');
}

const field = (lines: string[], name: string): string | undefined =>
  lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);

async function pair() {
  const tutor = await insertTutor(server);
  const student = await insertStudent(server, { planId });
  return { tutor, student };
}

describe('lesson confirmations', () => {
  it('booking, moving and cancelling each send one e-mail per member with the invitation', async () => {
    const { tutor, student } = await pair();
    const tutorUser = await userOf(tutor.id);
    const studentUser = await userOf(student.id);
    const lesson = await book(student, tutor.id, cairo(9, '12:00'));
    await runJobs();

    const [booked, ...more] = await inbox(student.id);
    expect(more).toEqual([]);
    expect(booked).toMatchObject({ channel: 'email' });
    expect(booked?.subject).toBe(`تأكيد حجز درس مع ${tutorUser.name}`);
    expect(booked?.text).toContain(
      `تأكيد: حُجز درسك مع ${tutorUser.name} الأربعاء، ٩ يناير في ١٢:٠٠ م بتوقيت القاهرة، ومدته ٣٠ دقيقة.`,
    );
    expect(booked?.text).toContain(`/lesson/${lesson.id}`);
    const invite = invitationOf(booked);
    expect(booked?.attachments?.[0]?.contentType).toContain('method=REQUEST');
    expect(field(invite, 'METHOD')).toBe('REQUEST');
    const uid = field(invite, 'UID');
    expect(uid).toMatch(new RegExp(`^lesson-${lesson.id}@`));
    expect(field(invite, 'DTSTART')).toBe('20300109T100000Z');
    expect(field(invite, 'STATUS')).toBe('CONFIRMED');
    expect(invite.some((line) => line.startsWith('ORGANIZER;') && line.includes('mailto:'))).toBe(
      true,
    );
    expect(invite).toContainEqual(expect.stringContaining(`mailto:${studentUser.email}`));
    const booking = Number(field(invite, 'SEQUENCE'));

    const [toTutor, ...moreToTutor] = await inbox(tutor.id);
    expect(moreToTutor).toEqual([]);
    expect(toTutor?.text).toContain(`تأكيد: حجز ${studentUser.name} درسًا معك`);
    expect(field(invitationOf(toTutor), 'UID')).toBe(uid);

    // Moved within the same minute: the SEQUENCE still goes up.
    await move(student, lesson.id, cairo(9, '13:00'));
    await runJobs();
    const studentMail = await inbox(student.id);
    expect(studentMail).toHaveLength(2);
    const moved = studentMail[1];
    expect(moved?.subject).toBe(`تأكيد نقل درس مع ${tutorUser.name}`);
    expect(moved?.text).toContain(
      'من الأربعاء، ٩ يناير في ١٢:٠٠ م إلى الأربعاء، ٩ يناير في ١:٠٠ م بتوقيت القاهرة',
    );
    const movedInvite = invitationOf(moved);
    expect(field(movedInvite, 'METHOD')).toBe('REQUEST');
    expect(field(movedInvite, 'UID')).toBe(uid);
    expect(field(movedInvite, 'DTSTART')).toBe('20300109T110000Z');
    const moving = Number(field(movedInvite, 'SEQUENCE'));
    expect(moving).toBeGreaterThan(booking);
    expect(await inbox(tutor.id)).toHaveLength(2);

    now = new Date(NOW.getTime() + 60_000);
    const canceled = await cancel(tutor, lesson.id);
    expect(canceled.status).toBe(200);
    // The same request again (a retry): the lesson is canceled already, nothing new is sent.
    expect((await cancel(tutor, lesson.id)).status).toBe(200);
    await runJobs();
    const [, , cancelMail, ...after] = await inbox(student.id);
    expect(after).toEqual([]);
    expect(cancelMail?.subject).toBe(`تأكيد إلغاء درس مع ${tutorUser.name}`);
    expect(cancelMail?.text).toContain('بطلب المعلم');
    expect(cancelMail?.text).toContain('٣٠ دقيقة إلى رصيد أسبوعك');
    expect(cancelMail?.attachments?.[0]?.contentType).toContain('method=CANCEL');
    const cancelInvite = invitationOf(cancelMail);
    expect(field(cancelInvite, 'METHOD')).toBe('CANCEL');
    expect(field(cancelInvite, 'UID')).toBe(uid);
    expect(field(cancelInvite, 'STATUS')).toBe('CANCELLED');
    expect(Number(field(cancelInvite, 'SEQUENCE'))).toBeGreaterThan(moving);
    const tutorMail = await inbox(tutor.id);
    expect(tutorMail).toHaveLength(3);
    expect(tutorMail[2]?.text).toContain('بطلبك');

    // Two jobs per member and change (e-mail, phone), each done once.
    const rows = await server.app.database.db
      .select({ key: jobs.key, doneAt: jobs.doneAt })
      .from(jobs)
      .where(
        and(eq(jobs.kind, LESSON_CONFIRMATION_JOB), sql`${jobs.key} like ${`${lesson.id}:%`}`),
      );
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.doneAt !== null)).toBe(true);
  });

  it('goes by WhatsApp and by e-mail to a member whose method is WhatsApp', async () => {
    const { tutor, student } = await pair();
    const phone = `+2010${String(student.id).padStart(8, '0').slice(-8)}`;
    await server.app.database.db
      .update(users)
      .set({ notificationMethod: 'whatsapp', phone, phoneVerified: true })
      .where(eq(users.id, student.id));
    const lesson = await book(student, tutor.id, cairo(9, '12:00'));
    await runJobs();
    const messages = await inbox(student.id, phone);
    expect(messages.map((message) => message.channel).toSorted()).toEqual(['email', 'whatsapp']);
    const whatsapp = messages.find((message) => message.channel === 'whatsapp');
    expect(whatsapp).toMatchObject({ to: phone, meta: { template: 'lesson_notice' } });
    expect(whatsapp?.text).toContain('تأكيد: حُجز درسك مع');
    expect(whatsapp?.text).toContain(`/lesson/${lesson.id}`);
    expect(messages.find((message) => message.channel === 'email')?.attachments).toHaveLength(1);
    // The tutor's method is e-mail: one e-mail, nothing else.
    expect((await inbox(tutor.id)).map((message) => message.channel)).toEqual(['email']);
  });

  it('an admin cancel tells both; a failed e-mail is retried without a second WhatsApp', async () => {
    const { tutor, student } = await pair();
    const phone = `+2011${String(student.id).padStart(8, '0').slice(-8)}`;
    await server.app.database.db
      .update(users)
      .set({ notificationMethod: 'whatsapp', phone, phoneVerified: true })
      .where(eq(users.id, student.id));
    const lesson = await book(student, tutor.id, cairo(9, '12:00'));
    await runJobs();
    server.outbox.clear();

    const email = server.app.lessonNotices.email.bind(server.app.lessonNotices);
    vi.spyOn(server.app.lessonNotices, 'email').mockImplementation(() =>
      Promise.reject(new MessagingError('unavailable', 'the SMTP server is away')),
    );
    const admin = await insertUser(server, Role.RegularAdmin);
    // An admin cancels for a member with a reason (decision 344).
    const canceled = await cancel(admin, lesson.id, {
      onBehalfOf: 'tutor',
      reason: 'المعلم اعتذر عن الموعد',
    });
    expect(canceled.status).toBe(200);
    await runJobs();
    expect((await inbox(student.id, phone)).map((message) => message.channel)).toEqual([
      'whatsapp',
    ]);
    expect(await inbox(tutor.id)).toEqual([]);

    vi.mocked(server.app.lessonNotices.email).mockImplementation(email);
    // The retries, once their backoff is over.
    await server.app.database.db.execute(sql`update jobs set run_at = now()
      where kind = ${LESSON_CONFIRMATION_JOB} and done_at is null
        and key like ${`${lesson.id}:%`}`);
    await runJobs();
    const messages = await inbox(student.id, phone);
    expect(messages.map((message) => message.channel).toSorted()).toEqual(['email', 'whatsapp']);
    expect(messages.find((m) => m.channel === 'email')?.text).toContain(
      'من إدارة طلاقة بطلب المعلم',
    );
    const [toTutor, ...more] = await inbox(tutor.id);
    expect(more).toEqual([]);
    expect(field(invitationOf(toTutor), 'METHOD')).toBe('CANCEL');
  });

  it('the no-show rule’s cancel sends its own notice, no cancel confirmation', async () => {
    const booked = await bookedLesson(server, planId);
    await runJobs();
    now = atMinute(10);
    await runAttendanceJobsDue(server, now);
    await runJobs();
    const keys = await server.app.database.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, LESSON_CONFIRMATION_JOB),
          sql`${jobs.key} like ${`${booked.lesson.id}:%`}`,
        ),
      );
    expect(keys.map(({ key }) => key?.split(':')[2])).toEqual(Array(4).fill('booked'));
    const studentMail = await inbox(booked.student.id);
    expect(studentMail.map((message) => message.subject?.split(' ')[0])).toEqual(['تأكيد', 'لم']);
  });
});
