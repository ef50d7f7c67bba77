import { createHmac } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role, RoomType, ServerEvent } from '@talaqa/domain';
import type {
  LessonView,
  MemberSessionEvent,
  RoomMessageEvent,
  SessionToken,
  SessionView,
} from '@talaqa/domain';
import { lessons, sessionAttendance } from '../../src/db/schema';
import { call } from './api';
import { ack, chatSocket, clientId, collect, nextEvent } from './chat-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertUser } from './lessons-fixtures';
import { atMinute, bookedLesson, insertPlan, sessionAck, sessionSocket } from './session-fixtures';
import type { Booked } from './session-fixtures';

/**
 * The lesson room's endpoints and events (issue 19 items 3, 4): GET /session/token and
 * /session/{id}, join and leave with their attendance marks, the relay of every signaling event
 * to the other member only, and every ack result.
 */
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
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

const open = (booked: Booked) =>
  Promise.all([
    sessionSocket(server, booked.student, sockets),
    sessionSocket(server, booked.tutor, sockets),
  ]);

/** Both members in the room: the student joins first, then the tutor. */
async function inRoom(booked: Booked) {
  const [student, tutor] = await open(booked);
  const sessionId = booked.lesson.id;
  expect((await sessionAck(student, 'JoinSession', { sessionId })).result).toBe('ok');
  const heard = nextEvent<MemberSessionEvent>(student, ServerEvent.MemberJoinedSessionId);
  expect((await sessionAck(tutor, 'JoinSession', { sessionId })).result).toBe('ok');
  await heard;
  return { student, tutor, sessionId };
}

const marksOf = (lessonId: number) =>
  server.app.database.db
    .select({ userId: sessionAttendance.userId, event: sessionAttendance.event })
    .from(sessionAttendance)
    .where(eq(sessionAttendance.lessonId, lessonId))
    .orderBy(sessionAttendance.id);

const statusOf = async (lessonId: number) => {
  const [row] = await server.app.database.db
    .select({ status: lessons.status })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId)));
  return row?.status;
};

describe('GET /session/token', () => {
  it('hands STUN and TURN with credentials coturn’s shared secret verifies', async () => {
    const booked = await bookedLesson(server, planId);
    const answer = await call<SessionToken>(server, 'GET', '/session/token', booked.student);
    expect(answer.status).toBe(200);
    const { ice } = server.config;
    const expiry = Math.floor(now.getTime() / 1000) + ice.turnTtlSeconds;
    expect(answer.body.ttl).toBe(ice.turnTtlSeconds);
    expect(answer.body.expiresAt).toBe(new Date(expiry * 1000).toISOString());
    const [stun, turn] = answer.body.iceServers;
    expect(stun).toEqual({ urls: ice.stunUrls });
    expect(turn?.urls).toEqual(ice.turnUrls);
    expect(turn?.username).toBe(`${String(expiry)}:${String(booked.student.id)}`);
    const expected = createHmac('sha1', ice.turnSecret)
      .update(turn?.username ?? '')
      .digest('base64');
    expect(turn?.credential).toBe(expected);
    // Signed with another secret, the credential would not match.
    expect(
      createHmac('sha1', 'another secret')
        .update(turn?.username ?? '')
        .digest('base64'),
    ).not.toBe(turn?.credential);
  });

  it('is refused without a session', async () => {
    const answer = await call<{ code: string }>(server, 'GET', '/session/token', null);
    expect(answer.status).toBe(401);
  });
});

