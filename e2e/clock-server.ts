import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';

// The product as playwright.config.ts runs it, but with TEST_CLOCK on (record 334) and on ports
// of its own (E2E_PORT_BASE + 60 to + 97, beside the shared server's + 0 to + 57): a journey that
// moves the server's clock must not move it under the specs running beside it.

const BASE = Number(process.env.E2E_PORT_BASE ?? 4900);
export const clockPorts = {
  api: BASE + 60,
  whatsapp: BASE + 61,
  telegram: BASE + 62,
  outbox: BASE + 63,
  google: BASE + 64,
  smtp: BASE + 65,
  fawry: BASE + 66,
  paymob: BASE + 67,
  web: BASE + 70,
  admin: BASE + 80,
  landing: BASE + 90,
} as const;

export const clockUrls = {
  api: `http://127.0.0.1:${clockPorts.api}`,
  web: `http://127.0.0.1:${clockPorts.web}`,
  admin: `http://127.0.0.1:${clockPorts.admin}`,
  landing: `http://127.0.0.1:${clockPorts.landing}`,
} as const;

const root = join(import.meta.dirname, '..');

export interface ClockServer {
  /** Sets the server's business clock to `instant` (it runs on from there). */
  set(instant: Date): Promise<void>;
  stop(): Promise<void>;
}

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${clockUrls.api}/api/v1/health`)).ok;
  } catch {
    return false;
  }
}

/** Starts the server (fresh in-memory database, demo data) and waits until it answers. */
export async function startClockServer(): Promise<ClockServer> {
  if (await healthy()) throw new Error(`port ${clockPorts.api} is taken by another server`);
  const output: string[] = [];
  const child: ChildProcess = spawn('node', ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      APP_ENV: 'local',
      TEST_CLOCK: 'true',
      SERVE_APPS: 'true',
      APPS_DIST_DIR: root,
      HOST: '127.0.0.1',
      PORT: String(clockPorts.api),
      WEB_PORT: String(clockPorts.web),
      ADMIN_PORT: String(clockPorts.admin),
      LANDING_PORT: String(clockPorts.landing),
      SMTP_SIMULATOR_PORT: String(clockPorts.smtp),
      WHATSAPP_SIMULATOR_PORT: String(clockPorts.whatsapp),
      TELEGRAM_SIMULATOR_PORT: String(clockPorts.telegram),
      OUTBOX_PORT: String(clockPorts.outbox),
      GOOGLE_SIMULATOR_PORT: String(clockPorts.google),
      FAWRY_SIMULATOR_PORT: String(clockPorts.fawry),
      PAYMOB_SIMULATOR_PORT: String(clockPorts.paymob),
      PGLITE_DIR: 'memory://',
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_TRUSTED_ADDRESSES: '127.0.0.1',
      CORS_ORIGINS: Object.values(clockUrls).join(','),
    },
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 150_000;
  while (!(await healthy())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the clock server did not start:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    async set(instant) {
      const answer = await fetch(`${clockUrls.api}/test/clock`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ now: instant.toISOString() }),
      });
      if (!answer.ok) throw new Error(`PUT /test/clock answered ${answer.status}`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
