import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { withTimeout } from './timeout';

const PING_TIMEOUT_MS = 1000;
const CONNECT_WAIT_MS = 2000;
const CLOSE_WAIT_MS = 1000;

/** The two connections the socket.io adapter needs: one publishes, one is held by SUBSCRIBE. */
export interface RedisConnections {
  pub: Redis;
  sub: Redis;
  /** Resolves true once both connections are ready; false if Redis cannot be reached (yet). */
  ready(): Promise<boolean>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connects in the background: a Redis outage must not stop the API from starting or answering;
 * the health check reports it and ioredis keeps reconnecting.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): RedisConnections {
  const pub = new Redis(url);
  const sub = pub.duplicate();
  watch(pub, 'pub', log);
  watch(sub, 'sub', log);
  return {
    pub,
    sub,
    ready: async () => (await Promise.all([pub, sub].map((c) => becomesReady(c)))).every(Boolean),
    ping: async () => {
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
