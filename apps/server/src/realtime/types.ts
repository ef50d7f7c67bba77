import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@talaqa/domain';

/** What the handshake middleware learned about the connection. */
export interface SocketData {
  userId: number;
  /** The session version of the token it connected with (closed when that session ends). */
  sessionVersion: number;
  /** The lesson room this connection joined (JoinSession), if any. */
  room?: JoinedRoom;
}

/** A lesson room a connection is in: which, the user's counterpart, until when, its peer id. */
export interface JoinedRoom {
  sessionId: number;
  /** What the id names: a lesson (absent), an interview or a demo session. */
  kind?: 'interview' | 'demo-session';
  otherId: number;
  /** Unix milliseconds: relays stop being accepted then. */
  closesAt: number;
  peerId?: string;
}

/** Instances talk to each other only through the adapter's rooms, never by events of their own. */
type InterServerEvents = Record<string, never>;

/**
 * socket.io typed from the realtime contract (packages/domain): emitting an event the contract
 * does not declare, or a payload of another shape, does not compile.
 */
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** Every connection of a user joins this room, so features can reach all of the user's tabs. */
export const userRoom = (userId: number): string => `user:${userId}`;
