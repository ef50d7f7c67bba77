import { createHash, randomBytes } from 'node:crypto';
import { endOf, lessonEventUid, lessonSequence, writeCalendar } from '@talaqa/domain';
import type { CalendarFeedCreated, CalendarFeedState, IcsEvent } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { arabicMinutes } from '../../integrations/messaging';
import { deleteFeed, feedLessons, feedOwner, hasFeed, saveFeed } from './repo';
import type { FeedLesson } from './repo';

/**
 * The calendar feed (issue 6): a secret address per user whose ICS document lists their lessons.
 * Only a SHA-256 of the token is stored, so the address is shown once, when it is made; making a
 * new one replaces (and so disables) the old.
 */

const TOKEN_BYTES = 32;
const DAY_MS = 24 * 3_600_000;
/** How far back the feed reaches: past lessons stay visible for a month. */
export const FEED_DAYS_BACK = 30;

/** The token's shape: 32 random bytes, base64url (43 characters). */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

type Db = Pick<ServiceContext, 'db'>;
type DbAndClock = Pick<ServiceContext, 'db' | 'clock'>;

export async function feedState({ db }: Db, userId: number): Promise<CalendarFeedState> {
  return { enabled: await hasFeed(db, userId) };
}

/** Makes a new token (the old one stops working); `urlOf` turns it into the feed's address. */
export async function createFeed(
  { db, clock }: DbAndClock,
  userId: number,
  urlOf: (token: string) => string,
): Promise<CalendarFeedCreated> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await saveFeed(db, userId, hashOf(token), clock.now());
  return { url: urlOf(token) };
}

export async function disableFeed({ db }: Db, userId: number): Promise<void> {
  await deleteFeed(db, userId);
}

export interface FeedLinks {
  /** The web app's origin (lesson pages). */
  webOrigin: string;
  /** Host part of every event's UID: stable for the deployment. */
  uidHost: string;
}

function eventOf(lesson: FeedLesson, ownerId: number, links: FeedLinks): IcsEvent {
  const other = lesson.studentId === ownerId ? lesson.tutorName : lesson.studentName;
  const url = new URL(`/lesson/${lesson.id}`, links.webOrigin).href;
  return {
    uid: lessonEventUid(lesson.id, links.uidHost),
    start: lesson.startsAt,
    end: endOf(lesson.startsAt, lesson.duration),
    created: lesson.createdAt,
    lastModified: lesson.updatedAt,
    sequence: lessonSequence(lesson.updatedAt),
    summary: `درس إنجليزي مع ${other}`,
    description: `${lesson.canceled ? 'أُلغي هذا الدرس.\n' : ''}مدة الدرس ${arabicMinutes(lesson.duration)}.\nصفحة الدرس: ${url}`,
    url,
    status: lesson.canceled ? 'CANCELLED' : 'CONFIRMED',
  };
}

/** The ICS document of the token's owner; `not-found` for an unknown or replaced token. */
export async function feedDocument(
  { db, clock }: DbAndClock,
  token: string,
  links: FeedLinks,
): Promise<string> {
  const now = clock.now();
  const ownerId = FEED_TOKEN.test(token) ? await feedOwner(db, hashOf(token)) : undefined;
  if (ownerId === undefined) throw new AppError('not-found', 'No such calendar feed');
  const from = new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS);
  const lessons = await feedLessons(db, ownerId, from);
  return writeCalendar({
    prodId: '-//Talaqa//Lessons 1.0//AR',
    name: 'دروس طلاقة',
    timeZone: 'Africa/Cairo',
    stamp: now,
    events: lessons.map((lesson) => eventOf(lesson, ownerId, links)),
  });
}
