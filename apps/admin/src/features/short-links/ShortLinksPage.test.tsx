import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CAMPAIGN_SOURCES, formatMoney } from '@talaqa/domain';
import type { CampaignSourceRow, ShortLinkRow } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  REGULAR_ADMIN,
  apiError,
  noContent,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';

const link = (fields: Partial<ShortLinkRow> & Pick<ShortLinkRow, 'id' | 'name'>): ShortLinkRow => ({
  source: 'sfb',
  label: null,
  site: 'web',
  path: '/register/student',
  active: true,
  createdBy: REGULAR_ADMIN.id,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  clicks: 0,
  signUps: 0,
  payers: 0,
  payments: 0,
  revenue: 0,
  ...fields,
});

const SUMMER = link({
  id: 1,
  name: 'summer',
  label: 'عرض الصيف',
  clicks: 120,
  signUps: 9,
  payers: 2,
  payments: 3,
  revenue: 150_000,
});

const sources = (figures: Partial<Record<string, Partial<CampaignSourceRow>>> = {}) =>
  CAMPAIGN_SOURCES.map((source) => ({
    source,
    clicks: 0,
    signUps: 0,
    payers: 0,
    payments: 0,
    revenue: 0,
    ...figures[source],
  }));

/** An in-memory short-links server that refuses a taken name like the real one. */
function stubLinks(initial: ShortLinkRow[]) {
  let links = [...initial];
  let nextId = 100;
  const idOf = (path: string) => Number(path.split('/')[2]);
  return stubApi(
    {
      'GET /short-link/report': () => ({
        links,
        sources: sources({
          sfb: { clicks: 120, signUps: 9, payers: 2, payments: 3, revenue: 150_000 },
        }),
      }),
      'POST /short-link': ({ body }) => {
        const fields = body as Pick<ShortLinkRow, 'name' | 'source' | 'site' | 'path'>;
        if (links.some((item) => item.name === fields.name)) {
          return apiError('short-link-exists', 409);
        }
        const created = link({ id: nextId++, ...fields });
        links = [created, ...links];
        return Response.json(created, { status: 201 });
      },
      'PATCH /short-link/:id': ({ path, body }) => {
        const id = idOf(path);
        links = links.map((item) => (item.id === id ? { ...item, ...(body as object) } : item));
        return links.find((item) => item.id === id);
      },
      'DELETE /short-link/:id': ({ path }) => {
        const id = idOf(path);
        links = links.filter((item) => item.id !== id);
        return noContent();
      },
    },
    REGULAR_ADMIN,
  );
}

const writes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== 'GET');
const table = () => screen.findByRole('table', { name: 'الروابط المختصرة وأرقامها' });

async function openPage(url = '/short-links') {
  const view = renderAdmin(url);
  await screen.findByRole(
    'heading',
    { level: 1, name: 'الروابط المختصرة والحملات' },
    { timeout: 10_000 },
  );
  return view;
}

