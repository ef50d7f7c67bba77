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
import type { PaymentStarted, PaymobCheckoutAnswer } from '@talaqa/domain';
import { createDatabase, queryRows } from '../../src/db';
import { LIVING_SQL } from '../../src/app';
import { plans } from '../../src/db/schema';
import { LOCAL_FAWRY, LOCAL_PAYMOB, loadConfig } from '../../src/config';
import { createFawryClient, FAWRY_PATHS, FAWRY_TEST_CARDS } from '../../src/integrations/fawry';
import { startFawrySimulator } from '../../src/integrations/fawry/simulator';
import { PAYMOB_INTENTION_PATH, startPaymobSimulator } from '../../src/integrations/paymob';
import { signAccessToken } from '../../src/security/tokens';
import { EXPIRE_UNPAID_ORDER_JOB } from '../../src/modules/payments/context';
import { newFawryCustomerProfileId } from '../../src/modules/payments/references';
import { claimFawryCustomerProfileId, createUser, patchUser } from '../../src/modules/accounts';
import { closedPort, testDriver } from './helpers';

/**
 * Issue 15, item 12: `kill -9` during parallel checkouts. The server runs as a child process on a
 * database of its own; Fawry and Paymob (the simulators, in this process, so they outlive the
 * server as the real ones do) are reached through proxies that hold every charge and every
 * Paymob intention until the server is killed. Half of the held requests then still reach the
 * gateway (done, answer lost), half never do. After a restart on the same database, the same
 * checkouts sent again with the same keys must answer at once with a payable or settled order,
 * and nothing may be charged twice.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const ENTRY = join(HERE, 'checkout-crash-server.ts');
/** Fawry buyers: card and reference number in turn. */
const STUDENTS = 6;
/** Paymob buyers (hosted checkout): one intention reaches Paymob before the crash, one does not. */
const PAYMOB_BUYERS = 2;
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
 * Forwards to a simulator; a request to the `held` path is held until `release()`. The first,
 * third... held request then goes on to the gateway even though its caller is gone; the others
 * are dropped.
 */
