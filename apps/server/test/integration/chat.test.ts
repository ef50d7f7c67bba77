import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES_PER_MINUTE, MESSAGE_MAX_LENGTH, Role, ServerEvent } from '@talaqa/domain';
import type {
  ChatMessage,
  ChatMessagePage,
  ChatRoom,
  ChatRoomMember,
  ChatRoomPage,
  MessageReadEvent,
  RoomMessageEvent,
  RoomMessageReadEvent,
  UserStatusChangedEvent,
  UserTypingEvent,
} from '@talaqa/domain';
import { DEMO_PASSWORD, seedDemoData } from '../../src/demo/seed';
import { apiOn } from './api';
import type { Caller } from './api';
import {
  ack,
  chatSocket,
  chatUserOf,
  clientId,
  collect,
  messagesIn,
  nextEvent,
  openRoom,
} from './chat-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/** Chat (issue 18): the six endpoints, the socket events and their acks, the rules. */
let server: TestServer;
const api = apiOn(() => server);
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

const student = (fields: { name?: string; emailVerified?: boolean } = {}) =>
  chatUserOf(server, Role.Student, fields);
const tutor = (fields: { name?: string; emailVerified?: boolean } = {}) =>
  chatUserOf(server, Role.Tutor, fields);
const socketOf = (caller: Caller) => chatSocket(server, caller, sockets);

describe('POST /chat/new', () => {
  it('opens a room with its first message and tells the other member', async () => {
    const [s, t] = [await student(), await tutor({ name: 'مدرس اللغة' })];
    const tutorSocket = await socketOf(t);
    const heard = nextEvent<RoomMessageEvent>(tutorSocket, ServerEvent.RoomMessage);
    const answer = await api<{ room: ChatRoom; message: ChatMessage }>('POST', '/chat/new', {
      token: s.token,
      body: { userId: t.id, message: '  مرحبا، هل يمكننا البدء؟ ', clientId: clientId() },
    });
    expect(answer.status).toBe(201);
    const { room, message } = answer.body;
    expect(message).toMatchObject({ seq: 1, senderId: s.id, text: 'مرحبا، هل يمكننا البدء؟' });
    expect(room).toMatchObject({
      type: 1,
      pinned: false,
      muted: false,
      unread: 0,
      lastSeq: 1,
      other: { id: t.id, name: 'مدرس اللغة', role: Role.Tutor },
      lastMessage: { id: message.id },
    });
    expect((await heard).message).toEqual(message);
  });

  it('answers room-exists for a pair that has a room, either way round, storing nothing', async () => {
    const [s, t] = [await student(), await tutor()];
    const { room } = await openRoom(server, s, t);
    for (const [from, to] of [
      [s, t],
      [t, s],
    ] as const) {
      const again = await api('POST', '/chat/new', {
        token: from.token,
        body: { userId: to.id, message: 'again' },
      });
      expect(again).toMatchObject({ status: 409, body: { code: 'room-exists' } });
    }
    expect(await messagesIn(server, room.id)).toBe(1);
  });

  it('keeps tutors from writing first to students, and students to students', async () => {
    const [s, t, other] = [await student(), await tutor(), await student()];
    const byTutor = await api('POST', '/chat/new', {
      token: t.token,
      body: { userId: s.id, message: 'hello' },
    });
    expect(byTutor).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const byStudent = await api('POST', '/chat/new', {
      token: s.token,
      body: { userId: other.id, message: 'hello' },
    });
    expect(byStudent).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    // Staff may open rooms with anyone (support).
    const admin = await chatUserOf(server, Role.RegularAdmin);
    expect((await openRoom(server, admin, s)).room.other?.id).toBe(s.id);
  });

  it('needs a verified e-mail, another existing user and a valid text', async () => {
    const t = await tutor();
    const unverified = await student({ emailVerified: false });
    const cases: [Caller, unknown, number, string][] = [
      [unverified, { userId: t.id, message: 'hi' }, 422, 'unverified-email'],
      [await student(), { userId: 2_000_000, message: 'hi' }, 404, 'user-not-found'],
      [await student(), { userId: t.id, message: '   ' }, 400, 'bad-request'],
      [
        await student(),
        { userId: t.id, message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) },
        400,
        'bad-request',
      ],
      [await student(), { userId: t.id, message: 'hi', clientId: 'short' }, 400, 'bad-request'],
    ];
    for (const [caller, body, status, code] of cases) {
      const answer = await api<{ code: string; fields?: { code: string }[] }>('POST', '/chat/new', {
        token: caller.token,
        body,
      });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const codes = [answer.body.code, ...(answer.body.fields ?? []).map((f) => f.code)];
      expect(
        codes.some((c) => c === code || c.startsWith('message-') || c === 'invalid-type'),
      ).toBe(true);
    }
    const self = await student();
    const toSelf = await api('POST', '/chat/new', {
      token: self.token,
      body: { userId: self.id, message: 'me' },
    });
    expect(toSelf).toMatchObject({ status: 422, body: { code: 'illegal' } });
  });

  it('answers message text codes for empty and long texts', async () => {
    const [s, t] = [await student(), await tutor()];
    const empty = await api<{ fields: { code: string }[] }>('POST', '/chat/new', {
      token: s.token,
      body: { userId: t.id, message: ' ' },
    });
    expect(empty.body.fields.map((f) => f.code)).toEqual(['message-too-short']);
    const long = await api<{ fields: { code: string }[] }>('POST', '/chat/new', {
      token: s.token,
      body: { userId: t.id, message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) },
    });
    expect(long.body.fields.map((f) => f.code)).toEqual(['message-too-long']);
  });
});

