import type { Redis } from 'ioredis';

/**
 * Password sign-in throttle (issue 15): wrong passwords are counted per (address, account), and
 * past a few free tries each further one makes that address wait longer before the next try for
 * that account (1 s, 2 s, 4 s ... at most 15 minutes). The owner signing in from another address
 * is never held back by someone else's failures, so nobody can lock an account's owner out.
 *
 * Every account also has a wide ceiling across addresses: past it (a spread-out guessing run)
 * each address gets a single free try before the waits start, which still leaves the owner a
 * try from any address. Counted in Redis when configured (every instance shares it), else here.
 *
 * A browser that proves, with a device token of this account (tokens.ts), that it once signed in
 * here is counted on its own, per (device, account), with the same free tries and waits: the
 * owner's device is never held back by failures from elsewhere at the same address (a carrier's
 * shared NAT address, an office Wi-Fi), and a stolen device token gets no free guessing. Device
 * tries neither count toward the account ceiling nor lose free tries to it: only the account's
 * own sign-ins hand out its device tokens, so a guesser cannot multiply them.
 */
export const THROTTLE = {
  /** Wrong tries an address gets for an account before waits start. */
  freeFailures: 5,
  /** Wrong tries for one account, from all addresses in an hour, past which only one is free. */
  accountCeiling: 100,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  /** An address's count is forgotten this long after its last wrong try (or at a success). */
  memoryMs: 24 * 60 * 60_000,
  accountWindowMs: 60 * 60_000,
} as const;

/** The wait after the `failures`-th wrong try in a row, with `free` tries free (0: none). */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  const doublings = Math.min(failures - free, 30);
  return Math.min(THROTTLE.firstDelayMs * 2 ** doublings, THROTTLE.maxDelayMs);
}

/** Who makes a try: a client address, or a device (the random id of its device token). */
export type ThrottleSource = string | { device: string };

export interface SignInThrottle {
  /** Milliseconds this source must still wait before trying this account again (0: go ahead). */
  waitMs(source: ThrottleSource, account: string): Promise<number>;
  /** A wrong password: counts it and answers the wait it now costs. */
  failed(source: ThrottleSource, account: string): Promise<number>;
  /** A right password from this source: its count starts over (another source's does not). */
  succeeded(source: ThrottleSource, account: string): Promise<void>;
}

/**
 * Whose tries an address stands for: an IPv4 address itself (an IPv4-mapped IPv6 one as IPv4),
 * an IPv6 address by its /64 network, which one subscriber usually holds whole (counting each
 * address of it apart would hand a guesser 2^64 fresh starts).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  const network = groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group || '0', 16) || 0).toString(16))
    .join(':');
  return `${network}::/64`;
}

const isDevice = (source: ThrottleSource): source is { device: string } =>
  typeof source !== 'string';

const pairKey = (source: ThrottleSource, account: string): string =>
  `${isDevice(source) ? `device:${source.device}` : addressKey(source)}|${account.trim().toLowerCase()}`;

/** Free tries for a source, given the account's wrong tries in the window (0: not counted). */
const freeTries = (source: ThrottleSource, accountFailures: number): number =>
  !isDevice(source) && accountFailures > THROTTLE.accountCeiling ? 1 : THROTTLE.freeFailures;

export function redisSignInThrottle(redis: Redis, prefix: string): SignInThrottle {
  const keys = (source: ThrottleSource, account: string) => {
    const pair = pairKey(source, account);
    return {
      fails: `${prefix}sign-in:fails:${pair}`,
      wait: `${prefix}sign-in:wait:${pair}`,
      account: `${prefix}sign-in:account:${account.trim().toLowerCase()}`,
    };
  };
  return {
    async waitMs(source, account) {
      const left = await redis.pttl(keys(source, account).wait);
      return left > 0 ? left : 0;
    },
    async failed(source, account) {
      const key = keys(source, account);
      const transaction = redis.multi().incr(key.fails).pexpire(key.fails, THROTTLE.memoryMs);
      if (!isDevice(source)) {
        transaction.incr(key.account).pexpire(key.account, THROTTLE.accountWindowMs, 'NX');
      }
      const results = (await transaction.exec()) ?? [];
      const failures = Number(results[0]?.[1] ?? 0);
      const accountFailures = Number(results[2]?.[1] ?? 0);
      const delay = delayAfter(failures, freeTries(source, accountFailures));
      if (delay > 0) await redis.set(key.wait, '1', 'PX', delay);
      return delay;
    },
    async succeeded(source, account) {
      const key = keys(source, account);
      await redis.del(key.fails, key.wait);
    },
  };
}

const MEMORY_KEYS_MAX = 100_000;

export function memorySignInThrottle(now: () => number = Date.now): SignInThrottle {
  const pairs = new Map<string, { failures: number; forgetAt: number; waitUntil: number }>();
  const accounts = new Map<string, { failures: number; endsAt: number }>();
  const prune = (time: number) => {
    if (pairs.size >= MEMORY_KEYS_MAX) {
      for (const [k, v] of pairs) if (v.forgetAt <= time) pairs.delete(k);
    }
    if (accounts.size >= MEMORY_KEYS_MAX) {
      for (const [k, v] of accounts) if (v.endsAt <= time) accounts.delete(k);
    }
  };
  return {
    async waitMs(source, account) {
      const entry = pairs.get(pairKey(source, account));
      return entry ? Math.max(0, entry.waitUntil - now()) : 0;
    },
    async failed(source, account) {
      const time = now();
      prune(time);
      const key = pairKey(source, account);
      const previous = pairs.get(key);
      const failures = (previous && previous.forgetAt > time ? previous.failures : 0) + 1;
      let accountFailures = 0;
      if (!isDevice(source)) {
        const accountKey = account.trim().toLowerCase();
        const window = accounts.get(accountKey);
        accountFailures = window && window.endsAt > time ? window.failures + 1 : 1;
        accounts.set(accountKey, {
          failures: accountFailures,
          endsAt: window && window.endsAt > time ? window.endsAt : time + THROTTLE.accountWindowMs,
        });
      }
      const delay = delayAfter(failures, freeTries(source, accountFailures));
      pairs.set(key, { failures, forgetAt: time + THROTTLE.memoryMs, waitUntil: time + delay });
      return delay;
    },
    async succeeded(source, account) {
      pairs.delete(pairKey(source, account));
    },
  };
}

/**
 * Redis when it answers, this process's counts when it does not (an outage must not stop sign-in
 * nor lift the throttle altogether): each call that fails on the first falls back to the second.
 */
export function throttleWithFallback(
  primary: SignInThrottle,
  fallback: SignInThrottle,
  onError: (error: unknown) => void,
): SignInThrottle {
  const either =
    <A extends unknown[], R>(call: (throttle: SignInThrottle) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(primary)(...args);
      } catch (error) {
        onError(error);
        return call(fallback)(...args);
      }
    };
  return {
    waitMs: either((t) => t.waitMs),
    failed: either((t) => t.failed),
    succeeded: either((t) => t.succeeded),
  };
}
