import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { LESSON_REMINDERS } from '../../db/schema';
import type { LessonReminderSentRow } from '../../db/schema';
import { arabicMinutes } from '../../integrations/messaging';
import { notifyByMethod } from '../../kernel/notify-by-method';
import { cancelJobs, scheduleJobs } from '../../jobs';
import type { JobLog, TimedJobRequest } from '../../jobs';
import { webOriginFor } from '../../http/origins';
import { linkedChatId } from '../telegram';
import { findWhatsAppMessage, recordAcceptedMessage, REMINDER_FALLBACK_JOB } from '../whatsapp';
import type { LessonReminderMessage, LessonReminderMessenger } from './reminders-messenger';
import { findReminderLesson, recordSentReminder, reminderWasSent } from './reminders-repo';
import type { ReminderLesson, ReminderRecipient } from './reminders-repo';

/**
 * Lesson reminders (issue 6): one day and one hour before each lesson, to its student and its
 * tutor, through each one's notification method. They are durable jobs (src/jobs) scheduled in
 * the transaction that books, moves or cancels the lesson, keyed per lesson and reminder, so a
 * move re-times the pending ones and a cancel cancels them.
 */

export const LESSON_REMINDER_JOB = 'lessons.remind';

export type LessonReminder = (typeof LESSON_REMINDERS)[number];

const HOUR_MS = 3_600_000;
const REMINDER_LEAD_MS: Record<LessonReminder, number> = { day: 24 * HOUR_MS, hour: HOUR_MS };
const REMINDER_WHEN: Record<LessonReminder, string> = { day: 'غدًا', hour: 'بعد ساعة' };

const reminderKey = (lessonId: number, reminder: LessonReminder): string =>
  `${lessonId}:${reminder}`;

/** The job's payload: the start it announces, so a job left over from an old time is ignored. */
const reminderPayloadSchema = z.object({
  lessonId: z.number().int().positive(),
  reminder: z.enum(LESSON_REMINDERS),
  start: z.string(),
});
type ReminderPayload = z.infer<typeof reminderPayloadSchema>;

/**
 * Schedules (or moves) both reminders of a lesson at its start; one whose moment has passed
 * already is cancelled instead, so a lesson booked 3 hours ahead gets only the hour's reminder
 * and one booked less than an hour ahead none.
 */
export async function scheduleLessonReminders(
  tx: Database,
  lesson: { id: number; startsAt: Date },
  now: Date,
  /** A lesson just booked has no reminders to cancel yet. */
  { newLesson = false }: { newLesson?: boolean } = {},
): Promise<void> {
  const due: TimedJobRequest[] = [];
  for (const reminder of LESSON_REMINDERS) {
    const key = reminderKey(lesson.id, reminder);
    const runAt = new Date(lesson.startsAt.getTime() - REMINDER_LEAD_MS[reminder]);
    if (runAt.getTime() <= now.getTime()) {
      if (!newLesson) await cancelJobs(tx, LESSON_REMINDER_JOB, key);
      continue;
    }
    const payload: ReminderPayload = {
      lessonId: lesson.id,
      reminder,
      start: lesson.startsAt.toISOString(),
    };
    due.push({ kind: LESSON_REMINDER_JOB, key, runAt, payload });
  }
  await scheduleJobs(tx, due);
}

