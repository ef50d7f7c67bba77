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
import type { ReviewStatus } from '@talaqa/domain';
import { timestamps, users } from './users';

/**
 * A tutor's intro video (issue 21 item 2; docs/decisions/312-intro-video.md): one row per tutor,
 * replaced in place when a rejected tutor uploads again. Status is the generic review set
 * (Pending 1, Rejected 2, Approved 3); a rejection carries its reason, every review its reviewer
 * and time. The duration is what ffprobe measured, in milliseconds; the video and its thumbnail
 * are stored names in the `media` folder of the asset store.
 */
export const introVideos = pgTable(
  'intro_videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').$type<ReviewStatus>().notNull().default(1),
    reason: text('reason'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    durationMs: integer('duration_ms').notNull(),
    video: text('video').notNull(),
    thumbnail: text('thumbnail').notNull(),
    bytes: integer('bytes').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('intro_videos_tutor_key').on(t.tutorId),
    // The review queue: oldest pending first.
    index('intro_videos_status_idx').on(t.status, t.createdAt, t.id),
    check('intro_videos_status_check', sql`${t.status} in (1, 2, 3)`),
    check('intro_videos_duration_check', sql`${t.durationMs} > 0`),
    check('intro_videos_bytes_check', sql`${t.bytes} >= 0`),
    // A rejection says why; a pending video has no review yet.
    check(
      'intro_videos_review_check',
      sql`(${t.status} = 2) = (${t.reason} is not null) and (${t.status} = 1) = (${t.reviewedAt} is null)`,
    ),
  ],
);

/**
 * A tutor's photo session (issue 21 item 5; docs/decisions/313-photo-sessions-and-studios.md):
 * the media a studio or an admin uploaded, and the studio the tutor belongs to (the studio that
 * first served them; an admin's upload keeps it).
 */
export const photoSessions = pgTable(
  'photo_sessions',
  {
    tutorId: integer('tutor_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    studioId: integer('studio_id').references(() => users.id, { onDelete: 'set null' }),
    image: text('image'),
    video: text('video'),
    thumbnail: text('thumbnail'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('photo_sessions_studio_idx').on(t.studioId, t.tutorId)],
);

export type IntroVideoRow = typeof introVideos.$inferSelect;
export type PhotoSessionRow = typeof photoSessions.$inferSelect;
