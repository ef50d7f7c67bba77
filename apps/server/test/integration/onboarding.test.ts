import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DemoSessionStatus, InterviewStatus, ReviewStatus, Role } from '@talaqa/domain';
import type {
  DemoSessionView,
  InterviewView,
  IntroVideoView,
  OnboardingStepName,
  StepState,
  TutorOnboarding,
  TutorOnboardingPage,
  TutorPage,
} from '@talaqa/domain';
import { ONBOARDING_STEP_READERS } from '../../src/app';
import { introVideos, users } from '../../src/db/schema';
import { activateIfOnboarded } from '../../src/modules/onboarding';
import type { OnboardingStepReaders } from '../../src/modules/onboarding';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertManager, insertNewTutor } from './interviews-fixtures';
import { cairo, insertUser, NOW } from './lessons-fixtures';

/**
 * Onboarding and activation (issue 21 item 6): the tutor's steps, the admin's list, and the tutor
 * listed at once (the public list's cache follows) when the last required step passes with the
 * e-mail and phone verified; the admin's switches keep working and invalidate the list too.
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

const setNow = (instant: Date): void => {
  server.app.clock.now = () => instant;
};
const FEEDBACK = 'أداء جيد في المحادثة والنطق';

const onboarding = async (tutor: Caller): Promise<TutorOnboarding> => {
  const answer = await call<TutorOnboarding>(server, 'GET', '/user/tutor/onboarding', tutor);
  expect(answer.status).toBe(200);
  return answer.body;
};
const stateOf = (view: TutorOnboarding) =>
  Object.fromEntries(view.steps.map((step) => [step.step, step.state]));
const stepNamed = (view: TutorOnboarding, name: OnboardingStepName) =>
  view.steps.find((step) => step.step === name);

/**
 * An intro video waiting for review, written straight into its table (the upload, with ffprobe,
 * is intro-videos.test.ts's); `approved` as if a manager had already approved it.
 */
async function introVideo(tutor: Caller, approved = true): Promise<number> {
  const [row] = await server.app.database.db
    .insert(introVideos)
    .values({
      tutorId: tutor.id,
      status: approved ? ReviewStatus.Approved : ReviewStatus.Pending,
      reviewedAt: approved ? NOW : null,
      durationMs: 45_000,
      video: `${randomUUID()}.mp4`,
      thumbnail: `${randomUUID()}.jpg`,
      bytes: 1000,
    })
    .returning({ id: introVideos.id });
  if (!row) throw new Error('no intro video');
  return row.id;
}

async function listedIds(): Promise<number[]> {
  const answer = await call<TutorPage>(server, 'GET', '/user/tutor/list/onboarded?size=100', null);
  expect(answer.status).toBe(200);
  return answer.body.list.map((card) => card.id);
}

/** Books and passes (or rejects) the interview: Wednesday 9 January 12:00. */
async function interview(tutor: Caller, manager: Caller, status: 2 | 3 = InterviewStatus.Passed) {
  setNow(cairo(7, '09:00'));
  const booked = await call<InterviewView>(server, 'POST', '/interview', tutor, {
    interviewerId: manager.id,
    start: cairo(9, '12:00').toISOString(),
  });
  expect(booked.status).toBe(201);
  setNow(cairo(9, '12:30'));
  const decided = await call(server, 'PATCH', '/interview', manager, {
    id: booked.body.id,
    status,
    feedback: FEEDBACK,
    level: 4,
  });
  expect(decided.status).toBe(200);
  return booked.body;
}

/** Books the demo session (Wednesday 16 January 11:00) and decides it at 11:30. */
async function demo(tutor: Caller, manager: Caller, status: 2 | 3 = DemoSessionStatus.Passed) {
  setNow(cairo(14, '09:00'));
  const booked = await call<DemoSessionView>(server, 'POST', '/demo-session', tutor, {
    tutorManagerId: manager.id,
    start: cairo(16, '11:00').toISOString(),
  });
  expect(booked.status).toBe(201);
  setNow(cairo(16, '11:30'));
  const decided = await call(server, 'PATCH', '/demo-session', manager, {
    id: booked.body.id,
    status,
    feedback: FEEDBACK,
  });
  expect(decided.status).toBe(200);
}

