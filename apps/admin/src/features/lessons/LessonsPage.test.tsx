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
import { readLessonFilters } from './filters';

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
    canceledByAdmin: false,
    adminCancel: null,
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
    'DELETE /lesson/:id': ({ path, body }) => {
      if (refuse) return refuse();
      const id = Number(path.split('/')[2]);
      const { onBehalfOf, reason } = body as { onBehalfOf: 'tutor' | 'student'; reason: string };
      const lesson: LessonView = {
        ...lessons.find((item) => item.id === id)!,
        status: 'cancelled',
        canceledBy: onBehalfOf,
        canceledAt: '2026-11-26T10:00:00.000Z',
        canceledByAdmin: true,
        adminCancel: { onBehalfOf, reason, admin: { id: 1, name: 'المشرف العام', image: null } },
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
    ).toEqual({
      page: 1,
      state: 'canceled',
      when: undefined,
      status: undefined,
      from: undefined,
      to: undefined,
      tutorId: 7,
      studentId: undefined,
    });
    expect(
      readLessonFilters(new URLSearchParams('status=happening&from=2026-11-01&to=2026-02-30')),
    ).toMatchObject({ status: 'happening', from: '2026-11-01', to: undefined });
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

  it('cancels a lesson to come for a member, with a reason, after a confirmation', async () => {
    const fake = stubLessons([FULFILLED, COMING]);
    const user = userEvent.setup();
    renderAdmin('/lessons');
    const coming = await openDetails(user, '٥٢');
    expect(within(coming).queryByRole('button', { name: 'لم يُعقد الدرس' })).toBeNull();
    await user.click(within(coming).getByRole('button', { name: 'إلغاء الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الدرس' });

    // Neither side nor reason: both fields say so in Arabic, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText(ERROR_MESSAGES.required)).toHaveLength(2),
    );
    await user.click(within(dialog).getByRole('radio', { name: `الطالب (${STUDENT.name})` }));
    await user.type(within(dialog).getByLabelText('سبب الإلغاء'), 'قصير');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    expect(
      await within(dialog).findByText(ERROR_MESSAGES['lesson-cancel-reason-too-short']),
    ).toBeTruthy();
    expect(fake.requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.clear(within(dialog).getByLabelText('سبب الإلغاء'));
    await user.type(within(dialog).getByLabelText('سبب الإلغاء'), 'الطالب اتصل وطلب الإلغاء');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    const confirm = await screen.findByRole('dialog', { name: 'تأكيد إلغاء الدرس؟' });
    // The student's own rule: a lesson far ahead gives the minutes back.
    expect(confirm.textContent).toContain('سيُلغى الدرس نيابةً عن الطالب');
    expect(confirm.textContent).toContain('تعود ٣٠ دقيقة إلى الطالب');
    expect(confirm.textContent).toContain('الطالب اتصل وطلب الإلغاء');
    expect(fake.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'نعم، ألغِ الدرس' }));
    expect(await screen.findByText('تم إلغاء الدرس نيابةً عن الطالب')).toBeTruthy();
    const sent = fake.requests.filter((request) => request.method === 'DELETE');
    expect(sent.map((request) => [request.path, request.body])).toEqual([
      ['/lesson/52', { onBehalfOf: 'student', reason: 'الطالب اتصل وطلب الإلغاء' }],
    ]);

    // The list shows it canceled by the administration; its details say who and why.
    const canceled = await openDetails(user, '٥٢');
    expect(within(canceled).getByText('ألغته الإدارة عن الطالب')).toBeTruthy();
    expect(canceled.textContent).toContain('المشرف العام — نيابةً عن الطالب');
    expect(within(canceled).getByText('الطالب اتصل وطلب الإلغاء')).toBeTruthy();
    expect(within(canceled).queryByRole('button', { name: 'إلغاء الدرس' })).toBeNull();
  });

  it('says why in Arabic when the server refuses, and lets the admin edit or retry', async () => {
    stubLessons([FULFILLED, COMING], () => apiError('illegal', 422));
    const user = userEvent.setup();
    renderAdmin('/lessons');
    const coming = await openDetails(user, '٥٢');
    await user.click(within(coming).getByRole('button', { name: 'إلغاء الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الدرس' });
    await user.click(within(dialog).getByRole('radio', { name: `المعلم (${TUTOR.name})` }));
    await user.type(within(dialog).getByLabelText('سبب الإلغاء'), 'المعلم مريض اليوم');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    const confirm = await screen.findByRole('dialog', { name: 'تأكيد إلغاء الدرس؟' });
    expect(confirm.textContent).toContain('نيابةً عن المعلم');
    await user.click(within(confirm).getByRole('button', { name: 'نعم، ألغِ الدرس' }));
    expect(await within(confirm).findByText(ERROR_MESSAGES.illegal)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'تعديل' }));
    expect((within(dialog).getByLabelText('سبب الإلغاء') as HTMLTextAreaElement).value).toBe(
      'المعلم مريض اليوم',
    );

    // Escape closes the cancel dialog, then the lesson's details.
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    const fulfilled = await openDetails(user, '٥١');
    await user.click(within(fulfilled).getByRole('button', { name: 'لم يُعقد الدرس' }));
    const refused = await screen.findByRole('dialog', { name: 'تسجيل أن الدرس لم يُعقد؟' });
    await user.click(within(refused).getByRole('button', { name: 'لم يُعقد الدرس' }));
    expect(await within(refused).findByText(ERROR_MESSAGES.illegal)).toBeTruthy();
  });

  it('keeps the status and the Cairo days in the address, and holds back a reversed range', async () => {
    const fake = stubLessons([FULFILLED]);
    const user = userEvent.setup();
    const { router } = renderAdmin('/lessons?status=fulfilled&from=2026-11-01&to=2026-11-30');
    await list();
    const lastQuery = () =>
      fake.requests.filter((request) => request.path === '/lesson/list').at(-1)?.query;
    expect(lastQuery()?.get('status')).toBe('fulfilled');
    expect(lastQuery()?.get('from')).toBe('2026-11-01');
    expect(lastQuery()?.get('to')).toBe('2026-11-30');
    expect((screen.getByLabelText('الحالة') as HTMLSelectElement).value).toBe('fulfilled');

    await user.selectOptions(screen.getByLabelText('الحالة'), 'cancelled');
    await waitFor(() => expect(router.state.location.search).toContain('status=cancelled'));
    expect(router.state.location.search).toContain('from=2026-11-01');
    await waitFor(() => expect(lastQuery()?.get('status')).toBe('cancelled'));

    // A day before the start: the field says so, and the list is asked without the days.
    const to = screen.getByLabelText('إلى يوم');
    await user.clear(to);
    await user.type(to, '2026-10-15');
    await waitFor(() => expect(router.state.location.search).toContain('to=2026-10-15'));
    expect(await screen.findByText(ERROR_MESSAGES['invalid-date-range'])).toBeTruthy();
    await waitFor(() => expect(lastQuery()?.get('to')).toBeNull());
    expect(lastQuery()?.get('from')).toBeNull();
    expect(lastQuery()?.get('status')).toBe('cancelled');
  });
});
