import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { isWebUrl, webOriginFor, webOrigins } from '../../src/http/origins';
import { checkoutResultUrl } from '../../src/modules/payments/urls';
import type { FastifyRequest } from 'fastify';

const local = loadConfig({ APP_ENV: 'local' }, '/repo');

describe('the web app origins payments may send a browser back to', () => {
  it('are localhost and 127.0.0.1 on the web port when no public URL is set', () => {
    expect(webOrigins(local)).toEqual(['http://localhost:4100', 'http://127.0.0.1:4100']);
    expect(isWebUrl(local, 'http://127.0.0.1:4100/checkout/2/1')).toBe(true);
    // The admin app, another host, or something that is not a URL: no.
    expect(isWebUrl(local, 'http://localhost:4200/checkout/2/1')).toBe(false);
    expect(isWebUrl(local, 'https://evil.example/checkout')).toBe(false);
    expect(isWebUrl(local, 'javascript:alert(1)')).toBe(false);
  });

  it('are only PUBLIC_WEB_URL when it is set', () => {
    const deployed = { ...local, publicUrls: { web: 'https://app.talaqa.example' } };
    expect(webOrigins(deployed)).toEqual(['https://app.talaqa.example']);
    expect(isWebUrl(deployed, 'http://localhost:4100/x')).toBe(false);
  });

  it('follow the browser’s own origin when it is ours', () => {
    const from = (origin: string) => ({ headers: { origin } }) as unknown as FastifyRequest;
    expect(webOriginFor(local, from('http://127.0.0.1:4100'))).toBe('http://127.0.0.1:4100');
    expect(webOriginFor(local, from('https://evil.example'))).toBe('http://localhost:4100');
  });

  it('name the checkout page of a transaction', () => {
    expect(checkoutResultUrl('http://localhost:4100', { id: 7, planId: 2, period: 1 })).toBe(
      'http://localhost:4100/checkout/2/1?tx=7',
    );
  });
});
