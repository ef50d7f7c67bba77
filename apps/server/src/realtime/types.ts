import type { DefaultEventsMap, Server, Socket } from 'socket.io';

/** What the handshake middleware learned about the connection. */
export interface SocketData {
  userId: number;
  /** The session version of the token it connected with (closed when that session ends). */
  sessionVersion: number;
}

// Event maps stay open until the features that emit them (chat, lessons, sessions) define them.
export type RealtimeServer = Server<
  DefaultEventsMap,
  DefaultEventsMap,
  DefaultEventsMap,
  SocketData
>;
export type RealtimeSocket = Socket<
  DefaultEventsMap,
  DefaultEventsMap,
  DefaultEventsMap,
  SocketData
>;

/** Every connection of a user joins this room, so features can reach all of the user's tabs. */
export const userRoom = (userId: number): string => `user:${userId}`;
