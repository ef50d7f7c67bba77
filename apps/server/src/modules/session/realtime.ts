/**
 * The lesson room's socket events (spec section 7, issue 19; docs/decisions/286-session-
 * signaling.md). JoinSession checks the lesson, its member and its window, records the join and
 * puts the socket in `session:{id}`; relays go from a joined socket to the same room except the
 * sender's user room, which through the Redis adapter is the other member's joined socket on
 * whichever instance. Relays read no database.
 */
import {
  CLIENT_TO_SERVER,
  idSchema,
  isValidationCode,
  JoinLeaveEvent,
  mayJoinSession,
  ServerEvent,
  sessionMeetingOf,
  sessionWindow,
  SIGNAL_DESCRIPTION_COST,
  signalBucket,
  takeSignalTokens,
} from '@talaqa/domain';
import type {
  ClientEventName,
  ErrorCode,
  SessionAckResult,
  SessionKind,
  SessionLesson,
  SessionRoomState,
  SignalBucket,
} from '@talaqa/domain';
import type { z } from 'zod';
import type { ServiceContext, ServiceLog } from '../../context';
import { userRoom } from '../../realtime';
import type { JoinedRoom, RealtimeServer, RealtimeSocket } from '../../realtime';
import { findSessionMeeting } from '../interviews';
import { findSessionLesson, recordAttendance, sessionLessonOf } from '../lessons';

/** A meeting's kind; lessons have none (their ids and rooms are as before). */
type MeetingKind = Exclude<SessionKind, 'lesson'>;
const meetingKindOf = (kind: SessionKind | undefined): MeetingKind | undefined =>
  kind === 'lesson' ? undefined : kind;

/**
 * The socket.io room of a session's room: the sockets that joined it. A lesson's is
 * `session:{id}`; an interview's or demo session's `session:{kind}:{id}`
 * (docs/decisions/317-session-room-for-interviews.md).
 */
export const sessionRoom = (sessionId: number, kind?: MeetingKind): string =>
  kind === undefined ? `session:${String(sessionId)}` : `session:${kind}:${String(sessionId)}`;

/** The room of a socket's joined room. */
const roomName = (room: JoinedRoom): string => sessionRoom(room.sessionId, room.kind);

/** The lesson, interview or demo session of a room as the room's rules read it. */
async function sessionOf(
  ctx: Pick<ServiceContext, 'db'>,
  sessionId: number,
  kind: MeetingKind | undefined,
): Promise<SessionLesson> {
  if (kind === undefined) {
    const row = await findSessionLesson(ctx.db, sessionId);
    if (!row) throw new SessionRefused('lesson-not-found');
    return sessionLessonOf(row.lesson);
  }
  const meeting = await findSessionMeeting(ctx.db, kind, sessionId);
  if (!meeting) {
    throw new SessionRefused(
      'interview-not-found',
      kind === 'demo-session' ? 'demo-session-not-found' : 'interview-not-found',
    );
  }
  return sessionMeetingOf({ ...meeting, tutorId: meeting.tutor.id, managerId: meeting.manager.id });
}

type SessionEventName = Extract<
  ClientEventName,
  | 'PreJoinSession'
  | 'JoinSession'
  | 'LeaveSession'
  | 'SessionOffer'
  | 'SessionAnswer'
  | 'AnnounceIncomingOffer'
  | 'ReadyToReceiveOffer'
  | 'IceCandidate'
  | 'PingSessionMember'
  | 'PongSessionMember'
  | 'PeerOpened'
  | 'RegisterPeer'
  | 'UserSharingScreen'
  | 'ToggleCamera'
  | 'ToggleMic'
  | 'SetDataSaver'
>;
type Payload<E extends SessionEventName> = z.output<(typeof CLIENT_TO_SERVER)[E]['payload']>;
type AckInput<E extends SessionEventName> = z.input<(typeof CLIENT_TO_SERVER)[E]['ack']>;
type Listener = (payload: unknown, ack: unknown) => void;

/** A refusal of a session event, answered as its ack result. */
class SessionRefused extends Error {
  constructor(
    readonly result: Exclude<SessionAckResult, 'ok'>,
    readonly code?: ErrorCode,
  ) {
    super(result);
    this.name = 'SessionRefused';
  }
}

