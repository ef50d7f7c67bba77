import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PLATFORM_SETTINGS,
  Role,
  TUTOR_RATE_PIASTERS_PER_MINUTE,
  WithdrawMethod,
} from '@talaqa/domain';
import type {
  InvoiceView,
  LessonView,
  OnboardingStep,
  PlatformSettings,
  PlatformSettingsView,
  PublicSettings,
  SettingHistoryPage,
  Tutor,
  TutorOnboarding,
} from '@talaqa/domain';
import { sql } from 'drizzle-orm';
import { ledgerEntries, lessons, platformSettingChanges } from '../../src/db/schema';
import { call } from './api';
import type { Caller } from './api';
import { fundTutor, ledgerOf, updateInvoice } from './earnings-fixtures';
import { startTestServer, testDriver, testRedisUrl } from './helpers';
import type { TestServer } from './helpers';
import { insertPlan, insertStudent, insertTutor, insertUser, NOW } from './lessons-fixtures';
import { LESSON_START, runAttendanceJobsDue, sessionAck, sessionSocket } from './session-fixtures';

/**
 * Platform settings (issue 23 item 3; decision 339): validation codes with nothing saved, one
 * history row per changed setting, the withdrawal bounds and the tutor rate read at the moment of
 * each operation, and the support-group onboarding step (decision 341).
 */
let server: TestServer;
let admin: Caller;
let now = NOW;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ jobsPollMs: 3_600_000 });
  server.app.clock.now = () => now;
  admin = await insertUser(server, Role.SuperAdmin, { name: 'Settings Admin' });
  // Starting a server runs every migration: slow on a loaded machine.
}, 300_000);
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

const settingsNow = async () =>
  (await call<PlatformSettingsView>(server, 'GET', '/platform-settings', admin)).body;

const save = (changes: Partial<PlatformSettings>, caller: Caller = admin) =>
  call<PlatformSettingsView & { code?: string; fields?: { path: string; code: string }[] }>(
    server,
    'PUT',
    '/platform-settings',
    caller,
    { ...DEFAULT_PLATFORM_SETTINGS, ...changes },
  );

const historyOf = async () =>
  (await call<SettingHistoryPage>(server, 'GET', '/platform-settings/history?size=50', admin)).body;

const instapay = (amount: number) => ({
  method: WithdrawMethod.Instapay,
  amount,
  instapayAddress: 'tutor.settings@instapay',
});

