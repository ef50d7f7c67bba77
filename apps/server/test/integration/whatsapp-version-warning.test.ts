import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../../src/config';
import { startProviders } from '../../src/providers';
import { testRedisUrl } from './helpers';

/**
 * Issue 16, item 2: starting the server with a Graph API version near its end logs a warning.
 * The unit test checks the warning's words; this one checks start-up actually logs it, through
 * the providers the server starts with (simulators on free ports) and a real pino logger.
 */

/** A pino logger whose lines are kept, parsed. */
function capturingLogger() {
  const lines: { level: number; msg: string; integration?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as { level: number; msg: string; integration?: string });
      }
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const configured = (version: string) =>
  loadConfig({
    APP_ENV: 'local',
    LOG_LEVEL: 'silent',
    PGLITE_DIR: 'memory://',
    REDIS_URL: testRedisUrl,
    SIMULATORS: 'true',
    WHATSAPP_PHONE_NUMBER_ID: '1',
    WHATSAPP_ACCESS_TOKEN: 't',
    WHATSAPP_APP_SECRET: 's',
    WHATSAPP_VERIFY_TOKEN: 'verify-token-of-ours',
    WHATSAPP_API_VERSION: version,
  });

const FREE_PORTS = { smtp: 0, whatsapp: 0, telegram: 0, outbox: 0, google: 0, fawry: 0, paymob: 0 };

/** The warnings logged while the providers start on `day` with `version`. */
async function warningsAtStart(version: string, day: string) {
  // Only the clock is faked: the simulators' servers and sockets keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${day}T09:00:00Z`) });
  const { logger, lines } = capturingLogger();
  const running = await startProviders(configured(version), logger, FREE_PORTS);
  await running.close();
  return lines.filter((line) => line.level === 40 && line.integration === 'whatsapp');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Graph API version at start', () => {
  it('warns at start when the configured version ends within 90 days', async () => {
    const warnings = await warningsAtStart('v21.0', '2026-12-01');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/v21\.0 stops working/);
  });

  it('says nothing for a version far from its end', async () => {
    expect(await warningsAtStart('v21.0', '2026-06-01')).toEqual([]);
  });
});
