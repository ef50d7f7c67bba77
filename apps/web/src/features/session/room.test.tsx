import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { LessonStatus, Role, RoomType } from '@talaqa/domain';
import type { SessionAckResult, SessionView } from '@talaqa/domain';
import { AppProviders, UI_MESSAGES, createQueryClient } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, json, makeUser, resetSession, signInAs } from '../../testing/fake-api';
import { fakeSockets } from '@talaqa/api-client/testing/fake-socket';
import { makeMessage, makeRoom } from '../../testing/chat-fixtures';
import type { CallHandle } from './call/types';
import { LessonRoom } from './LessonRoom';
import type { LessonRoomProps } from './LessonRoom';
import { dataSizeText, remainingText } from './room-text';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const server = fakeApi(stubHealthyApi());
const STUDENT = makeUser({ id: 7, name: 'سارة أحمد' });
const TUTOR_NAME = 'أحمد علي';
const LESSON_ROOM_ID = 21;

/** The lesson: 09:00 to 09:30 UTC; the tests' clock is at 09:10 unless a test moves it. */
const START = new Date('2025-03-23T09:00:00.000Z');
const END = new Date('2025-03-23T09:30:00.000Z');
const AT_TEN_PAST = new Date('2025-03-23T09:10:00.000Z');

function makeSession(overrides: Partial<SessionView> = {}): SessionView {
  return {
    id: 5,
    lessonId: 5,
    tutorId: 3,
    studentId: 7,
    members: [
      { id: 3, name: TUTOR_NAME, image: null, role: Role.Tutor, present: true },
      { id: 7, name: STUDENT.name, image: null, role: Role.Student, present: true },
    ],
    start: START.toISOString(),
    end: END.toISOString(),
    opensAt: new Date(START.getTime() - 10 * 60_000).toISOString(),
    closesAt: END.toISOString(),
    open: true,
    status: LessonStatus.Happening,
    attendance: [],
    chatRoom: makeRoom({ id: LESSON_ROOM_ID, type: RoomType.Lesson, unread: 0 }),
    ...overrides,
  };
}

/** A call as the engine would report it: connected, both cameras and microphones on. */
function fakeCall(overrides: Partial<CallHandle> = {}): CallHandle {
  return {
    status: 'connected',
    refusal: null,
    quality: 'good',
    stats: { roundTripMs: 84, lossPercent: 1.5, bytesUsed: 1.2 * 1024 * 1024, relayed: true },
    localStream: new MediaStream(),
    remoteStream: new MediaStream(),
    cameraOn: true,
    micOn: true,
    sharingScreen: false,
    remote: { present: true, cameraOn: true, micOn: true, sharingScreen: false },
    dataSaver: 'off',
    dataSaverSuggested: false,
    toggleCamera: vi.fn(),
    toggleMic: vi.fn(),
    startScreenShare: vi.fn(() => Promise.resolve()),
    stopScreenShare: vi.fn(),
    setDataSaver: vi.fn(),
    retry: vi.fn(),
    leave: vi.fn(),
    ...overrides,
  };
}

function renderRoom(overrides: Partial<LessonRoomProps> = {}) {
  const props: LessonRoomProps = {
    call: fakeCall(),
    session: makeSession(),
    user: STUDENT,
    onExit: vi.fn(),
    now: AT_TEN_PAST,
    ...overrides,
  };
  const tree = (next: LessonRoomProps) => (
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <LessonRoom {...next} />
      </MemoryRouter>
    </AppProviders>
  );
  const view = render(tree(props));
  return {
    ...view,
    props,
    update: (changes: Partial<LessonRoomProps>) => view.rerender(tree({ ...props, ...changes })),
  };
}

/** The one polite line that tells screen readers where the call stands. */
const announcement = () =>
  screen.getAllByRole('status').find((element) => element.getAttribute('aria-live') === 'polite');

function setWideScreen(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function installDisplayMedia(available: boolean) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: available ? { getDisplayMedia: vi.fn() } : {},
  });
}

