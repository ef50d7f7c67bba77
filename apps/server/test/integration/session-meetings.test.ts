import type { Socket } from 'socket.io-client';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DemoSessionStatus, InterviewStatus, Role, ServerEvent } from '@talaqa/domain';
import type {
  DemoSessionView,
  InterviewView,
  MeetingSessionView,
  MemberSessionEvent,
} from '@talaqa/domain';
import { sessionAttendance } from '../../src/db/schema';
import { call } from './api';
import type { Caller } from './api';
import { nextEvent } from './chat-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertManager, insertNewTutor } from './interviews-fixtures';
import { cairo, insertUser, NOW } from './lessons-fixtures';
import { sessionAck, sessionSocket } from './session-fixtures';

/**
 * Interviews and demo sessions held in the session room (issue 21 item 5; decision 317): the id
 * is the interview's or demo session's, `kind` names which; members are the tutor and the
 * manager; the window is a lesson's (10 minutes before the start to the end). Lesson rooms keep
 * their ids and events (the session room tests run unchanged).
 */

let server: TestServer;
let admin: Caller;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ jobsPollMs: 3_600_000 });
  admin = await insertUser(server, Role.SuperAdmin);
});
afterEach(() => {
  server.app.clock.now = () => NOW;
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

const setNow = (instant: Date): void => {
  server.app.clock.now = () => instant;
};

/** An interview on Wednesday 9 January 12:00, booked at NOW (10:00). */
async function bookedInterview() {
  setNow(NOW);
  const manager = await insertManager(server);
  const tutor = await insertNewTutor(server);
  const booked = await call<InterviewView>(server, 'POST', '/interview', tutor, {
    interviewerId: manager.id,
    start: cairo(9, '12:00').toISOString(),
  });
  expect(booked.status).toBe(201);
  return { manager, tutor, id: booked.body.id };
}

describe('GET /session/{kind}/{id}', () => {
  it('shows the room to its tutor, its manager and admins only', async () => {
    const { manager, tutor, id } = await bookedInterview();
    setNow(cairo(9, '11:55'));
    const view = await call<MeetingSessionView>(server, 'GET', `/session/interview/${id}`, tutor);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      id,
      kind: 'interview',
      tutorId: tutor.id,
      managerId: manager.id,
      opensAt: cairo(9, '11:50').toISOString(),
      closesAt: cairo(9, '12:30').toISOString(),
      open: true,
      status: InterviewStatus.Pending,
    });
    expect(view.body.members.map((member) => [member.id, member.role])).toEqual([
      [tutor.id, Role.Tutor],
      [manager.id, Role.TutorManager],
    ]);
    expect((await call(server, 'GET', `/session/interview/${id}`, manager)).status).toBe(200);
    expect((await call(server, 'GET', `/session/interview/${id}`, admin)).status).toBe(200);
    const stranger = await insertNewTutor(server);
    const hidden = await call<{ code: string }>(
      server,
      'GET',
      `/session/interview/${id}`,
      stranger,
    );
    expect([hidden.status, hidden.body.code]).toEqual([404, 'session-not-found']);
    const none = await call<{ code: string }>(server, 'GET', `/session/demo-session/${id}`, tutor);
    expect([none.status, none.body.code]).toEqual([404, 'session-not-found']);
    expect((await call(server, 'GET', `/session/lesson/${id}`, tutor)).status).toBe(400);
  });
});

