import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { PlanPeriod, Role, SubscriptionState, fullPeriodPrices } from '@talaqa/domain';
import type { SubscriptionView } from '@talaqa/domain';
import {
  SUPER_ADMIN,
  apiError,
  makeUser,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';

const STUDENT = makeUser({ id: 9, name: 'يوسف كمال', role: Role.Student });
const TUTOR = makeUser({ id: 7, name: 'أحمد سمير', role: Role.Tutor });

const planBase = {
  id: 2,
  weeklyMinutes: 120,
  baseMonthPrice: 110_000,
  monthDiscount: 0,
  quarterDiscount: 10,
  yearDiscount: 20,
  active: true,
  forInvitesOnly: false,
  createdAt: '2025-03-01T10:00:00.000Z',
};

const QUARTER: SubscriptionView = {
  id: 31,
  userId: 9,
  planId: 2,
  period: PlanPeriod.Quarter,
  weeklyMinutes: 120,
  consumedMinutes: 45,
  remainingMinutes: 75,
  startsAt: '2026-10-01T10:00:00.000Z',
  endsAt: '2027-01-01T10:00:00.000Z',
  plan: { ...planBase, ...fullPeriodPrices(planBase) },
  state: SubscriptionState.Active,
  canceledAt: null,
  weekStartedAt: '2026-11-20T22:00:00.000Z',
  nextRenewalAt: '2026-11-27T22:00:00.000Z',
  cancellable: false,
  transactionId: 5,
};

function stub(subscriptions: SubscriptionView[] | (() => Response), user = STUDENT) {
  return stubApi(
    {
      [`GET /user/${user.id}`]: () => user,
      'GET /lesson/list': () => ({ list: [], total: 0 }),
      'GET /sub/list': () =>
        typeof subscriptions === 'function'
          ? subscriptions()
          : { list: subscriptions, total: subscriptions.length },
    },
    SUPER_ADMIN,
  );
}

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/user/:id subscription', () => {
  it('shows a student’s live subscription above their lessons, with this week’s minutes', async () => {
    const fake = stub([QUARTER]);
    renderAdmin('/user/9');
    const card = await screen.findByRole('region', { name: 'الاشتراك الحالي' });
    expect(await within(card).findByText('فعّال')).toBeTruthy();
    expect(card.textContent).toContain('الباقة المتقدمة (١٢٠ دقيقة أسبوعيًا)');
    expect(card.textContent).toContain('ثلاثة أشهر');
    expect(card.textContent).toContain('المستخدم هذا الأسبوع٤٥ دقيقة');
    expect(card.textContent).toContain('المتبقي هذا الأسبوع٧٥ دقيقة');
    expect(within(card).getByText('تتجدد الدقائق الأسبوعية')).toBeTruthy();
    expect(within(card).getByText('ينتهي في')).toBeTruthy();
    expect(within(card).getByRole('progressbar')).toBeTruthy();
    const asked = fake.requests.find((request) => request.path === '/sub/list')?.query;
    expect([asked?.get('userId'), asked?.get('size')]).toEqual(['9', '1']);
    // The subscription comes first, the lessons after it.
    const lessons = await screen.findByRole('region', { name: 'الدروس' });
    expect(card.compareDocumentPosition(lessons) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names a canceled one as the last, shows a trial, and says when there is none', async () => {
    stub([
      {
        ...QUARTER,
        state: SubscriptionState.Canceled,
        canceledAt: '2026-11-02T09:00:00.000Z',
        remainingMinutes: 0,
        nextRenewalAt: null,
      },
    ]);
    renderAdmin('/user/9');
    const last = await screen.findByRole('region', { name: 'آخر اشتراك' });
    expect(await within(last).findByText('ملغى')).toBeTruthy();
    expect(within(last).getByText('أُلغي في')).toBeTruthy();
    expect(within(last).queryByRole('progressbar')).toBeNull();
    cleanup();

    // A free trial: its minutes, no end date (it ends with its minutes), no renewal.
    stub([
      {
        ...QUARTER,
        period: PlanPeriod.FreeTrial,
        weeklyMinutes: 30,
        consumedMinutes: 30,
        remainingMinutes: 0,
        endsAt: '2126-10-01T10:00:00.000Z',
        nextRenewalAt: null,
      },
    ]);
    renderAdmin('/user/9');
    const trial = await screen.findByRole('region', { name: 'الاشتراك الحالي' });
    expect(await within(trial).findByText('المستخدم من التجربة')).toBeTruthy();
    expect(trial.textContent).toContain('تجربة مجانية (٣٠ دقيقة مرة واحدة)');
    expect(within(trial).queryByText('ينتهي في')).toBeNull();
    cleanup();

    stub([]);
    renderAdmin('/user/9');
    const none = await screen.findByRole('region', { name: 'الاشتراك الحالي' });
    expect(
      await within(none).findByText('لا اشتراك لهذا الطالب، ولم تبدأ تجربته المجانية بعد.'),
    ).toBeTruthy();
  });

  it('offers a retry when the subscription cannot be read, and shows none for a tutor', async () => {
    stub(() => apiError('unexpected', 500));
    renderAdmin('/user/9');
    const card = await screen.findByRole('region', { name: 'الاشتراك الحالي' });
    expect(await within(card).findByRole('button', { name: /حاول/ })).toBeTruthy();
    cleanup();

    const fake = stub([QUARTER], TUTOR);
    renderAdmin('/user/7');
    await screen.findByRole('region', { name: 'الدروس' });
    expect(screen.queryByRole('region', { name: 'الاشتراك الحالي' })).toBeNull();
    expect(fake.requests.some((request) => request.path === '/sub/list')).toBe(false);
  });
});
