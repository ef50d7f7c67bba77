/** Topics: the admins' list of conversation topics and each user's favourites. */
import { z } from 'zod';
import { admins, anyone, signedIn } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { idParamsSchema } from '../validation';
import { topicBodySchema, userTopicsBodySchema } from './validation';

/** A topic in both languages. */
export const topicViewSchema = z.object({
  id: z.number().int(),
  nameAr: z.string(),
  nameEn: z.string(),
});

/** Topics sorted by their Arabic name. */
export const topicListSchema = z.array(topicViewSchema);
export type TopicList = z.output<typeof topicListSchema>;

const TOPIC_ERRORS = ['illegal', 'topic-not-found'] as const;

export const topicEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/topic/list',
    summary: 'Every topic',
    access: anyone,
    responses: { 200: topicListSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/topic/',
    summary: 'Adds a topic (admins; names unique in both languages)',
    access: admins,
    body: topicBodySchema,
    responses: { 201: topicViewSchema },
    errors: ['illegal'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/topic/:id',
    summary: 'Renames a topic (admins)',
    access: admins,
    params: idParamsSchema,
    body: topicBodySchema,
    responses: { 200: topicViewSchema },
    errors: [...TOPIC_ERRORS],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/topic/:id',
    summary: 'Deletes a topic (admins)',
    access: admins,
    params: idParamsSchema,
    responses: { 204: noContent },
    errors: ['topic-not-found'],
  }),
  ofUser: endpoint({
    method: 'GET',
    path: '/topic/of/user',
    summary: "The caller's favourite topics",
    access: signedIn,
    responses: { 200: topicListSchema },
  }),
  addToUser: endpoint({
    method: 'POST',
    path: '/topic/of/user',
    summary: "Adds to the caller's favourite topics; answers them all",
    access: signedIn,
    body: userTopicsBodySchema,
    responses: { 200: topicListSchema },
    errors: ['topic-not-found'],
  }),
  removeFromUser: endpoint({
    method: 'DELETE',
    path: '/topic/of/user',
    summary: "Removes from the caller's favourite topics; answers the rest",
    access: signedIn,
    body: userTopicsBodySchema,
    responses: { 200: topicListSchema },
  }),
  setOfUser: endpoint({
    method: 'PATCH',
    path: '/topic/of/user',
    summary: "Replaces the caller's favourite topics; answers them",
    access: signedIn,
    body: userTopicsBodySchema,
    responses: { 200: topicListSchema },
    errors: ['topic-not-found'],
  }),
};
