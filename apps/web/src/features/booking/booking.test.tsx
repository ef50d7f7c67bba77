import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  formatCairoDate,
  formatCairoDateTime,
  formatCairoTime,
  PlanPeriod,
  Weekday,
} from '@talaqa/domain';
import type { AvailabilityWeek, TutorProfile } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
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
import { makeLesson } from '../../testing/lessons-fixtures';
import { makeSubscription, pageOf } from '../../testing/payments-fixtures';

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const TUTOR_ID = 5;
// The Cairo week of Saturday 21 November 2026 (UTC+2): 2026-11-20T22:00Z to 2026-11-27T22:00Z.
// Now: Monday 23 November, 10:00 in Cairo.
const NOW = '2026-11-23T08:00:00.000Z';
const at = (iso: string) => new Date(iso);

const tutor: TutorProfile = {
  id: TUTOR_ID,
  name: 'منى خالد',
  image: null,
  gender: 'female',
  bio: 'معلمة محادثة',
  topics: [{ id: 1, nameAr: 'المحادثة', nameEn: 'Conversation' }],
  rating: { average: null, count: 0 },
  nextFreeAt: '2026-11-23T08:45:00.000Z',
  about: 'أدرّس الإنجليزية منذ عشر سنوات.',
  video: null,
  thumbnail: null,
  noticePeriod: 30,
  lessonsGiven: 0,
};

