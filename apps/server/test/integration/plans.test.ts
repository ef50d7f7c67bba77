import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEMO_PLANS,
  PLAN_PRICE_MAX_PIASTERS,
  PlanName,
  PlanPeriod,
  Role,
  WEEKLY_MINUTES_MAX,
  WEEKLY_MINUTES_MIN,
} from '@talaqa/domain';
import type {
  CreatePlanBody,
  Plan,
  PlanDeletedAnswer,
  PlanInviteView,
  PlanPage,
  User,
} from '@talaqa/domain';
import { coupons, planInvites, plans, subscriptions, transactions } from '../../src/db/schema';
import { DEMO_COUPON, seedDemoData } from '../../src/demo/seed';
import { findPlanForPurchase } from '../../src/modules/plans/service';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

let server: TestServer;
let admin: SignedInUser;

const api = apiOn(() => server);

const person = (role: Role, name = 'سارة محمود'): Promise<SignedInUser> =>
  signedInUser(server, role, { name });

const planBody = (overrides: Partial<CreatePlanBody> = {}): CreatePlanBody => ({
  weeklyMinutes: 120,
  baseMonthPrice: 110_000,
  monthDiscount: 0,
  quarterDiscount: 10,
  yearDiscount: 20,
  ...overrides,
});

async function newPlan(overrides: Partial<CreatePlanBody> = {}): Promise<Plan> {
  const answer = await api<Plan>('POST', '/plan', {
    token: admin.token,
    body: planBody(overrides),
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function deactivate(plan: Plan): Promise<void> {
  const answer = await api('PATCH', `/plan/${plan.id}`, {
    token: admin.token,
    body: { active: false },
  });
  expect(answer.status).toBe(200);
}

async function planCount(): Promise<number> {
  return (await server.app.database.db.select({ id: plans.id }).from(plans)).length;
}

const idsOf = (page: PlanPage): number[] => page.list.map((plan) => plan.id);

beforeAll(async () => {
  server = await startTestServer({ trustedAddresses: ['127.0.0.1'] });
  admin = await person(Role.RegularAdmin, 'مشرف المنصة');
});
afterAll(() => server.close());

describe('creating a plan', () => {
  it('answers the plan with its full period prices, active and open to everyone', async () => {
    const answer = await api<Plan>('POST', '/plan', {
      token: admin.token,
      body: planBody({ weeklyMinutes: 230, baseMonthPrice: 200_000 }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      weeklyMinutes: 230,
      baseMonthPrice: 200_000,
      monthDiscount: 0,
      quarterDiscount: 10,
      yearDiscount: 20,
      fullMonthPrice: 200_000,
      fullQuarterPrice: 600_000,
      fullYearPrice: 2_400_000,
      active: true,
      createdAt: expect.any(String),
      forInvitesOnly: false,
    });
    expect(Date.parse(answer.body.createdAt)).not.toBeNaN();
    const read = await api<Plan>('GET', `/plan/${answer.body.id}`);
    expect(read.body).toEqual(answer.body);
  });

  it.each([
    ['weeklyMinutes', WEEKLY_MINUTES_MIN - 1, 'invalid-weekly-minutes'],
    ['weeklyMinutes', WEEKLY_MINUTES_MAX + 1, 'invalid-weekly-minutes'],
    ['weeklyMinutes', 60.5, 'invalid-type'],
    ['baseMonthPrice', 0, 'invalid-plan-price'],
    ['baseMonthPrice', PLAN_PRICE_MAX_PIASTERS + 1, 'invalid-plan-price'],
    ['baseMonthPrice', 100.5, 'invalid-plan-price'],
    ['monthDiscount', -1, 'invalid-plan-discount'],
    ['quarterDiscount', 101, 'invalid-plan-discount'],
    ['yearDiscount', 12.5, 'invalid-plan-discount'],
    ['baseMonthPrice', undefined, 'required'],
  ] as const)('refuses %s %s with %s and saves nothing', async (field, value, code) => {
    const before = await planCount();
    const answer = await api('POST', '/plan', {
      token: admin.token,
      body: { ...planBody(), [field]: value },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code, fields: [{ path: field, code }] });
    expect(await planCount()).toBe(before);
  });

  it('accepts the bounds themselves', async () => {
    const low = await newPlan({
      weeklyMinutes: WEEKLY_MINUTES_MIN,
      baseMonthPrice: 1,
      monthDiscount: 0,
      quarterDiscount: 0,
      yearDiscount: 0,
    });
    expect(low).toMatchObject({ weeklyMinutes: WEEKLY_MINUTES_MIN, baseMonthPrice: 1 });
    const high = await newPlan({
      weeklyMinutes: WEEKLY_MINUTES_MAX,
      baseMonthPrice: PLAN_PRICE_MAX_PIASTERS,
      monthDiscount: 100,
      quarterDiscount: 100,
      yearDiscount: 100,
    });
    expect(high).toMatchObject({
      weeklyMinutes: WEEKLY_MINUTES_MAX,
      fullYearPrice: PLAN_PRICE_MAX_PIASTERS * 12,
      yearDiscount: 100,
    });
    // Tidy up: these odd plans would only clutter the listings below.
    for (const plan of [low, high]) {
      expect((await api('DELETE', `/plan/${plan.id}`, { token: admin.token })).status).toBe(200);
    }
  });

  it('is for admins only', async () => {
    const before = await planCount();
    for (const role of [Role.Student, Role.Tutor, Role.TutorManager, Role.Studio]) {
      const { token } = await person(role);
      const answer = await api('POST', '/plan', { token, body: planBody() });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'forbidden' });
    }
    expect((await api('POST', '/plan', { body: planBody() })).status).toBe(401);
    const superAdmin = await person(Role.SuperAdmin);
    const answer = await api<Plan>('POST', '/plan', {
      token: superAdmin.token,
      body: planBody({ forInvitesOnly: true }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.forInvitesOnly).toBe(true);
    expect(await planCount()).toBe(before + 1);
  });
});

describe('editing a plan', () => {
  it('changes only the fields sent, and the full prices with the base price', async () => {
    const plan = await newPlan({ forInvitesOnly: true });
    const answer = await api<Plan>('PATCH', `/plan/${plan.id}`, {
      token: admin.token,
      body: { baseMonthPrice: 120_000, yearDiscount: 25 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ...plan,
      baseMonthPrice: 120_000,
      yearDiscount: 25,
      fullMonthPrice: 120_000,
      fullQuarterPrice: 360_000,
      fullYearPrice: 1_440_000,
    });
    // The invites-only flag was not sent, so it stays.
    expect(answer.body.forInvitesOnly).toBe(true);
  });

  it('refuses an empty body, bad values and unknown plans', async () => {
    const plan = await newPlan();
    const empty = await api('PATCH', `/plan/${plan.id}`, { token: admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'empty-request' });
    const bad = await api('PATCH', `/plan/${plan.id}`, {
      token: admin.token,
      body: { monthDiscount: 101 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid-plan-discount' });
    const unknown = await api('PATCH', '/plan/999999', {
      token: admin.token,
      body: { active: false },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'plan-not-found' });
    expect((await api<Plan>('GET', `/plan/${plan.id}`)).body).toEqual(plan);
  });

  it('is for admins only', async () => {
    const plan = await newPlan();
    const student = await person(Role.Student);
    const answer = await api('PATCH', `/plan/${plan.id}`, {
      token: student.token,
      body: { baseMonthPrice: 1 },
    });
    expect(answer.status).toBe(403);
    expect((await api<Plan>('GET', `/plan/${plan.id}`)).body.baseMonthPrice).toBe(110_000);
  });
});

describe('who sees which plans', () => {
  let open: Plan;
  let invitesOnly: Plan;
  let inactive: Plan;
  let invited: { user: User; token: string };
  let uninvited: { user: User; token: string };

  beforeAll(async () => {
    // A clean catalogue, so the listings below are exactly these plans.
    await server.app.database.db.delete(plans);
    inactive = await newPlan({ weeklyMinutes: 60, baseMonthPrice: 60_000 });
    await deactivate(inactive);
    invitesOnly = await newPlan({ weeklyMinutes: 300, forInvitesOnly: true });
    open = await newPlan({ weeklyMinutes: 120 });
    invited = await person(Role.Student);
    uninvited = await person(Role.Student);
    const invite = await api('POST', '/plan-invite', {
      token: admin.token,
      body: { userId: invited.user.id, planId: invitesOnly.id },
    });
    expect(invite.status).toBe(201);
  });

  it('shows strangers and uninvited students the active plans open to all', async () => {
    for (const token of [undefined, uninvited.token, (await person(Role.Tutor)).token]) {
      const answer = await api<PlanPage>('GET', '/plan/list', { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ list: [open], total: 1 });
    }
  });

  it('ignores includeInactive from anyone but an admin', async () => {
    const answer = await api<PlanPage>('GET', '/plan/list?includeInactive=true', {
      token: uninvited.token,
    });
    expect(idsOf(answer.body)).toEqual([open.id]);
  });

  it('adds the invites-only plans a student is invited to', async () => {
    const answer = await api<PlanPage>('GET', '/plan/list', { token: invited.token });
    expect(answer.body).toEqual({ list: [open, invitesOnly], total: 2 });
  });

  it('shows admins every plan, the inactive ones when asked, by weekly minutes', async () => {
    const active = await api<PlanPage>('GET', '/plan/list', { token: admin.token });
    expect(active.body).toEqual({ list: [open, invitesOnly], total: 2 });
    const all = await api<PlanPage>('GET', '/plan/list?includeInactive=true', {
      token: admin.token,
    });
    expect(idsOf(all.body)).toEqual([inactive.id, open.id, invitesOnly.id]);
    expect(all.body.total).toBe(3);
    expect(all.body.list[0]).toMatchObject({ active: false });
  });

  it('pages the list, with the total of every page', async () => {
    const page2 = await api<PlanPage>('GET', '/plan/list?includeInactive=true&page=2&size=2', {
      token: admin.token,
    });
    expect(page2.body).toMatchObject({ total: 3 });
    expect(idsOf(page2.body)).toEqual([invitesOnly.id]);
    const bad = await api('GET', '/plan/list?size=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid-page-size' });
    const flag = await api('GET', '/plan/list?includeInactive=maybe');
    expect(flag.status).toBe(400);
  });

  it('answers plan-not-found for one plan the caller may not see', async () => {
    for (const [token, plan] of [
      [undefined, invitesOnly],
      [uninvited.token, invitesOnly],
      [undefined, inactive],
      [invited.token, inactive],
    ] as const) {
      const answer = await api('GET', `/plan/${plan.id}`, { token });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'plan-not-found' });
    }
    expect((await api('GET', '/plan/999999')).body).toMatchObject({ code: 'plan-not-found' });
    expect((await api('GET', '/plan/abc')).status).toBe(400);
  });

  it('shows one plan to those who may see it', async () => {
    expect((await api<Plan>('GET', `/plan/${open.id}`)).body).toEqual(open);
    expect(
      (await api<Plan>('GET', `/plan/${invitesOnly.id}`, { token: invited.token })).body,
    ).toEqual(invitesOnly);
    const asAdmin = await api<Plan>('GET', `/plan/${inactive.id}`, { token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({ id: inactive.id, active: false });
  });

  it('lets the payments check the same rules', async () => {
    const db = server.app.database.db;
    expect((await findPlanForPurchase(db, open.id, uninvited.user.id)).id).toBe(open.id);
    expect((await findPlanForPurchase(db, invitesOnly.id, invited.user.id)).id).toBe(
      invitesOnly.id,
    );
    await expect(findPlanForPurchase(db, invitesOnly.id, uninvited.user.id)).rejects.toMatchObject({
      code: 'plan-not-found',
    });
    await expect(findPlanForPurchase(db, inactive.id, invited.user.id)).rejects.toMatchObject({
      code: 'plan-not-found',
    });
    await expect(findPlanForPurchase(db, 999999, invited.user.id)).rejects.toMatchObject({
      code: 'plan-not-found',
    });
  });
});

describe('deleting a plan', () => {
  async function buyer(): Promise<User> {
    return (await person(Role.Student)).user;
  }

  it('deletes a plan nobody bought, with its invites', async () => {
    const plan = await newPlan({ forInvitesOnly: true });
    const student = await buyer();
    await api('POST', '/plan-invite', {
      token: admin.token,
      body: { userId: student.id, planId: plan.id },
    });
    const answer = await api<PlanDeletedAnswer>('DELETE', `/plan/${plan.id}`, {
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: plan.id, deactivated: false });
    const read = await api('GET', `/plan/${plan.id}`, { token: admin.token });
    expect(read.body).toMatchObject({ code: 'plan-not-found' });
    const invites = await server.app.database.db
      .select()
      .from(planInvites)
      .where(eq(planInvites.planId, plan.id));
    expect(invites).toEqual([]);
  });

  it('deactivates a plan a transaction refers to', async () => {
    const plan = await newPlan();
    const student = await buyer();
    await server.app.database.db.insert(transactions).values({
      userId: student.id,
      planId: plan.id,
      period: PlanPeriod.Month,
      method: 0,
      provider: 'fawry',
      amount: plan.baseMonthPrice,
      listPrice: plan.baseMonthPrice,
      idempotencyKey: `plan-delete-${plan.id}`,
    });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await api<PlanDeletedAnswer>('DELETE', `/plan/${plan.id}`, {
        token: admin.token,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ id: plan.id, deactivated: true });
    }
    const read = await api<Plan>('GET', `/plan/${plan.id}`, { token: admin.token });
    expect(read.body).toEqual({ ...plan, active: false });
    expect((await api('GET', `/plan/${plan.id}`)).status).toBe(404);
  });

  it('deactivates a plan a subscription refers to', async () => {
    const plan = await newPlan();
    const student = await buyer();
    const now = new Date();
    await server.app.database.db.insert(subscriptions).values({
      userId: student.id,
      planId: plan.id,
      period: PlanPeriod.FreeTrial,
      weeklyMinutes: plan.weeklyMinutes,
      weekStartedAt: now,
      startsAt: now,
      endsAt: new Date(now.getTime() + 7 * 24 * 3600 * 1000),
    });
    const answer = await api('DELETE', `/plan/${plan.id}`, { token: admin.token });
    expect(answer.body).toEqual({ id: plan.id, deactivated: true });
  });

  it('refuses unknown plans and callers other than admins', async () => {
    const unknown = await api('DELETE', '/plan/999999', { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'plan-not-found' });
    const plan = await newPlan();
    const student = await person(Role.Student);
    expect((await api('DELETE', `/plan/${plan.id}`, { token: student.token })).status).toBe(403);
    expect((await api('DELETE', `/plan/${plan.id}`)).status).toBe(401);
    expect((await api('GET', `/plan/${plan.id}`)).status).toBe(200);
  });
});

describe('plan invites', () => {
  let beginning: Plan;
  let advance: Plan;
  let student: { user: User; token: string };

  beforeAll(async () => {
    beginning = await newPlan({ weeklyMinutes: 60, forInvitesOnly: true });
    advance = await newPlan({ weeklyMinutes: 120, forInvitesOnly: true });
    student = await person(Role.Student, 'منى عادل');
  });

  it('invites a student, recording the admin who did', async () => {
    const answer = await api<PlanInviteView>('POST', '/plan-invite', {
      token: admin.token,
      body: { userId: student.user.id, planId: beginning.id },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      userId: student.user.id,
      planId: beginning.id,
      createdBy: admin.user.id,
      userName: 'منى عادل',
      userEmail: student.user.email,
      plan: { id: beginning.id, weeklyMinutes: 60, name: PlanName.Beginning },
      createdAt: expect.any(String),
    });
  });

  it('refuses a second invite of the same student to the same plan', async () => {
    const answer = await api('POST', '/plan-invite', {
      token: admin.token,
      body: { userId: student.user.id, planId: beginning.id },
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'plan-invite-exists' });
  });

  it('refuses users who are not students, unknown users and unknown plans', async () => {
    const tutor = await person(Role.Tutor);
    const cases = [
      [{ userId: tutor.user.id, planId: beginning.id }, 404, 'student-not-found'],
      [{ userId: admin.user.id, planId: beginning.id }, 404, 'student-not-found'],
      [{ userId: 999999, planId: beginning.id }, 404, 'user-not-found'],
      [{ userId: student.user.id, planId: 999999 }, 404, 'plan-not-found'],
      [{ userId: student.user.id }, 400, 'required'],
      [{ userId: 'x', planId: beginning.id }, 400, 'invalid-type'],
    ] as const;
    for (const [body, status, code] of cases) {
      const answer = await api('POST', '/plan-invite', { token: admin.token, body });
      expect(answer.status, code).toBe(status);
      expect(answer.body).toMatchObject({ code });
    }
  });

  it('lists invites with filters and paging, newest first', async () => {
    const other = await person(Role.Student);
    await api('POST', '/plan-invite', {
      token: admin.token,
      body: { userId: other.user.id, planId: advance.id },
    });
    await api('POST', '/plan-invite', {
      token: admin.token,
      body: { userId: student.user.id, planId: advance.id },
    });
    const mine = await api<{ list: PlanInviteView[]; total: number }>(
      'GET',
      `/plan-invite/list?userId=${student.user.id}`,
      { token: admin.token },
    );
    expect(mine.body.total).toBe(2);
    expect(mine.body.list.map((invite) => invite.planId)).toEqual([advance.id, beginning.id]);
    const onAdvance = await api<{ list: PlanInviteView[]; total: number }>(
      'GET',
      `/plan-invite/list?planId=${advance.id}&size=1`,
      { token: admin.token },
    );
    expect(onAdvance.body.total).toBe(2);
    expect(onAdvance.body.list).toHaveLength(1);
    expect(onAdvance.body.list[0]).toMatchObject({
      userId: student.user.id,
      plan: { id: advance.id, name: PlanName.Advance },
    });
    const both = await api<{ list: PlanInviteView[]; total: number }>(
      'GET',
      `/plan-invite/list?planId=${advance.id}&userId=${other.user.id}`,
      { token: admin.token },
    );
    expect(both.body.list.map((invite) => invite.userId)).toEqual([other.user.id]);
  });

  it('moves an invite to another plan, never onto one the student already has', async () => {
    const fresh = await person(Role.Student);
    const created = await api<PlanInviteView>('POST', '/plan-invite', {
      token: admin.token,
      body: { userId: fresh.user.id, planId: beginning.id },
    });
    const moved = await api<PlanInviteView>('PATCH', '/plan-invite', {
      token: admin.token,
      body: { id: created.body.id, planId: advance.id },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id: created.body.id,
      planId: advance.id,
      plan: { id: advance.id, weeklyMinutes: 120 },
    });
    // The student now sees the advance plan and no longer the beginning one.
    const seen = await api<PlanPage>('GET', '/plan/list', { token: fresh.token });
    expect(idsOf(seen.body)).toContain(advance.id);
    expect(idsOf(seen.body)).not.toContain(beginning.id);

    const mine = await api<{ list: PlanInviteView[] }>(
      'GET',
      `/plan-invite/list?userId=${student.user.id}`,
      { token: admin.token },
    );
    const onBeginning = mine.body.list.find((invite) => invite.planId === beginning.id);
    const clash = await api('PATCH', '/plan-invite', {
      token: admin.token,
      body: { id: onBeginning?.id, planId: advance.id },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'plan-invite-exists' });

    const unknown = await api('PATCH', '/plan-invite', {
      token: admin.token,
      body: { id: 999999, planId: advance.id },
    });
    expect(unknown.body).toMatchObject({ code: 'invite-not-found' });
    const noPlan = await api('PATCH', '/plan-invite', {
      token: admin.token,
      body: { id: created.body.id, planId: 999999 },
    });
    expect(noPlan.body).toMatchObject({ code: 'plan-not-found' });
  });

  it('deletes an invite, and the plan disappears for the student', async () => {
    const fresh = await person(Role.Student);
    const created = await api<PlanInviteView>('POST', '/plan-invite', {
      token: admin.token,
      body: { userId: fresh.user.id, planId: beginning.id },
    });
    expect((await api('GET', `/plan/${beginning.id}`, { token: fresh.token })).status).toBe(200);
    const deleted = await api('DELETE', `/plan-invite/${created.body.id}`, { token: admin.token });
    expect(deleted.status).toBe(204);
    expect((await api('GET', `/plan/${beginning.id}`, { token: fresh.token })).status).toBe(404);
    const again = await api('DELETE', `/plan-invite/${created.body.id}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'invite-not-found' });
  });

  it('is for admins only', async () => {
    const body = { userId: student.user.id, planId: advance.id };
    for (const [method, path, sent] of [
      ['GET', '/plan-invite/list', undefined],
      ['POST', '/plan-invite', body],
      ['PATCH', '/plan-invite', { id: 1, planId: advance.id }],
      ['DELETE', '/plan-invite/1', undefined],
    ] as const) {
      expect((await api(method, path, { token: student.token, body: sent })).status).toBe(403);
      expect((await api(method, path, { body: sent })).status).toBe(401);
    }
  });
});

describe('the demo catalogue', () => {
  beforeAll(async () => {
    // This file's database with the catalogue emptied stands for a fresh one.
    const db = server.app.database.db;
    await db.delete(subscriptions);
    await db.delete(transactions);
    await db.delete(plans);
    await db.delete(coupons);
  });

  it('seeds the three plans and a coupon once, on a database without plans', async () => {
    const db = server.app.database.db;
    const before = Date.now();
    await seedDemoData(db);
    await seedDemoData(db);
    const rows = await db.select().from(plans).orderBy(plans.weeklyMinutes);
    expect(
      rows.map(
        ({ weeklyMinutes, baseMonthPrice, monthDiscount, quarterDiscount, yearDiscount }) => ({
          weeklyMinutes,
          baseMonthPrice,
          monthDiscount,
          quarterDiscount,
          yearDiscount,
        }),
      ),
    ).toEqual(DEMO_PLANS.map(({ name: _name, forInvitesOnly: _only, ...plan }) => plan));
    expect(rows.every((row) => row.active && !row.forInvitesOnly)).toBe(true);
    const seeded = await db.select().from(coupons);
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatchObject(DEMO_COUPON);
    const days = ((seeded[0]?.expireDate.getTime() ?? 0) - before) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    // An admin's later changes stay: a deleted demo plan does not come back.
    const first = rows[0];
    if (first) await db.delete(plans).where(eq(plans.id, first.id));
    await seedDemoData(db);
    expect(await db.select().from(plans)).toHaveLength(2);
  });
});
