import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, RoomType } from '@talaqa/domain';
import type { ChatMessage, ChatRoom, TutorProfile } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import type { FakeRequest } from '../../testing/fake-api';
import {
  apiError,
  fakeApi,
  json,
  makeUser,
  renderApp,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import { NO_ACK, fakeSockets } from '@talaqa/api-client/testing/fake-socket';
import type { FakeSocket } from '@talaqa/api-client/testing/fake-socket';
import { TUTOR_MEMBER, makeMessage, makeRoom, roomPage } from '../../testing/chat-fixtures';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const server = fakeApi(stubHealthyApi());
const STUDENT = makeUser({ id: 7, name: 'سارة أحمد' });
const ROOMS = '/chat/list/rooms/:userId/';
const MESSAGES = '/chat/list/:roomId/messages';

/** Sunday 23 March 2025 and Monday 24 March 2025, 10:00 in Cairo. */
const SUNDAY = '2025-03-23T08:00:00.000Z';
const MONDAY = '2025-03-24T08:00:00.000Z';

const socket = (): FakeSocket => {
  const latest = fakeSockets.latest();
  if (!latest) throw new Error('no socket yet');
  return latest;
};

beforeEach(() => {
  fakeSockets.latest()?.emitted.splice(0);
  signInAs(server, STUDENT);
  server.on(
    'GET',
    '/chat/room/members/:roomId',
    json([
      { ...TUTOR_MEMBER, online: true, devices: 2, readSeq: 0 },
      {
        id: 7,
        name: STUDENT.name,
        image: null,
        role: Role.Student,
        online: true,
        devices: 1,
        readSeq: 1,
      },
    ]),
  );
});
afterEach(resetSession);

function answerRooms(rooms: ChatRoom[] | ((request: FakeRequest) => ChatRoom[])) {
  server.on('GET', ROOMS, (request: FakeRequest) =>
    json(roomPage(typeof rooms === 'function' ? rooms(request) : rooms)),
  );
}

function answerMessages(list: ChatMessage[], hasMore = false) {
  server.on('GET', MESSAGES, json({ list, hasMore }));
}

/** /chat with room 11 open on these messages; resolves once they show. */
async function openRoom(list: ChatMessage[], room: Partial<ChatRoom> = {}) {
  answerRooms([makeRoom(room)]);
  answerMessages(list);
  const view = renderApp('/chat?room=11');
  const log = await screen.findByRole('log', { name: 'المحادثة مع أحمد علي' });
  await waitFor(() => expect(fakeSockets.latest()?.connected).toBe(true));
  return { ...view, log };
}

const composer = () => screen.getByRole('textbox', { name: 'اكتب رسالتك' });

describe('/chat room list', () => {
  it('lists pinned rooms first, then all, with unread badges and the last message', async () => {
    answerRooms([
      makeRoom({
        id: 12,
        pinned: true,
        other: { id: 4, name: 'منى سمير', image: null, role: Role.Tutor },
        lastMessage: makeMessage({ id: 5, roomId: 12, senderId: 7, text: 'شكرًا' }),
      }),
      makeRoom({ id: 11, unread: 3, lastMessage: makeMessage({ text: 'موعدنا غدًا' }) }),
    ]);
    renderApp('/chat');

    const pinned = await screen.findByRole('region', { name: 'المثبّتة' });
    expect(within(pinned).getByText('منى سمير')).toBeTruthy();
    expect(within(pinned).getByText('أنت: شكرًا')).toBeTruthy();
    const all = screen.getByRole('region', { name: 'كل المحادثات' });
    expect(within(all).getByText('موعدنا غدًا')).toBeTruthy();
    expect(within(all).getByLabelText('٣ رسائل غير مقروءة')).toBeTruthy();
    expect(screen.getByText('اختر محادثة')).toBeTruthy();
  });

  it("marks a lesson's room as the lesson's chat", async () => {
    answerRooms([
      makeRoom({ id: 12, type: RoomType.Lesson, other: { ...TUTOR_MEMBER, id: 4, name: 'منى' } }),
      makeRoom(),
    ]);
    renderApp('/chat');
    const lesson = (await screen.findByText('منى')).closest('a');
    expect(lesson && within(lesson).getByText('درس')).toBeTruthy();
    const general = screen.getByText('أحمد علي').closest('a');
    expect(general && within(general).queryByText('درس')).toBeNull();
  });

  it('searches by name or message text, Arabic or English, once typing pauses', async () => {
    answerRooms((request) => {
      const search = request.query.get('search');
      if (search === 'hello')
        return [makeRoom({ lastMessage: makeMessage({ text: 'hello there' }) })];
      if (search === 'أحمد') return [makeRoom()];
      if (search) return [];
      return [makeRoom(), makeRoom({ id: 12, other: { ...TUTOR_MEMBER, id: 4, name: 'منى' } })];
    });
    renderApp('/chat');
    await screen.findByText('منى');
    const ui = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: /ابحث في المحادثات/ });

    await ui.type(box, 'أحمد');
    await waitFor(() => expect(screen.queryByText('منى')).toBeNull());
    expect(screen.getByRole('region', { name: 'نتائج البحث' })).toBeTruthy();
    const searches = server.callsTo('GET', '/chat/list/rooms/7/').map((c) => c.query.get('search'));
    expect(searches).toContain('أحمد');
    expect(searches).not.toContain('أح');

    await ui.clear(box);
    await ui.type(box, 'hello');
    expect(await screen.findByText('hello there')).toBeTruthy();

    await ui.clear(box);
    await ui.type(box, 'zzz');
    expect(await screen.findByText('لا نتائج')).toBeTruthy();
  });

  it('shows who is online as the list loads, before any room is opened, and keeps it up', async () => {
    answerRooms([
      makeRoom({ otherOnline: true, otherDevices: 1 }),
      makeRoom({
        id: 12,
        other: { ...TUTOR_MEMBER, id: 4, name: 'منى سمير' },
        otherOnline: false,
        otherDevices: 0,
      }),
    ]);
    renderApp('/chat');
    const ahmed = await screen.findByRole('link', { name: /أحمد علي/ });
    const mona = screen.getByRole('link', { name: /منى سمير/ });
    expect(within(ahmed).getByText('متصل الآن')).toBeTruthy();
    expect(within(mona).getByText('غير متصل')).toBeTruthy();
    // From the list alone: no room's members were asked.
    expect(server.callsTo('GET', '/chat/room/members/11')).toHaveLength(0);
    expect(server.callsTo('GET', '/chat/room/members/12')).toHaveLength(0);

    await waitFor(() => expect(fakeSockets.latest()?.connected).toBe(true));
    act(() => socket().serverEmit('UserStatusChanged', { userId: 4, online: true, devices: 2 }));
    expect(await within(mona).findByText('متصل الآن على جهازين')).toBeTruthy();
    act(() => socket().serverEmit('UserStatusChanged', { userId: 3, online: false, devices: 0 }));
    expect(await within(ahmed).findByText('غير متصل')).toBeTruthy();
  });

  it('says when the rooms cannot be loaded, and retries', async () => {
    server.on('GET', ROOMS, apiError(500, 'internal-server-error'));
    renderApp('/chat');
    const alert = await screen.findByRole('alert', undefined, { timeout: 4000 });
    expect(alert.textContent).toContain(UI_MESSAGES.chatLoadFailed);
    answerRooms([makeRoom()]);
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));
    expect(await screen.findByText('أحمد علي')).toBeTruthy();
  });

  it('shows one pane at a time on a phone: the list, or the conversation with a way back', async () => {
    answerRooms([makeRoom()]);
    answerMessages([makeMessage()]);
    const { router } = renderApp('/chat');
    await screen.findByText('أحمد علي');
    expect(screen.getByTestId('chat-rooms-pane').className).toMatch(/(^| )flex( |$)/);
    expect(screen.getByTestId('chat-conversation-pane').className).toMatch(/(^| )hidden( |$)/);

    await userEvent.setup().click(screen.getByRole('link', { name: /أحمد علي/ }));
    await screen.findByRole('log');
    expect(router.state.location.search).toBe('?room=11');
    expect(screen.getByTestId('chat-rooms-pane').className).toMatch(/(^| )hidden( |$)/);
    expect(screen.getByTestId('chat-conversation-pane').className).toMatch(/(^| )flex( |$)/);
    // Both show side by side from the md breakpoint on.
    expect(screen.getByTestId('chat-rooms-pane').className).toContain('md:flex');

    await userEvent.setup().click(screen.getByRole('link', { name: 'العودة إلى المحادثات' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByTestId('chat-rooms-pane').className).toMatch(/(^| )flex( |$)/);
  });
});

