import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { urls } from '../env';
import { DEMO_PASSWORD, signInInBrowser } from './accounts';
import { expect, expectArabicRtl, saveScreenshot, signInToAdmin, test } from './fixtures';

// Issue 23 item 6 (records 348, 349): a student reports a problem from the main app with a
// picture of the page drawn in the browser and the app's log; an admin, in another browser
// context, finds it on /reports with the picture loaded and resolves it.

const naturalWidth = (image: HTMLImageElement) => image.naturalWidth;

/** axe's serious and critical WCAG 2.1 AA violations of what the page shows now (record 309). */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} at ${node.target.join(' ')}: ${violation.help}`,
      ),
    );
}

test('an admin resolves a problem report sent from the main app with its screenshot', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const description = `لا تظهر مواعيد المعلم بعد اختيار اليوم (${randomUUID().slice(0, 6)})`;

  await signInInBrowser(page, urls.web, 'student@talaqa.eg', DEMO_PASSWORD);
  await expectArabicRtl(page);
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: /قائمة الحساب/ }).click();
  await header.getByRole('button', { name: 'الإبلاغ عن مشكلة' }).click();
  const dialog = page.getByRole('dialog', { name: 'الإبلاغ عن مشكلة' });
  // Its code loads on demand (a busy machine takes a while).
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  // The picture of the page (drawn by modern-screenshot under the app's CSP) shows in the dialog.
  const preview = dialog.getByRole('img', { name: /صورة الصفحة التي ستُرسل/ });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  expect(await preview.evaluate(naturalWidth)).toBeGreaterThan(0);
  await dialog.getByLabel('ما المشكلة؟').fill(description);
  await saveScreenshot(page, 'problem-report-dialog', project);
  expect(await axeProblems(page), 'the report dialog passes axe').toEqual([]);
  await dialog.getByRole('button', { name: 'إرسال البلاغ' }).click();
  await expect(page.getByText(/وصل بلاغك، شكرًا لك/)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The admin's own browser, of the project's size (360 px wide on the phone project).
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const adminContext = await browser.newContext({
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
    ...(viewport ? { viewport } : {}),
    ...(isMobile === undefined ? {} : { isMobile }),
    ...(hasTouch === undefined ? {} : { hasTouch }),
  });
  try {
    const admin = await adminContext.newPage();
    await signInToAdmin(admin);
    await admin.goto(`${urls.admin}/reports`);
    await expect(admin.getByRole('heading', { level: 1, name: 'بلاغات المشكلات' })).toBeVisible();
    const item = admin.getByRole('article').filter({ hasText: description });
    await expect(item).toBeVisible();
    await saveScreenshot(admin, 'problem-report-list', project);
    await item.getByRole('button', { name: /تفاصيل البلاغ/ }).click();
    const details = admin.getByRole('dialog', { name: /بلاغ رقم/ });
    await expect(details.getByText(description)).toBeVisible();
    const picture = details.getByRole('img', { name: /صورة الصفحة وقت البلاغ/ });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate(naturalWidth)).toBeGreaterThan(0);
    await expect(details.getByLabel('نص السجل')).toContainText('user-agent:');
    await saveScreenshot(admin, 'problem-report-details', project);
    expect(await axeProblems(admin), 'the report details pass axe').toEqual([]);

    // The picture full size: what the student's browser drew (Arabic text included).
    await picture.click();
    const large = admin.getByRole('dialog', { name: 'صورة الصفحة وقت البلاغ' });
    const full = large.getByRole('img');
    await expect.poll(() => full.evaluate(naturalWidth)).toBeGreaterThan(0);
    await full.screenshot({
      path: join(import.meta.dirname, '..', 'screenshots', `problem-report-picture-${project}.png`),
    });
    await admin.keyboard.press('Escape');
    await expect(large).toBeHidden();

    await details.getByLabel(/ملاحظة المشرف/).fill('أصلحنا عرض المواعيد');
    await details.getByRole('button', { name: 'تم حل المشكلة' }).click();
    const confirm = admin.getByRole('dialog', { name: 'تعليم البلاغ بأنه تم حله؟' });
    await confirm.getByRole('button', { name: 'نعم، تم الحل' }).click();
    await expect(admin.getByText('عُلِّم البلاغ بأنه تم حله')).toBeVisible();
    await expect(details.getByRole('button', { name: 'إعادة فتح البلاغ' })).toBeVisible();
    await admin.keyboard.press('Escape');
    await admin.getByLabel('اعرض').selectOption('resolved');
    await expect(admin).toHaveURL(/status=resolved/);
    await expect(admin.getByRole('article').filter({ hasText: description })).toContainText(
      'تم الحل',
    );
  } finally {
    await adminContext.close();
  }
});