describe('the tutor’s steps', () => {
  it('starts with every step not started, and follows the interview and demo session', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    const fresh = await onboarding(tutor);
    expect(fresh).toMatchObject({
      tutorId: tutor.id,
      listed: false,
      onboardedAt: null,
      activated: false,
    });
    // The support group comes first and is optional (record 341).
    expect(fresh.steps.map((step) => [step.step, step.required, step.state])).toEqual([
      ['support-group', false, 'not-started'],
      ['intro-video', true, 'not-started'],
      ['interview', true, 'not-started'],
      ['demo-session', true, 'not-started'],
    ]);
    setNow(cairo(7, '09:00'));
    const booked = await call<InterviewView>(server, 'POST', '/interview', tutor, {
      interviewerId: manager.id,
      start: cairo(9, '12:00').toISOString(),
    });
    const pending = await onboarding(tutor);
    expect(stepNamed(pending, 'interview')).toMatchObject({
      state: 'pending',
      at: cairo(9, '12:00').toISOString(),
    });
    setNow(cairo(9, '12:30'));
    await call(server, 'PATCH', '/interview', manager, {
      id: booked.body.id,
      status: InterviewStatus.Rejected,
      feedback: FEEDBACK,
      level: 2,
    });
    const rejected = await onboarding(tutor);
    expect(stepNamed(rejected, 'interview')).toMatchObject({
      state: 'rejected',
      at: cairo(9, '12:30').toISOString(),
      retryAt: new Date('2030-04-09T12:30:00+02:00').toISOString(),
    });
    // Once the three months are over, a new try is allowed (no date to wait for).
    setNow(new Date('2030-04-10T10:00:00+02:00'));
    expect(stepNamed(await onboarding(tutor), 'interview')).toMatchObject({
      state: 'rejected',
      retryAt: null,
    });
  });

  it('is the tutor’s own; admins name the tutor; others are refused', async () => {
    const tutor = await insertNewTutor(server);
    const byAdmin = await call<TutorOnboarding>(
      server,
      'GET',
      `/user/tutor/onboarding?tutorId=${tutor.id}`,
      admin,
    );
    expect(byAdmin.body.tutorId).toBe(tutor.id);
    const other = await insertNewTutor(server);
    // A tutor's tutorId is ignored: always the caller's own.
    const own = await call<TutorOnboarding>(
      server,
      'GET',
      `/user/tutor/onboarding?tutorId=${tutor.id}`,
      other,
    );
    expect(own.body.tutorId).toBe(other.id);
    const manager = await insertManager(server);
    expect((await call(server, 'GET', '/user/tutor/onboarding', manager)).status).toBe(403);
    const notTutor = await call<{ code: string }>(
      server,
      'GET',
      `/user/tutor/onboarding?tutorId=${manager.id}`,
      admin,
    );
    expect([notTutor.status, notTutor.body.code]).toEqual([404, 'tutor-not-found']);
  });
});

describe('activation', () => {
  it('lists the tutor at once when the demo session passes, the list’s cache included', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    await introVideo(tutor);
    await interview(tutor, manager);
    // The public list is read (and cached) before the last step.
    expect(await listedIds()).not.toContain(tutor.id);
    await demo(tutor, manager);
    const done = await onboarding(tutor);
    // Listed without the optional support group (record 341).
    expect(stateOf(done)).toEqual({
      'support-group': 'not-started',
      'intro-video': 'passed',
      interview: 'passed',
      'demo-session': 'passed',
    });
    expect(done).toMatchObject({
      listed: true,
      activated: true,
      onboardedAt: cairo(16, '11:30').toISOString(),
    });
    expect(await listedIds()).toContain(tutor.id);
  });

  it('waits for a verified phone, then lists the tutor when it is verified', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server, { phoneVerified: false });
    await introVideo(tutor);
    await interview(tutor, manager);
    await demo(tutor, manager);
    expect((await onboarding(tutor)).listed).toBe(false);
    // The phone verification (codes module) tells onboarding: the same check runs.
    await server.app.database.db
      .update(users)
      .set({ phone: '+201099887766', phoneVerified: true })
      .where(eq(users.id, tutor.id));
    await server.app.domainEvents.emit('OnboardingStepChanged', { tutorIds: [tutor.id] });
    expect((await onboarding(tutor)).listed).toBe(true);
    expect(await listedIds()).toContain(tutor.id);
  });

  it('does not list a tutor whose demo session was rejected', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    await interview(tutor, manager);
    await demo(tutor, manager, DemoSessionStatus.Rejected);
    const view = await onboarding(tutor);
    expect(view.listed).toBe(false);
    expect(stepNamed(view, 'demo-session')).toMatchObject({
      state: 'rejected',
      retryAt: new Date('2030-04-16T11:30:00+02:00').toISOString(),
    });
  });

  it('waits for the intro video: the manager’s approval lists the tutor at once', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    const video = await introVideo(tutor, false);
    await interview(tutor, manager);
    await demo(tutor, manager);
    const waiting = await onboarding(tutor);
    expect(stepNamed(waiting, 'intro-video')?.state).toBe('pending');
    expect(waiting.listed).toBe(false);
    expect(await listedIds()).not.toContain(tutor.id);
    // The review (media module) tells onboarding after its commit: nobody else has to.
    const approved = await call<IntroVideoView>(server, 'PUT', `/intro-video/${video}`, manager, {
      status: ReviewStatus.Approved,
    });
    expect(approved.status).toBe(200);
    const done = await onboarding(tutor);
    expect(done).toMatchObject({ listed: true, activated: true });
    expect(stepNamed(done, 'intro-video')?.state).toBe('passed');
    expect(await listedIds()).toContain(tutor.id);
  });

  it('waits for every reader handed in, once', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    await interview(tutor, manager);
    await demo(tutor, manager);
    // The app's readers hold the tutor back (no intro video); one defined here stands in for it.
    let video: StepState = { state: 'pending', at: NOW, retryAt: null };
    const readers: OnboardingStepReaders = [
      ...ONBOARDING_STEP_READERS.filter((reader) => reader.step !== 'intro-video'),
      { step: 'intro-video', read: () => Promise.resolve(video) },
    ];
    const ctx = { db: server.app.database.db, clock: server.app.clock };
    expect(await activateIfOnboarded(ctx, readers, tutor.id)).toBe(false);
    video = { state: 'rejected', at: NOW, retryAt: null };
    expect(await activateIfOnboarded(ctx, readers, tutor.id)).toBe(false);
    video = { state: 'passed', at: NOW, retryAt: null };
    expect(await activateIfOnboarded(ctx, readers, tutor.id)).toBe(true);
    // Once: a second check changes nothing.
    expect(await activateIfOnboarded(ctx, readers, tutor.id)).toBe(false);
    expect((await onboarding(tutor)).listed).toBe(true);
  });

  it('keeps an admin’s deactivation, and the admin switches move the list at once', async () => {
    const manager = await insertManager(server);
    const tutor = await insertNewTutor(server);
    await introVideo(tutor);
    await interview(tutor, manager);
    await demo(tutor, manager);
    expect(await listedIds()).toContain(tutor.id);
    const off = await call(server, 'PATCH', `/user/tutor/${tutor.id}`, admin, { activated: false });
    expect(off.status).toBe(200);
    expect(await listedIds()).not.toContain(tutor.id);
    // A later check does not undo the admin's choice (the tutor is onboarded already).
    await server.app.domainEvents.emit('OnboardingStepChanged', { tutorIds: [tutor.id] });
    expect(await listedIds()).not.toContain(tutor.id);
    await call(server, 'PATCH', `/user/tutor/${tutor.id}`, admin, { activated: true });
    expect(await listedIds()).toContain(tutor.id);
    // Bypass: a tutor with no step passed, activated by hand and let through.
    const newcomer = await insertNewTutor(server);
    expect(await listedIds()).not.toContain(newcomer.id);
    const bypass = await call(server, 'PATCH', `/user/tutor/${newcomer.id}`, admin, {
      activated: true,
      bypassOnboarding: true,
    });
    expect(bypass.status).toBe(200);
    expect(await listedIds()).toContain(newcomer.id);
    expect((await onboarding(newcomer)).listed).toBe(true);
  });
});

