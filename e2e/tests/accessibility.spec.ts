import type { APIRequestContext } from '@playwright/test';
import { urls } from '../env';
import { DEMO_PASSWORD, signInByApi, signInInBrowser } from './accounts';
import { problemsOf, settle, sweep } from './axe';
import { expect, expectOneNotFoundLogged, signInToAdmin, test } from './fixtures';

// Issue 20, "How it will be checked" (record 309): every route of the apps passes axe (WCAG 2.0
// and 2.1, levels A and AA) with no serious or critical violation at 1280x800 and at 360x740, and
// no page scrolls sideways at 360. One browser context per role walks its routes in a loop; each
// test gathers every problem of its routes and reports them all at once.

const api = `${urls.api}/api/v1`;
const isPhone = (project: string) => project === 'phone';

async function firstListedTutorId(request: APIRequestContext): Promise<number> {
  const answer = await request.get(`${api}/user/tutor/list/onboarded`);
  const { list } = (await answer.json()) as { list: { id: number }[] };
  const id = list[0]?.id;
  expect(id, 'a demo tutor is listed').toBeDefined();
  return id as number;
}

test.describe('axe: no serious or critical violation, no sideways scroll', () => {
  test.setTimeout(120_000);

  test('the marketing site', async ({ page, consoleErrors }, testInfo) => {
    const paths = [
      '/',
      '/pricing',
      '/terms',
      '/privacy',
      '/faq',
      '/faq/student',
      '/faq/tutor',
      '/method',
      '/about',
      '/tutor',
      '/contact',
      '/no/such/page',
    ];
    const problems = await sweep(page, urls.landing, paths, isPhone(testInfo.project.name));
    // /no/such/page answers a real 404 (record 355).
    await expectOneNotFoundLogged(consoleErrors);
    expect(problems).toEqual([]);
  });

  test('the main app for a visitor', async ({ page, request }, testInfo) => {
    const tutorId = await firstListedTutorId(request);
    const paths = [
      '/login',
      '/register/student',
      '/register/tutor',
      '/forget-password',
      '/reset-password',
      '/plans',
      '/tutors',
      `/t/${tutorId}`,
      '/no/such/page',
    ];
    const problems = await sweep(page, urls.web, paths, isPhone(testInfo.project.name));
    expect(problems).toEqual([]);
  });

  test('the main app for the demo student, with the booking and sign-out dialogs', async ({
    page,
    request,
  }, testInfo) => {
    const phone = isPhone(testInfo.project.name);
    const { token } = await signInByApi(request, api, 'student@talaqa.eg', DEMO_PASSWORD);
    const lessons = await request.get(`${api}/lesson/list/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { list } = (await lessons.json()) as { list: { id: number }[] };
    const lessonId = list[0]?.id;
    expect(lessonId, 'the demo student has a lesson').toBeDefined();
    const tutorId = await firstListedTutorId(request);

    await signInInBrowser(page, urls.web, 'student@talaqa.eg', DEMO_PASSWORD);
    const paths = [
      '/s/dashboard',
      '/plans',
      '/checkout/2/month',
      '/payments',
      '/invoices',
      '/lessons-schedule',
      '/upcoming-lessons',
      '/chat',
      '/s/settings',
      '/profile',
      '/tutors',
      `/lesson/${lessonId}`,
    ];
    const problems = await sweep(page, urls.web, paths, phone);

    // The book-lesson dialog, open over a tutor's profile.
    await page.goto(`${urls.web}/t/${tutorId}`);
    await settle(page);
    await page.getByRole('button', { name: 'احجز درسًا' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    problems.push(...(await problemsOf(page, `booking dialog on /t/${tutorId}`, phone)));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // On a phone, the header's menu drawer.
    await page.goto(`${urls.web}/s/dashboard`);
    await settle(page);
    const drawer = page.getByRole('button', { name: 'فتح القائمة' });
    if (await drawer.isVisible()) {
      await drawer.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      problems.push(...(await problemsOf(page, 'phone menu on /s/dashboard', phone)));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    // The account menu open, then the sign-out confirmation.
    await page.getByRole('button', { name: /قائمة الحساب/ }).click();
    problems.push(...(await problemsOf(page, 'account menu on /s/dashboard', phone)));
    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
    problems.push(...(await problemsOf(page, 'sign-out confirmation', phone)));
    expect(problems).toEqual([]);
  });

  test('the main app for the demo tutor', async ({ page }, testInfo) => {
    await signInInBrowser(page, urls.web, 'tutor@talaqa.eg', DEMO_PASSWORD);
    const paths = [
      '/t/dashboard',
      '/schedule-management',
      '/t/profile-settings',
      '/t/account-settings',
      '/t/onboarding',
      '/upcoming-lessons',
      '/lessons-schedule',
      '/interviews',
      '/chat',
      '/profile',
    ];
    const problems = await sweep(page, urls.web, paths, isPhone(testInfo.project.name));
    expect(problems).toEqual([]);
  });

  test('the admin dashboard for the demo admin', async ({ page, request }, testInfo) => {
    const tutorId = await firstListedTutorId(request);
    const problems = await sweep(page, urls.admin, ['/login'], isPhone(testInfo.project.name));
    await signInToAdmin(page);
    const paths = [
      '/',
      '/invoices',
      '/plans',
      '/users',
      `/user/${tutorId}`,
      '/interviews',
      '/lessons',
      '/platform-settings',
      '/topics',
      '/user-settings',
      '/photo-sessions',
      `/photo-session/${tutorId}`,
      `/tutor/${tutorId}`,
      '/tutors',
      '/plan-invites',
      // Ours (issue 23): stored files, problem reports, short links, server statistics.
      '/media',
      '/reports',
      '/short-links',
      '/server-stats',
      '/contact-requests',
    ];
    problems.push(...(await sweep(page, urls.admin, paths, isPhone(testInfo.project.name))));
    expect(problems).toEqual([]);
  });
});
