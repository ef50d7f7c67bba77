import { randomUUID } from 'node:crypto';
import { urls } from '../env';
import {
  expect,
  expectArabicRtl,
  messageSentTo,
  saveScreenshot,
  signInToAdmin,
  test,
} from './fixtures';

// Issue 23 item 7 (record 343): an admin invites a studio by e-mail from /users; the link opens
// the web app's sign-up, which says the role and creates the account with the invited e-mail.

test('an admin invites a studio, who signs up with the link', async ({
  page,
  request,
}, testInfo) => {
  const email = `invite-${randomUUID().slice(0, 8)}@example.com`;
  await signInToAdmin(page);
  await page.goto(`${urls.admin}/users`);
  const section = page.getByRole('region', { name: 'الدعوات' });
  await section.getByRole('button', { name: 'دعوة جديدة' }).click();
  const dialog = page.getByRole('dialog', { name: 'دعوة شخص للتسجيل' });
  await dialog.getByLabel('البريد الإلكتروني').fill(email);
  await dialog.getByLabel('الدور').selectOption({ label: 'استوديو' });
  await saveScreenshot(page, 'invite-dialog', testInfo.project.name);
  await dialog.getByRole('button', { name: 'إرسال الدعوة' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText(email).filter({ visible: true })).toBeVisible();
  await expectArabicRtl(page);
  await section.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'invite-list', testInfo.project.name);

  const mail = await messageSentTo(request, 'email', email, /دعوة للانضمام/);
  const link = /https?:\/\/\S+invite=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const { pathname, search } = new URL(link as string);
  await page.context().clearCookies();
  await page.goto(`${urls.web}${pathname}${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'إنشاء حساب استوديو' })).toBeVisible();
  await expect(page.getByLabel('البريد الإلكتروني')).toHaveValue(email);
  await expectArabicRtl(page);
  await saveScreenshot(page, 'invite-register', testInfo.project.name);
  await page.getByLabel('الاسم الكامل').fill('استوديو النور');
  await page.getByLabel('كلمة المرور', { exact: true }).fill('Studio2026');
  await page.getByLabel('تأكيد كلمة المرور').fill('Studio2026');
  await page.getByRole('checkbox', { name: /أوافق على/ }).check();
  await page.getByRole('button', { name: 'إنشاء حسابي' }).click();
  await expect(page).not.toHaveURL(/\/register\//);
});
