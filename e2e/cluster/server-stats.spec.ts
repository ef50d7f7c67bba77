import { clusterSkipReason, clusterUrls } from '../cluster';
import { expect, test } from '../tests/fixtures';

// Issue 23 item 4, "ServerStats with two instances running shows both": the admin's page, on a
// socket held by one instance through nginx, shows a card for instance a and one for instance b
// (named by their SOCKET_ROUTE), each updated live (decision 342).

const skipReason = clusterSkipReason();

test('the admin follows both instances live on /server-stats', async ({ page }, testInfo) => {
  test.skip(skipReason !== undefined, `the cluster cannot run here: ${skipReason ?? ''}`);
  test.setTimeout(90_000);
  await page.goto(`${clusterUrls.admin}/login`);
  await page.getByLabel('البريد الإلكتروني').fill('admin@talaqa.eg');
  await page.getByLabel('كلمة المرور', { exact: true }).fill('Talaqa2026');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`${clusterUrls.admin}/server-stats`);
  await expect(page.getByRole('heading', { level: 1, name: 'حالة الخوادم' })).toBeVisible();
  await expect(page.getByText(/مباشر: قراءة كل/)).toBeVisible();
  const cards = page.getByRole('article');
  // The instance the socket is on answers at once, the other at its next tick (5 s).
  await expect(cards).toHaveCount(2, { timeout: 15_000 });
  await expect(cards.getByRole('heading', { name: 'a', exact: true })).toBeVisible();
  await expect(cards.getByRole('heading', { name: 'b', exact: true })).toBeVisible();
  await expect(page.getByText('خادمان يعملان', { exact: false })).toBeVisible();
  for (const card of await cards.all()) {
    await expect(card.getByText('يعمل', { exact: true }).first()).toBeVisible();
  }
  // Live: the uptime of instance a moves on without a reload.
  const uptime = cards.filter({ has: page.getByRole('heading', { name: 'a', exact: true }) });
  const before = await uptime.getByText('مدة التشغيل').locator('..').textContent();
  await expect
    .poll(async () => uptime.getByText('مدة التشغيل').locator('..').textContent(), {
      timeout: 15_000,
    })
    .not.toBe(before);
  await page.screenshot({
    path: testInfo.outputPath(`server-stats-${testInfo.project.name}.png`),
    fullPage: true,
  });
});