describe('GET /session/{id}', () => {
  it('shows the room to its members and admins, and no one else', async () => {
    const booked = await bookedLesson(server, planId);
    now = atMinute(-11);
    const early = await call<SessionView>(
      server,
      'GET',
      `/session/${booked.lesson.id}`,
      booked.tutor,
    );
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({
      id: booked.lesson.id,
      lessonId: booked.lesson.id,
      tutorId: booked.tutor.id,
      studentId: booked.student.id,
      start: atMinute(0).toISOString(),
      end: atMinute(30).toISOString(),
      opensAt: atMinute(-10).toISOString(),
      closesAt: atMinute(30).toISOString(),
      open: false,
      status: 'pending',
      attendance: [],
    });
    expect(early.body.members.map((m) => [m.id, m.role, m.present])).toEqual([
      [booked.tutor.id, Role.Tutor, false],
      [booked.student.id, Role.Student, false],
    ]);

    now = atMinute(-5);
    const [student] = await open(booked);
    await sessionAck(student, 'JoinSession', { sessionId: booked.lesson.id });
    const during = await call<SessionView>(
      server,
      'GET',
      `/session/${booked.lesson.id}`,
      booked.student,
    );
    expect(during.body).toMatchObject({ open: true, status: 'happening' });
    expect(during.body.members.find((m) => m.id === booked.student.id)?.present).toBe(true);
    expect(during.body.attendance).toEqual([
      { userId: booked.student.id, event: 1, at: atMinute(-5).toISOString() },
    ]);

    const admin = await insertUser(server, Role.SuperAdmin);
    expect((await call(server, 'GET', `/session/${booked.lesson.id}`, admin)).status).toBe(200);
    const stranger = await call<{ code: string }>(
      server,
      'GET',
      `/session/${booked.lesson.id}`,
      booked.stranger,
    );
    expect(stranger).toMatchObject({ status: 404, body: { code: 'session-not-found' } });
    const missing = await call<{ code: string }>(
      server,
      'GET',
      '/session/2000000000',
      booked.tutor,
    );
    expect(missing).toMatchObject({ status: 404, body: { code: 'session-not-found' } });
    expect((await call(server, 'GET', '/session/abc', booked.tutor)).status).toBe(400);
  });
});

describe('the in-session chat', () => {
  it('is one Lesson room of the two members, made on first read, and carries messages', async () => {
    const booked = await bookedLesson(server, planId);
    const path = `/session/${booked.lesson.id}`;
    const [byStudent, byTutor] = await Promise.all([
      call<SessionView>(server, 'GET', path, booked.student),
      call<SessionView>(server, 'GET', path, booked.tutor),
    ]);
    const room = byStudent.body.chatRoom;
    expect(room).toMatchObject({ type: RoomType.Lesson, other: { id: booked.tutor.id } });
    expect(byTutor.body.chatRoom).toMatchObject({
      id: room?.id,
      other: { id: booked.student.id },
    });
    const again = await call<SessionView>(server, 'GET', path, booked.student);
    expect(again.body.chatRoom?.id).toBe(room?.id);
    const admin = await insertUser(server, Role.SuperAdmin);
    expect((await call<SessionView>(server, 'GET', path, admin)).body.chatRoom).toBeNull();

    const roomId = room?.id ?? 0;
    const [student, tutor] = await Promise.all([
      chatSocket(server, booked.student, sockets),
      chatSocket(server, booked.tutor, sockets),
    ]);
    await ack(tutor, 'JoinRooms', { roomIds: [roomId] });
    const heard = nextEvent<RoomMessageEvent>(tutor, ServerEvent.RoomMessage);
    const sent = await ack(student, 'SendMessage', {
      roomId,
      text: 'Good evening!',
      clientId: clientId(),
    });
    expect(sent.result).toBe('ok');
    expect((await heard).message).toMatchObject({ roomId, text: 'Good evening!' });
  });
});

