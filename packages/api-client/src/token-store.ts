/**
 * The client-side session of spec sections 3 and 4: the auth token and the current user.
 *
 * Both live under `STORAGE_KEYS` in one of two storages, chosen by remember-me (default
 * `REMEMBER_ME_DEFAULT`, true): the persistent storage (`localStorage`) when remembered, the
 * per-tab storage (`sessionStorage`) otherwise; either falls back to memory when unavailable.
 * They are loaded once, at creation; afterwards the in-memory copy is the source of truth and
 * storage only persists it.
 */
import { REMEMBER_ME_DEFAULT, STORAGE_KEYS } from '@talaqa/domain';
import { decodeBase64Utf8, encodeBase64Utf8 } from './base64';
import { browserStorage, createMemoryStorage, safeGet, safeRemove, safeSet } from './storage';
import type { AuthTokenPayload, StoredAuthToken, StoredUser } from './types';

export interface TokenStoreOptions {
  /** Storage used when remember-me is on. Default: `localStorage`, else memory. */
  storage?: Storage | null;
  /** Storage used when remember-me is off. Default: `sessionStorage`, else memory. */
  sessionStorage?: Storage | null;
  /** Current time in epoch milliseconds (UTC). Default: `Date.now`. */
  now?: () => number;
}

export interface RememberOption {
  /** Keep the session across browser restarts. Default: the store's current choice. */
  remember?: boolean;
}

export interface TokenStore {
  /** Where the session is kept: true = persistent storage, false = per-tab storage. */
  readonly remember: boolean;
  /** Moves the token and the user to the storage that matches `remember`. */
  setRemember(remember: boolean): void;

  /** The current token, or null. */
  get(): StoredAuthToken | null;
  set(token: StoredAuthToken, options?: RememberOption): void;
  setBearer(value: string, options?: RememberOption): void;
  /** Stores Basic credentials as base64 of the UTF-8 bytes of `username:password`. */
  setBasic(username: string, password: string, options?: RememberOption): void;
  /** Removes the token (the stored user stays). */
  remove(): void;
  /** Reads the token and user again from storage (e.g. after another tab signed in). */
  reload(): void;

  /**
   * True when there is no usable token: none at all, or a bearer whose `exp` is before now, or
   * a bearer that cannot be decoded. Basic credentials never expire.
   */
  isExpired(): boolean;
  /** A token exists and is unexpired: private requests are allowed. */
  isValid(): boolean;
  /** The decoded bearer payload, or null (no bearer, or undecodable). */
  payload(): AuthTokenPayload | null;
  /** The bearer token value when it is valid, else null (for the realtime channel). */
  bearerToken(): string | null;
  /** `Bearer <value>` or `Basic <base64>` for the current token (expired or not), or null. */
  authorizationHeader(): string | null;

  saveUser(user: StoredUser, options?: RememberOption): void;
  loadUser<U extends StoredUser = StoredUser>(): U | null;
  clearUser(): void;
  /** Clears the token and the user. */
  logout(): void;

  /** Called after every change of the token or the user; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

function isStoredAuthToken(value: unknown): value is StoredAuthToken {
  if (typeof value !== 'object' || value === null) return false;
  const { type, value: tokenValue } = value as Record<string, unknown>;
  return (type === 'Bearer' || type === 'Basic') && typeof tokenValue === 'string' && !!tokenValue;
}

function isStoredUser(value: unknown): value is StoredUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).id === 'number'
  );
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The claims of a compact JWS (`header.payload.signature`), or null when undecodable. */
export function decodeJwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Utf8(parts[1]));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The spec's token payload `{id, iat, exp}`, or null when the token lacks any of them. */
export function decodeAuthTokenPayload(token: string): AuthTokenPayload | null {
  const claims = decodeJwtClaims(token);
  if (!claims) return null;
  const { id, iat, exp } = claims;
  if (typeof id !== 'number' || typeof iat !== 'number' || typeof exp !== 'number') return null;
  return { id, iat, exp };
}

/** True when the bearer token has no numeric `exp` or its `exp` (unix seconds) is before `nowMs`. */
export function isJwtExpired(token: string, nowMs: number): boolean {
  const exp = decodeJwtClaims(token)?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return true;
  return exp * 1000 < nowMs;
}

