import type { APIRequestContext } from '@playwright/test';
import { ports, urls } from '../env';
import { codeSentTo, expect, messageSentTo, saveScreenshot, signInToAdmin, test } from './fixtures';

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

// A visitor picks a plan on /plans, signs up, fills the profile, verifies the e-mail and the
// phone inside the checkout, pays by e-wallet, and the page turns to "paid" by itself once the
// wallet approves (the simulator's notification reaches the API on the run's own ports).
test('a visitor picks a plan, signs up, verifies inside the checkout and pays by e-wallet', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const project = testInfo.project.name;
  const email = `wallet.${project}.${stamp}@example.com`;
  const local = `010${String(stamp).slice(-7)}${project === 'phone' ? 3 : 4}`;
  const phone = `+20${local.slice(1)}`;

  await page.goto(`${urls.web}/plans`);
  await page.getByRole('link', { name: 'اشترك في الباقة المتقدمة لمدة شهر واحد' }).click();
  await expect(page).toHaveURL(/\/register\/student\?next=%2Fcheckout%2F\d+%2Fmonth/);
  await saveScreenshot(page, 'signup-with-next', project);

  await page.getByLabel('الاسم الكامل').fill('منى عادل');
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
  await page.getByLabel('تأكيد كلمة المرور').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /الشروط/ }).check();
  await page.getByRole('button', { name: 'إنشاء حساب الطالب' }).click();
  await expect(page).toHaveURL(/\/complete-profile\?next=%2Fcheckout%2F\d+%2Fmonth/);
  await saveScreenshot(page, 'signup-profile-next', project);

  // The main info, the other two steps skipped: back to the checkout picked.
  await expect(page.getByText('الخطوة ١ من ٣')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('سنة الميلاد').selectOption('1998');
  await page.getByLabel('المحافظة').selectOption({ index: 1 });
  await page.getByRole('radio', { name: 'أنثى' }).check();
  await page.getByLabel('مستواك في اللغة الإنجليزية').selectOption({ index: 2 });
  await page.getByRole('button', { name: 'التالي' }).click();
  await page.getByRole('button', { name: 'تخطَّ هذه الخطوة' }).click();
  await page.getByRole('button', { name: 'تخطَّ هذه الخطوة' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+\/month$/);
  await saveScreenshot(page, 'checkout-steps', project);

  // The e-mail code sent at sign-up is typed right here.
  const emailStep = page.getByRole('region', { name: /تأكيد بريدك الإلكتروني/ });
  await emailStep.getByLabel('رمز التأكيد').fill(await codeSentTo(request, 'email', email));
  await emailStep.getByRole('button', { name: 'تأكيد البريد' }).click();
  await expect(emailStep.getByText('بريدك الإلكتروني مؤكَّد')).toBeVisible();

  // Cards need the phone: verified in a dialog, without leaving the checkout.
  await page.getByRole('button', { name: 'تأكيد رقم الموبايل' }).click();
  const dialog = page.getByRole('dialog', { name: 'تأكيد رقم الموبايل' });
  await dialog.getByLabel('رقم الهاتف المحمول').fill(local);
  await dialog.getByRole('button', { name: 'أرسل رمز التأكيد' }).click();
  await dialog.getByLabel('رمز التأكيد').fill(await codeSentTo(request, 'whatsapp', phone));
  await dialog.getByRole('button', { name: 'تأكيد الرقم' }).click();
  await expect(dialog).toBeHidden();
  await saveScreenshot(page, 'checkout-verified', project);

  // Pay by e-wallet; the wallet number is the verified phone.
  await page.locator('label').filter({ hasText: 'المحفظة الإلكترونية' }).click();
  await expect(page.getByLabel('رقم المحفظة')).toHaveValue(local);
  await page.getByRole('button', { name: /^أرسل طلب دفع/ }).click();
  await expect(page.getByRole('heading', { name: 'وافق على طلب الدفع من محفظتك' })).toBeVisible();

  // The student approves in the wallet app (the simulator's control), nothing pressed here.
  const simulator = `http://127.0.0.1:${ports.fawry}/simulator`;
  let reference = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`${simulator}/orders`);
      const { orders } = (await answer.json()) as {
        orders: { referenceNumber: string; walletMobile?: string; status: string }[];
      };
      reference =
        orders.find((order) => order.walletMobile === local && order.status === 'UNPAID')
          ?.referenceNumber ?? '';
      return reference;
    })
    .not.toBe('');
  const approved = await request.post(`${simulator}/pay-wallet`, {
    data: { referenceNumber: reference },
  });
  expect(approved.ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'تم الدفع بنجاح' })).toBeVisible({
    timeout: 15_000,
  });
  await saveScreenshot(page, 'wallet-paid', project);

  // The receipt, by e-mail (the student's notification method is none), in Arabic.
  const receipt = await messageSentTo(request, 'email', email, /^إيصال الدفع/);
  expect(receipt.text).toMatch(/وصلنا .+ ثمن الباقة المتقدمة/);

  // More minutes: the plans with the current one marked and when a bigger one can start.
  await page.goto(`${urls.web}/payments`);
  await page.getByRole('link', { name: 'أريد دقائق أكثر' }).click();
  await expect(page).toHaveURL(/\/plans\?more=1/);
  await expect(page.getByText('باقتك الحالية')).toBeVisible();
  await expect(page.getByText(/لا يمكن تغيير الباقة في منتصف مدة الاشتراك/)).toBeVisible();
  await saveScreenshot(page, 'plans-more-minutes', project);
});
