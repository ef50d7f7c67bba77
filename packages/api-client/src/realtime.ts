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
 *
 * Events are typed from the realtime contract of @talaqa/domain (`REALTIME`): `on` takes a server
 * event of the map and hands its payload's type to the handler, `emit`/`emitWithAck` take a
 * client event and its payload, and the acknowledgement is one of that event's results. With
 * `validatePayloads` (development and tests) every payload received is read through its schema,
 * and one the contract does not declare throws instead of reaching a screen.
 */
import {
  ACK_RESULTS,
  REALTIME,
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECTION_DELAY_MAX_MS,
  SOCKET_RECONNECTION_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from '@talaqa/domain';
import type { AckResult } from '@talaqa/domain';
import { io as socketIo } from 'socket.io-client';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { z } from 'zod';
import type { TokenStore } from './token-store';
import { clientLog } from './logger';

export type RealtimeState = 'closed' | 'opening' | 'open' | 'closing';

/** The acknowledgement results of spec section 7 (`AckResult` of @talaqa/domain). */
export { ACK_RESULTS };
export type { AckResult };
export const isAckResult = (value: unknown): value is AckResult =>
  typeof value === 'string' && (ACK_RESULTS as readonly string[]).includes(value);

/** The shape of a realtime contract: `REALTIME` of @talaqa/domain, or a test's own. */
export interface RealtimeContract {
  readonly serverToClient: Readonly<Record<string, { readonly payload: z.ZodType }>>;
  readonly clientToServer: Readonly<
    Record<
      string,
      { readonly payload: z.ZodType; readonly acks: readonly string[]; readonly ack?: z.ZodType }
    >
  >;
}

export type DefaultRealtimeContract = typeof REALTIME;

/** The events a client of contract C listens to, and the payload its handler receives. */
export type ListenedEvent<C extends RealtimeContract> = keyof C['serverToClient'] & string;
export type ReceivedPayload<C extends RealtimeContract, E extends ListenedEvent<C>> = z.output<
  C['serverToClient'][E]['payload']
>;

/** The events a client of contract C sends, their payload and their acknowledgement. */
export type SentEvent<C extends RealtimeContract> = keyof C['clientToServer'] & string;
export type SentPayload<C extends RealtimeContract, E extends SentEvent<C>> = z.input<
  C['clientToServer'][E]['payload']
>;
/** The acknowledgement: its schema's output where the event declares one, else a result. */
export type AckOf<
  C extends RealtimeContract,
  E extends SentEvent<C>,
> = C['clientToServer'][E] extends {
  readonly ack: infer S extends z.ZodType;
}
  ? z.output<S>
  : C['clientToServer'][E]['acks'][number];

/** A payload received that breaks its contract: a bug on one side, never a person's mistake. */
export class RealtimeContractViolation extends Error {
  override readonly name = 'RealtimeContractViolation';
  constructor(
    readonly event: string,
    readonly issues: unknown,
  ) {
    super(`realtime event ${event} carried a payload its contract does not declare`);
  }
}

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

export interface RealtimeOptions<C extends RealtimeContract = DefaultRealtimeContract> {
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
  /** The events and their payloads. Default `REALTIME` of @talaqa/domain. */
  contract?: C;
  /** Read every payload received through its schema (development and tests). */
  validatePayloads?: boolean;
}

export interface Realtime<C extends RealtimeContract = DefaultRealtimeContract> {
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
  emit<E extends SentEvent<C>>(event: E, payload: SentPayload<C, E>): void;
  /**
   * Emits and waits for the server's acknowledgement (its first argument). Rejects with
   * RealtimeError 'acknowledgement timeout' after `timeoutMs` (default 20000), or
   * 'socket disconnected' at once when the channel is closed.
   */
  emitWithAck<E extends SentEvent<C>>(
    event: E,
    payload: SentPayload<C, E>,
    timeoutMs?: number,
  ): Promise<AckOf<C, E>>;
  /** Listens to a server event; returns the function that stops listening. */
  on<E extends ListenedEvent<C>>(
    event: E,
    handler: (payload: ReceivedPayload<C, E>) => void,
  ): () => void;
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

/** The handler of `on`, reading the payload through its schema first when asked to. */
function receiver<C extends RealtimeContract>(
  contract: C,
  validate: boolean,
  event: string,
  handler: (payload: never) => void,
): (payload: unknown) => void {
  const schema = contract.serverToClient[event]?.payload;
  if (!validate || !schema) return handler as (payload: unknown) => void;
  return (payload) => {
    const result = schema.safeParse(payload);
    if (!result.success) throw new RealtimeContractViolation(event, result.error.issues);
    (handler as (payload: unknown) => void)(result.data);
  };
}

export function createRealtime<C extends RealtimeContract = DefaultRealtimeContract>(
  options: RealtimeOptions<C>,
): Realtime<C> {
  const contract = (options.contract ?? REALTIME) as C;
  const validate = options.validatePayloads ?? false;
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
    clientLog.warn('[realtime] connection failed:', error.message);
    endedByServer = !socket.active;
    setState(socket.active ? 'opening' : 'closed');
  });
  socket.on('disconnect', (reason) => {
    connected = false;
    if (reason !== 'io client disconnect') clientLog.warn('[realtime] disconnected:', reason);
    endedByServer = reason === 'io server disconnect';
    setState(socket.active ? 'opening' : 'closed');
  });
  socket.io.on('reconnect_attempt', () => {
    refreshHeaders();
    setState('opening');
  });
  socket.io.on('reconnect_failed', () => {
    connected = false;
    clientLog.warn('[realtime] gave up reconnecting');
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
    emit(event, payload) {
      socket.emit(event, payload);
    },
    emitWithAck(event, payload, timeoutMs = SOCKET_TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        if (!socket.active) {
          reject(new RealtimeError('socket disconnected'));
          return;
        }
        socket
          .timeout(timeoutMs)
          .emit(event, payload, (error: Error | null, result: AckOf<C, typeof event>) => {
            if (error) reject(new RealtimeError('acknowledgement timeout', { cause: error }));
            else resolve(result);
          });
      });
    },
    on(event, handler) {
      const name: string = event;
      const listener = receiver(contract, validate, name, handler);
      socket.on(name, listener);
      return () => {
        socket.off(name, listener);
      };
    },
  };
}

/**
 * An app's one channel, opened by the pages that listen (the main app's and the admin's,
 * decision 306), which follows the session: the token is read at every connection, and when it
 * changes (sign-in as someone else, sign-out) an open channel reconnects with the new one, so it
 * never keeps receiving the previous person's events; without a token it stays closed. A channel
 * the server ended (its session ended by a password change or sign-out-all) opens again with
 * the device's fresh token; one the app closed stays closed.
 */
export function createSessionRealtime(options: {
  url: string;
  tokens: Pick<TokenStore, 'bearerToken' | 'subscribe'>;
  /** Every payload read through the realtime contract (outside production, as answers are). */
  validatePayloads: boolean;
}): Realtime {
  const { tokens } = options;
  const channel = createRealtime({
    url: options.url,
    getToken: () => tokens.bearerToken(),
    autoConnect: false,
    validatePayloads: options.validatePayloads,
  });
  let token = tokens.bearerToken();
  tokens.subscribe(() => {
    const next = tokens.bearerToken();
    if (next === token) return;
    token = next;
    if (channel.state === 'closed' && !channel.endedByServer) return;
    channel.close();
    if (next) channel.connect();
  });
  return channel;
}