/** Cancels the lesson's pending reminders (a running one still checks the lesson first). */
export async function cancelLessonReminders(tx: Database, lessonId: number): Promise<void> {
  for (const reminder of LESSON_REMINDERS) {
    await cancelJobs(tx, LESSON_REMINDER_JOB, reminderKey(lessonId, reminder));
  }
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

/** The job's context: its database, the app's clock, and what a reminder is sent through. */
export interface ReminderDeps extends Pick<ServiceContext, 'db' | 'clock'> {
  messenger: LessonReminderMessenger;
  /** The web app's origin, for the lesson page's link. */
  webOrigin: string;
  log: JobLog;
}

type Channel = LessonReminderSentRow['channel'];

function messageFor(
  lesson: ReminderLesson,
  reminder: LessonReminder,
  recipient: ReminderRecipient,
  webOrigin: string,
): LessonReminderMessage {
  const other = recipient.id === lesson.student.id ? lesson.tutor : lesson.student;
  return {
    name: recipient.name,
    otherName: other.name,
    when: REMINDER_WHEN[reminder],
    start: cairoStart.format(lesson.startsAt),
    duration: arabicMinutes(lesson.duration),
    lessonUrl: new URL(`/lesson/${lesson.id}`, webOrigin).href,
  };
}

/**
 * Delivers through the recipient's notification method (src/kernel/notify-by-method.ts).
 * Answers the channel used, or undefined.
 */
function deliver(
  deps: ReminderDeps,
  recipient: ReminderRecipient,
  message: LessonReminderMessage,
  about: { lessonId: number; reminder: LessonReminder; startsAt: Date },
): Promise<Channel | undefined> {
  const { messenger } = deps;
  return notifyByMethod(
    recipient,
    {
      configured: messenger.channels,
      // Accepted is not delivered: the status webhook may report a failure later, and then the
      // reminder goes by e-mail (REMINDER_FALLBACK_JOB).
      async whatsapp(phone) {
        const { messageId } = await messenger.whatsapp(phone, message);
        await recordAcceptedMessage(deps, {
          wamid: messageId,
          userId: recipient.id,
          phone,
          purpose: 'reminder',
          lessonId: about.lessonId,
          reminder: about.reminder,
          lessonStartsAt: about.startsAt,
        });
      },
      telegramChatOf: (phone) => linkedChatId(deps.db, recipient.id, phone),
      telegram: (chatId) => messenger.telegram(chatId, message),
      email: (address) => messenger.email(address, message),
    },
    deps.log,
    'lesson reminder',
  );
}

/**
 * One recipient, once: a reminder already recorded for this lesson, start and person is not sent
 * again. The record is written right after the send, so only a crash between the two sends twice.
 */
async function remindOne(
  deps: ReminderDeps,
  lesson: ReminderLesson,
  reminder: LessonReminder,
  recipient: ReminderRecipient,
): Promise<void> {
  const key = { lessonId: lesson.id, reminder, userId: recipient.id, startsAt: lesson.startsAt };
  if (await reminderWasSent(deps.db, key)) return;
  const channel = await deliver(
    deps,
    recipient,
    messageFor(lesson, reminder, recipient, deps.webOrigin),
    { lessonId: lesson.id, reminder, startsAt: lesson.startsAt },
  );
  if (channel) await recordSentReminder(deps.db, key, channel);
}

/**
 * A reminder that ran late (the server was down) is dropped once the next one is due: the day's
 * after the hour's moment, the hour's once the lesson has begun.
 */
function isOverdue(reminder: LessonReminder, start: Date, now: Date): boolean {
  const staleFrom = start.getTime() - (reminder === 'day' ? REMINDER_LEAD_MS.hour : 0);
  return now.getTime() >= staleFrom;
}

/**
 * The job: nothing for a canceled lesson, one moved since (the start differs), or a reminder
 * overdue; else both sides, each on its own. A failure for one is retried after the other is sent.
 */
export async function sendLessonReminder(deps: ReminderDeps, payload: unknown): Promise<void> {
  const { lessonId, reminder, start } = reminderPayloadSchema.parse(payload);
  const lesson = await findReminderLesson(deps.db, lessonId);
  if (!lesson || lesson.canceled || lesson.startsAt.toISOString() !== start) return;
  if (isOverdue(reminder, lesson.startsAt, deps.clock.now())) return;
  const results = await Promise.allSettled(
    [lesson.student, lesson.tutor].map((recipient) => remindOne(deps, lesson, reminder, recipient)),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

const fallbackPayloadSchema = z.object({ messageId: z.number().int().positive() });

/**
 * A reminder WhatsApp accepted and then reported as failed (status webhook): the same reminder,
 * once, by e-mail (the job is keyed by the message). Nothing for a lesson canceled or moved
 * since, a reminder overdue, or a recipient without a verified address.
 */
export async function sendReminderFallback(deps: ReminderDeps, payload: unknown): Promise<void> {
  const { messageId } = fallbackPayloadSchema.parse(payload);
  const row = await findWhatsAppMessage(deps.db, messageId);
  if (!row?.lessonId || !row.reminder || !row.lessonStartsAt || !row.userId) return;
  const lesson = await findReminderLesson(deps.db, row.lessonId);
  if (!lesson || lesson.canceled) return;
  if (lesson.startsAt.getTime() !== row.lessonStartsAt.getTime()) return;
  if (isOverdue(row.reminder, lesson.startsAt, deps.clock.now())) return;
  const recipient = [lesson.student, lesson.tutor].find((person) => person.id === row.userId);
  const context = { userId: row.userId, lessonId: lesson.id, errorCode: row.errorCode };
  if (!recipient?.emailVerified) {
    deps.log.warn(context, 'WhatsApp reminder failed and there is no verified e-mail');
    return;
  }
  deps.log.warn(context, 'WhatsApp reminder failed: sent by e-mail');
  await deps.messenger.email(
    recipient.email,
    messageFor(lesson, row.reminder, recipient, deps.webOrigin),
  );
}

/** Registers the reminder job's handlers (the lessons module's plugin). */
export const lessonReminderJobs: FastifyPluginAsync = async (app) => {
  const depsOf = (db: Database, log: JobLog): ReminderDeps => ({
    db,
    messenger: app.lessonReminders,
    webOrigin: webOriginFor(app.config),
    clock: app.clock,
    log,
  });
  app.jobs.register(LESSON_REMINDER_JOB, (payload, { db, log }) =>
    sendLessonReminder(depsOf(db, log), payload),
  );
  app.jobs.register(REMINDER_FALLBACK_JOB, (payload, { db, log }) =>
    sendReminderFallback(depsOf(db, log), payload),
  );
};
