import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Coupon } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  createFakeApi,
  noContent,
  renderAdmin,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';
import { cairoLocalInputOf, instantOfCairoLocal } from './cairo-input';

const NOW = new Date('2026-01-10T10:00:00.000Z');
const SUMMER: Coupon = {
  id: 1,
  code: 'SUMMER-25',
  discount: 25,
  expireDate: '2026-08-31T20:59:00.000Z',
};
const OLD: Coupon = {
  id: 2,
  code: 'WINTER10',
  discount: 10,
  expireDate: '2025-12-31T21:59:00.000Z',
};

/** A small in-memory coupons server that, like the real one, hides expired coupons by default. */
function stubCoupons(initial: Coupon[]) {
  let coupons = [...initial];
  let nextId = 100;
  const idOf = (path: string) => Number(path.split('/')[2]);
  const duplicate = (code: string, id?: number) =>
    coupons.some((coupon) => coupon.code === code && coupon.id !== id);
  const fake = createFakeApi({
    'GET /coupon/list': ({ query }) => {
      const list =
        query.get('includeExpired') === 'true'
          ? coupons
          : coupons.filter((coupon) => new Date(coupon.expireDate) > NOW);
      return { list, total: list.length };
    },
    'POST /coupon': ({ body }) => {
      const fields = body as Omit<Coupon, 'id'>;
      if (duplicate(fields.code)) return apiError('coupon-exists', 409);
      const coupon = { id: nextId++, ...fields };
      coupons = [...coupons, coupon];
      return Response.json(coupon, { status: 201 });
    },
    'PUT /coupon/:id': ({ path, body }) => {
      const id = idOf(path);
      const coupon = { id, ...(body as Omit<Coupon, 'id'>) };
      coupons = coupons.map((item) => (item.id === id ? coupon : item));
      return coupon;
    },
    'DELETE /coupon/:id': ({ path }) => {
      coupons = coupons.filter((coupon) => coupon.id !== idOf(path));
      return noContent();
    },
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

const writes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== 'GET');

/** The dashboard's /plans page on its coupons tab. */
async function openCoupons() {
  renderAdmin('/plans?tab=coupons');
  return screen.findByRole('tabpanel', { name: 'أكواد الخصم' });
}

const setExpiry = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByLabelText('ينتهي في'), { target: { value } });

/** What a browser does with a half-typed date: the value is empty and `badInput` is set. */
function typeUnreadableExpiry(dialog: HTMLElement) {
  const input = within(dialog).getByLabelText('ينتهي في');
  // React reports a change only when the value differs from the last one it saw.
  fireEvent.change(input, { target: { value: '2026-05-01T12:00' } });
  Object.defineProperty(input, 'validity', { configurable: true, value: { badInput: true } });
  fireEvent.change(input, { target: { value: '' } });
  Reflect.deleteProperty(input, 'validity');
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Cairo date-time fields', () => {
  it('reads a datetime-local value on a Cairo clock, winter and summer', () => {
    expect(instantOfCairoLocal('2026-01-15T10:30')?.toISOString()).toBe('2026-01-15T08:30:00.000Z');
    expect(instantOfCairoLocal('2026-07-15T10:30')?.toISOString()).toBe('2026-07-15T07:30:00.000Z');
    expect(instantOfCairoLocal('2026-02-30T10:00')).toBeNull();
    expect(instantOfCairoLocal('2026-01-15')).toBeNull();
    expect(cairoLocalInputOf('2026-08-31T20:59:00.000Z')).toBe('2026-08-31T23:59');
  });
});

