import type { Locator, Page } from '@playwright/test';
import { urls } from '../env';
import { DEMO_PASSWORD } from './accounts';
import { expect, saveScreenshot, signInToAdmin, test } from './fixtures';

// Issue 22's journey: the demo tutor, whose fulfilled demo lessons earned 300 EGP, sees the
// balance and asks for an Instapay withdrawal; the admin, signed in to the dashboard in a second
// browser context, sees the request arrive on /invoices without reloading, fulfils it with a
// receipt image, and the tutor's page turns to "transferred" with the receipt to open. Both
// browser projects use the demo tutor: each asks its own amount to its own address, so each
// finds its own request and together they stay within the balance.

const TUTOR = { email: 'tutor@talaqa.eg', name: 'أحمد سمير' };
const REQUEST_OF_PROJECT: Record<string, { egp: number; address: string }> = {
  desktop: { egp: 100, address: 'ahmed.desktop@instapay' },
  phone: { egp: 120, address: 'ahmed.phone@instapay' },
};

/** A 1x1 PNG: the server judges a receipt by its bytes. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A page's lazy chunk on a busy machine: more than the default 5 s. */
const LOADING = 20_000;

/** `signInInBrowser`, waiting for the landing page as long as a busy machine needs. */
async function signInAsTutor(page: Page) {
  await page.goto(`${urls.web}/login`);
  await page.getByLabel('البريد الإلكتروني').fill(TUTOR.email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: LOADING });
}

const arabicDigits = (value: number) => value.toLocaleString('ar-EG', { useGrouping: false });

/** The admin list shows a table from 1280 px and cards below: the one on screen. */
const visibleEntry = (admin: Page, address: string): Locator =>
  admin.locator('tr, li').filter({ hasText: address }).filter({ visible: true });

test('a tutor asks for an Instapay withdrawal; the admin fulfils it live with a receipt', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const ask = REQUEST_OF_PROJECT[project] ?? REQUEST_OF_PROJECT.desktop!;

  // The admin waits on /invoices in a second browser.
  const adminContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  const admin = await adminContext.newPage();
  await signInToAdmin(admin);
  await admin.goto(`${urls.admin}/invoices`);
  await expect(admin.getByRole('heading', { level: 1, name: 'الفواتير وطلبات السحب' })).toBeVisible(
    { timeout: LOADING },
  );
  await expect(visibleEntry(admin, ask.address)).toHaveCount(0);

  // The tutor sees what the demo lessons earned and asks for part of it.
  await signInAsTutor(page);
  await page.goto(`${urls.web}/invoices`);
  await expect(page.getByRole('heading', { level: 1, name: 'الأرباح وطلبات السحب' })).toBeVisible({
    timeout: LOADING,
  });
  const earned = page.locator('dl > div').filter({ hasText: 'إجمالي الأرباح' }).locator('dd');
  await expect(earned).toContainText(arabicDigits(300), { timeout: LOADING });
  await expect(page.getByTestId('available')).not.toBeEmpty();
  await expect(page.getByRole('heading', { name: 'سجل الرصيد' })).toBeVisible();
  await expect(page.getByText('درس مكتمل').first()).toBeVisible();
  await saveScreenshot(page, 'earnings-balance', project);

  await page.getByRole('button', { name: 'طلب سحب جديد' }).click();
  const dialog = page.getByRole('dialog', { name: 'طلب سحب جديد' });
  await expect(dialog.getByLabel('طريقة السحب')).toHaveValue('2');
  await dialog.getByLabel('المبلغ بالجنيه').fill(String(ask.egp));
  await dialog.getByLabel('عنوان إنستاباي').fill(ask.address);
  await saveScreenshot(page, 'earnings-request', project);
  await dialog.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(dialog).toBeHidden();
  const mine = page.getByRole('listitem').filter({ hasText: ask.address });
  await expect(mine).toContainText('قيد المراجعة');
  await expect(mine).toContainText(arabicDigits(ask.egp));

  // It arrives on the admin's list without a reload, and is announced.
  const entry = visibleEntry(admin, ask.address);
  await expect(entry).toHaveCount(1, { timeout: LOADING });
  await expect(entry).toContainText(TUTOR.name);
  await expect(entry).toContainText('قيد المراجعة');
  await expect(admin.getByRole('status').filter({ hasText: 'طلب سحب جديد' })).toContainText(
    TUTOR.name,
  );
  await saveScreenshot(admin, 'earnings-admin-list', project);

  // The admin transfers it and confirms with the receipt.
  await entry.getByRole('button', { name: /تفاصيل طلب السحب رقم/ }).click();
  const details = admin.getByRole('dialog', { name: /طلب السحب رقم/ });
  await expect(details).toContainText(ask.address);
  await details.getByRole('button', { name: 'تأكيد التحويل' }).click();
  const confirm = admin.getByRole('dialog', { name: 'تأكيد تنفيذ طلب السحب' });
  await confirm.getByLabel('صورة إيصال التحويل (مطلوبة)').setInputFiles({
    name: 'instapay-receipt.png',
    mimeType: 'image/png',
    buffer: RECEIPT_PNG,
  });
  await expect(confirm).toContainText('instapay-receipt.png');
  await saveScreenshot(admin, 'earnings-admin-fulfil', project);
  await confirm.getByRole('button', { name: 'تأكيد التحويل' }).click();
  await expect(confirm).toBeHidden();
  await expect(details.getByRole('heading', { name: 'إيصال التحويل' })).toBeVisible();
  await details.getByRole('button', { name: 'عرض إيصال التحويل' }).click();
  await expect(details.getByRole('img', { name: 'إيصال التحويل' })).toBeVisible();

  // The tutor's page follows at once: transferred, the money moved, the receipt to open.
  await expect(mine).toContainText('تم التحويل', { timeout: LOADING });
  const paid = page.locator('dl > div').filter({ hasText: 'تم تحويله' }).locator('dd');
  await expect(paid).not.toHaveText(arabicDigits(0));
  await mine.getByRole('button', { name: 'عرض إيصال التحويل' }).click();
  const receipt = mine.getByRole('img', { name: 'إيصال التحويل' });
  await expect(receipt).toBeVisible();
  expect(await receipt.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  await saveScreenshot(page, 'earnings-fulfilled', project);
  await adminContext.close();
});