describe('the admin’s list', () => {
  it('lists tutors with their steps, filtered by onboarding, step state and search', async () => {
    const manager = await insertManager(server);
    const done = await insertNewTutor(server);
    await introVideo(done);
    await interview(done, manager);
    await demo(done, manager);
    const waiting = await insertNewTutor(server);
    await server.app.database.db
      .update(users)
      .set({ name: 'سارة المنتظرة' })
      .where(eq(users.id, waiting.id));
    await interview(waiting, await insertManager(server), InterviewStatus.Rejected);
    const list = (query: string) =>
      call<TutorOnboardingPage>(server, 'GET', `/user/tutor/onboarding/list${query}`, admin);
    const onboarded = await list('?onboarded=true&size=100');
    expect(onboarded.body.list.map((row) => row.tutorId)).toContain(done.id);
    expect(onboarded.body.list.map((row) => row.tutorId)).not.toContain(waiting.id);
    const rejected = await list('?step=interview&state=rejected&size=100');
    expect(rejected.body.list.map((row) => row.tutorId)).toContain(waiting.id);
    expect(rejected.body.list.map((row) => row.tutorId)).not.toContain(done.id);
    expect(
      rejected.body.list.every(
        (row) => row.steps.find((step) => step.step === 'interview')?.state === 'rejected',
      ),
    ).toBe(true);
    const searched = await list(`?search=${encodeURIComponent('المنتظرة')}`);
    expect(searched.body.list.map((row) => row.tutorId)).toEqual([waiting.id]);
    expect(searched.body.total).toBe(1);
    // Each row carries the account's e-mail, which the search also reads.
    const [account] = await server.app.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, waiting.id));
    expect(searched.body.list[0]?.email).toBe(account?.email);
    const byEmail = await list(`?search=${encodeURIComponent(account?.email ?? '')}`);
    expect(byEmail.body.list.map((row) => row.tutorId)).toEqual([waiting.id]);
    const paged = await list('?size=1&page=2');
    expect(paged.body.list).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThanOrEqual(2);
    expect((await list('?state=unknown')).status).toBe(400);
    const tutor = await insertNewTutor(server);
    expect((await call(server, 'GET', '/user/tutor/onboarding/list', tutor)).status).toBe(403);
  });
});
