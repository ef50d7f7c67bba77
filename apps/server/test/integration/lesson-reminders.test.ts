import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LessonView } from '@talaqa/domain';
import { jobs, telegramLinks, users, whatsappMessages } from '../../src/db/schema';
import { LOCAL_WHATSAPP } from '../../src/integrations/messaging-factory';
import {
  signWebhookBody,
  statusNotification,
  WHATSAPP_SIGNATURE_HEADER,
} from '../../src/integrations/whatsapp';
import type { JobRow } from '../../src/db/schema';
import type { OutboxMessage } from '../../src/integrations/outbox';
import { scheduleJob } from '../../src/jobs';
import { LESSON_REMINDER_JOB } from '../../src/modules/lessons/reminders';
import { call } from './api';
import { withoutConfirmations } from './confirmation-fixtures';
import type { Caller } from './api';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';
import { cairo, insertPlan, insertStudent, insertTutor, NOW, weekMinute } from './lessons-fixtures';

/**
 * Lesson reminders (issue 6): a day and an hour before, to both sides, through each one's
 * notification method, from durable jobs. The runner's own timer is slowed right down, so jobs
 * run only when a test lets time pass (`passTime`: the clock moves and the reminders due by then
 * are made due on the database's clock).
 */

// The runner never polls by itself during a test: only `passTime` runs jobs.
const QUIET = { jobsPollMs: 3_600_000 };
const DAY = 24 * 3_600_000;

/** Thursday and Friday 10:00 to 14:00, 30-minute slots (Wednesday's are the fixtures' default). */
const LATE_WEEK_SLOTS: [number, number][] = [4, 5, 6].flatMap((day) =>
  Array.from({ length: 8 }, (_, index): [number, number] => [
    weekMinute(day, '10:00') + index * 30,
    30,
  ]),
);

interface Clocked {
  server: TestServer;
  now: Date;
}

function clocked(server: TestServer): Clocked {
  const state: Clocked = { server, now: NOW };
  server.app.clock.now = () => state.now;
  return state;
}

/** The WhatsApp simulator's status callbacks are in, and the jobs they caused have run. */
async function settleWhatsApp(server: TestServer): Promise<void> {
  await server.app.whatsapp.simulator?.settled();
  await server.app.jobs.runDue();
}

/** Time passes until `instant`: reminders due by then run (on the runner, like any job). */
async function passTime(state: Clocked, instant: Date): Promise<void> {
  state.now = instant;
  const db = state.server.app.database.db;
  await db.execute(sql`update jobs set run_at = now()
    where kind = ${LESSON_REMINDER_JOB} and done_at is null and canceled_at is null
      and run_at <= ${instant.toISOString()}::timestamptz`);
  await state.server.app.jobs.runDue();
}

const reminderJobs = (server: TestServer, lessonId: number): Promise<JobRow[]> =>
  server.app.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, LESSON_REMINDER_JOB), sql`${jobs.key} like ${`${lessonId}:%`}`))
    .orderBy(jobs.id);

async function emailOf(server: TestServer, id: number): Promise<string> {
  const [row] = await server.app.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row.email;
}

async function nameOf(server: TestServer, id: number): Promise<string> {
  const [row] = await server.app.database.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row.name;
}

const book = (server: TestServer, caller: Caller, tutorId: number, start: Date) =>
  call<LessonView>(server, 'POST', '/lesson', caller, {
    tutorId,
    start: start.toISOString(),
    duration: 30,
  });

/** Everything any channel delivered to this user (e-mail and phone) but the confirmations. */
async function inbox(server: TestServer, id: number, phone?: string): Promise<OutboxMessage[]> {
  const messages = server.outbox.list({ to: await emailOf(server, id) });
  return withoutConfirmations(
    phone ? [...messages, ...server.outbox.list({ to: phone })] : messages,
  );
}

let phones = 0;
/** A fresh Egyptian mobile number, unique in this run (never ending in 0000). */
const freshPhone = (): string => {
  phones += 1;
  return `+2010${String(Date.now() % 1_000_000).padStart(6, '0')}${String((phones % 90) + 10)}`;
};

async function setChannel(
  server: TestServer,
  userId: number,
  fields: { method: 'whatsapp' | 'telegram' | 'none'; phone?: string; verified?: boolean },
): Promise<void> {
  await server.app.database.db
    .update(users)
    .set({
      notificationMethod: fields.method,
      phone: fields.phone ?? null,
      phoneVerified: fields.verified ?? false,
    })
    .where(eq(users.id, userId));
}

