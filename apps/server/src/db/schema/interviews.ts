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
import type { DemoSessionStatus, EnglishLevel, InterviewStatus } from '@talaqa/domain';
import { appointments } from './lessons';
import { timestamps, users } from './users';

/**
 * Spec Interview (issue 21): a tutor (the interviewee) meets a tutor manager (the interviewer)
 * for 30 minutes. The manager's time is held by a row of `appointments` (kind 'interview',
 * its `tutor_id` the manager), so the exclusion constraint refuses any overlap with the
 * manager's other interviews and demo sessions, whatever the concurrency. A decided or canceled
 * interview releases it. A tutor holds at most one pending interview (partial unique index).
 */
export const interviews = pgTable(
  'interviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    intervieweeId: integer('interviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    interviewerId: integer('interviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Pending 1, Passed 2, Rejected 3, CanceledByInterviewer 4, CanceledByInterviewee 5. */
    status: smallint('status').$type<InterviewStatus>().notNull().default(1),
    feedback: text('feedback'),
    note: text('note'),
    level: smallint('level').$type<EnglishLevel>(),
    /** When it left Pending (decided or canceled). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('interviews_appointment_key').on(t.appointmentId),
    uniqueIndex('interviews_one_pending_key')
      .on(t.intervieweeId)
      .where(sql`${t.status} = 1`),
    index('interviews_interviewee_idx').on(t.intervieweeId, t.startsAt),
    index('interviews_interviewer_idx').on(t.interviewerId, t.startsAt),
    check('interviews_status_check', sql`${t.status} between 1 and 5`),
    check('interviews_level_check', sql`${t.level} between 1 and 6`),
    check('interviews_closed_check', sql`(${t.status} = 1) = (${t.closedAt} is null)`),
  ],
);

/**
 * Spec demo session (issue 21): after a passed interview the tutor gives a 30-minute sample
 * lesson to a tutor manager. Statuses are the spec's second review set. Same time guarantee as
 * interviews (an `appointments` row of kind 'demo-session' held by the manager); one pending
 * demo session per tutor (partial unique index).
 */
export const demoSessions = pgTable(
  'demo_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    tutorManagerId: integer('tutor_manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /**
     * Pending 1, Passed 2, Rejected 3, CanceledByTutorManager 4, CanceledByTutor 5,
     * CanceledByAdmin 6.
     */
    status: smallint('status').$type<DemoSessionStatus>().notNull().default(1),
    feedback: text('feedback'),
    note: text('note'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('demo_sessions_appointment_key').on(t.appointmentId),
    uniqueIndex('demo_sessions_one_pending_key')
      .on(t.tutorId)
      .where(sql`${t.status} = 1`),
    index('demo_sessions_tutor_idx').on(t.tutorId, t.startsAt),
    index('demo_sessions_manager_idx').on(t.tutorManagerId, t.startsAt),
    check('demo_sessions_status_check', sql`${t.status} between 1 and 6`),
    check('demo_sessions_closed_check', sql`(${t.status} = 1) = (${t.closedAt} is null)`),
  ],
);

export type InterviewRow = typeof interviews.$inferSelect;
export type DemoSessionRow = typeof demoSessions.$inferSelect;