describe('GET /chat/list/{roomId}/messages', () => {
  it('pages newest last, older with before, newer with after; members and admins only', async () => {
    const [s, t] = [await student(), await tutor()];
    const { room } = await openRoom(server, s, t, 'one');
    const socket = await socketOf(s);
    for (const text of ['two', 'three', 'four', 'five']) {
      expect(
        (await ack(socket, 'SendMessage', { roomId: room.id, clientId: clientId(), text })).result,
      ).toBe('ok');
    }
    const path = `/chat/list/${String(room.id)}/messages`;
    const newest = await api<ChatMessagePage>('GET', `${path}?size=2`, { token: t.token });
    expect(newest.status).toBe(200);
    expect(newest.body.list.map((m) => m.text)).toEqual(['four', 'five']);
    expect(newest.body.hasMore).toBe(true);
    const older = await api<ChatMessagePage>('GET', `${path}?size=2&before=4`, { token: t.token });
    expect(older.body.list.map((m) => m.seq)).toEqual([2, 3]);
    const oldest = await api<ChatMessagePage>('GET', `${path}?size=2&before=2`, { token: t.token });
    expect(oldest.body).toMatchObject({ hasMore: false, list: [{ text: 'one' }] });
    const missed = await api<ChatMessagePage>('GET', `${path}?after=3`, { token: s.token });
    expect(missed.body).toMatchObject({ hasMore: false });
    expect(missed.body.list.map((m) => m.text)).toEqual(['four', 'five']);

    const stranger = await student();
    expect(await api('GET', path, { token: stranger.token })).toMatchObject({
      status: 403,
      body: { code: 'not-room-member' },
    });
    expect(await api('GET', '/chat/list/999999/messages', { token: s.token })).toMatchObject({
      status: 404,
      body: { code: 'room-not-found' },
    });
    const admin = await chatUserOf(server, Role.SuperAdmin);
    const moderated = await api<ChatMessagePage>('GET', path, { token: admin.token });
    expect(moderated.body.list).toHaveLength(5);
  });
});

