import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LessonStatus, RatingStars, Role } from '@talaqa/domain';
import type { LessonStats, LessonView, RatingView, TutorProfile } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
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
import { fakeSockets } from '@talaqa/api-client/testing/fake-socket';
import { makeLesson } from '../../testing/lessons-fixtures';
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

/** Last Wednesday with tutor 3: fulfilled. */
const FULFILLED = makeLesson({
  id: 5,
  start: '2025-03-19T08:00:00.000Z',
  status: LessonStatus.Fulfilled,
});

const MINE = '/rating/list/rater/7';

const makeRatingView = (overrides: Partial<RatingView> = {}): RatingView => ({
  id: 40,
  value: RatingStars.VeryGood,
  text: 'شرح واضح ومنظم',
  raterId: STUDENT.id,
  rateeId: TUTOR.id,
  name: STUDENT.name,
  createdAt: '2025-03-20T10:00:00.000Z',
  ...overrides,
});

const EMPTY_STATS: LessonStats = {
  attended: { lessons: 1, minutes: 30 },
  canceled: { lessons: 0, minutes: 0 },
  upcoming: { lessons: 0, minutes: 0 },
  weeks: [],
};

/** The past lessons of /lessons-schedule?when=past, and the student's rating of tutor 3. */
function serveLessons(lessons: LessonView[], mine: () => RatingView | null) {
  server.on('GET', '/lesson/list', json(pageOf(lessons)));
  server.on('GET', MINE, () => {
    const rating = mine();
    return json(pageOf(rating ? [rating] : []));
  });
}

/** The lesson's card on the page. */
const lessonCard = async () => screen.findByRole('article', { name: /مع المعلم أحمد علي/ });