export function basicCredentials(username: string, password: string): string {
  return encodeBase64Utf8(`${username}:${password}`);
}

export function createTokenStore(options: TokenStoreOptions = {}): TokenStore {
  const persistent =
    options.storage ??
    (options.storage === undefined ? browserStorage('localStorage') : null) ??
    createMemoryStorage();
  const perTab =
    options.sessionStorage ??
    (options.sessionStorage === undefined ? browserStorage('sessionStorage') : null) ??
    createMemoryStorage();
  const now = options.now ?? (() => Date.now());
  const listeners = new Set<() => void>();

  let remember = REMEMBER_ME_DEFAULT;
  let token: StoredAuthToken | null = null;
  let user: StoredUser | null = null;

  const target = () => (remember ? persistent : perTab);
  const other = () => (remember ? perTab : persistent);
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  function write(key: string, value: unknown): void {
    if (value === null) safeRemove(target(), key);
    else safeSet(target(), key, JSON.stringify(value));
    if (persistent !== perTab) safeRemove(other(), key);
  }

  function load(): void {
    const read = (storage: Storage, key: string) => parseJson(safeGet(storage, key));
    const tokenIn = (storage: Storage) => {
      const value = read(storage, STORAGE_KEYS.authToken);
      return isStoredAuthToken(value) ? value : null;
    };
    const userIn = (storage: Storage) => {
      const value = read(storage, STORAGE_KEYS.currentUser);
      return isStoredUser(value) ? value : null;
    };
    // Where the session was found decides remember-me: the token first, else the user.
    const persistentToken = tokenIn(persistent);
    const perTabToken = persistentToken ? null : tokenIn(perTab);
    if (persistentToken) remember = true;
    else if (perTabToken) remember = false;
    else if (userIn(persistent)) remember = true;
    else if (userIn(perTab)) remember = false;
    else remember = REMEMBER_ME_DEFAULT;
    token = persistentToken ?? perTabToken;
    user = userIn(target());
  }

  function setRemember(next: boolean): void {
    if (next === remember) return;
    remember = next;
    write(STORAGE_KEYS.authToken, token);
    write(STORAGE_KEYS.currentUser, user);
  }

  function set(next: StoredAuthToken, opts?: RememberOption): void {
    if (!isStoredAuthToken(next)) throw new TypeError('Invalid auth token');
    if (opts?.remember !== undefined) setRemember(opts.remember);
    token = { type: next.type, value: next.value };
    write(STORAGE_KEYS.authToken, token);
    notify();
  }

  function isExpired(): boolean {
    if (!token) return true;
    if (token.type === 'Basic') return false;
    return isJwtExpired(token.value, now());
  }

  load();

  return {
    get remember() {
      return remember;
    },
    setRemember,
    get: () => (token ? { ...token } : null),
    set,
    setBearer: (value, opts) => set({ type: 'Bearer', value }, opts),
    setBasic: (username, password, opts) =>
      set({ type: 'Basic', value: basicCredentials(username, password) }, opts),
    remove() {
      if (!token) return;
      token = null;
      write(STORAGE_KEYS.authToken, null);
      notify();
    },
    reload() {
      load();
      notify();
    },
    isExpired,
    isValid: () => !isExpired(),
    payload: () => (token?.type === 'Bearer' ? decodeAuthTokenPayload(token.value) : null),
    bearerToken: () => (token?.type === 'Bearer' && !isExpired() ? token.value : null),
    authorizationHeader: () => (token ? `${token.type} ${token.value}` : null),
    saveUser(next, opts) {
      if (!isStoredUser(next)) throw new TypeError('A stored user needs a numeric id');
      if (opts?.remember !== undefined) setRemember(opts.remember);
      user = next;
      write(STORAGE_KEYS.currentUser, user);
      notify();
    },
    loadUser: <U extends StoredUser = StoredUser>() => (user ? ({ ...user } as U) : null),
    clearUser() {
      user = null;
      write(STORAGE_KEYS.currentUser, null);
      notify();
    },
    logout() {
      token = null;
      user = null;
      write(STORAGE_KEYS.authToken, null);
      write(STORAGE_KEYS.currentUser, null);
      remember = REMEMBER_ME_DEFAULT;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