describe('GET /chat/list/rooms/{userId}/', () => {
  it('lists pinned rooms first with the other member, the last message and unread counts', async () => {
    const s = await student();
    const [t1, t2, t3] = [
      await tutor({ name: 'أحمد علي' }),
      await tutor({ name: 'Sara Adel' }),
      await tutor({ name: 'منى حسن' }),
    ];
    const r1 = (await openRoom(server, s, t1, 'first')).room;
    const r2 = (await openRoom(server, s, t2, 'Hello there')).room;
    const r3 = (await openRoom(server, s, t3, 'الدرس القادمة')).room;
    const t1Socket = await socketOf(t1);
    await ack(t1Socket, 'SendMessage', { roomId: r1.id, clientId: clientId(), text: 'reply 1' });
    await ack(t1Socket, 'SendMessage', { roomId: r1.id, clientId: clientId(), text: 'reply 2' });
    expect(
      (await api('PUT', `/chat/room/${String(r2.id)}`, { token: s.token, body: { pinned: true } }))
        .status,
    ).toBe(200);

    const rooms = await api<ChatRoomPage>('GET', `/chat/list/rooms/${String(s.id)}/`, {
      token: s.token,
    });
    expect(rooms.status).toBe(200);
    expect(rooms.body.total).toBe(3);
    // Pinned first, then by the latest message.
    expect(rooms.body.list.map((r) => r.id)).toEqual([r2.id, r1.id, r3.id]);
    expect(rooms.body.list[1]).toMatchObject({
      unread: 2,
      other: { id: t1.id, name: 'أحمد علي' },
      lastMessage: { text: 'reply 2', senderId: t1.id },
    });
    const pinned = await api<ChatRoomPage>('GET', `/chat/list/rooms/${String(s.id)}/?pinned=true`, {
      token: s.token,
    });
    expect(pinned.body.list.map((r) => r.id)).toEqual([r2.id]);

    const search = async (term: string): Promise<number[]> => {
      const answer = await api<ChatRoomPage>(
        'GET',
        `/chat/list/rooms/${String(s.id)}/?search=${encodeURIComponent(term)}`,
        { token: s.token },
      );
      expect(answer.status).toBe(200);
      return answer.body.list.map((r) => r.id);
    };
    expect(await search('احمد')).toEqual([r1.id]); // أ and ا alike
    expect(await search('sara')).toEqual([r2.id]); // any case
    expect(await search('HELLO')).toEqual([r2.id]); // message text
    expect(await search('القادمه')).toEqual([r3.id]); // ة and ه alike
    expect(await search('%')).toEqual([]); // wildcards taken literally
  });

  it('says whether each room’s other member is online, on how many devices', async () => {
    const s = await student();
    const [online, offline] = [await tutor(), await tutor()];
    const r1 = (await openRoom(server, s, online)).room;
    const r2 = (await openRoom(server, s, offline)).room;
    const listed = async () => {
      const rooms = await api<ChatRoomPage>('GET', `/chat/list/rooms/${String(s.id)}/`, {
        token: s.token,
      });
      expect(rooms.status).toBe(200);
      return new Map(rooms.body.list.map((room) => [room.id, room]));
    };
    // Nobody has opened a room or said anything yet: the list alone knows.
    const first = await socketOf(online);
    const second = await socketOf(online);
    let rooms = await listed();
    expect(rooms.get(r1.id)).toMatchObject({ otherOnline: true, otherDevices: 2 });
    expect(rooms.get(r2.id)).toMatchObject({ otherOnline: false, otherDevices: 0 });
    // The member's own side is never counted: the tutor sees the student offline.
    const tutorView = await api<ChatRoomPage>('GET', `/chat/list/rooms/${String(online.id)}/`, {
      token: online.token,
    });
    expect(tutorView.body.list).toEqual([
      expect.objectContaining({ id: r1.id, otherOnline: false, otherDevices: 0 }),
    ]);
    first.disconnect();
    second.disconnect();
    await expect
      .poll(async () => (await listed()).get(r1.id)?.otherOnline, { timeout: 5000 })
      .toBe(false);
    rooms = await listed();
    expect(rooms.get(r1.id)).toMatchObject({ otherOnline: false, otherDevices: 0 });
  });

  it('shows only one’s own rooms, except to admins', async () => {
    const [s, other] = [await student(), await student()];
    expect(
      await api('GET', `/chat/list/rooms/${String(other.id)}/`, { token: s.token }),
    ).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const admin = await chatUserOf(server, Role.SuperAdmin);
    expect(
      (await api('GET', `/chat/list/rooms/${String(other.id)}/`, { token: admin.token })).status,
    ).toBe(200);
    expect(await api('GET', '/chat/list/rooms/1999999/', { token: admin.token })).toMatchObject({
      status: 404,
      body: { code: 'user-not-found' },
    });
  });
});

