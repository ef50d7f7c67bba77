import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LessonCanceledBy, LessonStatus, Role, formatCairoDateTime } from '@talaqa/domain';
import type { LessonView, SessionView } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import {
  apiError,
  fakeApi,
  json,
  makeUser,
  renderApp,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import { makeLesson } from '../../testing/lessons-fixtures';
import { adminCancelText, countdownText } from './LessonPage';
import { lessonCalendarFile } from './calendar-file';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const server = fakeApi(stubHealthyApi());
const STUDENT = makeUser({ id: 7, name: 'سارة أحمد' });
const TUTOR = makeUser({ id: 3, role: Role.Tutor, name: 'أحمد علي' });
/** Monday 24 March 2025, 10:00 Cairo (08:00 UTC), 30 minutes. */
const LESSON = makeLesson();

/** GET /session/{id} of a lesson (the room of issue 19). */
function sessionOf(lesson: LessonView, overrides: Partial<SessionView> = {}): SessionView {
  const start = new Date(lesson.start);
  const end = new Date(start.getTime() + lesson.duration * 60_000);
  return {
    id: lesson.id,
    lessonId: lesson.id,
    tutorId: lesson.tutor.id,
    studentId: lesson.student.id,
    members: [],
    start: lesson.start,
    end: end.toISOString(),
    opensAt: new Date(start.getTime() - 10 * 60_000).toISOString(),
    closesAt: end.toISOString(),
    open: true,
    status: lesson.status,
    attendance: [],
    chatRoom: null,
    ...overrides,
  };
}
const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

beforeEach(() => {
  vi.stubGlobal('RTCPeerConnection', class {});
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(() => new Promise(() => undefined)),
      enumerateDevices: vi.fn(async () => []),
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  resetSession();
});

describe('/lesson/{id}', () => {
  it('shows the student the tutor, Cairo time, duration, countdown, calendar file and policy; the room is not open yet', async () => {
    at('2025-03-23T08:00:00.000Z'); // a day before
    signInAs(server, STUDENT);
    server.on('GET', '/lesson/:id', (_request, params) =>
      Number(params.id) === 11 ? json(LESSON) : apiError(404, 'lesson-not-found'),
    );
    renderApp('/lesson/11');

    const card = await screen.findByRole('article', { name: /مع المعلم أحمد علي/ });
    expect(card.textContent).toContain(formatCairoDateTime(new Date(LESSON.start)));
    expect(card.textContent).toContain('٣٠ دقيقة');
    expect(within(card).getByRole('timer').textContent).toBe('٢٤ ساعة');
    expect(card.textContent).toContain('سياسة الإلغاء');
    expect(card.textContent).toContain('ستسترد ٣٠ دقيقة');
    const calendar = within(card).getByRole('link', { name: 'إضافة إلى التقويم' });
    expect(calendar.getAttribute('download')).toBe('talaqa-lesson-11.ics');
    expect(within(card).getByRole('button', { name: 'تغيير الموعد' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'إلغاء الدرس' })).toBeTruthy();

    const room = screen.getByRole('region', { name: 'غرفة الدرس' });
    expect(room.textContent).toContain('قبل الموعد بـ١٠ دقائق');
    expect(within(room).getByRole('link', { name: 'افحص الكاميرا والميكروفون الآن' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'الكاميرا والميكروفون' })).toBeNull();
    expect(navigator.mediaDevices.getUserMedia).not.toHaveBeenCalled();
  });

  it('cancels from the page after showing the policy, and shows the lesson canceled', async () => {
    at('2025-03-23T08:00:00.000Z');
    signInAs(server, STUDENT);
    let lesson = LESSON;
    server.on('GET', '/lesson/:id', () => json(lesson));
    server.on('DELETE', '/lesson/:id', () => {
      lesson = {
        ...LESSON,
        status: LessonStatus.Cancelled,
        canceledBy: LessonCanceledBy.Student,
        canceledAt: new Date().toISOString(),
      };
      return json({ lesson, minutesReturned: 30 });
    });
    renderApp('/lesson/11');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'إلغاء الدرس' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('ستسترد ٣٠ دقيقة');
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الدرس' }));
    await waitFor(() => expect(server.callsTo('DELETE', '/lesson/11')).toHaveLength(1));
    expect(await screen.findByText('أُلغي هذا الدرس')).toBeTruthy();
    expect(screen.getByText('ملغى')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'إلغاء الدرس' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'إضافة إلى التقويم' })).toBeNull();
  });

  it('says the administration canceled it and for whom, with no reason', async () => {
    at('2025-03-23T08:00:00.000Z');
    const canceled: LessonView = {
      ...LESSON,
      status: LessonStatus.Cancelled,
      canceledBy: LessonCanceledBy.Tutor,
      canceledAt: '2025-03-22T09:00:00.000Z',
      canceledByAdmin: true,
      adminCancel: null,
    };
    server.on('GET', '/lesson/:id', () => json(canceled));
    signInAs(server, STUDENT);
    renderApp('/lesson/11');
    expect(await screen.findByText(/ألغته إدارة طلاقة بطلب المعلم\./)).toBeTruthy();
    expect(adminCancelText(canceled, true)).toBe('ألغته إدارة طلاقة بطلبك.');
    expect(adminCancelText({ ...canceled, canceledBy: LessonCanceledBy.Student }, true)).toBe(
      'ألغته إدارة طلاقة بطلب الطالب.',
    );
  });

  it('opens the room 10 minutes before the start: the ready screen, join waiting for the server', async () => {
    at('2025-03-24T07:50:00.000Z');
    signInAs(server, TUTOR);
    server.on('GET', '/lesson/:id', json(LESSON));
    // The device's clock says the room is open; the server's does not yet.
    server.on('GET', '/session/:id', json(sessionOf(LESSON, { open: false })));
    renderApp('/lesson/11');

    const card = await screen.findByRole('article', { name: /مع الطالب سارة أحمد/ });
    expect(within(card).getByRole('timer').textContent).toBe('١٠:٠٠');
    // The tutor does not move lessons; cancelling tells the tutor what the student gets back.
    expect(within(card).queryByRole('button', { name: 'تغيير الموعد' })).toBeNull();
    expect(card.textContent).toContain('سيسترد الطالب ٣٠ دقيقة');
    const ready = await screen.findByRole('region', { name: 'الكاميرا والميكروفون' });
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledTimes(1);
    const join = within(ready).getByRole('button', { name: 'انضم إلى الدرس' }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
    await waitFor(() => expect(ready.textContent).toContain('لم تُفتح الغرفة بعد بحسب ساعة الخادم'));
    expect(server.callsTo('GET', '/session/11')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'غرفة الدرس' })).toBeNull();
  });

  it('says when the room cannot be made ready', async () => {
    at('2025-03-24T07:55:00.000Z');
    signInAs(server, STUDENT);
    server.on('GET', '/lesson/:id', json(LESSON));
    server.on('GET', '/session/:id', apiError(500, 'unexpected'));
    renderApp('/lesson/11');
    const ready = await screen.findByRole('region', { name: 'الكاميرا والميكروفون' });
    await waitFor(() => expect(ready.textContent).toContain('تعذّر تجهيز غرفة الدرس'));
    expect(within(ready).getByRole('button', { name: 'انضم إلى الدرس' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('opens the room by itself when its time comes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2025-03-24T07:49:58.000Z'));
    signInAs(server, STUDENT);
    server.on('GET', '/lesson/:id', json(LESSON));
    renderApp('/lesson/11');
    expect(await screen.findByRole('region', { name: 'غرفة الدرس' })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(3000);
    expect(await screen.findByRole('region', { name: 'الكاميرا والميكروفون' })).toBeTruthy();
  });

  it('says when the lesson has ended, with no room and no actions', async () => {
    at('2025-03-24T08:30:00.000Z');
    signInAs(server, STUDENT);
    server.on('GET', '/lesson/:id', json(LESSON));
    renderApp('/lesson/11');
    expect(await screen.findByText('انتهى هذا الدرس')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'الكاميرا والميكروفون' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'إلغاء الدرس' })).toBeNull();
  });

  it('says a lesson is not found (unknown, not the caller’s, or a bad address)', async () => {
    signInAs(server, STUDENT);
    server.on('GET', '/lesson/:id', apiError(404, 'lesson-not-found'));
    const view = renderApp('/lesson/99');
    expect(await screen.findByText('لم نجد هذا الدرس')).toBeTruthy();
    view.unmount();
    renderApp('/lesson/abc');
    expect(await screen.findByText('لم نجد هذا الدرس')).toBeTruthy();
    expect(server.callsTo('GET', '/lesson/abc')).toHaveLength(0);
  });

  it('offers a retry when the lesson cannot be loaded', async () => {
    signInAs(server, STUDENT);
    let fail = true;
    server.on('GET', '/lesson/:id', () => (fail ? apiError(400, 'bad-request') : json(LESSON)));
    renderApp('/lesson/11');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('تعذّر تحميل الدرس');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));
    expect(await screen.findByRole('article', { name: /مع المعلم أحمد علي/ })).toBeTruthy();
  });
});

describe('the lesson page’s words and files', () => {
  it('counts down in hours and minutes, then as a clock', () => {
    expect(countdownText(2 * 3_600_000 + 5 * 60_000)).toBe('ساعتان و٥ دقائق');
    expect(countdownText(3_600_000)).toBe('ساعة واحدة');
    expect(countdownText(9 * 60_000 + 45_000)).toBe('٠٩:٤٥');
    expect(countdownText(500)).toBe('٠٠:٠١');
  });

  it('writes the lesson as an iCalendar event with the feed’s UID', () => {
    const text = lessonCalendarFile(
      LESSON,
      'أحمد علي',
      'https://talaqa.eg',
      new Date('2025-03-23T08:00:00.000Z'),
    );
    expect(text).toContain('UID:lesson-11@talaqa.eg\r\n');
    expect(text).toContain('DTSTART:20250324T080000Z\r\n');
    expect(text).toContain('DTEND:20250324T083000Z\r\n');
    expect(text).toContain('STATUS:CONFIRMED');
    expect(text).toContain('URL:https://talaqa.eg/lesson/11');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
