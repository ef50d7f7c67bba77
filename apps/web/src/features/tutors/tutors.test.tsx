import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RatingStars, formatCairoDate, formatCairoDateTime } from '@talaqa/domain';
import type { TutorCard, TutorProfile, TutorReview } from '@talaqa/domain';
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
import { pageOf } from '../../testing/payments-fixtures';
import { TUTORS_PAGE_SIZE_KEY } from './page-size';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const NOW = '2026-11-22T10:00:00.000Z';
const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const LIST = '/user/tutor/list/onboarded';

const makeTutor = (id: number, overrides: Partial<TutorCard> = {}): TutorCard => ({
  id,
  name: `المعلم ${id}`,
  image: null,
  gender: 'male',
  bio: 'نبذة قصيرة',
  topics: [{ id: 2, nameAr: 'قواعد اللغة', nameEn: 'Grammar' }],
  rating: { average: 4.5, count: 12 },
  lessonsGiven: 11,
  nextFreeAt: '2026-11-23T08:45:00.000Z',
  ...overrides,
});

function serveTutors(total = 3) {
  server.on('GET', '/topic/list', json([{ id: 2, nameAr: 'قواعد اللغة', nameEn: 'Grammar' }]));
  server.on('GET', LIST, (request: FakeRequest) => {
    const size = Number(request.query.get('size') ?? 10);
    const count = Math.min(size, total);
    return json(
      pageOf(
        Array.from({ length: count }, (_, index) => makeTutor(index + 1)),
        total,
      ),
    );
  });
}

const listCalls = () => server.callsTo('GET', LIST);

