import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { jobs } from '../../src/db/schema';
import type { JobRow } from '../../src/db/schema';
import type { Database } from '../../src/db';
import { cancelJobs, scheduleJob, scheduleJobs, startJobRunner } from '../../src/jobs';
import type { JobHandler } from '../../src/jobs';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';

/**
 * The durable job runner over the `jobs` table, through real app instances: due jobs run once,
 * future ones wait, failures are retried with backoff until they give up, a crashed claim is
 * taken again, cancelled jobs never run, a restart keeps what was scheduled, and two instances on
 * one PostgreSQL never run one job twice.
 */

const silent = pino({ level: 'silent' });
const POLL_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(10);
  }
}

const jobRow = async (db: Database, id: number): Promise<JobRow> => {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} not found`);
  return row;
};

/** Calls of each job id, across every handler and app of this file. */
const runs = new Map<number, number>();
const recorder: JobHandler = async (_payload, { job }) => {
  runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
};
const runsOf = (id: number): number => runs.get(id) ?? 0;

let server: TestServer;
let db: Database;

beforeAll(async () => {
  server = await startTestServer(
    { jobsPollMs: POLL_MS },
    { beforeReady: (app) => app.jobs.register('test.record', recorder) },
  );
  db = server.app.database.db;
});
afterAll(() => server.close());

describe('scheduling', () => {
  it('runs a due job once and marks it done', async () => {
    const job = await scheduleJob(db, {
      kind: 'test.record',
      runAt: new Date(Date.now() - 1000),
      payload: { n: 1 },
    });
    await waitFor(async () => (await jobRow(db, job.id)).doneAt !== null);
    await sleep(POLL_MS * 5);
    expect(runsOf(job.id)).toBe(1);
    expect(await jobRow(db, job.id)).toMatchObject({ attempts: 1, lockedUntil: null });
  });

  it('leaves a future job waiting until its time', async () => {
    const job = await scheduleJob(db, {
      kind: 'test.record',
      runAt: new Date(Date.now() + 3_600_000),
    });
    await server.app.jobs.runDue();
    await sleep(POLL_MS * 5);
    expect(runsOf(job.id)).toBe(0);
    expect((await jobRow(db, job.id)).doneAt).toBeNull();
    // Its time comes (moved into the past, as a clock would).
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1) })
      .where(eq(jobs.id, job.id));
    await waitFor(() => runsOf(job.id) === 1);
  });

  it('keeps one pending job per kind and key: scheduling again moves it', async () => {
    const first = await scheduleJob(db, {
      kind: 'test.record',
      key: 'order-1',
      runAt: new Date(Date.now() + 3_600_000),
      payload: { v: 1 },
    });
    const again = await scheduleJob(db, {
      kind: 'test.record',
      key: 'order-1',
      runAt: new Date(Date.now() + 7_200_000),
      payload: { v: 2 },
    });
    const same = await scheduleJob(db, {
      kind: 'test.record',
      key: 'order-1',
      runAt: again.runAt,
      payload: { v: 2 },
    });
    expect(again.id).toBe(first.id);
    expect(same.id).toBe(first.id);
    expect(same.payload).toEqual({ v: 2 });
    const rows = await db.select().from(jobs).where(eq(jobs.key, 'order-1'));
    expect(rows).toHaveLength(1);
    // Another kind with the same key is another job.
    const other = await scheduleJob(db, {
      kind: 'test.other',
      key: 'order-1',
      runAt: new Date(Date.now() + 3_600_000),
    });
    expect(other.id).not.toBe(first.id);
  });

  it('schedules several jobs in one statement, with the same one-per-key rule', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const latest = new Date(Date.now() + 7_200_000);
    await scheduleJobs(db, [
      { kind: 'test.record', key: 'batch-1', runAt: later, payload: { v: 1 } },
      { kind: 'test.record', key: 'batch-2', runAt: later },
    ]);
    await scheduleJobs(db, [
      { kind: 'test.record', key: 'batch-1', runAt: latest, payload: { v: 2 } },
      { kind: 'test.record', key: 'batch-3', runAt: later },
    ]);
    await scheduleJobs(db, []);
    const rows = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.key} like 'batch-%'`)
      .orderBy(jobs.key);
    expect(rows.map((row) => [row.key, row.runAt.getTime(), row.payload])).toEqual([
      ['batch-1', latest.getTime(), { v: 2 }],
      ['batch-2', later.getTime(), {}],
      ['batch-3', later.getTime(), {}],
    ]);
  });

  it('never runs a cancelled job, and a new one may take its key', async () => {
    const runAt = new Date(Date.now() + 300);
    const job = await scheduleJob(db, { kind: 'test.record', key: 'cancel-me', runAt });
    expect(await cancelJobs(db, 'test.record', 'cancel-me')).toBe(1);
    expect(await cancelJobs(db, 'test.record', 'cancel-me')).toBe(0);
    await sleep(600);
    await server.app.jobs.runDue();
    expect(runsOf(job.id)).toBe(0);
    expect((await jobRow(db, job.id)).canceledAt).not.toBeNull();
    const again = await scheduleJob(db, { kind: 'test.record', key: 'cancel-me', runAt });
    expect(again.id).not.toBe(job.id);
    await waitFor(() => runsOf(again.id) === 1);
  });

  it('schedules inside a transaction: a rolled-back job never exists', async () => {
    let id = 0;
    await db
      .transaction(async (tx) => {
        id = (await scheduleJob(tx, { kind: 'test.record', runAt: new Date() })).id;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await db.select().from(jobs).where(eq(jobs.id, id))).toEqual([]);
  });
});

