import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UI_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';
import type { FakeHandler, FakeRequest } from '../../testing/fake-api';
import { onboardingOf } from '../../testing/tutor-fixtures';

const LIST = 'GET /user/tutor/onboarding/list';

/** `total` tutors, served page by page as the query asks. */
function tutorsHandler(total: number): FakeHandler {
  const all = Array.from({ length: total }, (_, index) =>
    onboardingOf(
      100 + index,
      index === 0
        ? {
            interview: { state: 'rejected', at: '2026-11-01T10:00:00.000Z' },
            'intro-video': { state: 'passed' },
          }
        : {},
      {
        name: `معلم رقم ${index + 1}`,
        email: `tutor${index + 1}@example.com`,
        ...(index === 0 ? { activated: true, listed: true, bypassOnboarding: true } : {}),
      },
    ),
  );
  return ({ query }) => {
    const page = Number(query.get('page'));
    const size = Number(query.get('size'));
    return { list: all.slice((page - 1) * size, page * size), total };
  };
}

const listRequests = (requests: FakeRequest[]) =>
  requests.filter((request) => `${request.method} ${request.path}` === LIST);
const lastListQuery = (requests: FakeRequest[]) =>
  Object.fromEntries(listRequests(requests).at(-1)?.query ?? []);

beforeEach(() => resetSession());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/tutors', () => {
  it('shows each tutor with the steps’ states in Arabic and links to the tutor', async () => {
    stubApi({ [LIST]: tutorsHandler(3) });
    signInAs(SUPER_ADMIN);
    renderAdmin('/tutors');

    const table = await screen.findByRole('table', { name: 'قائمة المعلمين' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const first = rows[1]!;
    expect(within(first).getByRole('link', { name: 'معلم رقم 1' }).getAttribute('href')).toBe(
      '/tutor/100',
    );
    expect(within(first).getByText('tutor1@example.com', { exact: false })).toBeTruthy();
    expect(within(first).getByText('المقابلة: لم تُقبل')).toBeTruthy();
    expect(within(first).getByText('الفيديو التعريفي: تمت بنجاح')).toBeTruthy();
    expect(within(first).getByText('الجلسة التجريبية: لم تبدأ')).toBeTruthy();
    expect(within(first).getByText('البريد مؤكَّد')).toBeTruthy();
    expect(within(first).getByText('الهاتف غير مؤكَّد')).toBeTruthy();
    expect(within(first).getByText('مفعَّل')).toBeTruthy();
    expect(within(first).getByText('ظاهر للطلاب')).toBeTruthy();
    expect(within(first).getByText('معفى من خطوات الانضمام')).toBeTruthy();
    expect(within(rows[2]!).getByText('غير مفعَّل')).toBeTruthy();
    expect(within(rows[2]!).getByText('غير ظاهر للطلاب')).toBeTruthy();

    // The phone's cards carry the same facts and the same link.
    const cards = screen.getByRole('list', { name: 'قائمة المعلمين' });
    const card = within(cards).getAllByRole('link')[0]!;
    expect(card.getAttribute('href')).toBe('/tutor/100');
    expect(within(card).getByText('المقابلة: لم تُقبل')).toBeTruthy();
  });

  it('sends the onboarding filter with the page back at 1 and keeps it in the address', async () => {
    const fake = stubApi({ [LIST]: tutorsHandler(25) });
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    const { router } = renderAdmin('/tutors?page=2');

    await screen.findAllByText('معلم رقم 11');
    expect(lastListQuery(fake.requests)).toEqual({ page: '2', size: '10' });

    const filters = screen.getByRole('search', { name: 'تصفية المعلمين' });
    await user.selectOptions(within(filters).getByLabelText('الانضمام'), 'false');
    await waitFor(() =>
      expect(lastListQuery(fake.requests)).toEqual({ page: '1', size: '10', onboarded: 'false' }),
    );
    expect(router.state.location.search).toBe('?onboarded=false');
  });

  it('sends a step with its state and the search once typing pauses', async () => {
    const fake = stubApi({ [LIST]: tutorsHandler(3) });
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    const { router } = renderAdmin('/tutors');
    const filters = await screen.findByRole('search', { name: 'تصفية المعلمين' });
    await user.selectOptions(within(filters).getByLabelText('الخطوة'), 'المقابلة');
    await user.selectOptions(within(filters).getByLabelText('حالة الخطوة'), 'لم تُقبل');
    await user.click(within(filters).getByLabelText('بحث'));
    await user.paste('منى');
    // The search waits for the typing to pause before it asks.
    expect(listRequests(fake.requests).some((r) => r.query.has('search'))).toBe(false);
    await waitFor(() =>
      expect(lastListQuery(fake.requests)).toEqual({
        page: '1',
        size: '10',
        step: 'interview',
        state: 'rejected',
        search: 'منى',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      step: 'interview',
      state: 'rejected',
      search: 'منى',
    });
  });

  it('reads the filters from the address and pages', async () => {
    const fake = stubApi({ [LIST]: tutorsHandler(25) });
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    renderAdmin('/tutors?step=intro-video&state=pending&onboarded=true&search=x&page=bad');
    await screen.findAllByText('معلم رقم 1');
    expect(lastListQuery(fake.requests)).toEqual({
      page: '1',
      size: '10',
      step: 'intro-video',
      state: 'pending',
      onboarded: 'true',
      search: 'x',
    });
    const filters = screen.getByRole('search', { name: 'تصفية المعلمين' });
    expect(within(filters).getByLabelText('الخطوة')).toHaveProperty('value', 'intro-video');
    const pager = screen.getByRole('navigation', { name: 'صفحات المعلمين' });
    await user.click(within(pager).getByRole('button', { name: 'الصفحة التالية' }));
    await waitFor(() => expect(lastListQuery(fake.requests).page).toBe('2'));
  });

  it('says when nothing matches, and clears the filters', async () => {
    const fake = stubApi({ [LIST]: () => ({ list: [], total: 0 }) });
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    renderAdmin('/tutors?onboarded=true');
    expect(await screen.findByText('لا يوجد معلمون يطابقون البحث')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'مسح عوامل التصفية' }));
    await waitFor(() => expect(lastListQuery(fake.requests)).toEqual({ page: '1', size: '10' }));
    expect(await screen.findByText('لا يوجد معلمون بعد')).toBeTruthy();
  });

  it('shows a failure in Arabic with a retry', async () => {
    let fail = true;
    stubApi({
      [LIST]: (request) => (fail ? apiError('unexpected', 500) : tutorsHandler(1)(request)),
    });
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    renderAdmin('/tutors');
    const retry = await screen.findByRole('button', { name: UI_MESSAGES.retry }, { timeout: 4000 });
    expect(screen.getByText(UI_MESSAGES.loadFailedTitle)).toBeTruthy();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('table', { name: 'قائمة المعلمين' })).toBeTruthy();
  });
});