beforeEach(() => {
  signInAs(server, STUDENT);
  server.on('GET', '/chat/list/:roomId/messages', json({ list: [], hasMore: false }));
  server.on('GET', '/chat/room/members/:roomId', json([]));
  setWideScreen(true);
  installDisplayMedia(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  resetSession();
});

describe('room words', () => {
  it('writes the time left as minutes and seconds, and the data used in its unit', () => {
    expect(remainingText(20 * 60_000)).toBe('٢٠:٠٠');
    expect(remainingText(4 * 60_000 + 9_000)).toBe('٠٤:٠٩');
    expect(remainingText(-5_000)).toBe('٠٠:٠٠');
    expect(remainingText(65 * 60_000)).toBe('١:٠٥:٠٠');
    expect(dataSizeText(320 * 1024)).toBe('٣٢٠ كيلوبايت');
    expect(dataSizeText(1.2 * 1024 * 1024)).toBe('١٫٢ ميغابايت');
    expect(dataSizeText(1.5 * 1024 ** 3)).toBe('١٫٥ غيغابايت');
  });
});

describe('the lesson room', () => {
  it('shows the other member large and oneself small and mirrored, with the time and data used', () => {
    const { props } = renderRoom();
    const remote = screen.getByLabelText(`فيديو ${TUTOR_NAME}`) as HTMLVideoElement;
    expect(remote.srcObject).toBe(props.call.remoteStream);
    expect(remote.className).toContain('md:object-cover');
    const self = screen.getByLabelText('صورتك') as HTMLVideoElement;
    expect(self.srcObject).toBe(props.call.localStream);
    expect(self.muted).toBe(true);
    expect(self.className).toContain('-scale-x-100');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`المعلم: ${TUTOR_NAME}`);
    expect(screen.getByRole('timer').textContent).toBe('٢٠:٠٠');
    expect(screen.getByRole('button', { name: /استُهلك ١٫٢ ميغابايت/ })).toBeTruthy();
    expect(announcement()?.textContent).toBe(`متصل بـ${TUTOR_NAME}.`);
    expect(screen.queryByText('الاتصال ضعيف')).toBeNull();
  });

  it("shows the other's avatar when their camera is off, and says when their mic is off", () => {
    renderRoom({
      call: fakeCall({
        remote: { present: true, cameraOn: false, micOn: false, sharingScreen: false },
      }),
    });
    expect(screen.getByText('الكاميرا مغلقة')).toBeTruthy();
    expect(screen.getByRole('img', { name: TUTOR_NAME })).toBeTruthy();
    // Still there for their voice, but not seen.
    expect(screen.getByLabelText(`فيديو ${TUTOR_NAME}`).className).toContain('invisible');
    expect(screen.getByText('الميكروفون مغلق')).toBeTruthy();
  });

  it('shows a shared screen whole, and one’s own shared screen unmirrored', () => {
    renderRoom({
      call: fakeCall({
        sharingScreen: true,
        remote: { present: true, cameraOn: false, micOn: true, sharingScreen: true },
      }),
    });
    const screenVideo = screen.getByLabelText(`شاشة ${TUTOR_NAME}`);
    expect(screenVideo.className).toContain('object-contain');
    expect(screenVideo.className).not.toContain('object-cover');
    expect(screenVideo.className).not.toContain('invisible');
    expect(screen.getByText('يشارك الشاشة')).toBeTruthy();
    expect(screen.getByLabelText('ما تشاركه').className).not.toContain('-scale-x-100');
  });

  it("offers to start the other's sound when the browser refused to play it on its own", async () => {
    const blocked = Object.assign(new Error('autoplay'), { name: 'NotAllowedError' });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      return this.muted ? Promise.resolve() : Promise.reject(blocked);
    });
    renderRoom();
    const start = await screen.findByRole('button', { name: 'شغّل الصوت' });
    play.mockImplementation(() => Promise.resolve());
    await userEvent.setup().click(start);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'شغّل الصوت' })).toBeNull());
    play.mockRestore();
  });

  it.each([
    ['joining', 'جارٍ الدخول إلى غرفة الدرس…', 'جارٍ الدخول إلى غرفة الدرس.'],
    ['waiting', `بانتظار ${TUTOR_NAME}`, `بانتظار ${TUTOR_NAME}.`],
    ['connecting', `جارٍ الاتصال بـ${TUTOR_NAME}…`, `جارٍ الاتصال بـ${TUTOR_NAME}.`],
    ['ended', 'انتهت المكالمة', 'انتهت المكالمة.'],
  ] as const)('says where the call stands while %s', (status, heading, said) => {
    renderRoom({ call: fakeCall({ status, remoteStream: null }) });
    expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    expect(announcement()?.textContent).toBe(said);
    expect(screen.queryByLabelText(`فيديو ${TUTOR_NAME}`)).toBeNull();
  });

  it('keeps the video while reconnecting, under a banner', () => {
    renderRoom({ call: fakeCall({ status: 'reconnecting' }) });
    expect(screen.getByText('انقطع الاتصال، نحاول إعادته…')).toBeTruthy();
    expect(screen.getByLabelText(`فيديو ${TUTOR_NAME}`)).toBeTruthy();
    expect(announcement()?.textContent).toBe('انقطع الاتصال، نحاول إعادته.');
  });

  it('offers to try again at once when the connection is lost', async () => {
    const call = fakeCall({ status: 'lost' });
    renderRoom({ call });
    expect(screen.getByRole('heading', { name: 'انقطع الاتصال' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: UI_MESSAGES.retry }));
    expect(call.retry).toHaveBeenCalledOnce();
  });

  it.each([
    ['not-member', 'هذه الغرفة ليست لك'],
    ['unallowed', 'الغرفة غير مفتوحة الآن'],
    ['lesson-not-found', 'لم نجد هذا الدرس'],
    ['invalid-session-id', 'رابط الغرفة غير صحيح'],
    ['unreachable', 'تعذّر الدخول إلى الغرفة'],
  ] as [SessionAckResult, string][])('says why the room refused: %s', async (refusal, title) => {
    const onExit = vi.fn();
    renderRoom({ call: fakeCall({ status: 'refused', refusal, remoteStream: null }), onExit });
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(announcement()?.textContent).toBe(title);
    // Nothing to control in a room one is not in.
    expect(screen.queryByRole('toolbar')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'العودة إلى صفحة الدرس' }));
    expect(onExit).toHaveBeenCalledOnce();
  });

  it('marks a poor link, and turns data saver on in one click when it is suggested', async () => {
    const call = fakeCall({ quality: 'poor', dataSaverSuggested: true });
    renderRoom({ call });
    expect(screen.getByText('الاتصال ضعيف')).toBeTruthy();
    expect(announcement()?.textContent).toBe(`متصل بـ${TUTOR_NAME}، والاتصال ضعيف.`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'شغّل توفير البيانات' }));
    expect(call.setDataSaver).toHaveBeenCalledWith('video');
  });

  it('shows the link’s details on asking', async () => {
    renderRoom();
    await userEvent.setup().click(screen.getByRole('button', { name: /استُهلك/ }));
    const details = screen.getByRole('dialog', { name: 'تفاصيل الاتصال' });
    expect(within(details).getByText('٨٤ ملّي ثانية')).toBeTruthy();
    expect(within(details).getByText('١٫٥٪')).toBeTruthy();
    expect(within(details).getByText('عبر خادم وسيط')).toBeTruthy();
  });
});