describe('GET /chat/room/by/members and /chat/room/members/{roomId}', () => {
  it('finds the room of two users, in any order', async () => {
    const [s, t] = [await student(), await tutor()];
    const { room } = await openRoom(server, s, t);
    for (const members of [`${String(s.id)},${String(t.id)}`, `${String(t.id)},${String(s.id)}`]) {
      const found = await api<ChatRoom>('GET', `/chat/room/by/members?members=${members}`, {
        token: t.token,
      });
      expect(found).toMatchObject({ status: 200, body: { id: room.id, other: { id: s.id } } });
    }
    const stranger = await student();
    expect(
      await api('GET', `/chat/room/by/members?members=${String(s.id)},${String(t.id)}`, {
        token: stranger.token,
      }),
    ).toMatchObject({ status: 403, body: { code: 'not-room-member' } });
    expect(
      await api('GET', `/chat/room/by/members?members=${String(s.id)},1999999`, { token: s.token }),
    ).toMatchObject({ status: 404, body: { code: 'room-members-not-found' } });
    expect(
      await api('GET', `/chat/room/by/members?members=${String(s.id)},${String(stranger.id)}`, {
        token: s.token,
      }),
    ).toMatchObject({ status: 404, body: { code: 'room-not-found' } });
    for (const bad of ['', `members=${String(s.id)}`, `members=${String(s.id)},${String(s.id)}`]) {
      expect((await api('GET', `/chat/room/by/members?${bad}`, { token: s.token })).status).toBe(
        400,
      );
    }
  });

  it('lists the members, online or not, and how far each has read', async () => {
    const [s, t] = [await student(), await tutor()];
    const { room, message } = await openRoom(server, s, t);
    const tutorSocket = await socketOf(t);
    await socketOf(t);
    expect(
      (await ack(tutorSocket, 'MarkMessageAsRead', { roomId: room.id, messageId: message.id }))
        .result,
    ).toBe('ok');
    const members = await api<ChatRoomMember[]>('GET', `/chat/room/members/${String(room.id)}`, {
      token: s.token,
    });
    expect(members.status).toBe(200);
    const byId = new Map(members.body.map((m) => [m.id, m]));
    expect(byId.get(s.id)).toMatchObject({ online: false, devices: 0, readSeq: 0 });
    expect(byId.get(t.id)).toMatchObject({
      online: true,
      devices: 2,
      readSeq: 1,
      role: Role.Tutor,
    });
    const stranger = await student();
    expect(
      await api('GET', `/chat/room/members/${String(room.id)}`, { token: stranger.token }),
    ).toMatchObject({ status: 403, body: { code: 'not-room-member' } });
    expect(await api('GET', '/chat/room/members/999999', { token: s.token })).toMatchObject({
      status: 404,
      body: { code: 'room-not-found' },
    });
    // Admins read for moderation (decision 261), and leave no trace in the read state.
    const admin = await chatUserOf(server, Role.SuperAdmin);
    const moderated = await api<ChatRoomMember[]>('GET', `/chat/room/members/${String(room.id)}`, {
      token: admin.token,
    });
    expect(moderated.body.map((m) => m.id).sort()).toEqual([s.id, t.id].sort());
    const pair = await api<ChatRoom>(
      'GET',
      `/chat/room/by/members?members=${String(s.id)},${String(t.id)}`,
      { token: admin.token },
    );
    expect(pair.body.id).toBe(room.id);
    const adminSocket = await socketOf(admin);
    for (const [event, payload] of [
      ['MarkMessageAsRead', { roomId: room.id, messageId: message.id }],
      ['SendMessage', { roomId: room.id, clientId: clientId(), text: 'moderator' }],
      ['UserTyping', { roomId: room.id, typing: true }],
    ] as const) {
      expect(await ack(adminSocket, event, payload)).toEqual({ result: 'not-member' });
    }
  });
});