describe('/tutors', () => {
  it('shows tutors as cards with the next free time in Cairo time', async () => {
    serveTutors(1);
    renderApp('/tutors');
    const card = await screen.findByRole('article', { name: 'المعلم 1' });
    expect(within(card).getByText('قواعد اللغة')).toBeTruthy();
    expect(within(card).getByTestId('next-free').textContent).toContain(
      formatCairoDateTime(new Date('2026-11-23T08:45:00.000Z')),
    );
    expect(within(card).getByRole('link', { name: 'المعلم 1' }).getAttribute('href')).toBe('/t/1');
    expect(listCalls()[0]?.query.get('size')).toBe('10');
  });

  it('counts reviews and lessons in Arabic plurals and offers booking on the card', async () => {
    server.on('GET', '/topic/list', json([]));
    server.on(
      'GET',
      LIST,
      json(
        pageOf([
          makeTutor(1, { rating: { average: 4.5, count: 3 }, lessonsGiven: 1 }),
          makeTutor(2, { rating: { average: 5, count: 2 }, lessonsGiven: 100, gender: 'female' }),
          makeTutor(3, { rating: { average: 4, count: 11 }, lessonsGiven: 0, nextFreeAt: null }),
        ]),
      ),
    );
    renderApp('/tutors');
    const first = await screen.findByRole('article', { name: 'المعلم 1' });
    expect(first.textContent).toContain('(٣ تقييمات)');
    expect(within(first).getByTestId('lessons-given').textContent).toBe('قدّم درسًا واحدًا');
    const second = screen.getByRole('article', { name: 'المعلم 2' });
    expect(second.textContent).toContain('(تقييمان)');
    expect(within(second).getByTestId('lessons-given').textContent).toBe('قدّمت ١٠٠ درس');
    const third = screen.getByRole('article', { name: 'المعلم 3' });
    expect(third.textContent).toContain('(١١ تقييمًا)');
    expect(within(third).getByTestId('lessons-given').textContent).toContain('لم يقدّم دروسًا بعد');
    expect(within(third).getByTestId('next-free').textContent).toBe(
      'لا توجد مواعيد متاحة هذا الأسبوع',
    );
    // Signed out, the card's button signs in first and comes back to the tutor's profile.
    const book = within(first).getByRole('link', { name: 'احجز درسًا مع المعلم 1' });
    expect(book.getAttribute('href')).toBe(
      `/login?${new URLSearchParams({ next: '/t/1' }).toString()}`,
    );
  });

  it("fetches the tutor's picture as the card nears the screen, at a set size", async () => {
    const near: (() => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe() {
          near.push(() =>
            this.callback(
              [{ isIntersecting: true } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            ),
          );
        }
        disconnect() {}
      },
    );
    server.on('GET', '/topic/list', json([]));
    server.on('GET', LIST, json(pageOf([makeTutor(1, { image: 'portrait.svg' })])));
    server.on('GET', '/assets/uploads/:name', () => new Response(new Blob(['<svg/>'])));
    renderApp('/tutors');
    const card = await screen.findByRole('article', { name: 'المعلم 1' });
    // Off screen: the initial stands in and nothing is fetched.
    expect(within(card).getByRole('img', { name: 'المعلم 1' }).tagName).toBe('SPAN');
    expect(server.callsTo('GET', '/assets/uploads/portrait.svg')).toHaveLength(0);
    act(() => near.forEach((enter) => enter()));
    await waitFor(() => expect(within(card).getByRole('img').tagName).toBe('IMG'));
    expect(server.callsTo('GET', '/assets/uploads/portrait.svg')).toHaveLength(1);
    const image = within(card).getByRole('img', { name: 'المعلم 1' });
    expect(image.getAttribute('width')).toBe('80');
    expect(image.getAttribute('height')).toBe('80');
    expect(image.getAttribute('loading')).toBe('lazy');
    vi.unstubAllGlobals();
  });

  it('shows the empty state', async () => {
    serveTutors(0);
    renderApp('/tutors');
    expect(await screen.findByText('لا يوجد معلمون يطابقون بحثك')).toBeTruthy();
  });

  it('shows skeletons, then an error with a retry', async () => {
    let answer: () => Response = () => apiError(500, 'unexpected');
    server.on('GET', '/topic/list', json([]));
    server.on('GET', LIST, () => answer());
    renderApp('/tutors');
    expect(await screen.findByRole('status', { name: 'جارٍ تحميل المعلمين' })).toBeTruthy();
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert.textContent).toContain('تعذّر تحميل المعلمين');
    answer = () => json(pageOf([makeTutor(1)]));
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));
    expect(await screen.findByRole('article', { name: 'المعلم 1' })).toBeTruthy();
  });

  it('sends the filters of the address', async () => {
    serveTutors(1);
    renderApp('/tutors?q=سارة&topic=2&gender=female&free=true&rating=4&page=1');
    await screen.findByRole('article', { name: 'المعلم 1' });
    const query = listCalls()[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      search: 'سارة',
      topic: '2',
      gender: 'female',
      freeThisWeek: 'true',
      minRating: '4',
      page: '1',
    });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('سارة');
  });

  it('searches once typing pauses and keeps the search in the address', async () => {
    serveTutors(1);
    const { router } = renderApp('/tutors?gender=male');
    await screen.findByRole('article', { name: 'المعلم 1' });
    const ui = userEvent.setup();
    await ui.type(screen.getByRole('searchbox'), 'أحمد علي');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe('أحمد علي'),
    );
    await waitFor(() => expect(listCalls().at(-1)?.query.get('search')).toBe('أحمد علي'));
    // One request for the whole word, none per key.
    expect(listCalls().map((call) => call.query.get('search'))).toEqual([null, 'أحمد علي']);
    expect(new URLSearchParams(router.state.location.search).get('gender')).toBe('male');
  });

  it('remembers the page size on this device', async () => {
    serveTutors(45);
    renderApp('/tutors');
    await screen.findByRole('article', { name: 'المعلم 1' });
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByLabelText('عدد العناصر في الصفحة'), '20');
    await waitFor(() => expect(listCalls().at(-1)?.query.get('size')).toBe('20'));
    expect(localStorage.getItem(TUTORS_PAGE_SIZE_KEY)).toBe('20');
  });

  it('starts with the remembered page size', async () => {
    localStorage.setItem(TUTORS_PAGE_SIZE_KEY, '50');
    serveTutors(60);
    renderApp('/tutors');
    await screen.findByRole('article', { name: 'المعلم 1' });
    expect(listCalls()[0]?.query.get('size')).toBe('50');
    expect(screen.getByText('صفحة ١ من ٢')).toBeTruthy();
  });

  it('moves between pages through the address', async () => {
    serveTutors(25);
    const { router } = renderApp('/tutors');
    await screen.findByRole('article', { name: 'المعلم 1' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'الصفحة التالية' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('page')).toBe('2'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
  });

  it('orders by the chosen sort through the address, soonest free by default', async () => {
    serveTutors(1);
    const { router } = renderApp('/tutors?page=2');
    await screen.findByRole('article', { name: 'المعلم 1' });
    expect(listCalls()[0]?.query.get('sort')).toBeNull();
    const menu = screen.getByRole('combobox', { name: 'الترتيب' }) as HTMLSelectElement;
    expect(menu.value).toBe('next-free-time');
    await userEvent.setup().selectOptions(menu, 'الأعلى تقييمًا');
    await waitFor(() => expect(listCalls().at(-1)?.query.get('sort')).toBe('rating'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('sort')).toBe('rating');
    expect(params.get('page')).toBeNull();
    await userEvent.setup().selectOptions(menu, 'أقرب موعد متاح');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('sort')).toBeNull(),
    );
  });

  it('filters on free time this week through the address', async () => {
    serveTutors(1);
    const { router } = renderApp('/tutors?page=2');
    await screen.findByRole('article', { name: 'المعلم 1' });
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'متاح هذا الأسبوع' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('freeThisWeek')).toBe('true'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('free')).toBe('true');
    // A new filter starts again at the first page.
    expect(params.get('page')).toBeNull();
  });

  it('keeps the list true while a signed-in visitor watches it', async () => {
    signInAs(server, makeUser({ id: 40 }));
    serveTutors(2);
    renderApp('/tutors');
    await screen.findByRole('article', { name: 'المعلم 1' });
    await waitFor(() => expect(fakeSockets.latest()?.listeners('TutorUpdated')).toBeGreaterThan(0));
    const socket = fakeSockets.latest()!;
    const calls = listCalls().length;

    // A tutor's new card replaces the old one in place, without asking the server.
    act(() =>
      socket.serverEmit('TutorUpdated', { tutorId: 2, card: makeTutor(2, { name: 'نور الهدى' }) }),
    );
    expect(await screen.findByRole('article', { name: 'نور الهدى' })).toBeTruthy();
    expect(listCalls()).toHaveLength(calls);

    // A change to a tutor not on this page leaves it be; one on it reads the page again.
    act(() => socket.serverEmit('TutorsCacheUpdated', { at: NOW, tutorIds: [99] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls()).toHaveLength(calls);
    act(() => socket.serverEmit('TutorsCacheUpdated', { at: NOW, tutorIds: [1] }));
    await waitFor(() => expect(listCalls()).toHaveLength(calls + 1));
    // A flush reads it again whatever it shows.
    act(() => socket.serverEmit('TutorsCacheUpdated', { at: NOW, tutorIds: null }));
    await waitFor(() => expect(listCalls()).toHaveLength(calls + 2));
  });
});