describe('the room’s controls', () => {
  it('toggles the microphone and the camera, their state in aria-pressed', async () => {
    const call = fakeCall({ micOn: false });
    renderRoom({ call });
    const ui = userEvent.setup();
    const mic = screen.getByRole('button', { name: 'الميكروفون' });
    const camera = screen.getByRole('button', { name: 'الكاميرا' });
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(camera.getAttribute('aria-pressed')).toBe('true');
    await ui.click(mic);
    await ui.click(camera);
    expect(call.toggleMic).toHaveBeenCalledOnce();
    expect(call.toggleCamera).toHaveBeenCalledOnce();
  });

  it('starts and stops sharing the screen', async () => {
    const call = fakeCall();
    const { update } = renderRoom({ call });
    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: 'مشاركة الشاشة' }));
    expect(call.startScreenShare).toHaveBeenCalledOnce();

    const sharing = fakeCall({ sharingScreen: true });
    update({ call: sharing });
    const share = screen.getByRole('button', { name: 'مشاركة الشاشة' });
    expect(share.getAttribute('aria-pressed')).toBe('true');
    await ui.click(share);
    expect(sharing.stopScreenShare).toHaveBeenCalledOnce();
  });

  it('has no screen sharing where the browser cannot (phones)', () => {
    installDisplayMedia(false);
    renderRoom();
    expect(screen.queryByRole('button', { name: 'مشاركة الشاشة' })).toBeNull();
    expect(screen.getByRole('button', { name: 'الكاميرا' })).toBeTruthy();
  });

  it('chooses the data saver mode from its menu', async () => {
    const call = fakeCall();
    renderRoom({ call });
    const ui = userEvent.setup();
    const button = screen.getByRole('button', { name: /توفير البيانات/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await ui.click(button);
    const menu = screen.getByRole('dialog', { name: 'توفير البيانات' });
    expect(
      (within(menu).getByRole('radio', { name: 'بلا توفير' }) as HTMLInputElement).checked,
    ).toBe(true);
    await ui.click(within(menu).getByRole('radio', { name: 'صوت فقط' }));
    expect(call.setDataSaver).toHaveBeenCalledWith('audio');
    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'توفير البيانات' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('says the video is paused to save data in audio-only mode', () => {
    renderRoom({ call: fakeCall({ dataSaver: 'audio' }) });
    expect(screen.getByText('الفيديو متوقف لتوفير البيانات')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^توفير البيانات.*صوت فقط$/ })).toBeTruthy();
  });

  it('asks before leaving, and leaves only when confirmed', async () => {
    const call = fakeCall();
    renderRoom({ call });
    const ui = userEvent.setup();
    const leave = screen.getByRole('button', { name: 'مغادرة' });
    await ui.click(leave);
    let dialog = screen.getByRole('dialog', { name: 'مغادرة الدرس؟' });
    await ui.click(within(dialog).getByRole('button', { name: 'البقاء في الدرس' }));
    expect(call.leave).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(leave));

    await ui.click(leave);
    dialog = screen.getByRole('dialog', { name: 'مغادرة الدرس؟' });
    await ui.click(within(dialog).getByRole('button', { name: 'مغادرة' }));
    expect(call.leave).toHaveBeenCalledOnce();
  });

  it('names an interview, not a lesson, when asking before leaving', async () => {
    renderRoom({ kind: 'interview' });
    const ui = userEvent.setup();
    expect(screen.getByRole('timer', { name: 'الوقت المتبقي على نهاية المقابلة' })).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'مغادرة' }));
    const dialog = screen.getByRole('dialog', { name: 'مغادرة المقابلة؟' });
    expect(within(dialog).getByRole('button', { name: 'البقاء في المقابلة' })).toBeTruthy();
  });
});

