import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCAL_PORTS } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
import { paths } from './paths';
import { routes } from './router';
import { registeredPaths, renderRoute, stubHealthyApi } from '@talaqa/ui/testing';
import { SIDEBAR_LINKS } from './layout/navigation';
import { PORT } from '../vite.config';
import indexHtml from '../index.html?raw';
import { SUPER_ADMIN, createFakeApi, resetSession, signInAs } from './testing/fake-api';

/** One sample address and the Arabic page title for every registered route of the dashboard. */
const PAGES: Record<string, { url: string; title: string }> = {
  [paths.root]: { url: '/', title: 'لوحة الإدارة' },
  [paths.invoices]: { url: '/invoices', title: 'الفواتير وطلبات السحب' },
  [paths.login]: { url: '/login', title: 'دخول المشرفين' },
  [paths.plans]: { url: '/plans', title: 'الباقات' },
  [paths.users]: { url: '/users', title: 'المستخدمون' },
  [paths.user]: { url: '/user/5', title: 'بيانات المستخدم' },
  [paths.interviews]: { url: '/interviews', title: 'المقابلات' },
  [paths.lessons]: { url: '/lessons', title: 'الدروس' },
  [paths.platformSettings]: {
    url: '/platform-settings',
    title: 'إعدادات المنصة والذاكرة المؤقتة',
  },
  [paths.topics]: { url: '/topics', title: 'الموضوعات' },
  [paths.userSettings]: { url: '/user-settings', title: 'إعدادات المستخدم' },
  [paths.photoSession]: { url: '/photo-session/12', title: 'جلسة تصوير المعلم' },
  [paths.photoSessions]: { url: '/photo-sessions', title: 'جلسات التصوير' },
  [paths.tutor]: { url: '/tutor/12', title: 'بيانات المعلم' },
  [paths.tutors]: { url: '/tutors', title: 'المعلمون' },
  [paths.planInvites]: { url: '/plan-invites', title: 'دعوات الباقات' },
  [paths.transactions]: { url: '/transactions', title: 'المدفوعات' },
  [paths.contactRequests]: { url: '/contact-requests', title: 'رسائل التواصل' },
  [paths.shortLinks]: { url: '/short-links', title: 'الروابط المختصرة والحملات' },
  [paths.reports]: { url: '/reports', title: 'بلاغات المشكلات' },
  [paths.serverStats]: { url: '/server-stats', title: 'حالة الخوادم' },
  [paths.media]: { url: '/media', title: 'الملفات المرفوعة' },
};

// `/server-stats` opens the realtime channel: a stand-in socket, never a real connection.
vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const fetchMock = stubHealthyApi();
const renderAt = (url: string) => renderRoute(routes, url);

// Every page but /login is behind the session guard: these tests browse as a signed-in admin.
beforeEach(() => {
  resetSession();
  fetchMock.mockImplementation(
    createFakeApi({
      'GET /user/:id': ({ path }) => ({ ...SUPER_ADMIN, id: Number(path.split('/')[2]) }),
    }).fetch,
  );
  signInAs(SUPER_ADMIN);
});

describe('admin router', () => {
  it('registers every admin page of spec section 2, /media and /server-stats among them', () => {
    const registered = registeredPaths(routes).filter((path) => path !== '*');
    const expected = Object.values(paths);
    expect(registered).toHaveLength(expected.length);
    expect(new Set(registered)).toEqual(new Set(expected));
    expect(new Set(Object.keys(PAGES))).toEqual(new Set(expected));
  });

  it.each(Object.entries(PAGES))('renders %s with its Arabic title', async (_pattern, page) => {
    // A signed-in admin is sent on from /login, so the sign-in page is seen signed out.
    if (page.url === paths.login) resetSession();
    renderAt(page.url);
    expect(await screen.findByRole('heading', { level: 1, name: page.title })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain(page.title));
  });

  it.each(['/no/such/page', '/media/extra'])('shows the 404 page for %s', async (url) => {
    renderAt(url);
    expect(
      await screen.findByRole('heading', { level: 1, name: UI_MESSAGES.notFoundTitle }),
    ).toBeTruthy();
    expect(screen.getByText(UI_MESSAGES.notFoundSubtitle)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: UI_MESSAGES.notFoundButton }).getAttribute('href'),
    ).toBe('/');
  });

  it('puts the pages in a right-to-left layout with the Arabic sidebar, and /login outside it', async () => {
    const { container } = renderAt('/users');
    await screen.findByRole('heading', { level: 1, name: 'المستخدمون' });
    const root = container.firstElementChild;
    expect(root?.getAttribute('dir')).toBe('rtl');
    expect(root?.getAttribute('lang')).toBe('ar-EG');
    const sidebar = screen.getByRole('navigation', { name: 'أقسام لوحة الإدارة' });
    const labels = within(sidebar)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(SIDEBAR_LINKS.map((link) => link.label));
    expect(
      within(sidebar).getByRole('link', { name: 'المستخدمون' }).getAttribute('aria-current'),
    ).toBe('page');
    cleanup();

    resetSession();
    renderAt('/login');
    await screen.findByRole('heading', { level: 1, name: 'دخول المشرفين' });
    expect(screen.queryByRole('navigation', { name: 'أقسام لوحة الإدارة' })).toBeNull();
  });

  it('opens the sidebar links from the menu button and closes them with Escape', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'لوحة الإدارة' });
    await user.click(screen.getByRole('button', { name: UI_MESSAGES.openMenu }));
    const drawer = await screen.findByRole('dialog', { name: 'أقسام لوحة الإدارة' });
    expect(within(drawer).getAllByRole('link')).toHaveLength(SIDEBAR_LINKS.length);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('navigates from the drawer and closes it', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'لوحة الإدارة' });
    await user.click(screen.getByRole('button', { name: UI_MESSAGES.openMenu }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('link', { name: 'الموضوعات' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'الموضوعات' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the live server status at the bottom of the sidebar', async () => {
    renderAt('/');
    expect(await screen.findByText(UI_MESSAGES.serverUp)).toBeTruthy();
    const urls = fetchMock.mock.calls.map((call) => String(call[0]));
    expect(urls.some((url) => /\/api\/v1\/health$/.test(url))).toBe(true);
  });
});

describe('admin index.html and Vite config', () => {
  it('declares Arabic, right to left, a title and a viewport', () => {
    expect(indexHtml).toMatch(/<html lang="ar-EG" dir="rtl">/);
    expect(indexHtml).toMatch(/<title>[^<]*طلاقة[^<]*<\/title>/);
    expect(indexHtml).toContain('name="viewport"');
  });

  it('serves on the admin port of LOCAL_PORTS', () => {
    expect(PORT).toBe(LOCAL_PORTS.admin);
  });
});
