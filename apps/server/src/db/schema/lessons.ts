import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { JoinLeaveEvent } from '@talaqa/domain';
import { subscriptions } from './payments';
import { timestamps, users } from './users';

/**
 * A tutor's weekly schedule (a template: booking only ever happens inside the current week). A
 * slot is a start on the Cairo wall clock, in minutes from Saturday 00:00 (0-10079, on the
 * 15-minute grid), and a length of 15 or 30 minutes; `availabilityForWeek` turns it into real
 * times for a given week. Two slots of one tutor never overlap (exclusion constraint, migration).
 */
export const availabilitySlots = pgTable(
  'availability_slots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startMinute: smallint('start_minute').notNull(),
    duration: smallint('duration').notNull(),
    ...timestamps,
  },
  (t) => [
    index('availability_slots_tutor_idx').on(t.tutorId, t.startMinute),
    check(
      'availability_slots_minutes_check',
      sql`${t.startMinute} >= 0 and ${t.startMinute} % 15 = 0 and ${t.duration} in (15, 30) and ${t.startMinute} + ${t.duration} <= 10080`,
    ),
  ],
);

export const APPOINTMENT_KINDS = ['lesson', 'interview', 'demo-session'] as const;

/**
 * A stretch of a tutor's time held by a lesson, an interview or a demo session. They share this
 * one table so that the database itself refuses two overlapping ones for a tutor, whatever their
 * kinds (exclusion constraint over live rows, migration); each kind keeps its details in its own
 * table, pointing here.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: APPOINTMENT_KINDS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Set when the appointment no longer holds the time. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('appointments_tutor_time_idx').on(t.tutorId, t.startsAt),
    check('appointments_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Spec Lesson. Status is the spec's LessonStatus word: `pending` until the first join of its
 * room, `happening` then, `fulfilled` or `cancelled` from its attendance once the no-show moment
 * or the end has come (docs/decisions/287-attendance-and-lesson-status.md); `cancelled` ones carry
 * who canceled and how many minutes went back (`minutes_returned`, also the minutes a tutor who
 * left early gave back on a fulfilled lesson). The consumption (`quota_week_start`, `minutes`) is kept so that a
 * cancellation returns minutes to the same week only.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'restrict' }),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, {
      onDelete: 'restrict',
    }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    duration: smallint('duration').notNull(),
    /** Piasters: what the lesson is worth to the tutor's earnings (0 until earnings exist). */
    price: integer('price').notNull().default(0),
    status: text('status', { enum: ['pending', 'happening', 'fulfilled', 'cancelled'] })
      .notNull()
      .default('pending'),
    canceledBy: text('canceled_by', { enum: ['tutor', 'student', 'self'] }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    quotaWeekStart: timestamp('quota_week_start', { withTimezone: true }),
    minutesReturned: integer('minutes_returned').notNull().default(0),
    /**
     * An admin's cancel on a member's behalf (decision 344): the reason they gave and who they
     * were. `canceled_by` names the member; the reason stays when the admin's account goes.
     */
    cancelReason: text('cancel_reason'),
    canceledByAdminId: integer('canceled_by_admin_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lessons_appointment_key').on(t.appointmentId),
    index('lessons_student_start_idx').on(t.studentId, t.startsAt),
    index('lessons_tutor_start_idx').on(t.tutorId, t.startsAt),
    // The admin's list of every lesson, by start and within a range of Cairo days.
    index('lessons_start_idx').on(t.startsAt),
    check('lessons_duration_check', sql`${t.duration} in (15, 30)`),
    check('lessons_price_check', sql`${t.price} >= 0`),
    check(
      'lessons_cancel_check',
      sql`(${t.status} = 'cancelled') = (${t.canceledAt} is not null) and (${t.canceledAt} is null) = (${t.canceledBy} is null)`,
    ),
    check('lessons_minutes_returned_check', sql`${t.minutesReturned} between 0 and ${t.duration}`),
    // An admin's cancel has its reason; a reason belongs to a lesson canceled for a member.
    check(
      'lessons_admin_cancel_check',
      sql`(${t.canceledByAdminId} is null or ${t.cancelReason} is not null) and (${t.cancelReason} is null or (${t.status} = 'cancelled' and ${t.canceledBy} in ('tutor', 'student')))`,
    ),
  ],
);

/**
 * The lesson room's attendance (issue 19): every join and leave of a member, with the spec's
 * Join/leave event numbers (UserJoined 1, UserLeft 2). Read in time order to tell who was there.
 */
export const sessionAttendance = pgTable(
  'session_attendance',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: smallint('event').$type<JoinLeaveEvent>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('session_attendance_lesson_idx').on(t.lessonId, t.at),
    check('session_attendance_event_check', sql`${t.event} in (1, 2)`),
  ],
);

export type SessionAttendanceRow = typeof sessionAttendance.$inferSelect;

export type AvailabilitySlotRow = typeof availabilitySlots.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

/**
 * A user's calendar feed (ICS, issue 6): calendar apps fetch it with a secret token in the URL,
 * so no session. Only a SHA-256 of the token is kept; making a new one replaces the old, which
 * then stops working.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);

export const LESSON_REMINDERS = ['day', 'hour'] as const;

/**
 * Lesson reminders already delivered (issue 6): one row per lesson, reminder, recipient and the
 * start it announced, written right after the send succeeded. The job runner runs a job at least
 * once, so a repeated run finds the row and sends nothing; a moved lesson announces a new start,
 * so its reminders go out again.
 */
export const lessonRemindersSent = pgTable(
  'lesson_reminders_sent',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    reminder: text('reminder', { enum: LESSON_REMINDERS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    channel: text('channel', { enum: ['email', 'whatsapp', 'telegram'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lesson_reminders_sent_key').on(t.lessonId, t.reminder, t.userId, t.startsAt),
    check('lesson_reminders_sent_reminder_check', sql`${t.reminder} in ('day', 'hour')`),
  ],
);

export type LessonReminderSentRow = typeof lessonRemindersSent.$inferSelect;