describe('the room’s timer', () => {
  it('counts down, says when five minutes remain, and ends the call when the time is up', () => {
    const call = fakeCall();
    const { update } = renderRoom({ call, now: new Date(END.getTime() - 5 * 60_000 - 1_000) });
    expect(screen.getByRole('timer').textContent).toBe('٠٥:٠١');
    expect(screen.queryByText('بقيت خمس دقائق أو أقل على نهاية الدرس.')).toBeNull();

    update({ call, now: new Date(END.getTime() - 4 * 60_000 - 59_000) });
    expect(screen.getByRole('timer').textContent).toBe('٠٤:٥٩');
    expect(screen.getByText('بقيت خمس دقائق أو أقل على نهاية الدرس.')).toBeTruthy();
    expect(announcement()?.textContent).toContain('بقيت خمس دقائق على نهاية الدرس.');
    expect(call.leave).not.toHaveBeenCalled();

    update({ call, now: END });
    expect(screen.getByRole('heading', { name: 'انتهى وقت الدرس' })).toBeTruthy();
    expect(announcement()?.textContent).toBe('انتهى وقت الدرس.');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(call.leave).toHaveBeenCalledOnce();

    update({ call, now: new Date(END.getTime() + 1_000) });
    expect(call.leave).toHaveBeenCalledOnce();
  });
});