/** Who is in the room now (user ids), on every instance; `without` a socket on its way out. */
export async function presentIn(
  io: RealtimeServer,
  sessionId: number,
  without?: string,
  kind?: MeetingKind,
): Promise<number[]> {
  const sockets = await io.in(sessionRoom(sessionId, kind)).fetchSockets();
  const ids = sockets.filter((socket) => socket.id !== without).map((s) => s.data.userId);
  return [...new Set(ids)].toSorted((a, b) => a - b);
}

type SessionContext = Pick<ServiceContext, 'db' | 'clock' | 'io'>;

/**
 * What an event takes from the socket's signaling bucket (docs/decisions/298-signaling-rate-
 * limit.md): a session description ten, a leave that takes the socket out of its room nothing (the
 * attendance mark must not be lost to a flood), any other event one.
 */
function signalCost(socket: RealtimeSocket, event: SessionEventName, payload: unknown): number {
  if (event === 'SessionOffer' || event === 'SessionAnswer') return SIGNAL_DESCRIPTION_COST;
  if (event === 'LeaveSession') {
    const sessionId =
      typeof payload === 'object' && payload !== null && 'sessionId' in payload
        ? payload.sessionId
        : undefined;
    const kind =
      typeof payload === 'object' && payload !== null && 'kind' in payload
        ? payload.kind
        : undefined;
    const room = socket.data.room;
    if (room && room.sessionId === sessionId && (room.kind ?? 'lesson') === (kind ?? 'lesson')) {
      return 0;
    }
  }
  return 1;
}

