import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@talaqa/domain';
import type { AvailabilityBody, AvailabilityWeek, WeeklySlot } from '@talaqa/domain';
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

const server = fakeApi(stubHealthyApi());
beforeEach(() => {
  signInAs(server, makeUser({ id: 3, role: Role.Tutor, name: 'أحمد علي' }));
});
afterEach(resetSession);

/** Saturday 22 March 2025, Cairo (UTC+2): 00:00 is 21 March 22:00 UTC. */
function makeWeek(template: WeeklySlot[], busy: AvailabilityWeek['busy'] = []): AvailabilityWeek {
  return {
    tutorId: 3,
    weekStart: '2025-03-21T22:00:00.000Z',
    weekEnd: '2025-03-28T22:00:00.000Z',
    template,
    slots: [],
    busy,
    noticePeriod: 30,
    bookable: true,
    now: '2025-03-22T08:00:00.000Z',
  };
}

const SATURDAY_SIX_PM: WeeklySlot = { weekday: 6, start: '18:00', length: 30 };
/** A lesson on Saturday 18:00-18:30 Cairo. */
const BOOKED = { start: '2025-03-22T16:00:00.000Z', end: '2025-03-22T16:30:00.000Z', lessonId: 5 };

/** The save button (a role query would weigh every one of the calendar's hundreds of buttons). */
const saveButton = (): HTMLButtonElement => {
  const button = screen.getByText('حفظ الجدول').closest('button');
  if (!button) throw new Error('no save button');
  return button;
};

function answerSaves() {
  server.on('POST', '/availability-slot/', (request) =>
    json(makeWeek((request.body as AvailabilityBody).slots as WeeklySlot[])),
  );
}