describe('/plans coupons tab', () => {
  it('lists the valid coupons, and the expired ones on request', async () => {
    const fake = stubCoupons([SUMMER, OLD]);
    const user = userEvent.setup();
    const panel = await openCoupons();
    const table = await within(panel).findByRole('table', { name: 'قائمة أكواد الخصم' });
    expect(within(table).getByText('SUMMER-25').getAttribute('dir')).toBe('ltr');
    expect(within(table).getByText(/٢٥٪/)).toBeTruthy();
    expect(within(table).getByText('صالح')).toBeTruthy();
    expect(within(table).queryByText('WINTER10')).toBeNull();

    await user.click(within(panel).getByLabelText('إظهار الأكواد المنتهية'));
    expect(await within(table).findByText('WINTER10')).toBeTruthy();
    expect(within(table).getByText('منتهي')).toBeTruthy();
    const lists = fake.requests.filter((request) => request.path === '/coupon/list');
    expect(lists.map((request) => request.query.get('includeExpired'))).toEqual(['false', 'true']);
  });

  it('creates a coupon with the Arabic rules for code, discount and expiry', async () => {
    const fake = stubCoupons([SUMMER]);
    const user = userEvent.setup();
    const panel = await openCoupons();
    await user.click(within(panel).getByRole('button', { name: 'إنشاء كود خصم' }));
    const dialog = await screen.findByRole('dialog', { name: 'إنشاء كود خصم' });
    const submit = () => user.click(within(dialog).getByRole('button', { name: 'إنشاء الكود' }));

    await submit();
    expect(await within(dialog).findAllByText(ERROR_MESSAGES.required)).toHaveLength(2);
    expect(within(dialog).getByText(ERROR_MESSAGES['invalid-coupon-code'])).toBeTruthy();

    await user.type(within(dialog).getByLabelText('الكود'), 'a!');
    await user.type(within(dialog).getByLabelText('نسبة الخصم ٪'), '0');
    typeUnreadableExpiry(dialog);
    await submit();
    expect(await within(dialog).findByText(ERROR_MESSAGES['invalid-coupon-code'])).toBeTruthy();
    expect(within(dialog).getByText(ERROR_MESSAGES['zero-discount'])).toBeTruthy();
    expect(within(dialog).getByText(ERROR_MESSAGES['invalid-expire-date'])).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('نسبة الخصم ٪'));
    await user.type(within(dialog).getByLabelText('نسبة الخصم ٪'), '101');
    setExpiry(dialog, '2026-01-10T11:59');
    await submit();
    expect(await within(dialog).findByText(ERROR_MESSAGES['max-discount-exceeded'])).toBeTruthy();
    // 11:59 in Cairo is 09:59 UTC, before "now" (10:00 UTC).
    expect(
      within(dialog).getByText('وقت الانتهاء مضى بالفعل، من فضلك اختر وقتًا بعد الآن'),
    ).toBeTruthy();
    expect(writes(fake.requests)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('الكود'));
    await user.type(within(dialog).getByLabelText('الكود'), 'ramadan-30');
    await user.clear(within(dialog).getByLabelText('نسبة الخصم ٪'));
    await user.type(within(dialog).getByLabelText('نسبة الخصم ٪'), '30');
    setExpiry(dialog, '2026-03-20T23:59');
    await submit();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fake.requests)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/coupon',
        body: { code: 'RAMADAN-30', discount: 30, expireDate: '2026-03-20T21:59:00.000Z' },
      }),
    ]);
    const table = within(panel).getByRole('table', { name: 'قائمة أكواد الخصم' });
    expect(await within(table).findByText('RAMADAN-30')).toBeTruthy();
    expect(screen.getByText('تم إنشاء كود الخصم')).toBeTruthy();
  });

  it('puts a taken code on the code field', async () => {
    stubCoupons([SUMMER]);
    const user = userEvent.setup();
    const panel = await openCoupons();
    await user.click(within(panel).getByRole('button', { name: 'إنشاء كود خصم' }));
    const dialog = await screen.findByRole('dialog', { name: 'إنشاء كود خصم' });
    await user.type(within(dialog).getByLabelText('الكود'), 'summer-25');
    await user.type(within(dialog).getByLabelText('نسبة الخصم ٪'), '10');
    setExpiry(dialog, '2026-05-01T12:00');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الكود' }));
    const code = within(dialog).getByLabelText('الكود');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(ERROR_MESSAGES['coupon-exists'])).toBeTruthy();
  });

  it('edits a coupon from its Cairo expiry time and sends the whole coupon', async () => {
    const fake = stubCoupons([SUMMER]);
    const user = userEvent.setup();
    const panel = await openCoupons();
    const table = await within(panel).findByRole('table', { name: 'قائمة أكواد الخصم' });
    await user.click(within(table).getByRole('button', { name: 'تعديل الكود SUMMER-25' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل كود الخصم' });
    expect(within(dialog).getByLabelText('ينتهي في')).toHaveProperty('value', '2026-08-31T23:59');
    await user.clear(within(dialog).getByLabelText('نسبة الخصم ٪'));
    await user.type(within(dialog).getByLabelText('نسبة الخصم ٪'), '٤٠');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fake.requests)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/coupon/1',
        body: { code: 'SUMMER-25', discount: 40, expireDate: SUMMER.expireDate },
      }),
    ]);
    expect(await within(table).findByText(/٤٠٪/)).toBeTruthy();
  });

  it('deletes a coupon only after the confirmation', async () => {
    const fake = stubCoupons([SUMMER]);
    const user = userEvent.setup();
    const panel = await openCoupons();
    const table = await within(panel).findByRole('table', { name: 'قائمة أكواد الخصم' });
    await user.click(within(table).getByRole('button', { name: 'حذف الكود SUMMER-25' }));
    let dialog = await screen.findByRole('dialog', { name: 'حذف كود الخصم' });
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(writes(fake.requests)).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'حذف الكود SUMMER-25' }));
    dialog = await screen.findByRole('dialog', { name: 'حذف كود الخصم' });
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await within(panel).findByText('لا توجد أكواد خصم صالحة')).toBeTruthy();
    expect(writes(fake.requests)).toMatchObject([{ method: 'DELETE', path: '/coupon/1' }]);
  });
});
