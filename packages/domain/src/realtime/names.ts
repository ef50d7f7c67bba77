/**
 * The names of the realtime channel of spec section 7 (socket.io): events, subscription channels
 * and acknowledgement results, the spec's names verbatim. Payloads and acknowledgements of the
 * events in use are declared once in ./contract, which the server and the api-client both read.
 */

import { valuesOf } from '../values';

/** Events the browser emits. */
export const ClientEvent = {
  JoinRooms: 'JoinRooms',
  SendMessage: 'SendMessage',
  UpdateMessage: 'UpdateMessage',
  DeleteMessage: 'DeleteMessage',
  MarkMessageAsRead: 'MarkMessageAsRead',
  PreJoinSession: 'PreJoinSession',
  JoinSession: 'JoinSession',
  LeaveSession: 'LeaveSession',
  SessionOffer: 'SessionOffer',
  SessionAnswer: 'SessionAnswer',
  AnnounceIncomingOffer: 'AnnounceIncomingOffer',
  ReadyToReceiveOffer: 'ReadyToReceiveOffer',
  IceCandidate: 'IceCandidate',
  PingSessionMember: 'PingSessionMember',
  PongSessionMember: 'PongSessionMember',
  PeerOpened: 'PeerOpened',
  RegisterPeer: 'RegisterPeer',
  UserSharingScreen: 'UserSharingScreen',
  ToggleCamera: 'ToggleCamera',
  ToggleMic: 'ToggleMic',
  /**
   * Ours (issue 19 item 8): this side's data saver mode, so the other side caps what it sends
   * (a receiver cannot lower what reaches it by itself). The other hears DataSaverChanged.
   */
  SetDataSaver: 'SetDataSaver',
  /**
   * Ours (issue 23 item 4): an admin watches the ServerStats channel (`watch: true`, renewed
   * while the page is open) or stops; instances send samples only while someone watches.
   */
  WatchServerStats: 'WatchServerStats',
  /** socket.io's reserved event: raised by `socket.disconnect()`, never sent with `emit`. */
  Disconnect: 'disconnect',
  UserTyping: 'UserTyping',
} as const;
export type ClientEvent = (typeof ClientEvent)[keyof typeof ClientEvent];
export const CLIENT_EVENTS = valuesOf(ClientEvent);

/** Events the server emits. */
export const ServerEvent = {
  RoomMessage: 'RoomMessage',
  RoomMessageUpdated: 'RoomMessageUpdated',
  RoomMessageDeleted: 'RoomMessageDeleted',
  RoomMessageRead: 'RoomMessageRead',
  JoinedRooms: 'JoinedRooms',
  MessageRead: 'MessageRead',
  MemberJoinedSessionId: 'MemberJoinedSessionId',
  MemberLeftSessionId: 'MemberLeftSessionId',
  SessionOffer: 'SessionOffer',
  SessionAnswer: 'SessionAnswer',
  IceCandidate: 'IceCandidate',
  Ping: 'Ping',
  Pong: 'Pong',
  AnnounceIncomingOffer: 'AnnounceIncomingOffer',
  ReadyToReceiveOffer: 'ReadyToReceiveOffer',
  UserJoinedSession: 'UserJoinedSession',
  UserSharedScreen: 'UserSharedScreen',
  UserStatusChanged: 'UserStatusChanged',
  UserTyping: 'UserTyping',
  CameraToggle: 'CameraToggle',
  MicToggled: 'MicToggled',
  TutorsCacheUpdated: 'TutorsCacheUpdated',
  TutorUpdated: 'TutorUpdated',
  LessonBooked: 'LessonBooked',
  LessonRebooked: 'LessonRebooked',
  LessonCanceled: 'LessonCanceled',
  InvoiceUpdated: 'InvoiceUpdated',
  InvoiceDeleted: 'InvoiceDeleted',
  ServerStats: 'ServerStats',
  TransactionStatusUpdate: 'TransactionStatusUpdate',
  /**
   * Ours (issue 16): a phone code sent over WhatsApp could not be delivered (reported later by the
   * status webhook); carries `unresolved-phone`. To the code owner's user room, after commit.
   */
  PhoneCodeUndelivered: 'PhoneCodeUndelivered',
  /** Ours (issue 19 item 8): the other member's data saver mode, from SetDataSaver. */
  DataSaverChanged: 'DataSaverChanged',
} as const;
export type ServerEvent = (typeof ServerEvent)[keyof typeof ServerEvent];
export const SERVER_EVENTS = valuesOf(ServerEvent);

/** Broadcast channels a client may subscribe to (the admin ones only for admins). */
export const SubscriptionChannel = {
  TutorsCache: 'TutorsCache',
  AdminInvoices: 'AdminInvoices',
  ServerStats: 'ServerStats',
} as const;
export type SubscriptionChannel = (typeof SubscriptionChannel)[keyof typeof SubscriptionChannel];
export const SUBSCRIPTION_CHANNELS = valuesOf(SubscriptionChannel);

/** What the server answers in an event's acknowledgement. */
export const AckResult = {
  EmptyText: 'empty-text',
  RoomNotFound: 'room-not-found',
  MessageNotFound: 'message-not-found',
  LessonNotFound: 'lesson-not-found',
  InterviewNotFound: 'interview-not-found',
  NotMember: 'not-member',
  NotOwner: 'not-owner',
  Unreachable: 'unreachable',
  Unallowed: 'unallowed',
  InvalidSessionId: 'invalid-session-id',
  Ok: 'ok',
} as const;
export type AckResult = (typeof AckResult)[keyof typeof AckResult];
export const ACK_RESULTS = valuesOf(AckResult);