describe('PUT /chat/room/{roomId}', () => {
  it('pins and mutes for the caller only', async () => {
    const [s, t] = [await student(), await tutor()];
    const { room } = await openRoom(server, s, t);
    const path = `/chat/room/${String(room.id)}`;
    const muted = await api<ChatRoom>('PUT', path, {
      token: s.token,
      body: { muted: true, pinned: true },
    });
    expect(muted).toMatchObject({ status: 200, body: { muted: true, pinned: true } });
    const unpinned = await api<ChatRoom>('PUT', path, { token: s.token, body: { pinned: false } });
    expect(unpinned.body).toMatchObject({ muted: true, pinned: false });
    const theirs = await api<ChatRoomPage>('GET', `/chat/list/rooms/${String(t.id)}/`, {
      token: t.token,
    });
    expect(theirs.body.list[0]).toMatchObject({ id: room.id, muted: false, pinned: false });

    expect(await api('PUT', path, { token: s.token, body: {} })).toMatchObject({
      status: 400,
      body: { code: 'empty-request' },
    });
    const stranger = await student();
    expect(await api('PUT', path, { token: stranger.token, body: { pinned: true } })).toMatchObject(
      {
        status: 403,
        body: { code: 'not-room-member' },
      },
    );
    const admin = await chatUserOf(server, Role.SuperAdmin);
    expect(await api('PUT', path, { token: admin.token, body: { pinned: true } })).toMatchObject({
      status: 403,
      body: { code: 'not-room-member' },
    });
    expect(
      await api('PUT', '/chat/room/999999', { token: s.token, body: { pinned: true } }),
    ).toMatchObject({ status: 404, body: { code: 'room-not-found' } });
  });
});

