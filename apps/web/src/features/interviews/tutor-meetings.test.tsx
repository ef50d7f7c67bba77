import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import {
  DemoSessionStatus,
  InterviewStatus,
  Role,
  formatCairoDate,
  formatCairoDateTime,
  formatCairoTime,
} from '@talaqa/domain';
import type { DemoSessionView, InterviewView, PersonSummary } from '@talaqa/domain';
import { AppProviders, ERROR_MESSAGES, createQueryClient } from '@talaqa/ui';
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
import { pageOf } from '../../testing/payments-fixtures';
import { onboardingOf } from '../onboarding/onboarding-fixtures';
import { TutorMeetings } from './TutorMeetings';

// Issue 21 items 3, 4 (tutor screens): the tutor's interviews and demo sessions, booking with a
// manager or any, cancelling until the start, and every refusal's Arabic message.

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const TUTOR = makeUser({ id: 21, name: 'أحمد علي', role: Role.Tutor });
const MONA: PersonSummary = { id: 3, name: 'منى مسؤولة', image: null };
const KARIM: PersonSummary = { id: 4, name: 'كريم مسؤول', image: null };
const TUTOR_SUMMARY: PersonSummary = { id: TUTOR.id, name: TUTOR.name, image: null };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** An instant `ms` from now on the 15-minute grid. */
const fromNow = (ms: number): string =>
  new Date(Math.ceil((Date.now() + ms) / (15 * MINUTE)) * 15 * MINUTE).toISOString();
const plus30 = (iso: string) => new Date(new Date(iso).getTime() + 30 * MINUTE).toISOString();

function interview(overrides: Partial<InterviewView> = {}): InterviewView {
  const start = overrides.start ?? fromNow(2 * DAY);
  return {
    id: 11,
    status: InterviewStatus.Pending,
    start,
    end: plus30(start),
    feedback: null,
    note: null,
    level: null,
    interviewerId: MONA.id,
    intervieweeId: TUTOR.id,
    interviewer: MONA,
    interviewee: TUTOR_SUMMARY,
    bookedAt: fromNow(-DAY),
    closedAt: null,
    ...overrides,
  };
}

function demo(overrides: Partial<DemoSessionView> = {}): DemoSessionView {
  const start = overrides.start ?? fromNow(3 * DAY);
  return {
    id: 31,
    status: DemoSessionStatus.Pending,
    start,
    end: plus30(start),
    tutorId: TUTOR.id,
    tutorManagerId: KARIM.id,
    tutor: TUTOR_SUMMARY,
    tutorManager: KARIM,
    feedback: null,
    note: null,
    bookedAt: fromNow(-DAY),
    closedAt: null,
    ...overrides,
  };
}

// Two free starts on one day: Mona offers both, Karim the second one only.
const DAY_ONE_A = fromNow(DAY + 2 * 60 * MINUTE);
const DAY_ONE_B = new Date(new Date(DAY_ONE_A).getTime() + 60 * MINUTE).toISOString();