describe('/chat?room= for a room the loaded list does not hold', () => {
  /** The first page of a long list: 100 rooms with other people, 150 in all. */
  const firstPage = () =>
    Array.from({ length: 100 }, (_, index) =>
      makeRoom({
        id: 1000 + index,
        other: { ...TUTOR_MEMBER, id: 500 + index, name: `معلم ${String(index)}` },
      }),
    );
  const FAR = makeRoom({
    id: 99,
    other: { ...TUTOR_MEMBER, id: 5, name: 'هبة مراد' },
    lastMessage: makeMessage({ roomId: 99, text: 'من زمان' }),
  });

  beforeEach(() => {
    server.on('GET', ROOMS, json({ list: firstPage(), total: 150 }));
    answerMessages([makeMessage({ roomId: 99, text: 'من زمان' })]);
  });

  it('opens it all the same: its members name the other, the pair’s room comes alone', async () => {
    server.on(
      'GET',
      '/chat/room/members/:roomId',
      json([
        { ...FAR.other, online: true, devices: 1, readSeq: 0 },
        {
          id: 7,
          name: STUDENT.name,
          image: null,
          role: Role.Student,
          online: true,
          devices: 1,
          readSeq: 1,
        },
      ]),
    );
    server.on('GET', '/chat/room/by/members', json(FAR));
    renderApp('/chat?room=99');

    const log = await screen.findByRole('log', { name: 'المحادثة مع هبة مراد' });
    expect(within(log).getByText('من زمان')).toBeTruthy();
    expect(server.callsTo('GET', '/chat/room/members/99').length).toBeGreaterThan(0);
    expect(
      server.callsTo('GET', '/chat/room/by/members').map((call) => call.query.get('members')),
    ).toContain('7,5');
    expect(screen.queryByText('لم نجد هذه المحادثة')).toBeNull();
  });

  it('says it found none when the room is not the caller’s, and retries a failure', async () => {
    server.on('GET', '/chat/room/members/:roomId', apiError(500, 'internal-server-error'));
    renderApp('/chat?room=99');
    const alert = await screen.findByRole('alert', undefined, { timeout: 4000 });
    expect(alert.textContent).toContain(UI_MESSAGES.chatLoadFailed);

    server.on('GET', '/chat/room/members/:roomId', apiError(403, 'not-room-member'));
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));
    expect(await screen.findByText('لم نجد هذه المحادثة')).toBeTruthy();
    expect(server.callsTo('GET', '/chat/room/by/members')).toHaveLength(0);
    expect(screen.queryByRole('log')).toBeNull();
  });
});

