/**
 * The realtime payloads of lessons (sent to the student's and the tutor's rooms after the
 * transaction commits). The event names and their place in the channel are in ../realtime.
 */
import { z } from 'zod';
import { instantSchema } from '../contract/query-fields';
import { SESSION_SLOT_LENGTHS } from '../enums';
import { lessonViewSchema } from './contract';

/** LessonBooked, to both sides. */
export const lessonBookedEventSchema = z.object({ lesson: lessonViewSchema });
export type LessonBookedEvent = z.infer<typeof lessonBookedEventSchema>;

/** LessonRebooked, to both sides: the lesson at its new time and where it was. */
export const lessonRebookedEventSchema = z.object({
  lesson: lessonViewSchema,
  previous: z.object({ start: instantSchema, duration: z.literal(SESSION_SLOT_LENGTHS) }),
});
export type LessonRebookedEvent = z.infer<typeof lessonRebookedEventSchema>;

/** LessonCanceled, to both sides. */
export const lessonCanceledEventSchema = z.object({
  lesson: lessonViewSchema,
  minutesReturned: z.number().int(),
});
export type LessonCanceledEvent = z.infer<typeof lessonCanceledEventSchema>;
