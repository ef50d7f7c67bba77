import { urls } from '../env';
import { expect, expectArabicRtl, saveScreenshot, test } from './fixtures';

// A visitor orders the tutors by rating, opens the best rated demo tutor and reads the reviews
// (demo data: apps/server/src/demo/seed.ts, DEMO_REVIEWS; Youssef's average 4.8 is the highest).
test('a visitor finds the best rated tutor and reads the students’ reviews', async ({
  page,
}, testInfo) => {
  await page.goto(`${urls.web}/tutors`);
  await page.getByRole('combobox', { name: 'الترتيب' }).selectOption({ label: 'الأعلى تقييمًا' });
  await expect(page).toHaveURL(/sort=rating/);
  const first = page.getByRole('article').first();
  await expect(first).toHaveAccessibleName('يوسف عبد الله');
  await expect(first.getByText(/٤٫٨/)).toBeVisible();
  // Arabic plurals: Youssef has four reviews; his portrait drawn for the project, at a set size.
  await expect(first).toContainText('(٤ تقييمات)');
  const portrait = first.getByRole('img', { name: 'يوسف عبد الله' });
  await expect(portrait).toHaveJSProperty('tagName', 'IMG');
  await expect(portrait).toHaveAttribute('width', '80');
  await expect(first.getByRole('link', { name: 'احجز درسًا مع يوسف عبد الله' })).toBeVisible();
  await expectArabicRtl(page);
  await saveScreenshot(page, 'tutors-by-rating', testInfo.project.name);

  await first.getByRole('link', { name: 'يوسف عبد الله', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'يوسف عبد الله' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'يوسف عبد الله' })).toHaveJSProperty('tagName', 'IMG');
  await saveScreenshot(page, 'tutor-profile', testInfo.project.name);
  await page.getByRole('tab', { name: 'التقييمات' }).click();
  const reviews = page.getByRole('list', { name: 'تقييمات الطلاب' });
  await expect(reviews.getByRole('listitem')).toHaveCount(4);
  // Reviewers are shown by their first name only (issue 15): Karim, not Karim Fathy.
  const karim = reviews.getByRole('listitem').filter({ hasText: 'كريم' });
  await expect(reviews).not.toContainText('فتحي');
  await expect(karim.getByRole('img', { name: '٥ من ٥ — ممتاز' })).toBeVisible();
  await expect(karim.getByText('حصلت على ٧٫٥ في الآيلتس')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'tutor-reviews', testInfo.project.name);
});
