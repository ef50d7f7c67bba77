import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { DemoSessionStatus, InterviewStatus } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { demoSessions, interviews, users } from '../../db/schema';
import { webOriginFor } from '../../http/origins';
import { cancelJobs, scheduleJobs } from '../../jobs';
import type { JobLog, TimedJobRequest } from '../../jobs';
import { notifyByMethod } from '../../kernel/notify-by-method';
import type { MethodRecipient } from '../../kernel/notify-by-method';
import type { LessonNoticeMessenger } from '../lessons';
import { linkedChatId } from '../telegram';

/**
 * Interview and demo-session reminders (issue 21), like lessons': one day and one hour before,
 * to the tutor and to the manager, through each one's notification method. Durable jobs
 * (src/jobs) scheduled in the transaction that books, keyed per appointment, reminder and
 * person (so a retry re-sends to that person only), cancelled when it is canceled or decided.
 * They go through the lesson notices' channels (a subject, a sentence and a link: e-mail,
 * Telegram; WhatsApp's `lesson_notice` template carries the same sentence).
 */

export const APPOINTMENT_REMINDER_JOB = 'interviews.remind';

const REMINDERS = ['day', 'hour'] as const;
type Reminder = (typeof REMINDERS)[number];
type Kind = 'interview' | 'demo-session';

const HOUR_MS = 3_600_000;
const LEAD_MS: Record<Reminder, number> = { day: 24 * HOUR_MS, hour: HOUR_MS };
const WHEN: Record<Reminder, string> = { day: 'غدًا', hour: 'بعد ساعة' };
/** The web app's words for them ("جلسة تجريبية", not "حصة": a lesson's word). */
const WHAT: Record<Kind, string> = { interview: 'مقابلتك', 'demo-session': 'جلستك التجريبية' };
/** Their pages: `/interview/{id}`, `/demo-session/{id}`. */
const PAGE: Record<Kind, string> = { interview: 'interview', 'demo-session': 'demo-session' };

const payloadSchema = z.object({
  kind: z.enum(['interview', 'demo-session']),
  id: z.number().int().positive(),
  reminder: z.enum(REMINDERS),
  userId: z.number().int().positive(),
  start: z.string(),
});
type Payload = z.infer<typeof payloadSchema>;

const keyOf = (kind: Kind, id: number, reminder: Reminder, userId: number): string =>
  `${kind}:${id}:${reminder}:${userId}`;

interface Appointment {
  kind: Kind;
  id: number;
  startsAt: Date;
}

/** The two people of an appointment, and whether it is still pending. */
async function findAppointment(
  db: Database,
  kind: Kind,
  id: number,
): Promise<{ tutorId: number; managerId: number; startsAt: Date; pending: boolean } | undefined> {
  if (kind === 'interview') {
    const [row] = await db
      .select({
        tutorId: interviews.intervieweeId,
        managerId: interviews.interviewerId,
        startsAt: interviews.startsAt,
        status: interviews.status,
      })
      .from(interviews)
      .where(eq(interviews.id, id));
    return row && { ...row, pending: row.status === InterviewStatus.Pending };
  }
  const [row] = await db
    .select({
      tutorId: demoSessions.tutorId,
      managerId: demoSessions.tutorManagerId,
      startsAt: demoSessions.startsAt,
      status: demoSessions.status,
    })
    .from(demoSessions)
    .where(eq(demoSessions.id, id));
  return row && { ...row, pending: row.status === DemoSessionStatus.Pending };
}

/** Schedules both reminders to both people; ones whose moment has passed are left out. */
export async function scheduleAppointmentReminders(
  tx: Database,
  appointment: Appointment,
  now: Date,
): Promise<void> {
  const found = await findAppointmentPeople(tx, appointment);
  const due: TimedJobRequest[] = [];
  for (const reminder of REMINDERS) {
    const runAt = new Date(appointment.startsAt.getTime() - LEAD_MS[reminder]);
    if (runAt.getTime() <= now.getTime()) continue;
    for (const userId of found) {
      const payload: Payload = {
        kind: appointment.kind,
        id: appointment.id,
        reminder,
        userId,
        start: appointment.startsAt.toISOString(),
      };
      due.push({
        kind: APPOINTMENT_REMINDER_JOB,
        key: keyOf(appointment.kind, appointment.id, reminder, userId),
        runAt,
        payload,
      });
    }
  }
  await scheduleJobs(tx, due);
}

