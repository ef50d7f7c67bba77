import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, fullPeriodPrices, planSummaryOf } from '@talaqa/domain';
import type { Plan, PlanInviteView, User } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  createFakeApi,
  makeUser,
  noContent,
  renderAdmin,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';

function makePlan(id: number, weeklyMinutes: number, extra: Partial<Plan> = {}): Plan {
  const base = {
    id,
    weeklyMinutes,
    baseMonthPrice: 90_000,
    monthDiscount: 0,
    quarterDiscount: 10,
    yearDiscount: 20,
    active: true,
    forInvitesOnly: true,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...extra,
  };
  return { ...base, ...fullPeriodPrices(base) };
}

const OPEN_PLAN = makePlan(1, 60, { forInvitesOnly: false });
const VIP_90 = makePlan(2, 90);
const VIP_150 = makePlan(3, 150);
const PLANS = [OPEN_PLAN, VIP_90, VIP_150];

const YOUSSEF = makeUser({
  id: 9,
  name: 'يوسف كمال',
  email: 'youssef@talaqa.com',
  role: Role.Student,
});
const MONA = makeUser({ id: 10, name: 'منى سعيد', email: 'mona@talaqa.com', role: Role.Student });

const inviteOf = (id: number, user: User, plan: Plan): PlanInviteView => ({
  id,
  userId: user.id,
  planId: plan.id,
  createdBy: SUPER_ADMIN.id,
  userName: user.name,
  userEmail: user.email,
  plan: planSummaryOf(plan),
  createdAt: '2025-04-02T09:00:00.000Z',
});

