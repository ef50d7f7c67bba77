import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role, ServerEvent } from '@talaqa/domain';
import type {
  ChatRoomMember,
  ChatRoomPage,
  RoomMessageEvent,
  RoomMessageReadEvent,
  UserStatusChangedEvent,
  UserTypingEvent,
} from '@talaqa/domain';
import { queryRows } from '../../src/db';
import { chatRealtimeOf } from '../../src/modules/chat';
import {
  ack,
  chatSocket,
  chatUserOf,
  clientId,
  messagesIn,
  nextEvent,
  openRoom,
} from './chat-fixtures';
import { callApi } from './api';
import { startTestServer, testDriver, testRedisUrl } from './helpers';
import type { TestServer } from './helpers';

/**
 * Chat on two instances sharing one PostgreSQL and one Redis, as behind a load balancer: the
 * sender on one, the receiver on the other (issue 18 item 5).
 */
describe.skipIf(testDriver !== 'postgres' || !testRedisUrl)('chat across instances', () => {
  let one: TestServer;
  let two: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    one = await startTestServer();
    two = await startTestServer({
      databaseUrl: one.config.databaseUrl,
      redisKeyPrefix: one.config.redisKeyPrefix,
    });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  /** A student on instance one and a tutor on instance two, with a room. */
  async function pair() {
    const student = await chatUserOf(one, Role.Student);
    const tutor = await chatUserOf(one, Role.Tutor);
    const { room } = await openRoom(one, student, tutor, 'first');
    return { student, tutor, room };
  }

  /**
   * The adapter subscribes asynchronously on a fresh instance; an event is sent only once the
   * receiving socket's instance hears the other one (checked with a presence event).
   */
  async function connectedPair() {
    const { student, tutor, room } = await pair();
    const tutorSocket = await chatSocket(two, tutor, sockets);
    const online = nextEvent<UserStatusChangedEvent>(
      tutorSocket,
      ServerEvent.UserStatusChanged,
      (e) => e.userId === student.id && e.online,
      10_000,
    );
    const studentSocket = await chatSocket(one, student, sockets);
    expect(await online).toEqual({ userId: student.id, online: true, devices: 1 });
    return { student, tutor, room, studentSocket, tutorSocket };
  }

  it('delivers messages, typing and read state from one instance to the other', async () => {
    const { student, tutor, room, studentSocket, tutorSocket } = await connectedPair();
    const heard = nextEvent<RoomMessageEvent>(tutorSocket, ServerEvent.RoomMessage);
    const id = clientId();
    const sent = await ack(studentSocket, 'SendMessage', {
      roomId: room.id,
      clientId: id,
      text: 'across',
    });
    expect(sent).toMatchObject({ result: 'ok', message: { seq: 2, text: 'across' } });
    expect((await heard).message).toEqual(sent.message);

    // A retry sent to the other instance (a reconnect through the balancer) is not doubled.
    const elsewhere = await chatSocket(two, student, sockets);
    expect(
      await ack(elsewhere, 'SendMessage', { roomId: room.id, clientId: id, text: 'across' }),
    ).toEqual(sent);
    expect(await messagesIn(one, room.id)).toBe(2);

    const typing = nextEvent<UserTypingEvent>(studentSocket, ServerEvent.UserTyping);
    expect(await ack(tutorSocket, 'UserTyping', { roomId: room.id, typing: true })).toEqual({
      result: 'ok',
    });
    expect(await typing).toEqual({ roomId: room.id, userId: tutor.id, typing: true });

    const ticks = nextEvent<RoomMessageReadEvent>(studentSocket, ServerEvent.RoomMessageRead);
    expect(
      await ack(tutorSocket, 'MarkMessageAsRead', { roomId: room.id, messageId: sent.message?.id }),
    ).toEqual({ result: 'ok' });
    expect(await ticks).toEqual({ roomId: room.id, userId: tutor.id, readSeq: 2 });

    const answer = nextEvent<RoomMessageEvent>(studentSocket, ServerEvent.RoomMessage);
    await ack(tutorSocket, 'SendMessage', { roomId: room.id, clientId: clientId(), text: 'back' });
    expect((await answer).message).toMatchObject({ seq: 3, senderId: tutor.id });
  });

  it('stores sends of both instances to the same rooms at once: every seq once, no deadlock', async () => {
    const deadlocks = async (): Promise<number> => {
      const rows = await queryRows<{ deadlocks: string }>(
        one.app.database.db,
        sql`select deadlocks from pg_stat_database where datname = current_database()`,
      );
      return Number(rows[0]?.deadlocks ?? 0);
    };
    const before = await deadlocks();
    const pairs = await Promise.all(Array.from({ length: 4 }, () => pair()));
    const senders = await Promise.all(
      pairs.flatMap(({ student, tutor }) => [
        chatSocket(one, student, sockets),
        chatSocket(two, tutor, sockets),
      ]),
    );
    // Each round sends one message from every member of every room, half through each instance,
    // so both instances' batches hold the same rooms in different orders.
    const answers = [];
    for (let round = 0; round < 8; round += 1) {
      const order = round % 2 ? [...senders.keys()].reverse() : [...senders.keys()];
      answers.push(
        ...(await Promise.all(
          order.map((index) =>
            ack(senders[index] as Socket, 'SendMessage', {
              roomId: (pairs[Math.floor(index / 2)] as { room: { id: number } }).room.id,
              clientId: clientId(),
              text: `round ${String(round)}`,
            }),
          ),
        )),
      );
    }
    expect(answers.every((answer) => answer.result === 'ok')).toBe(true);
    for (const { room } of pairs) {
      const seqs = answers
        .filter((answer) => answer.message?.roomId === room.id)
        .map((answer) => answer.message?.seq ?? 0)
        .sort((a, b) => a - b);
      // The first message (seq 1) opened the room; 2 members x 8 rounds follow without a gap.
      expect(seqs).toEqual(Array.from({ length: 16 }, (_v, i) => i + 2));
      expect(await messagesIn(one, room.id)).toBe(17);
    }
    expect(await deadlocks()).toBe(before);
  });

  it('lists rooms with the other member online on the other instance', async () => {
    const { student, tutor, room } = await connectedPair();
    // The tutor's socket is on instance two; the student asks instance one.
    const rooms = await callApi<ChatRoomPage>(
      one,
      'GET',
      `/chat/list/rooms/${String(student.id)}/`,
      { token: student.token },
    );
    expect(rooms.status).toBe(200);
    expect(rooms.body.list).toEqual([
      expect.objectContaining({ id: room.id, otherOnline: true, otherDevices: 1 }),
    ]);
    const seen = await callApi<ChatRoomPage>(two, 'GET', `/chat/list/rooms/${String(tutor.id)}/`, {
      token: tutor.token,
    });
    expect(seen.body.list).toEqual([
      expect.objectContaining({ id: room.id, otherOnline: true, otherDevices: 1 }),
    ]);
  });

  it('counts devices on both instances and tells when the user goes offline', async () => {
    const { student, tutorSocket } = await connectedPair();
    const status = (devices: number) =>
      nextEvent<UserStatusChangedEvent>(
        tutorSocket,
        ServerEvent.UserStatusChanged,
        (e) => e.userId === student.id && e.devices === devices,
      );
    const both = status(2);
    const second = await chatSocket(two, student, sockets);
    await both;
    const down = status(1);
    second.disconnect();
    await down;
    const offline = status(0);
    for (const socket of sockets.filter((s) => s.connected && s !== tutorSocket))
      socket.disconnect();
    expect(await offline).toEqual({ userId: student.id, online: false, devices: 0 });
  });

  it('announces offline the users of an instance that died while they were connected', async () => {
    const { student, tutor, room, tutorSocket } = await connectedPair();
    const redis = new Redis(testRedisUrl ?? '');
    const prefix = one.config.redisKeyPrefix;
    try {
      // The student's only connection now is on an instance that died (no heartbeat key).
      for (const socket of sockets.filter((s) => s !== tutorSocket)) socket.disconnect();
      await nextEvent<UserStatusChangedEvent>(
        tutorSocket,
        ServerEvent.UserStatusChanged,
        (e) => e.userId === student.id && e.devices === 0,
      );
      await redis
        .multi()
        .set(`${prefix}presence:instance:ghost`, '1', 'PX', 60_000)
        .sadd(`${prefix}presence:user:${String(student.id)}`, 'ghost:socket-9')
        .sadd(`${prefix}presence:instance-users:ghost`, String(student.id))
        .sadd(`${prefix}presence:instances`, 'ghost')
        .exec();
      const members = await callApi<ChatRoomMember[]>(
        two,
        'GET',
        `/chat/room/members/${String(room.id)}`,
        { token: tutor.token },
      );
      expect(members.body.find((m) => m.id === student.id)).toMatchObject({ devices: 1 });
      await redis.del(`${prefix}presence:instance:ghost`);
      const offline = nextEvent<UserStatusChangedEvent>(
        tutorSocket,
        ServerEvent.UserStatusChanged,
        (e) => e.userId === student.id && !e.online,
      );
      await chatRealtimeOf(one.app.io)?.beat();
      expect(await offline).toEqual({ userId: student.id, online: false, devices: 0 });
      expect(await redis.smembers(`${prefix}presence:user:${String(student.id)}`)).toEqual([]);
      expect(await redis.sismember(`${prefix}presence:instances`, 'ghost')).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