const INFO = '/user/tutor/info/3';
const REVIEWS = '/rating/list/tutor/3';

const makeProfile = (id: number): TutorProfile => ({
  ...makeTutor(id, { name: 'منى خالد' }),
  about: 'معلمة محادثة',
  video: null,
  thumbnail: null,
  noticePeriod: 0,
  lessonsGiven: 40,
});

const makeRating = (id: number, overrides: Partial<TutorReview> = {}): TutorReview => ({
  id,
  value: RatingStars.Excellent,
  text: null,
  rateeId: 3,
  name: `الطالب ${id}`,
  createdAt: '2026-11-20T22:30:00.000Z',
  ...overrides,
});

const reviewCalls = () => server.callsTo('GET', REVIEWS);

/** Opens /t/3 at its reviews tab. */
async function openReviews() {
  server.on('GET', INFO, json(makeProfile(3)));
  renderApp('/t/3');
  await userEvent.setup().click(await screen.findByRole('tab', { name: 'التقييمات' }));
}

describe('/t/{id} of a tutor who is not listed', () => {
  it('offers the tutors list instead of a retry', async () => {
    server.on('GET', INFO, apiError(404, 'tutor-not-found'));
    renderApp('/t/3');
    expect(await screen.findByText('لم نجد هذا المعلم')).toBeTruthy();
    const browse = screen.getByRole('link', { name: 'تصفّح المعلمين' });
    expect(browse.getAttribute('href')).toBe('/tutors');
    expect(screen.queryByRole('button', { name: UI_MESSAGES.retry })).toBeNull();
  });
});

