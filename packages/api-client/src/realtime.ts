/**
 * The realtime channel of spec section 7, over socket.io-client.
 *
 * States (spec section 4): 'closed' -> 'opening' -> 'open'; a dropped connection goes back to
 * 'opening' while socket.io reconnects with growing delays (1000 to 5000 ms, jitter 0.5); a
 * refused handshake (server middleware error) or a deliberate server disconnect ends in 'closed'
 * (socket.io does not retry those; call `connect()` once there is a token); `close()` passes
 * through 'closing' to 'closed'.
 *
 * The token is read through `getToken` at every (re)connection: sent in the handshake `auth`
 * (`{ token }`) and as `Authorization: Bearer <token>` in `extraHeaders` (honoured by Node and by
 * the browser's HTTP long-polling transport; browsers cannot set headers on a WebSocket).
 */
import {
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECTION_DELAY_MAX_MS,
  SOCKET_RECONNECTION_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from '@talaqa/domain';
import { io as socketIo } from 'socket.io-client';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

export type RealtimeState = 'closed' | 'opening' | 'open' | 'closing';

/**
 * The acknowledgement results of spec section 7 (the same values as `AckResult` in
 * @talaqa/domain's src/realtime.ts, which its index does not export yet).
 */
export const ACK_RESULTS = [
  'empty-text',
  'room-not-found',
  'message-not-found',
  'lesson-not-found',
  'interview-not-found',
  'not-member',
  'not-owner',
  'unreachable',
  'unallowed',
  'invalid-session-id',
  'ok',
] as const;
export type AckResult = (typeof ACK_RESULTS)[number];
export const isAckResult = (value: unknown): value is AckResult =>
  typeof value === 'string' && (ACK_RESULTS as readonly string[]).includes(value);

export type RealtimeErrorMessage = 'acknowledgement timeout' | 'socket disconnected';

/** An emit that got no acknowledgement in time, or was attempted on a closed channel. */
export class RealtimeError extends Error {
  override readonly name = 'RealtimeError';
  declare readonly message: RealtimeErrorMessage;

  constructor(message: RealtimeErrorMessage, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export type SocketIoOptions = Partial<ManagerOptions & SocketOptions>;
export type SocketIoFactory = (url: string, options: SocketIoOptions) => Socket;

export interface RealtimeOptions {
  /** The socket endpoint of the environment, e.g. 'http://localhost:4000'. */
  url: string;
  /** Default '/socket.io'. */
  path?: string;
  /** The current bearer token value (without 'Bearer '), or null; read at every connection. */
  getToken: () => string | null;
  /** Default true. */
  autoConnect?: boolean;
  /** Replaces `io` from socket.io-client (tests). */
  io?: SocketIoFactory;
}

export interface Realtime {
  /** The underlying socket.io socket, for anything not wrapped here. */
  readonly socket: Socket;
  readonly state: RealtimeState;
  /** True while the handshake has succeeded and the connection is up. */
  readonly connected: boolean;
  /**
   * True while the channel is closed because the server ended it: a refused handshake or a server
   * disconnect (e.g. its session ended by a password change). False after `connect()`/`close()`.
   * An app reconnects such a channel once it has a new token.
   */
  readonly endedByServer: boolean;
  /** Called on every state change (not immediately); returns the unsubscribe function. */
  subscribe(listener: (state: RealtimeState) => void): () => void;
  /** Opens the channel if it is closed (e.g. after sign-in, or after a refused handshake). */
  connect(): void;
  /** Closes the channel; no reconnection follows. */
  close(): void;
  emit(event: string, ...args: unknown[]): void;
  /**
   * Emits and waits for the server's acknowledgement (its first argument). Rejects with
   * RealtimeError 'acknowledgement timeout' after `timeoutMs` (default 20000), or
   * 'socket disconnected' at once when the channel is closed.
   */
  emitWithAck<R = AckResult>(event: string, payload?: unknown, timeoutMs?: number): Promise<R>;
  /** Listens to a server event; returns the function that stops listening. */
  on<A extends unknown[]>(event: string, handler: (...args: A) => void): () => void;
  off<A extends unknown[]>(event: string, handler?: (...args: A) => void): void;
}

function authorizationHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The socket.io-client options of the channel (spec sections 7 and 9). */
export function realtimeSocketOptions(
  getToken: () => string | null,
  path = '/socket.io',
  autoConnect = true,
): SocketIoOptions {
  return {
    path,
    autoConnect,
    reconnection: true,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MAX_MS,
    randomizationFactor: SOCKET_RANDOMIZATION_FACTOR,
    timeout: SOCKET_TIMEOUT_MS,
    withCredentials: true,
    // One manager per channel, so the headers refreshed below belong to this channel only.
    forceNew: true,
    auth: (callback) => {
      const token = getToken();
      callback(token ? { token } : {});
    },
    extraHeaders: authorizationHeaders(getToken()),
  };
}

export function createRealtime(options: RealtimeOptions): Realtime {
  const { getToken } = options;
  const autoConnect = options.autoConnect ?? true;
  const io = options.io ?? socketIo;
  const socket = io(options.url, realtimeSocketOptions(getToken, options.path, autoConnect));
  const listeners = new Set<(state: RealtimeState) => void>();
  let state: RealtimeState = autoConnect ? 'opening' : 'closed';
  let connected = false;
  let endedByServer = false;

  function setState(next: RealtimeState): void {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener(next);
  }

  /** The engine is rebuilt from the manager's options at every (re)connection. */
  function refreshHeaders(): void {
    socket.io.opts.extraHeaders = authorizationHeaders(getToken());
  }

  socket.on('connect', () => {
    connected = true;
    setState('open');
  });
  socket.on('connect_error', (error) => {
    connected = false;
    console.warn('[realtime] connection failed:', error.message);
    endedByServer = !socket.active;
    setState(socket.active ? 'opening' : 'closed');
  });
  socket.on('disconnect', (reason) => {
    connected = false;
    if (reason !== 'io client disconnect') console.warn('[realtime] disconnected:', reason);
    endedByServer = reason === 'io server disconnect';
    setState(socket.active ? 'opening' : 'closed');
  });
  socket.io.on('reconnect_attempt', () => {
    refreshHeaders();
    setState('opening');
  });
  socket.io.on('reconnect_failed', () => {
    connected = false;
    setState('closed');
  });

  return {
    socket,
    get state() {
      return state;
    },
    get connected() {
      return connected;
    },
    get endedByServer() {
      return endedByServer && state === 'closed';
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect() {
      if (socket.active) return;
      endedByServer = false;
      refreshHeaders();
      setState('opening');
      socket.connect();
    },
    close() {
      endedByServer = false;
      if (state === 'closed' && !socket.active) return;
      setState('closing');
      socket.disconnect();
      connected = false;
      setState('closed');
    },
    emit(event, ...args) {
      socket.emit(event, ...args);
    },
    emitWithAck<R = AckResult>(event: string, payload?: unknown, timeoutMs = SOCKET_TIMEOUT_MS) {
      return new Promise<R>((resolve, reject) => {
        if (!socket.active) {
          reject(new RealtimeError('socket disconnected'));
          return;
        }
        const callback = (error: Error | null, result: R) => {
          if (error) reject(new RealtimeError('acknowledgement timeout', { cause: error }));
          else resolve(result);
        };
        const timed = socket.timeout(timeoutMs);
        if (payload === undefined) timed.emit(event, callback);
        else timed.emit(event, payload, callback);
      });
    },
    on(event, handler) {
      socket.on(event, handler);
      return () => {
        socket.off(event, handler);
      };
    },
    off(event, handler) {
      socket.off(event, handler);
    },
  };
}