describe('PreJoinSession and JoinSession', () => {
  it('answer every refusal, and record nothing for them', async () => {
    const booked = await bookedLesson(server, planId);
    const [student] = await open(booked);
    const stranger = await sessionSocket(server, booked.stranger, sockets);
    const sessionId = booked.lesson.id;
    for (const event of ['PreJoinSession', 'JoinSession']) {
      for (const payload of [{}, { sessionId: 'x' }, { sessionId: 0 }, null, 'text']) {
        expect(await sessionAck(student, event, payload), event).toEqual({
          result: 'invalid-session-id',
        });
      }
      expect(await sessionAck(student, event, { sessionId: 2_000_000_000 })).toEqual({
        result: 'lesson-not-found',
      });
      expect(await sessionAck(stranger, event, { sessionId })).toEqual({ result: 'not-member' });
      now = atMinute(-11);
      expect(await sessionAck(student, event, { sessionId })).toEqual({ result: 'unallowed' });
      now = atMinute(30);
      expect(await sessionAck(student, event, { sessionId })).toEqual({ result: 'unallowed' });
      now = atMinute(-5);
    }
    // A fault on our side (the database failing) is `unreachable`, and records nothing.
    const select = vi.spyOn(server.app.database.db, 'select').mockImplementationOnce(() => {
      throw new Error('the database is away');
    });
    try {
      expect(await sessionAck(student, 'JoinSession', { sessionId })).toEqual({
        result: 'unreachable',
      });
    } finally {
      select.mockRestore();
    }
    expect(await marksOf(sessionId)).toEqual([]);
    expect(await statusOf(sessionId)).toBe('pending');
  });

  it('PreJoinSession tells who is in; JoinSession records the join and tells both', async () => {
    const booked = await bookedLesson(server, planId);
    const [student, tutor] = await open(booked);
    const sessionId = booked.lesson.id;
    now = atMinute(-10);
    const pre = await sessionAck(student, 'PreJoinSession', { sessionId });
    expect(pre).toEqual({
      result: 'ok',
      session: {
        sessionId,
        tutorId: booked.tutor.id,
        studentId: booked.student.id,
        opensAt: atMinute(-10).toISOString(),
        closesAt: atMinute(30).toISOString(),
        present: [],
      },
    });
    const tutorHears = nextEvent<MemberSessionEvent>(tutor, ServerEvent.MemberJoinedSessionId);
    const joined = await sessionAck(student, 'JoinSession', { sessionId });
    expect(joined).toMatchObject({ result: 'ok', session: { present: [booked.student.id] } });
    expect(await tutorHears).toEqual({
      sessionId,
      userId: booked.student.id,
      present: [booked.student.id],
    });
    expect(await statusOf(sessionId)).toBe('happening');
    expect((await sessionAck(tutor, 'PreJoinSession', { sessionId })).session?.present).toEqual([
      booked.student.id,
    ]);
    expect(await marksOf(sessionId)).toEqual([{ userId: booked.student.id, event: 1 }]);
  });
});

