import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { urls } from '../env';
import {
  cairoSlotOf,
  DEMO_PASSWORD,
  signInByApi,
  signInInBrowser,
  STUDENT_PASSWORD,
  studentWithVerifiedEmail,
} from './accounts';
import {
  codeSentTo,
  expect,
  expectArabicRtl,
  saveScreenshot,
  signInToAdmin,
  test,
} from './fixtures';

// Issue 23's journey: an admin finds a student's lesson in /lessons and cancels it for the
// student with a reason, changes a withdrawal limit and sees it in the history, follows the live
// server statistics, resolves a problem report sent from the main app with its screenshot, and
// creates a short link that counts a sign-up under its campaign.
//
// The lesson is with a tutor of the journey's own (created, activated and let through onboarding
// by the admin through the API): the demo tutors' schedules belong to the other journeys, and a
// schedule replaced under a booked lesson is refused.

const api = `${urls.api}/api/v1`;
const MINUTE = 60_000;
const HALF_HOUR = 30 * MINUTE;
/** A page's lazy chunk on a busy machine: more than the default 5 s. */
const LOADING = 20_000;

/** The half hour starting at least 45 minutes ahead, or null when it is in the next Cairo week. */
function nextHalfHour(now: Date): Date | null {
  const start = new Date(Math.ceil((now.getTime() + 45 * MINUTE) / HALF_HOUR) * HALF_HOUR);
  const today = cairoSlotOf(now).weekday;
  return cairoSlotOf(start).weekday === 6 && today !== 6 ? null : start;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A student's lesson with a new listed tutor at `start`: the lesson's id and the student's. */
async function bookedLesson(request: APIRequestContext, start: Date, tag: string) {
  const admin = await signInByApi(request, api, 'admin@talaqa.eg', DEMO_PASSWORD);
  const tutorEmail = `journey.tutor.${tag}@example.com`;
  const created = await request.post(`${api}/user/`, {
    headers: bearer(admin.token),
    data: {
      name: 'رامي فؤاد',
      email: tutorEmail,
      password: STUDENT_PASSWORD,
      passwordConfirmation: STUDENT_PASSWORD,
      role: 3,
      acceptTerms: true,
    },
  });
  expect(created.status()).toBe(201);
  const tutorId = ((await created.json()) as { user: { id: number } }).user.id;
  const listed = await request.patch(`${api}/user/tutor/${tutorId}`, {
    headers: bearer(admin.token),
    data: { activated: true, bypassOnboarding: true },
  });
  expect(listed.ok()).toBe(true);

  const tutor = await signInByApi(request, api, tutorEmail, STUDENT_PASSWORD);
  const saved = await request.post(`${api}/availability-slot/`, {
    headers: bearer(tutor.token),
    data: { slots: [{ ...cairoSlotOf(start), length: 30 }] },
  });
  expect(saved.ok()).toBe(true);

  const studentEmail = `journey.student.${tag}@example.com`;
  const studentToken = await studentWithVerifiedEmail(request, {
    api,
    email: studentEmail,
    name: 'هالة مراد',
    codeSentTo,
  });
  const student = await signInByApi(request, api, studentEmail, STUDENT_PASSWORD);
  const booked = await request.post(`${api}/lesson`, {
    headers: bearer(studentToken),
    data: { tutorId, start: start.toISOString(), duration: 30 },
  });
  expect(booked.status()).toBe(201);
  const lesson = (await booked.json()) as { id: number };
  return { lessonId: lesson.id, studentId: student.user.id };
}

const arabicNumber = (value: number) => value.toLocaleString('ar-EG', { useGrouping: false });

async function cancelTheLesson(page: Page, lessonId: number, studentId: number) {
  await page.goto(`${urls.admin}/lessons`);
  await expect(page.getByRole('heading', { level: 1, name: 'الدروس' })).toBeVisible({
    timeout: LOADING,
  });
  const filters = page.getByRole('search', { name: 'تصفية الدروس' });
  await filters.getByLabel('رقم الطالب').fill(String(studentId));
  await filters.getByLabel('رقم الطالب').press('Enter');
  await expect(page).toHaveURL(new RegExp(`studentId=${studentId}`));
  const lessons = page.getByRole('list', { name: 'قائمة الدروس' }).getByRole('listitem');
  await expect(lessons).toHaveCount(1);
  await lessons.getByRole('button', { name: `تفاصيل الدرس رقم ${arabicNumber(lessonId)}` }).click();
  const details = page.getByRole('dialog', { name: `الدرس رقم ${arabicNumber(lessonId)}` });
  await details.getByRole('button', { name: 'إلغاء الدرس' }).click();

  const cancel = page.getByRole('dialog', { name: 'إلغاء الدرس' });
  await cancel.getByRole('radio', { name: /^الطالب/ }).check();
  await cancel.getByLabel('سبب الإلغاء').fill('طلبت الطالبة الإلغاء عبر الهاتف لظرف طارئ');
  await cancel.getByRole('button', { name: 'متابعة' }).click();
  const confirm = page.getByRole('dialog', { name: 'تأكيد إلغاء الدرس؟' });
  await saveScreenshot(page, 'admin-journey-cancel', 'desktop');
  await confirm.getByRole('button', { name: 'نعم، ألغِ الدرس' }).click();
  await expect(page.getByText('تم إلغاء الدرس نيابةً عن الطالب')).toBeVisible();

  // The list shows it canceled; its details name the admin, the side and the reason.
  await expect(lessons.first()).toContainText('ألغته الإدارة عن الطالب');
  await lessons.getByRole('button', { name: `تفاصيل الدرس رقم ${arabicNumber(lessonId)}` }).click();
  await expect(details.getByText('طلبت الطالبة الإلغاء عبر الهاتف لظرف طارئ')).toBeVisible();
  await expect(details.getByText(/نيابةً عن\s+الطالب/)).toBeVisible();
  await page.keyboard.press('Escape');
}

async function changeWithdrawalLimit(page: Page, maxEgp: number) {
  await page.goto(`${urls.admin}/platform-settings`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'إعدادات المنصة والذاكرة المؤقتة' }),
  ).toBeVisible({ timeout: LOADING });
  const max = page.getByLabel('الحد الأقصى للسحب');
  await expect(max).not.toHaveValue('');
  await max.fill(String(maxEgp));
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await expect(page.getByText('حُفظت إعدادات المنصة')).toBeVisible();
  await page.getByRole('tab', { name: 'سجل التغييرات' }).click();
  const latest = page
    .getByRole('region', { name: 'سجل تغييرات الإعدادات' })
    .getByRole('listitem')
    .first();
  await expect(latest).toContainText('الحد الأقصى للسحب');
  await expect(latest).toContainText(arabicNumber(maxEgp).slice(0, 2));
  await expect(latest).toContainText('مشرف المنصة');
}

