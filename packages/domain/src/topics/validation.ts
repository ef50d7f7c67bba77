/** Topics: the admins' list of conversation topics and each user's favourites. */
import { z } from 'zod';
import { idSchema, topicSchema } from '../validation';

/** POST /topic/ and PUT /topic/{id} (admins). */
export const topicBodySchema = topicSchema;
export type TopicBody = z.input<typeof topicBodySchema>;

/** POST, DELETE and PATCH /topic/of/user: add, remove, or replace one's favourite topics. */
export const userTopicsBodySchema = z.object({
  topicIds: z.array(idSchema, { error: 'invalid-type' }).max(50, 'invalid-type'),
});
export type UserTopicsBody = z.input<typeof userTopicsBodySchema>;
