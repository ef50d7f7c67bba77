/**
 * Booking, move and cancel confirmations (docs/decisions/302-confirmation-messages.md): each
 * member of the lesson gets an e-mail with a calendar invitation (METHOD REQUEST, or CANCEL) and,
 * when their notification method is WhatsApp or Telegram with a verified phone, a short message
 * there too. Two durable jobs per member and change, scheduled in the transaction that made the
 * change (which commits once: a retried cancel finds the lesson canceled and schedules nothing).
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { endOf, lessonEventUid, lessonSequence, writeCalendar } from '@talaqa/domain';
import type { IcsPerson } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { BRAND_NAME } from '../../integrations/email';
import { arabicMinutes } from '../../integrations/messaging';
import { notifyByPhone } from '../../kernel/notify-by-method';
import type { NoticeChannel } from '../../kernel/notify-by-method';
import { jobsKeepingPending } from '../../jobs';
import type { JobLog } from '../../jobs';
import { webOriginFor } from '../../http/origins';
import { linkedChatId } from '../telegram';
import type {
  LessonCalendarFile,
  LessonNotice,
  LessonNoticeMessenger,
} from './attendance-notices-messenger';
import { findReminderLesson } from './reminders-repo';

export const LESSON_CONFIRMATION_JOB = 'lessons.confirmation';
/** E-mail providers have outages that last; the backoff reaches about 40 minutes. */
const MAX_ATTEMPTS = 8;

const EVENTS = ['booked', 'moved', 'canceled'] as const;
export type ConfirmationEvent = (typeof EVENTS)[number];
/** `email`: always (with the invitation); `phone`: only when the method is a phone channel. */
const PARTS = ['email', 'phone'] as const;
const CANCELERS = ['student', 'tutor', 'self'] as const;
type Canceler = (typeof CANCELERS)[number];

const iso = z.iso.datetime({ offset: true });

/** The change as it was when it happened: a later change sends its own confirmation. */
const confirmationPayloadSchema = z.object({
  lessonId: z.number().int().positive(),
  userId: z.number().int().positive(),
  event: z.enum(EVENTS),
  part: z.enum(PARTS),
  /** The invitation's SEQUENCE: higher for every later change of the lesson. */
  sequence: z.number().int().min(0),
  /** When the change happened (the invitation's DTSTAMP and LAST-MODIFIED). */
  at: iso,
  bookedAt: iso,
  start: iso,
  duration: z.number().int().positive(),
  previousStart: iso.optional(),
  canceledBy: z.enum(CANCELERS).optional(),
  /** An admin canceled it on `canceledBy`'s behalf (decision 344). */
  byAdmin: z.boolean().optional(),
  /** Minutes that went back to the student's week on a cancel. */
  minutes: z.number().int().min(0).optional(),
});
type ConfirmationPayload = z.infer<typeof confirmationPayloadSchema>;

/** The lesson after the change, as the transaction wrote it. */
export interface ConfirmedLesson {
  id: number;
  studentId: number;
  tutorId: number;
  startsAt: Date;
  duration: number;
  createdAt: Date;
  updatedAt: Date;
}

export type LessonChange =
  | { event: 'booked' }
  | { event: 'moved'; previous: { startsAt: Date; updatedAt: Date } }
  | {
      event: 'canceled';
      canceledBy: Canceler;
      minutes: number;
      previousUpdatedAt: Date;
      /** An admin canceled it for `canceledBy` (decision 344). */
      byAdmin?: boolean;
    };

/**
 * The change's SEQUENCE: the feed's (seconds of the last change), and above the previous
 * version's even when both changes fall in the same second.
 */
function sequenceOf(lesson: ConfirmedLesson, change: LessonChange): number {
  const sequence = lessonSequence(lesson.updatedAt);
  if (change.event === 'booked') return sequence;
  const before = change.event === 'moved' ? change.previous.updatedAt : change.previousUpdatedAt;
  return Math.max(sequence, lessonSequence(before) + 1);
}

/**
 * Schedules both members' confirmations in the caller's transaction: keyed by lesson, member,
 * event, version and part, so scheduling the same change again adds nothing.
 */
