import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ports, urls } from '../env';

export { expect };

const ARABIC = /[\u0600-\u06FF]/;
const screenshotDir = join(import.meta.dirname, '..', 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

/** What a page reported in a `securitypolicyviolation` event. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

declare global {
  interface Window {
    __talaqaCspViolation?: (violation: CspViolation) => void;
  }
}

/**
 * Every page fails its test when the browser logs an error or a page script throws, and when a
 * page of the context reports a content security policy violation (issue 15: the apps' policy
 * must allow everything the journeys do).
 */
export const test = base.extend<{ consoleErrors: string[]; cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: CspViolation[] = [];
      await context.exposeFunction('__talaqaCspViolation', (violation: CspViolation) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          void window.__talaqaCspViolation?.({
            page: location.href,
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            sample: event.sample,
          });
        });
      });
      await use(violations);
      expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** What the browser logs for a document answered with status 404. */
const NOT_FOUND_LOGGED =
  'Failed to load resource: the server responded with a status of 404 (Not Found)';

/**
 * The marketing site answers an unknown address with a real 404 (record 355), which the browser
 * logs as an error: checks it logged exactly one and takes it off the errors the test fails on.
 */
export async function expectOneNotFoundLogged(consoleErrors: string[]) {
  const notFound = () => consoleErrors.filter((error) => error === NOT_FOUND_LOGGED).length;
  await expect.poll(notFound).toBe(1);
  consoleErrors.splice(consoleErrors.indexOf(NOT_FOUND_LOGGED), 1);
}

/** The document is Arabic, right to left, and shows Arabic text in the Cairo web font. */
export async function expectArabicRtl(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-EG');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const heading = page.locator('h1').first();
  await expect(heading).toBeVisible();
  await expect(heading).toHaveText(ARABIC);
  expect(await heading.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  const fontLoaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some((f) => /cairo/i.test(f.family) && f.status === 'loaded');
  });
  expect(fontLoaded, 'the self-hosted Cairo font is loaded').toBe(true);
}

export async function saveScreenshot(page: Page, name: string, project: string) {
  await page.screenshot({ path: join(screenshotDir, `${name}-${project}.png`), fullPage: true });
}

/** The dashboard is for admins only, its 404 page included: sign in as the demo admin first. */
export async function signInToAdmin(page: Page) {
  await page.goto(`${urls.admin}/login`);
  await page.getByLabel('البريد الإلكتروني').fill('admin@talaqa.eg');
  await page.getByLabel('كلمة المرور', { exact: true }).fill('Talaqa2026');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * The 5-digit code last sent to `to` on `channel`, read from the simulators' outbox (the shared
 * server's unless `outboxPort` names another).
 */
export async function codeSentTo(
  request: APIRequestContext,
  channel: string,
  to: string,
  outboxPort: number = ports.outbox,
) {
  const outbox = `http://127.0.0.1:${outboxPort}/api/messages`;
  let text = '';
  await expect
    .poll(async () => {
      const answer = await request.get(outbox, { params: { channel, to } });
      const { messages } = (await answer.json()) as { messages: { text: string }[] };
      text = messages[0]?.text ?? '';
      return /\b\d{5}\b/.test(text);
    })
    .toBe(true);
  return /\b\d{5}\b/.exec(text)?.[0] as string;
}

/** An outbox message as the e2e journeys read it (the outbox viewer's JSON). */
export interface SentMessage {
  subject?: string;
  text: string;
  attachments?: { filename: string; contentType: string; text?: string }[];
}

/**
 * The newest message sent to `to` on `channel` whose subject matches, waited for: confirmations
 * and receipts go out as durable jobs, a moment after the action.
 */
export async function messageSentTo(
  request: APIRequestContext,
  channel: string,
  to: string,
  subject: RegExp,
): Promise<SentMessage> {
  const outbox = `http://127.0.0.1:${ports.outbox}/api/messages`;
  let found: SentMessage | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(outbox, { params: { channel, to } });
        const { messages } = (await answer.json()) as { messages: SentMessage[] };
        found = messages.find((message) => subject.test(message.subject ?? ''));
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found as SentMessage;
}
