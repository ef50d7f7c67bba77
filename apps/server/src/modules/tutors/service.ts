import { and, asc, count, desc, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  availabilityForWeekMinutes,
  cairoWeekBounds,
  isTutorListed,
  nextFreeStart,
  Role,
  TutorListSort,
  tutorMissingData,
} from '@talaqa/domain';
import type {
  Topic,
  Tutor,
  TutorCard,
  TutorListFilters,
  TutorMeta,
  TutorPage,
  TutorProfile,
} from '@talaqa/domain';
import type { Database } from '../../db';
import { lessons, listedTutorTotals, tutorProfiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { busyOf, storedSlotsOf } from './schedule';
import { findTutorRow, tutorColumns, tutorRowOf, upsertTutorAdminFields } from './repo';
import type { TutorAdminPatch, TutorRow } from './repo';
import { refreshNextFree } from './next-free';

export const isListedRow = (row: TutorRow): boolean =>
  row.role === Role.Tutor &&
  isTutorListed({
    activated: row.activated,
    onboarded: row.onboardedAt !== null,
    bypassOnboarding: row.bypassOnboarding,
  });

/** The spec's Tutor of a tutor row: the stored fields and what the profile still misses. */
export function tutorOf(row: TutorRow): Tutor {
  const profile = {
    bio: row.bio,
    about: row.about,
    video: row.video,
    thumbnail: row.thumbnail,
  };
  return {
    id: row.id,
    ...profile,
    activated: row.activated,
    noticePeriod: row.noticePeriod,
    bypassOnboarding: row.bypassOnboarding,
    missingData: tutorMissingData({
      ...profile,
      image: row.image,
      verifiedEmail: row.emailVerified,
      verifiedPhone: row.phoneVerified,
    }),
  };
}

/** A tutor user (any state), else `tutor-not-found`. */
export async function requireTutor(db: Database, userId: number): Promise<TutorRow> {
  const row = await findTutorRow(db, userId);
  if (!row || row.role !== Role.Tutor) throw new AppError('tutor-not-found');
  return row;
}

/** GET /user/tutor/meta: the spec's Tutor without the id, from the stored profile. */
export async function tutorMeta(db: Database, userId: number): Promise<TutorMeta> {
  const { id: _id, ...meta } = tutorOf(await requireTutor(db, userId));
  return meta;
}

/** PATCH /user/tutor/{id} (admins): activation, notice period, onboarding bypass. */
export async function patchTutorAdminFields(
  db: Database,
  tutorId: number,
  patch: TutorAdminPatch,
  now: Date,
): Promise<Tutor> {
  await requireTutor(db, tutorId);
  await db.transaction(async (tx) => {
    await upsertTutorAdminFields(tx, tutorId, patch);
    // The notice period moves the next bookable start.
    await refreshNextFree(tx, [tutorId], now);
  });
  return tutorOf(await requireTutor(db, tutorId));
}

// ---------------------------------------------------------------------------------------------
// Cards, profiles and the public list

const listedCondition = (): SQL =>
  and(
    eq(users.role, Role.Tutor),
    eq(tutorProfiles.activated, true),
    or(isNotNull(tutorProfiles.onboardedAt), eq(tutorProfiles.bypassOnboarding, true)),
  ) as SQL;

/**
 * A tutor's topics as one JSON column of the tutor's own row (by Arabic name), so a card or a page
 * needs no second query for them.
 */
const topicsColumn = sql<Topic[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'nameAr', t.name_ar, 'nameEn', t.name_en)
    order by t.name_ar)
  from user_topics ut join topics t on t.id = ut.topic_id
  where ut.user_id = ${users.id}), '[]'::json)`;

const cardColumns = { ...tutorColumns, topics: topicsColumn };

/** A tutor row with its topics, as a card needs it. */
type CardRow = TutorRow & { topics: Topic[] };

const cardRowOf = (row: Parameters<typeof tutorRowOf>[0] & { topics: Topic[] }): CardRow => ({
  ...tutorRowOf(row),
  topics: row.topics,
});

/**
 * The stored next free start while it is still exact: written for this Cairo week and, when set,
 * still bookable (free starts only drop off the front as the clock moves, and every change of
 * schedule or appointments rewrites it). Undefined when it must be computed again.
 */
export function storedNextFree(row: TutorRow, now: Date): Date | null | undefined {
  if (row.nextFreeWeek?.getTime() !== cairoWeekBounds(now).start.getTime()) return undefined;
  if (row.nextFreeAt === null) return null;
  const bookableFrom = now.getTime() + row.noticePeriod * 60_000;
  return row.nextFreeAt.getTime() >= bookableFrom ? row.nextFreeAt : undefined;
}

/** The exact next free start of tutors whose stored one is stale, from their schedules. */
async function computedNextFree(
  db: Database,
  rows: readonly TutorRow[],
  now: Date,
): Promise<Map<number, Date | null>> {
  const ids = rows.map((row) => row.id);
  const computed = new Map<number, Date | null>();
  if (ids.length === 0) return computed;
  const [slots, busy] = await Promise.all([
    storedSlotsOf(db, ids),
    busyOf(db, ids, cairoWeekBounds(now)),
  ]);
  for (const row of rows) {
    const next = nextFreeStart({
      now,
      tutor: { listed: true, noticePeriod: row.noticePeriod },
      availability: availabilityForWeekMinutes(slots.get(row.id) ?? [], now),
      busy: busy.get(row.id) ?? [],
    });
    computed.set(row.id, next);
  }
  return computed;
}

/**
 * Cards of these (listed) tutors in the given order: their topics, and the exact next free start
 * this week (stored, or computed for the few the clock has made stale). Two or three queries
 * whatever the number of tutors on the page.
 */
export async function cardsOf(
  db: Database,
  rows: readonly CardRow[],
  now: Date,
): Promise<TutorCard[]> {
  const stale = rows.filter((row) => storedNextFree(row, now) === undefined);
  const computed = await computedNextFree(db, stale, now);
  return rows.map((row) => {
    const next = storedNextFree(row, now) ?? computed.get(row.id) ?? null;
    return {
      id: row.id,
      name: row.name,
      image: row.image,
      gender: row.gender,
      bio: row.bio,
      topics: row.topics,
      rating: { average: row.ratingAverage, count: row.ratingCount },
      nextFreeAt: next ? next.toISOString() : null,
    };
  });
}

/** A user with its profile and topics as a card reads them; undefined for no such user. */
async function findCardRow(db: Database, userId: number): Promise<CardRow | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(users)
    .leftJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ? cardRowOf(row) : undefined;
}

/** The card of a listed tutor, or null when the tutor is not (or no longer) listed. */
export async function tutorCard(
  db: Database,
  tutorId: number,
  now: Date,
): Promise<TutorCard | null> {
  const row = await findCardRow(db, tutorId);
  if (!row || !isListedRow(row)) return null;
  const [card] = await cardsOf(db, [row], now);
  return card ?? null;
}

/** GET /user/tutor/info/{id}: a listed tutor's profile tab, else `tutor-not-found`. */
export async function tutorInfo(db: Database, tutorId: number, now: Date): Promise<TutorProfile> {
  const row = await findCardRow(db, tutorId);
  if (!row || !isListedRow(row)) throw new AppError('tutor-not-found');
  const [[card], [given]] = await Promise.all([
    cardsOf(db, [row], now),
    db
      .select({ total: count() })
      .from(lessons)
      .where(
        and(
          eq(lessons.tutorId, tutorId),
          sql`${lessons.canceledAt} is null`,
          sql`${lessons.startsAt} + ${lessons.duration} * interval '1 minute' <= ${now.toISOString()}::timestamptz`,
        ),
      ),
  ]);
  if (!card) throw new AppError('tutor-not-found');
  return {
    ...card,
    about: row.about,
    video: row.video,
    thumbnail: row.thumbnail,
    noticePeriod: row.noticePeriod,
    lessonsGiven: given?.total ?? 0,
  };
}

/** `%`, `_` and `\` typed in the search box are matched literally (LIKE's escape is `\`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Counted totals (searches, minimum ratings) by their filters, kept beside the cached pages. */
export interface KnownTotals {
  get(matchKey: string): Promise<number | undefined>;
  set(matchKey: string, total: number): Promise<void>;
}

const countEveryTime: KnownTotals = { get: async () => undefined, set: async () => undefined };

/** What decides which tutors match, not the page or the order: the key a total is known by. */
export const matchKeyOf = (filters: TutorListFilters): string =>
  JSON.stringify([
    filters.search,
    filters.topic,
    filters.gender,
    filters.freeThisWeek,
    filters.minRating,
  ]);

/**
 * GET /user/tutor/list/onboarded: listed tutors, filtered, sorted and paged in SQL. Every page
 * walks an index (soonest free, newest) and reads only its own rows; the total is one row the
 * database keeps (listed_tutor_totals), except a search's, counted once and reused from `totals`.
 */
export async function listTutors(
  db: Database,
  filters: TutorListFilters,
  now: Date,
  totals: KnownTotals = countEveryTime,
): Promise<TutorPage> {
  const conditions: SQL[] = [listedCondition()];
  if (filters.search !== undefined) {
    const pattern = `%${escapeLike(filters.search)}%`;
    conditions.push(
      or(sql`${users.name} ilike ${pattern}`, sql`${tutorProfiles.bio} ilike ${pattern}`) as SQL,
    );
  }
  if (filters.topic !== undefined) {
    conditions.push(
      sql`exists (select 1 from user_topics ut where ut.user_id = ${users.id} and ut.topic_id = ${filters.topic})`,
    );
  }
  if (filters.gender !== undefined) conditions.push(eq(users.gender, filters.gender));
  if (filters.minRating !== undefined) {
    // The average as cards show it (one decimal): a card's stars never contradict the filter.
    conditions.push(gte(tutorProfiles.ratingAverage, filters.minRating));
  }
  if (filters.freeThisWeek === true) {
    // The test listed_tutor_totals counts by (drizzle/0011): a start the clock has just passed
    // still counts until the minute's refresh, and the card shows the exact one.
    conditions.push(isNotNull(tutorProfiles.nextFreeAt));
  }
  const where = and(...conditions);
  const order =
    filters.sort === TutorListSort.Newest
      ? [desc(users.createdAt), desc(users.id)] // users_tutors_newest_idx, walked backwards
      : filters.sort === TutorListSort.Rating
        ? // tutor_profiles_listed_rating_idx: best average, then most ratings; unrated last.
          [
            sql`${tutorProfiles.ratingAverage} desc nulls last`,
            sql`${tutorProfiles.ratingCount} desc nulls last`,
            asc(tutorProfiles.userId),
          ]
        : // The stored next free start (tutors/next-free.ts): an indexed column, no schedule
          // read. One the clock passed sorts first until the minute's refresh; cards are exact.
          [sql`${tutorProfiles.nextFreeAt} asc nulls last`, asc(tutorProfiles.userId)];
  const [rows, total] = await Promise.all([
    db
      .select(cardColumns)
      .from(users)
      .innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
      .where(where)
      .orderBy(...order)
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    filters.search === undefined && filters.minRating === undefined
      ? storedTotal(db, filters)
      : countedTotal(db, where, matchKeyOf(filters), totals),
  ]);
  return { list: await cardsOf(db, rows.map(cardRowOf), now), total };
}

/** The total the database keeps for filters without a search: one row, however many tutors. */
async function storedTotal(db: Database, filters: TutorListFilters): Promise<number> {
  const [stored] = await db
    .select({ total: listedTutorTotals.total })
    .from(listedTutorTotals)
    .where(
      and(
        eq(listedTutorTotals.topicId, filters.topic ?? 0),
        eq(listedTutorTotals.gender, filters.gender ?? ''),
        eq(listedTutorTotals.freeOnly, filters.freeThisWeek === true),
      ),
    );
  return stored?.total ?? 0;
}

/**
 * The total of a search or a minimum rating: counted (a `%text%` search reads every tutor anyway;
 * a minimum rating walks the rated tutors' index), then known.
 */
async function countedTotal(
  db: Database,
  where: SQL | undefined,
  matchKey: string,
  totals: KnownTotals,
): Promise<number> {
  const known = await totals.get(matchKey);
  if (known !== undefined) return known;
  const [counted] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
    .where(where);
  const total = counted?.total ?? 0;
  await totals.set(matchKey, total);
  return total;
}
