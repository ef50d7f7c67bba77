import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@talaqa/domain';
import { TEST_CLOCK_PATH } from '../../src/test-clock';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * The test clock of record 334: a browser journey moves the business clock through
 * PUT /test/clock; without TEST_CLOCK (the default) there is no such route.
 */

const LATER = '2030-03-05T17:31:00.000Z';

describe('without TEST_CLOCK', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server.close());

  it('has no clock to move', async () => {
    const moved = await fetch(`${server.baseUrl}${TEST_CLOCK_PATH}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: LATER }),
    });
    expect(moved.status).toBe(404);
    expect(server.app.clock.now().getUTCFullYear()).toBeLessThan(2030);
  });
});

describe('with TEST_CLOCK', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ testClock: true });
  }, 120_000);
  afterAll(() => server.close());

  it('moves the business clock and the Date header with it', async () => {
    const moved = await fetch(`${server.baseUrl}${TEST_CLOCK_PATH}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: LATER }),
    });
    expect(moved.status).toBe(200);
    const now = server.app.clock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(Date.parse(LATER));
    expect(now).toBeLessThan(Date.parse(LATER) + 60_000);
    const health = await fetch(`${server.baseUrl}${API_PREFIX}/health`);
    expect(Date.parse(health.headers.get('date') ?? '')).toBeGreaterThanOrEqual(
      Date.parse(LATER) - 1000,
    );
  });

  it('refuses an instant that is not one', async () => {
    const refused = await fetch(`${server.baseUrl}${TEST_CLOCK_PATH}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: 'tomorrow' }),
    });
    expect(refused.status).toBe(400);
  });
});
