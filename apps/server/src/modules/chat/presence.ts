/**
 * Who is online, on how many connections, across instances
 * (docs/decisions/263-chat-presence.md). With Redis: a set of `{instance}:{socket}` per user, and
 * a heartbeat key per instance that expires when the instance dies; members of a dead instance do
 * not count, and a live instance sweeps them away and reports who went offline. Without Redis: a
 * map in this process (one instance).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_TTL_MS = 30_000;
const SWEEP_LOCK_MS = 10_000;

/** A user whose device count changed because an instance died. */
export interface PresenceChange {
  userId: number;
  devices: number;
}

export interface PresenceStore {
  /** Records a connection; the user's device count after it. */
  connect(userId: number, socketId: string): Promise<number>;
  /** Forgets a connection; the user's device count after it. */
  disconnect(userId: number, socketId: string): Promise<number>;
  devices(userIds: readonly number[]): Promise<Map<number, number>>;
  /** Renews this instance's heartbeat and clears dead instances' connections. */
  beat(): Promise<PresenceChange[]>;
  /**
   * Stops beating: this instance's entries stop counting at once, and another instance sweeps
   * them (and announces who went offline) as it would a dead instance's.
   */
  close(): Promise<void>;
}

export function memoryPresence(): PresenceStore {
  const sockets = new Map<number, Set<string>>();
  const count = (userId: number): number => sockets.get(userId)?.size ?? 0;
  return {
    async connect(userId, socketId) {
      const set = sockets.get(userId) ?? new Set<string>();
      set.add(socketId);
      sockets.set(userId, set);
      return count(userId);
    },
    async disconnect(userId, socketId) {
      const set = sockets.get(userId);
      set?.delete(socketId);
      if (set?.size === 0) sockets.delete(userId);
      return count(userId);
    },
    async devices(userIds) {
      return new Map(userIds.map((id) => [id, count(id)]));
    },
    async beat() {
      return [];
    },
    async close() {
      sockets.clear();
    },
  };
}

export function redisPresence(
  redis: Redis,
  prefix: string,
  instanceId: string = randomUUID(),
): PresenceStore {
  const key = {
    user: (userId: number) => `${prefix}presence:user:${String(userId)}`,
    heartbeat: (id: string) => `${prefix}presence:instance:${id}`,
    instanceUsers: (id: string) => `${prefix}presence:instance-users:${id}`,
    instances: `${prefix}presence:instances`,
    sweepLock: (id: string) => `${prefix}presence:sweep:${id}`,
  };
  const instanceOf = (member: string): string => member.slice(0, member.indexOf(':'));

  /** Which of these instances still beat. */
  async function alive(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const beats = await redis.mget(...ids.map(key.heartbeat));
    return new Set(ids.filter((_id, index) => beats[index] !== null));
  }

  async function countsOf(userIds: readonly number[]): Promise<Map<number, number>> {
    const pipeline = redis.pipeline();
    for (const userId of userIds) pipeline.smembers(key.user(userId));
    const answers = (await pipeline.exec()) ?? [];
    const members = answers.map(([, value]) => (Array.isArray(value) ? (value as string[]) : []));
    const live = await alive([...new Set(members.flat().map(instanceOf))]);
    return new Map(
      userIds.map((userId, index) => [
        userId,
        (members[index] ?? []).filter((member) => live.has(instanceOf(member))).length,
      ]),
    );
  }

  const countOf = async (userId: number): Promise<number> =>
    (await countsOf([userId])).get(userId) ?? 0;

  async function heartbeat(): Promise<void> {
    await redis
      .multi()
      .set(key.heartbeat(instanceId), '1', 'PX', PRESENCE_TTL_MS)
      .sadd(key.instances, instanceId)
      .exec();
  }

  /** Clears one dead instance's connections (once: the lock); the users it touched. */
  async function sweep(deadId: string): Promise<PresenceChange[]> {
    const locked = await redis.set(key.sweepLock(deadId), instanceId, 'PX', SWEEP_LOCK_MS, 'NX');
    if (locked !== 'OK') return [];
    const userIds = (await redis.smembers(key.instanceUsers(deadId))).map(Number);
    const changes: PresenceChange[] = [];
    for (const userId of userIds) {
      const members = await redis.smembers(key.user(userId));
      const gone = members.filter((member) => instanceOf(member) === deadId);
      if (gone.length === 0) continue;
      await redis.srem(key.user(userId), ...gone);
      changes.push({ userId, devices: await countOf(userId) });
    }
    await redis.multi().del(key.instanceUsers(deadId)).srem(key.instances, deadId).exec();
    return changes;
  }

  return {
    async connect(userId, socketId) {
      await heartbeat();
      await redis
        .multi()
        .sadd(key.user(userId), `${instanceId}:${socketId}`)
        .sadd(key.instanceUsers(instanceId), String(userId))
        .exec();
      return countOf(userId);
    },
    async disconnect(userId, socketId) {
      await redis.srem(key.user(userId), `${instanceId}:${socketId}`);
      return countOf(userId);
    },
    devices: countsOf,
    async beat() {
      await heartbeat();
      const ids = (await redis.smembers(key.instances)).filter((id) => id !== instanceId);
      const live = await alive(ids);
      const changes: PresenceChange[] = [];
      for (const id of ids) if (!live.has(id)) changes.push(...(await sweep(id)));
      return changes;
    },
    async close() {
      await redis.del(key.heartbeat(instanceId));
    },
  };
}
