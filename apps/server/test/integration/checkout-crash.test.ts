import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { PlanPeriod, Role, TransactionStatus } from '@talaqa/domain';
import type { PaymentStarted } from '@talaqa/domain';
import { createDatabase, queryRows } from '../../src/db';
import { LIVING_SQL } from '../../src/app';
import { plans } from '../../src/db/schema';
import { LOCAL_FAWRY, loadConfig } from '../../src/config';
import { createFawryClient, FAWRY_PATHS, FAWRY_TEST_CARDS } from '../../src/integrations/fawry';
import { startFawrySimulator } from '../../src/integrations/fawry/simulator';
import type { FawrySimulator } from '../../src/integrations/fawry/simulator';
import { signAccessToken } from '../../src/security/tokens';
import { EXPIRE_UNPAID_ORDER_JOB } from '../../src/modules/payments/context';
import { newFawryCustomerProfileId } from '../../src/modules/payments/references';
import { claimFawryCustomerProfileId, createUser, patchUser } from '../../src/modules/accounts';
import { closedPort, testDriver } from './helpers';

/**
 * Issue 15, item 12: `kill -9` during parallel checkouts. The server runs as a child process on a
 * database of its own; Fawry (the simulator, in this process, so it outlives the server as the
 * real one does) is reached through a proxy that holds every charge until the server is killed.
 * Half of the held charges then still reach Fawry (charged, answer lost), half never do. After a
 * restart on the same database, the same checkouts sent again with the same keys must answer
 * at once with a payable or settled order, and nothing may be charged twice.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const ENTRY = join(HERE, 'checkout-crash-server.ts');
const STUDENTS = 6;
const PROMPT_MS = 5_000;

interface Child {
  process: ChildProcess;
  baseUrl: string;
  output: string[];
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startChild(env: Record<string, string>): Promise<Child> {
  const port = await closedPort();
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start: ${output.join('')}`)),
      60_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      if (text.includes('LISTENING')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}): ${output.join('')}`));
    });
  });
  child.removeAllListeners('exit');
  return { process: child, baseUrl: `http://127.0.0.1:${port}/api/v1`, output };
}

async function killHard(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
  child.process.kill('SIGKILL');
  await exited;
}

/**
 * Forwards to the simulator; a charge is held until `release()`. Charges of odd merchant
 * references then go on to Fawry even though their caller is gone; even ones are dropped.
 */
