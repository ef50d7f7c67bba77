import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlanPeriod, formatMoney, fullPeriodPrices, pricePlanPurchase } from '@talaqa/domain';
import type { Piasters } from '@talaqa/domain';
import type { Plan } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  createFakeApi,
  renderAdmin,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';

function makePlan(overrides: Partial<Plan> & Pick<Plan, 'id' | 'weeklyMinutes'>): Plan {
  const base = {
    baseMonthPrice: 60_000,
    monthDiscount: 0,
    quarterDiscount: 10,
    yearDiscount: 20,
    active: true,
    forInvitesOnly: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
  return { ...base, ...fullPeriodPrices(base) };
}

const BEGINNING = makePlan({ id: 1, weeklyMinutes: 60 });
const ADVANCE = makePlan({ id: 2, weeklyMinutes: 120, baseMonthPrice: 110_000 });
const SECRET = makePlan({
  id: 3,
  weeklyMinutes: 90,
  baseMonthPrice: 80_050,
  active: false,
  forInvitesOnly: true,
});

/** A small in-memory plans server. */
function stubPlans(initial: Plan[], deleteDeactivates = false) {
  let plans = [...initial];
  let nextId = 100;
  const idOf = (path: string) => Number(path.split('/')[2]);
  const fake = createFakeApi({
    'GET /plan/list': () => ({ list: plans, total: plans.length }),
    'POST /plan': ({ body }) => {
      const fields = body as Omit<Plan, 'id'>;
      const plan = makePlan({ ...fields, id: nextId++ });
      plans = [...plans, plan];
      return Response.json(plan, { status: 201 });
    },
    'PATCH /plan/:id': ({ path, body }) => {
      const id = idOf(path);
      const known = plans.find((plan) => plan.id === id);
      if (!known) return apiError('plan-not-found', 404);
      const plan = makePlan({ ...known, ...(body as Partial<Plan>) });
      plans = plans.map((item) => (item.id === id ? plan : item));
      return plan;
    },
    'DELETE /plan/:id': ({ path }) => {
      const id = idOf(path);
      if (deleteDeactivates) {
        plans = plans.map((plan) => (plan.id === id ? { ...plan, active: false } : plan));
      } else {
        plans = plans.filter((plan) => plan.id !== id);
      }
      return { id, deactivated: deleteDeactivates };
    },
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

/** A price as Testing Library reads it from the page (its no-break space made a plain one). */
const money = (piasters: Piasters) => formatMoney(piasters).replace(/\s+/g, ' ');

const writes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== 'GET');
const card = (name: string) => screen.getByRole('article', { name });
const basePrice = (plan: HTMLElement) =>
  within(plan).getByText(/سعر الشهر الأساسي/).parentElement?.textContent;

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/plans', () => {
  it('lists every plan, inactive ones too, with its prices per period and its state', async () => {
    const fake = stubPlans([SECRET, ADVANCE, BEGINNING]);
    renderAdmin('/plans');
    const list = await screen.findByRole('list', { name: 'قائمة الباقات' });
    // Fewest minutes first.
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['باقة البداية', 'باقة ٩٠ دقيقة', 'الباقة المتقدمة']);
    const query = fake.requests.find((request) => request.path === '/plan/list')?.query;
    expect(query?.get('includeInactive')).toBe('true');

    const advance = card('الباقة المتقدمة');
    expect(within(advance).getByText('١٢٠ دقيقة أسبوعيًا')).toBeTruthy();
    expect(basePrice(advance)).toContain(formatMoney(110_000));
    expect(within(advance).getByText('معروضة للبيع')).toBeTruthy();
    const quarter = within(advance).getByRole('row', { name: /ثلاثة أشهر/ });
    const price = pricePlanPurchase({ plan: ADVANCE, period: PlanPeriod.Quarter });
    expect(within(quarter).getByText(money(price.listPrice))).toBeTruthy();
    expect(within(quarter).getByText(money(price.periodPrice))).toBeTruthy();
    expect(within(quarter).getByText(/١٠٪/)).toBeTruthy();
    const year = within(advance).getByRole('row', { name: /سنة كاملة/ });
    expect(
      within(year).getByText(
        money(pricePlanPurchase({ plan: ADVANCE, period: PlanPeriod.Year }).periodPrice),
      ),
    ).toBeTruthy();

    const secret = card('باقة ٩٠ دقيقة');
    expect(within(secret).getByText('موقوفة')).toBeTruthy();
    expect(within(secret).getByText('للمدعوين فقط')).toBeTruthy();
    expect(basePrice(secret)).toContain(formatMoney(80_050));
  });

  it('shows the empty state and the Arabic error with a retry', async () => {
    stubPlans([]);
    renderAdmin('/plans');
    expect(await screen.findByText('لا توجد باقات بعد')).toBeTruthy();
    cleanup();

    vi.stubGlobal(
      'fetch',
      vi.fn(createFakeApi({ 'GET /plan/list': () => apiError('service-unavailable', 503) }).fetch),
    );
    renderAdmin('/plans');
    expect(
      await screen.findByText(ERROR_MESSAGES['service-unavailable'], undefined, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
  });

  it('creates a plan with the Arabic rules and sends the price in piasters', async () => {
    const fake = stubPlans([BEGINNING]);
    const user = userEvent.setup();
    renderAdmin('/plans');
    await screen.findByRole('list', { name: 'قائمة الباقات' });
    await user.click(screen.getByRole('button', { name: 'إنشاء باقة' }));
    const dialog = await screen.findByRole('dialog', { name: 'إنشاء باقة' });

    await user.type(within(dialog).getByLabelText('سعر الشهر الأساسي (جنيه)'), '0');
    await user.clear(within(dialog).getByLabelText('خصم السنة ٪'));
    await user.type(within(dialog).getByLabelText('خصم السنة ٪'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الباقة' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES.required)).toBeTruthy();
    expect(within(dialog).getByText(ERROR_MESSAGES['invalid-plan-price'])).toBeTruthy();
    expect(within(dialog).getByText(ERROR_MESSAGES['invalid-plan-discount'])).toBeTruthy();
    expect(writes(fake.requests)).toEqual([]);

    await user.type(within(dialog).getByLabelText('الدقائق الأسبوعية'), '90');
    await user.clear(within(dialog).getByLabelText('سعر الشهر الأساسي (جنيه)'));
    await user.type(within(dialog).getByLabelText('سعر الشهر الأساسي (جنيه)'), '800.5');
    await user.clear(within(dialog).getByLabelText('خصم ٣ أشهر ٪'));
    await user.type(within(dialog).getByLabelText('خصم ٣ أشهر ٪'), '10');
    await user.clear(within(dialog).getByLabelText('خصم السنة ٪'));
    await user.type(within(dialog).getByLabelText('خصم السنة ٪'), '25');
    await user.click(within(dialog).getByLabelText('للمدعوين فقط'));
    // The preview prices the typed values as the checkout will.
    const preview = within(dialog).getByRole('region', { name: 'معاينة الأسعار' });
    const year = pricePlanPurchase({
      plan: {
        weeklyMinutes: 90,
        baseMonthPrice: 80_050,
        monthDiscount: 0,
        quarterDiscount: 10,
        yearDiscount: 25,
      },
      period: PlanPeriod.Year,
    });
    expect(within(preview).getByText(money(year.periodPrice))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الباقة' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fake.requests)).toMatchObject([
      {
        method: 'POST',
        path: '/plan',
        body: {
          weeklyMinutes: 90,
          baseMonthPrice: 80_050,
          monthDiscount: 0,
          quarterDiscount: 10,
          yearDiscount: 25,
          forInvitesOnly: true,
        },
      },
    ]);
    expect(await screen.findByText('تم إنشاء الباقة')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'باقة ٩٠ دقيقة' })).toBeTruthy();
  });

  it('edits a plan and sends only the changed fields', async () => {
    const fake = stubPlans([BEGINNING, ADVANCE]);
    const user = userEvent.setup();
    renderAdmin('/plans');
    await screen.findByRole('list', { name: 'قائمة الباقات' });
    await user.click(within(card('الباقة المتقدمة')).getByRole('button', { name: /^تعديل/ }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل الباقة' });
    expect(within(dialog).getByLabelText('سعر الشهر الأساسي (جنيه)')).toHaveProperty(
      'value',
      '1100',
    );
    await user.clear(within(dialog).getByLabelText('خصم ٣ أشهر ٪'));
    await user.type(within(dialog).getByLabelText('خصم ٣ أشهر ٪'), '١٥');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fake.requests)).toMatchObject([
      { method: 'PATCH', path: '/plan/2', body: { quarterDiscount: 15 } },
    ]);
    expect(Object.keys(writes(fake.requests)[0]?.body as object)).toEqual(['quarterDiscount']);
    const quarter = within(card('الباقة المتقدمة')).getByRole('row', { name: /ثلاثة أشهر/ });
    expect(await within(quarter).findByText(/١٥٪/)).toBeTruthy();
  });

  it('stops selling a plan and offers it again', async () => {
    const fake = stubPlans([ADVANCE]);
    const user = userEvent.setup();
    renderAdmin('/plans');
    await screen.findByRole('list', { name: 'قائمة الباقات' });
    await user.click(screen.getByRole('button', { name: 'إيقاف بيع الباقة المتقدمة' }));
    expect(await within(card('الباقة المتقدمة')).findByText('موقوفة')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'إعادة عرض الباقة المتقدمة' }));
    expect(await within(card('الباقة المتقدمة')).findByText('معروضة للبيع')).toBeTruthy();
    expect(writes(fake.requests)).toMatchObject([
      { method: 'PATCH', path: '/plan/2', body: { active: false } },
      { method: 'PATCH', path: '/plan/2', body: { active: true } },
    ]);
  });

  it('deletes a plan only after a confirmation that explains deactivation', async () => {
    const fake = stubPlans([BEGINNING, ADVANCE]);
    const user = userEvent.setup();
    renderAdmin('/plans');
    await screen.findByRole('list', { name: 'قائمة الباقات' });

    await user.click(screen.getByRole('button', { name: 'حذف باقة البداية' }));
    let dialog = await screen.findByRole('dialog', { name: 'حذف الباقة' });
    expect(within(dialog).getByText(/يُوقف بيعها/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fake.requests)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'حذف باقة البداية' }));
    dialog = await screen.findByRole('dialog', { name: 'حذف الباقة' });
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'باقة البداية' })).toBeNull());
    expect(writes(fake.requests)).toMatchObject([{ method: 'DELETE', path: '/plan/1' }]);
    expect(screen.getByText('تم حذف باقة البداية')).toBeTruthy();
  });

  it('says when a plan with buyers was deactivated instead of deleted', async () => {
    stubPlans([ADVANCE], true);
    const user = userEvent.setup();
    renderAdmin('/plans');
    await screen.findByRole('list', { name: 'قائمة الباقات' });
    await user.click(screen.getByRole('button', { name: 'حذف الباقة المتقدمة' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف الباقة' });
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText(/أُوقف بيعها بدلًا من حذفها/)).toBeTruthy();
    expect(await within(card('الباقة المتقدمة')).findByText('موقوفة')).toBeTruthy();
  });
});
