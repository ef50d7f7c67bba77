import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, STORAGE_KEYS } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import {
  REGULAR_ADMIN,
  SUPER_ADMIN,
  apiError,
  fakeToken,
  makeUser,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';
import type { FakeHandler, FakeRequest } from '../../testing/fake-api';

/** `total` users, served page by page as the query asks. */
function usersHandler(total: number): FakeHandler {
  const all = Array.from({ length: total }, (_, index) =>
    makeUser({
      id: 100 + index,
      name: `مستخدم رقم ${index + 1}`,
      email: `user${index + 1}@talaqa.com`,
      role: Role.Student,
    }),
  );
  return ({ query }) => {
    const page = Number(query.get('page'));
    const size = Number(query.get('size'));
    return { list: all.slice((page - 1) * size, page * size), total };
  };
}

const listRequests = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === '/user/list');
const lastListQuery = (requests: FakeRequest[]) =>
  Object.fromEntries(listRequests(requests).at(-1)?.query ?? []);

const pageText = (page: string, total: string) => `صفحة ${page} من ${total}`;

beforeEach(() => resetSession());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/users list', () => {
  it('asks for page 1 of 10 newest first, then sends each filter with the page back at 1', async () => {
    const fake = stubApi({ 'GET /user/list': usersHandler(25) }, SUPER_ADMIN);
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    const { router } = renderAdmin('/users?page=2');

    await screen.findAllByText('مستخدم رقم 11');
    expect(lastListQuery(fake.requests)).toEqual({
      page: '2',
      size: '10',
      sort: 'createdAt',
      order: 'desc',
    });

    const filters = screen.getByRole('search', { name: 'تصفية المستخدمين' });
    await user.selectOptions(within(filters).getByLabelText('الدور'), 'طالب');
    await waitFor(() =>
      expect(lastListQuery(fake.requests)).toEqual({
        page: '1',
        size: '10',
        role: String(Role.Student),
        sort: 'createdAt',
        order: 'desc',
      }),
    );

    await user.selectOptions(within(filters).getByLabelText('تأكيد البريد الإلكتروني'), 'true');
    await user.selectOptions(within(filters).getByLabelText('الترتيب'), 'الاسم (أ إلى ي)');
    await user.type(within(filters).getByLabelText('بحث'), 'أحمد');
    await waitFor(() =>
      expect(lastListQuery(fake.requests)).toEqual({
        page: '1',
        size: '10',
        role: String(Role.Student),
        verifiedEmail: 'true',
        search: 'أحمد',
        sort: 'name',
        order: 'asc',
      }),
    );
    // The search waited for the typing to pause: no request for a partial word.
    expect(listRequests(fake.requests).some((r) => r.query.get('search') === 'أ')).toBe(false);
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('أحمد');
  });

  it('moves between pages only from 1 to the last page', async () => {
    const fake = stubApi({ 'GET /user/list': usersHandler(25) }, SUPER_ADMIN);
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    renderAdmin('/users');

    const pager = await screen.findByRole('navigation', { name: 'صفحات المستخدمين' });
    expect(within(pager).getByText(pageText('١', '٣'))).toBeTruthy();
    const button = (name: string) => within(pager).getByRole('button', { name });
    expect(button(UI_MESSAGES.paginationFirst)).toHaveProperty('disabled', true);
    expect(button(UI_MESSAGES.paginationPrevious)).toHaveProperty('disabled', true);

    await user.click(button(UI_MESSAGES.paginationNext));
    await within(pager).findByText(pageText('٢', '٣'));
    expect(lastListQuery(fake.requests).page).toBe('2');

    await user.click(button(UI_MESSAGES.paginationLast));
    await within(pager).findByText(pageText('٣', '٣'));
    await screen.findAllByText('مستخدم رقم 25');
    expect(button(UI_MESSAGES.paginationNext)).toHaveProperty('disabled', true);
    expect(button(UI_MESSAGES.paginationLast)).toHaveProperty('disabled', true);
    await user.click(button(UI_MESSAGES.paginationNext));

    await user.click(button(UI_MESSAGES.paginationFirst));
    await within(pager).findByText(pageText('١', '٣'));
    const pages = listRequests(fake.requests).map((r) => Number(r.query.get('page')));
    // Pressing "next" on the last page asked for nothing: only pages 1 to 3 were ever requested.
    expect(new Set(pages)).toEqual(new Set([1, 2, 3]));
  });

  it('goes back to the last page when the address asks for a page past the end', async () => {
    const fake = stubApi({ 'GET /user/list': usersHandler(25) }, SUPER_ADMIN);
    signInAs(SUPER_ADMIN);
    const { router } = renderAdmin('/users?page=9');
    await screen.findAllByText('مستخدم رقم 21');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');
    expect(lastListQuery(fake.requests).page).toBe('3');
  });

  it('remembers the page size in local storage', async () => {
    const fake = stubApi({ 'GET /user/list': usersHandler(45) }, SUPER_ADMIN);
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    renderAdmin('/users?page=2');
    await screen.findAllByText('مستخدم رقم 11');

    await user.selectOptions(screen.getByLabelText(UI_MESSAGES.paginationPageSize), '٢٠');
    await waitFor(() =>
      expect(lastListQuery(fake.requests)).toMatchObject({ page: '1', size: '20' }),
    );
    expect(localStorage.getItem(STORAGE_KEYS.pageSize)).toBe('20');
    cleanup();

    renderAdmin('/users');
    await screen.findAllByText('مستخدم رقم 20');
    expect(lastListQuery(fake.requests).size).toBe('20');
    expect(screen.getByLabelText(UI_MESSAGES.paginationPageSize)).toHaveProperty('value', '20');
  });

  it('links each user to their page and shows role, badges and the Cairo date in Arabic', async () => {
    stubApi(
      {
        'GET /user/list': () => ({
          list: [
            makeUser({
              id: 7,
              name: 'منى حسن',
              role: Role.Tutor,
              verifiedEmail: false,
              verifiedPhone: true,
              // 23:30 UTC on 31 Dec is already 1 January in Cairo.
              createdAt: '2024-12-31T23:30:00.000Z',
            }),
          ],
          total: 1,
        }),
        'GET /user/:id': () => makeUser({ id: 7, name: 'منى حسن', role: Role.Tutor }),
      },
      SUPER_ADMIN,
    );
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    const { router } = renderAdmin('/users');
    const table = await screen.findByRole('table', { name: 'قائمة المستخدمين' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('معلم')).toBeTruthy();
    expect(within(row).getByText('البريد غير مؤكَّد')).toBeTruthy();
    expect(within(row).getByText('الهاتف مؤكَّد')).toBeTruthy();
    expect(within(row).getByText('١ يناير ٢٠٢٥')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'منى حسن' }).getAttribute('href')).toBe('/user/7');

    await user.click(within(row).getByRole('link', { name: 'منى حسن' }));
    await screen.findByRole('heading', { level: 1, name: 'بيانات المستخدم' });
    expect(router.state.location.pathname).toBe('/user/7');
  });

  it('shows the empty state, and an error with a retry that works', async () => {
    let fail = true;
    stubApi(
      {
        'GET /user/list': ({ query }) =>
          fail ? apiError('unexpected', 500) : { list: [], total: 0, page: query.get('page') },
      },
      SUPER_ADMIN,
    );
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    renderAdmin('/users?search=zzz');
    const retry = await screen.findByRole('button', { name: UI_MESSAGES.retry }, { timeout: 4000 });
    expect(screen.getByText(UI_MESSAGES.loadFailedTitle)).toBeTruthy();
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('لا يوجد مستخدمون يطابقون البحث')).toBeTruthy();
  });
});

