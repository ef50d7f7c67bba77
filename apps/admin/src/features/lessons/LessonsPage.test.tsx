import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMoney } from '@talaqa/domain';
import type { LessonView } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  createFakeApi,
  renderAdmin,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import { readLessonFilters } from './LessonsPage';

const TUTOR = { id: 7, name: 'أحمد سمير', image: null };
const STUDENT = { id: 9, name: 'سارة محمود', image: null };

function makeLesson(overrides: Partial<LessonView> & Pick<LessonView, 'id'>): LessonView {
  return {
    members: { tutorId: TUTOR.id, studentId: STUDENT.id },
    price: 6_000,
    duration: 30,
    start: '2026-11-20T17:00:00.000Z',
    status: 'fulfilled',
    canceledBy: null,
    end: '2026-11-20T17:30:00.000Z',
    tutor: TUTOR,
    student: STUDENT,
    bookedAt: '2026-11-18T10:00:00.000Z',
    canceledAt: null,
    freeCancelUntil: '2026-11-19T17:00:00.000Z',
    attended: { tutor: true, student: false },
    ...overrides,
  };
}

const FULFILLED = makeLesson({ id: 51 });
const COMING = makeLesson({
  id: 52,
  status: 'pending',
  price: 0,
  start: '2099-01-01T17:00:00.000Z',
  end: '2099-01-01T17:30:00.000Z',
  attended: { tutor: false, student: false },
});

function stubLessons(initial: LessonView[], refuse?: () => Response) {
  let lessons = [...initial];
  const fake = createFakeApi({
    'GET /lesson/list': () => ({ list: lessons, total: lessons.length }),
    'POST /lesson/:id/not-held': ({ path }) => {
      if (refuse) return refuse();
      const id = Number(path.split('/')[2]);
      const lesson = {
        ...lessons.find((item) => item.id === id)!,
        status: 'cancelled' as const,
        canceledBy: 'tutor' as const,
        canceledAt: '2026-11-26T10:00:00.000Z',
      };
      lessons = lessons.map((item) => (item.id === id ? lesson : item));
      return { lesson, minutesReturned: 30, reversed: 6_000, tutorAvailable: -4_000 };
    },
    'DELETE /lesson/:id': ({ path }) => {
      const id = Number(path.split('/')[2]);
      const lesson = {
        ...lessons.find((item) => item.id === id)!,
        status: 'cancelled' as const,
        canceledBy: 'self' as const,
        canceledAt: '2026-11-26T10:00:00.000Z',
      };
      lessons = lessons.map((item) => (item.id === id ? lesson : item));
      return { lesson, minutesReturned: 30 };
    },
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

const list = () => screen.findByRole('list', { name: 'قائمة الدروس' });

async function openDetails(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.click(await screen.findByRole('button', { name: `تفاصيل الدرس رقم ${id}` }));
  return screen.findByRole('dialog', { name: `الدرس رقم ${id}` });
}

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/lessons', () => {
  it('reads its filters from the address, and sends them', async () => {
    expect(
      readLessonFilters(new URLSearchParams('tutorId=٧&studentId=x&state=canceled&when=soon')),
    ).toEqual({ page: 1, state: 'canceled', when: undefined, tutorId: 7, studentId: undefined });
    const fake = stubLessons([FULFILLED]);
    const user = userEvent.setup();
    const { router } = renderAdmin('/lessons?tutorId=7&when=past');
    await list();
    const sent = fake.requests.filter((request) => request.path === '/lesson/list').at(-1)?.query;
    expect(sent?.get('tutorId')).toBe('7');
    expect(sent?.get('when')).toBe('past');
    await user.selectOptions(screen.getByLabelText('الإلغاء'), 'ratified');
    await waitFor(() => expect(router.state.location.search).toContain('state=ratified'));
    expect(router.state.location.search).toContain('tutorId=7');
  });

  it('shows a lesson with who came, and records a fulfilled one as not held', async () => {
    const fake = stubLessons([FULFILLED, COMING]);
    const user = userEvent.setup();
    renderAdmin('/lessons');
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('مكتمل')).toBeTruthy();
    expect(within(items[1]!).getByText('قادم')).toBeTruthy();

    const dialog = await openDetails(user, '٥١');
    expect(dialog.textContent).toContain(`${TUTOR.name} — حضر`);
    expect(dialog.textContent).toContain(`${STUDENT.name} — لم يحضر`);
    expect(dialog.textContent).toContain(formatMoney(6_000));
    expect(within(dialog).queryByRole('button', { name: 'إلغاء الدرس' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'لم يُعقد الدرس' }));
    const confirmation = await screen.findByRole('dialog', { name: 'تسجيل أن الدرس لم يُعقد؟' });
    expect(fake.requests.some((request) => request.method === 'POST')).toBe(false);
    await user.click(within(confirmation).getByRole('button', { name: 'لم يُعقد الدرس' }));
    expect(await screen.findByText(/سالب بمقدار/)).toBeTruthy();
    expect(
      fake.requests.filter((request) => request.method === 'POST').map((request) => request.path),
    ).toEqual(['/lesson/51/not-held']);
    await waitFor(() =>
      expect(within(items[0]!.parentElement!).getByText('ألغاه المعلم')).toBeTruthy(),
    );
  });

  it('cancels a lesson to come after a confirmation, and shows a refusal', async () => {
    const fake = stubLessons([FULFILLED, COMING], () => apiError('illegal', 422));
    const user = userEvent.setup();
    renderAdmin('/lessons');
    const coming = await openDetails(user, '٥٢');
    expect(within(coming).queryByRole('button', { name: 'لم يُعقد الدرس' })).toBeNull();
    await user.click(within(coming).getByRole('button', { name: 'إلغاء الدرس' }));
    const confirm = await screen.findByRole('dialog', { name: 'إلغاء الدرس؟' });
    await user.click(within(confirm).getByRole('button', { name: 'إلغاء الدرس' }));
    expect(await screen.findByText('تم إلغاء الدرس')).toBeTruthy();
    expect(
      fake.requests.filter((request) => request.method === 'DELETE').map((request) => request.path),
    ).toEqual(['/lesson/52']);

    const fulfilled = await openDetails(user, '٥١');
    await user.click(within(fulfilled).getByRole('button', { name: 'لم يُعقد الدرس' }));
    const refused = await screen.findByRole('dialog', { name: 'تسجيل أن الدرس لم يُعقد؟' });
    await user.click(within(refused).getByRole('button', { name: 'لم يُعقد الدرس' }));
    expect(await within(refused).findByText(ERROR_MESSAGES.illegal)).toBeTruthy();
  });
});
