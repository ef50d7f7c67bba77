import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEMO_PLANS,
  LOCAL_PORTS,
  PlanPeriod,
  formatMoney,
  fullPeriodPrices,
  pricePlanPurchase,
} from '@talaqa/domain';
import type { Plan } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { renderRoute, stubHealthyApi } from '@talaqa/ui/testing';
import { routes } from '../../router';

/** The seed's three plans as the server answers them, plus two the page must not show. */
const PLANS: Plan[] = [
  ...DEMO_PLANS.map((plan, index) => ({
    id: index + 1,
    weeklyMinutes: plan.weeklyMinutes,
    baseMonthPrice: plan.baseMonthPrice,
    monthDiscount: plan.monthDiscount,
    quarterDiscount: plan.quarterDiscount,
    yearDiscount: plan.yearDiscount,
    ...fullPeriodPrices(plan),
    active: true,
    forInvitesOnly: false,
    createdAt: '2025-03-01T10:00:00.000Z',
  })),
].reverse();
const HIDDEN: Plan[] = [
  { ...PLANS[0]!, id: 8, weeklyMinutes: 300, forInvitesOnly: true },
  { ...PLANS[0]!, id: 9, weeklyMinutes: 400, active: false },
];

const fetchMock = stubHealthyApi();

function answerPlans(answer: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/api/v1/plan/list')) return answer();
    return Response.json({ status: 'ok', database: { status: 'up', driver: 'pglite' } });
  });
}

const cards = () => within(screen.getByRole('list', { name: 'الباقات' })).getAllByRole('article');
/** The prices a card shows, as plain text (the page's no-break spaces kept). */
const cardText = (name: string) => screen.getByRole('article', { name }).textContent ?? '';

describe('landing /pricing', () => {
  it('shows the plans on sale from the API, priced per period by pricePlanPurchase', async () => {
    answerPlans(() => Response.json({ list: [...PLANS, ...HIDDEN], total: 5 }));
    const user = userEvent.setup();
    renderRoute(routes, '/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'الأسعار والباقات' })).toBeTruthy();
    await screen.findByRole('list', { name: 'الباقات' });
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'باقة البداية',
      'الباقة المتقدمة',
      'الباقة الاحترافية',
    ]);
    const request = fetchMock.mock.calls
      .map(([input, init]) => ({ url: String(input), init }))
      .find(({ url }) => url.includes('/plan/list'));
    expect(new Headers(request?.init?.headers).has('authorization')).toBe(false);

    const advance = PLANS.find((plan) => plan.weeklyMinutes === 120)!;
    const month = pricePlanPurchase({ plan: advance, period: PlanPeriod.Month });
    expect(cardText('الباقة المتقدمة')).toContain(formatMoney(month.total));
    expect(cardText('الباقة المتقدمة')).toContain('١٢٠ دقيقة أسبوعيًا');

    await user.click(screen.getByLabelText('سنة كاملة'));
    const year = pricePlanPurchase({ plan: advance, period: PlanPeriod.Year });
    await waitFor(() => expect(cardText('الباقة المتقدمة')).toContain(formatMoney(year.total)));
    expect(cardText('الباقة المتقدمة')).toContain(formatMoney(year.listPrice));
    expect(cardText('الباقة المتقدمة')).toContain(formatMoney(year.perMonth));
    expect(cardText('الباقة المتقدمة')).toMatch(/وفّر ٢٠٪/);

    await user.click(screen.getByLabelText('ثلاثة أشهر'));
    const beginning = PLANS.find((plan) => plan.weeklyMinutes === 60)!;
    const quarter = pricePlanPurchase({ plan: beginning, period: PlanPeriod.Quarter });
    await waitFor(() => expect(cardText('باقة البداية')).toContain(formatMoney(quarter.total)));

    // Sign-up that leads on to this plan's checkout for the chosen period.
    const professional = PLANS.reduce((a, b) => (b.weeklyMinutes > a.weeklyMinutes ? b : a));
    const start = screen.getByRole('link', { name: 'ابدأ الآن مع الباقة الاحترافية' });
    const href = new URL(start.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe(
      `http://localhost:${LOCAL_PORTS.web}/register/student`,
    );
    expect(href.searchParams.get('next')).toBe(`/checkout/${professional.id}/quarter`);
  });

  it('says so with a retry when the API cannot be reached, and shows no prices', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input).includes('/plan/list')) throw new TypeError('Failed to fetch');
      return Response.json({ status: 'ok', database: { status: 'up', driver: 'pglite' } });
    });
    renderRoute(routes, '/pricing');
    expect(
      await screen.findByText('تعذّر تحميل الباقات', undefined, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByText(UI_MESSAGES.connectionFailed)).toBeTruthy();
    expect(screen.queryByText(/ج\.م\./)).toBeNull();

    answerPlans(() => Response.json({ list: PLANS, total: 3 }));
    await userEvent.setup().click(screen.getByRole('button', { name: UI_MESSAGES.retry }));
    expect(await screen.findByRole('list', { name: 'الباقات' })).toBeTruthy();
    expect(cards()).toHaveLength(3);
  });

  it('shows the loading skeleton, then the Arabic message of an API error', async () => {
    answerPlans(() => Response.json({ code: 'service-unavailable' }, { status: 503 }));
    renderRoute(routes, '/pricing');
    expect((await screen.findByText('جارٍ تحميل الباقات')).getAttribute('role')).toBe('status');
    expect(
      await screen.findByText(ERROR_MESSAGES['service-unavailable'], undefined, { timeout: 4000 }),
    ).toBeTruthy();
  });

  it('says when no plan is on sale', async () => {
    answerPlans(() => Response.json({ list: HIDDEN, total: 2 }));
    renderRoute(routes, '/pricing');
    expect(await screen.findByText('لا توجد باقات متاحة الآن')).toBeTruthy();
  });
});