describe('create user dialog', () => {
  async function openDialog(me: User, routes: Record<string, FakeHandler> = {}) {
    const fake = stubApi(routes, me);
    signInAs(me);
    const user = userEvent.setup();
    renderAdmin('/users');
    await user.click(await screen.findByRole('button', { name: 'إنشاء مستخدم' }));
    const dialog = await screen.findByRole('dialog', { name: 'إنشاء مستخدم' });
    return { fake, user, dialog };
  }

  const roleOptions = (dialog: HTMLElement) =>
    Array.from((within(dialog).getByLabelText('الدور') as HTMLSelectElement).options).map(
      (option) => option.textContent,
    );

  it('offers no admin role to a regular admin', async () => {
    const { dialog } = await openDialog(REGULAR_ADMIN);
    expect(roleOptions(dialog)).toEqual(['معلم', 'طالب', 'مسؤول مقابلات', 'استوديو']);
  });

  it('offers every role to a super admin', async () => {
    const { dialog } = await openDialog(SUPER_ADMIN);
    expect(roleOptions(dialog)).toEqual([
      'مشرف عام',
      'مشرف',
      'معلم',
      'طالب',
      'مسؤول مقابلات',
      'استوديو',
    ]);
  });

  it('shows the Arabic rule under each wrong field and sends nothing', async () => {
    const { fake, user, dialog } = await openDialog(REGULAR_ADMIN);
    await user.type(within(dialog).getByLabelText('الاسم'), 'علي');
    await user.type(within(dialog).getByLabelText('البريد الإلكتروني'), 'ali@');
    await user.type(within(dialog).getByLabelText('كلمة المرور'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الحساب' }));

    expect(await within(dialog).findByText(ERROR_MESSAGES['name-too-short'])).toBeTruthy();
    expect(within(dialog).getByText(ERROR_MESSAGES['invalid-email'])).toBeTruthy();
    expect(within(dialog).getByText(ERROR_MESSAGES['password-too-short'])).toBeTruthy();
    expect(within(dialog).getByLabelText('الاسم').getAttribute('aria-invalid')).toBe('true');
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === '/user/')).toBe(false);

    await user.clear(within(dialog).getByLabelText('الاسم'));
    await user.type(within(dialog).getByLabelText('الاسم'), 'علي حسن');
    await user.clear(within(dialog).getByLabelText('البريد الإلكتروني'));
    await user.type(within(dialog).getByLabelText('البريد الإلكتروني'), 'ali@talaqa.com');
    await user.clear(within(dialog).getByLabelText('كلمة المرور'));
    await user.type(within(dialog).getByLabelText('كلمة المرور'), 'secret123');
    await user.type(within(dialog).getByLabelText('تأكيد كلمة المرور'), 'secret124');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES['password-mismatch'])).toBeTruthy();
  });

  it('puts the server answer user-exists on the e-mail field', async () => {
    const { user, dialog } = await openDialog(SUPER_ADMIN, {
      'POST /user/': () => apiError('user-exists', 409),
    });
    await user.type(within(dialog).getByLabelText('الاسم'), 'علي حسن');
    await user.type(within(dialog).getByLabelText('البريد الإلكتروني'), 'ali@talaqa.com');
    await user.type(within(dialog).getByLabelText('كلمة المرور'), 'secret123');
    await user.type(within(dialog).getByLabelText('تأكيد كلمة المرور'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES['user-exists'])).toBeTruthy();
    expect(within(dialog).getByLabelText('البريد الإلكتروني').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('creates the user, keeps the admin signed in as themself and refreshes the list', async () => {
    const created = makeUser({
      id: 300,
      name: 'علي حسن',
      email: 'ali@talaqa.com',
      role: Role.Tutor,
    });
    const { fake, user, dialog } = await openDialog(SUPER_ADMIN, {
      // An admin's creation: the account alone, no session of it (record 253).
      'POST /user/': () => Response.json({ user: created }, { status: 201 }),
    });
    await user.type(within(dialog).getByLabelText('الاسم'), ' علي   حسن ');
    await user.type(within(dialog).getByLabelText('البريد الإلكتروني'), 'Ali@Talaqa.com');
    await user.type(within(dialog).getByLabelText('كلمة المرور'), 'secret123');
    await user.type(within(dialog).getByLabelText('تأكيد كلمة المرور'), 'secret123');
    await user.selectOptions(within(dialog).getByLabelText('الدور'), 'معلم');
    const listsBefore = listRequests(fake.requests).length;
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الحساب' }));

    expect(await screen.findByText('تم إنشاء حساب علي حسن')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.requests.find((r) => r.method === 'POST' && r.path === '/user/')?.body).toEqual({
      name: 'علي حسن',
      email: 'ali@talaqa.com',
      password: 'secret123',
      passwordConfirmation: 'secret123',
      role: Role.Tutor,
      acceptTerms: true,
    });
    await waitFor(() => expect(listRequests(fake.requests).length).toBeGreaterThan(listsBefore));
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toContain(fakeToken(1).split('.')[0]);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).not.toContain(
      fakeToken(300).split('.')[1],
    );
  });
});