describe('SendMessage', () => {
  it('stores, acknowledges and delivers to every tab of every member', async () => {
    const [s, t] = [await student(), await tutor()];
    const { room } = await openRoom(server, s, t);
    const [sender, senderTab, receiver] = [await socketOf(s), await socketOf(s), await socketOf(t)];
    const toReceiver = nextEvent<RoomMessageEvent>(receiver, ServerEvent.RoomMessage);
    const toOtherTab = nextEvent<RoomMessageEvent>(senderTab, ServerEvent.RoomMessage);
    const answer = await ack(sender, 'SendMessage', {
      roomId: room.id,
      clientId: clientId(),
      text: 'hi',
    });
    expect(answer).toMatchObject({ result: 'ok', message: { seq: 2, text: 'hi', senderId: s.id } });
    expect((await toReceiver).message).toEqual(answer.message);
    expect((await toOtherTab).message).toEqual(answer.message);
  });

  it('answers a retry with the message already stored, once, even when retries race', async () => {
    const [s, t] = [await student(), await tutor()];
    const { room } = await openRoom(server, s, t);
    const [sender, receiver] = [await socketOf(s), await socketOf(t)];
    const heard = collect<RoomMessageEvent>(receiver, ServerEvent.RoomMessage);
    const id = clientId();
    const first = await ack(sender, 'SendMessage', { roomId: room.id, clientId: id, text: 'once' });
    const retry = await ack(sender, 'SendMessage', { roomId: room.id, clientId: id, text: 'once' });
    expect(retry).toEqual(first);
    const racing = clientId();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        ack(sender, 'SendMessage', { roomId: room.id, clientId: racing, text: 'raced' }),
      ),
    );
    expect(new Set(answers.map((a) => a.message?.id)).size).toBe(1);
    expect(await messagesIn(server, room.id)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.map((e) => e.message.text)).toEqual(['once', 'raced']);
  });

  it('orders a room by the server: seqs follow one another under concurrency', async () => {
    const [s, t] = [await student(), await tutor()];
    const { room } = await openRoom(server, s, t);
    const [a, b] = [await socketOf(s), await socketOf(t)];
    const sent = await Promise.all(
      Array.from({ length: 10 }, (_v, i) =>
        ack(i % 2 ? a : b, 'SendMessage', {
          roomId: room.id,
          clientId: clientId(),
          text: `m${String(i)}`,
        }),
      ),
    );
    expect(sent.map((x) => x.message?.seq).sort((x = 0, y = 0) => x - y)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
  });

  it('acknowledges refusals with the spec’s results', async () => {
    const [s, t, stranger] = [await student(), await tutor(), await student()];
    const { room } = await openRoom(server, s, t);
    const socket = await socketOf(s);
    const send = (payload: unknown) => ack(socket, 'SendMessage', payload);
    expect(await send({ roomId: room.id, clientId: clientId(), text: '  ' })).toMatchObject({
      result: 'empty-text',
    });
    expect(
      await send({
        roomId: room.id,
        clientId: clientId(),
        text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1),
      }),
    ).toEqual({ result: 'unallowed', code: 'message-too-long' });
    expect(await send({ roomId: 999_999, clientId: clientId(), text: 'x' })).toEqual({
      result: 'room-not-found',
    });
    expect(await send({ roomId: room.id, clientId: 'bad', text: 'x' })).toMatchObject({
      result: 'unallowed',
    });
    const strangerSocket = await socketOf(stranger);
    expect(
      await ack(strangerSocket, 'SendMessage', {
        roomId: room.id,
        clientId: clientId(),
        text: 'x',
      }),
    ).toEqual({ result: 'not-member' });
    expect(await messagesIn(server, room.id)).toBe(1);
  });

  it('needs a verified e-mail', async () => {
    const admin = await chatUserOf(server, Role.RegularAdmin);
    const unverified = await student({ emailVerified: false });
    const { room } = await openRoom(server, admin, unverified);
    const socket = await socketOf(unverified);
    expect(
      await ack(socket, 'SendMessage', { roomId: room.id, clientId: clientId(), text: 'hi' }),
    ).toEqual({ result: 'unallowed', code: 'unverified-email' });
  });

  it(`allows ${String(CHAT_MESSAGES_PER_MINUTE)} messages a minute, and still answers retries`, async () => {
    const [s, t] = [await student(), await tutor()];
    const { room } = await openRoom(server, s, t); // the first message counts
    const socket = await socketOf(s);
    let last = '';
    for (let i = 1; i < CHAT_MESSAGES_PER_MINUTE; i += 1) {
      last = clientId();
      const answer = await ack(socket, 'SendMessage', {
        roomId: room.id,
        clientId: last,
        text: `${String(i)}`,
      });
      expect(answer.result).toBe('ok');
    }
    expect(
      await ack(socket, 'SendMessage', { roomId: room.id, clientId: clientId(), text: 'one more' }),
    ).toEqual({ result: 'unallowed', code: 'too-many-requests' });
    expect(
      (await ack(socket, 'SendMessage', { roomId: room.id, clientId: last, text: 'retry' })).result,
    ).toBe('ok');
    expect(await messagesIn(server, room.id)).toBe(CHAT_MESSAGES_PER_MINUTE);
    // Refused sends were not stored, so they do not count; a minute later the quota is free.
    const later = new Date(Date.now() + 61_000);
    const clock = server.app.clock.now;
    server.app.clock.now = () => later;
    try {
      expect(
        (await ack(socket, 'SendMessage', { roomId: room.id, clientId: clientId(), text: 'later' }))
          .result,
      ).toBe('ok');
    } finally {
      server.app.clock.now = clock;
    }
  });
});

