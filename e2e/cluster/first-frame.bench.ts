import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { clusterSkipReason, clusterUrls } from '../cluster';
import {
  DEMO_PASSWORD,
  signInInBrowser,
  STUDENT_PASSWORD,
  studentWithVerifiedEmail,
} from '../tests/accounts';
import { expect, test } from '../tests/fixtures';
import { openLessonNow } from './open-lesson';
import { codeSentTo } from './steps';

// `npm run bench:first-frame` (issue 19, Performance): from both members pressing join to the
// first remote video frame, BENCH_RUNS times (default 20) on the cluster (two instances, nginx,
// Redis), two Chromium contexts with the fake camera. Each run reloads both pages into the
// ready screen, presses both joins together and waits for each side's first decoded frame of
// the other (requestVideoFrameCallback). It measures, it does not judge: the figures go to the
// console and to test-results/first-frame.json for bench/RESULTS.md.

const runs = Number(process.env.BENCH_RUNS ?? 20);
const skipReason = clusterSkipReason();

/** Notes when the join button is pressed and when the other's video shows its first frame. */
function watchFirstFrame(page: Page) {
  return page.evaluate(() => {
    const marks = { pressed: 0, frame: 0 };
    (window as unknown as { benchMarks: typeof marks }).benchMarks = marks;
    document.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element).closest('button')?.textContent?.includes('انضم إلى الدرس')) {
          marks.pressed = Date.now();
        }
      },
      { capture: true },
    );
    const seen = new WeakSet<HTMLVideoElement>();
    const look = () => {
      for (const video of document.querySelectorAll<HTMLVideoElement>(
        'video[aria-label^="فيديو"]',
      )) {
        if (seen.has(video)) continue;
        seen.add(video);
        video.requestVideoFrameCallback(() => {
          if (marks.frame === 0) marks.frame = Date.now();
        });
      }
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
  });
}

const marksOf = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { benchMarks: { pressed: number; frame: number } }).benchMarks,
  );

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

test('join to first remote frame', async ({ browser, request }, testInfo) => {
  test.skip(skipReason !== undefined, `the cluster cannot run here: ${skipReason ?? ''}`);
  test.setTimeout(runs * 30_000 + 60_000);
  const email = `bench.frame.${Date.now()}@example.com`;
  await studentWithVerifiedEmail(request, {
    api: `${clusterUrls.api}/api/v1`,
    email,
    name: 'قياس الإطار الأول',
    codeSentTo,
  });
  const tutorEmail = 'tutor.youssef@talaqa.eg';
  const lessonId = await openLessonNow(email, tutorEmail);
  const pages: Page[] = [];
  for (const [who, password] of [
    [email, STUDENT_PASSWORD],
    [tutorEmail, DEMO_PASSWORD],
  ] as const) {
    const context = await browser.newContext({ ...testInfo.project.use, locale: 'ar-EG' });
    const page = await context.newPage();
    await signInInBrowser(page, clusterUrls.web, who, password);
    pages.push(page);
  }

  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    for (const page of pages) {
      await page.goto(`${clusterUrls.web}/lesson/${lessonId}`);
      await expect(page.getByRole('button', { name: 'انضم إلى الدرس' })).toBeEnabled({
        timeout: 20_000,
      });
      await watchFirstFrame(page);
    }
    await Promise.all(
      pages.map((page) => page.getByRole('button', { name: 'انضم إلى الدرس' }).click()),
    );
    for (const page of pages) {
      await expect
        .poll(async () => (await marksOf(page)).frame, { timeout: 20_000 })
        .toBeGreaterThan(0);
    }
    const marks = await Promise.all(pages.map(marksOf));
    const bothPressed = Math.max(...marks.map((mark) => mark.pressed));
    const bothSee = Math.max(...marks.map((mark) => mark.frame));
    times.push(bothSee - bothPressed);
    console.log(`run ${run + 1}: ${bothSee - bothPressed} ms`);
  }

  const sorted = [...times].sort((a, b) => a - b);
  const summary = {
    runs,
    medianMs: quantile(sorted, 0.5),
    p95Ms: quantile(sorted, 0.95),
    minMs: sorted[0],
    maxMs: sorted.at(-1),
    times,
  };
  console.log(JSON.stringify(summary));
  writeFileSync(
    join(testInfo.project.outputDir, '..', 'first-frame.json'),
    JSON.stringify(summary, null, 2),
  );
});