describe('the rating prompt after a fulfilled lesson', () => {
  it('asks on the student dashboard, checks the stars and text, sends, then shows the rating', async () => {
    signInAs(server, STUDENT);
    let rating: RatingView | null = null;
    server.on('GET', '/chat/list/rooms/:userId/', json({ list: [], total: 0 }));
    server.on('GET', '/sub/user', json(null));
    server.on('GET', '/lesson/attended/stats', json(EMPTY_STATS));
    server.on('GET', '/lesson/list', (request: FakeRequest) =>
      json(pageOf(request.query.get('when') === 'past' ? [FULFILLED] : [])),
    );
    server.on('GET', MINE, () => json(pageOf(rating ? [rating] : [])));
    server.on('POST', '/rating/', (request: FakeRequest) => {
      const body = request.body as { value: RatingStars; text?: string; rateeId: number };
      rating = makeRatingView({ value: body.value, text: body.text ?? null });
      return json(rating, 201);
    });
    renderApp('/s/dashboard');
    const ui = userEvent.setup();

    const past = await screen.findByRole('region', { name: 'الدروس السابقة' });
    const card = await within(past).findByRole('article');
    expect(await within(card).findByText(/كيف كان درسك مع أحمد علي؟/)).toBeTruthy();
    const query = server.callsTo('GET', MINE)[0]?.query;
    expect(query?.get('rateeId')).toBe('3');
    expect(query?.get('size')).toBe('1');

    await ui.click(within(card).getByRole('button', { name: 'قيّم المعلم' }));
    const dialog = await screen.findByRole('dialog', { name: 'قيّم المعلم أحمد علي' });
    // Nothing chosen: the stars are asked for, and nothing is sent.
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال التقييم' }));
    const stars = within(dialog).getByRole('group', { name: 'تقييمك' });
    expect(stars.getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('POST', '/rating/')).toHaveLength(0);

    // The five spec labels, as radios.
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual([
      '١ من ٥ — ضعيف',
      '٢ من ٥ — مقبول',
      '٣ من ٥ — جيد',
      '٤ من ٥ — جيد جدًا',
      '٥ من ٥ — ممتاز',
    ]);
    await ui.click(within(stars).getByRole('radio', { name: '٤ من ٥ — جيد جدًا' }));
    expect(stars.getAttribute('aria-invalid')).toBeNull();
    const text = within(dialog).getByRole('textbox', { name: 'رأيك في الدرس (اختياري)' });
    await ui.type(text, 'جيد');
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال التقييم' }));
    expect(dialog.textContent).toContain(ERROR_MESSAGES['rating-text-too-short']);
    expect(server.callsTo('POST', '/rating/')).toHaveLength(0);

    await ui.type(text, ' جدًا ومفيد');
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال التقييم' }));
    // (The dashboard's first-visit tour is a dialog too.)
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'قيّم المعلم أحمد علي' })).toBeNull(),
    );
    expect(server.callsTo('POST', '/rating/')[0]?.body).toEqual({
      rateeId: 3,
      value: 4,
      text: 'جيد جدًا ومفيد',
    });
    expect(await within(card).findByText('تقييمك:')).toBeTruthy();
    expect(within(card).getByRole('img', { name: '٤ من ٥ — جيد جدًا' })).toBeTruthy();
    expect(within(card).getByText('جيد جدًا ومفيد')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'قيّم المعلم' })).toBeNull();
  });

  it('is not shown to the tutor, nor under lessons to come or canceled', async () => {
    signInAs(server, TUTOR);
    serveLessons([FULFILLED], () => null);
    renderApp('/lessons-schedule?when=past');
    await lessonCard().catch(() => undefined);
    expect(await screen.findByRole('article', { name: /مع الطالب سارة أحمد/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'قيّم المعلم' })).toBeNull();
    expect(server.callsTo('GET', '/rating/list/rater/3')).toHaveLength(0);
  });

  it('is not shown under a lesson that is not fulfilled', async () => {
    signInAs(server, STUDENT);
    serveLessons(
      [
        makeLesson({ id: 6, status: LessonStatus.Pending }),
        makeLesson({
          id: 8,
          start: '2025-03-18T08:00:00.000Z',
          status: LessonStatus.Cancelled,
          canceledBy: 'tutor',
        }),
      ],
      () => null,
    );
    renderApp('/lessons-schedule?when=past');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.queryByText(/كيف كان درسك/)).toBeNull();
    expect(server.callsTo('GET', MINE)).toHaveLength(0);
  });

  it('keeps the dialog open with the spec sentence when sending fails', async () => {
    signInAs(server, STUDENT);
    let rating: RatingView | null = null;
    serveLessons([FULFILLED], () => rating);
    let answer: () => Response = () => apiError(500, 'unexpected');
    server.on('POST', '/rating/', () => answer());
    renderApp('/lessons-schedule?when=past');
    const ui = userEvent.setup();

    const card = await lessonCard();
    await ui.click(await within(card).findByRole('button', { name: 'قيّم المعلم' }));
    const dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('radio', { name: '٥ من ٥ — ممتاز' }));
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال التقييم' }));
    let alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(UI_MESSAGES.ratingSendFailed);

    // Without a fulfilled lesson the server refuses: the sentence says why.
    answer = () => apiError(422, 'illegal');
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال التقييم' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain('بعد أن تحضر درسًا معه'),
    );

    // Rated meanwhile in another tab: rating-exists, and the card now shows that rating.
    rating = makeRatingView({ value: RatingStars.Good, text: null });
    answer = () => apiError(409, 'rating-exists');
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال التقييم' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(
        ERROR_MESSAGES['rating-exists'],
      ),
    );
    alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain(UI_MESSAGES.ratingSendFailed);
    await ui.click(within(dialog).getByRole('button', { name: UI_MESSAGES.cancel }));
    expect(await within(card).findByRole('img', { name: '٣ من ٥ — جيد' })).toBeTruthy();
  });

  it('puts the server’s field codes under the fields', async () => {
    signInAs(server, STUDENT);
    serveLessons([FULFILLED], () => null);
    server.on(
      'POST',
      '/rating/',
      apiError(400, 'bad-request', [{ path: 'text', code: 'rating-text-too-long' }]),
    );
    renderApp('/lessons-schedule?when=past');
    const ui = userEvent.setup();
    const card = await lessonCard();
    await ui.click(await within(card).findByRole('button', { name: 'قيّم المعلم' }));
    const dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('radio', { name: '٢ من ٥ — مقبول' }));
    await ui.click(within(dialog).getByRole('button', { name: 'إرسال التقييم' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(UI_MESSAGES.ratingSendFailed);
    const text = within(dialog).getByRole('textbox');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain(ERROR_MESSAGES['rating-text-too-long']);
  });
});