describe('failures and crashes', () => {
  it('retries a failing job with growing waits, then gives up at maxAttempts', async () => {
    const calls: number[] = [];
    const failing: JobHandler = async () => {
      calls.push(Date.now());
      throw new Error(`boom ${calls.length}`);
    };
    const runner = startJobRunner({
      db,
      log: silent,
      handlers: { 'test.fail': failing },
      pollMs: 10,
      retry: { baseMs: 150, maxMs: 10_000 },
    });
    try {
      const job = await scheduleJob(db, {
        kind: 'test.fail',
        runAt: new Date(Date.now() - 1),
        maxAttempts: 3,
      });
      await waitFor(async () => (await jobRow(db, job.id)).canceledAt !== null);
      await sleep(400);
      expect(calls).toHaveLength(3);
      const [first = 0, second = 0, third = 0] = calls;
      // Waits of 150 and 300 ms (give or take a poll).
      expect(second - first).toBeGreaterThanOrEqual(140);
      expect(third - second).toBeGreaterThanOrEqual(290);
      expect(await jobRow(db, job.id)).toMatchObject({
        attempts: 3,
        doneAt: null,
        lockedUntil: null,
        lastError: 'boom 3',
      });
    } finally {
      await runner.stop();
    }
  });

  it('takes a job again when its claim ran out (the process died), not while it holds', async () => {
    const [crashed] = await db
      .insert(jobs)
      .values({
        kind: 'test.record',
        runAt: new Date(Date.now() - 60_000),
        attempts: 1,
        lockedUntil: new Date(Date.now() - 1000),
      })
      .returning();
    const [held] = await db
      .insert(jobs)
      .values({
        kind: 'test.record',
        runAt: new Date(Date.now() - 60_000),
        attempts: 1,
        lockedUntil: new Date(Date.now() + 3_600_000),
      })
      .returning();
    if (!crashed || !held) throw new Error('insert failed');
    await waitFor(() => runsOf(crashed.id) === 1);
    expect(await jobRow(db, crashed.id)).toMatchObject({ attempts: 2 });
    expect(runsOf(held.id)).toBe(0);
  });

  it('gives up a job whose last attempt died with its process', async () => {
    const [dead] = await db
      .insert(jobs)
      .values({
        kind: 'test.record',
        key: 'dead',
        runAt: new Date(Date.now() - 60_000),
        attempts: 5,
        maxAttempts: 5,
        lockedUntil: new Date(Date.now() - 1000),
      })
      .returning();
    if (!dead) throw new Error('insert failed');
    await waitFor(async () => (await jobRow(db, dead.id)).canceledAt !== null);
    expect(runsOf(dead.id)).toBe(0);
    expect((await jobRow(db, dead.id)).lastError).toMatch(/lease expired/);
  });

  it('runs a job rescheduled while it runs again at its new time', async () => {
    let calls = 0;
    const rescheduling: JobHandler = async (_payload, { job, db: jobDb }) => {
      calls += 1;
      if (calls === 1) {
        await scheduleJob(jobDb, {
          kind: 'test.again',
          key: job.key,
          runAt: new Date(Date.now() + 100),
          payload: { second: true },
        });
      }
    };
    const runner = startJobRunner({
      db,
      log: silent,
      handlers: { 'test.again': rescheduling },
      pollMs: 10,
    });
    try {
      const job = await scheduleJob(db, { kind: 'test.again', key: 'k', runAt: new Date() });
      await waitFor(async () => (await jobRow(db, job.id)).doneAt !== null);
      expect(calls).toBe(2);
      expect((await jobRow(db, job.id)).payload).toEqual({ second: true });
    } finally {
      await runner.stop();
    }
  });

  // Starting a second app on PGlite migrates a new database: allow for it.
  it(
    'stops cleanly: close waits for the handler that is running',
    { timeout: 90_000 },
    async () => {
      let finished = false;
      const slow: JobHandler = async () => {
        await sleep(300);
        finished = true;
      };
      const other = await startTestServer(
        { jobsPollMs: POLL_MS },
        { beforeReady: (app) => app.jobs.register('test.slow', slow) },
      );
      const job = await scheduleJob(other.app.database.db, {
        kind: 'test.slow',
        runAt: new Date(),
      });
      await waitFor(async () => (await jobRow(other.app.database.db, job.id)).lockedUntil !== null);
      const db2 = other.app.database.db;
      const row = await jobRow(db2, job.id);
      await other.app.close();
      expect(finished).toBe(true);
      expect(row.attempts).toBe(1);
      await other.close();
    },
  );
});