function makeWeek(overrides: Partial<AvailabilityWeek> = {}): AvailabilityWeek {
  return {
    tutorId: TUTOR_ID,
    weekStart: '2026-11-20T22:00:00.000Z',
    weekEnd: '2026-11-27T22:00:00.000Z',
    template: [],
    slots: [
      // Sunday 10:00-11:00 Cairo: already past.
      { start: '2026-11-22T08:00:00.000Z', end: '2026-11-22T09:00:00.000Z' },
      // Monday 10:00-12:00 Cairo.
      { start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T10:00:00.000Z' },
      // Friday 23:30 Cairo, running (artificially) past the end of the week.
      { start: '2026-11-27T21:30:00.000Z', end: '2026-11-27T22:30:00.000Z' },
    ],
    // Monday 11:00-11:30 Cairo is taken.
    busy: [{ start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T09:30:00.000Z' }],
    noticePeriod: 30,
    bookable: true,
    now: NOW,
    ...overrides,
  };
}

const subscription = makeSubscription({
  weeklyMinutes: 120,
  consumedMinutes: 30,
  remainingMinutes: 90,
  startsAt: '2026-11-01T10:00:00.000Z',
  endsAt: '2026-12-31T10:00:00.000Z',
  weekStartedAt: '2026-11-20T22:00:00.000Z',
  nextRenewalAt: '2026-11-27T22:00:00.000Z',
});

interface Setup {
  week?: AvailabilityWeek;
  subscription?: typeof subscription | null;
  upcoming?: number;
  verifiedEmail?: boolean;
}

async function openDialog(setup: Setup = {}) {
  signInAs(server, makeUser({ verifiedEmail: setup.verifiedEmail ?? true }));
  server.on('GET', '/user/tutor/info/:id', json(tutor));
  server.on('GET', '/availability-slot/', json(setup.week ?? makeWeek()));
  server.on('GET', '/sub/user', json('subscription' in setup ? setup.subscription : subscription));
  server.on('GET', '/lesson/list', (request: FakeRequest) =>
    json(
      request.query.get('when') === 'future' && setup.upcoming
        ? pageOf([], setup.upcoming)
        : pageOf([]),
    ),
  );
  renderApp(`/t/${TUTOR_ID}`);
  const ui = userEvent.setup();
  await ui.click(await screen.findByRole('button', { name: 'احجز درسًا' }));
  const dialog = await screen.findByRole('dialog');
  return { ui, dialog };
}

const group = (dialog: HTMLElement, name: string) => within(dialog).getByRole('group', { name });
async function chooseDayAndDuration(
  ui: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  dayIso: string,
  duration: '١٥ دقيقة' | '٣٠ دقيقة',
) {
  await ui.click(
    within(await waitFor(() => group(dialog, '١. اليوم'))).getByRole('radio', {
      name: formatCairoDate(at(dayIso)),
    }),
  );
  await ui.click(within(group(dialog, '٢. مدة الدرس')).getByRole('radio', { name: duration }));
}

const timesOffered = (dialog: HTMLElement) =>
  within(group(dialog, '٣. الوقت (بتوقيت القاهرة)'))
    .getAllByRole('radio')
    .map((radio) => (radio as HTMLInputElement).value);

describe('the book-lesson dialog', () => {
  it('offers only the days of this week with free times, and only free times', async () => {
    const { ui, dialog } = await openDialog();
    const days = await waitFor(() => group(dialog, '١. اليوم'));
    // Sunday is past; only Monday and Friday have free times.
    expect(
      within(days)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      expect.stringContaining(formatCairoDate(at('2026-11-23T08:00:00Z'))),
      expect.stringContaining(formatCairoDate(at('2026-11-27T21:30:00Z'))),
    ]);

    await chooseDayAndDuration(ui, dialog, '2026-11-23T08:00:00Z', '١٥ دقيقة');
    // 10:00-10:30 fall inside the 30-minute notice, 11:00-11:15 inside the busy range.
    expect(timesOffered(dialog)).toEqual([
      '2026-11-23T08:45:00.000Z',
      '2026-11-23T09:30:00.000Z',
      '2026-11-23T09:45:00.000Z',
    ]);
    expect(
      within(group(dialog, '٣. الوقت (بتوقيت القاهرة)')).getByRole('radio', {
        name: formatCairoTime(at('2026-11-23T08:45:00Z')),
      }),
    ).toBeTruthy();

    await ui.click(within(group(dialog, '٢. مدة الدرس')).getByRole('radio', { name: '٣٠ دقيقة' }));
    expect(timesOffered(dialog)).toEqual(['2026-11-23T09:30:00.000Z']);
  });

  it('keeps lessons inside the current week', async () => {
    const { ui, dialog } = await openDialog();
    await chooseDayAndDuration(ui, dialog, '2026-11-27T21:30:00Z', '١٥ دقيقة');
    expect(timesOffered(dialog)).toEqual(['2026-11-27T21:30:00.000Z', '2026-11-27T21:45:00.000Z']);
    await ui.click(within(group(dialog, '٢. مدة الدرس')).getByRole('radio', { name: '٣٠ دقيقة' }));
    // Friday 23:45 + 30 minutes would end in the next week.
    expect(timesOffered(dialog)).toEqual(['2026-11-27T21:30:00.000Z']);
  });

  it('books the chosen time after showing the cancellation policy', async () => {
    let booked: unknown;
    server.on('POST', '/lesson', (request: FakeRequest) => {
      booked = request.body;
      const start = '2026-11-23T08:45:00.000Z';
      const members = { tutorId: TUTOR_ID, studentId: 7 };
      return json(makeLesson({ id: 90, members, start, duration: 15 }), 201);
    });
    const { ui, dialog } = await openDialog();
    await chooseDayAndDuration(ui, dialog, '2026-11-23T08:00:00Z', '١٥ دقيقة');
    await ui.click(
      within(group(dialog, '٣. الوقت (بتوقيت القاهرة)')).getByRole('radio', {
        name: formatCairoTime(at('2026-11-23T08:45:00Z')),
      }),
    );
    await ui.click(within(dialog).getByRole('button', { name: 'متابعة' }));

    const confirmation = within(dialog).getByRole('region', { name: 'تأكيد الحجز' });
    expect(within(confirmation).getByTestId('confirm-start').textContent).toContain(
      formatCairoDateTime(at('2026-11-23T08:45:00Z')),
    );
    expect(within(confirmation).getByTestId('minutes-left').textContent).toBe('٧٥ دقيقة');
    // Booked now: free cancellation until 10 minutes after booking (later than 2 hours before).
    expect(confirmation.textContent).toContain(formatCairoDateTime(at('2026-11-23T08:10:00Z')));
    expect(booked).toBeUndefined();

    await ui.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    await within(dialog).findByText(/تم حجز درسك/);
    expect(booked).toEqual({ tutorId: TUTOR_ID, start: '2026-11-23T08:45:00.000Z', duration: 15 });
    expect(
      within(dialog).getByRole('link', { name: 'عرض دروسي القادمة' }).getAttribute('href'),
    ).toBe('/upcoming-lessons');
    // The success step: date, time in Cairo and the lesson as a calendar file.
    const done = within(dialog).getByRole('region', { name: 'تم الحجز' });
    expect(within(done).getByTestId('booked-date').textContent).toBe(
      formatCairoDate(at('2026-11-23T08:45:00Z')),
    );
    expect(within(done).getByTestId('booked-time').textContent).toBe(
      `${formatCairoTime(at('2026-11-23T08:45:00Z'))} (بتوقيت القاهرة)`,
    );
    const calendar = within(done).getByRole('link', { name: 'إضافة إلى التقويم' });
    expect(calendar.getAttribute('download')).toBe('talaqa-lesson-90.ics');
  });

  it('offers times as wrapping chips, and next week read-only with when booking opens', async () => {
    const { Saturday, Monday } = Weekday;
    const { ui, dialog } = await openDialog({
      week: makeWeek({
        template: [
          { weekday: Saturday, start: '18:00', length: 30 },
          { weekday: Saturday, start: '18:30', length: 30 },
          { weekday: Monday, start: '20:00', length: 30 },
        ],
      }),
    });
    await chooseDayAndDuration(ui, dialog, '2026-11-23T08:00:00Z', '١٥ دقيقة');
    const times = group(dialog, '٣. الوقت (بتوقيت القاهرة)');
    // A chip is the whole 44 px label; the radio inside stays for the keyboard and screen readers.
    const chip = within(times).getAllByRole('radio')[0]?.closest('label');
    expect(chip?.className).toContain('min-h-11');
    expect(times.querySelector('.grid')).toBeTruthy();

    const next = within(dialog).getByRole('region', { name: 'مواعيد الأسبوع القادم (للعرض فقط)' });
    expect(within(next).getByTestId('booking-opens').textContent).toContain(
      formatCairoDateTime(at('2026-11-27T22:00:00Z')),
    );
    const days = within(next).getAllByRole('listitem');
    expect(days).toHaveLength(2);
    // Saturday 28 November, 18:00-19:00 Cairo (two slots joined), then Monday 30, 20:00-20:30.
    expect(days[0]?.textContent).toContain(formatCairoDate(at('2026-11-28T16:00:00Z')));
    expect(days[0]?.textContent).toContain(
      `${formatCairoTime(at('2026-11-28T16:00:00Z'))} – ${formatCairoTime(at('2026-11-28T17:00:00Z'))}`,
    );
    expect(days[1]?.textContent).toContain(formatCairoDate(at('2026-11-30T18:00:00Z')));
    expect(within(next).queryByRole('radio')).toBeNull();
  });

  it('shows the server refusal and refreshes the free times', async () => {
    server.on('POST', '/lesson', apiError(409, 'conflicting-lessons'));
    const { ui, dialog } = await openDialog();
    await chooseDayAndDuration(ui, dialog, '2026-11-23T08:00:00Z', '١٥ دقيقة');
    await ui.click(
      within(group(dialog, '٣. الوقت (بتوقيت القاهرة)')).getByRole('radio', {
        name: formatCairoTime(at('2026-11-23T08:45:00Z')),
      }),
    );
    await ui.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    // Someone else took 10:45 meanwhile.
    server.on(
      'GET',
      '/availability-slot/',
      json(
        makeWeek({
          busy: [{ start: '2026-11-23T08:45:00.000Z', end: '2026-11-23T09:30:00.000Z' }],
        }),
      ),
    );
    await ui.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      ERROR_MESSAGES['conflicting-lessons'],
    );
    await waitFor(() =>
      expect(timesOffered(dialog)).toEqual([
        '2026-11-23T09:30:00.000Z',
        '2026-11-23T09:45:00.000Z',
      ]),
    );
    expect(server.callsTo('GET', '/availability-slot/').length).toBeGreaterThanOrEqual(2);
    expect(server.callsTo('GET', '/availability-slot/')[0]?.query.get('tutorId')).toBe('5');
  });

  it('explains why nothing can be booked without a subscription', async () => {
    const { dialog } = await openDialog({ subscription: null });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('تحتاج إلى اشتراك فعّال');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/plans');
    expect(within(dialog).queryByRole('radio')).toBeNull();
  });

  it('offers times with a free trial granted a moment after the week was read', async () => {
    // GET /sub/user grants a first trial as it answers: it starts after the week's `now`.
    const granted = '2026-11-23T08:00:05.000Z';
    const { dialog } = await openDialog({
      subscription: {
        ...subscription,
        period: PlanPeriod.FreeTrial,
        startsAt: granted,
        weekStartedAt: granted,
        consumedMinutes: 0,
      },
    });
    await waitFor(() => group(dialog, '١. اليوم'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('explains an unverified e-mail with a link to the settings', async () => {
    const { dialog } = await openDialog({ verifiedEmail: false });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('تأكيد بريدك الإلكتروني');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/s/settings');
  });

  it('explains that the minutes of this week are used up', async () => {
    const { dialog } = await openDialog({
      subscription: { ...subscription, consumedMinutes: 110, remainingMinutes: 10 },
    });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'لم يتبقَّ في اشتراكك دقائق كافية',
    );
  });

  it('explains that the student already has an upcoming lesson', async () => {
    const { dialog } = await openDialog({ upcoming: 1 });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('لديك درس قادم بالفعل');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/upcoming-lessons');
  });

  it('sends a signed-out visitor to sign in first', async () => {
    server.on('GET', '/user/tutor/info/:id', json(tutor));
    renderApp(`/t/${TUTOR_ID}`);
    const link = await screen.findByRole('link', { name: 'احجز درسًا' });
    expect(link.getAttribute('href')).toBe(
      `/login?${new URLSearchParams({ next: '/t/5' }).toString()}`,
    );
  });

  it('shows the profile tab with the intro video, and the reviews tab', async () => {
    server.on('GET', '/user/tutor/info/:id', json({ ...tutor, video: 'intro.mp4' }));
    server.on('GET', '/rating/list/tutor/:id', json({ list: [], total: 0 }));
    renderApp(`/t/${TUTOR_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: tutor.name })).toBeTruthy();
    expect(screen.getByText(tutor.about ?? '')).toBeTruthy();
    expect(screen.getByText('المحادثة')).toBeTruthy();
    const video = screen.getByLabelText(`الفيديو التعريفي للمعلم ${tutor.name}`);
    expect(video.tagName).toBe('VIDEO');
    // Played from the media route by range, not fetched whole as a blob.
    expect(video.getAttribute('src')).toMatch(/\/api\/v1\/assets\/media\/intro\.mp4$/);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'التقييمات' }));
    expect(
      await within(await screen.findByRole('tabpanel', { name: 'التقييمات' })).findByText(
        'لا توجد تقييمات بعد',
      ),
    ).toBeTruthy();
  });
});