describe('editing and deleting one’s rating', () => {
  it('edits the stars and text, and shows the edit failure', async () => {
    signInAs(server, STUDENT);
    let rating: RatingView | null = makeRatingView();
    serveLessons([FULFILLED], () => rating);
    let fail = true;
    server.on('PUT', '/rating/:id', (request: FakeRequest) => {
      if (fail) return apiError(503, 'service-unavailable');
      const body = request.body as { value: RatingStars; text?: string };
      rating = makeRatingView({ value: body.value, text: body.text ?? null });
      return json(rating);
    });
    renderApp('/lessons-schedule?when=past');
    const ui = userEvent.setup();

    const card = await lessonCard();
    expect(await within(card).findByRole('img', { name: '٤ من ٥ — جيد جدًا' })).toBeTruthy();
    expect(within(card).getByText('شرح واضح ومنظم')).toBeTruthy();
    await ui.click(within(card).getByRole('button', { name: 'تعديل التقييم' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل تقييمك' });
    // Filled with the rating as it is.
    expect(
      (within(dialog).getByRole('radio', { name: '٤ من ٥ — جيد جدًا' }) as HTMLInputElement).checked,
    ).toBe(true);
    const text = within(dialog).getByRole('textbox') as HTMLTextAreaElement;
    expect(text.value).toBe('شرح واضح ومنظم');

    await ui.click(within(dialog).getByRole('radio', { name: '٢ من ٥ — مقبول' }));
    await ui.clear(text);
    await ui.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(UI_MESSAGES.ratingEditFailed);
    expect(alert.textContent).toContain(ERROR_MESSAGES['service-unavailable']);

    fail = false;
    await ui.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('PUT', '/rating/40').at(-1)?.body).toEqual({ value: 2 });
    expect(await within(card).findByRole('img', { name: '٢ من ٥ — مقبول' })).toBeTruthy();
    expect(within(card).queryByText('شرح واضح ومنظم')).toBeNull();
  });

  it('deletes after confirming, shows the delete failure, then asks again', async () => {
    signInAs(server, STUDENT);
    let rating: RatingView | null = makeRatingView();
    serveLessons([FULFILLED], () => rating);
    let fail = true;
    server.on('DELETE', '/rating/:id', () => {
      if (fail) return apiError(500, 'unexpected');
      rating = null;
      return json(null, 204);
    });
    renderApp('/lessons-schedule?when=past');
    const ui = userEvent.setup();

    const card = await lessonCard();
    await ui.click(await within(card).findByRole('button', { name: 'حذف التقييم' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف تقييمك؟' });
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، احذف التقييم' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(UI_MESSAGES.ratingDeleteFailed);

    fail = false;
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، احذف التقييم' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('DELETE', '/rating/40')).toHaveLength(2);
    expect(await within(card).findByRole('button', { name: 'قيّم المعلم' })).toBeTruthy();
    expect(within(card).queryByRole('img', { name: /من ٥/ })).toBeNull();
  });

  it('shows a failure to read the rating with a retry', async () => {
    signInAs(server, STUDENT);
    server.on('GET', '/lesson/list', json(pageOf([FULFILLED])));
    let fail = true;
    server.on('GET', MINE, () => (fail ? apiError(500, 'unexpected') : json(pageOf([]))));
    renderApp('/lessons-schedule?when=past');
    const card = await lessonCard();
    const retry = await within(card).findByRole(
      'button',
      { name: UI_MESSAGES.retry },
      { timeout: 5000 },
    );
    expect(card.textContent).toContain('تعذّر تحميل تقييمك لهذا المعلم');
    fail = false;
    await userEvent.setup().click(retry);
    expect(await within(card).findByRole('button', { name: 'قيّم المعلم' })).toBeTruthy();
  });
});

describe('the reviews tab', () => {
  const profile: TutorProfile = {
    id: 3,
    name: 'أحمد علي',
    image: null,
    gender: 'male',
    bio: 'نبذة',
    topics: [],
    rating: { average: 4, count: 1 },
    nextFreeAt: null,
    about: 'عن المعلم',
    video: null,
    thumbnail: null,
    noticePeriod: 0,
    lessonsGiven: 1,
  };

  it('reads the reviews again when TutorUpdated says the tutor changed', async () => {
    vi.useRealTimers();
    signInAs(server, STUDENT);
    server.on('GET', '/user/tutor/info/3', json(profile));
    let reviews = [{ ...makeRatingView(), name: 'سارة' }].map(({ raterId: _r, ...rest }) => rest);
    server.on('GET', '/rating/list/tutor/3', () => json(pageOf(reviews)));
    renderApp('/t/3');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('tab', { name: 'التقييمات' }));
    expect(await screen.findByText('شرح واضح ومنظم')).toBeTruthy();
    await waitFor(() => expect(fakeSockets.latest()?.listeners('TutorUpdated')).toBeGreaterThan(0));
    const calls = server.callsTo('GET', '/rating/list/tutor/3').length;

    reviews = [{ ...reviews[0]!, value: RatingStars.Bad, text: 'تغيّر رأيي' }];
    act(() =>
      fakeSockets.latest()!.serverEmit('TutorUpdated', {
        tutorId: 3,
        card: { ...profile, rating: { average: 1, count: 1 } },
      }),
    );
    expect(await screen.findByText('تغيّر رأيي')).toBeTruthy();
    expect(screen.getByRole('img', { name: '١ من ٥ — ضعيف' })).toBeTruthy();
    expect(server.callsTo('GET', '/rating/list/tutor/3').length).toBe(calls + 1);

    // Another tutor's change leaves the tab alone.
    act(() => fakeSockets.latest()!.serverEmit('TutorUpdated', { tutorId: 9, card: null }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.callsTo('GET', '/rating/list/tutor/3').length).toBe(calls + 1);
  });
});
