import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { clusterSkipReason, clusterUrls } from '../cluster';
import {
  DEMO_PASSWORD,
  signInInBrowser,
  STUDENT_PASSWORD,
  studentWithVerifiedEmail,
} from '../tests/accounts';
import { expect, saveScreenshot, test } from '../tests/fixtures';
import { openLessonNow } from './open-lesson';
import { hasTurnServer, OwnTurn } from './own-turn';
import { codeSentTo, SocketSessions } from './steps';

// Issue 19, "How it will be checked": a lesson call between two Chromium contexts with the fake
// camera and microphone (the config's flags), the student's socket.io session on one API
// instance and the tutor's on the other, so every signaling message crosses Redis. Both see the
// other's video (decoded frames keep rising), a camera and a microphone turned off and a shared
// screen are seen on the other side, and the lesson's chat carries a message. Then both reload
// with every candidate forced through a TURN relay and are back in the same call, relayed; then
// the student's network goes for 10 s (the page offline and the relay frozen) and the call comes
// back by itself.

const skipReason = clusterSkipReason();
if (skipReason) console.warn(`cluster lesson call skipped: ${skipReason}`);

/** Each project calls its own demo tutor, apart from the chat journey's. */
const TUTOR_OF_PROJECT: Record<string, { email: string; name: string }> = {
  desktop: { email: 'tutor.nour@talaqa.eg', name: 'نور الهدى مصطفى' },
  phone: { email: 'tutor@talaqa.eg', name: 'أحمد سمير' },
};

interface Member {
  context: BrowserContext;
  page: Page;
  sessions: SocketSessions;
}

