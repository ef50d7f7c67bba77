/**
 * The realtime channel's contract (issue 17, spec section 7): every event in use, once, with the
 * schema of its payload, who hears it (server to client) or the acknowledgements it may answer
 * (client to server). The server's socket.io is typed from this map and sends every payload
 * through its schema (a field the map does not name never leaves the server, a wrong shape is a
 * server fault); the api-client's `on` and `emit` are typed from it and, in development and
 * tests, read every payload through it.
 *
 * Names come from the spec's catalogue (./names); an event joins this map when a feature starts
 * using it, so an event the map lacks cannot be sent or listened to.
 */
import type { z } from 'zod';
import {
  lessonBookedEventSchema,
  lessonCanceledEventSchema,
  lessonRebookedEventSchema,
} from '../lessons/events';
import {
  DELETE_MESSAGE_ACKS,
  deleteMessageAckSchema,
  deleteMessagePayloadSchema,
  JOIN_ROOMS_ACKS,
  joinedRoomsEventSchema,
  joinRoomsAckSchema,
  joinRoomsPayloadSchema,
  MARK_READ_ACKS,
  markMessageAsReadAckSchema,
  markMessageAsReadPayloadSchema,
  messageReadEventSchema,
  roomMessageEventSchema,
  roomMessageReadEventSchema,
  SEND_MESSAGE_ACKS,
  sendMessageAckSchema,
  sendMessagePayloadSchema,
  UPDATE_MESSAGE_ACKS,
  updateMessageAckSchema,
  updateMessagePayloadSchema,
  USER_TYPING_ACKS,
  userStatusChangedEventSchema,
  userTypingAckSchema,
  userTypingEventSchema,
  userTypingPayloadSchema,
} from '../chat/events';
import {
  announceIncomingOfferPayloadSchema,
  dataSaverChangedEventSchema,
  deviceToggleEventSchema,
  iceCandidateEventSchema,
  iceCandidatePayloadSchema,
  joinSessionPayloadSchema,
  leaveSessionPayloadSchema,
  memberSessionEventSchema,
  peerOpenedPayloadSchema,
  pingSessionMemberPayloadSchema,
  pongSessionMemberPayloadSchema,
  preJoinSessionPayloadSchema,
  readyToReceiveOfferPayloadSchema,
  registerPeerAckSchema,
  registerPeerPayloadSchema,
  SESSION_ACKS,
  sessionAckSchema,
  sessionAnswerEventSchema,
  sessionAnswerPayloadSchema,
  sessionNoticeEventSchema,
  sessionOfferEventSchema,
  sessionOfferPayloadSchema,
  sessionPingEventSchema,
  setDataSaverPayloadSchema,
  sessionStateAckSchema,
  toggleCameraPayloadSchema,
  toggleMicPayloadSchema,
  userJoinedSessionEventSchema,
  userSharedScreenEventSchema,
  userSharingScreenPayloadSchema,
} from '../session/events';
import {
  serverStatsEventSchema,
  WATCH_SERVER_STATS_ACKS,
  watchServerStatsAckSchema,
  watchServerStatsPayloadSchema,
} from '../monitoring/server-stats';
import { transactionViewSchema } from '../transactions/contract';
import { invoiceDeletedEventSchema, invoiceViewSchema } from '../earnings/contract';
import { tutorsCacheUpdatedEventSchema, tutorUpdatedEventSchema } from '../tutors/events';
import { phoneCodeUndeliveredEventSchema } from '../whatsapp/events';
import type { AckResult, ClientEvent, ServerEvent } from './names';

/**
 * Who hears a server event: the tabs of one user (their `user:{id}` room), both sides of a lesson
 * (the student's and the tutor's rooms), the members of a chat room (each member's user room),
 * the other member of a lesson room (only their sockets that joined the room: `session-peer`),
 * the one socket that asked, or every connection (public data).
 */
export type EventAudience =
  | 'user'
  | 'user-and-admin-invoices'
  | 'lesson-members'
  | 'room-members'
  | 'session-peer'
  | 'server-stats-watchers'
  | 'socket'
  | 'everyone';

export interface ServerEventDefinition {
  /** One line for the reference. */
  readonly summary: string;
  readonly audience: EventAudience;
  readonly payload: z.ZodType;
}

