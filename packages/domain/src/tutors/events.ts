/**
 * The realtime payloads of the tutors list, sent to every connection (public data) after a change
 * to tutors has committed. The event names and their place in the channel are in ../realtime.
 */
import { z } from 'zod';
import { instantSchema } from '../contract/query-fields';
import { tutorCardSchema } from './contract';

/** TutorUpdated, on the TutorsCache channel: the tutor's new card, null once no longer listed. */
export const tutorUpdatedEventSchema = z.object({
  tutorId: z.number().int(),
  card: tutorCardSchema.nullable(),
});
export type TutorUpdatedEvent = z.infer<typeof tutorUpdatedEventSchema>;

/** TutorsCacheUpdated, on the TutorsCache channel: refetch these tutors, or all (null, a flush). */
export const tutorsCacheUpdatedEventSchema = z.object({
  at: instantSchema,
  tutorIds: z.array(z.number().int()).nullable(),
});
export type TutorsCacheUpdatedEvent = z.infer<typeof tutorsCacheUpdatedEventSchema>;