async function member(browser: Browser, testInfo: TestInfo): Promise<Member> {
  const context = await browser.newContext({
    ...testInfo.project.use,
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  const page = await context.newPage();
  return { context, page, sessions: new SocketSessions(page) };
}

/** The other member's video (or shared screen), playing frames that keep coming. */
async function expectVideoFrom(page: Page, name: string, what: 'فيديو' | 'شاشة' = 'فيديو') {
  const video = page.getByLabel(`${what} ${name}`);
  await expect(video).toBeVisible({ timeout: 20_000 });
  const frames = () =>
    video.evaluate(
      (element: HTMLVideoElement) => element.getVideoPlaybackQuality().totalVideoFrames,
    );
  await expect.poll(frames, { timeout: 20_000 }).toBeGreaterThan(0);
  const first = await frames();
  await expect.poll(frames, { timeout: 10_000 }).toBeGreaterThan(first + 5);
}

/** Signs in, opens the lesson page and joins from the ready screen. */
async function join(page: Page, lessonId: number) {
  await page.goto(`${clusterUrls.web}/lesson/${lessonId}`);
  const join = page.getByRole('button', { name: 'انضم إلى الدرس' });
  await expect(join).toBeEnabled({ timeout: 20_000 });
  await join.click();
  await expect(page.getByRole('toolbar', { name: 'أدوات المكالمة' })).toBeVisible();
}

/** New socket sessions for `moved` (reloads) until nginx has put it on another instance. */
async function apart(moved: Member, fixed: Member): Promise<[string, string]> {
  const fixedInstance = await fixed.sessions.instance();
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const instance = await moved.sessions.instance();
    if (instance !== fixedInstance) return [instance, fixedInstance];
    const known = moved.sessions.ids.length;
    await moved.page.reload();
    await expect.poll(() => moved.sessions.ids.length).toBeGreaterThan(known);
  }
  throw new Error('every student session landed on the tutor’s instance');
}

test('a lesson call between instances: video, toggles, screen, chat, a lost network, TURN', async ({
  browser,
  request,
}, testInfo) => {
  test.skip(skipReason !== undefined, `the cluster cannot run here: ${skipReason ?? ''}`);
  test.skip(!hasTurnServer(), 'coturn is not installed (apt-get install -y coturn; .ci/run does)');
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const phone = project.includes('phone');
  const tutor = TUTOR_OF_PROJECT[phone ? 'phone' : 'desktop'] ?? TUTOR_OF_PROJECT.desktop!;
  const studentName = phone ? 'مريم سامي' : 'سارة منير';
  const email = `caller.${project}.${Date.now()}@example.com`;
  await studentWithVerifiedEmail(request, {
    api: `${clusterUrls.api}/api/v1`,
    email,
    name: studentName,
    codeSentTo,
  });
  const lessonId = await openLessonNow(email, tutor.email);

  const student = await member(browser, testInfo);
  const teacher = await member(browser, testInfo);
  await signInInBrowser(teacher.page, clusterUrls.web, tutor.email, DEMO_PASSWORD);
  await signInInBrowser(student.page, clusterUrls.web, email, STUDENT_PASSWORD);
  await teacher.page.goto(`${clusterUrls.web}/lesson/${lessonId}`);
  await student.page.goto(`${clusterUrls.web}/lesson/${lessonId}`);
  const [studentInstance, tutorInstance] = await apart(student, teacher);
  testInfo.annotations.push({
    type: 'instances',
    description: `student on ${studentInstance}, tutor on ${tutorInstance}`,
  });

  await join(teacher.page, lessonId);
  await join(student.page, lessonId);
  await expectVideoFrom(student.page, tutor.name);
  await expectVideoFrom(teacher.page, studentName);
  await saveScreenshot(student.page, 'lesson-call', project);

  // The student's camera and microphone off: the tutor sees it; then on again.
  const tools = student.page.getByRole('toolbar', { name: 'أدوات المكالمة' });
  await tools.getByRole('button', { name: 'الكاميرا' }).click();
  await tools.getByRole('button', { name: 'الميكروفون' }).click();
  await expect(teacher.page.getByText('الكاميرا مغلقة')).toBeVisible();
  await expect(teacher.page.getByText('الميكروفون مغلق')).toBeVisible();
  await tools.getByRole('button', { name: 'الكاميرا' }).click();
  await tools.getByRole('button', { name: 'الميكروفون' }).click();
  await expect(teacher.page.getByText('الكاميرا مغلقة')).toHaveCount(0);
  await expectVideoFrom(teacher.page, studentName);

  // The tutor shares a screen (desktop browsers only: phones have no getDisplayMedia).
  if (!phone) {
    const share = teacher.page
      .getByRole('toolbar', { name: 'أدوات المكالمة' })
      .getByRole('button', { name: 'مشاركة الشاشة' });
    await share.click();
    await expect(share).toHaveAttribute('aria-pressed', 'true');
    await expect(student.page.getByText('يشارك الشاشة')).toBeVisible();
    await expectVideoFrom(student.page, tutor.name, 'شاشة');
    await saveScreenshot(student.page, 'lesson-call-screen', project);
    await share.click();
    await expect(student.page.getByText('يشارك الشاشة')).toHaveCount(0);
    await expectVideoFrom(student.page, tutor.name);
  }

  // The lesson's chat: the student writes, the tutor reads it.
  await tools.getByRole('button', { name: 'المحادثة' }).click();
  const composer = student.page.getByRole('textbox', { name: /رسالت/ });
  await composer.fill('هل تسمعني جيدًا؟');
  await composer.press('Enter');
  await teacher.page
    .getByRole('toolbar', { name: 'أدوات المكالمة' })
    .getByRole('button', { name: /المحادثة/ })
    .click();
  await expect(teacher.page.getByText('هل تسمعني جيدًا؟')).toBeVisible();
  await saveScreenshot(teacher.page, 'lesson-call-chat', project);

  // Both reload with every candidate through TURN (a coturn of this journey's own): back in the
  // same call, relayed.
  const turn = await OwnTurn.start(phone ? 3491 : 3481, phone ? 49_600 : 49_450);
  try {
    for (const side of [student, teacher]) {
      await turn.serve(side.context);
      await side.page.evaluate(() => localStorage.setItem('talaqa:ice-policy', 'relay'));
    }
    await join(teacher.page, lessonId);
    await join(student.page, lessonId);
    await expectVideoFrom(student.page, tutor.name);
    await expectVideoFrom(teacher.page, studentName);
    await student.page.getByRole('button', { name: /استُهلك/ }).click();
    await expect(student.page.getByText('عبر خادم وسيط')).toBeVisible();
    await student.page.keyboard.press('Escape');

    // The student's network goes for 10 s: the page is offline (HTTP, socket.io) and the relay
    // carrying the media stops answering (Chromium's offline emulation leaves WebRTC's own UDP
    // alone). The room says so, and the call comes back by itself once the network returns.
    await student.context.setOffline(true);
    turn.pause();
    const banner = student.page.getByText('انقطع الاتصال، نحاول إعادته…');
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await student.page.waitForTimeout(10_000);
    const back = Date.now();
    turn.resume();
    await student.context.setOffline(false);
    await expect(banner).toHaveCount(0, { timeout: 15_000 });
    await expectVideoFrom(student.page, tutor.name);
    await expectVideoFrom(teacher.page, studentName);
    testInfo.annotations.push({
      type: 'recovery',
      description: `two-way video again ${String(Date.now() - back)} ms after the network returned`,
    });
  } finally {
    turn.stop();
  }

  await student.context.close();
  await teacher.context.close();
});