async function startHoldingProxy(simulator: FawrySimulator) {
  let holding = true;
  let held = 0;
  const waiting: (() => Promise<void>)[] = [];
  const forward = async (request: IncomingMessage, body: Buffer, response: ServerResponse) => {
    const answer = await fetch(`${simulator.url}${request.url ?? '/'}`, {
      method: request.method ?? 'GET',
      headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
      ...(body.length > 0 ? { body } : {}),
    });
    const text = Buffer.from(await answer.arrayBuffer());
    if (!response.destroyed) {
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      response.end(text);
    }
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const isCharge = request.url?.startsWith(FAWRY_PATHS.charge) === true;
      if (!holding || !isCharge) {
        void forward(request, body, response).catch(() => response.destroy());
        return;
      }
      held += 1;
      // Every other charge reaches Fawry (its answer then lost), the others never do.
      const reaches = held % 2 === 1;
      waiting.push(async () => {
        if (reaches) await forward(request, body, response).catch(() => undefined);
        else response.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => held,
    /** Lets the held charges go (odd ones on to Fawry); resolves once Fawry answered them. */
    async release() {
      holding = false;
      await Promise.all(waiting.splice(0).map((go) => go()));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Buyer {
  id: number;
  token: string;
  path: string;
  body: Record<string, unknown>;
  card: boolean;
}

async function post(child: Child, buyer: Buyer) {
  const started = Date.now();
  const response = await fetch(`${child.baseUrl}${buyer.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${buyer.token}`,
      origin: 'http://localhost:4100',
    },
    body: JSON.stringify(buyer.body),
  });
  const body = (await response.json()) as PaymentStarted & { code?: string };
  return { status: response.status, body, ms: Date.now() - started };
}

describe('a crash in the middle of parallel checkouts', () => {
  it('leaves every order with its expiry job, and the same key recovers it after a restart', async () => {
    // A database of its own (PostgreSQL when the suite runs there, else PGlite on disk).
    const env: Record<string, string> = {
      APP_ENV: 'local',
      LOG_LEVEL: 'silent',
      SIMULATORS: 'false',
      JOBS_POLL_MS: '200',
      REDIS_URL: '',
    };
    if (testDriver === 'postgres') {
      const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
      const name = `talaqa_crash_${randomBytes(6).toString('hex')}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: server });
        await client.connect();
        await client.query(statement).finally(() => client.end());
      };
      await admin(`CREATE DATABASE ${name}`);
      cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const url = new URL(server);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'talaqa-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env.PGLITE_DIR = join(dir, 'pglite');
      env.DATABASE_URL = '';
    }

    // Fawry, outliving the server, behind the proxy that holds charges.
    const simulator = await startFawrySimulator({
      port: 0,
      host: '127.0.0.1',
      merchantCode: LOCAL_FAWRY.merchantCode,
      securityKey: LOCAL_FAWRY.securityKey,
      notifyOnCreate: false,
      logger: pino({ level: 'silent' }),
    });
    cleanups.push(() => simulator.close());
    const proxy = await startHoldingProxy(simulator);
    cleanups.push(() => proxy.close());
    env.FAWRY_BASE_URL = proxy.url;

    // The students, their plan and saved cards, written before the server starts.
    const config = loadConfig({ ...process.env, ...env });
    const seed = await createDatabase(config, LIVING_SQL);
    await seed.migrate();
    const [plan] = await seed.db
      .insert(plans)
      .values({ weeklyMinutes: 120, baseMonthPrice: 50_000, quarterDiscount: 10 })
      .returning();
    if (!plan) throw new Error('no plan');
    const fawry = createFawryClient({
      baseUrl: simulator.url,
      merchantCode: LOCAL_FAWRY.merchantCode,
      securityKey: LOCAL_FAWRY.securityKey,
    });
    const buyers: Buyer[] = [];
    for (let i = 0; i < STUDENTS; i += 1) {
      const user = await createUser(seed.db, {
        name: `Crash Student ${i + 1}`,
        email: `crash${i}-${randomUUID().slice(0, 8)}@example.com`,
        password: 'password1',
        role: Role.Student,
        emailVerified: true,
      });
      await patchUser(seed.db, user.id, { phone: `+20101234567${i}` });
      // Its Fawry profile, as the first card page would have given it (payments/fawry-profile.ts).
      const profileId = await claimFawryCustomerProfileId(
        seed.db,
        user.id,
        newFawryCustomerProfileId('local'),
      );
      if (!profileId) throw new Error('no Fawry profile id');
      const card = i % 2 === 0;
      const base = { planId: plan.id, period: PlanPeriod.Quarter, idempotencyKey: randomUUID() };
      let body: Record<string, unknown> = base;
      if (card) {
        const page = new URL(
          fawry.cardTokenUrl({
            customerProfileId: profileId,
            returnUrl: 'http://localhost:4100/card-added',
            locale: 'ar',
          }),
        );
        const saved = await fetch(page.origin + page.pathname, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            ...Object.fromEntries(page.searchParams),
            cardNumber: FAWRY_TEST_CARDS.success,
            expiryMonth: '12',
            expiryYear: String((new Date().getUTCFullYear() + 2) % 100),
            cvv: '123',
            cardHolderName: 'MONA ADEL',
            decision: 'save',
          }).toString(),
          redirect: 'manual',
        });
        const cardToken = new URL(saved.headers.get('location') ?? '').searchParams.get('token');
        if (!cardToken) throw new Error('no card token');
        body = {
          ...base,
          cardToken,
          cvv: '123',
          returnUrl: `http://localhost:4100/checkout/${plan.id}/${PlanPeriod.Quarter}`,
        };
      }
      buyers.push({
        id: user.id,
        token: await signAccessToken(user.id, config),
        path: card ? '/fawry/pay/card' : '/fawry/pay/ref-num',
        body,
        card,
      });
    }
    await seed.close();

    // Parallel checkouts; the server dies while every one of them waits for Fawry.
    const first = await startChild(env);
    const lost = buyers.map((buyer) => post(first, buyer).catch(() => undefined));
    await until(() => proxy.held() === STUDENTS, 20_000, 'every charge to reach Fawry');
    await killHard(first);
    await proxy.release();
    expect((await Promise.all(lost)).every((answer) => answer === undefined)).toBe(true);
    await simulator.idle();
    // Both cases happen: some charges reached Fawry (answer lost), the others never did.
    const reached = simulator.requests.filter((r) => r.path === FAWRY_PATHS.charge).length;
    expect(reached).toBe(STUDENTS / 2);

    // Each order exists, stranded (New, no answer), and already has its expiry job.
    const look = await createDatabase(config, LIVING_SQL);
    const stranded = await queryRows<{
      id: number;
      order_reference: string;
      status: number;
      next_step: unknown;
      job_run_at: Date | null;
    }>(
      look.db,
      sql`select t.id, t.order_reference, t.status, t.next_step, j.run_at as job_run_at
        from transactions t
        left join jobs j on j.kind = ${EXPIRE_UNPAID_ORDER_JOB} and j.key = t.id::text
          and j.done_at is null and j.canceled_at is null
        order by t.id`,
    );
    await look.close();
    expect(stranded).toHaveLength(STUDENTS);
    const referenceOf = new Map(stranded.map((row) => [row.id, row.order_reference]));
    for (const row of stranded) {
      expect(row.status).toBe(TransactionStatus.New);
      expect(row.next_step).toBeNull();
      expect(row.job_run_at).not.toBeNull();
    }

    // Restarted on the same database: the same checkouts again, same keys.
    const second = await startChild(env);
    const retried = await Promise.all(buyers.map((buyer) => post(second, buyer)));
    for (const [i, answer] of retried.entries()) {
      const buyer = buyers[i];
      if (!buyer) throw new Error('no buyer');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.ms).toBeLessThan(PROMPT_MS);
      const reference = referenceOf.get(answer.body.transaction.id);
      expect(reference).toMatch(/^3\d{18}$/);
      const charges = simulator.requests.filter(
        (r) =>
          r.path === FAWRY_PATHS.charge &&
          (r.body as { merchantRefNum?: string }).merchantRefNum === reference,
      );
      const orders = simulator.orders().filter((o) => o.merchantRefNumber === reference);
      if (buyer.card) {
        // Charged once: before the crash (odd) or by the recovery (even), never both.
        expect(answer.body.transaction.status).toBe(TransactionStatus.Paid);
        expect(charges).toHaveLength(1);
        expect(orders.map((o) => o.status)).toEqual(['PAID']);
      } else {
        // Payable: the one reference number Fawry holds for this order.
        expect(answer.body.transaction.status).toBe(TransactionStatus.New);
        if (answer.body.next.kind !== 'reference') throw new Error('expected a reference number');
        expect(orders).toHaveLength(1);
        expect(answer.body.next.referenceNumber).toBe(orders[0]?.referenceNumber);
      }
    }

    // Every order still open has its expiry job; one subscription per card buyer, no refunds.
    const after = await fetch(`${second.baseUrl}/health`);
    expect(after.status).toBeLessThan(500);
    await killHard(second);
    const check = await createDatabase(config, LIVING_SQL);
    const rows = await queryRows<{ status: number; refunded_amount: number; job: boolean }>(
      check.db,
      sql`select t.status, t.refunded_amount, exists(select 1 from jobs j
          where j.kind = ${EXPIRE_UNPAID_ORDER_JOB} and j.key = t.id::text
            and j.done_at is null and j.canceled_at is null) as job
        from transactions t`,
    );
    const [subs] = await queryRows<{ n: number }>(
      check.db,
      sql`select count(*)::int as n from subscriptions`,
    );
    await check.close();
    for (const row of rows) {
      expect(row.refunded_amount).toBe(0);
      if (row.status === TransactionStatus.New) expect(row.job).toBe(true);
    }
    expect(subs?.n).toBe(buyers.filter((b) => b.card).length);
  }, 120_000);
});
