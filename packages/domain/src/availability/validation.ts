/**
 * The weekly schedule's requests (spec section 7, `/availability-slot/`; issue 6).
 *
 * The weekly schedule is a template, not dated slots: a tutor edits one week on a calendar
 * (Saturday first, Africa/Cairo) and it repeats every week, which is what "the weekly schedule"
 * means to a tutor and all booking needs (lessons are booked only inside the current week). Each
 * slot is a Cairo wall-clock start (weekday and `HH:MM` on the 15-minute grid) and a length of 15
 * or 30 minutes. `POST /availability-slot/` replaces the whole template (the calendar's "save");
 * `GET /availability-slot/` shows it on the calendar of a given week as instants
 * (`availabilityForWeek`, DST-correct) together with the tutor's busy times, which is everything
 * the book-lesson dialog needs to offer only truly free times (`freeStartTimes`).
 */
import { z } from 'zod';
import { slotFitsWeek, SLOT_START_PATTERN, WEEKLY_SLOTS_MAX } from '../booking';
import { optionalQuery, queryId, requiredOr } from '../contract/query-fields';
import { SESSION_SLOT_LENGTHS, WEEKDAYS } from '../enums';
import { cairoWeekBounds, fromCairoLocal } from '../time';
import { textSchema } from '../validation';

/** Weeks a schedule may be asked for: any date in these years. */
export const SCHEDULE_YEAR_MIN = 2020;
export const SCHEDULE_YEAR_MAX = 2100;

/** `HH:MM` on a Cairo wall clock, 15-minute grid. */
export const slotStartSchema = textSchema(requiredOr()).regex(SLOT_START_PATTERN, {
  error: 'invalid-type',
});

/**
 * One slot of the weekly template: weekday (the spec's Sunday 0 to Saturday 6), start and 15 or 30
 * minutes, ending by Friday 24:00 (a slot never runs into the next week).
 */
export const weeklySlotSchema = z
  .object({
    weekday: z.literal(WEEKDAYS, { error: requiredOr() }),
    start: slotStartSchema,
    length: z.literal(SESSION_SLOT_LENGTHS, { error: requiredOr() }),
  })
  // Only once the fields are valid: `slotFitsWeek` throws on a bad weekday or start.
  .refine((slot) => slotFitsWeek(slot), {
    error: 'invalid-type',
    path: ['length'],
    when: (payload) => payload.issues.length === 0,
  });

/**
 * POST /availability-slot/ (tutors): the whole weekly schedule, replacing the previous one (an
 * empty list clears it). Answers the AvailabilityWeek of the current week. `conflicting-schedule`
 * (409) when two slots overlap or when the change would leave a booked upcoming lesson outside
 * the schedule (`checkScheduleChange`); the database's exclusion constraint stays the guard.
 */
export const availabilityBodySchema = z.object({
  slots: z
    .array(weeklySlotSchema, { error: requiredOr() })
    .max(WEEKLY_SLOTS_MAX, { error: 'invalid-type' }),
});
export type AvailabilityBody = z.input<typeof availabilityBodySchema>;

/**
 * A calendar date `YYYY-MM-DD` (Cairo) in a query, read as the start of the Cairo week holding it
 * (its Saturday 00:00).
 */
export const weekQuerySchema = z.iso
  .date({ error: 'invalid-type' })
  .refine(
    (date) => {
      const year = Number(date.slice(0, 4));
      return year >= SCHEDULE_YEAR_MIN && year <= SCHEDULE_YEAR_MAX;
    },
    { error: 'invalid-type' },
  )
  .transform((date) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return cairoWeekBounds(fromCairoLocal({ year, month, day, hour: 12 })).start;
  });

/**
 * GET /availability-slot/: a tutor's schedule on the calendar of one week. `tutorId` defaults to
 * the caller (a tutor); anyone signed in may read a listed tutor's. `week` is any date of the
 * wanted week, default the current one.
 */
export const availabilityQuerySchema = z.object({
  tutorId: queryId(),
  week: optionalQuery(weekQuerySchema),
});
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;
