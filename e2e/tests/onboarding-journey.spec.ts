import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { clockPorts, clockUrls, startClockServer } from '../clock-server';
import type { ClockServer } from '../clock-server';
import { DEMO_PASSWORD, signInByApi } from './accounts';
import {
  codeSentTo,
  expect as baseExpect,
  expectArabicRtl,
  saveScreenshot,
  test,
} from './fixtures';

// Issue 21, "How it will be checked": a new tutor registers and verifies the e-mail and the phone,
// uploads an intro video (made here with ffmpeg), the demo tutor manager approves it, the tutor
// books an interview, both join its room and see each other, the manager passes the tutor; the
// demo session is booked, held and passed the same way, and a signed-out visitor finds the tutor
// on /tutors. Nothing is written to the database: every step is a page of the product.
//
// Bookable times are an hour ahead at least and only a started meeting is decided (record 314),
// so the journey runs on a server of its own whose clock it moves (TEST_CLOCK, record 334), and
// moves its browsers' clocks alike, to a minute after each start.

// Four browsers at once (two of them in a call): their steps get more time than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

const api = `${clockUrls.api}/api/v1`;
const web = clockUrls.web;
const MANAGER = { email: 'manager@talaqa.eg', name: 'هالة عبد الرحمن' };
const PASSWORD = 'Teacher#2026';
const MINUTE = 60_000;

let server: ClockServer | undefined;
let videoDir: string | undefined;

test.afterAll(async () => {
  await server?.stop();
  if (videoDir) rmSync(videoDir, { recursive: true, force: true });
});

