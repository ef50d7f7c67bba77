/**
 * Attendance notices by message (docs/decisions/299-no-show-notices.md): when the no-show rule
 * cancels a lesson, its student hears that the tutor did not come and how many minutes came
 * back, and its tutor that the lesson was canceled as their absence; when a tutor left early and
 * minutes came back, the student hears how many. One durable job per recipient, scheduled in the
 * transaction that changed the lesson (which happens once: a re-run finds the lesson settled and
 * schedules nothing), sent through the recipient's notification method as reminders are.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { arabicMinutes } from '../../integrations/messaging';
import { notifyByMethod } from '../../kernel/notify-by-method';
import type { NoticeChannel } from '../../kernel/notify-by-method';
import { scheduleJob } from '../../jobs';
import type { JobLog } from '../../jobs';
import { webOriginFor } from '../../http/origins';
import { linkedChatId } from '../telegram';
import type { LessonNotice, LessonNoticeMessenger } from './attendance-notices-messenger';
import { findReminderLesson } from './reminders-repo';
import type { ReminderLesson, ReminderRecipient } from './reminders-repo';

export const LESSON_NOTICE_JOB = 'lessons.attendance-notice';

/**
 * `tutor-absent`: to the student of a no-show; `absence-canceled`: to its tutor; `minutes-back`:
 * to the student of a tutor who left early.
 */
const NOTICES = ['tutor-absent', 'absence-canceled', 'minutes-back'] as const;
type NoticeKind = (typeof NOTICES)[number];

const noticePayloadSchema = z.object({
  lessonId: z.number().int().positive(),
  userId: z.number().int().positive(),
  notice: z.enum(NOTICES),
  /** Minutes that went back to the student (0 when the quota week had ended). */
  minutes: z.number().int().min(0),
});
type NoticePayload = z.infer<typeof noticePayloadSchema>;

/** Schedules one notice, in the transaction that settled the lesson. */
const scheduleNotice = (tx: Database, payload: NoticePayload) =>
  scheduleJob(tx, {
    kind: LESSON_NOTICE_JOB,
    key: `${String(payload.lessonId)}:${String(payload.userId)}:${payload.notice}`,
    payload,
  });

/** The no-show rule canceled the lesson: both members are told. */
export async function scheduleNoShowNotices(
  tx: Database,
  lesson: { id: number; studentId: number; tutorId: number },
  minutes: number,
): Promise<void> {
  await scheduleNotice(tx, {
    lessonId: lesson.id,
    userId: lesson.studentId,
    notice: 'tutor-absent',
    minutes,
  });
  await scheduleNotice(tx, {
    lessonId: lesson.id,
    userId: lesson.tutorId,
    notice: 'absence-canceled',
    minutes,
  });
}

/** The tutor left early and `minutes` went back: the student is told. */
export async function scheduleMinutesBackNotice(
  tx: Database,
  lesson: { id: number; studentId: number },
  minutes: number,
): Promise<void> {
  if (minutes <= 0) return;
  await scheduleNotice(tx, {
    lessonId: lesson.id,
    userId: lesson.studentId,
    notice: 'minutes-back',
    minutes,
  });
}

// ---------------------------------------------------------------------------------------------
// Sending

const cairoStart = new Intl.DateTimeFormat('ar-EG', {
  timeZone: 'Africa/Cairo',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});

export interface LessonNoticeDeps extends Pick<ServiceContext, 'db'> {
  messenger: LessonNoticeMessenger;
  webOrigin: string;
  log: JobLog;
}

function noticeOf(
  lesson: ReminderLesson,
  recipient: ReminderRecipient,
  notice: NoticeKind,
  minutes: number,
  webOrigin: string,
): LessonNotice {
  const start = `${cairoStart.format(lesson.startsAt)} بتوقيت القاهرة`;
  const back = minutes > 0 ? `وعادت ${arabicMinutes(minutes)} إلى رصيد أسبوعك` : '';
  const texts: Record<NoticeKind, { subject: string; text: string }> = {
    'tutor-absent': {
      subject: `لم يحضر ${lesson.tutor.name} درسك فأُلغي`,
      text: `لم يحضر ${lesson.tutor.name} درسك ${start}، فأُلغي الدرس${back ? ` ${back}` : ''}. نعتذر عن ذلك، ويمكنك حجز درس آخر.`,
    },
    'absence-canceled': {
      subject: 'أُلغي درسك لغيابك',
      text: `أُلغي درسك مع ${lesson.student.name} ${start} لأنك لم تدخل غرفة الدرس خلال أول ١٠ دقائق منه، وسُجّل الإلغاء غيابًا عليك.`,
    },
    'minutes-back': {
      subject: `عادت ${arabicMinutes(minutes)} إلى رصيدك`,
      text: `غادر ${lesson.tutor.name} درسك ${start} قبل نهايته، ${back}.`,
    },
  };
  return {
    name: recipient.name,
    ...texts[notice],
    lessonUrl: new URL(`/lesson/${String(lesson.id)}`, webOrigin).href,
  };
}

/**
 * The job: one notice to one member, through their notification method. The send is its last
 * step, so a retry (the send failed) sends it once; only a crash between the send and the job's
 * completion sends it again (at least once, as reminders).
 */
export async function sendLessonNotice(
  deps: LessonNoticeDeps,
  payload: unknown,
): Promise<NoticeChannel | undefined> {
  const { lessonId, userId, notice, minutes } = noticePayloadSchema.parse(payload);
  const lesson = await findReminderLesson(deps.db, lessonId);
  const recipient = [lesson?.student, lesson?.tutor].find((person) => person?.id === userId);
  if (!lesson || !recipient) return undefined;
  const message = noticeOf(lesson, recipient, notice, minutes, deps.webOrigin);
  const { messenger } = deps;
  return notifyByMethod(
    recipient,
    {
      configured: messenger.channels,
      async whatsapp(phone) {
        await messenger.whatsapp(phone, message);
      },
      telegramChatOf: (phone) => linkedChatId(deps.db, recipient.id, phone),
      telegram: (chatId) => messenger.telegram(chatId, message),
      email: (address) => messenger.email(address, message),
    },
    deps.log,
    'lesson notice',
  );
}

/** Registers the notice job's handler (the lessons module's plugin). */
export const lessonNoticeJobs: FastifyPluginAsync = async (app) => {
  app.jobs.register(LESSON_NOTICE_JOB, async (payload, { db, log }) => {
    await sendLessonNotice(
      { db, messenger: app.lessonNotices, webOrigin: webOriginFor(app.config), log },
      payload,
    );
  });
};