describe('durability', () => {
  it('runs a job scheduled before a restart', { timeout: 90_000 }, async () => {
    // PGlite keeps its data in a folder across restarts; PostgreSQL keeps the first database.
    const dir = mkdtempSync(join(tmpdir(), 'talaqa-jobs-'));
    const overrides =
      testDriver === 'postgres' ? {} : { databaseUrl: undefined, pgliteDir: join(dir, 'pg') };
    const first = await startTestServer({ ...overrides, jobsPollMs: POLL_MS });
    const job = await scheduleJob(first.app.database.db, {
      kind: 'test.durable',
      runAt: new Date(Date.now() - 1),
      payload: { hello: 'again' },
    });
    // The first instance has no handler for the kind; it stops with the job still pending.
    await first.app.close();
    const seen: unknown[] = [];
    const second = await startTestServer(
      { ...overrides, databaseUrl: first.config.databaseUrl, jobsPollMs: POLL_MS },
      {
        beforeReady: (app) =>
          app.jobs.register('test.durable', async (payload) => {
            seen.push(payload);
          }),
      },
    );
    try {
      await waitFor(async () => (await jobRow(second.app.database.db, job.id)).doneAt !== null);
      expect(seen).toEqual([{ hello: 'again' }]);
    } finally {
      await second.close();
      await first.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('several runners on one database', () => {
  it('never runs one job twice (two app instances on PostgreSQL, two runners on PGlite)', async () => {
    const counts = new Map<number, number>();
    const ranBy = new Set<string>();
    const handler =
      (name: string): JobHandler =>
      async (_payload, { job }) => {
        counts.set(job.id, (counts.get(job.id) ?? 0) + 1);
        ranBy.add(name);
        await sleep(5);
      };
    const stops: (() => Promise<void>)[] = [];
    let shared: Database;
    if (testDriver === 'postgres') {
      const a = await startTestServer(
        { jobsPollMs: 5 },
        { beforeReady: (app) => app.jobs.register('test.shared', handler('a')) },
      );
      const b = await startTestServer(
        { jobsPollMs: 5, databaseUrl: a.config.databaseUrl },
        { beforeReady: (app) => app.jobs.register('test.shared', handler('b')) },
      );
      stops.push(
        () => b.close(),
        () => a.close(),
      );
      shared = a.app.database.db;
    } else {
      shared = db;
      for (const name of ['a', 'b']) {
        const runner = startJobRunner({
          db,
          log: silent,
          handlers: { 'test.shared': handler(name) },
          pollMs: 5,
          batchSize: 3,
        });
        stops.push(() => runner.stop());
      }
    }
    try {
      const total = 60;
      await shared.insert(jobs).values(
        Array.from({ length: total }, (_, i) => ({
          kind: 'test.shared',
          runAt: new Date(Date.now() - 1000),
          payload: { i },
        })),
      );
      await waitFor(async () => {
        const [row] = await shared
          .select({ open: sql<number>`count(*)::int` })
          .from(jobs)
          .where(sql`${jobs.kind} = 'test.shared' and ${jobs.doneAt} is null`);
        return row?.open === 0;
      }, 20_000);
      expect(counts.size).toBe(total);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      if (testDriver === 'postgres') expect(ranBy.size).toBe(2);
    } finally {
      for (const stop of stops) await stop();
    }
  });
});