async function followServerStats(page: Page) {
  await page.goto(`${urls.admin}/server-stats`);
  await expect(page.getByRole('heading', { level: 1, name: 'حالة الخوادم' })).toBeVisible({
    timeout: LOADING,
  });
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  const uptime = card.getByText('مدة التشغيل').locator('..');
  const before = await uptime.textContent();
  await expect.poll(async () => uptime.textContent(), { timeout: 15_000 }).not.toBe(before);
  await saveScreenshot(page, 'admin-journey-server-stats', 'desktop');
}

const naturalWidth = (image: HTMLImageElement) => image.naturalWidth;

async function resolveAProblemReport(page: Page, browser: Browser) {
  const description = `صورة المعلم لا تظهر في صفحة الدرس (${randomUUID().slice(0, 6)})`;
  const student = await browser.newContext({ locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
  const tab = await student.newPage();
  await signInInBrowser(tab, urls.web, 'student@talaqa.eg', DEMO_PASSWORD);
  const header = tab.getByRole('banner');
  await header.getByRole('button', { name: /قائمة الحساب/ }).click();
  await header.getByRole('button', { name: 'الإبلاغ عن مشكلة' }).click();
  const dialog = tab.getByRole('dialog', { name: 'الإبلاغ عن مشكلة' });
  await expect(dialog).toBeVisible({ timeout: LOADING });
  const preview = dialog.getByRole('img', { name: /صورة الصفحة التي ستُرسل/ });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('ما المشكلة؟').fill(description);
  await dialog.getByRole('button', { name: 'إرسال البلاغ' }).click();
  await expect(tab.getByText(/وصل بلاغك، شكرًا لك/)).toBeVisible();
  await student.close();

  await page.goto(`${urls.admin}/reports`);
  await expect(page.getByRole('heading', { level: 1, name: 'بلاغات المشكلات' })).toBeVisible({
    timeout: LOADING,
  });
  const item = page.getByRole('article').filter({ hasText: description });
  await item.getByRole('button', { name: /تفاصيل البلاغ/ }).click();
  const details = page.getByRole('dialog', { name: /بلاغ رقم/ });
  const picture = details.getByRole('img', { name: /صورة الصفحة وقت البلاغ/ });
  await expect.poll(() => picture.evaluate(naturalWidth)).toBeGreaterThan(0);
  await details.getByLabel(/ملاحظة المشرف/).fill('أعدنا رفع صورة المعلم');
  await details.getByRole('button', { name: 'تم حل المشكلة' }).click();
  await page
    .getByRole('dialog', { name: 'تعليم البلاغ بأنه تم حله؟' })
    .getByRole('button', { name: 'نعم، تم الحل' })
    .click();
  await expect(details.getByRole('button', { name: 'إعادة فتح البلاغ' })).toBeVisible();
  await page.keyboard.press('Escape');
}

async function shortLinkCountsASignUp(page: Page, browser: Browser) {
  const name = `journey-${randomUUID().slice(0, 8)}`;
  await page.goto(`${urls.admin}/short-links`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'الروابط المختصرة والحملات' }),
  ).toBeVisible({ timeout: LOADING });
  await page.getByRole('button', { name: 'رابط جديد' }).click();
  const dialog = page.getByRole('dialog', { name: 'رابط مختصر جديد' });
  await dialog.getByLabel('اسم الرابط').fill(name);
  await dialog.getByLabel('المصدر').selectOption('sfb');
  await dialog.getByLabel('يفتح على').selectOption('web');
  await dialog.getByLabel('صفحة الوجهة').fill('/register/student');
  await dialog.getByRole('button', { name: 'إنشاء الرابط' }).click();
  await expect(dialog).toBeHidden();

  const visitor = await browser.newContext({ locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
  const tab = await visitor.newPage();
  await tab.goto(`${urls.landing}/url/${name}`);
  await expect(tab).toHaveURL(`${urls.web}/register/student?campaign=${name}&source=sfb`);
  await tab.getByLabel('الاسم الكامل').fill('سارة يوسف');
  await tab.getByLabel('البريد الإلكتروني').fill(`${name}@example.com`);
  await tab.getByLabel('كلمة المرور', { exact: true }).fill(STUDENT_PASSWORD);
  await tab.getByLabel('تأكيد كلمة المرور').fill(STUDENT_PASSWORD);
  await tab.getByRole('checkbox', { name: /الشروط/ }).check();
  await tab.getByRole('button', { name: 'إنشاء حساب الطالب' }).click();
  await expect(tab).toHaveURL(/\/complete-profile$/);
  await visitor.close();

  await page.reload();
  const row = page
    .getByRole('table', { name: 'الروابط المختصرة وأرقامها' })
    .getByRole('row')
    .filter({ hasText: `/url/${name}` });
  await expect(row.getByRole('cell').nth(3)).toHaveText('١'); // clicks
  await expect(row.getByRole('cell').nth(4)).toHaveText('١'); // sign-ups
  const facebook = page
    .getByRole('table', { name: 'الأرقام حسب المصدر' })
    .getByRole('row')
    .filter({ hasText: 'فيسبوك' });
  await expect(facebook).toBeVisible();
}

test('an admin cancels a lesson, changes a limit, watches servers, resolves a report, counts a campaign', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one admin at 1280 px: the pages are shared');
  test.setTimeout(180_000);
  const start = nextHalfHour(new Date());
  test.skip(start === null, 'the Cairo week ends within the next hour and a half');
  if (!start) return;
  const { lessonId, studentId } = await bookedLesson(request, start, randomUUID().slice(0, 8));

  await signInToAdmin(page);
  await test.step('cancels a student’s lesson with a reason', () =>
    cancelTheLesson(page, lessonId, studentId));
  await test.step('changes a withdrawal limit and sees it in the history', () =>
    changeWithdrawalLimit(page, 45_000 + Math.floor(Math.random() * 1000)));
  await test.step('follows the live server statistics', () => followServerStats(page));
  await test.step('resolves a problem report sent with its screenshot', () =>
    resolveAProblemReport(page, browser));
  await test.step('counts a sign-up under a short link’s campaign', () =>
    shortLinkCountsASignUp(page, browser));
  await expectArabicRtl(page);
});
