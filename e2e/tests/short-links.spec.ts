import { randomUUID } from 'node:crypto';
import { urls } from '../env';
import { expect, expectArabicRtl, saveScreenshot, signInToAdmin, test } from './fixtures';

// Issue 23 item 9 and issue 24 item 3 (records 351, 352): an admin creates a short link; a
// visitor opens it on the marketing site, lands on its target in the main app with the campaign,
// and signs up; the admin's table counts the click and the sign-up under the link.

test('an admin creates a short link and sees a sign-up counted under its campaign', async ({
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  // One journey at 1280 px; it looks at the same pages at 360 px itself.
  test.skip(testInfo.project.name !== 'desktop', 'the journey resizes to 360 px itself');
  test.setTimeout(90_000);
  const name = `e2e-${randomUUID().slice(0, 8)}`;
  await signInToAdmin(page);
  await page.goto(`${urls.admin}/short-links`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'الروابط المختصرة والحملات' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'رابط جديد' }).click();
  const dialog = page.getByRole('dialog', { name: 'رابط مختصر جديد' });
  await dialog.getByLabel('اسم الرابط').fill(name);
  await dialog.getByLabel('المصدر').selectOption('wa');
  await dialog.getByLabel('اسم الحملة (اختياري)').fill('حملة واتساب');
  await dialog.getByLabel('يفتح على').selectOption('web');
  await dialog.getByLabel('صفحة الوجهة').fill('/register/student');
  await expect(dialog.getByLabel('الرابط المختصر')).toHaveValue(`${urls.landing}/url/${name}`);
  await saveScreenshot(page, 'short-link-dialog', testInfo.project.name);
  await dialog.getByRole('button', { name: 'إنشاء الرابط' }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'الروابط المختصرة وأرقامها' });
  await expect(table.getByText(`/url/${name}`)).toBeVisible();

  // A visitor (another browser) opens the short link and lands on the sign-up with the campaign.
  const visitor = await browser.newContext({ locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
  const tab = await visitor.newPage();
  await tab.goto(`${urls.landing}/url/${name}`);
  await expect(tab).toHaveURL(`${urls.web}/register/student?campaign=${name}&source=wa`);
  await expect(tab.getByRole('heading', { level: 1, name: 'إنشاء حساب طالب' })).toBeVisible();
  const email = `campaign-${randomUUID().slice(0, 8)}@example.com`;
  await tab.getByLabel('الاسم الكامل').fill('ليلى حسن');
  await tab.getByLabel('البريد الإلكتروني').fill(email);
  await tab.getByLabel('كلمة المرور', { exact: true }).fill('Learner#2026');
  await tab.getByLabel('تأكيد كلمة المرور').fill('Learner#2026');
  await tab.getByRole('checkbox', { name: /الشروط/ }).check();
  await tab.getByRole('button', { name: 'إنشاء حساب الطالب' }).click();
  await expect(tab).toHaveURL(/\/complete-profile$/);

  // An unknown name: a clear Arabic page, kept out of search engines.
  await tab.goto(`${urls.landing}/url/${name}-missing`);
  await expect(tab.getByRole('heading', { level: 1, name: 'الرابط غير موجود' })).toBeVisible();
  await expect(tab.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectArabicRtl(tab);
  await saveScreenshot(tab, 'short-link-not-found', testInfo.project.name);
  await tab.setViewportSize({ width: 360, height: 740 });
  await saveScreenshot(tab, 'short-link-not-found-360', testInfo.project.name);
  await visitor.close();

  // The admin's table counts the click and the sign-up under the link.
  await page.reload();
  const row = table.getByRole('row').filter({ hasText: `/url/${name}` });
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toHaveText('واتساب');
  await expect(cells.nth(3)).toHaveText('١'); // clicks
  await expect(cells.nth(4)).toHaveText('١'); // sign-ups
  await expectArabicRtl(page);
  await saveScreenshot(page, 'short-links-page', testInfo.project.name);
  await page.setViewportSize({ width: 360, height: 740 });
  const card = page
    .getByRole('list', { name: 'الروابط المختصرة' })
    .getByRole('listitem')
    .filter({
      hasText: `/url/${name}`,
    });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await saveScreenshot(page, 'short-links-page-360', testInfo.project.name);
  expect(consoleErrors).toEqual([]);
});
