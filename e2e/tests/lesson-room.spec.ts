import type { Page } from '@playwright/test';
import { urls } from '../env';
import {
  cairoSlotOf,
  DEMO_PASSWORD,
  signInByApi,
  signInInBrowser,
  STUDENT_PASSWORD,
  studentWithVerifiedEmail,
} from './accounts';
import { codeSentTo, expect, saveScreenshot, test } from './fixtures';

// The device check at /session with Chromium's fake camera and microphone (the config passes
// --use-fake-ui-for-media-stream and --use-fake-device-for-media-stream): the preview plays and
// the microphone level moves. Then a booked lesson's page: details, countdown, calendar file and
// the room note; with the browser's clock moved to 5 minutes before the start, the room is open
// (the ready screen, join disabled for now) and the device-clock warning shows, since the
// server's clock disagrees. Each browser project books its own demo tutor.

const api = `${urls.api}/api/v1`;
const TUTOR_OF_PROJECT: Record<string, { email: string; name: string }> = {
  desktop: { email: 'tutor.youssef@talaqa.eg', name: 'يوسف عبد الله' },
  phone: { email: 'tutor.salma@talaqa.eg', name: 'سلمى إبراهيم' },
};
const MINUTE = 60_000;
const HALF_HOUR = 30 * MINUTE;
/** The half hour starting at least 45 minutes ahead, or null when it is in the next Cairo week. */
function nextHalfHour(now: Date): Date | null {
  const start = new Date(Math.ceil((now.getTime() + 45 * MINUTE) / HALF_HOUR) * HALF_HOUR);
  const today = cairoSlotOf(now).weekday;
  const slot = cairoSlotOf(start);
  return slot.weekday === 6 && today !== 6 ? null : start;
}

/** The preview shows frames that keep coming, and the meter moves off zero. */
async function expectDevicesWork(page: Page) {
  const preview = page.getByLabel('معاينة الكاميرا');
  await expect(preview).toBeVisible();
  const playing = () =>
    preview.evaluate((video: HTMLVideoElement) => ({
      width: video.videoWidth,
      time: video.currentTime,
      ready: video.readyState,
    }));
  await expect.poll(async () => (await playing()).width).toBeGreaterThan(0);
  const first = (await playing()).time;
  await expect.poll(async () => (await playing()).time).toBeGreaterThan(first);
  // The fake microphone beeps; the AudioContext may wait for a first interaction.
  await page.locator('h1').click();
  const meter = page.getByRole('meter', { name: 'مستوى صوت الميكروفون' });
  await expect
    .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(page.getByLabel('الكاميرا', { exact: true })).toBeVisible();
  await expect(page.getByLabel('الميكروفون', { exact: true })).toBeVisible();
}

test('the device check plays the fake camera and hears the fake microphone', async ({
  page,
  request,
}, testInfo) => {
  const email = `devices.${testInfo.project.name}.${Date.now()}@example.com`;
  await studentWithVerifiedEmail(request, { api, email, name: 'هالة مراد', codeSentTo });
  await signInInBrowser(page, urls.web, email, STUDENT_PASSWORD);
  await page.goto(`${urls.web}/session`);
  await expect(page.getByRole('heading', { name: 'فحص الكاميرا والميكروفون' })).toBeVisible();
  await expectDevicesWork(page);
  await expect(page.getByText('الكاميرا والميكروفون يعملان.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'انضم إلى الدرس' })).toHaveCount(0);
  await saveScreenshot(page, 'session-device-check', testInfo.project.name);
});

test('a booked lesson’s page, then its room 5 minutes before the start', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const start = nextHalfHour(new Date());
  test.skip(start === null, 'the Cairo week ends within the next hour and a half');
  if (!start) return;
  const tutor = TUTOR_OF_PROJECT[testInfo.project.name] ?? TUTOR_OF_PROJECT.desktop!;

  // The tutor opens that half hour; the student books it.
  const tutorSession = await signInByApi(request, api, tutor.email, DEMO_PASSWORD);
  const saved = await request.post(`${api}/availability-slot/`, {
    headers: { authorization: `Bearer ${tutorSession.token}` },
    data: { slots: [{ ...cairoSlotOf(start), length: 30 }] },
  });
  expect(saved.ok()).toBe(true);
  const email = `room.${testInfo.project.name}.${Date.now()}@example.com`;
  const studentToken = await studentWithVerifiedEmail(request, {
    api,
    email,
    name: 'هالة مراد',
    codeSentTo,
  });
  const booked = await request.post(`${api}/lesson`, {
    headers: { authorization: `Bearer ${studentToken}` },
    data: { tutorId: tutorSession.user.id, start: start.toISOString(), duration: 30 },
  });
  expect(booked.status()).toBe(201);
  const lesson = (await booked.json()) as { id: number };

  // From the upcoming lessons, "دخول الدرس" opens the lesson page.
  await signInInBrowser(page, urls.web, email, STUDENT_PASSWORD);
  await page.goto(`${urls.web}/upcoming-lessons`);
  await page
    .getByRole('article', { name: new RegExp(tutor.name) })
    .getByRole('link', { name: 'دخول الدرس' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/lesson/${lesson.id}$`));
  const card = page.getByRole('article', { name: new RegExp(`مع المعلم ${tutor.name}`) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('timer')).toBeVisible();
  await expect(card).toContainText('سياسة الإلغاء');
  await expect(card.getByRole('link', { name: 'إضافة إلى التقويم' })).toHaveAttribute(
    'download',
    `talaqa-lesson-${lesson.id}.ics`,
  );
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'إضافة إلى التقويم' }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(file, 'utf8')).toContain('BEGIN:VEVENT');
  const room = page.getByRole('region', { name: 'غرفة الدرس' });
  await expect(room).toContainText('قبل الموعد بـ١٠ دقائق');
  await expect(page.getByRole('region', { name: 'الكاميرا والميكروفون' })).toHaveCount(0);
  await saveScreenshot(page, 'lesson-page', testInfo.project.name);

  // The same page with this browser's clock 5 minutes before the start: the room is open, and
  // the clock warning shows (the server's clock is still now).
  const early = await browser.newContext({
    ...testInfo.project.use,
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  const earlyPage = await early.newPage();
  await earlyPage.clock.install({ time: new Date(start.getTime() - 5 * MINUTE) });
  await earlyPage.clock.resume();
  await signInInBrowser(earlyPage, urls.web, email, STUDENT_PASSWORD);
  await earlyPage.goto(`${urls.web}/lesson/${lesson.id}`);
  const ready = earlyPage.getByRole('region', { name: 'الكاميرا والميكروفون' });
  await expect(ready).toBeVisible();
  await expect(earlyPage.getByRole('alert').filter({ hasText: 'ساعة جهازك' })).toBeVisible();
  await expect(ready.getByRole('button', { name: 'انضم إلى الدرس' })).toBeDisabled();
  await expect(ready.getByLabel('معاينة الكاميرا')).toBeVisible();
  await saveScreenshot(earlyPage, 'lesson-room-open', testInfo.project.name);
  await early.close();
});
