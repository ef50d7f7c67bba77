import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, users } from './users';

/**
 * Spec Rating: a student's stars (1-5) and optional review of a tutor. One per student and
 * tutor (a second is `rating-exists`: the student edits the first). The tutor's count and sum
 * are kept on tutor_profiles by a trigger (modules/tutors/listing/listing.sql), so the public list filters and sorts
 * by the average without reading ratings.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    raterId: integer('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: integer('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    text: text('text'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ratings_rater_ratee_key').on(t.raterId, t.rateeId),
    // A tutor's reviews tab, newest first.
    index('ratings_ratee_newest_idx').on(t.rateeId, t.createdAt.desc(), t.id.desc()),
    check('ratings_value_check', sql`${t.value} between 1 and 5`),
  ],
);

export type RatingRow = typeof ratings.$inferSelect;
