/**
 * The weekly schedule's endpoints (spec section 7, `/availability-slot/`; issue 6) and the week
 * they answer: the template, its instants on one week's calendar and the tutor's busy times.
 */
import { z } from 'zod';
import { rolesOnly, signedIn } from '../access';
import type { TutorTimeContext, WeeklySlot } from '../booking';
import { endpoint } from '../contract/endpoint';
import { instantSchema } from '../contract/query-fields';
import { Role, SESSION_SLOT_LENGTHS, WEEKDAYS } from '../enums';
import type { TimeRange } from '../time';
import { availabilityBodySchema, availabilityQuerySchema } from './validation';

/** A time range as sent in JSON. */
export const isoRangeSchema = z.object({ start: instantSchema, end: instantSchema });
export type IsoRange = z.infer<typeof isoRangeSchema>;

export const isoRangeOf = (range: TimeRange): IsoRange => ({
  start: range.start.toISOString(),
  end: range.end.toISOString(),
});

export const timeRangeOf = (range: IsoRange): TimeRange => ({
  start: new Date(range.start),
  end: new Date(range.end),
});

/** A busy time of the tutor; `lessonId` only on the caller's own lessons (to move one). */
export const busyRangeSchema = isoRangeSchema.extend({ lessonId: z.number().int().optional() });
export type BusyRange = z.infer<typeof busyRangeSchema>;

/** A slot of the weekly template as saved (the request's rules were checked when it was saved). */
const savedSlotSchema = z.object({
  weekday: z.literal(WEEKDAYS),
  start: z.string(),
  length: z.literal(SESSION_SLOT_LENGTHS),
}) satisfies z.ZodType<WeeklySlot>;

/** What GET and POST /availability-slot/ answer. */
export const availabilityWeekSchema = z.object({
  tutorId: z.number().int(),
  /** Saturday 00:00 Cairo of the week shown, and the next Saturday 00:00. */
  weekStart: instantSchema,
  weekEnd: instantSchema,
  /** The weekly template as saved, in week order (Saturday first, then by start). */
  template: z.array(savedSlotSchema),
  /** The template on this week's calendar as instants (`availabilityForWeek`), sorted. */
  slots: z.array(isoRangeSchema),
  /** The tutor's lessons, interviews and demo sessions in this week (not canceled), sorted. */
  busy: z.array(busyRangeSchema),
  noticePeriod: z.number().int(),
  /** The tutor is listed, so students may book. */
  bookable: z.boolean(),
  /** The server's clock when it answered. */
  now: instantSchema,
});
export type AvailabilityWeek = z.infer<typeof availabilityWeekSchema>;

/** The tutor's side of a booking from an AvailabilityWeek, judged at `now`. */
export function tutorTimeOfWeek(week: AvailabilityWeek, now: Date): TutorTimeContext {
  return {
    now,
    tutor: { listed: week.bookable, noticePeriod: week.noticePeriod },
    availability: week.slots.map(timeRangeOf),
    busy: week.busy.map((busy) =>
      busy.lessonId === undefined
        ? timeRangeOf(busy)
        : { ...timeRangeOf(busy), lessonId: busy.lessonId },
    ),
  };
}

export const availabilityEndpoints = {
  week: endpoint({
    method: 'GET',
    path: '/availability-slot/',
    summary: 'A tutor’s weekly schedule on one week’s calendar, with the busy times',
    access: signedIn,
    query: availabilityQuerySchema,
    responses: { 200: availabilityWeekSchema },
    errors: ['tutor-not-found'],
  }),
  save: endpoint({
    method: 'POST',
    path: '/availability-slot/',
    summary: 'Replaces the tutor’s (or tutor manager’s) weekly schedule; answers the current week',
    access: rolesOnly(Role.Tutor, Role.TutorManager),
    body: availabilityBodySchema,
    responses: { 200: availabilityWeekSchema },
    errors: ['conflicting-schedule', 'tutor-not-found'],
  }),
};