describe('UpdateMessage and DeleteMessage', () => {
  it('edit and delete one’s own message, told to the members', async () => {
    const [s, t] = [await student(), await tutor()];
    const { room, message } = await openRoom(server, s, t, 'typo');
    const [mine, theirs] = [await socketOf(s), await socketOf(t)];
    const updated = nextEvent<RoomMessageEvent>(theirs, ServerEvent.RoomMessageUpdated);
    expect(
      await ack(mine, 'UpdateMessage', { messageId: message.id, text: 'fixed' }),
    ).toMatchObject({
      result: 'ok',
      message: { id: message.id, text: 'fixed', edited: true },
    });
    expect((await updated).message).toMatchObject({ text: 'fixed', edited: true });
    expect(await ack(theirs, 'UpdateMessage', { messageId: message.id, text: 'mine' })).toEqual({
      result: 'not-owner',
    });
    expect(await ack(mine, 'UpdateMessage', { messageId: message.id, text: ' ' })).toMatchObject({
      result: 'empty-text',
    });
    expect(await ack(theirs, 'DeleteMessage', { messageId: message.id })).toEqual({
      result: 'not-owner',
    });
    const deleted = nextEvent<RoomMessageEvent>(theirs, ServerEvent.RoomMessageDeleted);
    expect(await ack(mine, 'DeleteMessage', { messageId: message.id })).toEqual({ result: 'ok' });
    expect((await deleted).message).toMatchObject({ id: message.id, deleted: true, text: '' });
    expect(await ack(mine, 'DeleteMessage', { messageId: message.id })).toEqual({
      result: 'message-not-found',
    });
    expect(await ack(mine, 'UpdateMessage', { messageId: message.id, text: 'back' })).toEqual({
      result: 'message-not-found',
    });
    expect(await ack(mine, 'UpdateMessage', { messageId: 1_999_999, text: 'x' })).toEqual({
      result: 'message-not-found',
    });
    const page = await api<ChatMessagePage>('GET', `/chat/list/${String(room.id)}/messages`, {
      token: t.token,
    });
    expect(page.body.list).toEqual([expect.objectContaining({ deleted: true, text: '' })]);
    const stranger = await socketOf(await student());
    expect(await ack(stranger, 'DeleteMessage', { messageId: message.id })).toEqual({
      result: 'message-not-found',
    });
  });
});

