import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Role } from '@talaqa/domain';
import type { AuditPage } from '@talaqa/domain';
import { scheduleJob } from '../../src/jobs';
import { jobs, serverLogs } from '../../src/db/schema';
import { PRUNE_LOGS_JOB } from '../../src/modules/logs';
import { exportLogLines } from '../../src/modules/logs/service';
import { signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer, testDriver } from './helpers';
import { tcpProxy } from './tcp-proxy';
import type { TestServer } from './helpers';

/**
 * Issue 23 item 6 (decision 350): the server log kept in the database and exported by admins.
 * The store is on for these servers only (`storeLogs`); other test files keep none.
 */
const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;
const CAP = 40;
const METRICS_TOKEN = 'log-export-metrics-token-0123456789';

let server: TestServer;
let admin: SignedInUser;
let student: SignedInUser;
let tutor: SignedInUser;
let unique = 0;

interface Exported {
  status: number;
  headers: Headers;
  text: string;
  lines: Record<string, unknown>[];
}

async function exportLogs(
  target: TestServer,
  query: Record<string, string>,
  token: string | null = admin.token,
): Promise<Exported> {
  const response = await fetch(
    `${target.baseUrl}/api/v1/logs/export?${new URLSearchParams(query).toString()}`,
    { headers: token ? { authorization: `Bearer ${token}` } : {} },
  );
  const text = await response.text();
  const lines =
    response.ok && text
      ? text
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>)
      : [];
  return { status: response.status, headers: response.headers, text, lines };
}

/** An instance name of the test's own, so tests never read each other's lines. */
const instanceName = (label: string): string => `test-${label}-${++unique}`;

/** Rows written straight to the table, as an instance's store would. */
async function insertLines(
  target: TestServer,
  rows: { instance: string; at: Date; level?: number; msg: string }[],
): Promise<void> {
  await target.app.database.db.insert(serverLogs).values(
    rows.map((row) => ({
      time: row.at,
      level: row.level ?? 30,
      instance: row.instance,
      message: row.msg,
      line: JSON.stringify({ level: row.level ?? 30, time: row.at.getTime(), msg: row.msg }),
    })),
  );
}

/** The store at info (the default is warn): request and start-up lines are kept too. */
const KEEP_INFO = { level: 'info', retentionDays: 14, exportMaxLines: 500_000 } as const;

const range = (from: Date, to: Date) => ({ from: from.toISOString(), to: to.toISOString() });

