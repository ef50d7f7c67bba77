import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COUPON_DISCOUNT_MAX, COUPON_DISCOUNT_MIN, PlanPeriod, Role } from '@talaqa/domain';
import type { Coupon, CouponBody, CouponPage } from '@talaqa/domain';
import { coupons, plans, transactions } from '../../src/db/schema';
import { findActiveCoupon } from '../../src/modules/coupons';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

let server: TestServer;
let adminToken: string;
let student: SignedInUser;

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString();

const api = apiOn(() => server);

const person = (role: Role): Promise<SignedInUser> =>
  signedInUser(server, role, { name: 'كريم حسن' });

const body = (overrides: Partial<CouponBody> = {}): CouponBody => ({
  code: 'SPRING-20',
  discount: 20,
  expireDate: inDays(30),
  ...overrides,
});

async function newCoupon(overrides: Partial<CouponBody>): Promise<Coupon> {
  const answer = await api<Coupon>('POST', '/coupon', { token: adminToken, body: body(overrides) });
  expect(answer.status).toBe(201);
  return answer.body;
}

/** A coupon already past its expiry: the API refuses to make one, so it goes in directly. */
async function expiredCoupon(code: string): Promise<number> {
  const [row] = await server.app.database.db
    .insert(coupons)
    .values({ code, discount: 15, expireDate: new Date(Date.now() - DAY_MS) })
    .returning();
  if (!row) throw new Error('not inserted');
  return row.id;
}

async function couponCount(): Promise<number> {
  return (await server.app.database.db.select({ id: coupons.id }).from(coupons)).length;
}

beforeAll(async () => {
  server = await startTestServer({ trustedAddresses: ['127.0.0.1'] });
  adminToken = (await person(Role.RegularAdmin)).token;
  student = await person(Role.Student);
});
afterAll(() => server.close());

