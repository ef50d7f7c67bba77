import { REMEMBER_ME_DEFAULT, STORAGE_KEYS } from '@talaqa/domain';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createTokenStore, decodeAuthTokenPayload } from '../src/index';
import { NOW_MS, NOW_S, jwtFor, makeJwt } from './helpers';

function setup(initialLocal?: Record<string, string>, initialSession?: Record<string, string>) {
  const local = createMemoryStorage(initialLocal);
  const session = createMemoryStorage(initialSession);
  const store = createTokenStore({ storage: local, sessionStorage: session, now: () => NOW_MS });
  return { local, session, store };
}

describe('token store: storage keys and remember-me', () => {
  it('remembers by default: the token goes to the persistent storage under the auth-token key', () => {
    expect(REMEMBER_ME_DEFAULT).toBe(true);
    const { local, session, store } = setup();
    expect(store.remember).toBe(true);
    const token = jwtFor(7);
    store.setBearer(token);
    expect(JSON.parse(local.getItem(STORAGE_KEYS.authToken) ?? 'null')).toEqual({
      type: 'Bearer',
      value: token,
    });
    expect(session.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('remember=false keeps token and user in the per-tab storage only', () => {
    const { local, session, store } = setup();
    store.saveUser({ id: 7 });
    store.setBearer(jwtFor(7), { remember: false });
    expect(store.remember).toBe(false);
    expect(local.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(local.getItem(STORAGE_KEYS.currentUser)).toBeNull();
    expect(session.getItem(STORAGE_KEYS.authToken)).not.toBeNull();
    expect(JSON.parse(session.getItem(STORAGE_KEYS.currentUser) ?? 'null')).toEqual({ id: 7 });
  });

  it('loads the token at start, and remember follows where it was found', () => {
    const token = jwtFor(3);
    const stored = JSON.stringify({ type: 'Bearer', value: token });
    const fromLocal = setup({ [STORAGE_KEYS.authToken]: stored }).store;
    expect(fromLocal.get()).toEqual({ type: 'Bearer', value: token });
    expect(fromLocal.remember).toBe(true);
    const fromSession = setup(undefined, { [STORAGE_KEYS.authToken]: stored }).store;
    expect(fromSession.get()?.value).toBe(token);
    expect(fromSession.remember).toBe(false);
  });

  it('ignores malformed stored values', () => {
    const { store } = setup({
      [STORAGE_KEYS.authToken]: '{"type":"Digest","value":"x"}',
      [STORAGE_KEYS.currentUser]: 'not json',
    });
    expect(store.get()).toBeNull();
    expect(store.loadUser()).toBeNull();
  });

  it('falls back to memory when no storage is available', () => {
    const store = createTokenStore({ storage: null, sessionStorage: null, now: () => NOW_MS });
    store.setBearer(jwtFor(1));
    expect(store.isValid()).toBe(true);
  });

  it('set, remove, and the current user with saveUser/loadUser/clearUser; logout clears both', () => {
    const { local, store } = setup();
    store.setBearer(jwtFor(9));
    store.saveUser({ id: 9, name: 'سارة' });
    expect(store.loadUser()).toEqual({ id: 9, name: 'سارة' });
    expect(JSON.parse(local.getItem(STORAGE_KEYS.currentUser) ?? 'null')).toEqual({
      id: 9,
      name: 'سارة',
    });
    store.clearUser();
    expect(store.loadUser()).toBeNull();
    expect(store.get()).not.toBeNull();
    store.saveUser({ id: 9 });
    store.remove();
    expect(store.get()).toBeNull();
    expect(local.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(store.loadUser()).toEqual({ id: 9 });
    store.setBearer(jwtFor(9));
    store.logout();
    expect(store.get()).toBeNull();
    expect(store.loadUser()).toBeNull();
    expect(local.length).toBe(0);
  });

  it('notifies subscribers of changes', () => {
    const { store } = setup();
    let changes = 0;
    const off = store.subscribe(() => changes++);
    store.setBearer(jwtFor(1));
    store.remove();
    off();
    store.setBearer(jwtFor(1));
    expect(changes).toBe(2);
  });
});

describe('token store: Authorization header', () => {
  it('Bearer uses the token value', () => {
    const { store } = setup();
    const token = jwtFor(5);
    store.setBearer(token);
    expect(store.authorizationHeader()).toBe(`Bearer ${token}`);
    expect(store.bearerToken()).toBe(token);
  });

  it('Basic is base64 of username:password', () => {
    const { store } = setup();
    store.setBasic('Aladdin', 'open sesame');
    expect(store.authorizationHeader()).toBe('Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==');
    expect(store.get()).toEqual({ type: 'Basic', value: 'QWxhZGRpbjpvcGVuIHNlc2FtZQ==' });
    expect(store.bearerToken()).toBeNull();
  });

  it('Basic encodes non-ASCII characters as UTF-8', () => {
    const { store } = setup();
    store.setBasic('مستخدم@طلاقة.مصر', 'كلمة-سرّ 🔑');
    const expected = Buffer.from('مستخدم@طلاقة.مصر:كلمة-سرّ 🔑', 'utf8').toString('base64');
    expect(store.authorizationHeader()).toBe(`Basic ${expected}`);
  });

  it('no token, no header', () => {
    expect(setup().store.authorizationHeader()).toBeNull();
  });
});

describe('token store: expiry', () => {
  it('a bearer is expired when exp (unix seconds) is before the current UTC time', () => {
    const { store } = setup();
    store.setBearer(jwtFor(1, 60));
    expect(store.isExpired()).toBe(false);
    expect(store.isValid()).toBe(true);
    store.setBearer(jwtFor(1, -1));
    expect(store.isExpired()).toBe(true);
    expect(store.isValid()).toBe(false);
    expect(store.bearerToken()).toBeNull();
    store.setBearer(makeJwt({ id: 1, iat: NOW_S - 10, exp: NOW_S }));
    expect(store.isExpired()).toBe(false);
  });

  it('an undecodable bearer counts as expired; no token counts as expired; Basic never expires', () => {
    const { store } = setup();
    expect(store.isExpired()).toBe(true);
    for (const bad of ['garbage', 'a.b.c', 'a.!!!.c', makeJwt({ id: 1 }), makeJwt({ exp: 'x' })]) {
      store.setBearer(bad);
      expect(store.isExpired()).toBe(true);
    }
    store.setBasic('u', 'p');
    expect(store.isExpired()).toBe(false);
  });

  it('decodes the payload {id, iat, exp}, base64url and UTF-8 included', () => {
    const token = makeJwt({ id: 42, iat: NOW_S, exp: NOW_S + 5, name: 'أحمد ؟؟>>' });
    expect(decodeAuthTokenPayload(token)).toEqual({ id: 42, iat: NOW_S, exp: NOW_S + 5 });
    const { store } = setup();
    store.setBearer(token);
    expect(store.payload()).toEqual({ id: 42, iat: NOW_S, exp: NOW_S + 5 });
  });
});
