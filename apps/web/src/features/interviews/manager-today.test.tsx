import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DemoSessionStatus, InterviewStatus, Role, formatCairoTime } from '@talaqa/domain';
import type { DemoSessionView, InterviewView } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
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
import { MANAGER_TODAY_TITLE } from './ManagerToday';

// Issue 21 item 7 (record 332): the tutor manager's home on top of /interviews.

const server = fakeApi(stubHealthyApi());

const MANAGER = makeUser({ id: 40, name: 'منى حسن', role: Role.TutorManager });
const person = (id: number, name: string) => ({ id, name, image: null });

/** Thursday 26 November 2026, 12:00 Cairo (10:00 UTC). */
const NOW = '2026-11-26T10:00:00.000Z';
const plus = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

function interview(
  id: number,
  name: string,
  startIn: number,
  status: InterviewStatus = InterviewStatus.Pending,
): InterviewView {
  return {
    id,
    status,
    start: plus(startIn),
    end: plus(startIn + 30),
    feedback: null,
    note: null,
    level: null,
    interviewerId: MANAGER.id,
    intervieweeId: 100 + id,
    interviewer: person(MANAGER.id, MANAGER.name),
    interviewee: person(100 + id, name),
    bookedAt: plus(-3000),
    closedAt: null,
  };
}

function demo(
  id: number,
  name: string,
  startIn: number,
  status: DemoSessionStatus = DemoSessionStatus.Pending,
): DemoSessionView {
  return {
    id,
    status,
    start: plus(startIn),
    end: plus(startIn + 30),
    tutorId: 200 + id,
    tutorManagerId: MANAGER.id,
    tutor: person(200 + id, name),
    tutorManager: person(MANAGER.id, MANAGER.name),
    feedback: null,
    note: null,
    bookedAt: plus(-3000),
    closedAt: null,
  };
}

/**
 * The lists as the server answers them: `status` and `when=past` filter, newest first (the
 * server's order, which the screen must not rely on).
 */
function listOf<T extends { status: number; start: string }>(all: T[]) {
  return (request: FakeRequest) => {
    const status = request.query.get('status');
    const when = request.query.get('when');
    const list = all
      .filter((one) => status === null || one.status === Number(status))
      .filter((one) => when !== 'past' || one.start <= NOW)
      .sort((a, b) => b.start.localeCompare(a.start));
    return json({ list, total: list.length });
  };
}

function serve(interviews: InterviewView[], demos: DemoSessionView[], videos = 0) {
  server.on('GET', '/interview/list', listOf(interviews));
  server.on('GET', '/demo-session/list', listOf(demos));
  server.on('GET', '/intro-video/list', json({ list: [], total: videos }));
}

async function openHome() {
  signInAs(server, MANAGER);
  renderApp('/interviews');
  const heading = await screen.findByRole('heading', { name: MANAGER_TODAY_TITLE });
  return heading.closest('[data-manager-today]') as HTMLElement;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
  resetSession();
});

describe("the tutor manager's home on /interviews", () => {
  it("lists today's meetings in time order, with the room's link from its opening and the counts", async () => {
    serve(
      [
        interview(1, 'عمر خالد', -40),
        interview(3, 'هدى فؤاد', 120),
        interview(4, 'كريم نبيل', 24 * 60),
        interview(5, 'سامي عادل', -180, InterviewStatus.Passed),
      ],
      [demo(2, 'ليلى سمير', 5), demo(6, 'رانيا فتحي', -24 * 60, DemoSessionStatus.Rejected)],
      3,
    );
    const home = await openHome();
    await waitFor(() => expect(home.querySelectorAll('[data-today-meeting]')).toHaveLength(4));
    const items = [...home.querySelectorAll<HTMLElement>('[data-today-meeting]')];
    // Earliest first; tomorrow's interview and yesterday's demo session are not today's.
    expect(items.map((item) => item.dataset.todayMeeting)).toEqual([
      'interview-5',
      'interview-1',
      'demo-session-2',
      'interview-3',
    ]);
    const [passed, held, open, later] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(passed.textContent).toContain('سامي عادل');
    expect(passed.textContent).toContain('مقابلة');
    expect(passed.textContent).toContain(formatCairoTime(new Date(plus(-180))));
    expect(passed.textContent).toContain('ناجحة');

    expect(held.textContent).toContain('بانتظار القرار');
    expect(within(held).queryByRole('link', { name: 'ادخل الغرفة' })).toBeNull();

    // The demo session starts in 5 minutes: its room opened 5 minutes ago.
    expect(open.textContent).toContain('جلسة تجريبية');
    expect(open.textContent).toContain('ليلى سمير');
    expect(within(open).getByRole('link', { name: 'ادخل الغرفة' }).getAttribute('href')).toBe(
      '/demo-session/2',
    );

    // In two hours: the button is there but not yet usable, and says when it opens.
    const waiting = within(later).getByRole('button', { name: 'ادخل الغرفة' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(later.textContent).toContain(`تُفتح الساعة ${formatCairoTime(new Date(plus(110)))}`);

    // One meeting is past its start without a decision; three videos wait.
    const decisions = within(home).getByText('بانتظار قرارك').parentElement as HTMLElement;
    expect(decisions.textContent).toContain('١');
    expect(
      within(decisions).getByRole('link', { name: 'إلى المقابلات والجلسات' }).getAttribute('href'),
    ).toBe('/interviews#meetings');
    const videos = within(home).getByText('فيديوهات تعريفية بانتظار المراجعة')
      .parentElement as HTMLElement;
    await waitFor(() => expect(videos.textContent).toContain('٣'));
    expect(
      within(videos).getByRole('link', { name: 'إلى قائمة المراجعة' }).getAttribute('href'),
    ).toBe('/interviews#intro-videos');
    // The anchors exist on the page.
    expect(document.getElementById('meetings')).not.toBeNull();
    expect(document.getElementById('intro-videos')).not.toBeNull();
  });

  it('says when there is nothing today, and points to the schedule', async () => {
    serve([interview(4, 'كريم نبيل', 24 * 60)], []);
    const home = await openHome();
    expect(await within(home).findByText('لا مقابلات ولا جلسات تجريبية اليوم')).toBeTruthy();
    expect(within(home).getByRole('link', { name: 'إدارة المواعيد' }).getAttribute('href')).toBe(
      '/schedule-management',
    );
    const decisions = within(home).getByText('بانتظار قرارك').parentElement as HTMLElement;
    expect(decisions.textContent).toContain('٠');
  });

  it('shows a loading state, then a failure with a retry', async () => {
    server.on('GET', '/interview/list', apiError(500, 'unexpected'));
    server.on('GET', '/demo-session/list', json({ list: [], total: 0 }));
    server.on('GET', '/intro-video/list', json({ list: [], total: 0 }));
    const home = await openHome();
    expect(within(home).getByRole('status', { name: 'جارٍ تحميل مواعيد اليوم' })).toBeTruthy();
    expect(
      await within(home).findByRole('button', { name: UI_MESSAGES.retry }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('is not shown to a tutor', async () => {
    serve([], []);
    signInAs(server, makeUser({ id: 9, role: Role.Tutor, name: 'أحمد علي' }));
    renderApp('/interviews');
    await screen.findByRole('heading', { level: 1, name: 'المقابلات' });
    expect(screen.queryByRole('heading', { name: MANAGER_TODAY_TITLE })).toBeNull();
  });
});
