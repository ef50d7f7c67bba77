import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { withTimeout } from './timeout';

const PING_TIMEOUT_MS = 1000;
const CONNECT_WAIT_MS = 2000;
const CLOSE_WAIT_MS = 1000;

/** A command on the request path that Redis has not answered by then has failed. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** Reconnection attempts every 100 ms, then 200 ms ... at most every second. */
export const REDIS_MAX_RECONNECT_DELAY_MS = 1000;

const reconnectDelay = (attempt: number): number =>
  Math.min(attempt * 100, REDIS_MAX_RECONNECT_DELAY_MS);

/**
 * The commanding connection (cache, rate limits, the adapter's publishes) fails fast while Redis
 * is away instead of queueing: no offline queue (a command while disconnected is refused at
 * once), commands in flight when the connection drops are failed at once (no retry), and a
 * command unanswered after REDIS_COMMAND_TIMEOUT_MS is failed. Every caller has a fallback
 * (docs/decisions/211-redis-never-holds-a-request.md). It keeps reconnecting, at most a second
 * apart.
 */
export const COMMAND_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 1000,
  retryStrategy: reconnectDelay,
};

/**
 * The subscribing connection is on no request's path: its SUBSCRIBE commands wait for Redis
 * (queued, never failed: the adapter does not handle a refusal) and ioredis subscribes again
 * after each reconnection. Every option of COMMAND_OPTIONS is overridden (duplicate() copies).
 */
export const SUBSCRIBER_OPTIONS: RedisOptions = {
  enableOfflineQueue: true,
  maxRetriesPerRequest: null,
  autoResendUnfulfilledCommands: true,
  commandTimeout: undefined,
  autoResubscribe: true,
  connectTimeout: 1000,
  retryStrategy: reconnectDelay,
};

/** The two connections the socket.io adapter needs: one publishes, one is held by SUBSCRIBE. */
export interface RedisConnections {
  pub: Redis;
  sub: Redis;
  /** Resolves true once both connections are ready; false if Redis cannot be reached (yet). */
  ready(): Promise<boolean>;
  /** Fails unless both connections are connected and Redis answers a PING within a second. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connects in the background: a Redis outage must not stop the API from starting or answering;
 * the health check reports it and ioredis keeps reconnecting.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): RedisConnections {
  const pub = new Redis(url, COMMAND_OPTIONS);
  const sub = pub.duplicate(SUBSCRIBER_OPTIONS);
  watch(pub, 'pub', log);
  watch(sub, 'sub', log);
  return {
    pub,
    sub,
    ready: async () => (await Promise.all([pub, sub].map((c) => becomesReady(c)))).every(Boolean),
    ping: async () => {
      if (sub.status !== 'ready') throw new Error(`redis subscriber is ${sub.status}`);
      await withTimeout(pub.ping(), PING_TIMEOUT_MS, 'redis ping');
    },
    close: async () => {
      await Promise.all([pub, sub].map((c) => closeClient(c)));
    },
  };
}

/** Logs the first failure of each outage instead of one line per reconnection attempt. */
function watch(client: Redis, name: string, log: FastifyBaseLogger): void {
  let healthy = true;
  client.on('ready', () => {
    if (!healthy) log.info({ redis: name }, 'redis connection restored');
    healthy = true;
  });
  client.on('error', (error: Error) => {
    if (healthy) log.warn({ err: error, redis: name }, 'redis connection failed');
    healthy = false;
  });
}

/** Resolves true on the `success` event, false on a `failures` event or after `ms`. */
function outcome(client: Redis, success: string, failures: string[], ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (value: boolean): void => {
      clearTimeout(timer);
      client.removeListener(success, onSuccess);
      for (const event of failures) client.removeListener(event, onFailure);
      resolve(value);
    };
    const onSuccess = (): void => finish(true);
    const onFailure = (): void => finish(false);
    const timer = setTimeout(onFailure, ms);
    client.once(success, onSuccess);
    for (const event of failures) client.once(event, onFailure);
  });
}

/** A connection attempt in flight either succeeds soon or turns into "reconnecting". */
function becomesReady(client: Redis, ms = CONNECT_WAIT_MS): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  if (client.status !== 'connecting' && client.status !== 'connect') return Promise.resolve(false);
  return outcome(client, 'ready', ['reconnecting', 'end'], ms);
}

/**
 * Commands still queued (the adapter's unsubscribes are not awaited by anyone) are answered
 * before QUIT's reply, so a reachable Redis gets QUIT; dropping the socket instead would reject
 * them as unhandled promises. An unreachable one is simply disconnected.
 */
async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (!(await becomesReady(client, CLOSE_WAIT_MS))) return client.disconnect();
  const ended = outcome(client, 'end', [], CLOSE_WAIT_MS);
  client.quit().catch(() => client.disconnect());
  if (!(await ended)) client.disconnect();
}

/**
 * The publishing client handed to the socket.io adapter. The adapter publishes without awaiting
 * (every room broadcast) and never handles a refusal: while Redis is away a broadcast reaches the
 * sockets of this instance only (the adapter delivers those itself) and the relay to other
 * instances is dropped, logged once per outage, instead of an unhandled rejection per event.
 */
export function adapterPublisher(pub: Redis, log: FastifyBaseLogger): Redis {
  let dropped = 0;
  pub.on('ready', () => {
    if (dropped > 0) log.warn({ dropped }, 'realtime relays dropped while Redis was away');
    dropped = 0;
  });
  const drop = (error?: unknown): number => {
    if (dropped === 0) log.warn({ err: error }, 'realtime relay to other instances dropped');
    dropped += 1;
    return 0;
  };
  const publish = (...args: Parameters<Redis['publish']>): Promise<number> =>
    pub.status === 'ready'
      ? pub.publish(...args).catch(drop)
      : Promise.resolve(drop(new Error(`redis is ${pub.status}`)));
  return new Proxy(pub, {
    get(target, property) {
      if (property === 'publish') return publish;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' && property !== 'constructor'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