describe('platform settings', () => {
  it('answers the defaults until an admin changes them', async () => {
    const settings = await settingsNow();
    expect(settings).toMatchObject({ ...DEFAULT_PLATFORM_SETTINGS, updatedAt: null });
    const tutor = await insertUser(server, Role.Tutor);
    const open = await call<PublicSettings>(server, 'GET', '/platform-settings/public', tutor);
    expect(open.body).toEqual({
      withdrawalMin: DEFAULT_PLATFORM_SETTINGS.withdrawalMin,
      withdrawalMax: DEFAULT_PLATFORM_SETTINGS.withdrawalMax,
      supportGroupUrl: null,
      supportChatUrl: null,
    });
    expect((await call(server, 'GET', '/platform-settings', tutor)).status).toBe(403);
    expect((await save({ withdrawalMin: 500 }, tutor)).status).toBe(403);
  });

  it.each([
    [{ withdrawalMin: 600_000, withdrawalMax: 500_000 }, 'withdrawalMin', 'withdraw-min-above-max'],
    [{ withdrawalMin: 0 }, 'withdrawalMin', 'withdraw-limit-not-positive'],
    [{ withdrawalMax: -100 }, 'withdrawalMax', 'withdraw-limit-not-positive'],
    [{ withdrawalMax: 1e12 }, 'withdrawalMax', 'withdraw-limit-too-high'],
    [{ tutorRatePerMinute: 0 }, 'tutorRatePerMinute', 'tutor-rate-not-positive'],
    [{ tutorRatePerMinute: 2.5 }, 'tutorRatePerMinute', 'invalid-type'],
    [{ supportGroupUrl: 'chat.whatsapp.com/abc' }, 'supportGroupUrl', 'invalid-url'],
    [{ supportGroupUrl: 'http://chat.whatsapp.com/abc' }, 'supportGroupUrl', 'invalid-url'],
    [{ supportChatUrl: 'javascript:alert(1)' }, 'supportChatUrl', 'invalid-url'],
    [{ defaultNoticePeriod: -5 }, 'defaultNoticePeriod', 'invalid-notice-period'],
  ] as const)('refuses %o with its code and saves nothing', async (changes, path, code) => {
    const answer = await save(changes as Partial<PlatformSettings>);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toContainEqual({ path, code });
    expect(await settingsNow()).toMatchObject({ ...DEFAULT_PLATFORM_SETTINGS, updatedAt: null });
    expect((await historyOf()).total).toBe(0);
  });

  it('keeps one history row per changed setting (who, when, old -> new) and none for a no-op', async () => {
    now = new Date(NOW.getTime() + 60_000);
    const saved = await save({
      withdrawalMin: 20_000,
      supportGroupUrl: ' https://chat.whatsapp.com/TalaqaTutors ',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      withdrawalMin: 20_000,
      supportGroupUrl: 'https://chat.whatsapp.com/TalaqaTutors',
      updatedBy: admin.id,
      updatedAt: now.toISOString(),
    });
    const history = await historyOf();
    expect(
      history.list.map(({ key, oldValue, newValue, changedBy, changedByName }) => ({
        key,
        oldValue,
        newValue,
        changedBy,
        changedByName,
      })),
    ).toEqual([
      {
        key: 'supportGroupUrl',
        oldValue: null,
        newValue: 'https://chat.whatsapp.com/TalaqaTutors',
        changedBy: admin.id,
        changedByName: 'Settings Admin',
      },
      {
        key: 'withdrawalMin',
        oldValue: DEFAULT_PLATFORM_SETTINGS.withdrawalMin,
        newValue: 20_000,
        changedBy: admin.id,
        changedByName: 'Settings Admin',
      },
    ]);
    expect(history.list.every((row) => row.changedAt === now.toISOString())).toBe(true);
    // The same values again change nothing and write nothing.
    const again = await call(server, 'PUT', '/platform-settings', admin, {
      ...DEFAULT_PLATFORM_SETTINGS,
      withdrawalMin: 20_000,
      supportGroupUrl: 'https://chat.whatsapp.com/TalaqaTutors',
    });
    expect(again.status).toBe(200);
    expect((await historyOf()).total).toBe(2);
    const filtered = await call<SettingHistoryPage>(
      server,
      'GET',
      '/platform-settings/history?key=withdrawalMin',
      admin,
    );
    expect(filtered.body.list.map((row) => row.key)).toEqual(['withdrawalMin']);
  });

  it('keeps the history append-only', async () => {
    const db = server.app.database.db;
    await expect(db.update(platformSettingChanges).set({ newValue: 1 })).rejects.toThrow();
    await expect(db.delete(platformSettingChanges)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('holds withdrawals to the bounds of the moment they are asked for', async () => {
    const tutor = await insertUser(server, Role.Tutor);
    await fundTutor(server, tutor.id, 1_000_000);
    await save({ withdrawalMin: 20_000, withdrawalMax: 30_000 });
    const below = await call<{ code: string }>(server, 'POST', '/invoice', tutor, instapay(15_000));
    expect(below.status).toBe(400);
    expect(below.body.code).toBe('invoice-amount-below-min');
    const above = await call<{ code: string }>(server, 'POST', '/invoice', tutor, instapay(40_000));
    expect(above.body.code).toBe('invoice-amount-above-max');
    const made = await call<InvoiceView>(server, 'POST', '/invoice', tutor, instapay(25_000));
    expect(made.status).toBe(201);
    // Bounds beyond the spec's defaults are honoured too: 60,000 EGP once the admin allows it.
    const wide = await save({ withdrawalMin: 5_000, withdrawalMax: 7_000_000 });
    expect(wide.status).toBe(200);
    const large = await call<InvoiceView>(server, 'POST', '/invoice', tutor, instapay(600_000));
    expect(large.status).toBe(201);
    const small = await call<InvoiceView>(server, 'POST', '/invoice', tutor, instapay(5_000));
    expect(small.status).toBe(201);
    // A change of a pending request is held to the bounds of when it is asked.
    await save({ withdrawalMin: 20_000, withdrawalMax: 30_000 });
    const change = await updateInvoice(server, tutor, made.body.id, {
      action: 'request-update',
      change: instapay(35_000),
    });
    expect(change.status).toBe(400);
    expect(
      (await call<PublicSettings>(server, 'GET', '/platform-settings/public', tutor)).body,
    ).toMatchObject({ withdrawalMin: 20_000, withdrawalMax: 30_000 });
  });

  it('credits lessons fulfilled after a rate change at the new rate, and leaves earlier ones', async () => {
    await save({ tutorRatePerMinute: TUTOR_RATE_PIASTERS_PER_MINUTE });
    const planId = await insertPlan(server);
    const tutor = await insertTutor(server);
    const WEEK = 7 * 86_400_000;
    async function teach(week: number): Promise<number> {
      const start = new Date(LESSON_START.getTime() + week * WEEK);
      const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
      now = new Date(NOW.getTime() + week * WEEK);
      const student = await insertStudent(server, { planId, now });
      const booked = await call<LessonView>(server, 'POST', '/lesson', student, {
        tutorId: tutor.id,
        start: start.toISOString(),
        duration: 30,
      });
      expect(booked.status).toBe(201);
      const sessionId = booked.body.id;
      now = at(-2);
      for (const caller of [student, tutor]) {
        const tab = await sessionSocket(server, caller, sockets);
        expect((await sessionAck(tab, 'JoinSession', { sessionId })).result).toBe('ok');
      }
      now = at(30);
      await runAttendanceJobsDue(server, now);
      return sessionId;
    }
    const first = await teach(0);
    now = new Date(NOW.getTime() + 3 * 86_400_000);
    expect((await save({ tutorRatePerMinute: 350 })).status).toBe(200);
    const second = await teach(1);
    const entries = await server.app.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tutorId, tutor.id));
    expect((await ledgerOf(server, tutor.id)).sum).toBe(
      30 * TUTOR_RATE_PIASTERS_PER_MINUTE + 30 * 350,
    );
    const byLesson = new Map(entries.map((entry) => [entry.lessonId, entry.amount]));
    expect(byLesson.get(first)).toBe(30 * TUTOR_RATE_PIASTERS_PER_MINUTE);
    expect(byLesson.get(second)).toBe(30 * 350);
    const prices = await server.app.database.db
      .select({ id: lessons.id, price: lessons.price })
      .from(lessons)
      .where(eq(lessons.tutorId, tutor.id));
    expect(new Map(prices.map((row) => [row.id, row.price]))).toEqual(
      new Map([
        [first, 30 * TUTOR_RATE_PIASTERS_PER_MINUTE],
        [second, 30 * 350],
      ]),
    );
  });
});

describe('the support-group step', () => {
  const stepOf = async (tutor: Caller): Promise<OnboardingStep | undefined> => {
    const answer = await call<TutorOnboarding>(server, 'GET', '/user/tutor/onboarding', tutor);
    expect(answer.status).toBe(200);
    expect(answer.body.steps[0]?.step).toBe('support-group');
    return answer.body.steps.find((step) => step.step === 'support-group');
  };

  it('comes first, is optional, and passes once the tutor says they joined', async () => {
    const tutor = await insertUser(server, Role.Tutor);
    expect(await stepOf(tutor)).toMatchObject({ required: false, state: 'not-started', at: null });
    now = new Date(NOW.getTime() + 5 * 60_000);
    const joined = await call(server, 'POST', '/user/tutor/onboarding/support-group', tutor);
    expect(joined.status).toBe(204);
    const later = now;
    now = new Date(NOW.getTime() + 10 * 60_000);
    expect((await call(server, 'POST', '/user/tutor/onboarding/support-group', tutor)).status).toBe(
      204,
    );
    expect(await stepOf(tutor)).toMatchObject({ state: 'passed', at: later.toISOString() });
    const student = await insertUser(server, Role.Student);
    expect(
      (await call(server, 'POST', '/user/tutor/onboarding/support-group', student)).status,
    ).toBe(403);
  });
});

/**
 * The default notice period (decision 354): a tutor profile written for the first time starts
 * with the setting in force; profiles already written keep theirs, and an admin's own value wins.
 */
describe('the default notice period', () => {
  const noticeOf = async (tutorId: number) =>
    (await call<Tutor>(server, 'GET', `/user/tutor/${tutorId}`, admin)).body.noticePeriod;
  const activate = (tutorId: number, extra: Record<string, unknown> = {}) =>
    call(server, 'PATCH', `/user/tutor/${tutorId}`, admin, { activated: true, ...extra });

  it('is what a new tutor profile starts with, and changes no profile already written', async () => {
    expect((await save({ defaultNoticePeriod: 45 })).status).toBe(200);
    const before = await insertUser(server, Role.Tutor);
    expect((await activate(before.id)).status).toBe(200);
    expect(await noticeOf(before.id)).toBe(45);

    expect((await save({ defaultNoticePeriod: 120 })).status).toBe(200);
    const after = await insertUser(server, Role.Tutor);
    // Its first write is its own text here, not an admin's: every first write reads the setting.
    const text = await call(server, 'PUT', `/user/${after.id}`, after, {
      bio: 'معلم لغة إنجليزية بخبرة عشر سنوات',
    });
    expect(text.status).toBe(200);
    expect(await noticeOf(after.id)).toBe(120);
    expect(await noticeOf(before.id)).toBe(45);

    const chosen = await insertUser(server, Role.Tutor);
    expect((await activate(chosen.id, { noticePeriod: 15 })).status).toBe(200);
    expect(await noticeOf(chosen.id)).toBe(15);
  });
});

/**
 * Two instances on one PostgreSQL and one Redis: a change saved through one holds at once on the
 * other (nothing is kept per process), for the public bounds and for a withdrawal asked there.
 */
describe.skipIf(testDriver !== 'postgres' || !testRedisUrl)('settings across instances', () => {
  let two: TestServer;
  beforeAll(async () => {
    two = await startTestServer({
      databaseUrl: server.config.databaseUrl,
      redisKeyPrefix: server.config.redisKeyPrefix,
    });
  }, 300_000);
  afterAll(() => two.close());

  it('answers the new bounds on the other instance at once', async () => {
    const tutor = await insertUser(server, Role.Tutor);
    await fundTutor(server, tutor.id, 1_000_000);
    const publicOn = async (instance: TestServer) =>
      (await call<PublicSettings>(instance, 'GET', '/platform-settings/public', tutor)).body;
    expect((await save({ withdrawalMin: 10_000, withdrawalMax: 20_000 })).status).toBe(200);
    expect(await publicOn(two)).toMatchObject({ withdrawalMin: 10_000, withdrawalMax: 20_000 });
    const refused = await call<{ code: string }>(two, 'POST', '/invoice', tutor, instapay(30_000));
    expect(refused.body.code).toBe('invoice-amount-above-max');
    expect((await save({ withdrawalMin: 10_000, withdrawalMax: 40_000 })).status).toBe(200);
    expect((await call(two, 'POST', '/invoice', tutor, instapay(30_000))).status).toBe(201);
    expect(await publicOn(two)).toMatchObject({ withdrawalMax: 40_000 });
  });
});
