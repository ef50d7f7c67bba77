import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DemoSessionStatus,
  EnglishLevel,
  InterviewStatus,
  Role,
  formatCairoDateTime,
} from '@talaqa/domain';
import type { DemoSessionView, InterviewView } from '@talaqa/domain';
import { ENGLISH_LEVEL_NAMES_AR, ERROR_MESSAGES } from '@talaqa/ui';
import {
  REGULAR_ADMIN,
  apiError,
  makeUser,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';

// Issue 21 items 3 and 4 (record 330): every interview and demo session for the admin.

/** Thursday 26 November 2026, 12:00 Cairo (10:00 UTC). */
const NOW = '2026-11-26T10:00:00.000Z';
const plus = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const person = (id: number, name: string) => ({ id, name, image: null });
const MANAGERS = [
  makeUser({ id: 40, name: 'منى حسن', role: Role.TutorManager }),
  makeUser({ id: 41, name: 'كريم فؤاد', role: Role.TutorManager }),
];

function interview(
  id: number,
  name: string,
  startIn: number,
  status: InterviewStatus = InterviewStatus.Pending,
) {
  return {
    id,
    status,
    start: plus(startIn),
    end: plus(startIn + 30),
    feedback: null,
    note: null,
    level: null,
    interviewerId: 40,
    intervieweeId: 100 + id,
    interviewer: person(40, 'منى حسن'),
    interviewee: person(100 + id, name),
    bookedAt: plus(-3000),
    closedAt: null,
  } satisfies InterviewView;
}

function demo(id: number, name: string, startIn: number): DemoSessionView {
  return {
    id,
    status: DemoSessionStatus.Pending,
    start: plus(startIn),
    end: plus(startIn + 30),
    tutorId: 200 + id,
    tutorManagerId: 41,
    tutor: person(200 + id, name),
    tutorManager: person(41, 'كريم فؤاد'),
    feedback: null,
    note: 'ملاحظة داخلية',
    bookedAt: plus(-3000),
    closedAt: null,
  };
}

function stubMeetings(
  interviews: InterviewView[],
  demos: DemoSessionView[] = [],
  patch?: (request: FakeRequest) => unknown,
) {
  const page = <T,>(list: T[]) => ({ list, total: list.length });
  // The saved row: the one asked for with the change applied.
  const saved =
    (rows: { id: number }[]) =>
    ({ body }: FakeRequest) => {
      const change = body as { id: number };
      return { ...rows.find((row) => row.id === change.id), ...change };
    };
  return stubApi({
    'GET /interview/list': () => page(interviews),
    'GET /demo-session/list': () => page(demos),
    'GET /user/list': () => ({ list: MANAGERS, total: MANAGERS.length }),
    'PATCH /interview': patch ?? saved(interviews),
    'PATCH /demo-session': patch ?? saved(demos),
  });
}

const lastQuery = (requests: FakeRequest[], path: string) =>
  [...requests].reverse().find((request) => request.path === path)?.query;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  resetSession();
  signInAs(REGULAR_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const itemOf = (kind: string, id: number) =>
  document.querySelector<HTMLElement>(`[data-meeting="${kind}-${String(id)}"]`)!;

describe('/interviews', () => {
  it('lists each interview with its tutor, manager, Cairo time and status', async () => {
    stubMeetings([
      interview(1, 'هالة سمير', 60),
      interview(2, 'ياسر علي', -120, InterviewStatus.Passed),
    ]);
    renderAdmin('/interviews');
    await screen.findByText('هالة سمير');
    const first = itemOf('interview', 1);
    expect(within(first).getByText(formatCairoDateTime(new Date(plus(60))))).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'منى حسن' }).getAttribute('href')).toBe(
      '/user/40',
    );
    expect(within(first).getByText('بانتظار الموعد أو القرار')).toBeTruthy();
    expect(within(itemOf('interview', 2)).getByText('ناجحة')).toBeTruthy();
    // Not started: cancel, not the decision; decided: neither.
    expect(within(first).getByRole('button', { name: 'إلغاء الموعد' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'تسجيل القرار' })).toBeNull();
    expect(within(itemOf('interview', 2)).queryByRole('button')).not.toBeNull();
    expect(
      within(itemOf('interview', 2)).queryByRole('button', { name: 'إلغاء الموعد' }),
    ).toBeNull();
    const room = within(first).getByRole('link', { name: /صفحة الموعد وغرفته/ });
    expect(room.getAttribute('href')).toMatch(/\/interview\/1$/);
    expect(screen.getByText('عدد النتائج: ٢')).toBeTruthy();
  });

  it('keeps the filters in the address and sends them to the list', async () => {
    const fake = stubMeetings([interview(1, 'هالة سمير', 60)]);
    const { router } = renderAdmin('/interviews');
    await screen.findByText('هالة سمير');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('الحالة'), String(InterviewStatus.Rejected));
    await user.selectOptions(screen.getByLabelText('مسؤول المقابلات'), '41');
    await user.selectOptions(screen.getByLabelText('الموعد'), 'past');
    await user.type(screen.getByLabelText('المعلم'), 'هالة{Enter}');
    await waitFor(() =>
      expect(lastQuery(fake.requests, '/interview/list')?.get('search')).toBe('هالة'),
    );
    const query = lastQuery(fake.requests, '/interview/list')!;
    expect(query.get('status')).toBe(String(InterviewStatus.Rejected));
    expect(query.get('interviewerId')).toBe('41');
    expect(query.get('when')).toBe('past');
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      status: String(InterviewStatus.Rejected),
      manager: '41',
      when: 'past',
      search: 'هالة',
    });

    // One tutor's meetings from a row, then the demo sessions with the same tutor filter.
    await user.click(within(itemOf('interview', 1)).getByRole('button', { name: '(مواعيده فقط)' }));
    await waitFor(() =>
      expect(lastQuery(fake.requests, '/interview/list')?.get('intervieweeId')).toBe('101'),
    );
    await user.click(screen.getByRole('radio', { name: 'الجلسات التجريبية' }));
    await waitFor(() => expect(lastQuery(fake.requests, '/demo-session/list')).toBeDefined());
    const demoQuery = lastQuery(fake.requests, '/demo-session/list')!;
    expect(demoQuery.get('tutorId')).toBe('101');
    expect(demoQuery.get('tutorManagerId')).toBe('41');
    // A status of the other kind's set is dropped with the switch.
    expect(demoQuery.get('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'مسح التصفية' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=demo-session'));
  });

  it('cancels an interview as its interviewer and a demo session as the admin, after asking', async () => {
    const fake = stubMeetings([interview(1, 'هالة سمير', 60)], [demo(5, 'نادر سعيد', 90)]);
    renderAdmin('/interviews');
    const user = userEvent.setup();
    await screen.findByText('هالة سمير');
    await user.click(within(itemOf('interview', 1)).getByRole('button', { name: 'إلغاء الموعد' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('هالة سمير');
    await user.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    expect(fake.requests.some((request) => request.method === 'PATCH')).toBe(false);
    await user.click(within(itemOf('interview', 1)).getByRole('button', { name: 'إلغاء الموعد' }));
    await user.click(await screen.findByRole('button', { name: 'نعم، ألغِ الموعد' }));
    await screen.findByText('أُلغيت مقابلة مع هالة سمير');
    expect(
      fake.requests.find((request) => request.path === '/interview' && request.method === 'PATCH')
        ?.body,
    ).toEqual({
      id: 1,
      status: InterviewStatus.CanceledByInterviewer,
    });

    await user.click(screen.getByRole('radio', { name: 'الجلسات التجريبية' }));
    await screen.findByText('نادر سعيد');
    expect(within(itemOf('demo-session', 5)).getByText('ملاحظة داخلية')).toBeTruthy();
    await user.click(
      within(itemOf('demo-session', 5)).getByRole('button', { name: 'إلغاء الموعد' }),
    );
    await user.click(await screen.findByRole('button', { name: 'نعم، ألغِ الموعد' }));
    await waitFor(() =>
      expect(
        fake.requests.find(
          (request) => request.path === '/demo-session' && request.method === 'PATCH',
        )?.body,
      ).toEqual({ id: 5, status: DemoSessionStatus.CanceledByAdmin }),
    );
  });

  it('decides a started interview with feedback and level, and shows a refusal in Arabic', async () => {
    let refuse = true;
    const fake = stubMeetings([interview(3, 'سلمى يوسف', -10)], [], ({ body }) => {
      if (refuse) return apiError('illegal', 422);
      return { ...interview(3, 'سلمى يوسف', -10, InterviewStatus.Passed), ...(body as object) };
    });
    renderAdmin('/interviews');
    const user = userEvent.setup();
    await screen.findByText('سلمى يوسف');
    await user.click(within(itemOf('interview', 3)).getByRole('button', { name: 'تسجيل القرار' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ القرار' }));
    // Checked before sending: the verdict, the feedback and the level are required.
    expect(within(dialog).getAllByText(ERROR_MESSAGES.required).length).toBeGreaterThan(0);
    expect(fake.requests.some((request) => request.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: 'نجح' }));
    await user.type(within(dialog).getByLabelText('التقييم'), 'نطق واضح ومحادثة طليقة');
    await user.selectOptions(
      within(dialog).getByLabelText('مستوى الإنجليزية'),
      ENGLISH_LEVEL_NAMES_AR[EnglishLevel.UpperIntermediate],
    );
    await user.click(within(dialog).getByRole('button', { name: 'حفظ القرار' }));
    expect(await screen.findByText(`تعذّر حفظ التغيير: ${ERROR_MESSAGES.illegal}`)).toBeTruthy();
    // The dialog stays open with what was typed.
    expect(screen.getByRole('dialog')).toBeTruthy();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'حفظ القرار' }));
    await screen.findByText('حُفظ قرار مقابلة مع سلمى يوسف');
    const sent = fake.requests.filter((request) => request.method === 'PATCH').at(-1)?.body;
    expect(sent).toEqual({
      id: 3,
      status: InterviewStatus.Passed,
      feedback: 'نطق واضح ومحادثة طليقة',
      level: EnglishLevel.UpperIntermediate,
    });
  });

  it('says so when nothing matches, and when the list fails', async () => {
    stubApi({
      'GET /interview/list': () => ({ list: [], total: 0 }),
      'GET /user/list': () => apiError('internal-error', 500),
    });
    renderAdmin('/interviews?status=2');
    expect(await screen.findByText('لا توجد مواعيد تطابق التصفية')).toBeTruthy();
    expect(
      await screen.findByRole('option', { name: 'تعذّر تحميل القائمة' }, { timeout: 8000 }),
    ).toBeTruthy();
  });
});