function open(
  lists: { interviews?: InterviewView[]; demos?: DemoSessionView[]; failing?: boolean } = {},
) {
  signInAs(server, TUTOR);
  server.on(
    'GET',
    '/interview/list',
    lists.failing ? apiError(500, 'internal') : json(pageOf(lists.interviews ?? [])),
  );
  server.on('GET', '/demo-session/list', json(pageOf(lists.demos ?? [])));
  server.on('GET', '/user/interviewer/select', json([MONA, KARIM]));
  server.on('GET', '/interview/select', (request: FakeRequest) => {
    const id = request.query.get('interviewerId');
    const all = [
      { interviewer: MONA, starts: [DAY_ONE_A, DAY_ONE_B] },
      { interviewer: KARIM, starts: [DAY_ONE_B] },
    ];
    return json(id ? all.filter((entry) => String(entry.interviewer.id) === id) : all);
  });
  const router = createMemoryRouter(
    [
      { path: '/interviews', element: <TutorMeetings /> },
      { path: '/interview/:id', element: <p>غرفة المقابلة</p> },
    ],
    { initialEntries: ['/interviews'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ui: userEvent.setup(), router };
}

const section = async (name: string) =>
  within((await screen.findByRole('heading', { name })).closest('section') as HTMLElement);

async function bookAt(ui: ReturnType<typeof userEvent.setup>, manager: string, startIso: string) {
  await ui.click(await screen.findByRole('button', { name: 'احجز مقابلتك' }));
  const dialog = within(await screen.findByRole('dialog'));
  await ui.click(await dialog.findByRole('radio', { name: manager }));
  await ui.click(await dialog.findByRole('radio', { name: formatCairoDate(new Date(startIso)) }));
  await ui.click(dialog.getByRole('radio', { name: formatCairoTime(new Date(startIso)) }));
  await ui.click(dialog.getByRole('button', { name: 'متابعة' }));
  return dialog;
}

describe('the tutor’s interviews and demo sessions', () => {
  it('lists upcoming and past ones with their state, manager, time and feedback', async () => {
    const upcoming = interview({ id: 12 });
    const rejected = interview({
      id: 10,
      status: InterviewStatus.Rejected,
      start: fromNow(-100 * DAY),
      feedback: 'النطق يحتاج إلى تدريب',
      note: 'ملاحظة خاصة للإدارة',
      closedAt: fromNow(-100 * DAY),
    });
    open({ interviews: [upcoming, rejected] });
    const next = await section('مواعيدك القادمة');
    const card = next.getByRole('listitem');
    expect(card.textContent).toContain('محجوزة');
    expect(card.textContent).toContain(formatCairoDateTime(new Date(upcoming.start)));
    expect(card.textContent).toContain('منى مسؤولة');
    expect(card.textContent).toMatch(/[٠-٩]/);
    expect(within(card).getByRole('button', { name: 'إلغاء الموعد' })).toBeTruthy();
    // Two days ahead: the room is not open yet.
    expect(within(card).queryByRole('link', { name: 'ادخل الغرفة' })).toBeNull();

    const past = (await section('مواعيدك السابقة')).getByRole('listitem');
    expect(past.textContent).toContain('لم تُقبل');
    expect(past.textContent).toContain('النطق يحتاج إلى تدريب');
    expect(past.textContent).not.toContain('ملاحظة خاصة');
    expect(within(past).queryByRole('button', { name: 'إلغاء الموعد' })).toBeNull();
  });

  it('links to the room when the start is near', async () => {
    const soon = interview({ id: 14, start: new Date(Date.now() + 5 * MINUTE).toISOString() });
    const { ui, router } = open({ interviews: [soon] });
    const link = await screen.findByRole('link', { name: 'ادخل الغرفة' });
    expect(link.getAttribute('href')).toBe('/interview/14');
    await ui.click(link);
    expect(router.state.location.pathname).toBe('/interview/14');
  });

  it('shows the empty state and offers the interview but not the demo session', async () => {
    open();
    expect(await screen.findByText('لا توجد مواعيد قادمة')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'احجز مقابلتك' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'احجز جلستك التجريبية' })).toBeNull();
    expect(screen.getByText('تُحجز الجلسة التجريبية بعد اجتياز المقابلة.')).toBeTruthy();
  });

  it('offers the demo session once the interview passed, and no new interview', async () => {
    open({
      interviews: [
        interview({
          status: InterviewStatus.Passed,
          start: fromNow(-2 * DAY),
          feedback: 'أداء ممتاز',
          closedAt: fromNow(-2 * DAY),
        }),
      ],
    });
    expect(await screen.findByRole('button', { name: 'احجز جلستك التجريبية' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'احجز مقابلتك' })).toBeNull();
    expect(screen.getByText('اجتزتها بنجاح.')).toBeTruthy();
  });

  it('says from when a rejected tutor may book again', async () => {
    const closedAt = fromNow(-10 * DAY);
    open({
      interviews: [
        interview({ status: InterviewStatus.Rejected, start: closedAt, feedback: 'لا', closedAt }),
      ],
    });
    expect(await screen.findByText(/يمكنك الحجز مرة أخرى ابتداءً من/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'احجز مقابلتك' })).toBeNull();
  });

  it('shows an error with a retry when the list fails', async () => {
    open({ failing: true });
    expect(
      await screen.findByRole('button', { name: /إعادة المحاولة|حاول مرة أخرى/ }),
    ).toBeTruthy();
  });

  it('books an interview with any manager at a chosen free time', async () => {
    const { ui } = open();
    server.on('POST', '/interview', (request: FakeRequest) => {
      const body = request.body as { interviewerId: number; start: string };
      return json(interview({ id: 20, interviewerId: body.interviewerId, start: body.start }), 201);
    });
    const dialog = await bookAt(ui, 'أي مسؤول متاح', DAY_ONE_B);
    expect(dialog.getByTestId('confirm-manager').textContent).toBe('منى مسؤولة');
    await ui.click(dialog.getByRole('button', { name: 'تأكيد الحجز' }));
    expect(await dialog.findByText(/تم حجز مقابلتك مع منى مسؤولة/)).toBeTruthy();
    expect(server.callsTo('POST', '/interview').map((call) => call.body)).toEqual([
      { interviewerId: MONA.id, start: DAY_ONE_B },
    ]);
  });

  it('asks one manager’s free times when a manager is chosen', async () => {
    const { ui } = open();
    server.on('POST', '/interview', json(interview({ start: DAY_ONE_B }), 201));
    const dialog = await bookAt(ui, 'كريم مسؤول', DAY_ONE_B);
    // Karim does not offer the first start.
    await ui.click(dialog.getByRole('button', { name: 'رجوع' }));
    expect(dialog.queryByRole('radio', { name: formatCairoTime(new Date(DAY_ONE_A)) })).toBeNull();
    await ui.click(dialog.getByRole('button', { name: 'متابعة' }));
    await ui.click(dialog.getByRole('button', { name: 'تأكيد الحجز' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/interview').map((call) => call.body)).toEqual([
        { interviewerId: KARIM.id, start: DAY_ONE_B },
      ]),
    );
    expect(
      server
        .callsTo('GET', '/interview/select')
        .some((call) => call.query.get('interviewerId') === '4'),
    ).toBe(true);
  });

  it('books the chosen manager even where another one offers the same start', async () => {
    const { ui } = open();
    // An answer listing every manager whatever the query: only the chosen one counts.
    server.on(
      'GET',
      '/interview/select',
      json([
        { interviewer: MONA, starts: [DAY_ONE_A, DAY_ONE_B] },
        { interviewer: KARIM, starts: [DAY_ONE_B] },
      ]),
    );
    server.on('POST', '/interview', json(interview({ start: DAY_ONE_B }), 201));
    const dialog = await bookAt(ui, 'كريم مسؤول', DAY_ONE_B);
    expect(dialog.getByTestId('confirm-manager').textContent).toBe('كريم مسؤول');
    await ui.click(dialog.getByRole('button', { name: 'تأكيد الحجز' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/interview').map((call) => call.body)).toEqual([
        { interviewerId: KARIM.id, start: DAY_ONE_B },
      ]),
    );
  });

  it.each([
    ['conflicting-interview', 409],
    ['busy-tutor-manager', 409],
    ['inactive-tutor-manager', 422],
    ['user-not-found', 404],
  ] as const)('shows the Arabic message of a refused booking: %s', async (code, status) => {
    const { ui } = open();
    server.on('POST', '/interview', apiError(status, code));
    const dialog = await bookAt(ui, 'أي مسؤول متاح', DAY_ONE_A);
    await ui.click(dialog.getByRole('button', { name: 'تأكيد الحجز' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(ERROR_MESSAGES[code]);
    // Back to choosing, with fresh times.
    expect(dialog.getByRole('button', { name: 'متابعة' })).toBeTruthy();
  });

  it.each([
    ['illegal', 422],
    ['demo-session-exists', 409],
    ['busy-tutor-manager', 409],
  ] as const)('shows the Arabic message of a refused demo booking: %s', async (code, status) => {
    const { ui } = open({
      interviews: [
        interview({
          status: InterviewStatus.Passed,
          start: fromNow(-2 * DAY),
          feedback: 'أداء ممتاز',
          closedAt: fromNow(-2 * DAY),
        }),
      ],
    });
    server.on('POST', '/demo-session', apiError(status, code));
    await ui.click(await screen.findByRole('button', { name: 'احجز جلستك التجريبية' }));
    const dialog = within(await screen.findByRole('dialog'));
    await ui.click(
      await dialog.findByRole('radio', { name: formatCairoDate(new Date(DAY_ONE_A)) }),
    );
    await ui.click(dialog.getByRole('radio', { name: formatCairoTime(new Date(DAY_ONE_A)) }));
    await ui.click(dialog.getByRole('button', { name: 'متابعة' }));
    await ui.click(dialog.getByRole('button', { name: 'تأكيد الحجز' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(ERROR_MESSAGES[code]);
    expect(server.callsTo('POST', '/demo-session').map((call) => call.body)).toEqual([
      { tutorManagerId: MONA.id, start: DAY_ONE_A },
    ]);
  });

  it('cancels an upcoming demo session after confirmation', async () => {
    const upcoming = demo({ id: 33 });
    const { ui } = open({
      interviews: [
        interview({ status: InterviewStatus.Passed, start: fromNow(-2 * DAY), feedback: 'جيد' }),
      ],
      demos: [upcoming],
    });
    server.on(
      'PATCH',
      '/demo-session',
      json(demo({ id: 33, status: DemoSessionStatus.CanceledByTutor })),
    );
    const card = (await section('مواعيدك القادمة')).getByRole('listitem');
    await ui.click(within(card).getByRole('button', { name: 'إلغاء الموعد' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(server.callsTo('PATCH', '/demo-session')).toHaveLength(0);
    await ui.click(dialog.getByRole('button', { name: 'نعم، ألغِ الموعد' }));
    await waitFor(() =>
      expect(server.callsTo('PATCH', '/demo-session').map((call) => call.body)).toEqual([
        { id: 33, status: DemoSessionStatus.CanceledByTutor },
      ]),
    );
  });

  it('shows why a cancellation was refused', async () => {
    const { ui } = open({ interviews: [interview({ id: 15 })] });
    server.on('PATCH', '/interview', apiError(422, 'illegal'));
    const card = (await section('مواعيدك القادمة')).getByRole('listitem');
    await ui.click(within(card).getByRole('button', { name: 'إلغاء الموعد' }));
    await ui.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم، ألغِ الموعد' }),
    );
    expect((await within(card).findByRole('alert')).textContent).toBe(ERROR_MESSAGES.illegal);
    expect(server.callsTo('PATCH', '/interview').map((call) => call.body)).toEqual([
      { id: 15, status: InterviewStatus.CanceledByInterviewee },
    ]);
  });
});

describe('the onboarding link to /interviews', () => {
  it('shows on the interview and demo-session rows until they pass', async () => {
    signInAs(server, TUTOR);
    server.on('GET', '/user/tutor/meta', {
      bio: null,
      about: null,
      video: null,
      thumbnail: null,
      noticePeriod: 30,
      missingData: [],
      activated: false,
      onboarded: false,
      bypassOnboarding: false,
    });
    server.on('GET', '/intro-video/list', json({ list: [], total: 0 }));
    server.on(
      'GET',
      '/user/tutor/onboarding',
      json(
        onboardingOf(TUTOR.id, {
          'intro-video': { state: 'passed', at: fromNow(-DAY) },
          interview: { state: 'passed', at: fromNow(-DAY) },
        }),
      ),
    );
    renderApp('/t/onboarding');
    const heading = await screen.findByRole('heading', { name: 'خطواتك' });
    const steps = within(heading.closest('section') as HTMLElement);
    await steps.findAllByRole('listitem');
    // Only the demo-session row, in its own words: the interview has passed.
    expect(steps.queryByRole('link', { name: 'احجز مقابلتك' })).toBeNull();
    const links = steps.getAllByRole('link', { name: 'احجز جلستك التجريبية' });
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/interviews');
    expect(links[0]?.closest('li')?.textContent).toContain('الجلسة التجريبية');
  });
});