describe('MarkMessageAsRead, UserTyping, JoinRooms', () => {
  it('moves the read position forward and tells both sides', async () => {
    const [s, t] = [await student(), await tutor()];
    const { room } = await openRoom(server, s, t, 'one');
    const sender = await socketOf(s);
    const two = await ack(sender, 'SendMessage', {
      roomId: room.id,
      clientId: clientId(),
      text: 'two',
    });
    const [reader, readerTab] = [await socketOf(t), await socketOf(t)];
    const ticks = nextEvent<RoomMessageReadEvent>(sender, ServerEvent.RoomMessageRead);
    const badge = nextEvent<MessageReadEvent>(readerTab, ServerEvent.MessageRead);
    expect(
      await ack(reader, 'MarkMessageAsRead', { roomId: room.id, messageId: two.message?.id }),
    ).toEqual({ result: 'ok' });
    expect(await ticks).toEqual({ roomId: room.id, userId: t.id, readSeq: 2 });
    expect(await badge).toEqual({ roomId: room.id, readSeq: 2, unread: 0 });
    // Never backwards.
    const first = (
      await api<ChatMessagePage>('GET', `/chat/list/${String(room.id)}/messages`, {
        token: t.token,
      })
    ).body.list[0];
    await ack(reader, 'MarkMessageAsRead', { roomId: room.id, messageId: first?.id });
    const rooms = await api<ChatRoomPage>('GET', `/chat/list/rooms/${String(s.id)}/`, {
      token: s.token,
    });
    expect(rooms.body.list[0]).toMatchObject({ otherReadSeq: 2 });

    const other = await openRoom(server, await student(), t);
    expect(
      await ack(reader, 'MarkMessageAsRead', { roomId: room.id, messageId: other.message.id }),
    ).toEqual({ result: 'message-not-found' });
    const stranger = await socketOf(await student());
    expect(
      await ack(stranger, 'MarkMessageAsRead', { roomId: room.id, messageId: first?.id }),
    ).toEqual({ result: 'not-member' });
    expect(
      await ack(stranger, 'MarkMessageAsRead', { roomId: 999_999, messageId: first?.id }),
    ).toEqual({ result: 'room-not-found' });
  });

  it('tells the other member who is typing', async () => {
    const [s, t] = [await student(), await tutor()];
    const { room } = await openRoom(server, s, t);
    const [typist, listener] = [await socketOf(s), await socketOf(t)];
    const echoes = collect<UserTypingEvent>(typist, ServerEvent.UserTyping);
    const heard = nextEvent<UserTypingEvent>(listener, ServerEvent.UserTyping);
    expect(await ack(typist, 'UserTyping', { roomId: room.id, typing: true })).toEqual({
      result: 'ok',
    });
    expect(await heard).toEqual({ roomId: room.id, userId: s.id, typing: true });
    expect(echoes).toEqual([]);
    const stranger = await socketOf(await student());
    expect(await ack(stranger, 'UserTyping', { roomId: room.id, typing: true })).toEqual({
      result: 'not-member',
    });
  });

  it('joins the user’s rooms', async () => {
    const [s, t, stranger] = [await student(), await tutor(), await student()];
    const { room } = await openRoom(server, s, t);
    const socket = await socketOf(s);
    const joined = nextEvent<{ roomIds: number[] }>(socket, ServerEvent.JoinedRooms);
    expect(await ack(socket, 'JoinRooms', {})).toEqual({ result: 'ok', roomIds: [room.id] });
    expect(await joined).toEqual({ roomIds: [room.id] });
    expect(await ack(socket, 'JoinRooms', { roomIds: [room.id] })).toMatchObject({ result: 'ok' });
    const theirs = await socketOf(stranger);
    expect(await ack(theirs, 'JoinRooms', { roomIds: [room.id] })).toEqual({
      result: 'not-member',
    });
    expect(await ack(theirs, 'JoinRooms', { roomIds: [999_999] })).toEqual({
      result: 'room-not-found',
    });
    expect(await ack(theirs, 'JoinRooms', { roomIds: 'all' })).toMatchObject({
      result: 'unallowed',
    });
  });
});

describe('presence', () => {
  it('tells counterparts when a user comes online, on how many devices, and leaves', async () => {
    const [s, t] = [await student(), await tutor()];
    await openRoom(server, s, t);
    const watcher = await socketOf(s);
    const status = (devices: number) =>
      nextEvent<UserStatusChangedEvent>(
        watcher,
        ServerEvent.UserStatusChanged,
        (e) => e.userId === t.id && e.devices === devices,
      );
    const online = status(1);
    const first = await socketOf(t);
    expect(await online).toEqual({ userId: t.id, online: true, devices: 1 });
    const two = status(2);
    const second = await socketOf(t);
    await two;
    const one = status(1);
    second.disconnect();
    await one;
    const offline = status(0);
    first.disconnect();
    expect(await offline).toEqual({ userId: t.id, online: false, devices: 0 });
  });
});

describe('demo data', () => {
  it('gives the demo student two rooms: one pinned, one with an unread answer, once', async () => {
    await seedDemoData(server.app.database.db);
    await seedDemoData(server.app.database.db);
    const signIn = await api<{ token: string; user: { id: number } }>('POST', '/auth/password', {
      body: { email: 'student@talaqa.eg', password: DEMO_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const { token, user } = signIn.body;
    const rooms = await api<ChatRoomPage>('GET', `/chat/list/rooms/${String(user.id)}/`, {
      token,
    });
    expect(rooms.body.total).toBe(2);
    const [pinned, other] = rooms.body.list;
    expect(pinned).toMatchObject({ pinned: true, unread: 0, otherReadSeq: 0 });
    expect(other).toMatchObject({ pinned: false, unread: 1, lastSeq: 4, readSeq: 3 });
    const page = await api<ChatMessagePage>('GET', `/chat/list/${String(other?.id)}/messages`, {
      token,
    });
    expect(page.body.list.map((message) => message.seq)).toEqual([1, 2, 3, 4]);
  });
});