/** A 31-second MP4 (test pattern and a tone), small: 320x180 at 10 frames a second. */
function introVideo(): string {
  videoDir = mkdtempSync(join(tmpdir(), 'talaqa-intro-'));
  const file = join(videoDir, 'intro.mp4');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x180:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '31',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

/** A browser context of the journey: Arabic, Cairo, its console errors collected. */
async function person(browser: Browser, testInfo: TestInfo, errors: string[]) {
  const context = await browser.newContext({
    ...testInfo.project.use,
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page };
}

/** The server's and the browsers' clocks to `instant`; the pages read the new time afresh. */
async function moveClocks(instant: Date, people: { context: BrowserContext; page: Page }[]) {
  await server?.set(instant);
  for (const { context, page } of people) {
    await context.clock.setSystemTime(instant);
    await page.reload();
  }
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${web}/login`);
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The other member's video, playing frames that keep coming. */
async function expectVideoFrom(page: Page, name: string) {
  const video = page.getByLabel(`فيديو ${name}`);
  await expect(video).toBeVisible({ timeout: 40_000 });
  const frames = () =>
    video.evaluate(
      (element: HTMLVideoElement) => element.getVideoPlaybackQuality().totalVideoFrames,
    );
  await expect.poll(frames, { timeout: 40_000 }).toBeGreaterThan(0);
  const first = await frames();
  await expect.poll(frames, { timeout: 20_000 }).toBeGreaterThan(first + 5);
}

/** Books the first free time in the booking dialog; answers the meeting's id and start. */
async function bookFirstFreeTime(page: Page, kind: 'interview' | 'demo-session') {
  const title = kind === 'interview' ? 'احجز مقابلتك' : 'احجز جلستك التجريبية';
  await page.getByRole('button', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('group', { name: '٢. اليوم' }).getByRole('radio').first().check();
  // The time chips are labels over visually hidden radios: the label takes the click.
  await dialog
    .getByRole('group', { name: /٣\. الوقت/ })
    .locator('label')
    .first()
    .click();
  await dialog.getByRole('button', { name: 'متابعة' }).click();
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `/api/v1/${kind}`,
  );
  await dialog.getByRole('button', { name: 'تأكيد الحجز' }).click();
  const booked = (await (await answer).json()) as { id: number; start: string };
  await expect(dialog.getByRole('region', { name: 'تم الحجز' })).toBeVisible();
  await page.keyboard.press('Escape');
  return { id: booked.id, start: new Date(booked.start) };
}

/** Both open the meeting's page and join its call; each sees the other's video. */
async function holdMeeting(
  tutor: Page,
  manager: Page,
  path: string,
  word: string,
  tutorName: string,
) {
  for (const page of [tutor, manager]) {
    await page.goto(`${web}${path}`);
    const join = page.getByRole('button', { name: `انضم إلى ${word}` });
    // Enabled once the camera's stream is there (slow on a busy machine).
    await expect(join).toBeEnabled({ timeout: 60_000 });
    await join.click();
    await expect(page.getByRole('toolbar', { name: 'أدوات المكالمة' })).toBeVisible();
  }
  await expectVideoFrom(tutor, MANAGER.name);
  await expectVideoFrom(manager, tutorName);
}

/** The manager records "passed" in the decision dialog of the meeting on /interviews. */
async function pass(page: Page, meeting: string, feedback: string, level?: string) {
  await page.goto(`${web}/interviews`);
  const item = page.locator(`[data-meeting="${meeting}"]`);
  await item.getByRole('button', { name: 'تسجيل القرار' }).click();
  const dialog = page.getByRole('dialog', { name: /^قرار / });
  await dialog.getByText('نجح', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'نجح', exact: true })).toBeChecked();
  await dialog.getByLabel('التقييم').fill(feedback);
  if (level) await dialog.getByLabel('مستوى الإنجليزية').selectOption({ label: level });
  await dialog.getByRole('button', { name: 'حفظ القرار' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(0);
}

test('a new tutor is onboarded in the browser and listed on /tutors', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one journey: its server and clock are shared');
  test.setTimeout(420_000);
  const project = testInfo.project.name;
  const stamp = Date.now();
  const name = 'ليلى حسن منصور';
  const email = `new.tutor.${stamp}@example.com`;
  const local = `011${String(stamp).slice(-8)}`;
  const phone = `+20${local.slice(1)}`;
  const video = introVideo();
  server = await startClockServer();

  // The demo manager's weekly schedule: every half hour of the week (how a manager becomes
  // "active", record 314).
  const manager = await signInByApi(request, api, MANAGER.email, DEMO_PASSWORD);
  const slots = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
    Array.from({ length: 48 }, (_, half) => ({
      weekday,
      start: `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`,
      length: 30,
    })),
  );
  const schedule = await request.post(`${api}/availability-slot/`, {
    headers: { authorization: `Bearer ${manager.token}` },
    data: { slots },
  });
  expect(schedule.ok()).toBe(true);

  // The tutor signs up.
  await page.goto(`${web}/register/tutor`);
  await page.getByLabel('الاسم الكامل').fill(name);
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
  await page.getByLabel('تأكيد كلمة المرور').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /الشروط/ }).check();
  await page.getByRole('button', { name: 'إنشاء حساب المعلم' }).click();
  await expect(page).not.toHaveURL(/\/register/, { timeout: 20_000 });

  // Verifies the e-mail and the phone on the profile page.
  await page.goto(`${web}/t/complete-profile`);
  await page.getByRole('button', { name: 'تأكيد البريد الإلكتروني' }).click();
  const emailDialog = page.getByRole('dialog', { name: 'تأكيد البريد الإلكتروني' });
  await emailDialog
    .getByLabel('رمز التأكيد')
    .fill(await codeSentTo(request, 'email', email, clockPorts.outbox));
  await emailDialog.getByRole('button', { name: 'تأكيد البريد' }).click();
  await expect(emailDialog.getByText('بريدك الإلكتروني مؤكَّد')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'تأكيد رقم الهاتف' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'تأكيد رقم الهاتف' });
  await phoneDialog.getByLabel('رقم الهاتف المحمول').fill(local);
  await phoneDialog.getByRole('button', { name: 'أرسل رمز التأكيد' }).click();
  await phoneDialog
    .getByLabel('رمز التأكيد')
    .fill(await codeSentTo(request, 'whatsapp', phone, clockPorts.outbox));
  await phoneDialog.getByRole('button', { name: 'تأكيد الرقم' }).click();
  await expect(phoneDialog.getByText('رقم هاتفك مؤكَّد')).toBeVisible();
  await page.keyboard.press('Escape');

  // Uploads the intro video from the onboarding page.
  await page.goto(`${web}/t/onboarding`);
  await expectArabicRtl(page);
  await page.getByTestId('intro-video-input').setInputFiles(video);
  await page.getByRole('button', { name: 'رفع الفيديو' }).click();
  const videoStep = page.getByRole('region', { name: 'الفيديو التعريفي' });
  await expect(videoStep.getByText('بانتظار المراجعة', { exact: true })).toBeVisible({
    timeout: 30_000,
  });

  // The manager approves it.
  const errors: string[] = [];
  const boss = await person(browser, testInfo, errors);
  await signIn(boss.page, MANAGER.email, DEMO_PASSWORD);
  await boss.page.goto(`${web}/interviews`);
  const queued = boss.page.getByRole('listitem').filter({ hasText: email });
  await queued.getByRole('button', { name: 'قبول الفيديو' }).click();
  await boss.page.getByRole('button', { name: 'نعم، اقبل الفيديو' }).click();
  await expect(queued).toHaveCount(0);
  await page.reload();
  await expect(videoStep.getByText('تمت الموافقة', { exact: true })).toBeVisible({
    timeout: 15_000,
  });

  // The interview: booked, then both in its room a minute after the start, then passed.
  await page.goto(`${web}/interviews`);
  const interview = await bookFirstFreeTime(page, 'interview');
  const tutor = { context: page.context(), page };
  await moveClocks(new Date(interview.start.getTime() + MINUTE), [tutor, boss]);
  await holdMeeting(page, boss.page, `/interview/${interview.id}`, 'المقابلة', name);
  await saveScreenshot(boss.page, 'onboarding-interview-room', project);
  await saveScreenshot(page, 'onboarding-interview-room-tutor', project);
  // Both leave the call (the pages go on); the manager decides.
  await page.goto(`${web}/interviews`);
  await pass(
    boss.page,
    `interview-${interview.id}`,
    'نطق واضح وثقة في الحديث، ومستوى ممتاز.',
    'متقدم',
  );

  // The demo session: the same.
  await page.reload();
  const demo = await bookFirstFreeTime(page, 'demo-session');
  await moveClocks(new Date(demo.start.getTime() + MINUTE), [tutor, boss]);
  await holdMeeting(page, boss.page, `/demo-session/${demo.id}`, 'الجلسة التجريبية', name);
  await saveScreenshot(page, 'onboarding-demo-room', project);
  await page.goto(`${web}/t/onboarding`);
  await pass(boss.page, `demo-session-${demo.id}`, 'شرح منظم وتفاعل جيد مع الطالب طوال الجلسة.');

  // The tutor is onboarded: the onboarding page says the profile is visible.
  await page.reload();
  await expect(page.getByText('ملفك ظاهر للطلاب')).toBeVisible({ timeout: 15_000 });
  await saveScreenshot(page, 'onboarding-activated', project);
  await page.setViewportSize({ width: 360, height: 740 });
  await saveScreenshot(page, 'onboarding-activated', 'narrow');

  // A signed-out visitor finds the tutor on /tutors.
  const visitor = await person(browser, testInfo, errors);
  await visitor.page.goto(`${web}/tutors?q=${encodeURIComponent(name)}`);
  await expect(visitor.page.getByRole('article', { name })).toBeVisible();

  await boss.context.close();
  await visitor.context.close();
  expect(errors, 'console errors of the manager and the visitor').toEqual([]);
});
