import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FolderTotal, StoredFile, StoredFilePage } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  noContent,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';

const NAME = (n: number, extension: string) =>
  `0000000${String(n)}-0000-4000-8000-000000000000.${extension}`;

const file = (overrides: Partial<StoredFile> & Pick<StoredFile, 'name'>): StoredFile => ({
  folder: 'uploads',
  bytes: 2048,
  modifiedAt: '2026-11-20T10:00:00.000Z',
  kind: 'image',
  uses: [],
  owner: null,
  poster: null,
  link: null,
  deletable: true,
  ...overrides,
});

const AVATAR = file({
  name: NAME(1, 'png'),
  bytes: 1536,
  modifiedAt: '2026-11-25T10:00:00.000Z',
  uses: [{ use: 'profile-image', ownerId: 7 }],
  owner: { id: 7, name: 'سارة الطالبة' },
  link: `/api/v1/assets/uploads/${NAME(1, 'png')}`,
  deletable: false,
});
const VIDEO = file({
  folder: 'media',
  name: NAME(2, 'mp4'),
  kind: 'video',
  bytes: 5 * 1024 * 1024,
  modifiedAt: '2026-11-24T10:00:00.000Z',
  uses: [{ use: 'intro-video', ownerId: 9 }],
  owner: { id: 9, name: 'كريم المعلم' },
  poster: NAME(3, 'jpg'),
  link: `/api/v1/assets/media/${NAME(2, 'mp4')}`,
  deletable: false,
});
const ORPHAN = file({
  folder: 'receipts',
  name: NAME(4, 'jpg'),
  kind: 'receipt',
  bytes: 80,
  modifiedAt: '2026-11-23T10:00:00.000Z',
});
const YOUNG = file({
  name: NAME(5, 'gif'),
  modifiedAt: '2026-11-26T10:00:00.000Z',
  link: `/api/v1/assets/uploads/${NAME(5, 'gif')}`,
  deletable: false,
});

const TOTALS: FolderTotal[] = [
  { folder: 'uploads', count: 2, bytes: 3584, unusedCount: 1, unusedBytes: 2048 },
  { folder: 'receipts', count: 1, bytes: 80, unusedCount: 1, unusedBytes: 80 },
  { folder: 'media', count: 1, bytes: 5 * 1024 * 1024, unusedCount: 0, unusedBytes: 0 },
  { folder: 'reports', count: 0, bytes: 0, unusedCount: 0, unusedBytes: 0 },
];