async function findAppointmentPeople(tx: Database, appointment: Appointment): Promise<number[]> {
  const row = await findAppointment(tx, appointment.kind, appointment.id);
  return row ? [row.tutorId, row.managerId] : [];
}

/** Cancels the pending reminders of an appointment (a running one checks its status first). */
export async function cancelAppointmentReminders(
  tx: Database,
  appointment: Omit<Appointment, 'startsAt'>,
): Promise<void> {
  for (const userId of await findAppointmentPeople(tx, { ...appointment, startsAt: new Date(0) })) {
    for (const reminder of REMINDERS) {
      await cancelJobs(
        tx,
        APPOINTMENT_REMINDER_JOB,
        keyOf(appointment.kind, appointment.id, reminder, userId),
      );
    }
  }
}

const cairoStart = new Intl.DateTimeFormat('ar-EG', {
  timeZone: 'Africa/Cairo',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});

interface ReminderDeps extends Pick<ServiceContext, 'db' | 'clock'> {
  messenger: LessonNoticeMessenger;
  webOrigin: string;
  log: JobLog;
}

/**
 * The job: nothing for one no longer pending, moved (another start), overdue (the day's once the
 * hour's is due, the hour's once it began), or a person no longer in it.
 */
export async function sendAppointmentReminder(deps: ReminderDeps, payload: unknown): Promise<void> {
  const { kind, id, reminder, userId, start } = payloadSchema.parse(payload);
  const appointment = await findAppointment(deps.db, kind, id);
  if (!appointment?.pending || appointment.startsAt.toISOString() !== start) return;
  const staleFrom = appointment.startsAt.getTime() - (reminder === 'day' ? LEAD_MS.hour : 0);
  if (deps.clock.now().getTime() >= staleFrom) return;
  const otherId = userId === appointment.tutorId ? appointment.managerId : appointment.tutorId;
  if (userId !== appointment.tutorId && userId !== appointment.managerId) return;
  const [recipient, other] = await Promise.all([
    personOf(deps.db, userId),
    personOf(deps.db, otherId),
  ]);
  if (!recipient || !other) return;
  const text = `تذكير من طلاقة: ${WHAT[kind]} مع ${other.name} ${WHEN[reminder]}، ${cairoStart.format(appointment.startsAt)} بتوقيت القاهرة، ومدتها ٣٠ دقيقة.`;
  const notice = {
    name: recipient.name,
    subject: `تذكير: ${WHAT[kind]} مع ${other.name} ${WHEN[reminder]}`,
    text,
    lessonUrl: new URL(`/${PAGE[kind]}/${id}`, deps.webOrigin).href,
    page: kind,
  };
  const { messenger } = deps;
  await notifyByMethod(
    recipient,
    {
      configured: messenger.channels,
      whatsapp: async (phone) => {
        await messenger.whatsapp(phone, notice);
      },
      telegramChatOf: (phone) => linkedChatId(deps.db, recipient.id, phone),
      telegram: (chatId) => messenger.telegram(chatId, notice),
      email: (address) => messenger.email(address, notice),
    },
    deps.log,
    `${kind} reminder`,
  );
}

async function personOf(
  db: Database,
  id: number,
): Promise<(MethodRecipient & { name: string }) | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      phone: users.phone,
      phoneVerified: users.phoneVerified,
      notificationMethod: users.notificationMethod,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Registers the reminder job's handler (the interviews module's plugin). */
export const appointmentReminderJobs: FastifyPluginAsync = async (app) => {
  app.jobs.register(APPOINTMENT_REMINDER_JOB, (payload, { db, log }) =>
    sendAppointmentReminder(
      {
        db,
        clock: app.clock,
        messenger: app.lessonNotices,
        webOrigin: webOriginFor(app.config),
        log,
      },
      payload,
    ),
  );
};
