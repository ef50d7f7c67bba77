import { afterEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_LIMIT } from '../../src/modules/payments/routes';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * TRUST_PROXY (docs/decisions/240-trusted-proxies.md): behind the load balancer every request
 * comes from the balancer's address, so only a trusted peer's X-Forwarded-For may name the
 * client; a forged header from anyone else is ignored. Shown on a per-address limit, the Fawry
 * notification's (an unsigned body is refused with 400 and counted).
 */

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const BODY = JSON.stringify({ merchantRefNumber: '1', signature: '0' });

async function notify(forwardedFor: string): Promise<number> {
  if (!server) throw new Error('no server');
  const response = await fetch(`${server.baseUrl}/api/v1/fawry/notification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: BODY,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Sends the whole per-address budget, each from the address `from(i)` says, 20 at a time. */
async function spend(from: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < NOTIFICATION_LIMIT.max; start += 20) {
    const batch = Array.from({ length: Math.min(20, NOTIFICATION_LIMIT.max - start) }, (_, j) =>
      notify(from(start + j)),
    );
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

describe('trusted proxies', () => {
  it('counts the client named by a trusted balancer, each client apart', async () => {
    // The test's requests come from loopback: here that is the balancer.
    server = await startTestServer({ trustProxy: ['127.0.0.1', '::1'], trustedAddresses: [] });
    // The balancer appends the peer it saw; what the client wrote before that is not believed.
    const statuses = await spend((i) => `198.51.100.${i % 200}, 203.0.113.7`);
    expect(statuses.every((status) => status === 400)).toBe(true);
    expect(await notify('203.0.113.7')).toBe(429);
    // Another client behind the same balancer has its own budget.
    expect(await notify('203.0.113.8')).toBe(400);
    expect(await notify('198.51.100.1, 203.0.113.8')).toBe(400);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    // Trusted: a balancer elsewhere; loopback is an ordinary client forging the header.
    server = await startTestServer({ trustProxy: ['10.0.0.0/8'], trustedAddresses: [] });
    const statuses = await spend((i) => `203.0.113.${i % 250}`);
    expect(statuses.every((status) => status === 400)).toBe(true);
    expect(await notify('192.0.2.99')).toBe(429);
  });
});
