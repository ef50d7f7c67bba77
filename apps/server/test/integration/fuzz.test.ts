/**
 * Every endpoint fuzzed (issue 17, item 4). For each contract in ENDPOINTS, as a stranger, as a
 * stranger with a forged token and as each of the six roles, the test sends requests generated
 * from the contract's schemas: valid ones and hostile ones (boundary numbers and ids of 2^31 and
 * more, NUL and control characters, 10k-character and Arabic text, wrong types, missing and extra
 * fields, huge pages, `%00` and `..` in paths; see test/fuzz/). It passes when no answer is a
 * server fault (5xx), every success has a status the contract declares and a body its schema
 * reads, every error is `{ code, message }` with a catalogue code and that code's status, and a
 * caller the access rule refuses gets 401 or 403 before anything else.
 *
 * Seeded and bounded for CI. Switches (environment):
 *   FUZZ_RUNS=n  requests per endpoint and admitted caller (default 6; refused callers: a third,
 *                at least 2)
 *   FUZZ_SEED=s  the base seed (default 17); a failure report names it, so a run can be repeated
 *   FUZZ_ONLY=t  only the endpoints whose "METHOD /path" contains t
 * e.g. `FUZZ_RUNS=200 FUZZ_SEED=$RANDOM TEST_DB=pglite npx vitest run --project integration
 * apps/server/test/integration/fuzz.test.ts`. More in test/fuzz/README.md.
 *
 * The requests meet a small world (test/fuzz/world.ts: tutors, subscribed students, lessons) at
 * a fixed "now", so answers that carry data are checked too. The runner, the arbitraries and the
 * verdict are in test/fuzz/.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_PREFIX, ENDPOINTS, Role, endpoint, idParamsSchema, rolesOnly } from '@talaqa/domain';
import type { App } from '../../src/app';
import { serve } from '../../src/http/endpoint';
import { CALLERS, fuzzEndpoint, keyOf } from '../fuzz/runner';
import type { FuzzSettings } from '../fuzz/runner';
import { buildWorld } from '../fuzz/world';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

const settings: FuzzSettings = {
  runs: positive(process.env.FUZZ_RUNS, 6),
  seed: positive(process.env.FUZZ_SEED, 17),
};
const ONLY = process.env.FUZZ_ONLY ?? '';

function positive(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * A broken endpoint, to show the fuzzer finds faults: a negative `n` throws, a positive one
 * answers a shape its contract does not allow (the serializer refuses it: 500 too). Served on
 * this test's server only, never in ENDPOINTS.
 */
const probe = endpoint({
  method: 'POST',
  path: '/test/fuzz-probe/:id',
  summary: 'A broken endpoint for the fuzzer to find',
  access: rolesOnly(Role.Student),
  params: idParamsSchema,
  body: z.object({ n: z.number().int() }),
  responses: { 200: z.object({ n: z.number() }) },
});

async function serveProbe(app: App): Promise<void> {
  await app.register(
    async (api) =>
      serve(api, probe, async (request) => {
        const { n } = request.body;
        if (n < 0) throw new Error('a bug');
        return n > 0 ? ({ n: 'many' } as unknown as { n: number }) : { n };
      }),
    { prefix: API_PREFIX },
  );
}

let server: TestServer;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'talaqa-fuzz-'));
  server = await startTestServer({ uploadsDir }, { beforeReady: serveProbe });
  settings.world = await buildWorld(server);
});
afterAll(async () => {
  await server?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const endpoints = ENDPOINTS.filter((endpoint) => keyOf(endpoint).includes(ONLY));
const { runs, seed } = settings;

describe(`every endpoint, fuzzed (FUZZ_SEED=${seed} FUZZ_RUNS=${runs})`, () => {
  it('walks every contract', () => {
    expect(endpoints.length).toBeGreaterThan(0);
  });

  it('finds the faults of a broken endpoint, and nothing else', async () => {
    const wrong = await fuzzEndpoint(server, probe, { runs: 30, seed });
    expect(wrong.some((line) => /body \{"n":-\d+\}/.test(line))).toBe(true);
    expect(wrong.some((line) => /body \{"n":[1-9]\d*\}/.test(line))).toBe(true);
    expect(wrong.every((line) => line.startsWith('role 4: server fault 500'))).toBe(true);
  });

  it.each(endpoints.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
    '%s',
    async (key, endpoint) => {
      const wrong = await fuzzEndpoint(server, endpoint, settings);
      expect(wrong, `${key}: repeat with FUZZ_SEED=${seed} FUZZ_ONLY='${key}'`).toEqual([]);
    },
    // Generous: a slow endpoint (password hashing, a payment simulator) times the runs.
    30_000 + runs * CALLERS.length * 500,
  );
});
