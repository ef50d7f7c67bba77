import { disabledMessenger, type NoticeMessenger } from '../../kernel/notify-by-method';

/** A calendar file sent with a lesson's e-mail (confirmations: decision 302). */
export interface LessonCalendarFile {
  filename: string;
  /** The iCalendar document. */
  content: string;
  /** `text/calendar; charset=utf-8; method=REQUEST` (or CANCEL). */
  contentType: string;
}

/**
 * What became of a lesson, as its recipient reads it (ready-made Arabic): what the room's
 * attendance did to it (decision 299), or its booking, move or cancel (decision 302).
 */
export interface LessonNotice {
  /** The recipient's name. */
  name: string;
  /** The e-mail's subject. */
  subject: string;
  /** The notice in one sentence (one line: it goes in a WhatsApp template parameter). */
  text: string;
  /** The lesson's page in the web app (or the interview's, the demo session's: see `page`). */
  lessonUrl: string;
  /**
   * What the link opens, when not a lesson: an interview's or a demo session's page (their
   * reminders go through these channels too; decision 333).
   */
  page?: NoticePage;
  /** Sent with the e-mail only (the phone channels carry the sentence and the link). */
  calendar?: LessonCalendarFile;
}

/** The pages a notice links to. */
type NoticePage = 'lesson' | 'interview' | 'demo-session';

const PAGE_LABELS: Record<NoticePage, string> = {
  lesson: 'صفحة الدرس',
  interview: 'صفحة المقابلة',
  'demo-session': 'صفحة الجلسة التجريبية',
};

/** The name of the notice's link, as its channels write it before the address. */
export const noticeLinkLabel = (notice: Pick<LessonNotice, 'page'>): string =>
  PAGE_LABELS[notice.page ?? 'lesson'];

/** Whether the notice is about an interview or a demo session (not a lesson). */
export const isMeetingNotice = (notice: Pick<LessonNotice, 'page'>): boolean =>
  notice.page === 'interview' || notice.page === 'demo-session';

/**
 * How attendance notices reach people (docs/decisions/299-no-show-notices.md): e-mail, the
 * WhatsApp `lesson_notice` template, or the Telegram chat the user linked. Each rejects with
 * MessagingError as the reminders' sends do (src/kernel/notify-by-method.ts).
 */
export type LessonNoticeMessenger = NoticeMessenger<LessonNotice>;

/** The Telegram (and plain) text; Telegram makes the link clickable itself. */
export function lessonNoticeText(notice: LessonNotice): string {
  return [
    `مرحبًا ${notice.name}،`,
    notice.text,
    `${noticeLinkLabel(notice)}: ${notice.lessonUrl}`,
  ].join('\n');
}

/** Stands in when the server was built without channels: every send fails (retried). */
export const disabledLessonNoticeMessenger = disabledMessenger<LessonNotice>('Lesson notices');

declare module 'fastify' {
  interface FastifyInstance {
    lessonNotices: LessonNoticeMessenger;
  }
}
