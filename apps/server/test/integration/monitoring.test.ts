import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@talaqa/domain';
import { jobs } from '../../src/db/schema';
import { startTestServer, testDriver, testRedisUrl } from './helpers';
import type { TestServer } from './helpers';

/**
 * GET /metrics (issue 23, "Running it for real"; docs/deploy.md): Prometheus text for the bearer
 * of METRICS_TOKEN only, and not served at all without one.
 */

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/** One sample's value from the Prometheus text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ metricsToken: undefined });
  });
  afterAll(() => server.close());

  it('serves no metrics, whatever the caller sends', async () => {
    const response = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(404);
  });
});

describe('with METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ metricsToken: TOKEN, version: 'test-build-7' });
  });
  afterAll(() => server.close());

  const scrape = (authorization?: string) =>
    fetch(`${server.baseUrl}/metrics`, {
      headers: authorization ? { authorization } : {},
    });

  it('refuses a caller without the token or with another one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, 'Bearer ']) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.text()).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route template and status, never by raw URL', async () => {
    await fetch(`${server.baseUrl}${API_PREFIX}/health`);
    await fetch(`${server.baseUrl}${API_PREFIX}/user/tutor/info/987654`);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(
      sample(text, `http_requests_total{method="GET",route="${API_PREFIX}/health",status="200"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain(`route="${API_PREFIX}/user/tutor/info/:id",status="404"`);
    expect(text).not.toContain('987654');
    expect(text).toContain(
      `http_request_duration_seconds_bucket{le="0.005",method="GET",route="${API_PREFIX}/health"}`,
    );
  });

  it("tells the build, Node's own figures and the dependencies' state", async () => {
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(text, 'talaqa_build_info{version="test-build-7"}')).toBe(1);
    expect(sample(text, 'talaqa_database_up')).toBe(1);
    expect(sample(text, 'talaqa_sockets_connected')).toBe(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    if (testDriver === 'postgres') {
      expect(sample(text, 'talaqa_database_pool_connections{state="max"}')).toBe(10);
    } else {
      expect(text).not.toContain('talaqa_database_pool_connections{');
    }
    if (testRedisUrl) expect(sample(text, 'talaqa_redis_up')).toBe(1);
    else expect(sample(text, 'talaqa_redis_up')).toBeUndefined();
  });

  it('counts the durable jobs due, scheduled and given up', async () => {
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const due = sample(before, 'talaqa_jobs{state="due"}') ?? 0;
    const scheduled = sample(before, 'talaqa_jobs{state="scheduled"}') ?? 0;
    const givenUp = sample(before, 'talaqa_jobs{state="given_up"}') ?? 0;
    const now = Date.now();
    await server.app.database.db.insert(jobs).values([
      // A kind no handler knows stays due: the runner only claims kinds it has.
      { kind: 'metrics-test-due', runAt: new Date(now - 60_000) },
      { kind: 'metrics-test-later', runAt: new Date(now + 3_600_000) },
      {
        kind: 'metrics-test-failed',
        runAt: new Date(now - 60_000),
        attempts: 5,
        maxAttempts: 5,
        canceledAt: new Date(now),
        lastError: 'provider down',
      },
    ]);
    const after = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(after, 'talaqa_jobs{state="due"}')).toBe(due + 1);
    expect(sample(after, 'talaqa_jobs{state="scheduled"}')).toBe(scheduled + 1);
    expect(sample(after, 'talaqa_jobs{state="given_up"}')).toBe(givenUp + 1);
  });
});
