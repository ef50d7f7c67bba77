import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The demo accounts' password (the demo data of `npm start`). */
export const DEMO_PASSWORD = 'Talaqa2026';

/** The password of the students the journeys sign up. */
export const STUDENT_PASSWORD = 'Learner#2026';

/** Signs in on the web app's login page (`web` is its origin) and waits to leave it. */
export async function signInInBrowser(page: Page, web: string, email: string, password: string) {
  await page.goto(`${web}/login`);
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export interface NewStudent {
  /** The API's base, ending in /api/v1. */
  api: string;
  email: string;
  name: string;
  /** The 5-digit code last sent to `to` on `channel` (the simulators' outbox). */
  codeSentTo: (request: APIRequestContext, channel: string, to: string) => Promise<string>;
}

/** Signs in through the API (`api` ends in /api/v1): the token and the user. */
export async function signInByApi(
  request: APIRequestContext,
  api: string,
  email: string,
  password: string,
) {
  const answer = await request.post(`${api}/auth/password`, { data: { email, password } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as { token: string; user: { id: number } };
}

/**
 * A new student with a verified e-mail (booking and chat need one), made through the API;
 * answers the student's token.
 */
export async function studentWithVerifiedEmail(
  request: APIRequestContext,
  student: NewStudent,
): Promise<string> {
  const signUp = await request.post(`${student.api}/user/`, {
    data: {
      name: student.name,
      email: student.email,
      password: STUDENT_PASSWORD,
      passwordConfirmation: STUDENT_PASSWORD,
      role: 4,
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(201);
  const { token } = (await signUp.json()) as { token: string };
  const confirmed = await request.post(`${student.api}/confirmation-code/email/confirm`, {
    headers: { authorization: `Bearer ${token}` },
    data: { code: await student.codeSentTo(request, 'email', student.email) },
  });
  expect(confirmed.ok()).toBe(true);
  return token;
}

/** Weekday (0 Sunday) and HH:MM of an instant on a Cairo wall clock. */
export function cairoSlotOf(instant: Date): { weekday: number; start: string } {
  const parts = Object.fromEntries(CAIRO.formatToParts(instant).map((p) => [p.type, p.value]));
  return { weekday: WEEKDAYS.indexOf(parts.weekday ?? ''), start: `${parts.hour}:${parts.minute}` };
}

const CAIRO = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Africa/Cairo',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