describe('the room’s events', () => {
  it('admits the two members in the window and relays between them only', async () => {
    const { manager, tutor, id } = await bookedInterview();
    const [tutorSocket, managerSocket] = await Promise.all([
      sessionSocket(server, tutor, sockets),
      sessionSocket(server, manager, sockets),
    ]);
    const payload = { sessionId: id, kind: 'interview' };
    setNow(cairo(9, '11:40'));
    expect((await sessionAck(tutorSocket, 'JoinSession', payload)).result).toBe('unallowed');
    setNow(cairo(9, '11:55'));
    const pre = await sessionAck(tutorSocket, 'PreJoinSession', payload);
    expect(pre.result).toBe('ok');
    expect(pre.session).toMatchObject({ sessionId: id, present: [] });
    expect((await sessionAck(tutorSocket, 'JoinSession', payload)).result).toBe('ok');
    const joined = nextEvent<MemberSessionEvent>(tutorSocket, ServerEvent.MemberJoinedSessionId);
    const managerJoin = await sessionAck(managerSocket, 'JoinSession', payload);
    expect(managerJoin.result).toBe('ok');
    expect(managerJoin.session?.present.toSorted((a, b) => a - b)).toEqual(
      [tutor.id, manager.id].toSorted((a, b) => a - b),
    );
    expect((await joined).userId).toBe(manager.id);
    const offer = nextEvent<{ sessionId: number; userId: number }>(
      managerSocket,
      ServerEvent.SessionOffer,
    );
    const sent = await sessionAck(tutorSocket, 'SessionOffer', {
      ...payload,
      description: { type: 'offer', sdp: 'v=0 interview' },
    });
    expect(sent.result).toBe('ok');
    expect(await offer).toMatchObject({ sessionId: id, userId: tutor.id });
    // The same id without a kind is a lesson's room, which this is not.
    const asLesson = await sessionAck(tutorSocket, 'SessionOffer', {
      sessionId: id,
      description: { type: 'offer', sdp: 'v=0 lesson' },
    });
    expect(asLesson.result).toBe('lesson-not-found');
    // The view sees both in the room; meetings keep no lesson attendance.
    const view = await call<MeetingSessionView>(server, 'GET', `/session/interview/${id}`, tutor);
    expect(view.body.members.every((member) => member.present)).toBe(true);
    const [marks] = await server.app.database.db.select({ n: count() }).from(sessionAttendance);
    expect(marks?.n).toBe(0);
    expect((await sessionAck(tutorSocket, 'LeaveSession', payload)).result).toBe('ok');
  });

  it('closes the room when the interview is canceled: relays are refused from then on', async () => {
    const { manager, tutor, id } = await bookedInterview();
    setNow(cairo(9, '11:55'));
    const [tutorSocket, managerSocket] = await Promise.all([
      sessionSocket(server, tutor, sockets),
      sessionSocket(server, manager, sockets),
    ]);
    const payload = { sessionId: id, kind: 'interview' };
    expect((await sessionAck(tutorSocket, 'JoinSession', payload)).result).toBe('ok');
    expect((await sessionAck(managerSocket, 'JoinSession', payload)).result).toBe('ok');
    const ping = { ...payload, nonce: 'n1' };
    expect((await sessionAck(managerSocket, 'PingSessionMember', ping)).result).toBe('ok');
    const canceled = await call(server, 'PATCH', '/interview', manager, {
      id,
      status: InterviewStatus.CanceledByInterviewer,
    });
    expect(canceled.status).toBe(200);
    // Through the Redis adapter the leave is published: it lands a moment after the answer.
    await expect
      .poll(async () => (await sessionAck(managerSocket, 'PingSessionMember', ping)).result)
      .toBe('unallowed');
    await expect
      .poll(async () => (await sessionAck(tutorSocket, 'PingSessionMember', ping)).result)
      .toBe('unallowed');
  });

  it('refuses strangers, unknown ids and a canceled interview', async () => {
    const { tutor, id } = await bookedInterview();
    setNow(cairo(9, '11:55'));
    const stranger = await sessionSocket(server, await insertNewTutor(server), sockets);
    expect(
      (await sessionAck(stranger, 'JoinSession', { sessionId: id, kind: 'interview' })).result,
    ).toBe('not-member');
    expect(
      (await sessionAck(stranger, 'JoinSession', { sessionId: 2_000_000, kind: 'interview' }))
        .result,
    ).toBe('interview-not-found');
    const demo = await sessionAck(stranger, 'JoinSession', {
      sessionId: 2_000_000,
      kind: 'demo-session',
    });
    expect([demo.result, demo.code]).toEqual(['interview-not-found', 'demo-session-not-found']);
    const bad = await sessionAck(stranger, 'JoinSession', { sessionId: id, kind: 'party' });
    expect(bad.result).toBe('unallowed');
    const canceled = await call(server, 'PATCH', '/interview', tutor, {
      id,
      status: InterviewStatus.CanceledByInterviewee,
    });
    expect(canceled.status).toBe(200);
    const own = await sessionSocket(server, tutor, sockets);
    expect(
      (await sessionAck(own, 'JoinSession', { sessionId: id, kind: 'interview' })).result,
    ).toBe('unallowed');
  });

  it('holds a demo session in the room too', async () => {
    const { manager, tutor, id: interviewId } = await bookedInterview();
    setNow(cairo(9, '12:30'));
    await call(server, 'PATCH', '/interview', manager, {
      id: interviewId,
      status: InterviewStatus.Passed,
      feedback: 'أداء جيد في المحادثة والنطق',
      level: 4,
    });
    setNow(cairo(14, '09:00'));
    const demo = await call<DemoSessionView>(server, 'POST', '/demo-session', tutor, {
      tutorManagerId: manager.id,
      start: cairo(16, '11:00').toISOString(),
    });
    expect(demo.status).toBe(201);
    setNow(cairo(16, '10:55'));
    const [tutorSocket, managerSocket] = await Promise.all([
      sessionSocket(server, tutor, sockets),
      sessionSocket(server, manager, sockets),
    ]);
    const payload = { sessionId: demo.body.id, kind: 'demo-session' };
    expect((await sessionAck(tutorSocket, 'JoinSession', payload)).result).toBe('ok');
    expect((await sessionAck(managerSocket, 'JoinSession', payload)).result).toBe('ok');
    const view = await call<MeetingSessionView>(
      server,
      'GET',
      `/session/demo-session/${demo.body.id}`,
      manager,
    );
    expect(view.body).toMatchObject({
      kind: 'demo-session',
      open: true,
      status: DemoSessionStatus.Pending,
    });
    // Decided: the room is over.
    setNow(cairo(16, '11:30'));
    const after = await call<MeetingSessionView>(
      server,
      'GET',
      `/session/demo-session/${demo.body.id}`,
      tutor,
    );
    expect(after.body.open).toBe(false);
  });
});
