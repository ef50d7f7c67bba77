import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cairoWeekBounds, PlanPeriod, Role } from '@talaqa/domain';
import { signAccessToken } from '../../src/security/tokens';
import {
  appointments,
  availabilitySlots,
  plans,
  subscriptions,
  tutorProfiles,
  users,
} from '../../src/db/schema';
import type { SubscriptionRow } from '../../src/db/schema';
import type { Caller } from './api';
import type { TestServer } from './helpers';
import { refreshNextFree } from '../../src/modules/tutors/listing/next-free';

/**
 * Lesson fixtures: rows written straight to the database (fast enough for hundreds of students),
 * and a clock fixed on a January 2030 week (Cairo is UTC+2 then): Saturday 5 to Friday 11.
 */

/** A Cairo wall-clock instant of January 2030 (UTC+2). */
export const cairo = (day: number, time: string): Date =>
  new Date(`2030-01-${String(day).padStart(2, '0')}T${time}:00+02:00`);

/** Wednesday 9 January 2030, 10:00 Cairo: "now" of most lesson tests. */
export const NOW = cairo(9, '10:00');

/** Minutes from Saturday 00:00 of a weekday (0 Saturday … 6 Friday) and `HH:MM`. */
export const weekMinute = (dayFromSaturday: number, time: string): number => {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return dayFromSaturday * 1440 + hour * 60 + minute;
};

let sequence = 0;

/** A user of `role` inserted directly, with an access token. */
export async function insertUser(
  server: TestServer,
  role: Role,
  fields: { emailVerified?: boolean; name?: string } = {},
): Promise<Caller> {
  sequence += 1;
  const [row] = await server.app.database.db
    .insert(users)
    .values({
      name: fields.name ?? `Lesson User ${sequence}`,
      email: `lesson-${sequence}-${randomUUID().slice(0, 8)}@example.com`,
      role,
      emailVerified: fields.emailVerified ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return { id: row.id, token: await signAccessToken(row.id, server.config) };
}

export async function insertPlan(server: TestServer): Promise<number> {
  const [row] = await server.app.database.db
    .insert(plans)
    .values({
      weeklyMinutes: 120,
      baseMonthPrice: 50_000,
      monthDiscount: 0,
      quarterDiscount: 10,
      yearDiscount: 20,
    })
    .returning({ id: plans.id });
  if (!row) throw new Error('no plan');
  return row.id;
}

export interface SubscriptionOptions {
  planId: number;
  now?: Date;
  weeklyMinutes?: number;
  consumedMinutes?: number;
  /** An ended subscription (so no free trial either). */
  ended?: boolean;
}

/** A live quarter subscription at `now` (default NOW), its week starting this Cairo week. */
export async function insertSubscription(
  server: TestServer,
  userId: number,
  options: SubscriptionOptions,
): Promise<SubscriptionRow> {
  const now = options.now ?? NOW;
  const day = 24 * 3_600_000;
  // Started before this Cairo week, so its quota week is the Cairo week itself.
  const weekStart = cairoWeekBounds(now).start;
  const startsAt = new Date(weekStart.getTime() - (options.ended ? 60 : 10) * day);
  const endsAt = new Date(now.getTime() + (options.ended ? -day : 60 * day));
  const [row] = await server.app.database.db
    .insert(subscriptions)
    .values({
      userId,
      planId: options.planId,
      period: PlanPeriod.Quarter,
      weeklyMinutes: options.weeklyMinutes ?? 120,
      consumedMinutes: options.consumedMinutes ?? 0,
      weekStartedAt: weekStart,
      startsAt,
      endsAt,
    })
    .returning();
  if (!row) throw new Error('no subscription');
  return row;
}

/** A student with a verified e-mail and a live subscription (unless told otherwise). */
export async function insertStudent(
  server: TestServer,
  options: Partial<SubscriptionOptions> & {
    planId: number;
    emailVerified?: boolean;
    subscribed?: boolean;
  },
): Promise<Caller> {
  const caller = await insertUser(server, Role.Student, {
    emailVerified: options.emailVerified ?? true,
  });
  if (options.subscribed ?? true) await insertSubscription(server, caller.id, options);
  return caller;
}

export interface TutorOptions {
  activated?: boolean;
  noticePeriod?: number;
  /** Weekly slots as [start minute from Saturday 00:00, 15 | 30]. */
  slots?: [number, number][];
}

/** Wednesday 10:00 to 14:00 in 15-minute slots. */
export const WEDNESDAY_SLOTS: [number, number][] = Array.from({ length: 16 }, (_, index) => [
  weekMinute(4, '10:00') + index * 15,
  15,
]);

/** A listed tutor (activated, onboarding bypassed) with a weekly schedule. */
export async function insertTutor(server: TestServer, options: TutorOptions = {}): Promise<Caller> {
  const caller = await insertUser(server, Role.Tutor);
  const db = server.app.database.db;
  await db.insert(tutorProfiles).values({
    userId: caller.id,
    activated: options.activated ?? true,
    bypassOnboarding: true,
    noticePeriod: options.noticePeriod ?? 30,
  });
  const slots = options.slots ?? WEDNESDAY_SLOTS;
  if (slots.length > 0) {
    await db
      .insert(availabilitySlots)
      .values(
        slots.map(([startMinute, duration]) => ({ tutorId: caller.id, startMinute, duration })),
      );
  }
  // Written beside the service's transactions, so the stored next free start is written here.
  await refreshNextFree(db, [caller.id], server.app.clock.now());
  return caller;
}

/** An interview holding the tutor's time. */
export async function insertInterview(
  server: TestServer,
  tutorId: number,
  start: Date,
  minutes: number,
): Promise<void> {
  await server.app.database.db.insert(appointments).values({
    tutorId,
    kind: 'interview',
    startsAt: start,
    endsAt: new Date(start.getTime() + minutes * 60_000),
  });
  await refreshNextFree(server.app.database.db, [tutorId], server.app.clock.now());
}

export async function subscriptionOf(server: TestServer, userId: number): Promise<SubscriptionRow> {
  const [row] = await server.app.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (!row) throw new Error('no subscription');
  return row;
}