/** An in-memory store: filtered like the server, newest first, paged. */
function stubFiles(initial: StoredFile[] = [AVATAR, VIDEO, ORPHAN, YOUNG]) {
  let files = [...initial];
  return stubApi({
    'GET /stored-file/list': ({ query }): StoredFilePage => {
      const folder = query.get('folder');
      const state = query.get('state');
      const kind = query.get('kind');
      const owner = query.get('ownerId');
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('size') ?? 10);
      const found = files
        .filter((item) => !folder || item.folder === folder)
        .filter((item) => !state || (state === 'used') === item.uses.length > 0)
        .filter((item) => !kind || item.kind === kind)
        .filter((item) => !owner || item.uses.some((use) => String(use.ownerId) === owner))
        .sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt));
      return {
        list: found.slice((page - 1) * size, page * size),
        total: found.length,
        folders: TOTALS,
      };
    },
    'DELETE /stored-file/:folder/:name': ({ path }) => {
      const name = path.split('/')[3];
      const found = files.find((item) => item.name === name);
      if (!found) return apiError('asset-not-found', 404);
      if (found.uses.length > 0) return apiError('asset-in-use', 409);
      files = files.filter((item) => item !== found);
      return noContent();
    },
    'POST /stored-file/unused/delete': () => {
      const gone = files.filter((item) => item.deletable);
      files = files.filter((item) => !item.deletable);
      return { deleted: gone.length, bytes: gone.reduce((sum, item) => sum + item.bytes, 0) };
    },
    'GET /assets/media/:name': () =>
      new Response(new Blob(['jpg'], { type: 'image/jpeg' }), {
        headers: { 'content-type': 'image/jpeg' },
      }),
  });
}

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The wide table (the cards below 1280 px hold the same rows). */
const table = () => screen.getByRole('table', { name: 'الملفات المخزنة' });
const rowOf = (name: string) => {
  const cell = within(table()).getByText(name);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('admin /media', () => {
  it('lists the stored files newest first with size, use, owner and preview, and the totals', async () => {
    stubFiles();
    renderAdmin('/media');
    expect(await screen.findByRole('heading', { level: 1, name: 'الملفات المرفوعة' })).toBeTruthy();
    await screen.findByRole('table', { name: 'الملفات المخزنة' });
    const names = within(table())
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('bdi')?.textContent);
    expect(names).toEqual([YOUNG.name, AVATAR.name, VIDEO.name, ORPHAN.name]);

    const avatar = rowOf(AVATAR.name);
    expect(within(avatar).getByText('١٫٥ كيلوبايت')).toBeTruthy();
    expect(within(avatar).getByText('صورة الحساب')).toBeTruthy();
    expect(within(avatar).getByRole('link', { name: 'سارة الطالبة' }).getAttribute('href')).toBe(
      '/user/7',
    );
    expect(
      within(avatar)
        .getByRole('img', { name: /معاينة صورة/ })
        .getAttribute('src'),
    ).toContain(`/api/v1/assets/uploads/${AVATAR.name}`);
    // In use: no delete button.
    expect(within(avatar).queryByRole('button', { name: /حذف/ })).toBeNull();
    expect(within(avatar).queryByText('يُحذف بعد ساعة من رفعه')).toBeNull();

    const video = rowOf(VIDEO.name);
    expect(within(video).getByText('٥ ميجابايت')).toBeTruthy();
    expect(within(video).getByText('فيديو تعريفي')).toBeTruthy();
    // The video's thumbnail, fetched with the admin's token.
    expect(
      (await within(video).findByRole('img', { name: 'صورة الفيديو المصغّرة' })).getAttribute('src'),
    ).toBe('blob:preview');

    const orphan = rowOf(ORPHAN.name);
    expect(within(orphan).getByText('غير مستخدم')).toBeTruthy();
    expect(within(orphan).getByText('٨٠ بايت')).toBeTruthy();
    expect(within(orphan).getByRole('button', { name: `حذف الملف ${ORPHAN.name}` })).toBeTruthy();
    // Unused but written within the hour: no delete yet.
    const young = rowOf(YOUNG.name);
    expect(within(young).queryByRole('button', { name: /حذف/ })).toBeNull();
    expect(within(young).getByText('يُحذف بعد ساعة من رفعه')).toBeTruthy();

    const totals = screen.getByRole('list', { name: 'إجمالي كل مجلد' });
    const receipts = within(totals).getByRole('heading', {
      name: 'إيصالات التحويل',
    }).parentElement!;
    expect(receipts.textContent).toContain('ملف واحد · ٨٠ بايت');
    expect(within(totals).getByRole('heading', { name: 'بلاغات المشكلات' })).toBeTruthy();
  });

  it('keeps the filters in the address and sends them to the server', async () => {
    const fake = stubFiles();
    const { router } = renderAdmin('/media?state=unused');
    await screen.findByRole('table', { name: 'الملفات المخزنة' });
    expect((screen.getByLabelText('الاستخدام') as HTMLSelectElement).value).toBe('unused');
    expect(within(table()).queryByText(AVATAR.name)).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('المجلد'), 'receipts');
    await waitFor(() => expect(router.state.location.search).toContain('folder=receipts'));
    expect(router.state.location.search).toContain('state=unused');
    await waitFor(() => {
      const last = fake.requests.filter((r) => r.path === '/stored-file/list').at(-1);
      expect(last?.query.get('folder')).toBe('receipts');
      expect(last?.query.get('state')).toBe('unused');
    });
    await user.selectOptions(screen.getByLabelText('النوع'), 'video');
    expect(await screen.findByText('لا توجد ملفات تطابق التصفية')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'إظهار كل الملفات' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.type(screen.getByLabelText(/رقم المالك/), '9');
    await waitFor(() => expect(router.state.location.search).toBe('?owner=9'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(within(table()).getByText(VIDEO.name)).toBeTruthy();
  });

  it('deletes an unused file after asking, and not before', async () => {
    const fake = stubFiles([AVATAR, ORPHAN]);
    renderAdmin('/media');
    await screen.findByRole('table', { name: 'الملفات المخزنة' });
    const user = userEvent.setup();
    await user.click(within(rowOf(ORPHAN.name)).getByRole('button', { name: /حذف الملف/ }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف هذا الملف نهائيًا؟' });
    expect(dialog.textContent).toContain('٨٠ بايت');
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(rowOf(ORPHAN.name)).getByRole('button', { name: /حذف الملف/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }),
    );
    expect(await screen.findByText('حُذف الملف')).toBeTruthy();
    const removed = fake.requests.find((r) => r.method === 'DELETE');
    expect(removed?.path).toBe(`/stored-file/receipts/${ORPHAN.name}`);
    await waitFor(() => expect(within(table()).queryByText(ORPHAN.name)).toBeNull());
  });

  it('shows the Arabic reason when the server refuses a file in use', async () => {
    // Listed unused, but something started using it before the admin confirmed.
    stubApi({
      'GET /stored-file/list': () => ({
        list: [{ ...VIDEO, uses: [], owner: null, deletable: true }],
        total: 1,
        folders: TOTALS,
      }),
      'DELETE /stored-file/:folder/:name': () => apiError('asset-in-use', 409),
    });
    renderAdmin('/media');
    await screen.findByRole('table', { name: 'الملفات المخزنة' });
    const user = userEvent.setup();
    await user.click(within(rowOf(VIDEO.name)).getByRole('button', { name: /حذف الملف/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }),
    );
    expect(await screen.findByText(ERROR_MESSAGES['asset-in-use'])).toBeTruthy();
  });

  it('deletes every unused file past the chosen age after asking, and tells the count', async () => {
    const fake = stubFiles();
    renderAdmin('/media?folder=receipts');
    await screen.findByRole('table', { name: 'الملفات المخزنة' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'حذف الملفات غير المستخدمة' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف الملفات غير المستخدمة؟' });
    expect(dialog.textContent).toContain(
      'غير المستخدم الآن في «إيصالات التحويل»: ملف واحد (٨٠ بايت)',
    );
    await user.selectOptions(within(dialog).getByLabelText('احذف الملفات غير المستخدمة'), '168');
    await user.click(within(dialog).getByRole('button', { name: 'حذف غير المستخدم' }));
    expect(await screen.findByText('حُذف ملف واحد (٨٠ بايت)')).toBeTruthy();
    const sent = fake.requests.find((r) => r.path === '/stored-file/unused/delete');
    expect(sent?.body).toEqual({ olderThanHours: 168, folder: 'receipts' });
  });

  it('shows the empty store, and a failed load with a retry', async () => {
    stubApi({
      'GET /stored-file/list': () => ({
        list: [],
        total: 0,
        folders: TOTALS.map((t) => ({ ...t, count: 0, bytes: 0, unusedCount: 0, unusedBytes: 0 })),
      }),
    });
    renderAdmin('/media');
    expect(await screen.findByText('لا توجد ملفات مخزنة')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'حذف الملفات غير المستخدمة' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    cleanup();

    let fail = true;
    stubApi({
      'GET /stored-file/list': () =>
        fail ? apiError('internal-error', 500) : { list: [AVATAR], total: 1, folders: TOTALS },
    });
    renderAdmin('/media');
    const retry = await screen.findByRole('button', { name: /حاول مرة أخرى|إعادة المحاولة/ });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('table', { name: 'الملفات المخزنة' })).toBeTruthy();
  });
});