beforeEach(() => {
  resetSession();
  signInAs(REGULAR_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/short-links', () => {
  it('shows each link with its figures and the totals per source', async () => {
    stubLinks([SUMMER]);
    await openPage();
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(2);
    const row = rows[1]!;
    expect(within(row).getByText('/url/summer')).toBeTruthy();
    expect(within(row).getByText('عرض الصيف')).toBeTruthy();
    expect(within(row).getByText('فيسبوك')).toBeTruthy();
    expect(within(row).getByText('يعمل')).toBeTruthy();
    expect(within(row).getByText('١٢٠')).toBeTruthy();
    expect(row.textContent).toContain(formatMoney(150_000));

    const bySource = screen.getByRole('table', { name: 'الأرقام حسب المصدر' });
    const facebook = within(bySource).getByRole('row', { name: /فيسبوك/ });
    expect(within(facebook).getByText('٩')).toBeTruthy();
    const total = within(bySource).getByRole('row', { name: /المجموع/ });
    expect(total.textContent).toContain(formatMoney(150_000));
  }, 60_000);

  it('says so when there are no links yet', async () => {
    stubLinks([]);
    await openPage();
    expect(await screen.findByText('لا توجد روابط مختصرة بعد')).toBeTruthy();
  }, 60_000);

  it('creates a link with its copyable short address, and shows a taken name on its field', async () => {
    const fake = stubLinks([SUMMER]);
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'رابط جديد' }));
    let dialog = await screen.findByRole('dialog', { name: 'رابط مختصر جديد' });
    await user.type(within(dialog).getByLabelText('اسم الرابط'), 'Ramadan-WA');
    await user.selectOptions(within(dialog).getByLabelText('المصدر'), 'wa');
    await user.selectOptions(within(dialog).getByLabelText('يفتح على'), 'landing');
    await user.clear(within(dialog).getByLabelText('صفحة الوجهة'));
    await user.type(within(dialog).getByLabelText('صفحة الوجهة'), '/pricing');
    const address = within(dialog).getByLabelText('الرابط المختصر') as HTMLInputElement;
    expect(address.value).toMatch(/^http:\/\/localhost:\d+\/url\/ramadan-wa$/);
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الرابط' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fake.requests).map((r) => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/short-link',
        {
          name: 'ramadan-wa',
          source: 'wa',
          label: null,
          site: 'landing',
          path: '/pricing',
          active: true,
        },
      ],
    ]);
    expect(await within(await table()).findByText('/url/ramadan-wa')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'رابط جديد' }));
    dialog = await screen.findByRole('dialog', { name: 'رابط مختصر جديد' });
    await user.type(within(dialog).getByLabelText('اسم الرابط'), 'summer');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الرابط' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES['short-link-exists'])).toBeTruthy();
  }, 60_000);

  it('refuses an outside target before sending anything', async () => {
    const fake = stubLinks([]);
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'رابط جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'رابط مختصر جديد' });
    await user.type(within(dialog).getByLabelText('اسم الرابط'), 'promo');
    await user.clear(within(dialog).getByLabelText('صفحة الوجهة'));
    await user.type(within(dialog).getByLabelText('صفحة الوجهة'), 'https://evil.example');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الرابط' }));
    expect(
      await within(dialog).findByText(ERROR_MESSAGES['short-link-target-invalid']),
    ).toBeTruthy();
    expect(writes(fake.requests)).toEqual([]);
  }, 60_000);

  it('switches a link off from the edit dialog, and deletes only after confirming', async () => {
    const fake = stubLinks([SUMMER]);
    await openPage();
    const user = userEvent.setup();
    await user.click(within(await table()).getByRole('button', { name: 'تعديل الرابط summer' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل الرابط المختصر' });
    expect((within(dialog).getByLabelText('اسم الرابط') as HTMLInputElement).readOnly).toBe(true);
    await user.click(within(dialog).getByLabelText('الرابط يعمل'));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fake.requests)[0]).toMatchObject({
      method: 'PATCH',
      path: '/short-link/1',
      body: { label: 'عرض الصيف', site: 'web', path: '/register/student', active: false },
    });
    expect(await within(await table()).findByText('متوقف')).toBeTruthy();

    await user.click(within(await table()).getByRole('button', { name: 'حذف الرابط summer' }));
    let confirm = await screen.findByRole('dialog', { name: 'حذف الرابط المختصر' });
    await user.click(within(confirm).getByRole('button', { name: 'تراجع' }));
    expect(writes(fake.requests)).toHaveLength(1);
    await user.click(within(await table()).getByRole('button', { name: 'حذف الرابط summer' }));
    confirm = await screen.findByRole('dialog', { name: 'حذف الرابط المختصر' });
    await user.click(within(confirm).getByRole('button', { name: 'حذف الرابط' }));
    expect(await screen.findByText('لا توجد روابط مختصرة بعد')).toBeTruthy();
    expect(writes(fake.requests)[1]).toMatchObject({ method: 'DELETE', path: '/short-link/1' });
  }, 60_000);

  it('reads the Cairo date range from the address', async () => {
    const fake = stubLinks([SUMMER]);
    await openPage('/short-links?from=2026-11-01&to=2026-11-30');
    await table();
    const last = fake.requests.filter((r) => r.path === '/short-link/report').at(-1);
    expect(last?.query.get('from')).toBe('2026-10-31T22:00:00.000Z');
    expect(last?.query.get('to')).toBe('2026-11-30T22:00:00.000Z');
  }, 60_000);

  it('shows an Arabic error when the report cannot be read', async () => {
    stubApi({ 'GET /short-link/report': () => apiError('unexpected', 500) }, REGULAR_ADMIN);
    await openPage();
    expect(await screen.findByRole('alert')).toBeTruthy();
  }, 60_000);
});