/** A small in-memory invites server. */
function stubInvites(initial: PlanInviteView[]) {
  let invites = [...initial];
  let nextId = 100;
  const planOf = (id: number) => PLANS.find((plan) => plan.id === id);
  const fake = createFakeApi({
    'GET /plan/list': () => ({ list: PLANS, total: PLANS.length }),
    'GET /user/1': () => SUPER_ADMIN,
    'GET /user/list': ({ query }) => {
      const search = query.get('search') ?? '';
      const list = [YOUSSEF, MONA].filter((user) => user.name.includes(search));
      return { list, total: list.length };
    },
    'GET /plan-invite/list': ({ query }) => {
      const planId = Number(query.get('planId'));
      const list = planId ? invites.filter((invite) => invite.planId === planId) : invites;
      return { list, total: list.length };
    },
    'POST /plan-invite': ({ body }) => {
      const { userId, planId } = body as { userId: number; planId: number };
      const plan = planOf(planId);
      if (!plan) return apiError('plan-not-found', 404);
      if (invites.some((invite) => invite.userId === userId && invite.planId === planId)) {
        return apiError('plan-invite-exists', 409);
      }
      const user = [YOUSSEF, MONA].find((item) => item.id === userId)!;
      const invite = inviteOf(nextId++, user, plan);
      invites = [...invites, invite];
      return Response.json(invite, { status: 201 });
    },
    'PATCH /plan-invite': ({ body }) => {
      const { id, planId } = body as { id: number; planId: number };
      const plan = planOf(planId)!;
      invites = invites.map((invite) =>
        invite.id === id ? { ...invite, planId, plan: planSummaryOf(plan) } : invite,
      );
      return invites.find((invite) => invite.id === id);
    },
    'DELETE /plan-invite/:id': ({ path }) => {
      const id = Number(path.split('/')[2]);
      invites = invites.filter((invite) => invite.id !== id);
      return noContent();
    },
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

const writes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== 'GET');
const table = () => screen.getByRole('table', { name: 'قائمة دعوات الباقات' });

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/plan-invites', () => {
  it('lists the invites with the student, plan, creator and date, filtered by plan', async () => {
    const fake = stubInvites([inviteOf(7, YOUSSEF, VIP_90), inviteOf(8, MONA, VIP_150)]);
    const user = userEvent.setup();
    const { router } = renderAdmin('/plan-invites');
    await screen.findByRole('table', { name: 'قائمة دعوات الباقات' });
    const row = within(table()).getByText('يوسف كمال').closest('tr')!;
    expect(within(row).getByText('youssef@talaqa.com', { exact: false })).toBeTruthy();
    expect(within(row).getByText('باقة ٩٠ دقيقة (٩٠ دقيقة أسبوعيًا)')).toBeTruthy();
    expect(await within(row).findByRole('link', { name: SUPER_ADMIN.name })).toBeTruthy();
    expect(within(row).getByText('٢ أبريل ٢٠٢٥')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('الباقة'), 'باقة ١٥٠ دقيقة (١٥٠ دقيقة أسبوعيًا)');
    await waitFor(() => expect(within(table()).queryByText('يوسف كمال')).toBeNull());
    expect(within(table()).getByText('منى سعيد')).toBeTruthy();
    expect(router.state.location.search).toBe('?planId=3');
    const last = fake.requests.filter((request) => request.path === '/plan-invite/list').at(-1);
    expect(last?.query.get('planId')).toBe('3');
  });

  it('invites a searched student to an invites-only plan', async () => {
    const fake = stubInvites([]);
    const user = userEvent.setup();
    renderAdmin('/plan-invites');
    expect(await screen.findByText('لا توجد دعوات بعد')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'دعوة طالب' }));
    const dialog = await screen.findByRole('dialog', { name: 'دعوة طالب إلى باقة' });
    // Only plans for invited students are offered.
    const options = Array.from(
      (within(dialog).getByLabelText(/^الباقة/) as HTMLSelectElement).options,
    ).map((option) => option.textContent);
    expect(options).toEqual([
      'اختر الباقة',
      'باقة ٩٠ دقيقة (٩٠ دقيقة أسبوعيًا)',
      'باقة ١٥٠ دقيقة (١٥٠ دقيقة أسبوعيًا)',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'إضافة الدعوة' }));
    expect(await within(dialog).findAllByText(ERROR_MESSAGES.required)).toHaveLength(2);
    expect(writes(fake.requests)).toEqual([]);

    await user.type(within(dialog).getByLabelText('ابحث بالاسم أو البريد أو الهاتف'), 'منى');
    const results = await within(dialog).findByRole('list', { name: 'نتائج البحث' });
    await waitFor(() => expect(within(results).queryByText('يوسف كمال')).toBeNull());
    const search = fake.requests.filter((request) => request.path === '/user/list').at(-1);
    expect(search?.query.get('role')).toBe(String(Role.Student));
    expect(search?.query.get('search')).toBe('منى');
    await user.click(within(results).getByRole('button', { name: /منى سعيد/ }));
    await user.selectOptions(within(dialog).getByLabelText(/^الباقة/), String(VIP_150.id));
    await user.click(within(dialog).getByRole('button', { name: 'إضافة الدعوة' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fake.requests)).toMatchObject([
      { method: 'POST', path: '/plan-invite', body: { userId: MONA.id, planId: VIP_150.id } },
    ]);
    expect(await within(table()).findByText('منى سعيد')).toBeTruthy();
  });

  it('says when the student is already invited to that plan', async () => {
    stubInvites([inviteOf(7, YOUSSEF, VIP_90)]);
    const user = userEvent.setup();
    renderAdmin('/plan-invites');
    await screen.findByRole('table', { name: 'قائمة دعوات الباقات' });
    await user.click(screen.getByRole('button', { name: 'دعوة طالب' }));
    const dialog = await screen.findByRole('dialog', { name: 'دعوة طالب إلى باقة' });
    const results = await within(dialog).findByRole('list', { name: 'نتائج البحث' });
    await user.click(within(results).getByRole('button', { name: /يوسف كمال/ }));
    await user.selectOptions(within(dialog).getByLabelText(/^الباقة/), String(VIP_90.id));
    await user.click(within(dialog).getByRole('button', { name: 'إضافة الدعوة' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES['plan-invite-exists'])).toBeTruthy();
  });

  it('points an invite at another plan', async () => {
    const fake = stubInvites([inviteOf(7, YOUSSEF, VIP_90)]);
    const user = userEvent.setup();
    renderAdmin('/plan-invites');
    await screen.findByRole('table', { name: 'قائمة دعوات الباقات' });
    await user.click(within(table()).getByRole('button', { name: 'تغيير باقة دعوة يوسف كمال' }));
    const dialog = await screen.findByRole('dialog', { name: 'تغيير باقة الدعوة' });
    await user.selectOptions(within(dialog).getByLabelText(/^الباقة/), String(VIP_150.id));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التغيير' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fake.requests)).toMatchObject([
      { method: 'PATCH', path: '/plan-invite', body: { id: 7, planId: VIP_150.id } },
    ]);
    expect(await within(table()).findByText('باقة ١٥٠ دقيقة (١٥٠ دقيقة أسبوعيًا)')).toBeTruthy();
  });

  it('deletes an invite only after the confirmation', async () => {
    const fake = stubInvites([inviteOf(7, YOUSSEF, VIP_90)]);
    const user = userEvent.setup();
    renderAdmin('/plan-invites');
    await screen.findByRole('table', { name: 'قائمة دعوات الباقات' });
    await user.click(within(table()).getByRole('button', { name: 'حذف دعوة يوسف كمال' }));
    let dialog = await screen.findByRole('dialog', { name: 'حذف الدعوة' });
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(writes(fake.requests)).toEqual([]);

    await user.click(within(table()).getByRole('button', { name: 'حذف دعوة يوسف كمال' }));
    dialog = await screen.findByRole('dialog', { name: 'حذف الدعوة' });
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('لا توجد دعوات بعد')).toBeTruthy();
    expect(writes(fake.requests)).toMatchObject([{ method: 'DELETE', path: '/plan-invite/7' }]);
  });
});