export interface ClientEventDefinition {
  readonly summary: string;
  readonly payload: z.ZodType;
  /** The results the server may answer in the acknowledgement. */
  readonly acks: readonly AckResult[];
  /** The acknowledgement's whole shape: `{ result, ... }` with `result` one of `acks`. */
  readonly ack: z.ZodType;
}

/** Declares an event; `const` keeps each schema's own type for the server and the client. */
export const serverEvent = <const D extends ServerEventDefinition>(definition: D): D => definition;
export const clientEvent = <const D extends ClientEventDefinition>(definition: D): D => definition;

/** Events the server sends, each after the transaction that caused it has committed. */
export const SERVER_TO_CLIENT = {
  LessonBooked: serverEvent({
    summary: 'A lesson was booked',
    audience: 'lesson-members',
    payload: lessonBookedEventSchema,
  }),
  LessonRebooked: serverEvent({
    summary: 'A lesson moved to a new start (with where it was)',
    audience: 'lesson-members',
    payload: lessonRebookedEventSchema,
  }),
  LessonCanceled: serverEvent({
    summary: 'A lesson was canceled (with the minutes given back)',
    audience: 'lesson-members',
    payload: lessonCanceledEventSchema,
  }),
  TutorUpdated: serverEvent({
    summary: 'A tutor’s card changed; null once the tutor is no longer listed',
    audience: 'everyone',
    payload: tutorUpdatedEventSchema,
  }),
  TutorsCacheUpdated: serverEvent({
    summary: 'Tutors list pages changed: read these tutors again, or all of them (null)',
    audience: 'everyone',
    payload: tutorsCacheUpdatedEventSchema,
  }),
  InvoiceUpdated: serverEvent({
    summary: 'A withdrawal request was made or changed (its tutor; admins on AdminInvoices)',
    audience: 'user-and-admin-invoices',
    payload: invoiceViewSchema,
  }),
  InvoiceDeleted: serverEvent({
    summary: 'A withdrawal request is gone (its tutor; admins on AdminInvoices)',
    audience: 'user-and-admin-invoices',
    payload: invoiceDeletedEventSchema,
  }),
  ServerStats: serverEvent({
    summary: 'One instance’s live figures, every few seconds while an admin watches',
    audience: 'server-stats-watchers',
    payload: serverStatsEventSchema,
  }),
  TransactionStatusUpdate: serverEvent({
    summary: 'Where one of the user’s payments stands now',
    audience: 'user',
    payload: transactionViewSchema,
  }),
  PhoneCodeUndelivered: serverEvent({
    summary: 'A phone code sent over WhatsApp did not arrive (`unresolved-phone`)',
    audience: 'user',
    payload: phoneCodeUndeliveredEventSchema,
  }),
  RoomMessage: serverEvent({
    summary: 'A message was sent in one of the user’s rooms (stored already)',
    audience: 'room-members',
    payload: roomMessageEventSchema,
  }),
  RoomMessageUpdated: serverEvent({
    summary: 'A message of the room was edited',
    audience: 'room-members',
    payload: roomMessageEventSchema,
  }),
  RoomMessageDeleted: serverEvent({
    summary: 'A message of the room was deleted (it keeps its place, without its text)',
    audience: 'room-members',
    payload: roomMessageEventSchema,
  }),
  RoomMessageRead: serverEvent({
    summary: 'Another member has read the room up to a message (read ticks)',
    audience: 'room-members',
    payload: roomMessageReadEventSchema,
  }),
  MessageRead: serverEvent({
    summary: 'The user read a room on one tab: where they stand now, for the other tabs',
    audience: 'user',
    payload: messageReadEventSchema,
  }),
  JoinedRooms: serverEvent({
    summary: 'The rooms this socket now listens to (after JoinRooms)',
    audience: 'socket',
    payload: joinedRoomsEventSchema,
  }),
  UserTyping: serverEvent({
    summary: 'Another member of a room started or stopped typing',
    audience: 'room-members',
    payload: userTypingEventSchema,
  }),
  UserStatusChanged: serverEvent({
    summary: 'A chat counterpart came online or went offline (with their device count)',
    audience: 'user',
    payload: userStatusChangedEventSchema,
  }),
  MemberJoinedSessionId: serverEvent({
    summary: 'A member joined a lesson room: who is in it now (to both members’ tabs)',
    audience: 'lesson-members',
    payload: memberSessionEventSchema,
  }),
  MemberLeftSessionId: serverEvent({
    summary: 'A member left a lesson room: who is in it now (to both members’ tabs)',
    audience: 'lesson-members',
    payload: memberSessionEventSchema,
  }),
  SessionOffer: serverEvent({
    summary: 'The other member’s offer (SDP)',
    audience: 'session-peer',
    payload: sessionOfferEventSchema,
  }),
  SessionAnswer: serverEvent({
    summary: 'The other member’s answer (SDP)',
    audience: 'session-peer',
    payload: sessionAnswerEventSchema,
  }),
  IceCandidate: serverEvent({
    summary: 'One of the other member’s ICE candidates (null: no more)',
    audience: 'session-peer',
    payload: iceCandidateEventSchema,
  }),
  AnnounceIncomingOffer: serverEvent({
    summary: 'The other member is about to send an offer',
    audience: 'session-peer',
    payload: sessionNoticeEventSchema,
  }),
  ReadyToReceiveOffer: serverEvent({
    summary: 'The other member asks for an offer (after a reload or an ICE restart)',
    audience: 'session-peer',
    payload: sessionNoticeEventSchema,
  }),
  Ping: serverEvent({
    summary: 'The other member probes the link: answer with PongSessionMember',
    audience: 'session-peer',
    payload: sessionPingEventSchema,
  }),
  Pong: serverEvent({
    summary: 'The other member answered a PingSessionMember',
    audience: 'session-peer',
    payload: sessionPingEventSchema,
  }),
  UserJoinedSession: serverEvent({
    summary: 'The other member’s peer connection is up (with its peer id)',
    audience: 'session-peer',
    payload: userJoinedSessionEventSchema,
  }),
  UserSharedScreen: serverEvent({
    summary: 'The other member started or stopped sharing their screen',
    audience: 'session-peer',
    payload: userSharedScreenEventSchema,
  }),
  CameraToggle: serverEvent({
    summary: 'The other member turned their camera on or off',
    audience: 'session-peer',
    payload: deviceToggleEventSchema,
  }),
  MicToggled: serverEvent({
    summary: 'The other member turned their microphone on or off',
    audience: 'session-peer',
    payload: deviceToggleEventSchema,
  }),
  DataSaverChanged: serverEvent({
    summary: 'The other member’s data saver mode: cap what one sends to them accordingly',
    audience: 'session-peer',
    payload: dataSaverChangedEventSchema,
  }),
} as const satisfies { readonly [E in ServerEvent]?: ServerEventDefinition };