describe('lesson reminders', () => {
  let server: TestServer;
  let state: Clocked;
  let planId: number;

  beforeAll(async () => {
    server = await startTestServer(QUIET);
    state = clocked(server);
    planId = await insertPlan(server);
  });
  afterAll(() => server.close());

  const student = () => insertStudent(server, { planId });
  const tutor = () => insertTutor(server, { slots: LATE_WEEK_SLOTS });

  it('schedules both at booking and sends each once, at its time, to both sides', async () => {
    state.now = NOW;
    const teacher = await tutor();
    const learner = await student();
    const start = cairo(11, '12:00');
    const booked = await book(server, learner, teacher.id, start);
    expect(booked.status).toBe(201);
    const lessonId = booked.body.id;
    const scheduled = await reminderJobs(server, lessonId);
    expect(scheduled.map((job) => [job.key, job.runAt.toISOString()])).toEqual([
      [`${lessonId}:day`, new Date(start.getTime() - DAY).toISOString()],
      [`${lessonId}:hour`, cairo(11, '11:00').toISOString()],
    ]);
    expect(scheduled[0]?.payload).toEqual({
      lessonId,
      reminder: 'day',
      start: start.toISOString(),
    });

    await passTime(state, cairo(10, '11:59'));
    expect(await inbox(server, learner.id)).toEqual([]);

    await passTime(state, cairo(10, '12:00'));
    const [toStudent, ...moreToStudent] = await inbox(server, learner.id);
    const [toTutor, ...moreToTutor] = await inbox(server, teacher.id);
    expect(moreToStudent).toEqual([]);
    expect(moreToTutor).toEqual([]);
    expect(toStudent).toMatchObject({ channel: 'email' });
    expect(toStudent?.subject).toContain('غدًا');
    expect(toStudent?.subject).toContain(await nameOf(server, teacher.id));
    expect(toStudent?.text).toContain(`/lesson/${lessonId}`);
    expect(toStudent?.text).toContain('الجمعة');
    expect(toStudent?.text).toContain('١٢:٠٠');
    expect(toStudent?.text).toContain('٣٠ دقيقة');
    expect(toTutor?.subject).toContain(await nameOf(server, learner.id));

    // At least once: the same job run again (a crash before it was marked done) sends nothing.
    await server.app.database.db
      .update(jobs)
      .set({ doneAt: null, runAt: sql`now()`, attempts: 0 })
      .where(and(eq(jobs.kind, LESSON_REMINDER_JOB), eq(jobs.key, `${lessonId}:day`)));
    expect(await server.app.jobs.runDue()).toBe(1);
    expect(await inbox(server, learner.id)).toHaveLength(1);
    expect(await inbox(server, teacher.id)).toHaveLength(1);

    await passTime(state, cairo(11, '11:00'));
    const studentMessages = await inbox(server, learner.id);
    expect(studentMessages).toHaveLength(2);
    expect(studentMessages[0]?.subject).toContain('بعد ساعة');
    expect(await inbox(server, teacher.id)).toHaveLength(2);
    await passTime(state, cairo(11, '13:00'));
    expect(await inbox(server, learner.id)).toHaveLength(2);
  });

  it('skips a reminder whose time has passed: 3 hours ahead gets only the hour’s', async () => {
    state.now = NOW;
    const booked = await book(server, await student(), (await tutor()).id, cairo(9, '13:00'));
    expect(booked.status).toBe(201);
    const scheduled = await reminderJobs(server, booked.body.id);
    expect(scheduled.map((job) => job.key)).toEqual([`${booked.body.id}:hour`]);
    expect(scheduled[0]?.runAt.toISOString()).toBe(cairo(9, '12:00').toISOString());

    const noNotice = await insertTutor(server, { slots: LATE_WEEK_SLOTS, noticePeriod: 0 });
    const soon = await book(server, await student(), noNotice.id, cairo(9, '10:30'));
    expect(soon.status).toBe(201);
    expect(await reminderJobs(server, soon.body.id)).toEqual([]);
  });

  it('sends nothing after a cancel', async () => {
    state.now = NOW;
    const teacher = await tutor();
    const learner = await student();
    const booked = await book(server, learner, teacher.id, cairo(11, '10:00'));
    const canceled = await call(server, 'DELETE', `/lesson/${booked.body.id}`, teacher);
    expect(canceled.status).toBe(200);
    const scheduled = await reminderJobs(server, booked.body.id);
    expect(scheduled).toHaveLength(2);
    expect(scheduled.every((job) => job.canceledAt !== null)).toBe(true);
    await passTime(state, cairo(11, '09:30'));
    expect(await inbox(server, learner.id)).toEqual([]);
    expect(await inbox(server, teacher.id)).toEqual([]);
  });

  it('after a move, the old times send nothing and the new ones do', async () => {
    state.now = NOW;
    const teacher = await tutor();
    const learner = await student();
    const booked = await book(server, learner, teacher.id, cairo(11, '12:00'));
    const lessonId = booked.body.id;
    const moved = await call(server, 'PATCH', '/lesson', learner, {
      id: lessonId,
      start: cairo(11, '13:00').toISOString(),
      duration: 30,
    });
    expect(moved.status).toBe(200);
    const pending = (await reminderJobs(server, lessonId)).filter(
      (job) => job.doneAt === null && job.canceledAt === null,
    );
    expect(pending.map((job) => job.runAt.toISOString())).toEqual([
      cairo(10, '13:00').toISOString(),
      cairo(11, '12:00').toISOString(),
    ]);
    // A job left over with the old start (a race with the move) is ignored.
    await scheduleJob(server.app.database.db, {
      kind: LESSON_REMINDER_JOB,
      runAt: new Date(Date.now() - 1000),
      payload: { lessonId, reminder: 'day', start: cairo(11, '12:00').toISOString() },
    });
    await passTime(state, cairo(10, '12:30'));
    expect(await inbox(server, learner.id)).toEqual([]);

    await passTime(state, cairo(10, '13:00'));
    const [day] = await inbox(server, learner.id);
    expect(day?.text).toContain('١:٠٠');
    expect(await inbox(server, teacher.id)).toHaveLength(1);

    // Moved again after the day's reminder went out: the new time gets its own.
    const again = await call(server, 'PATCH', '/lesson', learner, {
      id: lessonId,
      start: cairo(11, '13:30').toISOString(),
      duration: 30,
    });
    expect(again.status).toBe(200);
    await passTime(state, cairo(10, '13:30'));
    const [dayAgain] = await inbox(server, learner.id);
    expect(await inbox(server, learner.id)).toHaveLength(2);
    expect(dayAgain?.text).toContain('١:٣٠');
    await passTime(state, cairo(11, '12:30'));
    expect(await inbox(server, learner.id)).toHaveLength(3);
    expect((await inbox(server, learner.id))[0]?.subject).toContain('بعد ساعة');
  });

  it('goes by each one’s notification method, and by e-mail when that cannot be used', async () => {
    state.now = NOW;
    const teacher = await tutor();
    const learner = await student();
    const phone = freshPhone();
    await setChannel(server, learner.id, { method: 'whatsapp', phone, verified: true });
    const booked = await book(server, learner, teacher.id, cairo(9, '12:00'));
    await passTime(state, cairo(9, '11:00'));
    const toStudent = await inbox(server, learner.id, phone);
    expect(toStudent).toHaveLength(1);
    expect(toStudent[0]).toMatchObject({
      channel: 'whatsapp',
      to: phone,
      meta: { template: 'lesson_reminder', language: 'ar' },
    });
    expect(toStudent[0]?.text).toContain(await nameOf(server, teacher.id));
    expect(toStudent[0]?.text).toContain(`/lesson/${booked.body.id}`);
    const toTutor = await inbox(server, teacher.id);
    expect(toTutor.map((message) => message.channel)).toEqual(['email']);

    // WhatsApp chosen but the phone not verified: e-mail.
    const unverified = await student();
    const unverifiedPhone = freshPhone();
    await setChannel(server, unverified.id, {
      method: 'whatsapp',
      phone: unverifiedPhone,
      verified: false,
    });
    state.now = NOW;
    await book(server, unverified, (await tutor()).id, cairo(9, '12:00'));
    await passTime(state, cairo(9, '11:00'));
    expect(
      (await inbox(server, unverified.id, unverifiedPhone)).map((message) => message.channel),
    ).toEqual(['email']);

    // A number WhatsApp cannot reach (the simulator's 0000 suffix): accepted, then failed by the
    // status webhook (issue 16), and the same reminder goes by e-mail, once.
    const unreachable = await student();
    const unreachablePhone = `${freshPhone().slice(0, -4)}0000`;
    await setChannel(server, unreachable.id, {
      method: 'whatsapp',
      phone: unreachablePhone,
      verified: true,
    });
    state.now = NOW;
    await book(server, unreachable, (await tutor()).id, cairo(9, '12:00'));
    await passTime(state, cairo(9, '11:00'));
    await settleWhatsApp(server);
    const fallback = await inbox(server, unreachable.id, unreachablePhone);
    expect(fallback.map((message) => message.channel)).toEqual(['email']);
    expect(fallback[0]?.text).toContain('بعد ساعة');
    const [failed] = await server.app.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.userId, unreachable.id));
    expect(failed).toMatchObject({
      purpose: 'reminder',
      reminder: 'hour',
      state: 'failed',
      errorCode: 131026,
    });
    // The failure delivered again: no second e-mail.
    const body = JSON.stringify(
      statusNotification({
        businessAccountId: '1',
        phoneNumberId: LOCAL_WHATSAPP.phoneNumberId,
        displayPhoneNumber: '15550000001',
        statuses: [
          {
            id: failed?.wamid ?? '',
            status: 'failed',
            timestamp: Math.floor(Date.now() / 1000),
            recipientId: unreachablePhone.slice(1),
            errors: [{ code: 131026, title: 'Message undeliverable', message: '', details: '' }],
          },
        ],
      }),
    );
    const again = await fetch(`${server.baseUrl}/api/v1/whatsapp/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [WHATSAPP_SIGNATURE_HEADER]: signWebhookBody(body, LOCAL_WHATSAPP.appSecret),
      },
      body,
    });
    expect(again.status).toBe(200);
    await server.app.jobs.runDue();
    expect(await inbox(server, unreachable.id, unreachablePhone)).toHaveLength(1);
  });

  it('goes to the linked Telegram chat, and by e-mail without one', async () => {
    state.now = NOW;
    const linked = await student();
    const phone = freshPhone();
    await setChannel(server, linked.id, { method: 'telegram', phone, verified: true });
    const chatId = Number(phone.slice(1));
    await server.app.database.db.insert(telegramLinks).values({
      userId: linked.id,
      chatId,
      telegramUserId: chatId,
      phone,
      linkedAt: NOW,
    });
    const unlinked = await student();
    const otherPhone = freshPhone();
    await setChannel(server, unlinked.id, {
      method: 'telegram',
      phone: otherPhone,
      verified: true,
    });
    await book(server, linked, (await tutor()).id, cairo(9, '12:00'));
    await book(server, unlinked, (await tutor()).id, cairo(9, '12:00'));
    await passTime(state, cairo(9, '11:00'));
    const [toLinked, ...more] = await inbox(server, linked.id, phone);
    expect(more).toEqual([]);
    expect(toLinked).toMatchObject({ channel: 'telegram', to: phone, meta: { chatId } });
    expect(toLinked?.text).toContain('بعد ساعة');
    expect(
      (await inbox(server, unlinked.id, otherPhone)).map((message) => message.channel),
    ).toEqual(['email']);
  });
});

describe('durability', () => {
  it(
    'sends a reminder scheduled before a restart from the next instance',
    { timeout: 90_000 },
    async () => {
      // PGlite keeps its data in a folder across restarts; PostgreSQL keeps the first database.
      const dir = mkdtempSync(join(tmpdir(), 'talaqa-reminders-'));
      const overrides =
        testDriver === 'postgres' ? {} : { databaseUrl: undefined, pgliteDir: join(dir, 'pg') };
      const first = await startTestServer({ ...overrides, ...QUIET });
      let second: TestServer | undefined;
      try {
        clocked(first);
        const planId = await insertPlan(first);
        const learner = await insertStudent(first, { planId });
        const teacher = await insertTutor(first, { slots: LATE_WEEK_SLOTS });
        const booked = await book(first, learner, teacher.id, cairo(11, '12:00'));
        expect(booked.status).toBe(201);
        const email = await emailOf(first, learner.id);
        await first.app.close();

        second = await startTestServer({
          ...overrides,
          ...QUIET,
          databaseUrl: first.config.databaseUrl,
        });
        const state = clocked(second);
        await passTime(state, cairo(10, '12:00'));
        const [day, ...more] = withoutConfirmations(second.outbox.list({ to: email }));
        expect(more).toEqual([]);
        expect(day?.subject).toContain('غدًا');
        expect(withoutConfirmations(first.outbox.list({ to: email }))).toEqual([]);
      } finally {
        await second?.close();
        await first.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
