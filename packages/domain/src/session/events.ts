/**
 * The lesson room's realtime events (spec section 7, issue 19; docs/decisions/286-session-
 * signaling.md). A session id is the lesson's id. From the browser: the payload and the
 * acknowledgement `{ result, code?, ... }` with the spec's ack results: `invalid-session-id` (no
 * valid session id in the payload), `lesson-not-found`, `not-member` (not one of the lesson's two
 * members), `unallowed` (the room is not open, the payload is wrong, a relay from a socket
 * that has not joined, or with `too-many-requests` a socket over the signaling limit of
 * docs/decisions/298-signaling-rate-limit.md), `unreachable` (a fault on our side), `ok`. To the browser: each event goes
 * only to the other member's sockets in the room (on any instance), except the join and leave
 * notices, which go to every tab of both members.
 */
import { z } from 'zod';
import { API_ERROR_CODES, VALIDATION_CODES } from '../errors';
import type { AckResult } from '../realtime/names';
import { idSchema } from '../validation/ids';
import { SESSION_KINDS } from './rules';

/** The longest session description (SDP) relayed; real ones are a few kilobytes. */
export const SDP_MAX_LENGTH = 65_536;
/** The longest ICE candidate line, and the longest peer id. */
export const CANDIDATE_MAX_LENGTH = 2_048;
export const PEER_ID_MAX_LENGTH = 128;

const ackSchema = <const R extends readonly AckResult[], S extends z.ZodRawShape>(
  results: R,
  shape: S,
) =>
  z.object({
    result: z.literal(results),
    code: z.enum([...API_ERROR_CODES, ...VALIDATION_CODES]).optional(),
    ...shape,
  });

const id = z.number().int();

/**
 * Every session event names its session: the id, and its kind when it is not a lesson
 * (`SESSION_KINDS`; absent means a lesson, so lesson rooms' events are unchanged).
 */
const sessionPayload = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ sessionId: idSchema, kind: z.enum(SESSION_KINDS).optional(), ...shape });

/** What every session event may answer. */
export const SESSION_ACKS = [
  'ok',
  'invalid-session-id',
  'lesson-not-found',
  // An interview's or demo session's room that does not exist (a demo session's ack also
  // carries the code `demo-session-not-found`): the spec's list has no result of its own for it.
  'interview-not-found',
  'not-member',
  'unallowed',
  'unreachable',
] as const;
export type SessionAckResult = (typeof SESSION_ACKS)[number];

/** The plain acknowledgement of a relay. */
export const sessionAckSchema = ackSchema(SESSION_ACKS, {});

/** Who is in the room now (joined from at least one connection), by user id. */
const presentSchema = z.array(id);

/** The room as PreJoinSession and JoinSession answer it. */
export const sessionRoomStateSchema = z.object({
  sessionId: id,
  /** Absent for a lesson. */
  kind: z.enum(SESSION_KINDS).optional(),
  tutorId: id,
  /** A lesson's student; for an interview or demo session, the tutor manager. */
  studentId: id,
  opensAt: z.string(),
  closesAt: z.string(),
  present: presentSchema,
});
export type SessionRoomState = z.infer<typeof sessionRoomStateSchema>;

export const sessionStateAckSchema = ackSchema(SESSION_ACKS, {
  session: sessionRoomStateSchema.optional(),
});

// ---- Client to server ----

/** PreJoinSession: the ready screen asks whether it may join and who is in the room already. */
export const preJoinSessionPayloadSchema = sessionPayload({});
/** JoinSession: this connection enters the room (a UserJoined attendance mark). */
export const joinSessionPayloadSchema = sessionPayload({});
/** LeaveSession: this connection leaves the room (a UserLeft attendance mark). */
export const leaveSessionPayloadSchema = sessionPayload({});

/** An RTCSessionDescription as `toJSON()` gives it. */
const descriptionSchema = <T extends 'offer' | 'answer'>(type: T) =>
  z.object({ type: z.literal(type), sdp: z.string().max(SDP_MAX_LENGTH) });

/** SessionOffer: an offer (perfect negotiation: either side may make one). */
export const sessionOfferPayloadSchema = sessionPayload({
  description: descriptionSchema('offer'),
});
/** SessionAnswer: the answer to the other's offer. */
export const sessionAnswerPayloadSchema = sessionPayload({
  description: descriptionSchema('answer'),
});