export function attachSessionRealtime(ctx: SessionContext, log: ServiceLog): void {
  const { io } = ctx;
  // A socket lives on one instance, so its bucket lives in this process. The limit measures real
  // time (monotonic), not the business clock a test moves.
  const buckets = new WeakMap<RealtimeSocket, SignalBucket & { warned?: boolean }>();

  /** Whether the socket may send this event now; logs the first cut of each socket. */
  function withinLimit(socket: RealtimeSocket, event: SessionEventName, payload: unknown): boolean {
    const nowMs = performance.now();
    let bucket = buckets.get(socket);
    if (!bucket) {
      bucket = signalBucket(nowMs);
      buckets.set(socket, bucket);
    }
    if (takeSignalTokens(bucket, signalCost(socket, event, payload), nowMs)) return true;
    if (!bucket.warned) {
      bucket.warned = true;
      log.warn({ userId: socket.data.userId, event }, 'session signaling over the limit');
    }
    return false;
  }

  /** Listens to a session event: session id and payload read, the ack sent through its schema. */
  function on<E extends SessionEventName>(
    socket: RealtimeSocket,
    event: E,
    run: (payload: Payload<E>) => Promise<AckInput<E>>,
  ): void {
    const definition = CLIENT_TO_SERVER[event];
    const listener: Listener = (payload, ack) => {
      // Counted before anything else: an event without an ack or with a bad payload is sent too.
      const allowed = withinLimit(socket, event, payload);
      // A relay the browser sends without asking for an acknowledgement (candidates, offers:
      // fire and forget) is relayed all the same; only the answer is left out.
      const answer = (value: unknown): void => {
        if (typeof ack !== 'function') return;
        (ack as (value: unknown) => void)(definition.ack.parse(value));
      };
      if (!allowed) {
        answer({ result: 'unallowed', code: 'too-many-requests' });
        return;
      }
      const sessionId =
        typeof payload === 'object' && payload !== null && 'sessionId' in payload
          ? payload.sessionId
          : undefined;
      if (!idSchema.safeParse(sessionId).success) {
        answer({ result: 'invalid-session-id' });
        return;
      }
      const read = definition.payload.safeParse(payload);
      if (!read.success) {
        const code = read.error.issues[0]?.message;
        answer({ result: 'unallowed', code: isValidationCode(code) ? code : 'bad-request' });
        return;
      }
      run(read.data as Payload<E>).then(answer, (error: unknown) => {
        if (error instanceof SessionRefused) {
          answer(
            error.code ? { result: error.result, code: error.code } : { result: error.result },
          );
          return;
        }
        log.error({ err: error, event }, 'session event failed');
        answer({ result: 'unreachable' });
      });
    };
    (socket as unknown as { on(event: string, listener: Listener): void }).on(event, listener);
  }

  /** The session and the caller's standing in it now: refused unless they may be in the room. */
  async function admit(
    userId: number,
    sessionId: number,
    kind: MeetingKind | undefined,
  ): Promise<{ room: JoinedRoom; state: Omit<SessionRoomState, 'present'> }> {
    const lesson = await sessionOf(ctx, sessionId, kind);
    const verdict = mayJoinSession(lesson, userId, ctx.clock.now());
    if (verdict !== 'ok') throw new SessionRefused(verdict);
    const { opensAt, closesAt } = sessionWindow(lesson);
    return {
      room: {
        sessionId,
        ...(kind !== undefined && { kind }),
        otherId: userId === lesson.tutorId ? lesson.studentId : lesson.tutorId,
        closesAt: closesAt.getTime(),
      },
      state: {
        sessionId,
        ...(kind !== undefined && { kind }),
        tutorId: lesson.tutorId,
        studentId: lesson.studentId,
        opensAt: opensAt.toISOString(),
        closesAt: closesAt.toISOString(),
      },
    };
  }

  /** The room this socket joined, when it is that session and still open; else a refusal. */
  async function joinedRoom(
    socket: RealtimeSocket,
    sessionId: number,
    kind: MeetingKind | undefined,
  ): Promise<JoinedRoom> {
    const { room } = socket.data;
    if (
      room?.sessionId === sessionId &&
      room.kind === kind &&
      socket.rooms.has(sessionRoom(sessionId, kind))
    ) {
      if (ctx.clock.now().getTime() < room.closesAt) return room;
      throw new SessionRefused('unallowed');
    }
    // Not in that room: tell why (the same refusals as a join), else it has to join first.
    await admit(socket.data.userId, sessionId, kind);
    throw new SessionRefused('unallowed');
  }

  /** Sends to the other member's joined sockets (any instance). */
  const toOther = (socket: RealtimeSocket, room: JoinedRoom) =>
    io.to(roomName(room)).except(userRoom(socket.data.userId));

  /** A relay: from a joined socket of the session to the other member. */
  const relayRoom = (
    socket: RealtimeSocket,
    payload: { sessionId: number; kind?: SessionKind | undefined },
  ): Promise<JoinedRoom> => joinedRoom(socket, payload.sessionId, meetingKindOf(payload.kind));

  async function announce(
    event: 'MemberJoinedSessionId' | 'MemberLeftSessionId',
    userId: number,
    room: JoinedRoom,
    without?: string,
  ): Promise<number[]> {
    const present = await presentIn(io, room.sessionId, without, room.kind);
    io.to([userRoom(userId), userRoom(room.otherId)]).emit(ServerEvent[event], {
      sessionId: room.sessionId,
      userId,
      present,
    });
    return present;
  }

  /** Takes the socket out of its room: records the leave and tells both members. */
  async function leave(socket: RealtimeSocket, going: boolean): Promise<void> {
    const { room } = socket.data;
    if (!room) return;
    delete socket.data.room;
    const name = roomName(room);
    if (!socket.rooms.has(name)) return;
    const { userId } = socket.data;
    // Attendance is a lesson's (its no-show and minutes rules); meetings keep none.
    if (room.kind === undefined) {
      await recordAttendance(ctx.db, {
        lessonId: room.sessionId,
        userId,
        event: JoinLeaveEvent.UserLeft,
        now: ctx.clock.now(),
      });
    }
    if (!going) await socket.leave(name);
    await announce('MemberLeftSessionId', userId, room, going ? socket.id : undefined);
  }

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    socket.on('disconnecting', () => {
      leave(socket, true).catch((error: unknown) =>
        log.warn({ err: error, userId }, 'session leave not recorded'),
      );
    });

    on(socket, 'PreJoinSession', async ({ sessionId, kind: asked }) => {
      const kind = meetingKindOf(asked);
      const { state } = await admit(userId, sessionId, kind);
      return {
        result: 'ok',
        session: { ...state, present: await presentIn(io, sessionId, undefined, kind) },
      };
    });

    on(socket, 'JoinSession', async ({ sessionId, kind: asked }) => {
      const kind = meetingKindOf(asked);
      const { room, state } = await admit(userId, sessionId, kind);
      const current = socket.data.room;
      if (current && (current.sessionId !== sessionId || current.kind !== kind)) {
        await leave(socket, false);
      }
      if (kind === undefined) {
        await recordAttendance(ctx.db, {
          lessonId: sessionId,
          userId,
          event: JoinLeaveEvent.UserJoined,
          now: ctx.clock.now(),
        });
      }
      // One connection per member in the room: the user's other tabs leave it (any instance;
      // the adapter does that after publishing, so this socket is left out of it).
      io.in(userRoom(userId)).except(socket.id).socketsLeave(sessionRoom(sessionId, kind));
      await socket.join(sessionRoom(sessionId, kind));
      socket.data.room = room;
      const present = await announce('MemberJoinedSessionId', userId, room);
      return { result: 'ok', session: { ...state, present } };
    });

    on(socket, 'LeaveSession', async ({ sessionId, kind: asked }) => {
      const kind = meetingKindOf(asked);
      const current = socket.data.room;
      if (current?.sessionId === sessionId && current.kind === kind) await leave(socket, false);
      else {
        const session = await sessionOf(ctx, sessionId, kind);
        if (session.tutorId !== userId && session.studentId !== userId) {
          throw new SessionRefused('not-member');
        }
      }
      return { result: 'ok' };
    });

    on(socket, 'SessionOffer', async (payload) => {
      const { sessionId, description } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.SessionOffer, { sessionId, userId, description });
      return { result: 'ok' };
    });

    on(socket, 'SessionAnswer', async (payload) => {
      const { sessionId, description } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.SessionAnswer, {
        sessionId,
        userId,
        description,
      });
      return { result: 'ok' };
    });

    on(socket, 'IceCandidate', async (payload) => {
      const { sessionId, candidate } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.IceCandidate, { sessionId, userId, candidate });
      return { result: 'ok' };
    });

    on(socket, 'AnnounceIncomingOffer', async (payload) => {
      const { sessionId } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.AnnounceIncomingOffer, { sessionId, userId });
      return { result: 'ok' };
    });

    on(socket, 'ReadyToReceiveOffer', async (payload) => {
      const { sessionId } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.ReadyToReceiveOffer, { sessionId, userId });
      return { result: 'ok' };
    });

    on(socket, 'PingSessionMember', async (payload) => {
      const { sessionId, nonce } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.Ping, { sessionId, userId, nonce });
      return { result: 'ok' };
    });

    on(socket, 'PongSessionMember', async (payload) => {
      const { sessionId, nonce } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.Pong, { sessionId, userId, nonce });
      return { result: 'ok' };
    });

    on(socket, 'RegisterPeer', async (payload) => {
      const { peerId } = payload;
      const room = await relayRoom(socket, payload);
      room.peerId = peerId;
      const sockets = await io.in(roomName(room)).fetchSockets();
      const peers = sockets.flatMap((other) => {
        const { room: theirs } = other.data;
        return other.data.userId !== userId && theirs?.peerId
          ? [{ userId: other.data.userId, peerId: theirs.peerId }]
          : [];
      });
      return { result: 'ok', peers };
    });

    on(socket, 'PeerOpened', async (payload) => {
      const { sessionId, peerId } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.UserJoinedSession, { sessionId, userId, peerId });
      return { result: 'ok' };
    });

    on(socket, 'UserSharingScreen', async (payload) => {
      const { sessionId, sharing } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.UserSharedScreen, { sessionId, userId, sharing });
      return { result: 'ok' };
    });

    on(socket, 'ToggleCamera', async (payload) => {
      const { sessionId, on: cameraOn } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.CameraToggle, {
        sessionId,
        userId,
        on: cameraOn,
      });
      return { result: 'ok' };
    });

    on(socket, 'ToggleMic', async (payload) => {
      const { sessionId, on: micOn } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.MicToggled, { sessionId, userId, on: micOn });
      return { result: 'ok' };
    });

    on(socket, 'SetDataSaver', async (payload) => {
      const { sessionId, mode } = payload;
      const room = await relayRoom(socket, payload);
      toOther(socket, room).emit(ServerEvent.DataSaverChanged, { sessionId, userId, mode });
      return { result: 'ok' };
    });
  });
}
