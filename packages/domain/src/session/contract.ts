/**
 * The session endpoints of spec section 7 (issue 19): `GET /session/token` hands the browser the
 * ICE servers for a call (STUN, and TURN with short-lived credentials in the TURN REST API scheme
 * coturn checks), `GET /session/{id}` the room of a lesson: its members, its window and who is in
 * it now. A session id is the lesson's id. The realtime events are in ./events; the rules in
 * ./rules.
 */
import { z } from 'zod';
import { signedIn } from '../access';
import { chatRoomSchema } from '../chat/contract';
import { endpoint } from '../contract/endpoint';
import { instantSchema } from '../contract/query-fields';
import { JOIN_LEAVE_EVENTS, ROLES } from '../enums';
import { LESSON_STATUSES } from '../statuses';
import { idParamsSchema } from '../validation';

const id = z.number().int();

/** One ICE server as `RTCPeerConnection`'s `iceServers` takes it. */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** GET /session/token: the ICE servers, and until when the TURN credentials hold. */
export const sessionTokenSchema = z.object({
  iceServers: z.array(iceServerSchema),
  /** The TURN credentials expire then (the call keeps its allocation; a new call asks again). */
  expiresAt: instantSchema,
  /** Seconds the credentials are valid from the answer. */
  ttl: z.number().int(),
});
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** A member of a session as the room shows them. */
export const sessionMemberSchema = z.object({
  id,
  name: z.string(),
  image: z.string().nullable(),
  role: z.literal(ROLES),
  /** In the room now (joined from at least one connection, on any instance). */
  present: z.boolean(),
});
export type SessionMember = z.infer<typeof sessionMemberSchema>;

/** One join or leave of the room (spec: Join/leave events UserJoined 1, UserLeft 2). */
export const attendanceEventSchema = z.object({
  userId: id,
  event: z.literal(JOIN_LEAVE_EVENTS),
  at: instantSchema,
});
export type AttendanceEvent = z.infer<typeof attendanceEventSchema>;

/** GET /session/{id}: the lesson's room. */
export const sessionViewSchema = z.object({
  id,
  lessonId: id,
  tutorId: id,
  studentId: id,
  members: z.array(sessionMemberSchema),
  start: instantSchema,
  end: instantSchema,
  /** The room opens 10 minutes before the start and closes at the end (`sessionWindow`). */
  opensAt: instantSchema,
  closesAt: instantSchema,
  open: z.boolean(),
  status: z.literal(LESSON_STATUSES),
  /** Every join and leave so far, oldest first. */
  attendance: z.array(attendanceEventSchema),
  /**
   * The lesson's chat room (type Lesson) as the caller sees it: the in-session chat. Made on the
   * first read; null for an admin, who is not one of its members.
   */
  chatRoom: chatRoomSchema.nullable(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/**
 * GET /session/{kind}/{id}: the room of an interview or a demo session (issue 21): its two
 * members (the tutor, the tutor manager), the same window as a lesson's, who is in it now.
 * `status` is the interview's or demo session's own status number.
 */
export const meetingSessionViewSchema = z.object({
  id,
  kind: z.enum(['interview', 'demo-session']),
  tutorId: id,
  managerId: id,
  members: z.array(sessionMemberSchema),
  start: instantSchema,
  end: instantSchema,
  opensAt: instantSchema,
  closesAt: instantSchema,
  open: z.boolean(),
  status: z.number().int(),
});
export type MeetingSessionView = z.infer<typeof meetingSessionViewSchema>;

export const meetingSessionParamsSchema = idParamsSchema.extend({
  kind: z.enum(['interview', 'demo-session'], { error: 'invalid-type' }),
});

export const sessionEndpoints = {
  token: endpoint({
    method: 'GET',
    path: '/session/token',
    summary: 'STUN and TURN servers for a call, with short-lived TURN credentials',
    description:
      'TURN REST API credentials (the shared-secret scheme coturn checks with ' +
      '`use-auth-secret`): username `<expiry unix time>:<user id>`, credential ' +
      'base64(HMAC-SHA1(secret, username)).',
    access: signedIn,
    responses: { 200: sessionTokenSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/session/:id',
    summary: 'A lesson’s room: its members, its window, who is in it and the attendance so far',
    description: 'Its student or tutor (any for admins); others get `session-not-found`.',
    access: signedIn,
    params: idParamsSchema,
    responses: { 200: sessionViewSchema },
    errors: ['session-not-found'],
  }),
  meeting: endpoint({
    method: 'GET',
    path: '/session/:kind/:id',
    summary: 'An interview’s or demo session’s room: its members, its window, who is in it',
    description:
      'Its tutor or tutor manager (any for admins); others get `session-not-found`. ' +
      '`kind` is `interview` or `demo-session`.',
    access: signedIn,
    params: meetingSessionParamsSchema,
    responses: { 200: meetingSessionViewSchema },
    errors: ['session-not-found'],
  }),
};