/** An RTCIceCandidate as `toJSON()` gives it; null: the end of candidates. */
export const iceCandidateSchema = z.object({
  candidate: z.string().max(CANDIDATE_MAX_LENGTH),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(255).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
export const iceCandidatePayloadSchema = sessionPayload({
  candidate: iceCandidateSchema.nullable(),
});

/** AnnounceIncomingOffer: "an offer is on its way" (the other side holds its own). */
export const announceIncomingOfferPayloadSchema = sessionPayload({});
/** ReadyToReceiveOffer: "send me your offer" (after a reload or an ICE restart). */
export const readyToReceiveOfferPayloadSchema = sessionPayload({});

/** PingSessionMember / PongSessionMember: a liveness probe between the members, with its nonce. */
const nonceSchema = z.string().min(1).max(64);
export const pingSessionMemberPayloadSchema = sessionPayload({ nonce: nonceSchema });
export const pongSessionMemberPayloadSchema = sessionPayload({ nonce: nonceSchema });

const peerIdSchema = z.string().min(1).max(PEER_ID_MAX_LENGTH);

/**
 * RegisterPeer: this connection's peer id (one per RTCPeerConnection, new after a reload); the
 * answer lists the other member's registered peers, so a reloaded side knows whom to call.
 */
export const registerPeerPayloadSchema = sessionPayload({ peerId: peerIdSchema });
export const sessionPeerSchema = z.object({ userId: id, peerId: z.string() });
export const registerPeerAckSchema = ackSchema(SESSION_ACKS, {
  peers: z.array(sessionPeerSchema).optional(),
});

/** PeerOpened: this side's peer connection is up; the other hears UserJoinedSession. */
export const peerOpenedPayloadSchema = sessionPayload({ peerId: peerIdSchema });

/** UserSharingScreen: this side started (true) or stopped (false) sharing its screen. */
export const userSharingScreenPayloadSchema = sessionPayload({ sharing: z.boolean() });
/** ToggleCamera / ToggleMic: this side's camera or microphone is now on or off. */
export const toggleCameraPayloadSchema = sessionPayload({ on: z.boolean() });
export const toggleMicPayloadSchema = sessionPayload({ on: z.boolean() });

/** The data saver modes (issue 19 item 8): off, capped camera video, or no camera video. */
export const DATA_SAVER_MODES = ['off', 'video', 'audio'] as const;
export type DataSaverMode = (typeof DATA_SAVER_MODES)[number];
/**
 * SetDataSaver (ours): this side's data saver mode; the other side caps what it sends to the
 * stricter of its own mode and this one.
 */
export const setDataSaverPayloadSchema = sessionPayload({ mode: z.enum(DATA_SAVER_MODES) });

// ---- Server to client ----

/** MemberJoinedSessionId / MemberLeftSessionId: to both members' tabs, who is in the room now. */
export const memberSessionEventSchema = z.object({
  sessionId: id,
  userId: id,
  present: presentSchema,
});
export type MemberSessionEvent = z.infer<typeof memberSessionEventSchema>;

/** SessionOffer / SessionAnswer, from `userId`. */
export const sessionOfferEventSchema = z.object({
  sessionId: id,
  userId: id,
  description: descriptionSchema('offer'),
});
export const sessionAnswerEventSchema = z.object({
  sessionId: id,
  userId: id,
  description: descriptionSchema('answer'),
});
export const iceCandidateEventSchema = z.object({
  sessionId: id,
  userId: id,
  candidate: iceCandidateSchema.nullable(),
});

/** AnnounceIncomingOffer / ReadyToReceiveOffer, from `userId`. */
export const sessionNoticeEventSchema = z.object({ sessionId: id, userId: id });

/** Ping / Pong, from `userId`, with the nonce to answer (or that was answered). */
export const sessionPingEventSchema = z.object({ sessionId: id, userId: id, nonce: z.string() });

/** UserJoinedSession: the other side's peer connection is up, under this peer id. */
export const userJoinedSessionEventSchema = z.object({
  sessionId: id,
  userId: id,
  peerId: z.string(),
});

export const userSharedScreenEventSchema = z.object({
  sessionId: id,
  userId: id,
  sharing: z.boolean(),
});
/** CameraToggle / MicToggled: the other side's camera or microphone is now on or off. */
export const deviceToggleEventSchema = z.object({ sessionId: id, userId: id, on: z.boolean() });
/** DataSaverChanged (ours): the other side's data saver mode, from SetDataSaver. */
export const dataSaverChangedEventSchema = z.object({
  sessionId: id,
  userId: id,
  mode: z.enum(DATA_SAVER_MODES),
});
