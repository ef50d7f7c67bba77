import type { APIRequestContext, Page } from '@playwright/test';
import { urls } from '../env';
import { codeSentTo, expect, saveScreenshot, test } from './fixtures';

// A student messages a demo tutor from the tutor's profile; the tutor, signed in in a second
// browser context, answers; each sees the other typing and their messages turn read; the student
// edits and deletes a message, pins the room and finds it by search (issue 18). Each browser
// project writes to its own demo tutor, so the two never meet.

const api = `${urls.api}/api/v1`;
const DEMO_PASSWORD = 'Talaqa2026';
const PASSWORD = 'Learner#2026';
const TUTOR_OF_PROJECT: Record<string, { email: string; name: string }> = {
  desktop: { email: 'tutor.youssef@talaqa.eg', name: 'يوسف عبد الله' },
  phone: { email: 'tutor.salma@talaqa.eg', name: 'سلمى إبراهيم' },
};

async function signInInBrowser(page: Page, email: string, password: string) {
  await page.goto(`${urls.web}/login`);
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A new student with a verified e-mail (chat needs one), made through the API. */
async function studentWithVerifiedEmail(request: APIRequestContext, email: string, name: string) {
  const signUp = await request.post(`${api}/user/`, {
    data: {
      name,
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      role: 4,
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(201);
  const { token } = (await signUp.json()) as { token: string };
  const confirmed = await request.post(`${api}/confirmation-code/email/confirm`, {
    headers: { authorization: `Bearer ${token}` },
    data: { code: await codeSentTo(request, 'email', email) },
  });
  expect(confirmed.ok()).toBe(true);
}

test('a student and a tutor chat: typing, read ticks, edit, delete, pin and search', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  const tutor = TUTOR_OF_PROJECT[testInfo.project.name] ?? TUTOR_OF_PROJECT.desktop!;
  const studentName = phone ? 'ليلى حسن' : 'كريمة يوسف';
  const email = `chatter.${testInfo.project.name}.${Date.now()}@example.com`;
  await studentWithVerifiedEmail(request, email, studentName);

  // The tutor waits on /chat in a second browser.
  const tutorContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  const tutorPage = await tutorContext.newPage();
  await signInInBrowser(tutorPage, tutor.email, DEMO_PASSWORD);
  await tutorPage.goto(`${urls.web}/chat`);
  await expect(tutorPage.getByRole('heading', { level: 1, name: 'المحادثات' })).toBeVisible();

  // The student opens the tutor's profile and writes the first message.
  await signInInBrowser(page, email, PASSWORD);
  await page.goto(`${urls.web}/tutors`);
  await page
    .getByRole('link', { name: new RegExp(tutor.name) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/t\/\d+/);
  await page.getByRole('button', { name: 'راسل المعلم' }).click();
  const dialog = page.getByRole('dialog', { name: `راسل ${tutor.name}` });
  await dialog.getByRole('textbox', { name: 'رسالتك' }).fill('مرحبًا، أريد دروسًا في المحادثة.');
  await dialog.getByRole('button', { name: 'إرسال' }).click();
  await expect(page).toHaveURL(/\/chat\?room=\d+/);
  const studentLog = page.getByRole('log', { name: `المحادثة مع ${tutor.name}` });
  await expect(studentLog.getByText('مرحبًا، أريد دروسًا في المحادثة.')).toBeVisible();
  await expect(studentLog.getByRole('img', { name: 'أُرسلت' })).toBeVisible();

  // The room appears on the tutor's list without a reload; opening it marks it read.
  const roomLink = tutorPage.getByRole('link', { name: new RegExp(studentName) });
  await expect(roomLink).toBeVisible();
  await roomLink.click();
  const tutorLog = tutorPage.getByRole('log', { name: `المحادثة مع ${studentName}` });
  await expect(tutorLog.getByText('مرحبًا، أريد دروسًا في المحادثة.')).toBeVisible();
  await expect(studentLog.getByRole('img', { name: 'قُرئت' })).toBeVisible();

  // Each sees the other typing, and the tutor's answer arrives.
  const tutorComposer = tutorPage.getByRole('textbox', { name: 'اكتب رسالتك' });
  await tutorComposer.pressSequentially('أهلًا بك');
  await expect(page.getByText(`${tutor.name} يكتب الآن…`)).toBeVisible();
  await tutorComposer.press('Enter');
  await expect(studentLog.getByText('أهلًا بك')).toBeVisible();
  const studentComposer = page.getByRole('textbox', { name: 'اكتب رسالتك' });
  await studentComposer.pressSequentially('هل يناسبك يوم الأحد؟');
  await expect(tutorPage.getByText(`${studentName} يكتب الآن…`)).toBeVisible();
  await studentComposer.press('Enter');
  await expect(tutorLog.getByText('هل يناسبك يوم الأحد؟')).toBeVisible();
  await expect(studentLog.getByRole('img', { name: 'قُرئت' })).toHaveCount(2);
  await saveScreenshot(page, 'chat-conversation', testInfo.project.name);

  // The student edits the question, then deletes it after confirming.
  // The innermost item (a day's group is a list item too, holding its messages).
  const question = studentLog
    .getByRole('listitem')
    .filter({ hasText: 'هل يناسبك يوم الأحد؟' })
    .last();
  await question.getByRole('button', { name: 'تعديل' }).click();
  const edit = studentLog.getByRole('textbox', { name: 'تعديل الرسالة' });
  await edit.fill('هل يناسبك يوم الاثنين؟');
  await studentLog.getByRole('button', { name: 'حفظ التعديل' }).click();
  await expect(tutorLog.getByText('هل يناسبك يوم الاثنين؟')).toBeVisible();
  await expect(tutorLog.getByText('(معدّلة)')).toBeVisible();
  const edited = studentLog
    .getByRole('listitem')
    .filter({ hasText: 'هل يناسبك يوم الاثنين؟' })
    .last();
  await edited.getByRole('button', { name: 'حذف' }).click();
  const confirm = page.getByRole('dialog', { name: 'حذف الرسالة؟' });
  await confirm.getByRole('button', { name: 'حذف' }).click();
  await expect(tutorLog.getByText('حُذفت هذه الرسالة')).toBeVisible();
  await expect(studentLog.getByText('حُذفت هذه الرسالة')).toBeVisible();

  // The student pins the room and finds it by the tutor's name and by a message's text.
  await page.getByRole('button', { name: 'تثبيت' }).click();
  await expect(page.getByRole('button', { name: 'إلغاء التثبيت' })).toBeVisible();
  if (phone) {
    await page.getByRole('link', { name: 'العودة إلى المحادثات' }).click();
    await expect(page).toHaveURL(/\/chat$/);
  }
  const pinned = page.getByRole('region', { name: 'المثبّتة' });
  await expect(pinned.getByRole('link', { name: new RegExp(tutor.name) })).toBeVisible();
  const search = page.getByRole('searchbox', { name: /ابحث في المحادثات/ });
  await search.fill(tutor.name.split(' ')[0] ?? tutor.name);
  await expect(page.getByRole('link', { name: new RegExp(tutor.name) })).toBeVisible();
  await search.fill('دروسًا في المحادثة');
  await expect(page.getByRole('link', { name: new RegExp(tutor.name) })).toBeVisible();
  await search.fill('لا توجد رسالة بهذا النص');
  await expect(page.getByText('لا نتائج')).toBeVisible();
  await saveScreenshot(page, 'chat-search', testInfo.project.name);

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
  await tutorContext.close();
});
