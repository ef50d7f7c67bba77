import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { LOCAL_PORTS, Role, cairoMonthOf } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
import { paths } from './paths';
import { routes } from './router';
import { registeredPaths, renderRoute, stubHealthyApi } from '@talaqa/ui/testing';
import { PORT } from '../vite.config';
import indexHtml from '../index.html?raw';
import { makeToken, makeUser, resetSession } from './testing/fake-api';
import { api } from './api';
import { monthName } from './features/invoices/StatementPage';

/** One sample address and the Arabic page title for every route pattern of the app. */
const PAGES: Record<string, { url: string; title: string }> = {
  [paths.home]: { url: '/', title: 'أهلًا بك في طلاقة' },
  [paths.chat]: { url: '/chat', title: 'المحادثات' },
  [paths.completeProfile]: { url: '/complete-profile', title: 'إكمال الملف الشخصي' },
  [paths.checkout]: { url: '/checkout/2/month', title: 'إتمام الدفع' },
  [paths.interviews]: { url: '/interviews', title: 'المقابلات' },
  // A student is sent to the one payments and invoices page; a tutor sees the earnings page here
  // (features/invoices).
  [paths.invoices]: { url: '/invoices', title: 'المدفوعات والفواتير' },
  [paths.earningsStatement]: {
    url: '/invoices/statement',
    title: `كشف الحساب الشهري: ${monthName(cairoMonthOf(new Date()))}`,
  },
  [paths.login]: { url: '/login', title: 'تسجيل الدخول' },
  [paths.payments]: { url: '/payments', title: 'المدفوعات والفواتير' },
  [paths.profile]: { url: '/profile', title: 'الملف الشخصي' },
  [paths.register]: { url: '/register/student', title: 'إنشاء حساب طالب' },
  [paths.resetPassword]: { url: '/reset-password', title: 'إعادة تعيين كلمة المرور' },
  [paths.lessonsSchedule]: { url: '/lessons-schedule', title: 'جدول الدروس' },
  [paths.scheduleManagement]: { url: '/schedule-management', title: 'إدارة المواعيد' },
  [paths.studentDashboard]: { url: '/s/dashboard', title: 'لوحة تحكم الطالب' },
  [paths.tutorDashboard]: { url: '/t/dashboard', title: 'لوحة تحكم المعلم' },
  [paths.tutorAccountSettings]: { url: '/t/account-settings', title: 'إعدادات الحساب' },
  [paths.tutorProfileSettings]: { url: '/t/profile-settings', title: 'إعدادات الملف التعريفي' },
  [paths.studentSettings]: { url: '/s/settings', title: 'إعدادات الطالب' },
  [paths.plans]: { url: '/plans', title: 'الباقات' },
  [paths.tutorOnboarding]: { url: '/t/onboarding', title: 'خطوات انضمام المعلم' },
  [paths.interview]: { url: '/interview/7', title: 'المقابلة' },
  [paths.demoSession]: { url: '/demo-session/7', title: 'الجلسة التجريبية' },
  [paths.tutors]: { url: '/tutors', title: 'المعلمون' },
  [paths.tutorProfile]: { url: '/t/42', title: 'ملف المعلم' },
  [paths.upcomingLessons]: { url: '/upcoming-lessons', title: 'الدروس القادمة' },
  [paths.forgetPassword]: { url: '/forget-password', title: 'نسيت كلمة المرور' },
  [paths.lesson]: { url: '/lesson/9', title: 'الدرس' },
  [paths.session]: { url: '/session', title: 'فحص الكاميرا والميكروفون' },
  [paths.cardAdded]: { url: '/card-added', title: 'إضافة بطاقة الدفع' },
  [paths.tutorCompleteProfile]: { url: '/t/complete-profile', title: 'إكمال ملف المعلم' },
};

/** Pages anyone may open; every other page needs a signed-in user (of its role, below). */
const PUBLIC_PAGES = new Set<string>([
  paths.home,
  paths.login,
  paths.register,
  paths.resetPassword,
  paths.forgetPassword,
  paths.plans,
  paths.tutors,
  paths.tutorProfile,
]);
const TUTOR_PAGES = new Set<string>([
  paths.tutorDashboard,
  paths.earningsStatement,
  paths.tutorAccountSettings,
  paths.tutorProfileSettings,
  paths.tutorOnboarding,
  paths.tutorCompleteProfile,
]);

const fetchMock = stubHealthyApi();
const renderAt = (url: string) => renderRoute(routes, url);
afterEach(resetSession);

