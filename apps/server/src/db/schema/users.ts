import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { Role } from '@talaqa/domain';

export const NOTIFICATION_METHODS = ['whatsapp', 'telegram', 'none'] as const;
export const GENDERS = ['male', 'female'] as const;

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * The spec's User (section 3). Enumerations are stored as their spec values and guarded by
 * CHECKs, so a bad value is refused by the database whatever code path writes it.
 * "hasPassword" is not stored: it is `password_hash is not null`.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    creditScore: integer('credit_score').notNull().default(0),
    notificationMethod: text('notification_method', { enum: NOTIFICATION_METHODS })
      .notNull()
      .default('none'),
    birthYear: smallint('birth_year'),
    gender: text('gender', { enum: GENDERS }),
    image: text('image'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    phone: text('phone').unique('users_phone_key'),
    /** Role: SuperAdmin 1, RegularAdmin 2, Tutor 3, Student 4, TutorManager 5, Studio 6. */
    role: smallint('role').notNull(),
    /** Governorate id, 1-30. */
    city: smallint('city'),
    job: text('job'),
    /** English level, 1 Beginner to 6 Mastery. */
    level: smallint('level'),
    aim: text('aim'),
    /** The `sub` of the Google account signed in with, once linked. */
    googleSubject: text('google_subject').unique('users_google_subject_key'),
    /**
     * Carried in every access token (`sv`); a token of another version is refused. A trigger
     * (migration 0013) bumps it whenever password_hash changes; sign-out-all bumps it by hand.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /**
     * A new address the owner asked for and has not confirmed yet: `email` changes to it only
     * once the code sent there is confirmed (issue 15).
     */
    pendingEmail: text('pending_email'),
    /**
     * Fawry's `customerProfileId` for this user: Fawry keeps saved cards under it. Never the row
     * id for a new user (a reset database gives the same id to someone else, who would see the
     * old cards): set on first use by payments (`fawryProfileIdOf`); users of before migration
     * 0021 keep their row id, which Fawry knows their cards by.
     */
    fawryCustomerProfileId: text('fawry_customer_profile_id').unique(
      'users_fawry_customer_profile_id_key',
    ),
    ...timestamps,
  },
  (t) => [
    // Sign-in compares e-mails case-insensitively, so uniqueness must too.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // The public tutors list's "newest" order walks this backwards instead of sorting every tutor.
    index('users_tutors_newest_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.role} = ${sql.raw(String(Role.Tutor))}`),
    check('users_role_check', sql`${t.role} between 1 and 6`),
    check('users_city_check', sql`${t.city} between 1 and 30`),
    check('users_level_check', sql`${t.level} between 1 and 6`),
    check(
      'users_notification_method_check',
      sql`${t.notificationMethod} in ('whatsapp', 'telegram', 'none')`,
    ),
    check('users_gender_check', sql`${t.gender} in ('male', 'female')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