/**
 * Events the browser sends, with their acknowledgements: the chat's and the lesson room's (spec
 * section 7).
 */
export const CLIENT_TO_SERVER = {
  JoinRooms: clientEvent({
    summary: 'Listen to the user’s rooms (all, or these)',
    payload: joinRoomsPayloadSchema,
    acks: JOIN_ROOMS_ACKS,
    ack: joinRoomsAckSchema,
  }),
  SendMessage: clientEvent({
    summary:
      'Send a message (stored before the ack; a retry with the same clientId is not doubled)',
    payload: sendMessagePayloadSchema,
    acks: SEND_MESSAGE_ACKS,
    ack: sendMessageAckSchema,
  }),
  UpdateMessage: clientEvent({
    summary: 'Edit one’s own message',
    payload: updateMessagePayloadSchema,
    acks: UPDATE_MESSAGE_ACKS,
    ack: updateMessageAckSchema,
  }),
  DeleteMessage: clientEvent({
    summary: 'Delete one’s own message',
    payload: deleteMessagePayloadSchema,
    acks: DELETE_MESSAGE_ACKS,
    ack: deleteMessageAckSchema,
  }),
  MarkMessageAsRead: clientEvent({
    summary: 'Mark a room read up to a message',
    payload: markMessageAsReadPayloadSchema,
    acks: MARK_READ_ACKS,
    ack: markMessageAsReadAckSchema,
  }),
  UserTyping: clientEvent({
    summary: 'Tell the room one is typing, or stopped',
    payload: userTypingPayloadSchema,
    acks: USER_TYPING_ACKS,
    ack: userTypingAckSchema,
  }),
  PreJoinSession: clientEvent({
    summary: 'Ask whether one may join a lesson room now, and who is in it',
    payload: preJoinSessionPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionStateAckSchema,
  }),
  JoinSession: clientEvent({
    summary: 'Enter a lesson room (recorded as UserJoined)',
    payload: joinSessionPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionStateAckSchema,
  }),
  LeaveSession: clientEvent({
    summary: 'Leave a lesson room (recorded as UserLeft)',
    payload: leaveSessionPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  SessionOffer: clientEvent({
    summary: 'Relay an offer to the other member',
    payload: sessionOfferPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  SessionAnswer: clientEvent({
    summary: 'Relay an answer to the other member',
    payload: sessionAnswerPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  AnnounceIncomingOffer: clientEvent({
    summary: 'Tell the other member an offer is coming',
    payload: announceIncomingOfferPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  ReadyToReceiveOffer: clientEvent({
    summary: 'Ask the other member for an offer',
    payload: readyToReceiveOfferPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  IceCandidate: clientEvent({
    summary: 'Relay an ICE candidate to the other member',
    payload: iceCandidatePayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  PingSessionMember: clientEvent({
    summary: 'Probe the other member (they hear Ping)',
    payload: pingSessionMemberPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  PongSessionMember: clientEvent({
    summary: 'Answer the other member’s Ping (they hear Pong)',
    payload: pongSessionMemberPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  PeerOpened: clientEvent({
    summary: 'Tell the other member one’s peer connection is up',
    payload: peerOpenedPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  RegisterPeer: clientEvent({
    summary: 'Register this connection’s peer id; answers the other member’s peers',
    payload: registerPeerPayloadSchema,
    acks: SESSION_ACKS,
    ack: registerPeerAckSchema,
  }),
  UserSharingScreen: clientEvent({
    summary: 'Tell the other member one started or stopped sharing the screen',
    payload: userSharingScreenPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  ToggleCamera: clientEvent({
    summary: 'Tell the other member one’s camera is on or off',
    payload: toggleCameraPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  ToggleMic: clientEvent({
    summary: 'Tell the other member one’s microphone is on or off',
    payload: toggleMicPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  SetDataSaver: clientEvent({
    summary: 'Tell the other member one’s data saver mode (they cap what they send)',
    payload: setDataSaverPayloadSchema,
    acks: SESSION_ACKS,
    ack: sessionAckSchema,
  }),
  WatchServerStats: clientEvent({
    summary: 'An admin starts (renews) or stops watching the instances’ live figures',
    payload: watchServerStatsPayloadSchema,
    acks: WATCH_SERVER_STATS_ACKS,
    ack: watchServerStatsAckSchema,
  }),
} as const satisfies {
  readonly [E in ClientEvent]?: ClientEventDefinition;
};

/** The one map of the channel. */
export const REALTIME = {
  serverToClient: SERVER_TO_CLIENT,
  clientToServer: CLIENT_TO_SERVER,
} as const;

type ServerMap = typeof SERVER_TO_CLIENT;
type ClientMap = typeof CLIENT_TO_SERVER;

export type ServerEventName = keyof ServerMap;
export type ClientEventName = keyof ClientMap;

/** What a listener receives with a server event. */
export type ServerEventPayload<E extends ServerEventName> = z.output<ServerMap[E]['payload']>;
/** What the server may hand to its schema when it sends the event. */
export type ServerEventInput<E extends ServerEventName> = z.input<ServerMap[E]['payload']>;

/** What the browser sends with a client event, and what its acknowledgement may answer. */
export type ClientEventPayload<E extends ClientEventName> = z.input<ClientMap[E]['payload']>;
export type ClientEventAck<E extends ClientEventName> = z.output<ClientMap[E]['ack']>;
/** What the server may hand to the acknowledgement's schema. */
export type ClientEventAckInput<E extends ClientEventName> = z.input<ClientMap[E]['ack']>;

/** socket.io's event maps, for `Server<ClientToServerEvents, ServerToClientEvents>` and clients. */
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};
export type ClientToServerEvents = {
  [E in ClientEventName]: (
    payload: ClientEventPayload<E>,
    ack: (result: ClientEventAck<E>) => void,
  ) => void;
};

/** Whether `event` is a client event of the map (for code reading events off the wire). */
export const isClientEventName = (event: string): event is ClientEventName =>
  Object.hasOwn(CLIENT_TO_SERVER, event);

/** Whether `event` is a server event of the map (for code reading events off the wire). */
export const isServerEventName = (event: string): event is ServerEventName =>
  Object.hasOwn(SERVER_TO_CLIENT, event);
