import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LessonStatus, Role, formatCairoDateTime } from '@talaqa/domain';
import type { AvailabilityWeek, LessonView } from '@talaqa/domain';
import { UI_MESSAGES, pageOfText } from '@talaqa/ui';
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
import { fakeSockets } from '@talaqa/api-client/testing/fake-socket';
import { pageOf } from '../../testing/payments-fixtures';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

/** Sunday 23 March 2025, 10:00 in Cairo (UTC+2). */
const NOW = new Date('2025-03-23T08:00:00.000Z');
const STUDENT = makeUser({ id: 7, name: 'سارة أحمد' });
const TUTOR = makeUser({ id: 3, role: Role.Tutor, name: 'أحمد علي' });

const server = fakeApi(stubHealthyApi());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  resetSession();
});

/** Monday 10:00 Cairo: cancelling now gives the 30 minutes back. */
const TOMORROW = makeLesson();
/** Today 11:30 Cairo, an hour and a half from now: a student's cancellation gives nothing back. */
const SOON = makeLesson({ id: 12, start: '2025-03-23T09:30:00.000Z' });

describe('/upcoming-lessons', () => {
  it('lists future booked lessons and states the minute policy before cancelling', async () => {
    signInAs(server, STUDENT);
    let list = [TOMORROW, SOON];
    server.on('GET', '/lesson/list', () => json(pageOf(list)));
    server.on('DELETE', '/lesson/:id', (_request, params) => {
      list = list.filter((lesson) => lesson.id !== Number(params.id));
      return json({
        lesson: { ...TOMORROW, status: LessonStatus.Cancelled },
        minutesReturned: 30,
      });
    });
    renderApp('/upcoming-lessons');
    const ui = userEvent.setup();

    const [first, second] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    const query = server.callsTo('GET', '/lesson/list')[0]?.query;
    expect(query?.get('when')).toBe('future');
    expect(query?.get('state')).toBe('ratified');
    expect(first.textContent).toContain('مع المعلم أحمد علي');
    expect(first.textContent).toContain(formatCairoDateTime(new Date(TOMORROW.start)));
    expect(first.textContent).toContain('٣٠ دقيقة');
    expect(within(first).getByRole('link', { name: 'دخول الدرس' }).getAttribute('href')).toBe(
      '/lesson/11',
    );

    await ui.click(within(second).getByRole('button', { name: 'إلغاء الدرس' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('لن تسترد دقائق هذا الدرس');
    await ui.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await ui.click(within(first).getByRole('button', { name: 'إلغاء الدرس' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('ستسترد ٣٠ دقيقة');
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الدرس' }));
    await waitFor(() => expect(server.callsTo('DELETE', '/lesson/11')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells the tutor the student gets the minutes back, and shows a refusal', async () => {
    signInAs(server, TUTOR);
    server.on('GET', '/lesson/list', json(pageOf([SOON])));
    server.on('DELETE', '/lesson/:id', apiError(422, 'lesson-time-passed'));
    renderApp('/upcoming-lessons');
    const ui = userEvent.setup();

    const article = await screen.findByRole('article');
    expect(article.textContent).toContain('مع الطالب سارة أحمد');
    expect(within(article).queryByRole('button', { name: 'تغيير الموعد' })).toBeNull();
    await ui.click(within(article).getByRole('button', { name: 'إلغاء الدرس' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('سيسترد الطالب ٣٠ دقيقة');
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الدرس' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'موعد هذا الدرس قد فات',
    );
  });

  it('shows a booking the moment the LessonBooked event arrives', async () => {
    signInAs(server, TUTOR);
    let list: LessonView[] = [];
    server.on('GET', '/lesson/list', () => json(pageOf(list)));
    renderApp('/upcoming-lessons');

    expect(await screen.findByText('لا توجد دروس قادمة')).toBeTruthy();
    await waitFor(() => expect(fakeSockets.latest()?.listeners('LessonBooked')).toBeGreaterThan(0));
    list = [TOMORROW];
    act(() => fakeSockets.latest()!.serverEmit('LessonBooked', { lesson: TOMORROW }));
    expect((await screen.findByRole('article')).textContent).toContain('مع الطالب سارة أحمد');

    list = [];
    act(() =>
      fakeSockets.latest()!.serverEmit('LessonCanceled', { lesson: TOMORROW, minutesReturned: 30 }),
    );
    expect(await screen.findByText('لا توجد دروس قادمة')).toBeTruthy();
  });

  it("moves a student's lesson to a free time of the tutor's week", async () => {
    signInAs(server, STUDENT);
    server.on('GET', '/lesson/list', json(pageOf([TOMORROW])));
    const week: AvailabilityWeek = {
      tutorId: TUTOR.id,
      weekStart: '2025-03-21T22:00:00.000Z',
      weekEnd: '2025-03-28T22:00:00.000Z',
      template: [],
      // Tuesday 18:00-19:00 Cairo, and the lesson's own time.
      slots: [
        { start: '2025-03-24T08:00:00.000Z', end: '2025-03-24T08:30:00.000Z' },
        { start: '2025-03-25T16:00:00.000Z', end: '2025-03-25T17:00:00.000Z' },
      ],
      busy: [{ start: TOMORROW.start, end: TOMORROW.end, lessonId: TOMORROW.id }],
      noticePeriod: 30,
      bookable: true,
      now: NOW.toISOString(),
    };
    server.on('GET', '/availability-slot/', json(week));
    server.on('PATCH', '/lesson', (request) =>
      json({ ...TOMORROW, start: (request.body as { start: string }).start }),
    );
    renderApp('/upcoming-lessons');
    const ui = userEvent.setup();

    await ui.click(await screen.findByRole('button', { name: 'تغيير الموعد' }));
    const dialog = await screen.findByRole('dialog');
    const select = await within(dialog).findByRole('combobox', { name: 'الموعد الجديد' });
    expect(server.callsTo('GET', '/availability-slot/')[0]?.query.get('tutorId')).toBe('3');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value)
      .filter(Boolean);
    // Not the lesson's own time.
    expect(options).toEqual([
      '2025-03-25T16:00:00.000Z',
      '2025-03-25T16:15:00.000Z',
      '2025-03-25T16:30:00.000Z',
    ]);
    await ui.selectOptions(select, '2025-03-25T16:15:00.000Z');
    await ui.click(within(dialog).getByRole('button', { name: 'تأكيد الموعد الجديد' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/lesson')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/lesson')[0]?.body).toEqual({
      id: 11,
      start: '2025-03-25T16:15:00.000Z',
      duration: 30,
    });
    expect(await screen.findByText('تغيّر موعد الدرس')).toBeTruthy();
  });

  it('shows a load failure with a retry', async () => {
    signInAs(server, STUDENT);
    let answer = () => apiError(500, 'unexpected');
    server.on('GET', '/lesson/list', () => answer());
    renderApp('/upcoming-lessons');
    expect(await screen.findByRole('status', { name: 'جارٍ تحميل الدروس القادمة' })).toBeTruthy();
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert.textContent).toContain('تعذّر تحميل الدروس القادمة');
    answer = () => json(pageOf([]));
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));
    expect(await screen.findByText('لا توجد دروس قادمة')).toBeTruthy();
  });
});

describe('/lessons-schedule', () => {
  it('filters past and canceled lessons and pages ten at a time', async () => {
    signInAs(server, STUDENT);
    const all = Array.from({ length: 13 }, (_, index) =>
      makeLesson({
        id: 100 + index,
        start: new Date(Date.UTC(2025, 2, 10 - (index % 9), 8)).toISOString(),
        status: LessonStatus.Fulfilled,
      }),
    );
    server.on('GET', '/lesson/list', (request) => {
      const page = Number(request.query.get('page') ?? 1);
      const size = Number(request.query.get('size') ?? 10);
      return json(pageOf(all.slice((page - 1) * size, page * size), all.length));
    });
    const { router } = renderApp('/lessons-schedule');
    const ui = userEvent.setup();

    expect(await screen.findAllByRole('article')).toHaveLength(10);
    let query = server.callsTo('GET', '/lesson/list').at(-1)?.query;
    expect(query?.get('size')).toBe('10');
    expect(query?.get('when')).toBe('future');
    expect(query?.get('state')).toBe('ratified');

    await ui.click(screen.getByLabelText('السابقة'));
    await ui.click(screen.getByLabelText('الملغاة'));
    await waitFor(() => {
      query = server.callsTo('GET', '/lesson/list').at(-1)?.query;
      expect(query?.get('when')).toBe('past');
      expect(query?.get('state')).toBe('canceled');
    });
    expect(screen.queryByRole('button', { name: 'إلغاء الدرس' })).toBeNull();

    const pages = await screen.findByRole('navigation', { name: 'صفحات الدروس' });
    expect(pages.textContent).toContain(pageOfText(1, 2));
    await ui.click(within(pages).getByRole('button', { name: UI_MESSAGES.paginationNext }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(server.callsTo('GET', '/lesson/list').at(-1)?.query.get('page')).toBe('2');
    expect(router.state.location.search).toContain('page=2');
    expect(screen.getAllByRole('article')[0]?.textContent).toContain('انتهى');
  });
});