describe('/chat conversation', () => {
  it('shows messages newest last under Cairo day separators, with edited and deleted marks', async () => {
    const { log } = await openRoom([
      makeMessage({ id: 1, text: 'صباح الخير', createdAt: SUNDAY }),
      makeMessage({ id: 2, text: 'أعدت صياغتها', edited: true, createdAt: SUNDAY }),
      makeMessage({ id: 3, text: '', deleted: true, createdAt: MONDAY }),
    ]);
    const text = log.textContent ?? '';
    expect(text.indexOf('الأحد، ٢٣ مارس ٢٠٢٥')).toBeLessThan(text.indexOf('صباح الخير'));
    expect(text.indexOf('أعدت صياغتها')).toBeLessThan(text.indexOf('الاثنين، ٢٤ مارس ٢٠٢٥'));
    expect(within(log).getByText('(معدّلة)')).toBeTruthy();
    expect(within(log).getByText('حُذفت هذه الرسالة')).toBeTruthy();
    // The other member's presence, from the room's members.
    const conversation = screen.getByRole('region', { name: 'أحمد علي' });
    expect(await within(conversation).findByText('متصل الآن على جهازين')).toBeTruthy();
    // The list shows it too, for screen readers beside the dot.
    expect(
      within(screen.getByRole('region', { name: 'كل المحادثات' })).getByText(
        'متصل الآن على جهازين',
      ),
    ).toBeTruthy();
  });

  it('sends with a client id and shows the acknowledged message once', async () => {
    const { log } = await openRoom([makeMessage()]);
    let stored: ChatMessage | undefined;
    socket().answer('SendMessage', (payload) => {
      const { clientId, text } = payload as { clientId: string; text: string };
      stored = makeMessage({ id: 9, senderId: 7, text, clientId });
      return { result: 'ok', message: stored };
    });

    await userEvent.setup().type(composer(), 'سؤال عن الدرس{Enter}');

    expect(await within(log).findByText('سؤال عن الدرس')).toBeTruthy();
    const sent = socket().sent('SendMessage') as { roomId: number; clientId: string }[];
    expect(sent).toHaveLength(1);
    expect(sent[0]?.roomId).toBe(11);
    expect(sent[0]?.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // The sender's own RoomMessage (every tab hears it) does not double it.
    act(() => socket().serverEmit('RoomMessage', { message: stored }));
    expect(within(log).getAllByText('سؤال عن الدرس')).toHaveLength(1);
    expect(within(log).getByRole('img', { name: 'أُرسلت' })).toBeTruthy();
    expect(composer()).toHaveProperty('value', '');
  });

  it('offers a retry after a failed send, and the retry sends the same client id', async () => {
    const { log } = await openRoom([makeMessage()]);
    socket().answer('SendMessage', () => NO_ACK);
    const ui = userEvent.setup();
    await ui.type(composer(), 'هل أنت متاح؟{Enter}');

    const alert = await within(log).findByRole('alert');
    expect(alert.textContent).toContain(UI_MESSAGES.messageSendFailed);

    socket().answer('SendMessage', (payload) => {
      const { clientId, text } = payload as { clientId: string; text: string };
      return { result: 'ok', message: makeMessage({ id: 9, senderId: 7, text, clientId }) };
    });
    await ui.click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));

    await waitFor(() => expect(within(log).queryByRole('alert')).toBeNull());
    const sent = socket().sent('SendMessage') as { clientId: string }[];
    expect(sent).toHaveLength(2);
    expect(sent[1]?.clientId).toBe(sent[0]?.clientId);
    expect(within(log).getAllByText('هل أنت متاح؟')).toHaveLength(1);
  });

  it('says why the server refused a message (unverified e-mail)', async () => {
    const { log } = await openRoom([makeMessage()]);
    socket().answer('SendMessage', () => ({ result: 'unallowed', code: 'unverified-email' }));
    await userEvent.setup().type(composer(), 'مرحبًا{Enter}');
    const alert = await within(log).findByRole('alert');
    expect(alert.textContent).toContain(ERROR_MESSAGES['unverified-email']);
  });

  it('shows an incoming message and marks the room read up to it', async () => {
    const { log } = await openRoom([makeMessage()], { readSeq: 1 });
    socket().answer('MarkMessageAsRead', () => ({ result: 'ok' }));
    act(() =>
      socket().serverEmit('RoomMessage', {
        message: makeMessage({ id: 4, seq: 4, text: 'وصلت رسالتك' }),
      }),
    );
    expect(await within(log).findByText('وصلت رسالتك')).toBeTruthy();
    await waitFor(() =>
      expect(socket().sent('MarkMessageAsRead')).toEqual([{ roomId: 11, messageId: 4 }]),
    );
    // A message of another room stays out of this one.
    act(() =>
      socket().serverEmit('RoomMessage', {
        message: makeMessage({ id: 5, roomId: 99, text: 'غرفة أخرى' }),
      }),
    );
    expect(within(log).queryByText('غرفة أخرى')).toBeNull();
  });

  it('announces typing at most once in a while, and shows the other member typing', async () => {
    await openRoom([makeMessage()]);
    await userEvent.setup().type(composer(), 'أكتب');
    expect(socket().sent('UserTyping')).toEqual([{ roomId: 11, typing: true }]);

    act(() => socket().serverEmit('UserTyping', { roomId: 11, userId: 3, typing: true }));
    expect(await screen.findByText('أحمد علي يكتب الآن…')).toBeTruthy();
    act(() => socket().serverEmit('UserTyping', { roomId: 11, userId: 3, typing: false }));
    await waitFor(() => expect(screen.queryByText('أحمد علي يكتب الآن…')).toBeNull());
  });

  it('turns the ticks of own messages to read when the other member reads them', async () => {
    const { log } = await openRoom(
      [makeMessage({ id: 1 }), makeMessage({ id: 2, senderId: 7, text: 'رسالتي' })],
      { otherReadSeq: 1 },
    );
    expect(within(log).getByRole('img', { name: 'أُرسلت' })).toBeTruthy();
    act(() => socket().serverEmit('RoomMessageRead', { roomId: 11, userId: 3, readSeq: 2 }));
    expect(await within(log).findByRole('img', { name: 'قُرئت' })).toBeTruthy();
  });

  it('edits an own message, and deletes it after a confirmation', async () => {
    const mine = makeMessage({ id: 2, senderId: 7, text: 'نص قديم' });
    const { log } = await openRoom([makeMessage({ id: 1 }), mine]);
    socket().answer('UpdateMessage', (payload) => {
      const { text } = payload as { text: string };
      return { result: 'ok', message: { ...mine, text, edited: true, updatedAt: MONDAY } };
    });
    socket().answer('DeleteMessage', () => ({ result: 'ok' }));
    const ui = userEvent.setup();
    // Only own messages can be edited.
    expect(within(log).getAllByRole('button', { name: 'تعديل' })).toHaveLength(1);

    await ui.click(within(log).getByRole('button', { name: 'تعديل' }));
    const box = within(log).getByRole('textbox', { name: 'تعديل الرسالة' });
    await ui.clear(box);
    await ui.type(box, 'نص جديد');
    await ui.click(within(log).getByRole('button', { name: 'حفظ التعديل' }));
    expect(await within(log).findByText('نص جديد')).toBeTruthy();
    expect(within(log).getByText('(معدّلة)')).toBeTruthy();
    expect(socket().sent('UpdateMessage')).toEqual([{ messageId: 2, text: 'نص جديد' }]);

    await ui.click(within(log).getByRole('button', { name: 'حذف' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف الرسالة؟' });
    expect(socket().sent('DeleteMessage')).toEqual([]);
    await ui.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await within(log).findByText('حُذفت هذه الرسالة')).toBeTruthy();
    expect(socket().sent('DeleteMessage')).toEqual([{ messageId: 2 }]);
  });

  it('keeps the draft and says why when an edit is refused', async () => {
    const mine = makeMessage({ id: 2, senderId: 7, text: 'نص قديم' });
    const { log } = await openRoom([mine]);
    socket().answer('UpdateMessage', () => ({ result: 'unallowed', code: 'too-many-requests' }));
    const ui = userEvent.setup();
    await ui.click(within(log).getByRole('button', { name: 'تعديل' }));
    const box = within(log).getByRole('textbox', { name: 'تعديل الرسالة' });
    await ui.clear(box);
    await ui.type(box, 'نص جديد');
    await ui.click(within(log).getByRole('button', { name: 'حفظ التعديل' }));
    expect(await screen.findByText(ERROR_MESSAGES['too-many-requests'])).toBeTruthy();
    expect(within(log).getByRole('textbox', { name: 'تعديل الرسالة' })).toHaveProperty(
      'value',
      'نص جديد',
    );
  });

  it('pins and mutes the room, and says when the setting could not be saved', async () => {
    await openRoom([makeMessage()]);
    server.on('PUT', '/chat/room/:roomId', (request: FakeRequest) =>
      json(makeRoom(request.body as Partial<ChatRoom>)),
    );
    answerRooms([makeRoom({ pinned: true })]);
    const ui = userEvent.setup();

    await ui.click(screen.getByRole('button', { name: 'تثبيت' }));
    expect(await screen.findByRole('button', { name: 'إلغاء التثبيت' })).toBeTruthy();
    expect(server.callsTo('PUT', '/chat/room/11')[0]?.body).toEqual({ pinned: true });
    expect(await screen.findByRole('region', { name: 'المثبّتة' })).toBeTruthy();

    server.on('PUT', '/chat/room/:roomId', apiError(500, 'internal-server-error'));
    await ui.click(screen.getByRole('button', { name: 'كتم' }));
    expect(await screen.findByText(UI_MESSAGES.chatSettingsFailed)).toBeTruthy();
    expect(server.callsTo('PUT', '/chat/room/11')[1]?.body).toEqual({ muted: true });
  });

  it('loads older pages before the first message shown', async () => {
    answerRooms([makeRoom()]);
    server.on('GET', MESSAGES, (request: FakeRequest) =>
      request.query.get('before') === '5'
        ? json({ list: [makeMessage({ id: 4, text: 'أقدم رسالة' })], hasMore: false })
        : json({ list: [makeMessage({ id: 5, text: 'أحدث رسالة' })], hasMore: true }),
    );
    renderApp('/chat?room=11');
    const log = await screen.findByRole('log');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'رسائل أقدم' }));
    expect(await within(log).findByText('أقدم رسالة')).toBeTruthy();
    const text = log.textContent ?? '';
    expect(text.indexOf('أقدم رسالة')).toBeLessThan(text.indexOf('أحدث رسالة'));
    expect(screen.queryByRole('button', { name: 'رسائل أقدم' })).toBeNull();
  });

  it('fetches what it missed after a reconnect, from the last seq seen, and the list', async () => {
    const { log } = await openRoom([makeMessage({ id: 6 })]);
    server.on('GET', MESSAGES, (request: FakeRequest) =>
      request.query.get('after') === '6'
        ? json({ list: [makeMessage({ id: 8, text: 'فاتتك هذه' })], hasMore: false })
        : json({ list: [], hasMore: false }),
    );
    const listReads = server.callsTo('GET', '/chat/list/rooms/7/').length;
    act(() => socket().serverEmit('disconnect', 'transport close'));
    act(() => socket().serverEmit('connect'));
    expect(await within(log).findByText('فاتتك هذه')).toBeTruthy();
    // The list reads again too: its badges and order may have changed meanwhile.
    await waitFor(() =>
      expect(server.callsTo('GET', '/chat/list/rooms/7/').length).toBeGreaterThan(listReads),
    );
  });

  it('says when the messages cannot be loaded, and retries', async () => {
    answerRooms([makeRoom()]);
    server.on('GET', MESSAGES, apiError(500, 'internal-server-error'));
    renderApp('/chat?room=11');
    const alert = await screen.findByRole('alert', undefined, { timeout: 4000 });
    expect(alert.textContent).toContain(UI_MESSAGES.chatLoadFailed);
    answerMessages([makeMessage({ text: 'عادت الرسائل' })]);
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));
    expect(await screen.findByText('عادت الرسائل')).toBeTruthy();
  });
});