async function startHoldingProxy(simulator: { url: string }, heldPath: string) {
  let holding = true;
  let held = 0;
  const waiting: (() => Promise<void>)[] = [];
  const forward = async (request: IncomingMessage, body: Buffer, response: ServerResponse) => {
    const answer = await fetch(`${simulator.url}${request.url ?? '/'}`, {
      method: request.method ?? 'GET',
      headers: {
        'content-type': request.headers['content-type'] ?? 'application/json',
        // Paymob's intention API is authorised by the secret key.
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      },
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
      const isHeld = request.url?.startsWith(heldPath) === true;
      if (!holding || !isHeld) {
        void forward(request, body, response).catch(() => response.destroy());
        return;
      }
      held += 1;
      // Every other request reaches the gateway (its answer then lost), the others never do.
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
    /** Lets the held requests go (odd ones on); resolves once the gateway answered them. */
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
  kind: 'card' | 'reference' | 'paymob';
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
  const body = (await response.json()) as PaymentStarted &
    Partial<PaymobCheckoutAnswer> & { code?: string };
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
      // Notifications of the charges that reached Fawry go to the dead server: give up quickly.
      notificationRetryDelaysMs: [50, 200],
      logger: pino({ level: 'silent' }),
    });
    cleanups.push(() => simulator.close());
    const proxy = await startHoldingProxy(simulator, FAWRY_PATHS.charge);
    cleanups.push(() => proxy.close());
    env.FAWRY_BASE_URL = proxy.url;
    const paymob = await startPaymobSimulator({
      port: 0,
      host: '127.0.0.1',
      secretKey: LOCAL_PAYMOB.secretKey,
      publicKey: LOCAL_PAYMOB.publicKey,
      hmacSecret: LOCAL_PAYMOB.hmacSecret,
      callbackRetryDelaysMs: [50, 200],
      logger: pino({ level: 'silent' }),
    });
    cleanups.push(() => paymob.close());
    const paymobProxy = await startHoldingProxy(paymob, PAYMOB_INTENTION_PATH);
    cleanups.push(() => paymobProxy.close());
    env.PAYMOB_API_URL = paymobProxy.url;

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
    for (let i = 0; i < STUDENTS + PAYMOB_BUYERS; i += 1) {
      const user = await createUser(seed.db, {
        name: `Crash Student ${i + 1}`,
        email: `crash${i}-${randomUUID().slice(0, 8)}@example.com`,
        password: 'password1',
        role: Role.Student,
        emailVerified: true,
      });
      await patchUser(seed.db, user.id, { phone: `+20101234567${i}` });
      const kind: Buyer['kind'] = i >= STUDENTS ? 'paymob' : i % 2 === 0 ? 'card' : 'reference';
      const card = kind === 'card';
      // Its Fawry profile, as the first card page would have given it (payments/fawry-profile.ts).
      const profileId = await claimFawryCustomerProfileId(
        seed.db,
        user.id,
        newFawryCustomerProfileId('local'),
      );
      if (!profileId) throw new Error('no Fawry profile id');
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
        path: {
          card: '/fawry/pay/card',
          reference: '/fawry/pay/ref-num',
          paymob: '/paymob/create-checkout-url',
        }[kind],
        body,
        kind,
      });
    }
    await seed.close();

    // Parallel checkouts; the server dies while every one of them waits for Fawry.
    const first = await startChild(env);
    const lost = buyers.map((buyer) => post(first, buyer).catch(() => undefined));
    await until(
      () => proxy.held() === STUDENTS && paymobProxy.held() === PAYMOB_BUYERS,
      20_000,
      'every charge to reach Fawry and every intention Paymob',
    );
    await killHard(first);
    await Promise.all([proxy.release(), paymobProxy.release()]);
    expect((await Promise.all(lost)).every((answer) => answer === undefined)).toBe(true);
    await simulator.idle();
    // Both cases happen: some charges reached Fawry (answer lost), the others never did.
    const reached = simulator.requests.filter((r) => r.path === FAWRY_PATHS.charge).length;
    expect(reached).toBe(STUDENTS / 2);
    expect(paymob.intentions()).toHaveLength(PAYMOB_BUYERS / 2);

    // Each order exists, stranded (New, no answer), and already has its expiry job.
    const look = await createDatabase(config, LIVING_SQL);
    const stranded = await queryRows<{
      id: number;
      order_reference: string;
      amount: number;
      status: number;
      next_step: unknown;
      job_run_at: Date | null;
    }>(
      look.db,
      sql`select t.id, t.order_reference, t.amount, t.status, t.next_step, j.run_at as job_run_at
        from transactions t
        left join jobs j on j.kind = ${EXPIRE_UNPAID_ORDER_JOB} and j.key = t.id::text
          and j.done_at is null and j.canceled_at is null
        order by t.id`,
    );
    await look.close();
    expect(stranded).toHaveLength(buyers.length);
    const referenceOf = new Map(stranded.map((row) => [row.id, row.order_reference]));
    const amountOf = new Map(stranded.map((row) => [row.id, row.amount]));
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
      if (buyer.kind === 'paymob') {
        // A new intention for the same order (the first one's address never reached anyone),
        // under a reference Paymob has not seen: a reference is never sent twice.
        const secret = new URL(answer.body.url ?? '').searchParams.get('clientSecret');
        const newest = paymob.intentions().find((intention) => intention.clientSecret === secret);
        if (!newest) throw new Error('no intention for the recovered order');
        const reference = newest.request.special_reference;
        expect(reference).toMatch(/^3\d{18}$/);
        const sent = paymob
          .intentions()
          .filter((intention) => intention.request.special_reference === reference);
        expect(sent).toHaveLength(1);
        expect(referenceOf.has(answer.body.transactionId ?? 0)).toBe(true);
        expect(newest.request.amount).toBe(amountOf.get(answer.body.transactionId ?? 0));
        // Payable: paying it pays the order, once.
        const paid = await paymob.pay(newest.clientSecret, 'success');
        expect(paid.transaction.success).toBe(true);
        continue;
      }
      const reference = referenceOf.get(answer.body.transaction.id);
      expect(reference).toMatch(/^3\d{18}$/);
      const charges = simulator.requests.filter(
        (r) =>
          r.path === FAWRY_PATHS.charge &&
          (r.body as { merchantRefNum?: string }).merchantRefNum === reference,
      );
      const orders = simulator.orders().filter((o) => o.merchantRefNumber === reference);
      if (buyer.kind === 'card') {
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

    // Paymob calls back the server that is up now; the recovered orders are paid by it.
    await paymob.flushCallbacks();
    for (const delivery of paymob.callbacks) {
      expect(delivery.attempts.at(-1)?.status, JSON.stringify(delivery.attempts)).toBe(200);
    }
    expect(paymob.callbacks).toHaveLength(PAYMOB_BUYERS);

    // Every order still open has its expiry job; one subscription per paid order, no refunds.
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
    expect(subs?.n).toBe(buyers.filter((b) => b.kind !== 'reference').length);
    expect(rows.filter((row) => row.status === TransactionStatus.Paid)).toHaveLength(
      buyers.filter((b) => b.kind !== 'reference').length,
    );
  }, 120_000);
});
