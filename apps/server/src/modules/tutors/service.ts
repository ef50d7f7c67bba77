import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  availabilityForWeek,
  cairoUtcOffsetMinutes,
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
import { lessons, topics, tutorProfiles, userTopics, users } from '../../db/schema';
import { AppError } from '../../errors';
import { busyOf, templatesOf } from '../availability/repo';
import { findTutorRow, tutorColumns, tutorRowOf, upsertTutorAdminFields } from './repo';
import type { TutorAdminPatch, TutorRow } from './repo';

const HOUR_MS = 3_600_000;
const WEEK_MINUTES = 7 * 24 * 60;

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
): Promise<Tutor> {
  await requireTutor(db, tutorId);
  await upsertTutorAdminFields(db, tutorId, patch);
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

async function topicsOf(db: Database, ids: readonly number[]): Promise<Map<number, Topic[]>> {
  const byTutor = new Map<number, Topic[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byTutor;
  const rows = await db
    .select({
      userId: userTopics.userId,
      id: topics.id,
      nameAr: topics.nameAr,
      nameEn: topics.nameEn,
    })
    .from(userTopics)
    .innerJoin(topics, eq(topics.id, userTopics.topicId))
    .where(inArray(userTopics.userId, [...ids]))
    .orderBy(asc(topics.nameAr));
  for (const { userId, ...topic } of rows) byTutor.get(userId)?.push(topic);
  return byTutor;
}

/**
 * Cards of these (listed) tutors in the given order: their topics, and the exact next free
 * start this week (`nextFreeStart` over the template and live appointments). Three queries
 * whatever the number of tutors on the page.
 */
export async function cardsOf(
  db: Database,
  rows: readonly TutorRow[],
  now: Date,
): Promise<TutorCard[]> {
  const ids = rows.map((row) => row.id);
  const week = cairoWeekBounds(now);
  const [topicMap, templates, busy] = await Promise.all([
    topicsOf(db, ids),
    templatesOf(db, ids),
    busyOf(db, ids, week),
  ]);
  return rows.map((row) => {
    const next = nextFreeStart({
      now,
      tutor: { listed: true, noticePeriod: row.noticePeriod },
      availability: availabilityForWeek(templates.get(row.id) ?? [], now),
      busy: busy.get(row.id) ?? [],
    });
    return {
      id: row.id,
      name: row.name,
      image: row.image,
      gender: row.gender,
      bio: row.bio,
      topics: topicMap.get(row.id) ?? [],
      // Ratings do not exist yet (docs/decisions.md): every tutor is unrated.
      rating: { average: null, count: 0 },
      nextFreeAt: next ? next.toISOString() : null,
    };
  });
}

/** The card of a listed tutor, or null when the tutor is not (or no longer) listed. */
export async function tutorCard(
  db: Database,
  tutorId: number,
  now: Date,
): Promise<TutorCard | null> {
  const row = await findTutorRow(db, tutorId);
  if (!row || !isListedRow(row)) return null;
  const [card] = await cardsOf(db, [row], now);
  return card ?? null;
}

/** GET /user/tutor/info/{id}: a listed tutor's profile tab, else `tutor-not-found`. */
export async function tutorInfo(db: Database, tutorId: number, now: Date): Promise<TutorProfile> {
  const row = await findTutorRow(db, tutorId);
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

/**
 * Where the Cairo clock changes inside the week starting at `weekStart`: the wall-clock minute of
 * the week from which slots move, and by how many minutes (0 and past the week when it does not).
 */
function weekClockShift(weekStart: Date): { fromMinute: number; minutes: number } {
  const first = cairoUtcOffsetMinutes(weekStart);
  for (let hour = 1; hour <= 7 * 24; hour += 1) {
    const offset = cairoUtcOffsetMinutes(new Date(weekStart.getTime() + hour * HOUR_MS));
    if (offset !== first) return { fromMinute: hour * 60, minutes: offset - first };
  }
  return { fromMinute: WEEK_MINUTES, minutes: 0 };
}

/**
 * The first start this week, after now and the notice period, of one of the tutor's slots whose
 * first 15 minutes no live appointment holds: the SQL term the list filters and sorts by, so
 * neither loads every tutor. It is a close estimate of `nextFreeStart` (a slot half taken counts
 * as taken; the hour repeated or skipped on a clock-change day is read once); cards show the exact
 * value (docs/decisions.md).
 */
function nextFreeSql(now: Date): SQL {
  const week = cairoWeekBounds(now);
  const shift = weekClockShift(week.start);
  const slotStart = sql`(${week.start.toISOString()}::timestamptz + (s.start_minute - case when s.start_minute >= ${shift.fromMinute} then ${shift.minutes} else 0 end) * interval '1 minute')`;
  return sql`(select min(${slotStart}) from availability_slots s
    where s.tutor_id = ${users.id}
      and ${slotStart} >= ${now.toISOString()}::timestamptz + ${tutorProfiles.noticePeriod} * interval '1 minute'
      and ${slotStart} < ${week.end.toISOString()}::timestamptz
      and not exists (select 1 from appointments a
        where a.tutor_id = s.tutor_id and a.released_at is null
          and a.starts_at < ${slotStart} + interval '15 minutes' and a.ends_at > ${slotStart}))`;
}

/** GET /user/tutor/list/onboarded: listed tutors, filtered, sorted and paged in SQL. */
export async function listTutors(
  db: Database,
  filters: TutorListFilters,
  now: Date,
): Promise<TutorPage> {
  // Nobody has ratings yet, so no tutor reaches any minimum rating (docs/decisions.md).
  if (filters.minRating !== undefined) return { list: [], total: 0 };
  const nextFree = nextFreeSql(now);
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
  if (filters.freeThisWeek === true) conditions.push(sql`${nextFree} is not null`);
  const where = and(...conditions);
  const order =
    filters.sort === TutorListSort.Newest
      ? [desc(users.createdAt), desc(users.id)]
      : filters.sort === TutorListSort.Rating
        ? [asc(users.id)] // all unrated: a stable order
        : [sql`${nextFree} asc nulls last`, asc(users.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select(tutorColumns)
      .from(users)
      .innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
      .where(where)
      .orderBy(...order)
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    db
      .select({ total: count() })
      .from(users)
      .innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
      .where(where),
  ]);
  return { list: await cardsOf(db, rows.map(tutorRowOf), now), total: counted?.total ?? 0 };
}