describe('the room’s chat', () => {
  it('opens beside the video on a wide screen, on the lesson’s own room', async () => {
    renderRoom();
    const ui = userEvent.setup();
    const button = screen.getByRole('button', { name: 'المحادثة' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('complementary', { name: 'محادثة الدرس' })).toBeNull();

    await ui.click(button);
    const panel = screen.getByRole('complementary', { name: 'محادثة الدرس' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await within(panel).findByText('لا رسائل بعد، اكتب أول رسالة.');
    expect(server.callsTo('GET', `/chat/list/${String(LESSON_ROOM_ID)}/messages`)).not.toHaveLength(
      0,
    );
    // The room's panel has no way out to the chat page, nor its pin and mute.
    expect(within(panel).queryByRole('button', { name: 'تثبيت' })).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'العودة إلى المحادثات' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(panel).getByRole('textbox', { name: 'اكتب رسالتك' }),
      ),
    );

    await ui.click(within(panel).getByRole('button', { name: 'إغلاق محادثة الدرس' }));
    expect(screen.queryByRole('complementary', { name: 'محادثة الدرس' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('opens as a sheet over the video on a phone, closed by Escape back to its button', async () => {
    setWideScreen(false);
    renderRoom();
    const ui = userEvent.setup();
    const button = screen.getByRole('button', { name: 'المحادثة' });
    await ui.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'محادثة الدرس' });
    await within(sheet).findByText('لا رسائل بعد، اكتب أول رسالة.');
    expect(screen.queryByRole('complementary', { name: 'محادثة الدرس' })).toBeNull();

    await ui.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'محادثة الدرس' })).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('counts the other’s messages while the chat is closed', async () => {
    renderRoom({
      session: makeSession({
        chatRoom: makeRoom({ id: LESSON_ROOM_ID, type: RoomType.Lesson, unread: 2 }),
      }),
    });
    const button = screen.getByRole('button', { name: /المحادثة/ });
    expect(button.textContent).toContain('٢ رسائل غير مقروءة');
    await waitFor(() => expect(fakeSockets.latest()?.connected).toBe(true));

    act(() =>
      fakeSockets.latest()?.serverEmit('RoomMessage', {
        message: makeMessage({ id: 9, roomId: LESSON_ROOM_ID, seq: 9, senderId: 3 }),
      }),
    );
    // Another room's message, and one's own, do not count.
    act(() =>
      fakeSockets.latest()?.serverEmit('RoomMessage', {
        message: makeMessage({ id: 10, roomId: 99, seq: 10, senderId: 3 }),
      }),
    );
    act(() =>
      fakeSockets.latest()?.serverEmit('RoomMessage', {
        message: makeMessage({ id: 11, roomId: LESSON_ROOM_ID, seq: 11, senderId: 7 }),
      }),
    );
    expect(button.textContent).toContain('٣ رسائل غير مقروءة');

    await userEvent.setup().click(button);
    expect(button.textContent).not.toContain('غير مقروءة');
  });

  it('has no chat button when the lesson has no chat for this person', () => {
    renderRoom({ session: makeSession({ chatRoom: null }) });
    expect(screen.queryByRole('button', { name: /المحادثة/ })).toBeNull();
  });
});