export async function scheduleLessonConfirmations(
  tx: Database,
  lesson: ConfirmedLesson,
  change: LessonChange,
): Promise<void> {
  const sequence = sequenceOf(lesson, change);
  const common = {
    lessonId: lesson.id,
    event: change.event,
    sequence,
    at: lesson.updatedAt.toISOString(),
    bookedAt: lesson.createdAt.toISOString(),
    start: lesson.startsAt.toISOString(),
    duration: lesson.duration,
    ...(change.event === 'moved' ? { previousStart: change.previous.startsAt.toISOString() } : {}),
    ...(change.event === 'canceled'
      ? {
          canceledBy: change.canceledBy,
          minutes: change.minutes,
          ...(change.byAdmin ? { byAdmin: true } : {}),
        }
      : {}),
  };
  const payloads: ConfirmationPayload[] = [lesson.studentId, lesson.tutorId].flatMap((userId) =>
    PARTS.map((part) => ({ ...common, userId, part })),
  );
  const rows = sql.join(
    payloads.map(
      (payload) =>
        sql`(${LESSON_CONFIRMATION_JOB}::text, ${confirmationKey(payload)}::text, 0, ${JSON.stringify(payload)}::jsonb, ${MAX_ATTEMPTS}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(
    jobsKeepingPending(
      sql`select * from (values ${rows}) as v(kind, key, after_ms, payload, max_attempts)`,
    ),
  );
}

const confirmationKey = (payload: ConfirmationPayload): string =>
  [payload.lessonId, payload.userId, payload.event, payload.sequence, payload.part].join(':');

// ---------------------------------------------------------------------------------------------
// Texts

const cairoStart = new Intl.DateTimeFormat('ar-EG', {
  timeZone: 'Africa/Cairo',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});

/** A start on the Cairo clock, in words ("الأربعاء ٩ يناير ١٠:٠٠ ص"). */
export const cairoTime = (at: Date): string => cairoStart.format(at);

export interface ConfirmationTextInput {
  event: ConfirmationEvent;
  /** Who reads it. */
  role: 'student' | 'tutor';
  /** The other member's name. */
  otherName: string;
  start: Date;
  duration: number;
  previousStart?: Date | undefined;
  canceledBy?: Canceler | undefined;
  /** The administration canceled it on `canceledBy`'s behalf (decision 344). */
  byAdmin?: boolean | undefined;
  minutes?: number | undefined;
}

const CANCELED_BY: Record<'student' | 'tutor', Record<Canceler, string>> = {
  student: { student: 'بطلبك', tutor: 'بطلب المعلم', self: 'من إدارة طلاقة' },
  tutor: { student: 'بطلب الطالب', tutor: 'بطلبك', self: 'من إدارة طلاقة' },
};

/**
 * The subject and the one-line sentence (it goes in a WhatsApp template parameter) of a
 * confirmation, in Arabic, the times on the Cairo clock. Every sentence opens with «تأكيد:».
 */
export function confirmationText(input: ConfirmationTextInput): { subject: string; text: string } {
  const { otherName, role } = input;
  const start = `${cairoTime(input.start)} بتوقيت القاهرة`;
  const length = `ومدته ${arabicMinutes(input.duration)}`;
  switch (input.event) {
    case 'booked':
      return {
        subject: `تأكيد حجز درس مع ${otherName}`,
        text:
          role === 'student'
            ? `تأكيد: حُجز درسك مع ${otherName} ${start}، ${length}.`
            : `تأكيد: حجز ${otherName} درسًا معك ${start}، ${length}.`,
      };
    case 'moved': {
      const from = input.previousStart ? ` من ${cairoTime(input.previousStart)}` : '';
      return {
        subject: `تأكيد نقل درس مع ${otherName}`,
        text: `تأكيد: نُقل درسك مع ${otherName}${from} إلى ${start}، ${length}.`,
      };
    }
    case 'canceled': {
      const canceler = input.canceledBy ?? 'self';
      const by =
        input.byAdmin && canceler !== 'self'
          ? `${CANCELED_BY[role].self} ${CANCELED_BY[role][canceler]}`
          : CANCELED_BY[role][canceler];
      const minutes = input.minutes ?? 0;
      const back =
        role === 'student' && minutes > 0
          ? `، وعادت ${arabicMinutes(minutes)} إلى رصيد أسبوعك`
          : '';
      return {
        subject: `تأكيد إلغاء درس مع ${otherName}`,
        text: `تأكيد: أُلغي درسك مع ${otherName} ${start} ${by}${back}.`,
      };
    }
  }
}

export interface InvitationInput {
  lessonId: number;
  event: ConfirmationEvent;
  sequence: number;
  at: Date;
  bookedAt: Date;
  start: Date;
  duration: number;
  otherName: string;
  lessonUrl: string;
  /** Host part of the UID: the web app's, as the calendar feed's. */
  uidHost: string;
  organizer: IcsPerson;
  attendee: IcsPerson;
}

/** The e-mail's calendar file: an invitation (REQUEST) to the lesson, or its withdrawal. */
export function lessonInvitation(input: InvitationInput): LessonCalendarFile {
  const method = input.event === 'canceled' ? 'CANCEL' : 'REQUEST';
  const canceled = input.event === 'canceled';
  const content = writeCalendar({
    prodId: '-//Talaqa//Lesson confirmation//AR',
    name: BRAND_NAME,
    timeZone: 'Africa/Cairo',
    stamp: input.at,
    method,
    events: [
      {
        uid: lessonEventUid(input.lessonId, input.uidHost),
        start: input.start,
        end: endOf(input.start, input.duration),
        created: input.bookedAt,
        lastModified: input.at,
        sequence: input.sequence,
        summary: `درس إنجليزي مع ${input.otherName}`,
        description: `${canceled ? 'أُلغي هذا الدرس.\n' : ''}مدة الدرس ${arabicMinutes(input.duration)}.\nصفحة الدرس: ${input.lessonUrl}`,
        url: input.lessonUrl,
        status: canceled ? 'CANCELLED' : 'CONFIRMED',
        organizer: input.organizer,
        attendees: [input.attendee],
      },
    ],
  });
  return {
    filename: canceled ? 'cancel.ics' : 'invite.ics',
    content,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Sending

export interface ConfirmationDeps extends Pick<ServiceContext, 'db'> {
  messenger: LessonNoticeMessenger;
  webOrigin: string;
  /** Who the invitations come from: the address e-mail is sent from. */
  organizer: IcsPerson;
  log: JobLog;
}

/**
 * The job: one part of one member's confirmation. Each job makes one send, its last step, so a
 * retry (the send failed) sends it once; a crash between the send and the job's completion
 * sends it again (at least once, as reminders).
 */
export async function sendLessonConfirmation(
  deps: ConfirmationDeps,
  payload: unknown,
): Promise<NoticeChannel | undefined> {
  const confirmation = confirmationPayloadSchema.parse(payload);
  const lesson = await findReminderLesson(deps.db, confirmation.lessonId);
  if (!lesson) return undefined;
  const role = lesson.student.id === confirmation.userId ? 'student' : 'tutor';
  const recipient = role === 'student' ? lesson.student : lesson.tutor;
  if (recipient.id !== confirmation.userId) return undefined;
  const other = role === 'student' ? lesson.tutor : lesson.student;
  const start = new Date(confirmation.start);
  const lessonUrl = new URL(`/lesson/${String(lesson.id)}`, deps.webOrigin).href;
  const notice: LessonNotice = {
    name: recipient.name,
    ...confirmationText({
      event: confirmation.event,
      role,
      otherName: other.name,
      start,
      duration: confirmation.duration,
      previousStart: confirmation.previousStart ? new Date(confirmation.previousStart) : undefined,
      canceledBy: confirmation.canceledBy,
      byAdmin: confirmation.byAdmin,
      minutes: confirmation.minutes,
    }),
    lessonUrl,
  };
  const { messenger, log } = deps;
  if (confirmation.part === 'phone') {
    return notifyByPhone(
      recipient,
      {
        configured: messenger.channels,
        async whatsapp(phone) {
          await messenger.whatsapp(phone, notice);
        },
        telegramChatOf: (phone) => linkedChatId(deps.db, recipient.id, phone),
        telegram: (chatId) => messenger.telegram(chatId, notice),
      },
      log,
      'lesson confirmation',
    );
  }
  if (!recipient.emailVerified) {
    log.warn({ userId: recipient.id }, 'lesson confirmation e-mail not sent: e-mail not verified');
    return undefined;
  }
  const calendar = lessonInvitation({
    lessonId: lesson.id,
    event: confirmation.event,
    sequence: confirmation.sequence,
    at: new Date(confirmation.at),
    bookedAt: new Date(confirmation.bookedAt),
    start,
    duration: confirmation.duration,
    otherName: other.name,
    lessonUrl,
    uidHost: new URL(deps.webOrigin).hostname,
    organizer: deps.organizer,
    attendee: { name: recipient.name, email: recipient.email },
  });
  await messenger.email(recipient.email, { ...notice, calendar });
  return 'email';
}

/** The bare address of `"Name" <address>` (EMAIL_FROM), or the value itself. */
export function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** Registers the confirmation job's handler (the lessons module's plugin). */
export const lessonConfirmationJobs: FastifyPluginAsync = async (app) => {
  app.jobs.register(LESSON_CONFIRMATION_JOB, async (payload, { db, log }) => {
    await sendLessonConfirmation(
      {
        db,
        messenger: app.lessonNotices,
        webOrigin: webOriginFor(app.config),
        organizer: { name: BRAND_NAME, email: addressOf(app.config.email.from) },
        log,
      },
      payload,
    );
  });
};