describe('the relay', () => {
  const RELAYS: [string, Record<string, unknown>, string, Record<string, unknown>][] = [
    [
      'SessionOffer',
      { description: { type: 'offer', sdp: 'v=0 offer' } },
      ServerEvent.SessionOffer,
      { description: { type: 'offer', sdp: 'v=0 offer' } },
    ],
    [
      'SessionAnswer',
      { description: { type: 'answer', sdp: 'v=0 answer' } },
      ServerEvent.SessionAnswer,
      { description: { type: 'answer', sdp: 'v=0 answer' } },
    ],
    [
      'IceCandidate',
      {
        candidate: {
          candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host',
          sdpMid: '0',
          sdpMLineIndex: 0,
        },
      },
      ServerEvent.IceCandidate,
      {
        candidate: {
          candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host',
          sdpMid: '0',
          sdpMLineIndex: 0,
        },
      },
    ],
    ['IceCandidate', { candidate: null }, ServerEvent.IceCandidate, { candidate: null }],
    ['AnnounceIncomingOffer', {}, ServerEvent.AnnounceIncomingOffer, {}],
    ['ReadyToReceiveOffer', {}, ServerEvent.ReadyToReceiveOffer, {}],
    ['PingSessionMember', { nonce: 'n1' }, ServerEvent.Ping, { nonce: 'n1' }],
    ['PongSessionMember', { nonce: 'n1' }, ServerEvent.Pong, { nonce: 'n1' }],
    ['PeerOpened', { peerId: 'peer-a' }, ServerEvent.UserJoinedSession, { peerId: 'peer-a' }],
    ['UserSharingScreen', { sharing: true }, ServerEvent.UserSharedScreen, { sharing: true }],
    ['ToggleCamera', { on: false }, ServerEvent.CameraToggle, { on: false }],
    ['ToggleMic', { on: true }, ServerEvent.MicToggled, { on: true }],
    ['SetDataSaver', { mode: 'audio' }, ServerEvent.DataSaverChanged, { mode: 'audio' }],
  ];

  it('relays what the browser sends without asking for an acknowledgement', async () => {
    const booked = await bookedLesson(server, planId);
    const { student, tutor, sessionId } = await inRoom(booked);
    const offer = nextEvent<{ description: unknown }>(tutor, ServerEvent.SessionOffer);
    const candidate = nextEvent<{ candidate: unknown }>(tutor, ServerEvent.IceCandidate);
    // The call engine sends offers and candidates fire-and-forget (socket.emit, no callback).
    student.emit('SessionOffer', { sessionId, description: { type: 'offer', sdp: 'v=0 quiet' } });
    student.emit('IceCandidate', { sessionId, candidate: null });
    expect((await offer).description).toEqual({ type: 'offer', sdp: 'v=0 quiet' });
    expect((await candidate).candidate).toBeNull();
  });

  it('passes every signaling event to the other member only, with the sender', async () => {
    const booked = await bookedLesson(server, planId);
    const { student, tutor, sessionId } = await inRoom(booked);
    // The student's other tab (not in the room) and a stranger hear none of it.
    const otherTab = await sessionSocket(server, booked.student, sockets);
    const stranger = await sessionSocket(server, booked.stranger, sockets);
    const overheard = [...new Set(RELAYS.map(([, , heard]) => heard))].flatMap((event) => [
      collect<unknown>(otherTab, event),
      collect<unknown>(stranger, event),
      collect<unknown>(student, event),
    ]);
    for (const [event, payload, heard, expected] of RELAYS) {
      const received = nextEvent<Record<string, unknown>>(tutor, heard);
      expect(await sessionAck(student, event, { sessionId, ...payload }), event).toEqual({
        result: 'ok',
      });
      expect(await received, event).toEqual({ sessionId, userId: booked.student.id, ...expected });
    }
    // And back the other way.
    const back = nextEvent(student, ServerEvent.SessionAnswer);
    await sessionAck(tutor, 'SessionAnswer', {
      sessionId,
      description: { type: 'answer', sdp: 'back' },
    });
    expect(await back).toEqual({
      sessionId,
      userId: booked.tutor.id,
      description: { type: 'answer', sdp: 'back' },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The student heard only the tutor's answer; nobody else heard anything.
    expect(overheard.flat()).toEqual([
      { sessionId, userId: booked.tutor.id, description: { type: 'answer', sdp: 'back' } },
    ]);
  });

  it('RegisterPeer answers the other member’s peers', async () => {
    const booked = await bookedLesson(server, planId);
    const { student, tutor, sessionId } = await inRoom(booked);
    expect(await sessionAck(student, 'RegisterPeer', { sessionId, peerId: 'student-1' })).toEqual({
      result: 'ok',
      peers: [],
    });
    expect(await sessionAck(tutor, 'RegisterPeer', { sessionId, peerId: 'tutor-1' })).toEqual({
      result: 'ok',
      peers: [{ userId: booked.student.id, peerId: 'student-1' }],
    });
  });

  it('refuses a relay with the spec’s ack results', async () => {
    const booked = await bookedLesson(server, planId);
    const [student] = await open(booked);
    const stranger = await sessionSocket(server, booked.stranger, sockets);
    const sessionId = booked.lesson.id;
    const offer = { description: { type: 'offer', sdp: 'x' } };
    const refusable = [
      ...RELAYS.map(([e, p]) => [e, p] as const),
      ['RegisterPeer', { peerId: 'p' }] as const,
    ];
    for (const [event, payload] of refusable) {
      expect(await sessionAck(student, event, payload), event).toEqual({
        result: 'invalid-session-id',
      });
      expect(await sessionAck(student, event, { sessionId: 2_000_000_000, ...payload })).toEqual({
        result: 'lesson-not-found',
      });
      expect(await sessionAck(stranger, event, { sessionId, ...payload })).toEqual({
        result: 'not-member',
      });
      // A member who has not joined.
      expect(await sessionAck(student, event, { sessionId, ...payload })).toEqual({
        result: 'unallowed',
      });
    }
    await sessionAck(student, 'JoinSession', { sessionId });
    // A wrong payload.
    expect(
      await sessionAck(student, 'SessionOffer', {
        sessionId,
        description: { type: 'answer', sdp: '' },
      }),
    ).toMatchObject({ result: 'unallowed' });
    expect(await sessionAck(student, 'ToggleMic', { sessionId, on: 'yes' })).toMatchObject({
      result: 'unallowed',
    });
    expect(await sessionAck(student, 'SessionOffer', { sessionId, ...offer })).toEqual({
      result: 'ok',
    });
    // The room closes at the end.
    now = atMinute(30);
    expect(await sessionAck(student, 'SessionOffer', { sessionId, ...offer })).toEqual({
      result: 'unallowed',
    });
  });

  it('keeps one connection per member: a new tab takes the place of the old one', async () => {
    const booked = await bookedLesson(server, planId);
    const { student, tutor, sessionId } = await inRoom(booked);
    const newTab = await sessionSocket(server, booked.student, sockets);
    const oldTabHears = nextEvent<MemberSessionEvent>(student, ServerEvent.MemberJoinedSessionId);
    expect((await sessionAck(newTab, 'JoinSession', { sessionId })).session?.present).toEqual(
      [booked.student.id, booked.tutor.id].toSorted((a, b) => a - b),
    );
    expect((await oldTabHears).userId).toBe(booked.student.id);
    expect(await sessionAck(student, 'ToggleMic', { sessionId, on: false })).toEqual({
      result: 'unallowed',
    });
    const heard = nextEvent(tutor, ServerEvent.MicToggled);
    expect(await sessionAck(newTab, 'ToggleMic', { sessionId, on: false })).toEqual({
      result: 'ok',
    });
    expect(await heard).toEqual({ sessionId, userId: booked.student.id, on: false });
  });
});

describe('LeaveSession and disconnect', () => {
  it('record the leave and tell both members who is left', async () => {
    const booked = await bookedLesson(server, planId);
    const { student, tutor, sessionId } = await inRoom(booked);
    now = atMinute(3);
    const tutorHears = nextEvent<MemberSessionEvent>(tutor, ServerEvent.MemberLeftSessionId);
    expect(await sessionAck(student, 'LeaveSession', { sessionId })).toEqual({ result: 'ok' });
    expect(await tutorHears).toEqual({
      sessionId,
      userId: booked.student.id,
      present: [booked.tutor.id],
    });
    // Left: its relays are refused; leaving again changes nothing.
    expect(await sessionAck(student, 'ToggleMic', { sessionId, on: true })).toEqual({
      result: 'unallowed',
    });
    expect(await sessionAck(student, 'LeaveSession', { sessionId })).toEqual({ result: 'ok' });
    const stranger = await sessionSocket(server, booked.stranger, sockets);
    expect(await sessionAck(stranger, 'LeaveSession', { sessionId })).toEqual({
      result: 'not-member',
    });
    expect(await sessionAck(student, 'LeaveSession', { sessionId: 2_000_000_000 })).toEqual({
      result: 'lesson-not-found',
    });
    expect(await sessionAck(student, 'LeaveSession', { sessionId: -1 })).toEqual({
      result: 'invalid-session-id',
    });

    const studentHears = nextEvent<MemberSessionEvent>(student, ServerEvent.MemberLeftSessionId);
    now = atMinute(4);
    tutor.disconnect();
    expect(await studentHears).toEqual({ sessionId, userId: booked.tutor.id, present: [] });
    await expect
      .poll(() => marksOf(sessionId))
      .toEqual([
        { userId: booked.student.id, event: 1 },
        { userId: booked.tutor.id, event: 1 },
        { userId: booked.student.id, event: 2 },
        { userId: booked.tutor.id, event: 2 },
      ]);
  });
});

describe('lesson views', () => {
  it('show the stored status', async () => {
    const booked = await bookedLesson(server, planId);
    now = atMinute(5);
    const view = await call<LessonView>(
      server,
      'GET',
      `/lesson/${booked.lesson.id}`,
      booked.student,
    );
    // Nobody joined yet: still pending, even though the start has passed.
    expect(view.body.status).toBe('pending');
  });
});