/** Signs in a user of the page's role; the API answers GET /user/current with it. */
function signInFor(pattern: string) {
  const user = makeUser({ role: TUTOR_PAGES.has(pattern) ? Role.Tutor : Role.Student });
  api.tokens.setBearer(makeToken(user.id));
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/user/current')
      ? Response.json(user)
      : String(input).includes('/topic/')
        ? Response.json([])
        : Response.json({ status: 'ok', database: { status: 'up', driver: 'pglite' } }),
  );
}

describe('web router', () => {
  it('registers exactly the routes of spec section 2, plus the 404 catch-all', () => {
    const registered = registeredPaths(routes).filter((path) => path !== '*');
    expect(new Set(registered)).toEqual(new Set(Object.values(paths)));
    expect(registered).toHaveLength(Object.values(paths).length);
    expect(new Set(Object.keys(PAGES))).toEqual(new Set(Object.values(paths)));
  });

  it.each(Object.entries(PAGES))('renders %s with its Arabic title', async (pattern, page) => {
    if (!PUBLIC_PAGES.has(pattern)) signInFor(pattern);
    renderAt(page.url);
    expect(await screen.findByRole('heading', { level: 1, name: page.title })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain(page.title));
  });

  it('gives /t/dashboard and the other /t/... pages priority over /t/:id', async () => {
    signInFor(paths.tutorOnboarding);
    renderAt('/t/onboarding');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'خطوات انضمام المعلم' }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'ملف المعلم' })).toBeNull();
  });

  it('renders the tutor variant of /register/:role and a 404 for an unknown role', async () => {
    renderAt('/register/tutor');
    expect(await screen.findByRole('heading', { level: 1, name: 'إنشاء حساب معلم' })).toBeTruthy();
    cleanup();
    renderAt('/register/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: UI_MESSAGES.notFoundTitle }),
    ).toBeTruthy();
  });

  it('shows the 404 page, with a way home, for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: UI_MESSAGES.notFoundTitle }),
    ).toBeTruthy();
    expect(screen.getByText(UI_MESSAGES.notFoundSubtitle)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: UI_MESSAGES.notFoundButton }).getAttribute('href'),
    ).toBe('/');
  });

  it('lays the shell out right to left, in Arabic, with the header links', async () => {
    const { container } = renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'أهلًا بك في طلاقة' });
    const root = container.firstElementChild;
    expect(root?.getAttribute('dir')).toBe('rtl');
    expect(root?.getAttribute('lang')).toBe('ar-EG');
    const nav = screen.getByRole('navigation', { name: 'التنقل الرئيسي' });
    for (const name of ['المعلمون', 'الباقات']) {
      expect(nav.textContent).toContain(name);
    }
    expect(screen.getByRole('banner').textContent).toContain('تسجيل الدخول');
    expect(screen.getByRole('link', { name: 'طلاقة' }).getAttribute('href')).toBe('/');
  });

  it('checks GET /api/v1/health but shows no "server is running" badge', async () => {
    renderAt('/');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [input] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toMatch(new RegExp(`:${LOCAL_PORTS.api}/api/v1/health$`));
    await screen.findByRole('heading', { level: 1, name: 'أهلًا بك في طلاقة' });
    expect(screen.queryByText(UI_MESSAGES.serverUp)).toBeNull();
    expect(screen.queryByText(UI_MESSAGES.serverChecking)).toBeNull();
  });

  it('says when the server cannot be reached, and retries on demand', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/');
    const retry = await screen.findByRole('button', { name: UI_MESSAGES.retry }, { timeout: 4000 });
    expect(screen.getByText(UI_MESSAGES.serverDown)).toBeTruthy();

    fetchMock.mockImplementation(async () =>
      Response.json({ status: 'ok', database: { status: 'up', driver: 'pglite' } }),
    );
    retry.click();
    await waitFor(() => expect(screen.queryByText(UI_MESSAGES.serverDown)).toBeNull());
    expect(screen.queryByText(UI_MESSAGES.serverUp)).toBeNull();
  });
});

describe('web index.html and Vite config', () => {
  it('declares Arabic, right to left, a title and a viewport', () => {
    const html = indexHtml;
    expect(html).toMatch(/<html lang="ar-EG" dir="rtl">/);
    expect(html).toMatch(/<title>[^<]*طلاقة[^<]*<\/title>/);
    expect(html).toContain('name="viewport"');
    expect(html).toContain('name="theme-color"');
  });

  it('serves on the web port of LOCAL_PORTS', () => {
    expect(PORT).toBe(LOCAL_PORTS.web);
  });
});