describe('creating a coupon', () => {
  it('stores the code in upper case and answers the coupon', async () => {
    const expireDate = inDays(10);
    const answer = await api<Coupon>('POST', '/coupon', {
      token: adminToken,
      body: { code: '  welcome-10 ', discount: 10, expireDate },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      code: 'WELCOME-10',
      discount: 10,
      expireDate,
    });
    const read = await api<Coupon>('GET', `/coupon/${answer.body.id}`, { token: adminToken });
    expect(read.body).toEqual(answer.body);
  });

  it('accepts the discount bounds and a plain date meaning the end of that Cairo day', async () => {
    const low = await newCoupon({ code: 'LOW1', discount: COUPON_DISCOUNT_MIN });
    expect(low.discount).toBe(1);
    const high = await newCoupon({
      code: 'FREE-100',
      discount: COUPON_DISCOUNT_MAX,
      expireDate: '2099-05-10',
    });
    expect(high.discount).toBe(100);
    // Midnight after 10 May in Cairo (UTC+3 in summer) is 21:00 UTC on the 10th.
    expect(high.expireDate).toBe('2099-05-10T21:00:00.000Z');
  });

  it.each([
    ['code', 'AB1', 'invalid-coupon-code'],
    ['code', 'A'.repeat(21), 'invalid-coupon-code'],
    ['code', 'NO SPACE', 'invalid-coupon-code'],
    ['code', '-LEAD', 'invalid-coupon-code'],
    ['code', undefined, 'required'],
    ['discount', 0, 'zero-discount'],
    ['discount', -5, 'zero-discount'],
    ['discount', COUPON_DISCOUNT_MAX + 1, 'max-discount-exceeded'],
    ['discount', 10.5, 'invalid-type'],
    ['expireDate', 'next week', 'invalid-expire-date'],
    ['expireDate', '2030-02-30', 'invalid-expire-date'],
    ['expireDate', '2030-01-01T10:00:00', 'invalid-expire-date'],
    ['expireDate', new Date(Date.now() - 60_000).toISOString(), 'expired-coupon'],
    ['expireDate', undefined, 'required'],
  ] as const)('refuses %s %s with %s and saves nothing', async (field, value, code) => {
    const before = await couponCount();
    const answer = await api('POST', '/coupon', {
      token: adminToken,
      body: { ...body({ code: 'REFUSED-1' }), [field]: value },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code, fields: [{ path: field, code }] });
    expect(await couponCount()).toBe(before);
  });

  it('refuses a code that exists, whatever its case', async () => {
    await newCoupon({ code: 'SUMMER-25' });
    const answer = await api('POST', '/coupon', {
      token: adminToken,
      body: body({ code: 'summer-25' }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'coupon-exists' });
  });

  it('is for admins only', async () => {
    const before = await couponCount();
    for (const role of [Role.Student, Role.Tutor, Role.TutorManager, Role.Studio]) {
      const { token } = await person(role);
      const answer = await api('POST', '/coupon', { token, body: body({ code: 'MINE-99' }) });
      expect(answer.status).toBe(403);
    }
    expect((await api('POST', '/coupon', { body: body({ code: 'MINE-99' }) })).status).toBe(401);
    expect(await couponCount()).toBe(before);
  });
});

describe('changing and deleting a coupon', () => {
  it('replaces the whole coupon', async () => {
    const coupon = await newCoupon({ code: 'EDIT-ME' });
    const expireDate = inDays(60);
    const answer = await api<Coupon>('PUT', `/coupon/${coupon.id}`, {
      token: adminToken,
      body: { code: 'edited', discount: 35, expireDate },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: coupon.id, code: 'EDITED', discount: 35, expireDate });
  });

  it('refuses bad values, a taken code and unknown coupons, changing nothing', async () => {
    const coupon = await newCoupon({ code: 'KEEP-ME' });
    await newCoupon({ code: 'TAKEN' });
    const bad = await api('PUT', `/coupon/${coupon.id}`, {
      token: adminToken,
      body: body({ code: 'KEEP-ME', discount: 0 }),
    });
    expect(bad.body).toMatchObject({ code: 'zero-discount' });
    const taken = await api('PUT', `/coupon/${coupon.id}`, {
      token: adminToken,
      body: body({ code: 'Taken' }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'coupon-exists' });
    const unknown = await api('PUT', '/coupon/999999', { token: adminToken, body: body() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'coupon-not-found' });
    const read = await api<Coupon>('GET', `/coupon/${coupon.id}`, { token: adminToken });
    expect(read.body).toEqual(coupon);
  });

  it('deletes a coupon, even one a transaction used (which keeps the code it was sold with)', async () => {
    const coupon = await newCoupon({ code: 'USED-ONCE' });
    const db = server.app.database.db;
    const [plan] = await db
      .insert(plans)
      .values({ weeklyMinutes: 60, baseMonthPrice: 60_000 })
      .returning();
    const [used] = await db
      .insert(transactions)
      .values({
        userId: student.user.id,
        planId: plan?.id,
        period: PlanPeriod.Month,
        method: 0,
        provider: 'fawry',
        amount: 48_000,
        listPrice: 60_000,
        couponId: coupon.id,
        couponCode: coupon.code,
        couponDiscount: 12_000,
        idempotencyKey: 'coupon-delete-test',
      })
      .returning();
    const deleted = await api('DELETE', `/coupon/${coupon.id}`, { token: adminToken });
    expect(deleted.status).toBe(204);
    const [after] = await db
      .select()
      .from(transactions)
      .where(eq(transactions.id, used?.id ?? 0));
    expect(after).toMatchObject({ couponId: null, couponCode: 'USED-ONCE' });
    const read = await api('GET', `/coupon/${coupon.id}`, { token: adminToken });
    expect(read.status).toBe(404);
    expect(read.body).toMatchObject({ code: 'coupon-not-found' });
    const again = await api('DELETE', `/coupon/${coupon.id}`, { token: adminToken });
    expect(again.body).toMatchObject({ code: 'coupon-not-found' });
  });

  it('is for admins only', async () => {
    const coupon = await newCoupon({ code: 'GUARDED' });
    for (const [method, sent] of [
      ['GET', undefined],
      ['PUT', body({ code: 'GUARDED' })],
      ['DELETE', undefined],
    ] as const) {
      const path = `/coupon/${coupon.id}`;
      expect((await api(method, path, { token: student.token, body: sent })).status).toBe(403);
      expect((await api(method, path, { body: sent })).status).toBe(401);
    }
    expect((await api('GET', '/coupon/list', { token: student.token })).status).toBe(403);
  });
});

describe('the coupon list', () => {
  it('shows the usable coupons newest first, the expired ones when asked', async () => {
    const db = server.app.database.db;
    await db.delete(coupons);
    const first = await newCoupon({ code: 'FIRST' });
    const second = await newCoupon({ code: 'SECOND' });
    const oldId = await expiredCoupon('OLD-ONE');
    const usable = await api<CouponPage>('GET', '/coupon/list', { token: adminToken });
    expect(usable.status).toBe(200);
    expect(usable.body).toEqual({ list: [second, first], total: 2 });
    const all = await api<CouponPage>('GET', '/coupon/list?includeExpired=true', {
      token: adminToken,
    });
    expect(all.body.total).toBe(3);
    expect(all.body.list.map((coupon) => coupon.id)).toEqual([oldId, second.id, first.id]);
    const paged = await api<CouponPage>('GET', '/coupon/list?includeExpired=true&page=2&size=2', {
      token: adminToken,
    });
    expect(paged.body).toEqual({ list: [first], total: 3 });
  });
});

describe('looking a code up at checkout', () => {
  beforeAll(async () => {
    await newCoupon({ code: 'CHECKOUT-15', discount: 15 });
    await expiredCoupon('GONE-15');
  });

  it('answers a usable coupon, whatever the case it is typed in', async () => {
    const answer = await api<Coupon>('GET', '/coupon/code/checkout-15', { token: student.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 'CHECKOUT-15', discount: 15 });
  });

  it('answers expired-coupon for one past its expiry', async () => {
    const answer = await api('GET', '/coupon/code/gone-15', { token: student.token });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'expired-coupon' });
  });

  it('answers coupon-not-found for an unknown code and invalid-coupon-code for a malformed one', async () => {
    const unknown = await api('GET', '/coupon/code/NOPE-NOPE', { token: student.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'coupon-not-found' });
    const malformed = await api('GET', '/coupon/code/x', { token: student.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'invalid-coupon-code' });
  });

  it('needs a signed-in caller', async () => {
    const answer = await api('GET', '/coupon/code/CHECKOUT-15');
    expect(answer.status).toBe(401);
  });

  it('limits guessing per account', async () => {
    const guesser = await person(Role.Student);
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const answer = await api('GET', `/coupon/code/GUESS-${attempt}`, { token: guesser.token });
      expect(answer.status, `attempt ${attempt}`).toBe(404);
    }
    const blocked = await api('GET', '/coupon/code/CHECKOUT-15', { token: guesser.token });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'too-many-requests' });
    // Another account is not held back by the first one's guesses.
    const other = await person(Role.Student);
    expect((await api('GET', '/coupon/code/CHECKOUT-15', { token: other.token })).status).toBe(200);
  });

  it('gives payments the same answers', async () => {
    const db = server.app.database.db;
    const now = new Date();
    expect(await findActiveCoupon(db, ' checkout-15 ', now)).toMatchObject({
      code: 'CHECKOUT-15',
      discount: 15,
    });
    await expect(findActiveCoupon(db, 'GONE-15', now)).rejects.toMatchObject({
      code: 'expired-coupon',
    });
    await expect(findActiveCoupon(db, 'UNKNOWN', now)).rejects.toMatchObject({
      code: 'coupon-not-found',
    });
    // Usable until its expiry instant, not at it.
    const row = await findActiveCoupon(db, 'CHECKOUT-15', now);
    await expect(findActiveCoupon(db, 'CHECKOUT-15', row.expireDate)).rejects.toMatchObject({
      code: 'expired-coupon',
    });
    const justBefore = new Date(row.expireDate.getTime() - 1);
    expect((await findActiveCoupon(db, 'CHECKOUT-15', justBefore)).id).toBe(row.id);
  });
});
