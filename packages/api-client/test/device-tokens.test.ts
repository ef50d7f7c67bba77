import { DEVICE_TOKENS_KEPT, STORAGE_KEYS } from '@talaqa/domain';
import { describe, expect, it } from 'vitest';
import { createDeviceTokenStore, createMemoryStorage, createTokenStore } from '../src/index';
import { jwtFor } from './helpers';

describe('device token store (issue 15)', () => {
  it('keeps one token per e-mail, whatever its case, under its own key', () => {
    const storage = createMemoryStorage();
    const store = createDeviceTokenStore({ storage });
    store.save('Owner@Example.com', 'one');
    store.save('other@example.com', 'two');
    expect(store.get(' owner@example.COM ')).toBe('one');
    store.save('owner@example.com', 'three');
    expect(store.get('owner@example.com')).toBe('three');
    expect(store.get('nobody@example.com')).toBeUndefined();
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.deviceTokens) ?? '[]')).toEqual([
      ['other@example.com', 'two'],
      ['owner@example.com', 'three'],
    ]);
  });

  it('keeps only the most recently used accounts', () => {
    const store = createDeviceTokenStore({ storage: createMemoryStorage() });
    for (let i = 0; i <= DEVICE_TOKENS_KEPT; i += 1) store.save(`p${i}@example.com`, `t${i}`);
    expect(store.get('p0@example.com')).toBeUndefined();
    expect(store.get(`p${DEVICE_TOKENS_KEPT}@example.com`)).toBe(`t${DEVICE_TOKENS_KEPT}`);
    expect(store.get('p1@example.com')).toBe('t1');
  });

  it('survives sign-out and ignores a damaged entry', () => {
    const storage = createMemoryStorage();
    const store = createDeviceTokenStore({ storage });
    store.save('owner@example.com', 'kept');
    const tokens = createTokenStore({ storage, sessionStorage: createMemoryStorage() });
    tokens.setBearer(jwtFor(7));
    tokens.logout();
    expect(store.get('owner@example.com')).toBe('kept');
    storage.setItem(STORAGE_KEYS.deviceTokens, '{not json');
    expect(store.get('owner@example.com')).toBeUndefined();
    store.save('owner@example.com', 'again');
    expect(store.get('owner@example.com')).toBe('again');
  });
});
