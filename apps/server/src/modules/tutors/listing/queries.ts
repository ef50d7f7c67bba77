import { and, asc, count, desc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { availabilityForWeekMinutes, cairoWeekBounds, nextFreeStart } from '@talaqa/domain';
import { TutorListSort } from '@talaqa/domain';
import type { Topic, TutorCard, TutorListFilters, TutorPage, TutorProfile } from '@talaqa/domain';
import { preparedOnce } from '../../../db';
import type { Database } from '../../../db';
import {
  lessons,
  listedTutorTotals,
  topics,
  tutorProfiles,
  userTopics,
  users,
} from '../../../db/schema';
import { AppError } from '../../../errors';
import { busyOf, storedSlotsOf } from '../schedule';
import { tutorColumns, tutorRowOf } from '../repo';
import type { TutorRow } from '../repo';
import { isListedRow, listedTutor } from '../../../db/listed-tutor';

/**
 * The read side of the tutor listing: cards, the public profile and the public list. The
 * statements a visitor causes are Drizzle prepared statements, made once per database and per
 * shape of the query with placeholders for the values (`preparedOnce`): the server builds no SQL
 * per request, and PostgreSQL parses and plans each once per connection.
 */

/**
 * A tutor's topics as one JSON column of the tutor's own row (by Arabic name), so a card or a page
 * needs no second query for them.
 */
const topicsColumn = sql<Topic[]>`coalesce((
  select json_agg(json_build_object('id', ${topics.id}, 'nameAr', ${topics.nameAr},
      'nameEn', ${topics.nameEn}) order by ${topics.nameAr})
  from ${userTopics} join ${topics} on ${topics.id} = ${userTopics.topicId}
  where ${userTopics.userId} = ${users.id}), '[]'::json)`;

const cardColumns = { ...tutorColumns, topics: topicsColumn };

/** A tutor row with its topics, as a card needs it. */
type CardRow = TutorRow & { topics: Topic[] };

const cardRowOf = (row: Parameters<typeof tutorRowOf>[0] & { topics: Topic[] }): CardRow => ({
  ...tutorRowOf(row),
  topics: row.topics,
});

// ---------------------------------------------------------------------------------------------
// Cards and profiles

/**
 * The stored next free start while it is still exact: written for this Cairo week and, when set,
 * still bookable (free starts only drop off the front as the clock moves, and every change of
 * schedule or appointments rewrites it). Undefined when it must be computed again.
 */
function storedNextFree(row: TutorRow, now: Date): Date | null | undefined {
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

/** How many lessons each of these tutors has given (ended, not canceled), in one query. */
async function lessonsGivenOf(
  db: Database,
  ids: readonly number[],
  now: Date,
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ tutorId: lessons.tutorId, total: count() })
    .from(lessons)
    .where(
      and(
        inArray(lessons.tutorId, [...ids]),
        sql`${lessons.canceledAt} is null`,
        sql`${lessons.startsAt} + ${lessons.duration} * interval '1 minute' <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(lessons.tutorId);
  return new Map(rows.map((row) => [row.tutorId, row.total]));
}

/**
 * Cards of these (listed) tutors in the given order: their topics, the lessons they have given
 * and the exact next free start this week (stored, or computed for the few the clock has made
 * stale). Three or four queries whatever the number of tutors on the page.
 */
async function cardsOf(db: Database, rows: readonly CardRow[], now: Date): Promise<TutorCard[]> {
  const stale = rows.filter((row) => storedNextFree(row, now) === undefined);
  const [computed, given] = await Promise.all([
    computedNextFree(db, stale, now),
    lessonsGivenOf(
      db,
      rows.map((row) => row.id),
      now,
    ),
  ]);
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
      lessonsGiven: given.get(row.id) ?? 0,
      nextFreeAt: next ? next.toISOString() : null,
    };
  });
}

/** A user with its profile and topics as a card reads them (any user: the caller checks). */
const cardRowStatement = preparedOnce((db) =>
  db
    .select(cardColumns)
    .from(users)
    .leftJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('tutors_card_row'),
);

/** The row of a listed tutor as a card reads it; undefined for anyone else. */
async function listedCardRow(db: Database, tutorId: number): Promise<CardRow | undefined> {
  const [row] = await cardRowStatement(db).execute({ id: tutorId });
  if (!row) return undefined;
  const card = cardRowOf(row);
  return isListedRow(card) ? card : undefined;
}

/** The card of a listed tutor, or null when the tutor is not (or no longer) listed. */
export async function tutorCard(
  db: Database,
  tutorId: number,
  now: Date,
): Promise<TutorCard | null> {
  const row = await listedCardRow(db, tutorId);
  if (!row) return null;
  const [card] = await cardsOf(db, [row], now);
  return card ?? null;
}

/** GET /user/tutor/info/{id}: a listed tutor's profile tab, else `tutor-not-found`. */
export async function tutorInfo(db: Database, tutorId: number, now: Date): Promise<TutorProfile> {
  const row = await listedCardRow(db, tutorId);
  if (!row) throw new AppError('tutor-not-found');
  const [card] = await cardsOf(db, [row], now);
  if (!card) throw new AppError('tutor-not-found');
  return {
    ...card,
    about: row.about,
    video: row.video,
    thumbnail: row.thumbnail,
    noticePeriod: row.noticePeriod,
  };
}

// ---------------------------------------------------------------------------------------------
// The public list

/** `%`, `_` and `\` typed in the search box are matched literally (LIKE's escape is `\`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Counted totals (searches, minimum ratings) by their filters, kept beside the cached pages. */
export interface KnownTotals {
  get(matchKey: string): Promise<number | undefined>;
  set(matchKey: string, total: number): Promise<void>;
}

const countEveryTime: KnownTotals = { get: async () => undefined, set: async () => undefined };

/** What decides which tutors match, not the page or the order: the key a total is known by. */
const matchKeyOf = (filters: TutorListFilters): string =>
  JSON.stringify([
    filters.search,
    filters.topic,
    filters.gender,
    filters.freeThisWeek,
    filters.minRating,
  ]);

/** Which filters a query has: each set of them is one statement text, prepared once. */
interface Shape {
  search: boolean;
  topic: boolean;
  gender: boolean;
  minRating: boolean;
  freeOnly: boolean;
}

const shapeOf = (filters: TutorListFilters): Shape => ({
  search: filters.search !== undefined,
  topic: filters.topic !== undefined,
  gender: filters.gender !== undefined,
  minRating: filters.minRating !== undefined,
  freeOnly: filters.freeThisWeek === true,
});

/** A statement name's part for a shape, e.g. `s-tg-f` (search, topic and gender, free only). */
const shapeName = (shape: Shape): string =>
  [
    shape.search ? 's' : '',
    shape.topic ? 't' : '',
    shape.gender ? 'g' : '',
    shape.minRating ? 'r' : '',
    shape.freeOnly ? 'f' : '',
  ].join('') || 'all';

/** The values a statement of any shape may take; a shape uses those of its filters. */
function valuesOf(filters: TutorListFilters) {
  return {
    pattern: filters.search === undefined ? '' : `%${escapeLike(filters.search)}%`,
    topic: filters.topic ?? 0,
    gender: filters.gender ?? '',
    minRating: filters.minRating ?? 0,
    size: filters.size,
    offset: (filters.page - 1) * filters.size,
  };
}

/** Listed tutors matching the filters of this shape (values as placeholders). */
function matching(shape: Shape): SQL | undefined {
  const conditions: SQL[] = [listedTutor(users, tutorProfiles)];
  if (shape.search) {
    const pattern = sql.placeholder('pattern');
    conditions.push(
      or(sql`${users.name} ilike ${pattern}`, sql`${tutorProfiles.bio} ilike ${pattern}`) as SQL,
    );
  }
  if (shape.topic) {
    conditions.push(
      sql`exists (select 1 from ${userTopics} where ${userTopics.userId} = ${users.id}
        and ${userTopics.topicId} = ${sql.placeholder('topic')})`,
    );
  }
  if (shape.gender) conditions.push(eq(users.gender, sql.placeholder('gender')));
  if (shape.minRating) {
    // The average as cards show it (one decimal): a card's stars never contradict the filter.
    conditions.push(gte(tutorProfiles.ratingAverage, sql.placeholder('minRating')));
  }
  if (shape.freeOnly) {
    // The test listed_tutor_totals counts by (listing.sql): a start the clock has just passed
    // still counts until the minute's refresh, and the card shows the exact one.
    conditions.push(isNotNull(tutorProfiles.nextFreeAt));
  }
  return and(...conditions);
}

const ORDERS: Record<TutorListSort, SQL[]> = {
  // users_tutors_newest_idx, walked backwards.
  [TutorListSort.Newest]: [desc(users.createdAt), desc(users.id)],
  // tutor_profiles_listed_rating_idx: best average, then most ratings; unrated last.
  [TutorListSort.Rating]: [
    sql`${tutorProfiles.ratingAverage} desc nulls last`,
    sql`${tutorProfiles.ratingCount} desc nulls last`,
    asc(tutorProfiles.userId),
  ],
  // The stored next free start (next-free.ts): an indexed column, no schedule read. One the
  // clock passed sorts first until the minute's refresh; cards are exact.
  [TutorListSort.NextFreeTime]: [
    sql`${tutorProfiles.nextFreeAt} asc nulls last`,
    asc(tutorProfiles.userId),
  ],
};

function pageStatement(db: Database, shape: Shape, sort: TutorListSort) {
  return db
    .select(cardColumns)
    .from(users)
    .innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
    .where(matching(shape))
    .orderBy(...ORDERS[sort])
    .limit(sql.placeholder('size'))
    .offset(sql.placeholder('offset'))
    .prepare(`tutors_page_${sort}_${shapeName(shape)}`);
}

function countStatement(db: Database, shape: Shape) {
  return db
    .select({ total: count() })
    .from(users)
    .innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
    .where(matching(shape))
    .prepare(`tutors_count_${shapeName(shape)}`);
}

/** The statements of each shape (and order), made on first use: at most 3 x 32 pages. */
const listStatements = preparedOnce((db) => {
  const pages = new Map<string, ReturnType<typeof pageStatement>>();
  const counts = new Map<string, ReturnType<typeof countStatement>>();
  return {
    page(shape: Shape, sort: TutorListSort) {
      const key = `${sort}_${shapeName(shape)}`;
      let statement = pages.get(key);
      if (!statement) pages.set(key, (statement = pageStatement(db, shape, sort)));
      return statement;
    },
    count(shape: Shape) {
      const key = shapeName(shape);
      let statement = counts.get(key);
      if (!statement) counts.set(key, (statement = countStatement(db, shape)));
      return statement;
    },
  };
});

/** The total the database keeps for filters without a search: one row, however many tutors. */
const storedTotalStatement = preparedOnce((db) =>
  db
    .select({ total: listedTutorTotals.total })
    .from(listedTutorTotals)
    .where(
      and(
        eq(listedTutorTotals.topicId, sql.placeholder('topic')),
        eq(listedTutorTotals.gender, sql.placeholder('gender')),
        eq(listedTutorTotals.freeOnly, sql.placeholder('freeOnly')),
      ),
    )
    .prepare('tutors_stored_total'),
);

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
  const shape = shapeOf(filters);
  const values = valuesOf(filters);
  const [rows, total] = await Promise.all([
    listStatements(db).page(shape, filters.sort).execute(values),
    shape.search || shape.minRating
      ? countedTotal(db, shape, values, matchKeyOf(filters), totals)
      : storedTotal(db, filters),
  ]);
  return { list: await cardsOf(db, rows.map(cardRowOf), now), total };
}

/** How many tutors are listed now (any topic, gender and time): the figure on the marketing home. */
export const countListedTutors = (db: Database): Promise<number> => storedTotal(db, {});

async function storedTotal(
  db: Database,
  filters: Pick<TutorListFilters, 'topic' | 'gender' | 'freeThisWeek'>,
): Promise<number> {
  const [stored] = await storedTotalStatement(db).execute({
    topic: filters.topic ?? 0,
    gender: filters.gender ?? '',
    freeOnly: filters.freeThisWeek === true,
  });
  return stored?.total ?? 0;
}

/**
 * The total of a search or a minimum rating: counted (a `%text%` search reads every tutor anyway;
 * a minimum rating walks the rated tutors' index), then known.
 */
async function countedTotal(
  db: Database,
  shape: Shape,
  values: ReturnType<typeof valuesOf>,
  matchKey: string,
  totals: KnownTotals,
): Promise<number> {
  const known = await totals.get(matchKey);
  if (known !== undefined) return known;
  const [counted] = await listStatements(db).count(shape).execute(values);
  const total = counted?.total ?? 0;
  await totals.set(matchKey, total);
  return total;
}
