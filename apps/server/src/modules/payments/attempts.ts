import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows } from '../../db';
import type { Database, DatabaseDriver } from '../../db';

/** The first key of the advisory lock each server process holds while it lives (any constant). */
export const INSTANCE_LOCK_NAMESPACE = 7_246_015;
const RECONNECT_MS = 1_000;

/**
 * Which checkout attempts are live: the request that inserted an order (or took it over) asks
 * the provider for its next step; a retry with the same idempotency key waits for it while it
 * lives and takes the order over once it is gone (the process died, kill -9 included).
 *
 * Each process has a random instance key, written on the order (`attempt_by`) while its request
 * works on it. Inside the process, a set says which attempts are running. Whether another process
 * lives is known from PostgreSQL: each one holds a session advisory lock on
 * (INSTANCE_LOCK_NAMESPACE, its key) on a connection of its own, which the server drops the
 * moment the process dies. The embedded PGlite has one process only, so another key is a dead one.
 */
export interface CheckoutAttempts {
  readonly instanceKey: number;
  /** Resolves once other processes can see this one alive (its lock is held). */
  ready(): Promise<void>;
  /** Marks this process's attempt on the order as running; false when one already is. */
  tryBegin(transactionId: number): boolean;
  end(transactionId: number): void;
  /** An attempt by `owner` on this order may still be running. */
  mayBeRunning(owner: number | null, transactionId: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface AttemptOptions {
  db: Database;
  driver: DatabaseDriver;
  databaseUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export function createCheckoutAttempts(options: AttemptOptions): CheckoutAttempts {
  const instanceKey = randomInt(1, 2_147_483_647);
  const live = new Set<number>();
  let closed = false;
  let holder: pg.Client | undefined;
  let holding: Promise<void> | undefined;

  /** Connects and takes this instance's lock; reconnects if that connection is lost. */
  function hold(): Promise<void> {
    holding ??= (async () => {
      const url = options.databaseUrl;
      if (options.driver !== 'postgres' || !url) return;
      const client = new pg.Client({ connectionString: url, application_name: 'talaqa-instance' });
      // Lost (server restart, network): other processes would take this one for dead, so the
      // lock is taken again on a new connection.
      const lost = (error?: Error) => {
        if (holder !== client && holder !== undefined) return;
        if (!closed) options.log.warn({ err: error }, 'the instance lock connection was lost');
        holder = undefined;
        holding = undefined;
        void client.end().catch(() => undefined);
        if (!closed) {
          setTimeout(() => {
            if (!closed) void hold().catch(() => undefined);
          }, RECONNECT_MS).unref();
        }
      };
      client.on('error', lost);
      client.on('end', () => lost());
      await client.connect();
      await client.query('select pg_advisory_lock($1, $2)', [INSTANCE_LOCK_NAMESPACE, instanceKey]);
      holder = client;
      if (closed) await client.end().catch(() => undefined);
    })().catch((error: unknown) => {
      holding = undefined;
      throw error;
    });
    return holding;
  }

  async function alive(owner: number): Promise<boolean> {
    if (options.driver !== 'postgres') return false;
    const [row] = await queryRows<{ alive: boolean }>(
      options.db,
      sql`select exists(
        select 1 from pg_locks
        where locktype = 'advisory' and granted and objsubid = 2
          and database = (select oid from pg_database where datname = current_database())
          and classid = ${INSTANCE_LOCK_NAMESPACE}::oid and objid = ${owner}::oid
      ) as alive`,
    );
    return row?.alive === true;
  }

  return {
    instanceKey,
    ready: hold,
    tryBegin: (id) => {
      if (live.has(id)) return false;
      live.add(id);
      return true;
    },
    end: (id) => void live.delete(id),
    async mayBeRunning(owner, id) {
      if (owner === null) return false;
      if (owner === instanceKey) return live.has(id);
      return alive(owner);
    },
    async close() {
      closed = true;
      const client = holder;
      holder = undefined;
      if (client) await client.end().catch(() => undefined);
    },
  };
}
