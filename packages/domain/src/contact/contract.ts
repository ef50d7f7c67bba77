/**
 * Contact requests: anyone writes to the team from `/contact` (POST /contact-request/, the spec's
 * one endpoint); admins read them and mark them handled (the list and PUT are our extension,
 * docs/decisions/300-contact-requests.md).
 */
import { z } from 'zod';
import { admins } from '../access';
import { endpoint } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { instantSchema } from '../contract/query-fields';
import { idParamsSchema } from '../validation';
import { contactRoutes } from './routes';
import { idField } from '../payments/fields';
import {
  contactRequestBodySchema,
  contactRequestListQuerySchema,
  contactRequestUpdateBodySchema,
} from './validation';

/** What the sender gets back: the spec's Contact request (title, message). */
export const contactRequestViewSchema = z.object({
  id: idField,
  title: z.string(),
  message: z.string(),
  createdAt: instantSchema,
});

/** A request as the admins read it: who sent it, where to answer, and whether it is handled. */
export const contactRequestAdminViewSchema = contactRequestViewSchema.extend({
  /** The address to answer: the one typed in the form, else the sender's account's. */
  email: z.string().nullable(),
  /** The signed-in sender, when there was one (null for a visitor, or a deleted account). */
  user: z.object({ id: idField, name: z.string(), role: z.number().int() }).nullable(),
  handled: z.boolean(),
  handledAt: instantSchema.nullable(),
});
export type ContactRequestAdminView = z.output<typeof contactRequestAdminViewSchema>;

export const contactRequestPageSchema = pageSchema(contactRequestAdminViewSchema);
export type ContactRequestPage = z.output<typeof contactRequestPageSchema>;

export const contactRequestEndpoints = {
  create: endpoint({
    ...contactRoutes.create,
    summary: 'Sends a message to the team (anyone; the signed-in sender is attached)',
    body: contactRequestBodySchema,
    responses: { 201: contactRequestViewSchema },
    errors: ['too-many-requests'],
  }),
  list: endpoint({
    method: 'GET',
    path: '/contact-request/list',
    summary: 'Contact requests, newest first (admins; extension)',
    access: admins,
    query: contactRequestListQuerySchema,
    responses: { 200: contactRequestPageSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/contact-request/:id',
    summary: 'Marks a contact request handled or open (admins; extension)',
    access: admins,
    params: idParamsSchema,
    body: contactRequestUpdateBodySchema,
    responses: { 200: contactRequestAdminViewSchema },
    errors: ['not-found'],
  }),
};