describe('message the tutor on /t/{id}', () => {
  const PROFILE: TutorProfile = {
    id: 3,
    name: 'أحمد علي',
    image: null,
    gender: 'male',
    bio: null,
    topics: [],
    rating: { average: 0, count: 0 },
    nextFreeAt: null,
    about: null,
    video: null,
    thumbnail: null,
    noticePeriod: 0,
    lessonsGiven: 0,
  };
  beforeEach(() => {
    server.on('GET', '/user/tutor/info/3', json(PROFILE));
    answerRooms([makeRoom()]);
    answerMessages([makeMessage()]);
  });

  it('sends a signed-out visitor to sign in first', async () => {
    resetSession();
    renderApp('/t/3');
    const link = await screen.findByRole('link', { name: 'راسل المعلم' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Ft%2F3');
  });

  it('opens the room the two already share', async () => {
    answerRooms((request) =>
      request.query.get('search') === 'أحمد علي'
        ? [makeRoom({ id: 12, other: { ...TUTOR_MEMBER, id: 9 } }), makeRoom()]
        : [],
    );
    const { router } = renderApp('/t/3');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'راسل المعلم' }));
    await waitFor(() => expect(router.state.location.search).toBe('?room=11'));
    expect(server.callsTo('POST', '/chat/new')).toHaveLength(0);
  });

  it('leads to the room another tab made meanwhile (room-exists)', async () => {
    answerRooms([]);
    server.on('POST', '/chat/new', apiError(409, 'room-exists'));
    server.on('GET', '/chat/room/by/members', json(makeRoom({ id: 13 })));
    const { router } = renderApp('/t/3');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'راسل المعلم' }));
    const dialog = await screen.findByRole('dialog');
    await ui.type(within(dialog).getByRole('textbox', { name: 'رسالتك' }), 'مرحبا');
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال' }));
    await waitFor(() => expect(router.state.location.search).toBe('?room=13'));
    expect(server.callsTo('GET', '/chat/room/by/members')[0]?.query.get('members')).toBe('7,3');
  });

  it('creates the room with the first message when there is none', async () => {
    answerRooms([]);
    server.on('POST', '/chat/new', (request: FakeRequest) => {
      const body = request.body as { message: string; clientId: string };
      return json(
        { room: makeRoom(), message: makeMessage({ senderId: 7, text: body.message }) },
        201,
      );
    });
    const { router } = renderApp('/t/3');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'راسل المعلم' }));
    const dialog = await screen.findByRole('dialog', { name: 'راسل أحمد علي' });
    await ui.type(within(dialog).getByRole('textbox', { name: 'رسالتك' }), 'أريد درسًا في المحادثة');
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    const body = server.callsTo('POST', '/chat/new')[0]?.body as Record<string, unknown>;
    expect(body.userId).toBe(3);
    expect(body.message).toBe('أريد درسًا في المحادثة');
    expect(body.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('says the room could not be created', async () => {
    answerRooms([]);
    server.on('POST', '/chat/new', apiError(500, 'internal-server-error'));
    renderApp('/t/3');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'راسل المعلم' }));
    const dialog = await screen.findByRole('dialog');
    await ui.type(within(dialog).getByRole('textbox', { name: 'رسالتك' }), 'مرحبا');
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال' }));
    expect(await within(dialog).findByText(UI_MESSAGES.chatRoomCreateFailed)).toBeTruthy();
  });

  it('tells an unverified e-mail why it cannot write yet', async () => {
    signInAs(server, makeUser({ id: 7, verifiedEmail: false }));
    renderApp('/t/3');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'راسل المعلم' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ERROR_MESSAGES['unverified-email'])).toBeTruthy();
    expect(server.callsTo('GET', '/chat/room/by/members')).toHaveLength(0);
  });
});
