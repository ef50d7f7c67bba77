import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import {
  DEMO_PASSWORD,
  signInInBrowser,
  STUDENT_PASSWORD,
  studentWithVerifiedEmail,
} from './accounts';
import { expect, saveScreenshot } from './fixtures';

// The chat journey of issue 18, shared by the single server's run (chat-journey.spec.ts) and the
// cluster's (../cluster/chat-journey.spec.ts): a student messages a demo tutor from the tutor's
// profile; the tutor, signed in in a second browser context, answers; each sees the other typing
// and their messages turn read; the student edits and deletes a message, pins the room and finds
// it by search. Each browser project writes to its own demo tutor, so the two never meet.

const TUTOR_OF_PROJECT: Record<string, { email: string; name: string }> = {
  desktop: { email: 'tutor.youssef@talaqa.eg', name: 'يوسف عبد الله' },
  phone: { email: 'tutor.salma@talaqa.eg', name: 'سلمى إبراهيم' },
};

export interface ChatJourney {
  page: Page;
  browser: Browser;
  request: APIRequestContext;
  testInfo: TestInfo;
  /** The web app's origin and the API's (`…/api/v1` is added). */
  web: string;
  api: string;
  /** The 5-digit code last sent to `to` on `channel` (the simulators' outbox). */
  codeSentTo: (request: APIRequestContext, channel: string, to: string) => Promise<string>;
  /** Screenshot names start with it. */
  screenshots: string;
  /** Each browser page as soon as it exists, before it loads anything. */
  watch?: (page: Page, who: 'student' | 'tutor') => void;
  /** Once the student's first message is on both /chat pages' way, before the tutor opens it. */
  beforeTheAnswer?: (student: Page, tutor: Page) => Promise<void>;
  /** At the end, both pages still open. */
  atEnd?: (student: Page, tutor: Page) => Promise<void>;
}

export async function chatJourney(journey: ChatJourney): Promise<void> {
  const { page, browser, testInfo, web } = journey;
  const project = testInfo.project.name;
  const phone = project.includes('phone');
  const tutor = TUTOR_OF_PROJECT[phone ? 'phone' : 'desktop'] ?? TUTOR_OF_PROJECT.desktop!;
  const studentName = phone ? 'ليلى حسن' : 'كريمة يوسف';
  const email = `chatter.${project}.${Date.now()}@example.com`;
  journey.watch?.(page, 'student');
  await studentWithVerifiedEmail(journey.request, {
    api: `${journey.api}/api/v1`,
    email,
    name: studentName,
    codeSentTo: journey.codeSentTo,
  });

  // The tutor waits on /chat in a second browser.
  const tutorContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  const tutorPage = await tutorContext.newPage();
  journey.watch?.(tutorPage, 'tutor');
  await signInInBrowser(tutorPage, web, tutor.email, DEMO_PASSWORD);
  await tutorPage.goto(`${web}/chat`);
  await expect(tutorPage.getByRole('heading', { level: 1, name: 'المحادثات' })).toBeVisible();

  // The student opens the tutor's profile and writes the first message.
  await signInInBrowser(page, web, email, STUDENT_PASSWORD);
  await page.goto(`${web}/tutors`);
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
  await journey.beforeTheAnswer?.(page, tutorPage);

  // The room appears on the tutor's list without a reload; opening it marks it read.
  const roomLink = tutorPage.getByRole('link', { name: new RegExp(studentName) });
  await expect(roomLink).toBeVisible();
  // The list itself says the student is online, before the room is opened (decision 272).
  await expect(roomLink).toContainText('متصل الآن');
  await saveScreenshot(tutorPage, `${journey.screenshots}-list-tutor`, project);
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
  await saveScreenshot(page, `${journey.screenshots}-conversation`, project);
  await saveScreenshot(tutorPage, `${journey.screenshots}-conversation-tutor`, project);

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
  await saveScreenshot(page, `${journey.screenshots}-search`, project);

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
  await journey.atEnd?.(page, tutorPage);
  await tutorContext.close();
}
