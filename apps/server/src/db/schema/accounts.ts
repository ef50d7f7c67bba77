import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { listedProfile } from '../listed-tutor';
import { timestamps, users } from './users';

/**
 * One-time codes sent by e-mail, WhatsApp or Telegram. Only a keyed hash of the code is kept; a
 * code is single-use (`consumed_at`), expires, and dies after a bounded number of wrong tries.
 * Purpose is the spec's code purpose: VerifyWhatsApp 1 (any phone channel), VerifyEmail 3,
 * ResetPassword 4.
 */
export const confirmationCodes = pgTable(
  'confirmation_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: smallint('purpose').notNull(),
    /** Where the code went: the e-mail address or the E.164 phone number. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    /** Set when the code is used up: confirmed, or (reset) its new password saved. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when the last allowed try was wrong: the code died of guessing (issue 15). */
    diedAt: timestamp('died_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('confirmation_codes_purpose_check', sql`${t.purpose} in (1, 3, 4)`),
    check('confirmation_codes_attempts_check', sql`${t.attempts} >= 0`),
    index('confirmation_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);

/**
 * What happened to an account's security that someone may later need to know (issue 15): kinds
 * are `google-dropped-password` (Google vouched for an address whose unverified account had a
 * password, which was dropped), `reset-codes-capped` (the day's cap of dead reset codes was
 * reached; the owner was told), `email-changed` (the address changed; the old one was told).
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_events_user_kind_idx').on(t.userId, t.kind, t.createdAt)],
);
export type SecurityEventRow = typeof securityEvents.$inferSelect;

/** Conversation topics students pick as favourites (spec: Arabic and English names). */
export const topics = pgTable(
  'topics',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('topics_name_ar_key').on(t.nameAr),
    uniqueIndex('topics_name_en_lower_key').on(sql`lower(${t.nameEn})`),
  ],
);

export const userTopics = pgTable(
  'user_topics',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topicId] }),
    index('user_topics_topic_idx').on(t.topicId),
  ],
);

/**
 * Spec Tutor: the tutor's texts, intro video and thumbnail (asset names), whether the tutor is
 * activated, the notice period (minutes between booking and start) and the admin's
 * bypass-onboarding flag. `onboarded_at` is set when the onboarding steps are all passed.
 */
export const tutorProfiles = pgTable(
  'tutor_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio'),
    about: text('about'),
    video: text('video'),
    thumbnail: text('thumbnail'),
    activated: boolean('activated').notNull().default(false),
    noticePeriod: integer('notice_period').notNull().default(30),
    bypassOnboarding: boolean('bypass_onboarding').notNull().default(false),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    /**
     * The tutor's next bookable start in the Cairo week `next_free_week`, null when none is left
     * that week: written with every change of the schedule, the appointments or the notice
     * period, and refreshed by a job once the clock passes it (tutors/listing/next-free.ts). The public
     * list filters and sorts by it without reading any schedule.
     */
    nextFreeAt: timestamp('next_free_at', { withTimezone: true }),
    nextFreeWeek: timestamp('next_free_week', { withTimezone: true }),
    /** The tutor's ratings, kept by a trigger on `ratings` (modules/tutors/listing/listing.sql). */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The average stars as cards show them (one decimal), null without ratings. */
    ratingAverage: doublePrecision('rating_average').generatedAlwaysAs(
      sql`(round(rating_sum::numeric / nullif(rating_count, 0), 1))::double precision`,
    ),
    ...timestamps,
  },
  (t) => [
    check('tutor_profiles_notice_check', sql`${t.noticePeriod} between 0 and 10080`),
    // The public tutor list reads listed tutors only, soonest free first. The predicate is the
    // listing rule's own (a query uses a partial index only when its condition implies it).
    index('tutor_profiles_listed_idx').on(t.nextFreeAt, t.userId).where(listedProfile(t)),
    // The list's "rating" sort: best average first, then most ratings; unrated last.
    index('tutor_profiles_listed_rating_idx')
      .on(t.ratingAverage.desc().nullsLast(), t.ratingCount.desc(), t.userId)
      .where(listedProfile(t)),
  ],
);

/**
 * How many listed tutors match each set of the public list's filters without a search: topic
 * (0 = any), gender ('' = any) and "free this week" (false = any). Kept by triggers on the
 * tables that decide them (modules/tutors/listing/listing.sql), so a page reads its total
 * instead of counting every tutor.
 */
export const listedTutorTotals = pgTable(
  'listed_tutor_totals',
  {
    topicId: integer('topic_id').notNull(),
    gender: text('gender').notNull(),
    freeOnly: boolean('free_only').notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.gender, t.freeOnly] })],
);

/**
 * The filter sets each listed tutor is counted in (one row per set): what the triggers take back
 * when the tutor changes, whatever the order in which the tables changed.
 */
export const listedTutorKeys = pgTable(
  'listed_tutor_keys',
  {
    userId: integer('user_id').notNull(),
    topicId: integer('topic_id').notNull(),
    gender: text('gender').notNull(),
    freeOnly: boolean('free_only').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId, t.gender, t.freeOnly] })],
);

export type ConfirmationCodeRow = typeof confirmationCodes.$inferSelect;
export type TopicRow = typeof topics.$inferSelect;
