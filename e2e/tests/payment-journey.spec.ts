import type { APIRequestContext } from '@playwright/test';
import { urls } from '../env';
import { codeSentTo, expect, saveScreenshot, signInToAdmin, test } from './fixtures';

// A verified student buys the advance plan for a quarter with a test card saved on the Fawry
// simulator's page, reaches the payment-done screen, and an admin sees the transaction. The
// payment runs the real FawryPay protocol against the local simulator (signatures included).

const api = `${urls.api}/api/v1`;
const PASSWORD = 'Buyer#2026';

/** A new student with a verified e-mail and phone, made through the API (the account journey
 * covers doing that in the browser). */
async function verifiedStudent(request: APIRequestContext, email: string, phone: string) {
  const signUp = await request.post(`${api}/user/`, {
    data: {
      name: 'ليلى حسن',
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      role: 4,
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(201);
  const { token, user } = (await signUp.json()) as { token: string; user: { id: number } };
  const headers = { authorization: `Bearer ${token}` };
  const emailCode = await codeSentTo(request, 'email', email);
  const confirmed = await request.post(`${api}/confirmation-code/email/confirm`, {
    headers,
    data: { code: emailCode },
  });
  expect(confirmed.ok()).toBe(true);
  const sent = await request.post(`${api}/confirmation-code/phone/send`, {
    headers,
    data: { phone, channel: 'whatsapp' },
  });
  expect(sent.ok()).toBe(true);
  const verified = await request.post(`${api}/confirmation-code/phone/verify`, {
    headers,
    data: { code: await codeSentTo(request, 'whatsapp', phone) },
  });
  expect(verified.ok()).toBe(true);
  return user.id;
}

test('a verified student buys the advance plan for a quarter by card and an admin sees the payment', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const email = `buyer.${testInfo.project.name}.${stamp}@example.com`;
  const phone = `+2010${String(stamp).slice(-7)}${testInfo.project.name === 'phone' ? 1 : 2}`;
  const studentId = await verifiedStudent(request, email, phone);

  await page.goto(`${urls.web}/login`);
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // The plans page: a quarter of the advance plan.
  await page.goto(`${urls.web}/plans`);
  // The period choice is a segmented control: visually hidden radios behind their labels.
  await page.locator('label').filter({ hasText: 'ثلاثة أشهر' }).click();
  await expect(page.getByRole('radio', { name: /ثلاثة أشهر/ })).toBeChecked();
  await page.getByRole('link', { name: 'اشترك في الباقة المتقدمة لمدة ثلاثة أشهر' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+\/quarter/);
  // 1,100 EGP a month, 3 months, 10% off a quarter: 2,970 EGP.
  await expect(page.getByText('٢٬٩٧٠').first()).toBeVisible();

  // Save a test card on the (simulated) Fawry page and come back.
  await page.getByRole('button', { name: 'إضافة بطاقة جديدة' }).click();
  await page.getByRole('button', { name: 'المتابعة إلى صفحة فوري الآمنة' }).click();
  await expect(page.getByRole('heading', { name: 'إضافة بطاقة دفع' })).toBeVisible();
  await page.getByLabel('رقم البطاقة').fill('4242 4242 4242 4242');
  await page.getByLabel('شهر الانتهاء').fill('12');
  await page.getByLabel('سنة الانتهاء').fill('30');
  await page.getByLabel('رمز الأمان (CVV)').fill('123');
  await page.getByLabel('الاسم على البطاقة').fill('LAILA HASSAN');
  await page.getByRole('button', { name: 'حفظ البطاقة' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+\/quarter/, { timeout: 15_000 });

  // Pay with the saved card.
  await page.getByRole('radio', { name: /4242/ }).check();
  await page.getByLabel('رمز الأمان (CVV)').fill('123');
  await page
    .getByRole('button', { name: /^ادفع .*٢٬٩٧٠/ })
    .filter({ hasNotText: 'Paymob' })
    .click();
  await expect(page.getByRole('heading', { name: 'تم الدفع بنجاح' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'احجز أول درس' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'الصفحة الرئيسية' })).toBeVisible();
  await saveScreenshot(page, 'payment-done', testInfo.project.name);

  // The admin sees the paid transaction.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToAdmin(admin);
  // This student's payments only (the other browser project buys too).
  await admin.goto(`${urls.admin}/transactions?userId=${studentId}`);
  const row = admin.locator('tr, li').filter({ hasText: 'ليلى حسن', visible: true });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('الباقة المتقدمة');
  await expect(row).toContainText('٢٬٩٧٠');
  await expect(row).toContainText('مدفوعة');
  await saveScreenshot(admin, 'payment-admin-transactions', testInfo.project.name);
  await adminContext.close();
});
