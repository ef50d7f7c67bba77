import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// The accessibility checks of issue 20 (record 309), shared by the specs that sweep pages with
// axe: WCAG 2.0 and 2.1, levels A and AA, and no sideways scroll on a phone.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Waits until the page has drawn its heading and stopped loading (no spinner, no request). */
export async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

/** axe's serious and critical violations of what the page shows now, and sideways scroll. */
export async function problemsOf(page: Page, where: string, phone: boolean): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.passes.length, `axe checked ${where}`).toBeGreaterThan(0);
  const problems = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}`,
      ),
    );
  if (phone) {
    // On an emulated phone the layout viewport (innerWidth) grows to fit what overflows, so the
    // document's scroll width is also compared with the visible width (clientWidth).
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      return root.scrollWidth - Math.min(window.innerWidth, root.clientWidth);
    });
    if (overflow > 0) problems.push(`${where}: scrolls sideways by ${overflow}px`);
  }
  return problems;
}

/** Visits each path of `origin` in turn and answers the problems of them all. */
export async function sweep(page: Page, origin: string, paths: readonly string[], phone: boolean) {
  const size = phone ? '360x740' : '1280x800';
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(`${origin}${path}`);
    await settle(page);
    problems.push(...(await problemsOf(page, `${origin}${path} @${size}`, phone)));
  }
  return problems;
}