describe('the kept server log and its export', () => {
  beforeAll(async () => {
    server = await startTestServer(
      {
        logStore: { level: 'info', retentionDays: 14, exportMaxLines: CAP },
        metricsToken: METRICS_TOKEN,
      },
      { storeLogs: true },
    );
    admin = await signedInUser(server, Role.RegularAdmin);
    student = await signedInUser(server, Role.Student);
    tutor = await signedInUser(server, Role.Tutor);
  }, 240_000);
  afterAll(async () => server.close());

  it('keeps what the app logs, secrets redacted, and exports it as a file', async () => {
    const marker = `marker-${Date.now()}`;
    const before = new Date(Date.now() - MINUTE);
    server.app.log.info(
      { marker, body: { password: 'hunter2-secret', email: 'a@example.com' } },
      'sign-in tried',
    );
    server.app.log.debug({ marker }, 'below the kept level');
    await server.app.logStore?.flush();
    const after = new Date(Date.now() + MINUTE);
    const answer = await exportLogs(server, range(before, after));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="talaqa-logs-${before.toISOString().slice(0, 16).replace(/[-:]/g, '')}Z-${after
        .toISOString()
        .slice(0, 16)
        .replace(/[-:]/g, '')}Z.ndjson"`,
    );
    const mine = answer.lines.filter((line) => line.marker === marker);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'sign-in tried',
      level: 30,
      body: { password: '[redacted]', email: 'a@example.com' },
    });
    expect(typeof mine[0]?.instance).toBe('string');
    expect(answer.text).not.toContain('hunter2-secret');
    // The request lines of the app are kept too (info), the admin's token never.
    expect(answer.text).not.toContain(admin.token);
  });

  it("keeps request lines without a calendar feed's token", async () => {
    const before = new Date(Date.now() - MINUTE);
    const token = `feedtoken${Date.now()}`;
    await fetch(`${server.baseUrl}/api/v1/calendar/${token}.ics`);
    await server.app.logStore?.flush();
    const answer = await exportLogs(server, range(before, new Date(Date.now() + MINUTE)));
    const lines = answer.lines.filter((line) =>
      (line.req as { url?: string } | undefined)?.url?.startsWith('/api/v1/calendar/'),
    );
    expect(lines.map((line) => (line.req as { url: string }).url)).toContain(
      '/api/v1/calendar/[redacted].ics',
    );
    expect(answer.text).not.toContain(token);
  });

  it('counts the lines it keeps and drops in /metrics', async () => {
    await server.app.logStore?.flush();
    const kept = server.app.logStore?.counts().stored ?? 0;
    expect(kept).toBeGreaterThan(0);
    const response = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await response.text();
    expect(Number(/^talaqa_log_lines_stored_total (\d+)/m.exec(text)?.[1])).toBeGreaterThanOrEqual(
      kept,
    );
    expect(text).toMatch(/^talaqa_log_lines_dropped_total 0$/m);
    expect(text).toMatch(/^talaqa_log_lines_queued \d+$/m);
  });

  it('exports only the range [from, to), the level and above, oldest first', async () => {
    const instance = instanceName('filters');
    const start = new Date(Date.UTC(2026, 9, 1, 8, 0));
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    await insertLines(server, [
      { instance, at: at(4), level: 50, msg: 'four error' },
      { instance, at: at(0), level: 50, msg: 'zero error' },
      { instance, at: at(1), level: 30, msg: 'one info' },
      { instance, at: at(2), level: 40, msg: 'two warn' },
      { instance, at: at(3), level: 60, msg: 'three fatal' },
      { instance, at: at(3), level: 30, msg: 'three info' },
    ]);
    const all = await exportLogs(server, { ...range(at(1), at(4)), instance });
    expect(all.lines.map((line) => line.msg)).toEqual([
      'one info',
      'two warn',
      'three fatal',
      'three info',
    ]);
    const warnings = await exportLogs(server, { ...range(at(0), at(5)), instance, level: 'warn' });
    expect(warnings.lines.map((line) => line.msg)).toEqual([
      'zero error',
      'two warn',
      'three fatal',
      'four error',
    ]);
    expect(warnings.lines.every((line) => line.instance === instance)).toBe(true);
    const empty = await exportLogs(server, { ...range(at(10), at(20)), instance });
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('');
  });

  it('merges the lines of several instances in time order, or gives one of them', async () => {
    const one = instanceName('one');
    const two = instanceName('two');
    const start = new Date(Date.UTC(2026, 9, 2, 8, 0));
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    await insertLines(server, [
      { instance: one, at: at(1), msg: 'a' },
      { instance: two, at: at(2), msg: 'b' },
      { instance: one, at: at(3), msg: 'c' },
      { instance: two, at: at(4), msg: 'd' },
    ]);
    const both = await exportLogs(server, range(at(0), at(10)));
    expect(both.lines.map((line) => [line.msg, line.instance])).toEqual([
      ['a', one],
      ['b', two],
      ['c', one],
      ['d', two],
    ]);
    const onlyTwo = await exportLogs(server, { ...range(at(0), at(10)), instance: two });
    expect(onlyTwo.lines.map((line) => line.msg)).toEqual(['b', 'd']);
  });

  it('stops at the line cap and says so in a last line', async () => {
    const instance = instanceName('cap');
    const start = new Date(Date.UTC(2026, 9, 3, 8, 0));
    await insertLines(
      server,
      Array.from({ length: CAP + 15 }, (_, index) => ({
        instance,
        at: new Date(start.getTime() + index * 1000),
        msg: `line ${index}`,
      })),
    );
    const answer = await exportLogs(server, {
      ...range(start, new Date(start.getTime() + DAY_MS)),
      instance,
    });
    expect(answer.lines).toHaveLength(CAP + 1);
    expect(answer.lines.slice(0, CAP).map((line) => line.msg)).toEqual(
      Array.from({ length: CAP }, (_, index) => `line ${index}`),
    );
    expect(answer.lines[CAP]).toMatchObject({
      cut: true,
      maxLines: CAP,
      nextTime: new Date(start.getTime() + CAP * 1000).toISOString(),
    });
    // Exactly the cap: nothing was left out, so no cut line.
    const exact = await exportLogs(server, {
      ...range(start, new Date(start.getTime() + CAP * 1000)),
      instance,
    });
    expect(exact.lines).toHaveLength(CAP);
    expect(exact.lines.some((line) => line.cut)).toBe(false);
  });

  it('reads page after page by time and id, lines of one millisecond included', async () => {
    const instance = instanceName('pages');
    const start = new Date(Date.UTC(2026, 9, 6, 8, 0));
    // Three lines a millisecond: a page boundary falls inside a millisecond.
    await insertLines(
      server,
      Array.from({ length: 25 }, (_, index) => ({
        instance,
        at: new Date(start.getTime() + Math.floor(index / 3)),
        msg: `line ${index}`,
      })),
    );
    const read = async (maxLines: number) => {
      const chunks: string[] = [];
      const filters = { from: start, to: new Date(start.getTime() + MINUTE), instance };
      for await (const chunk of exportLogLines(server.app.database, filters, maxLines, 4)) {
        chunks.push(chunk);
      }
      return chunks
        .join('')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    };
    const all = await read(100);
    expect(all.map((line) => line.msg)).toEqual(
      Array.from({ length: 25 }, (_, index) => `line ${index}`),
    );
    const cut = await read(10);
    expect(cut).toHaveLength(11);
    expect(cut.slice(0, 10).map((line) => line.msg)).toEqual(
      Array.from({ length: 10 }, (_, index) => `line ${index}`),
    );
    expect(cut[10]).toMatchObject({ cut: true, maxLines: 10 });
  });

  it('answers bad ranges and filters with their codes, and writes no audit row', async () => {
    const from = new Date(Date.UTC(2026, 9, 4, 8, 0));
    const cases: [Record<string, string>, string, string][] = [
      [{ to: from.toISOString() }, 'from', 'required'],
      [{ from: from.toISOString() }, 'to', 'required'],
      [{ from: 'yesterday', to: from.toISOString() }, 'from', 'invalid-type'],
      [range(from, from), 'to', 'log-range-reversed'],
      [range(from, new Date(from.getTime() - MINUTE)), 'to', 'log-range-reversed'],
      [range(from, new Date(from.getTime() + 7 * DAY_MS + 1)), 'to', 'log-range-too-long'],
      [
        { ...range(from, new Date(from.getTime() + MINUTE)), level: 'loud' },
        'level',
        'invalid-type',
      ],
      [
        { ...range(from, new Date(from.getTime() + MINUTE)), instance: 'x'.repeat(81) },
        'instance',
        'invalid-type',
      ],
    ];
    const audited = async () => {
      const page = await fetch(`${server.baseUrl}/api/v1/audit-log?action=logs.export&size=100`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      return ((await page.json()) as AuditPage).total;
    };
    const rowsBefore = await audited();
    for (const [query, path, code] of cases) {
      const answer = await exportLogs(server, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      const body = JSON.parse(answer.text) as { fields?: { path: string; code: string }[] };
      expect(body.fields, JSON.stringify(query)).toContainEqual({ path, code });
    }
    // Seven days exactly is allowed.
    const week = await exportLogs(server, range(from, new Date(from.getTime() + 7 * DAY_MS)));
    expect(week.status).toBe(200);
    expect(await audited()).toBe(rowsBefore + 1);
  });

  it('is for admins only', async () => {
    const query = range(new Date(Date.now() - MINUTE), new Date(Date.now() + MINUTE));
    expect((await exportLogs(server, query, null)).status).toBe(401);
    for (const caller of [student, tutor]) {
      const answer = await exportLogs(server, query, caller.token);
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain('"msg"');
    }
    const superAdmin = await signedInUser(server, Role.SuperAdmin);
    expect((await exportLogs(server, query, superAdmin.token)).status).toBe(200);
  });

  it('writes an audit row naming the range and filters of each export', async () => {
    const instance = instanceName('audit');
    const from = new Date(Date.UTC(2026, 9, 5, 8, 0));
    const to = new Date(from.getTime() + MINUTE);
    await exportLogs(server, { ...range(from, to), level: 'error', instance });
    const page = await fetch(`${server.baseUrl}/api/v1/audit-log?action=logs.export&size=100`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const rows = ((await page.json()) as AuditPage).list;
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: 'logs.export',
      targetId: null,
      details: { from: from.toISOString(), to: to.toISOString(), level: 'error', instance },
    });
  });

  it('deletes lines older than the retention days with its durable job', async () => {
    const instance = instanceName('retention');
    const now = server.app.clock.now().getTime();
    await insertLines(server, [
      { instance, at: new Date(now - 15 * DAY_MS), msg: 'fifteen days old' },
      { instance, at: new Date(now - 14 * DAY_MS - MINUTE), msg: 'just past fourteen' },
      { instance, at: new Date(now - 13 * DAY_MS), msg: 'thirteen days old' },
      { instance, at: new Date(now - MINUTE), msg: 'a minute old' },
    ]);
    await scheduleJob(server.app.database.db, { kind: PRUNE_LOGS_JOB, key: 'tick' });
    await server.app.jobs.runDue();
    const left = await server.app.database.db
      .select({ message: serverLogs.message })
      .from(serverLogs)
      .where(eq(serverLogs.instance, instance));
    expect(left.map((row) => row.message).sort()).toEqual(['a minute old', 'thirteen days old']);
    // It moved itself an hour ahead.
    const [next] = await server.app.database.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, PRUNE_LOGS_JOB), isNull(jobs.doneAt), isNull(jobs.canceledAt)));
    expect(next?.runAt.getTime()).toBeGreaterThan(Date.now() + 50 * MINUTE);
  });

  it('keeps warnings and worse by default, not the info lines of every request', async () => {
    const other = await startTestServer({}, { storeLogs: true });
    try {
      const marker = `default-${Date.now()}`;
      other.app.log.info({ marker }, 'an info line');
      other.app.log.warn({ marker }, 'a warning');
      other.app.log.error({ marker }, 'an error');
      await fetch(`${other.baseUrl}/api/v1/health/live`);
      await other.app.logStore?.flush();
      const rows = await other.app.database.db
        .select({ message: serverLogs.message, level: serverLogs.level })
        .from(serverLogs);
      expect(rows.every((row) => row.level >= 40)).toBe(true);
      expect(rows.map((row) => row.message)).toEqual(
        expect.arrayContaining(['a warning', 'an error']),
      );
    } finally {
      await other.close();
    }
  });

  it("keeps the app's own lines from its start, in batches, with nothing dropped", async () => {
    const other = await startTestServer({ logStore: KEEP_INFO }, { storeLogs: true });
    try {
      await other.app.logStore?.flush();
      expect(other.app.logStore?.counts()).toMatchObject({ dropped: 0, queued: 0 });
      const rows = await other.app.database.db
        .select({ message: serverLogs.message, level: serverLogs.level })
        .from(serverLogs)
        .where(inArray(serverLogs.level, [30, 40, 50]));
      expect(rows.map((row) => row.message)).toContainEqual(
        expect.stringMatching(/^Server listening at http:\/\/127\.0\.0\.1:/),
      );
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(testDriver !== 'postgres')('the log of two instances on one database', () => {
  let one: TestServer;
  let two: TestServer;

  beforeAll(async () => {
    one = await startTestServer({}, { storeLogs: true });
    two = await startTestServer({ databaseUrl: one.config.databaseUrl }, { storeLogs: true });
  }, 240_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('gives an admin of one instance the lines of both, in time order', async () => {
    const chief = await signedInUser(one, Role.RegularAdmin);
    const marker = `both-${Date.now()}`;
    const from = new Date(Date.now() - MINUTE);
    one.app.log.warn({ marker }, 'from one');
    await new Promise((resolve) => setTimeout(resolve, 5));
    two.app.log.warn({ marker }, 'from two');
    await new Promise((resolve) => setTimeout(resolve, 5));
    one.app.log.warn({ marker }, 'one again');
    await Promise.all([one.app.logStore?.flush(), two.app.logStore?.flush()]);
    const answer = await exportLogs(
      one,
      { ...range(from, new Date(Date.now() + MINUTE)), level: 'warn' },
      chief.token,
    );
    const mine = answer.lines.filter((line) => line.marker === marker);
    expect(mine.map((line) => line.msg)).toEqual(['from one', 'from two', 'one again']);
    const [first, second, third] = mine.map((line) => line.instance);
    expect(first).toBe(third);
    expect(second).not.toBe(first);
  });
});

describe.skipIf(testDriver !== 'postgres')('the log store while PostgreSQL is down', () => {
  const METRICS_TOKEN = 'log-store-metrics-token-0123456789';
  const serverUrl = new URL(
    process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const name = `talaqa_test_logs_${randomBytes(6).toString('hex')}`;
  const adminQuery = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: serverUrl.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let outage: TestServer;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    proxy = await tcpProxy(serverUrl);
    const proxied = new URL(serverUrl);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    proxied.pathname = `/${name}`;
    outage = await startTestServer(
      { databaseUrl: proxied.toString(), metricsToken: METRICS_TOKEN, logStore: KEEP_INFO },
      { storeLogs: true },
    );
  }, 60_000);
  afterAll(async () => {
    await outage?.close();
    await proxy?.cut();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  const droppedMetric = async (): Promise<number> => {
    const response = await fetch(`${outage.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await response.text();
    const value = /^talaqa_log_lines_dropped_total (\d+)/m.exec(text)?.[1];
    if (value === undefined) throw new Error(`no drop counter in:\n${text.slice(0, 500)}`);
    return Number(value);
  };

  it('keeps logging without waiting, counts the lines it drops, and recovers', async () => {
    await outage.app.logStore?.flush();
    expect(await droppedMetric()).toBe(0);
    await proxy.cut();
    // More lines than the queue holds, logged while no batch can be written.
    const started = performance.now();
    for (let i = 0; i < 25_000; i += 1) outage.app.log.info({ i }, 'during the outage');
    const loggingMs = performance.now() - started;
    expect(loggingMs).toBeLessThan(3000);
    // The process answers meanwhile, and a batch the database refuses is dropped too.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const live = await fetch(`${outage.baseUrl}/api/v1/health/live`);
    expect(live.status).toBe(200);
    const dropped = await droppedMetric();
    expect(dropped).toBeGreaterThan(5000);
    expect(outage.app.logStore?.counts().queued ?? 0).toBeLessThanOrEqual(20_000);

    await proxy.restore();
    const marker = `after-${Date.now()}`;
    // The pool may hold a dead connection or two: the first batches after may still fail.
    const deadline = Date.now() + 15_000;
    let kept = false;
    while (!kept && Date.now() < deadline) {
      outage.app.log.warn({ marker }, 'the database is back');
      await outage.app.logStore?.flush();
      const rows = await outage.app.database.db
        .select({ message: serverLogs.message })
        .from(serverLogs)
        .where(eq(serverLogs.message, 'the database is back'))
        .catch(() => []);
      kept = rows.length > 0;
      if (!kept) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(kept).toBe(true);
    expect(await droppedMetric()).toBeGreaterThanOrEqual(dropped);
  }, 40_000);
});
