/**
 * The calendar feed (issue 6): a per-user ICS address that calendar apps subscribe to. The
 * signed-in user turns their feed on (a new secret address, shown once), checks whether it is on,
 * or turns it off; calendar apps fetch `GET /calendar/{token}.ics` without a session: the secret
 * token in the address is the key.
 */
import { z } from 'zod';
import { anyone, signedIn } from '../access';
import { endpoint, noContent } from '../contract/endpoint';

/** GET /calendar/feed (signed in): whether the caller has a feed. */
export const calendarFeedStateSchema = z.object({ enabled: z.boolean() });
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;

/**
 * POST /calendar/feed (signed in): a new feed address, shown this once (only a hash of its token
 * is kept); the previous address stops working.
 */
export const calendarFeedCreatedSchema = z.object({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** The iCalendar document (RFC 5545) of the owner's lessons. */
export const calendarDocumentSchema = z.string().meta({ description: 'An iCalendar document' });

export const calendarEndpoints = {
  state: endpoint({
    method: 'GET',
    path: '/calendar/feed',
    summary: 'Whether the caller’s calendar feed is on',
    access: signedIn,
    responses: { 200: calendarFeedStateSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/calendar/feed',
    summary: 'A new secret feed address, shown this once; the previous one stops working',
    access: signedIn,
    responses: { 201: calendarFeedCreatedSchema },
  }),
  disable: endpoint({
    method: 'DELETE',
    path: '/calendar/feed',
    summary: 'Turns the caller’s calendar feed off',
    access: signedIn,
    responses: { 204: noContent },
  }),
  /** What calendar apps fetch; the token is the key, so no session. */
  document: endpoint({
    method: 'GET',
    path: '/calendar/:token.ics',
    summary: 'The feed itself: the owner’s lessons as an iCalendar document',
    access: anyone,
    params: z.object({ token: z.string() }),
    responses: { 200: calendarDocumentSchema },
    contentType: 'text/calendar; charset=utf-8',
    errors: ['not-found'],
  }),
};
