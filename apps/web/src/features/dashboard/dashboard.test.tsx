import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LessonStatus, Role, formatCairoDayMonth } from '@talaqa/domain';
import type {
  AvailabilityWeek,
  LessonStats,
  LessonView,
  StudentStats,
  TutorStats,
} from '@talaqa/domain';
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
import { makeMessage, makeRoom, roomPage } from '../../testing/chat-fixtures';
import type { FakeRequest } from '../../testing/fake-api';
import { fakeSockets } from '@talaqa/api-client/testing/fake-socket';
import { makeSubscription, pageOf } from '../../testing/payments-fixtures';
import { tourStorageKey, tourTargetElement } from './GuidedTour';
import { STUDENT_TOUR_STEPS } from './student-tour';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

/** Sunday 23 March 2025, 10:00 in Cairo (UTC+2); its week began Saturday 22 March. */
const NOW = new Date('2025-03-23T08:00:00.000Z');
const STUDENT = makeUser({ id: 7, name: 'سارة أحمد' });
const TUTOR = makeUser({ id: 3, role: Role.Tutor, name: 'أحمد علي' });
const STUDENT_TOUR = tourStorageKey('student-dashboard', STUDENT.id);

const server = fakeApi(stubHealthyApi());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  resetSession();
});

/** Eight Cairo weeks (Saturdays 22:00 UTC), oldest first, with these minutes. */
function weeksOf(minutes: number[]): LessonStats['weeks'] {
  return minutes.map((value, index) => ({
    weekStart: new Date(
      Date.UTC(2025, 2, 21, 22) - (minutes.length - 1 - index) * 7 * 86_400_000,
    ).toISOString(),
    lessons: value / 30,
    minutes: value,
  }));
}

function makeStats(overrides: Partial<LessonStats> = {}): LessonStats {
  return {
    attended: { lessons: 5, minutes: 120 },
    canceled: { lessons: 2, minutes: 45 },
    upcoming: { lessons: 1, minutes: 30 },
    weeks: weeksOf([0, 0, 30, 0, 30, 0, 60, 0]),
    ...overrides,
  };
}

/** The tutor's weeks: minutes as given, a student per 30 minutes, 2 EGP a minute. */
function makeTutorStats(minutes: number[], ratings: [number, number | null][] = []): TutorStats {
  const weeks = weeksOf(minutes).map((week, index) => ({
    ...week,
    students: Math.ceil(week.minutes / 30),
    earned: week.minutes * 200,
    ratings: ratings[index]?.[0] ?? 0,
    average: ratings[index]?.[1] ?? null,
  }));
  const sum = (pick: (week: (typeof weeks)[number]) => number) =>
    weeks.reduce((total, week) => total + pick(week), 0);
  return {
    tutorId: 3,
    lessons: sum((week) => week.lessons),
    minutes: sum((week) => week.minutes),
    students: 4,
    earned: sum((week) => week.earned),
    ratings: sum((week) => week.ratings),
    average: ratings.some(([count]) => count > 0) ? 4.5 : null,
    weeks,
  };
}

function makeStudentStats(overrides: Partial<StudentStats> = {}): StudentStats {
  return {
    studentId: 7,
    lessons: 5,
    minutes: 120,
    tutors: 2,
    currentStreak: 3,
    longestStreak: 11,
    weeks: weeksOf([0, 0, 30, 0, 30, 0, 60, 0]),
    ...overrides,
  };
}

beforeEach(() => {
  server.on(
    'GET',
    '/user/tutor/stats/personalized',
    json(makeTutorStats([0, 0, 0, 0, 0, 0, 0, 0])),
  );
  server.on('GET', '/user/student/stats/personalized', json(makeStudentStats()));
});

const EMPTY_STATS = makeStats({
  attended: { lessons: 0, minutes: 0 },
  canceled: { lessons: 0, minutes: 0 },
  upcoming: { lessons: 0, minutes: 0 },
  weeks: weeksOf([0, 0, 0, 0, 0, 0, 0, 0]),
});