// The calendar holds up to 7 × 96 buttons, slow to render in jsdom on a busy machine.
describe('/schedule-management', { timeout: 20_000 }, () => {
  it('toggles slots with Arabic labels and saves the whole week', async () => {
    server.on('GET', '/availability-slot/', json(makeWeek([SATURDAY_SIX_PM], [BOOKED])));
    answerSaves();
    renderApp('/schedule-management');
    const ui = userEvent.setup();

    const booked = await screen.findByLabelText('السبت ٦:٠٠ م، درس محجوز');
    expect(booked.getAttribute('aria-pressed')).toBe('true');
    const sunday = screen.getByLabelText('الأحد ٦:٣٠ م');
    expect(sunday.getAttribute('aria-pressed')).toBe('false');
    expect(saveButton().disabled).toBe(true);

    await ui.click(sunday);
    expect(sunday.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('لديك تغييرات لم تُحفظ بعد.')).toBeTruthy();
    // 15-minute slots from now on.
    await ui.click(screen.getByLabelText('١٥ دقيقة'));
    await ui.click(screen.getByLabelText('الخميس ٩:١٥ ص'));
    await ui.click(saveButton());

    await waitFor(() => expect(server.callsTo('POST', '/availability-slot/')).toHaveLength(1));
    expect(server.callsTo('POST', '/availability-slot/')[0]?.body).toEqual({
      slots: [
        SATURDAY_SIX_PM,
        { weekday: 0, start: '18:30', length: 30 },
        { weekday: 4, start: '09:15', length: 15 },
      ],
    });
    expect(await screen.findByText('حُفظ جدولك الأسبوعي')).toBeTruthy();
    expect(screen.queryByText('لديك تغييرات لم تُحفظ بعد.')).toBeNull();
  });

  it('refuses overlapping slots and a change that leaves a booked lesson out, before sending', async () => {
    server.on('GET', '/availability-slot/', json(makeWeek([SATURDAY_SIX_PM], [BOOKED])));
    answerSaves();
    renderApp('/schedule-management');
    const ui = userEvent.setup();

    await ui.click(await screen.findByLabelText('١٥ دقيقة'));
    await ui.click(screen.getByLabelText('السبت ٦:١٥ م، درس محجوز'));
    await ui.click(saveButton());
    const overlap = await screen.findByRole('alert');
    expect(overlap.textContent).toContain('موعدان متداخلان في جدولك');
    expect(overlap.textContent).toContain('السبت ٦:٠٠ م (٣٠ دقيقة)');
    expect(overlap.textContent).toContain('السبت ٦:١٥ م (١٥ دقيقة)');

    // Removing both leaves Saturday's booked lesson outside the schedule.
    await ui.click(screen.getByLabelText('السبت ٦:١٥ م، درس محجوز'));
    await ui.click(screen.getByLabelText('السبت ٦:٠٠ م، درس محجوز'));
    await ui.click(saveButton());
    const booked = await screen.findByRole('alert');
    expect(booked.textContent).toContain('هناك دروس محجوزة خارج المواعيد الجديدة');
    expect(server.callsTo('POST', '/availability-slot/')).toHaveLength(0);
  });

  it("shows the server's conflicting-schedule refusal with what to do", async () => {
    server.on('GET', '/availability-slot/', json(makeWeek([SATURDAY_SIX_PM])));
    server.on('POST', '/availability-slot/', apiError(409, 'conflicting-schedule'));
    renderApp('/schedule-management');
    const ui = userEvent.setup();

    await ui.click(await screen.findByLabelText('السبت ٦:٠٠ م'));
    await ui.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('هناك دروس محجوزة خارج المواعيد الجديدة');
    expect(alert.textContent).toContain('ألغِ هذه الدروس من صفحة الدروس القادمة');
    expect(server.callsTo('POST', '/availability-slot/')[0]?.body).toEqual({ slots: [] });
    // Still unsaved.
    expect(screen.getByText('لديك تغييرات لم تُحفظ بعد.')).toBeTruthy();
  });

  it('toggles from the keyboard and asks before leaving with unsaved changes', async () => {
    server.on('GET', '/availability-slot/', json(makeWeek([])));
    const { router } = renderApp('/schedule-management');
    const ui = userEvent.setup();

    expect(await screen.findByText('جدولك فارغ')).toBeTruthy();
    const cell = screen.getByLabelText('الجمعة ١١:٣٠ م');
    cell.focus();
    await ui.keyboard('{Enter}');
    expect(cell.getAttribute('aria-pressed')).toBe('true');

    await act(() => router.navigate('/profile'));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('لديك تغييرات لم تُحفظ');
    await ui.click(within(dialog).getByRole('button', { name: 'البقاء في الصفحة' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/schedule-management');

    await act(() => router.navigate('/profile'));
    dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('button', { name: 'مغادرة دون حفظ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('opens the grid at the first slot of the week, and a phone at its day', async () => {
    // jsdom lays nothing out: each hour label sits at 10 px per minute of the day.
    const offsetTop = vi
      .spyOn(HTMLElement.prototype, 'offsetTop', 'get')
      .mockImplementation(function (this: HTMLElement) {
        return Number(this.dataset.minute ?? 0) * 10;
      });
    const scrolled: number[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollTop', 'set').mockImplementation(function (
      this: HTMLElement,
      value: number,
    ) {
      if (this.getAttribute('aria-label') === 'الجدول الأسبوعي') scrolled.push(value);
    });
    const MONDAY_NINE_FIFTEEN: WeeklySlot = { weekday: 1, start: '09:15', length: 15 };
    server.on(
      'GET',
      '/availability-slot/',
      json(makeWeek([{ ...SATURDAY_SIX_PM, weekday: 3 }, MONDAY_NINE_FIFTEEN])),
    );
    try {
      renderApp('/schedule-management');
      await screen.findByLabelText('الأربعاء ٦:٠٠ م');
      // 9:15 falls in the 9:00 row of 30-minute rows; the grid's 8 px padding stays above it.
      await waitFor(() => expect(scrolled).toEqual([9 * 60 * 10 - 8]));
      // The phone's day picker starts at the first day with a slot, not Saturday.
      expect((screen.getByLabelText('اليوم') as HTMLSelectElement).value).toBe('1');
    } finally {
      offsetTop.mockRestore();
      vi.restoreAllMocks();
    }
  });

  it('shows a load failure', async () => {
    server.on('GET', '/availability-slot/', apiError(500, 'unexpected'));
    renderApp('/schedule-management');
    expect(await screen.findByText('تعذّر تحميل جدولك', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it("keeps a tutor manager's schedule: the times tutors book interviews in", async () => {
    signInAs(server, makeUser({ id: 40, role: Role.TutorManager, name: 'منى حسن' }));
    // A booked interview: the answer names only lessons by id, so it comes without one.
    const interview = { start: BOOKED.start, end: BOOKED.end };
    server.on('GET', '/availability-slot/', json(makeWeek([SATURDAY_SIX_PM], [interview])));
    answerSaves();
    renderApp('/schedule-management');
    const ui = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'إدارة المواعيد' })).toBeTruthy();
    expect(
      screen.getByText(
        'المواعيد التي يستطيع المعلمون الجدد حجز المقابلات والجلسات التجريبية فيها معك كل أسبوع.',
      ),
    ).toBeTruthy();
    const booked = await screen.findByLabelText('السبت ٦:٠٠ م، موعد محجوز');
    expect(screen.queryByText('درس محجوز')).toBeNull();

    // Dropping the slot would leave the interview outside: refused before sending.
    await ui.click(booked);
    await ui.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('مقابلات أو جلسات تجريبية محجوزة خارج المواعيد الجديدة');
    expect(server.callsTo('POST', '/availability-slot/')).toHaveLength(0);

    // A new slot is saved as a tutor's is.
    await ui.click(booked);
    await ui.click(screen.getByLabelText('الأحد ٦:٣٠ م'));
    await ui.click(saveButton());
    await waitFor(() => expect(server.callsTo('POST', '/availability-slot/')).toHaveLength(1));
    expect(server.callsTo('POST', '/availability-slot/')[0]?.body).toEqual({
      slots: [SATURDAY_SIX_PM, { weekday: 0, start: '18:30', length: 30 }],
    });
  });

  it('tells a student the page is for tutors', async () => {
    signInAs(server, makeUser());
    renderApp('/schedule-management');
    expect(await screen.findByText('هذه الصفحة للمعلمين')).toBeTruthy();
    expect(server.callsTo('GET', '/availability-slot/')).toHaveLength(0);
  });
});
