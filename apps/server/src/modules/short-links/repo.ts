import { eq, sql } from 'drizzle-orm';
import { CAMPAIGN_SOURCES } from '@talaqa/domain';
import type {
  CampaignSource,
  CampaignSourceRow,
  ShortLink,
  ShortLinkRow as ShortLinkReportRow,
  ShortLinkSite,
} from '@talaqa/domain';
import type { Database } from '../../db';
import { queryRows } from '../../db';
import { shortLinkClicks, shortLinks, userCampaigns } from '../../db/schema';
import type { ShortLinkRow } from '../../db/schema';

export const toShortLink = (row: ShortLinkRow): ShortLink => ({
  id: row.id,
  name: row.name,
  source: row.source,
  label: row.label,
  site: row.site,
  path: row.path,
  active: row.active,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export interface ShortLinkValues {
  name: string;
  source: CampaignSource;
  label: string | null;
  site: ShortLinkSite;
  path: string;
  active: boolean;
  createdBy: number;
  createdAt: Date;
  updatedAt: Date;
}

export async function insertShortLinkRow(db: Database, values: ShortLinkValues) {
  const [row] = await db.insert(shortLinks).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateShortLinkRow(
  db: Database,
  id: number,
  values: Partial<Pick<ShortLinkRow, 'label' | 'site' | 'path' | 'active' | 'updatedAt'>>,
): Promise<ShortLinkRow | undefined> {
  const [row] = await db.update(shortLinks).set(values).where(eq(shortLinks.id, id)).returning();
  return row;
}

export async function deleteShortLinkRow(
  db: Database,
  id: number,
): Promise<ShortLinkRow | undefined> {
  const [row] = await db.delete(shortLinks).where(eq(shortLinks.id, id)).returning();
  return row;
}

export async function findShortLinkRowByName(
  db: Database,
  name: string,
): Promise<ShortLinkRow | undefined> {
  const [row] = await db.select().from(shortLinks).where(eq(shortLinks.name, name));
  return row;
}

/** One more click in the hour holding `hour` (an hour start): one upsert. */
export async function countClick(db: Database, linkId: number, hour: Date): Promise<void> {
  await db
    .insert(shortLinkClicks)
    .values({ linkId, hour, clicks: 1 })
    .onConflictDoUpdate({
      target: [shortLinkClicks.linkId, shortLinkClicks.hour],
      set: { clicks: sql`${shortLinkClicks.clicks} + 1` },
    });
}

/**
 * Records the campaign an account signed up with, first touch only: the link of that name when
 * one exists (its source wins, whatever the address said), else the source code alone. One
 * statement, so a link deleted meanwhile leaves no half-written row.
 */
export async function insertUserCampaign(
  db: Database,
  userId: number,
  campaign: { name: string | undefined; source: CampaignSource | undefined },
  at: Date,
): Promise<boolean> {
  const name = campaign.name ?? null;
  const source = campaign.source ?? null;
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`insert into ${userCampaigns} (user_id, link_id, source, created_at)
      select ${userId}::int, l.id, coalesce(l.source, ${source}::text), ${at.toISOString()}::timestamptz
      from (select 1) one
      left join ${shortLinks} l on l.name = ${name}::text
      where coalesce(l.source, ${source}::text) is not null
      on conflict (user_id) do nothing
      returning user_id`,
  );
  return rows.length > 0;
}

/** A window's bounds as SQL values: an absent bound is infinite. */
const bound = (instant: Date | undefined, fallback: string): string =>
  instant ? instant.toISOString() : fallback;

interface Window {
  from?: Date | undefined;
  to?: Date | undefined;
}

type Figures = Pick<CampaignSourceRow, 'clicks' | 'signUps' | 'payers' | 'payments' | 'revenue'>;
type RawFigures = Omit<Figures, 'revenue'> & { revenue: string | number };

const numbers = <T extends RawFigures>(row: T): T & Figures => ({
  ...row,
  revenue: Number(row.revenue),
});

/**
 * Every link with its figures over the window, newest first (one statement, record 351): clicks
 * by the hour they fell in; sign-ups by when the account was made; payments by `paid_at` of the
 * accounts that came through the link (whenever they signed up), revenue net of refunds as on
 * the admin's home (record 345).
 */
export async function linkReportRows(db: Database, window: Window): Promise<ShortLinkReportRow[]> {
  const from = bound(window.from, '-infinity');
  const to = bound(window.to, 'infinity');
  const rows = await queryRows<
    RawFigures & {
      id: number;
      name: string;
      source: CampaignSource;
      label: string | null;
      site: ShortLinkSite;
      path: string;
      active: boolean;
      createdBy: number | null;
      createdAt: string;
      updatedAt: string;
    }
  >(
    db,
    sql`with w as (select ${from}::timestamptz as f, ${to}::timestamptz as t),
      paid as (
        select uc.link_id, t.user_id, t.amount - t.refunded_amount as net
        from user_campaigns uc join transactions t on t.user_id = uc.user_id, w
        where uc.link_id is not null and t.paid_at is not null
          and t.paid_at >= w.f and t.paid_at < w.t)
      select l.id, l.name, l.source, l.label, l.site, l.path, l.active,
        l.created_by as "createdBy",
        to_json(l.created_at) #>> '{}' as "createdAt",
        to_json(l.updated_at) #>> '{}' as "updatedAt",
        (select coalesce(sum(c.clicks), 0) from short_link_clicks c
          where c.link_id = l.id and c.hour >= w.f and c.hour < w.t)::int as clicks,
        (select count(*) from user_campaigns uc
          where uc.link_id = l.id and uc.created_at >= w.f and uc.created_at < w.t)::int
          as "signUps",
        (select count(distinct p.user_id) from paid p where p.link_id = l.id)::int as payers,
        (select count(*) from paid p where p.link_id = l.id)::int as payments,
        (select coalesce(sum(p.net), 0) from paid p where p.link_id = l.id)::bigint as revenue
      from short_links l, w
      order by l.created_at desc, l.id desc`,
  );
  return rows.map((row) => ({
    ...numbers(row),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }));
}

/**
 * The same figures per source code, every code in the spec's order (one statement): clicks of
 * the links of that source; sign-ups and payments of the accounts recorded with it, whether
 * they came through a link or with the source alone.
 */
export async function sourceReportRows(db: Database, window: Window): Promise<CampaignSourceRow[]> {
  const from = bound(window.from, '-infinity');
  const to = bound(window.to, 'infinity');
  const rows = await queryRows<RawFigures & { source: CampaignSource }>(
    db,
    sql`with w as (select ${from}::timestamptz as f, ${to}::timestamptz as t),
      s as (select s.source, s.i
        from unnest(${`{${CAMPAIGN_SOURCES.join(',')}}`}::text[]) with ordinality as s(source, i)),
      paid as (
        select uc.source, t.user_id, t.amount - t.refunded_amount as net
        from user_campaigns uc join transactions t on t.user_id = uc.user_id, w
        where t.paid_at is not null and t.paid_at >= w.f and t.paid_at < w.t)
      select s.source,
        (select coalesce(sum(c.clicks), 0) from short_link_clicks c
          join short_links l on l.id = c.link_id
          where l.source = s.source and c.hour >= w.f and c.hour < w.t)::int as clicks,
        (select count(*) from user_campaigns uc
          where uc.source = s.source and uc.created_at >= w.f and uc.created_at < w.t)::int
          as "signUps",
        (select count(distinct p.user_id) from paid p where p.source = s.source)::int as payers,
        (select count(*) from paid p where p.source = s.source)::int as payments,
        (select coalesce(sum(p.net), 0) from paid p where p.source = s.source)::bigint as revenue
      from s, w
      order by s.i`,
  );
  return rows.map(numbers);
}
