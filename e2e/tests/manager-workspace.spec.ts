import { randomUUID } from 'node:crypto';
import { urls } from '../env';
import { DEMO_PASSWORD, STUDENT_PASSWORD, signInByApi } from './accounts';
import { expect, expectArabicRtl, saveScreenshot, test } from './fixtures';

// Issue 21 item 7 (record 332): the tutor manager lands on /interviews, whose top is today's
// interviews, and keeps the weekly schedule tutors book interviews in.

const api = `${urls.api}/api/v1`;

const cairoDay = (instant: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(instant);
const cairoWeekday = (instant: Date): number =>
  ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Africa/Cairo', weekday: 'short' }).format(
      instant,
    ),
  );

test("a tutor manager sees today's interview on their home and keeps their schedule", async ({
  page,
  request,
}, testInfo) => {
  // Two sign-ins, a booking and two pages on a shared machine.
  test.setTimeout(90_000);
  const manager = await signInByApi(request, api, 'manager@talaqa.eg', DEMO_PASSWORD);
  const asManager = { authorization: `Bearer ${manager.token}` };
  // Every half hour of today (Cairo): tutors can book an interview later today.
  const weekday = cairoWeekday(new Date());
  const slots = Array.from({ length: 48 }, (_, index) => ({
    weekday,
    start: `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`,
    length: 30,
  }));
  const saved = await request.post(`${api}/availability-slot/`, {
    headers: asManager,
    data: { slots },
  });
  expect(saved.ok()).toBe(true);

  // A new tutor books the first free time of today, when one is left.
  const email = `mgr-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await request.post(`${api}/user/`, {
    data: {
      name: 'سامح ناجي',
      email,
      password: STUDENT_PASSWORD,
      passwordConfirmation: STUDENT_PASSWORD,
      role: 3,
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(201);
  const { token } = (await signUp.json()) as { token: string };
  const asTutor = { authorization: `Bearer ${token}` };
  const times = await request.get(`${api}/interview/select?interviewerId=${manager.user.id}`, {
    headers: asTutor,
  });
  expect(times.ok()).toBe(true);
  const offered = (await times.json()) as { starts: string[] }[];
  const today = cairoDay(new Date());
  // The two projects run side by side, and earlier runs may hold times: the first one left.
  const todays = offered[0]?.starts.filter((one) => cairoDay(new Date(one)) === today) ?? [];
  let interviewId: number | undefined;
  for (const start of todays) {
    const booked = await request.post(`${api}/interview`, {
      headers: asTutor,
      data: { interviewerId: manager.user.id, start },
    });
    if (booked.status() === 409) continue;
    expect(booked.status(), await booked.text()).toBe(201);
    interviewId = ((await booked.json()) as { id: number }).id;
    break;
  }

  // The login form by hand: the shared helper's five seconds are short on a loaded machine.
  await page.goto(`${urls.web}/login`);
  await page.getByLabel('البريد الإلكتروني').fill('manager@talaqa.eg');
  await page.getByLabel('كلمة المرور', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(/\/interviews$/, { timeout: 20_000 });
  await expectArabicRtl(page);
  const home = page.locator('[data-manager-today]');
  await expect(home.getByRole('heading', { name: 'مواعيد اليوم' })).toBeVisible();
  await expect(home.getByText('بانتظار قرارك')).toBeVisible();
  if (interviewId !== undefined) {
    const row = home.locator(`[data-today-meeting="interview-${interviewId}"]`);
    await expect(row).toContainText('سامح ناجي');
    await expect(row).toContainText('مقابلة');
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scroll').toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'manager-home', testInfo.project.name);

  await page.goto(`${urls.web}/schedule-management`);
  await expect(page.getByRole('heading', { level: 1, name: 'إدارة المواعيد' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    page.getByText('المواعيد التي يستطيع المعلمون الجدد حجز المقابلات والجلسات التجريبية'),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'الجدول الأسبوعي' })).toBeVisible();
  await saveScreenshot(page, 'manager-schedule', testInfo.project.name);

  if (interviewId !== undefined) {
    const canceled = await request.patch(`${api}/interview`, {
      headers: asTutor,
      data: { id: interviewId, status: 5 },
    });
    expect(canceled.ok()).toBe(true);
  }
});