/** Monday 10:00 Cairo. */
const TOMORROW = makeLesson();
/** Last Wednesday, attended. */
const LAST_WEEK = makeLesson({
  id: 5,
  start: '2025-03-19T08:00:00.000Z',
  status: LessonStatus.Fulfilled,
});

/** GET /lesson/list answered by `when` (future or past). */
function answerLessons(lists: { future: () => LessonView[]; past: () => LessonView[] }) {
  server.on('GET', '/lesson/list', (request: FakeRequest) =>
    json(pageOf(request.query.get('when') === 'past' ? lists.past() : lists.future())),
  );
}

function makeWeek(template: AvailabilityWeek['template']): AvailabilityWeek {
  return {
    tutorId: TUTOR.id,
    weekStart: '2025-03-21T22:00:00.000Z',
    weekEnd: '2025-03-28T22:00:00.000Z',
    template,
    slots: [],
    busy: [],
    noticePeriod: 30,
    bookable: true,
    now: NOW.toISOString(),
  };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('/s/dashboard', () => {
  beforeEach(() => {
    // The tour has its own tests; here it was already seen.
    localStorage.setItem(STUDENT_TOUR, NOW.toISOString());
    server.on('GET', '/chat/list/rooms/:userId/', json({ list: [], total: 0 }));
  });

  it('shows the minutes left, the lesson figures, the weekly chart and both lists', async () => {
    signInAs(server, STUDENT);
    const subscription = makeSubscription({ remainingMinutes: 40 });
    server.on('GET', '/sub/user', json(subscription));
    server.on('GET', '/lesson/attended/stats', json(makeStats()));
    answerLessons({ future: () => [TOMORROW], past: () => [LAST_WEEK] });
    renderApp('/s/dashboard');

    const overview = await screen.findByRole('list', { name: 'نظرة عامة' });
    expect(await within(overview).findByRole('listitem', { name: 'دروس حضرتها ٥' })).toBeTruthy();
    expect(within(overview).getByRole('listitem', { name: 'دروس قادمة ١' })).toBeTruthy();
    expect(
      within(overview).getByRole('listitem', { name: 'دقائق تعلّمتها ١٢٠ دقيقة' }),
    ).toBeTruthy();
    expect(
      await within(overview).findByRole('listitem', {
        name: 'الدقائق المتبقية هذا الأسبوع ٤٠ دقيقة',
      }),
    ).toBeTruthy();
    expect(server.callsTo('GET', '/lesson/attended/stats')[0]?.query.get('weeks')).toBe('8');

    const chart = screen.getByRole('img', { name: /دقائق التعلّم في آخر ثمانية أسابيع/ });
    expect(chart.getAttribute('aria-label')).toContain('والمجموع ١٢٠');
    expect(chart.querySelectorAll('rect')).toHaveLength(8);
    const table = screen.getByRole('table', { name: 'دقائق التعلّم في آخر ثمانية أسابيع' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(9);
    expect(rows[8]?.textContent).toBe(`${formatCairoDayMonth(new Date('2025-03-22T12:00:00Z'))}٠`);
    expect(rows[7]?.textContent).toContain('٦٠');

    const streaks = screen.getByRole('list', { name: 'سلسلة التعلّم' });
    expect(
      await within(streaks).findByRole('listitem', { name: 'السلسلة الحالية ٣ أسابيع' }),
    ).toBeTruthy();
    expect(within(streaks).getByRole('listitem', { name: 'أطول سلسلة ١١ أسبوعًا' })).toBeTruthy();
    expect(server.callsTo('GET', '/user/student/stats/personalized')[0]?.query.get('weeks')).toBe(
      '8',
    );

    const upcoming = section('الدروس القادمة');
    expect((await within(upcoming).findByRole('article')).textContent).toContain('أحمد علي');
    // The next lesson comes first, before the figures (on a phone, on the first screen).
    expect(
      upcoming.compareDocumentPosition(overview) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      within(upcoming).getByRole('link', { name: 'كل الدروس القادمة' }).getAttribute('href'),
    ).toBe('/upcoming-lessons');
    const past = section('الدروس السابقة');
    const pastLesson = await within(past).findByRole('article');
    expect(within(pastLesson).queryByRole('button')).toBeNull();
    expect(within(past).getByRole('link', { name: 'جدول الدروس' }).getAttribute('href')).toBe(
      '/lessons-schedule',
    );
    const [future, before] = server.callsTo('GET', '/lesson/list').map((call) => call.query);
    expect(future?.get('size')).toBe('3');
    expect(future?.get('state')).toBe('ratified');
    expect(before?.get('when')).toBe('past');
  });

  it('offers tutors and plans when there are no lessons and no subscription', async () => {
    signInAs(server, STUDENT);
    server.on('GET', '/sub/user', json(null));
    server.on('GET', '/lesson/attended/stats', json(EMPTY_STATS));
    answerLessons({ future: () => [], past: () => [] });
    renderApp('/s/dashboard');

    const minutes = await screen.findByRole('listitem', {
      name: 'الدقائق المتبقية هذا الأسبوع لا يوجد اشتراك',
    });
    expect(within(minutes).getByRole('link', { name: 'اختر باقة' }).getAttribute('href')).toBe(
      '/plans',
    );
    expect(await screen.findByText('لا دقائق تعلّم في آخر ثمانية أسابيع')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /دقائق التعلّم/ })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();

    const upcoming = section('الدروس القادمة');
    expect(await within(upcoming).findByText('لا توجد دروس قادمة')).toBeTruthy();
    expect(within(upcoming).getByRole('link', { name: 'تصفّح المعلمين' }).getAttribute('href')).toBe(
      '/tutors',
    );
    expect(
      within(upcoming).getByRole('link', { name: 'اطّلع على الباقات' }).getAttribute('href'),
    ).toBe('/plans');
    expect(await within(section('الدروس السابقة')).findByText('لم تحضر أي درس بعد')).toBeTruthy();
  });

  it('sums up the latest chats with their unread counts and leads to /chat', async () => {
    signInAs(server, STUDENT);
    server.on('GET', '/sub/user', json(null));
    server.on('GET', '/lesson/attended/stats', json(makeStats()));
    answerLessons({ future: () => [], past: () => [] });
    server.on(
      'GET',
      '/chat/list/rooms/:userId/',
      json(
        roomPage([
          makeRoom({ id: 11, unread: 2, lastMessage: makeMessage({ text: 'أهلًا بك' }) }),
          makeRoom({
            id: 12,
            other: { id: 4, name: 'منى سمير', image: null, role: Role.Tutor },
            lastMessage: null,
          }),
        ]),
      ),
    );
    const { router } = renderApp('/s/dashboard');

    const chats = await screen.findByRole('region', { name: /المحادثات/ });
    expect(await within(chats).findByText('أهلًا بك')).toBeTruthy();
    expect(within(chats).getByLabelText('رسالتان غير مقروءتين')).toBeTruthy();
    expect(within(chats).getByText('لا رسائل بعد')).toBeTruthy();
    expect(server.callsTo('GET', '/chat/list/rooms/7/')[0]?.query.get('size')).toBe('3');
    await userEvent.setup().click(within(chats).getByRole('link', { name: /أحمد علي/ }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/chat?room=11'),
    );
  });

  it('shows a failed load of the figures with a retry', async () => {
    signInAs(server, STUDENT);
    server.on('GET', '/sub/user', json(null));
    let stats: unknown = { status: 'ok' };
    server.on('GET', '/lesson/attended/stats', () => json(stats));
    answerLessons({ future: () => [], past: () => [] });
    renderApp('/s/dashboard');
    const ui = userEvent.setup();

    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert.textContent).toContain('تعذّر تحميل إحصاءات دروسك');
    stats = makeStats();
    await ui.click(within(alert).getByRole('button'));
    expect(await screen.findByRole('listitem', { name: 'دروس حضرتها ٥' })).toBeTruthy();
  });
});

describe('the student guided tour', () => {
  function answerQuietly() {
    signInAs(server, STUDENT);
    server.on('GET', '/sub/user', json(makeSubscription()));
    server.on('GET', '/lesson/attended/stats', json(makeStats()));
    answerLessons({ future: () => [], past: () => [] });
  }

  it('opens on the first visit only, steps back and forth, and can be reopened', async () => {
    answerQuietly();
    renderApp('/s/dashboard');
    const ui = userEvent.setup();

    let tour = await screen.findByRole('dialog', { name: /جولة تعريفية/ });
    expect(tour.getAttribute('aria-modal')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(tour));
    expect(within(tour).getByRole('heading').textContent).toBe('ابحث عن معلم');
    expect(tour.textContent).toContain('الخطوة ١ من ٤');
    expect(localStorage.getItem(STUDENT_TOUR)).not.toBeNull();

    await ui.click(within(tour).getByRole('button', { name: 'التالي' }));
    expect(within(tour).getByRole('heading').textContent).toBe('احجز درسًا');
    await ui.click(within(tour).getByRole('button', { name: 'السابق' }));
    expect(within(tour).getByRole('heading').textContent).toBe('ابحث عن معلم');
    for (let step = 0; step < 3; step += 1) {
      await ui.click(within(tour).getByRole('button', { name: 'التالي' }));
    }
    expect(within(tour).getByRole('heading').textContent).toBe('باقتك');
    expect(within(tour).getByRole('link', { name: 'الباقات' }).getAttribute('href')).toBe('/plans');
    within(tour).getByRole('button', { name: 'السابق' }).focus();
    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Nothing had the focus before the tour opened by itself: it lands on the reopen button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'جولة تعريفية' }));

    cleanup();
    renderApp('/s/dashboard');
    expect(await screen.findByRole('listitem', { name: 'دروس حضرتها ٥' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    const reopen = screen.getByRole('button', { name: 'جولة تعريفية' });
    await ui.click(reopen);
    tour = await screen.findByRole('dialog', { name: /جولة تعريفية/ });
    expect(within(tour).getByRole('heading').textContent).toBe('ابحث عن معلم');
    await ui.click(within(tour).getByRole('button', { name: 'تخطّي' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(reopen);
  });

  it('points every step at an element of the rendered dashboard, loaded or empty', async () => {
    for (const lessons of [[], [TOMORROW]]) {
      answerQuietly();
      answerLessons({ future: () => lessons, past: () => lessons });
      localStorage.setItem(STUDENT_TOUR, NOW.toISOString());
      renderApp('/s/dashboard');
      expect(await screen.findByRole('listitem', { name: 'دروس حضرتها ٥' })).toBeTruthy();
      await waitFor(() => expect(screen.queryAllByRole('status', { name: /جارٍ/ })).toHaveLength(0));
      for (const step of STUDENT_TOUR_STEPS) {
        expect(tourTargetElement(step.target), `${step.title} → ${step.target}`).not.toBeNull();
      }
      cleanup();
    }
  });

  it('outlines the element of the step shown, and leaves out a step whose element is absent', async () => {
    answerQuietly();
    // The figures fail to load: the minutes card is not on the page, so neither is its step.
    server.on('GET', '/lesson/attended/stats', apiError(500, 'unexpected'));
    localStorage.setItem(STUDENT_TOUR, NOW.toISOString());
    renderApp('/s/dashboard');
    const ui = userEvent.setup();
    expect(
      await screen.findByText('تعذّر تحميل إحصاءات دروسك', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'جولة تعريفية' }));
    const tour = await screen.findByRole('dialog', { name: /جولة تعريفية/ });
    expect(tour.textContent).toContain('الخطوة ١ من ٣');
    const outlined = () => [...document.querySelectorAll('[data-tour-active]')];
    const findTutor = tourTargetElement('find-tutor');
    expect(findTutor?.textContent).toBe('تصفّح المعلمين');
    expect(outlined()).toEqual([findTutor]);

    await ui.click(within(tour).getByRole('button', { name: 'التالي' }));
    expect(within(tour).getByRole('heading').textContent).toBe('احجز درسًا');
    expect(outlined()).toEqual([section('الدروس القادمة')]);
    await ui.click(within(tour).getByRole('button', { name: 'التالي' }));
    expect(within(tour).getByRole('heading').textContent).toBe('دروسك السابقة');
    expect(outlined()).toEqual([section('الدروس السابقة')]);
    expect(within(tour).getByRole('button', { name: 'إنهاء الجولة' })).toBeTruthy();
    await ui.click(within(tour).getByRole('button', { name: 'إنهاء الجولة' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(outlined()).toEqual([]);
  });

  it('is remembered per user', async () => {
    answerQuietly();
    localStorage.setItem(tourStorageKey('student-dashboard', 99), NOW.toISOString());
    renderApp('/s/dashboard');
    expect(await screen.findByRole('dialog', { name: /جولة تعريفية/ })).toBeTruthy();
  });
});

describe('/t/dashboard', () => {
  it('invites to create the schedule, and shows a booking the moment it arrives', async () => {
    signInAs(server, TUTOR);
    let stats = EMPTY_STATS;
    let upcoming: LessonView[] = [];
    server.on('GET', '/availability-slot/', json(makeWeek([])));
    server.on('GET', '/lesson/attended/stats', () => json(stats));
    answerLessons({ future: () => upcoming, past: () => [] });
    renderApp('/t/dashboard');

    const invitation = await screen.findByRole('region', { name: 'لم تحدد مواعيدك المتاحة بعد' });
    expect(
      within(invitation).getByRole('link', { name: 'أنشئ جدول مواعيدك' }).getAttribute('href'),
    ).toBe('/schedule-management');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('listitem', { name: 'دروس قادمة ٠' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'دروس قدّمتها ٠' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'دقائق التدريس ٠ دقيقة' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'دروس ملغاة ٠' })).toBeTruthy();
    expect(
      await within(section('أرباحك وطلابك وتقييماتك أسبوعيًا')).findByText(
        'لا دروس ولا تقييمات في آخر ثمانية أسابيع',
      ),
    ).toBeTruthy();
    expect(within(section('أرباحك وطلابك وتقييماتك أسبوعيًا')).queryByRole('img')).toBeNull();
    expect(await within(section('الدروس القادمة')).findByText('لا توجد دروس قادمة')).toBeTruthy();
    expect(await within(section('الدروس السابقة')).findByText('لم تقدّم أي درس بعد')).toBeTruthy();

    await waitFor(() => expect(fakeSockets.latest()?.listeners('LessonBooked')).toBeGreaterThan(0));
    const statsCalls = server.callsTo('GET', '/lesson/attended/stats').length;
    upcoming = [TOMORROW];
    stats = makeStats({ upcoming: { lessons: 1, minutes: 30 } });
    act(() => fakeSockets.latest()!.serverEmit('LessonBooked', { lesson: TOMORROW }));

    const article = await within(section('الدروس القادمة')).findByRole('article');
    expect(article.textContent).toContain('مع الطالب سارة أحمد');
    expect(await screen.findByRole('listitem', { name: 'دروس قادمة ١' })).toBeTruthy();
    expect(server.callsTo('GET', '/lesson/attended/stats').length).toBeGreaterThan(statsCalls);

    upcoming = [];
    act(() =>
      fakeSockets.latest()!.serverEmit('LessonCanceled', { lesson: TOMORROW, minutesReturned: 30 }),
    );
    expect(await within(section('الدروس القادمة')).findByText('لا توجد دروس قادمة')).toBeTruthy();
  });

  it('sums up the weekly schedule and draws earnings, minutes, students and ratings', async () => {
    signInAs(server, TUTOR);
    server.on(
      'GET',
      '/availability-slot/',
      json(
        makeWeek([
          { weekday: 6, start: '10:00', length: 30 },
          { weekday: 6, start: '10:30', length: 30 },
          { weekday: 1, start: '18:00', length: 30 },
        ]),
      ),
    );
    server.on('GET', '/lesson/attended/stats', json(makeStats()));
    server.on(
      'GET',
      '/user/tutor/stats/personalized',
      json(
        makeTutorStats(
          [0, 0, 30, 0, 30, 0, 60, 0],
          [
            [0, null],
            [0, null],
            [1, 5],
            [0, null],
            [0, null],
            [0, null],
            [3, 4.5],
            [0, null],
          ],
        ),
      ),
    );
    answerLessons({ future: () => [], past: () => [LAST_WEEK] });
    renderApp('/t/dashboard');

    const schedule = await screen.findByRole('region', { name: 'جدولك الأسبوعي' });
    expect(schedule.textContent).toContain('ساعة واحدة و٣٠ دقيقة');
    expect(schedule.textContent).toContain('أيام العمل:٢');
    expect(within(schedule).getByRole('link', { name: 'تعديل الجدول' }).getAttribute('href')).toBe(
      '/schedule-management',
    );
    expect(await screen.findByRole('listitem', { name: 'دقائق التدريس ١٢٠ دقيقة' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'دروس ملغاة ٢' })).toBeTruthy();
    const charts = section('أرباحك وطلابك وتقييماتك أسبوعيًا');
    const minutesChart = await within(charts).findByRole('img', {
      name: /دقائق التدريس في آخر ثمانية أسابيع/,
    });
    expect(minutesChart.querySelectorAll('rect')).toHaveLength(8);
    expect(within(charts).getAllByRole('img')).toHaveLength(4);

    const earnings = within(charts).getByRole('table', {
      name: 'أرباحك بالجنيه في آخر ثمانية أسابيع',
    });
    const earningRows = within(earnings).getAllByRole('row');
    expect(earningRows[0]?.textContent).toBe('الأسبوع (يبدأ السبت)الجنيهات');
    // 60 minutes taught two weeks ago: 120 EGP; the current week is the last row.
    expect(earningRows[7]?.textContent).toContain('١٢٠');
    expect(earningRows[8]?.textContent).toBe(
      `${formatCairoDayMonth(new Date('2025-03-22T12:00:00Z'))}٠`,
    );
    expect(within(section('الأرباح')).getByText('منذ البداية: ٢٤٠ جنيه')).toBeTruthy();

    const students = within(charts).getByRole('table', {
      name: 'عدد الطلاب المختلفين كل أسبوع في آخر ثمانية أسابيع',
    });
    expect(within(students).getAllByRole('row')[7]?.textContent).toContain('٢');

    const ratings = within(charts).getByRole('table', {
      name: 'متوسط تقييمك كل أسبوع من ٥ في آخر ثمانية أسابيع',
    });
    const ratingRows = within(ratings).getAllByRole('row');
    expect(ratingRows[0]?.textContent).toBe('الأسبوع (يبدأ السبت)المتوسط من ٥عدد التقييمات');
    expect(ratingRows[7]?.textContent).toContain('٤٫٥');
    expect(ratingRows[7]?.textContent).toContain('٣ تقييمات');
    expect(ratingRows[1]?.textContent).toContain('—');
    expect(ratingRows[1]?.textContent).toContain('لا تقييمات');
    expect(within(section('التقييمات')).getByText('المتوسط ٤٫٥ من ٥ · ٤ تقييمات')).toBeTruthy();
    expect(server.callsTo('GET', '/user/tutor/stats/personalized')[0]?.query.get('weeks')).toBe(
      '8',
    );
    expect((await within(section('الدروس السابقة')).findByRole('article')).textContent).toContain(
      'مع الطالب سارة أحمد',
    );
  });
});
