import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { urls } from '../env';
import { STUDENT_PASSWORD, signInInBrowser, studentWithVerifiedEmail } from './accounts';
import { codeSentTo, expect, expectArabicRtl, saveScreenshot, test } from './fixtures';

// Issue 20 item 8 (record 307): the drawn home with its figures and payment marks, and two empty
// states with their drawings, at both sizes, without sideways scroll.

const api = `${urls.api}/api/v1`;

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scroll').toBeLessThanOrEqual(0);
}

test('the home draws its hero, its figures from the API and the payment marks', async ({
  page,
}, testInfo) => {
  await page.goto(urls.landing);
  await expectArabicRtl(page);
  await expect(page.getByRole('img', { name: /طالبة أمام حاسوبها/ })).toBeVisible();
  const figures = page.getByRole('list', { name: 'طلاقة بالأرقام' });
  await expect(figures).toBeVisible();
  await expect(figures).toHaveText(/[٠-٩]|معلم واحد|معلمان/);
  await expect(page.getByRole('list', { name: 'طرق الدفع' })).toContainText('فوري');
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'look-home', testInfo.project.name);
});

test('a new student sees drawn empty states for payments and chats', async ({
  page,
  request,
}, testInfo) => {
  const email = `look-${randomUUID().slice(0, 8)}@example.com`;
  await studentWithVerifiedEmail(request, { api, email, name: 'منى سامي', codeSentTo });
  await signInInBrowser(page, urls.web, email, STUDENT_PASSWORD);

  await page.goto(`${urls.web}/payments`);
  const payments = page.getByRole('status').filter({ hasText: 'لا توجد عمليات دفع بعد' });
  await expect(payments).toBeVisible();
  await expect(payments.locator('svg[data-illustration]')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'look-empty-payments', testInfo.project.name);

  await page.goto(`${urls.web}/chat`);
  const chats = page.getByRole('status').filter({ hasText: 'لا توجد محادثات بعد' }).first();
  await expect(chats).toBeVisible();
  await expect(chats.locator('svg[data-illustration]')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'look-empty-chats', testInfo.project.name);
});