describe('/t/{id} reviews', () => {
  it('lists the reviews with the stars, name, date in Cairo time and text', async () => {
    server.on(
      'GET',
      REVIEWS,
      json(
        pageOf([
          makeRating(1, { value: 4, text: 'شرح ممتاز وصبر كبير', name: 'أحمد' }),
          makeRating(2, { value: 1 }),
        ]),
      ),
    );
    await openReviews();
    const list = await screen.findByRole('list', { name: 'تقييمات الطلاب' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('أحمد')).toBeTruthy();
    expect(within(first!).getByText('شرح ممتاز وصبر كبير')).toBeTruthy();
    expect(within(first!).getByRole('img', { name: '٤ من ٥ — جيد جدًا' })).toBeTruthy();
    // 22:30 UTC is already the next day in Cairo.
    expect(first!.querySelector('time')?.textContent).toBe(
      formatCairoDate(new Date('2026-11-20T22:30:00.000Z')),
    );
    expect(first!.textContent).toContain('السبت');
    expect(within(second!).getByRole('img', { name: '١ من ٥ — ضعيف' })).toBeTruthy();
    expect(within(second!).getByText('الطالب 2')).toBeTruthy();
    expect(Object.fromEntries(reviewCalls()[0]!.query)).toEqual({ page: '1', size: '10' });
    // One page needs no page buttons.
    expect(screen.queryByRole('navigation', { name: 'صفحات التقييمات' })).toBeNull();
  });

  it('says so when the tutor has no reviews yet', async () => {
    server.on('GET', REVIEWS, json(pageOf([])));
    await openReviews();
    expect(await screen.findByText('لا توجد تقييمات بعد')).toBeTruthy();
    expect(screen.getByText('ستظهر هنا تقييمات الطلاب لدروسهم مع هذا المعلم.')).toBeTruthy();
    expect(reviewCalls()).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'تقييمات الطلاب' })).toBeNull();
  });

  it('shows skeletons, then the error with a retry', async () => {
    let answer: () => Response = () => apiError(404, 'tutor-not-found');
    server.on('GET', REVIEWS, () => answer());
    await openReviews();
    expect(await screen.findByRole('status', { name: 'جارٍ تحميل التقييمات' })).toBeTruthy();
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert.textContent).toContain('تعذّر تحميل التقييمات');
    expect(alert.textContent).toContain(ERROR_MESSAGES['tutor-not-found']);
    answer = () => json(pageOf([makeRating(1, { text: 'درس مفيد' })]));
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));
    expect(await screen.findByText('درس مفيد')).toBeTruthy();
    expect(screen.getByRole('img', { name: '٥ من ٥ — ممتاز' })).toBeTruthy();
  });

  it('reads the next page when the next page button is pressed', async () => {
    server.on('GET', REVIEWS, (request: FakeRequest) => {
      const page = Number(request.query.get('page'));
      return json(pageOf([makeRating(page * 10, { text: `تقييم الصفحة ${page}` })], 25));
    });
    await openReviews();
    expect(await screen.findByText('تقييم الصفحة 1')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'صفحات التقييمات' });
    expect(within(pages).getByText('صفحة ١ من ٣')).toBeTruthy();
    await userEvent
      .setup()
      .click(within(pages).getByRole('button', { name: UI_MESSAGES.paginationNext }));
    expect(await screen.findByText('تقييم الصفحة 2')).toBeTruthy();
    expect(reviewCalls().map((call) => call.query.get('page'))).toEqual(['1', '2']);
    expect(within(pages).getByText('صفحة ٢ من ٣')).toBeTruthy();
  });
});
