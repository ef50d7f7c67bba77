import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CampaignSource, ShortLinkSite } from '@talaqa/domain';
import { timestamps, users } from './users';

/**
 * Short links (docs/decisions/351-short-links.md): `/url/{name}` on the marketing site sends a
 * visitor to `path` on one of our sites (`site`: landing or web) with the campaign kept. Names
 * are stored lower-case (the schema lowers them), so the unique key is case-insensitive; the
 * CHECKs repeat the shared rules' shape so no other writer can store a name or a target that
 * could leave our sites.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    source: text('source').$type<CampaignSource>().notNull(),
    label: text('label'),
    site: text('site').$type<ShortLinkSite>().notNull(),
    path: text('path').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('short_links_name_key').on(t.name),
    check(
      'short_links_name_check',
      sql`${t.name} = lower(${t.name}) and char_length(${t.name}) between 2 and 40`,
    ),
    check(
      'short_links_source_check',
      sql`${t.source} in ('wa', 'sfb', 'syt', 'sig', 'stt', 'sx', 'mpv', 'mtd')`,
    ),
    check('short_links_site_check', sql`${t.site} in ('landing', 'web')`),
    check(
      'short_links_path_check',
      sql`left(${t.path}, 1) = '/' and left(${t.path}, 2) <> '//' and char_length(${t.path}) <= 200`,
    ),
  ],
);
export type ShortLinkRow = typeof shortLinks.$inferSelect;

/**
 * Clicks per link per hour (UTC hour starts, which are also Cairo hour starts), so the admin's
 * Cairo-day window is exact and a click is one upsert, never a row per visit.
 */
export const shortLinkClicks = pgTable(
  'short_link_clicks',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => shortLinks.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.hour] }),
    check('short_link_clicks_clicks_check', sql`${t.clicks} >= 0`),
  ],
);

/**
 * The campaign an account signed up with (at most one, the first touch): the link (kept null
 * when the link is deleted) and its source code, which stays.
 */
export const userCampaigns = pgTable(
  'user_campaigns',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: integer('link_id').references(() => shortLinks.id, { onDelete: 'set null' }),
    source: text('source').$type<CampaignSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_campaigns_link_idx').on(t.linkId),
    index('user_campaigns_source_idx').on(t.source, t.createdAt),
    check(
      'user_campaigns_source_check',
      sql`${t.source} in ('wa', 'sfb', 'syt', 'sig', 'stt', 'sx', 'mpv', 'mtd')`,
    ),
  ],
);
