/**
 * Small contracts for the client's own tests: the client reaches endpoints only through
 * contracts (docs/decisions/248-client-calls-only-contracts.md), so its transport is exercised through `call()` and `uploadTo()` on
 * these. Paths echo real ones for readability; nothing here is registered with a server.
 */
import { z } from 'zod';
import { anyone, endpoint, idParamsSchema, noContent, signedIn } from '@talaqa/domain';

const anything = z.unknown();

export const createUser = endpoint({
  method: 'POST',
  path: '/user/',
  summary: 'Creates a user',
  access: anyone,
  body: z.object({ name: z.string() }),
  responses: { 201: z.object({ id: z.number() }) },
});

export const listPlans = endpoint({
  method: 'GET',
  path: '/plan/list',
  summary: 'Lists plans',
  access: anyone,
  responses: { 200: anything },
});

export const putCoupon = endpoint({
  method: 'PUT',
  path: '/coupon/:id',
  summary: 'Replaces a coupon',
  access: anyone,
  params: idParamsSchema,
  body: z.object({ code: z.string() }),
  responses: { 200: anything },
});

export const patchPlan = endpoint({
  method: 'PATCH',
  path: '/plan/:id',
  summary: 'Changes a plan',
  access: anyone,
  params: idParamsSchema,
  body: z.object({ state: z.number() }),
  responses: { 200: anything },
});

export const deletePlan = endpoint({
  method: 'DELETE',
  path: '/plan/:id',
  summary: 'Deletes a plan',
  access: anyone,
  params: idParamsSchema,
  responses: { 204: noContent },
});

export const sendReport = endpoint({
  method: 'POST',
  path: '/report/with/asset',
  summary: 'A report with its log as form data',
  access: anyone,
  body: z.instanceof(FormData),
  responses: { 200: anything },
});

export const payByCard = endpoint({
  method: 'POST',
  path: '/fawry/pay/card',
  summary: 'Pays',
  access: anyone,
  body: z.object({ amount: z.number() }),
  responses: { 200: anything },
});

export const roomByMembers = endpoint({
  method: 'GET',
  path: '/chat/room/by/members',
  summary: 'A chat room by its members',
  access: anyone,
  query: z.object({ members: z.array(z.number()), q: z.string().optional() }),
  responses: { 200: anything },
});

/** Open to anyone, so the session decides only whether Authorization is sent. */
export const openGet = endpoint({
  method: 'GET',
  path: '/x',
  summary: 'Anything',
  access: anyone,
  responses: { 200: anything },
});

export const openPost = endpoint({
  method: 'POST',
  path: '/x',
  summary: 'Anything, with a body',
  access: anyone,
  body: z.object({}).loose(),
  responses: { 200: anything },
});

export const openLesson = endpoint({
  method: 'GET',
  path: '/lesson/:id',
  summary: 'A lesson',
  access: anyone,
  params: idParamsSchema,
  responses: { 200: anything },
});

/** Signed-in only: the client never sends it without a valid token. */
export const privateGet = endpoint({
  method: 'GET',
  path: '/sub/user',
  summary: "The caller's subscription",
  access: signedIn,
  responses: { 200: anything },
});

export const assetFile = endpoint({
  method: 'GET',
  path: '/assets/uploads/:name',
  summary: 'A stored file',
  access: anyone,
  params: z.object({ name: z.string() }),
  responses: { 200: z.file() },
});

export const calendarFeed = endpoint({
  method: 'GET',
  path: '/calendar/:token',
  summary: 'An iCalendar document',
  access: anyone,
  params: z.object({ token: z.string() }),
  contentType: 'text/calendar; charset=utf-8',
  responses: { 200: z.string() },
});

const imageUpload = { field: 'image', accept: ['image/png'], maxBytes: 5_000_000 } as const;

export const putImage = endpoint({
  method: 'PUT',
  path: '/user/asset',
  summary: 'Replaces a profile image',
  access: signedIn,
  query: z.object({ forUser: z.number().optional() }),
  upload: imageUpload,
  responses: { 200: z.object({ image: z.string() }) },
});

export const postVideo = endpoint({
  method: 'POST',
  path: '/intro-video/with/asset',
  summary: 'Uploads an intro video',
  access: signedIn,
  upload: imageUpload,
  responses: { 201: z.object({ id: z.number() }) },
});

export const putTutorImage = endpoint({
  method: 'PUT',
  path: '/user/asset/tutor/:id',
  summary: "Replaces a tutor's image",
  access: signedIn,
  params: idParamsSchema,
  upload: imageUpload,
  responses: { 200: z.object({ image: z.string() }) },
});

/** A contract that names GET: an upload still goes out as POST (a GET carries no body). */
export const getUpload = endpoint({
  method: 'GET',
  path: '/upload/odd',
  summary: 'An upload declared as GET',
  access: anyone,
  upload: imageUpload,
  responses: { 200: anything },
});
