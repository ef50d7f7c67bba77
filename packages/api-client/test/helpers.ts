/** Test helpers: JWTs, an injectable fake fetch and JSON responses. No mocking library needed. */

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** An unsigned JWT with the given payload (the client never verifies signatures). */
export function makeJwt(payload: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(
    JSON.stringify(payload),
  )}.signature`;
}

export const NOW_MS = Date.UTC(2025, 0, 15, 12, 0, 0);
export const NOW_S = NOW_MS / 1000;

/** A bearer token for user `id` that expires `inSeconds` after NOW_MS (negative: expired). */
export function jwtFor(id: number, inSeconds = 3600): string {
  return makeJwt({ id, iat: NOW_S - 60, exp: NOW_S + inSeconds });
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  init: RequestInit;
}

export function fakeFetch(
  handler: (call: FetchCall) => Response | Promise<Response> = () => json({}),
): { fetch: typeof fetch; calls: FetchCall[] } {
  const calls: FetchCall[] = [];
  const fn: typeof fetch = async (input, init = {}) => {
    const call: FetchCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      init,
    };
    calls.push(call);
    return handler(call);
  };
  return { fetch: fn, calls };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
