// Test helpers of the marketing site's DOM tests (never imported by site code): a page rendered
// as the build renders it, with the live data the server would give it, and sample plans.
import { afterEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { DEMO_PLANS, fullPeriodPrices } from '@talaqa/domain';
import type { Plan } from '@talaqa/domain';
import { routes } from '../router';
import { LiveDataContext } from '../site/live-data';
import type { LiveData } from '../site/live-data';

// Vitest runs without globals, so Testing Library cannot clean up by itself.
afterEach(cleanup);

/**
 * The site's routes at one address with this live data, as src/render.tsx renders them (no
 * providers: a page of the site has no query client, no toasts, and calls no API).
 */
export function renderPage(url: string, data: LiveData = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return render(
    <LiveDataContext value={data}>
      <RouterProvider router={router} />
    </LiveDataContext>,
  );
}

/** The seed's three plans as `GET /plan/list` answers them, most minutes first. */
export const PLANS: readonly Plan[] = DEMO_PLANS.map((plan, index) => ({
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
})).reverse();

/** Plans a visitor must never see on `/pricing`: one for invites only, one switched off. */
export const HIDDEN_PLANS: readonly Plan[] = [
  { ...PLANS[0]!, id: 8, weeklyMinutes: 300, forInvitesOnly: true },
  { ...PLANS[0]!, id: 9, weeklyMinutes: 400, active: false },
];
