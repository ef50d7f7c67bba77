import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveApiUrl, resolveWebUrl, runtimeConfig } from '../src/runtime-config';

describe('runtime config', () => {
  beforeEach(() => {
    globalThis.location = { protocol: 'http:', hostname: 'example.test' } as Location;
  });
  afterEach(() => {
    delete globalThis.__TALAQA_CONFIG__;
    delete (globalThis as { location?: Location }).location;
  });

  it('prefers the served runtime config over the build-time URL', () => {
    globalThis.__TALAQA_CONFIG__ = { apiUrl: 'http://api.test:4900', webUrl: 'http://web.test' };
    expect(resolveApiUrl('http://built.test')).toBe('http://api.test:4900');
    expect(resolveWebUrl('http://built.test')).toBe('http://web.test');
  });

  it('falls back to the build-time URL, then to this host on the local ports', () => {
    expect(runtimeConfig()).toEqual({});
    expect(resolveApiUrl('http://built.test')).toBe('http://built.test');
    expect(resolveApiUrl()).toBe('http://example.test:4000');
    expect(resolveWebUrl()).toBe('http://example.test:4100');
  });
});
