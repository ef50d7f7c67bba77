/**
 * The typed client for `/api/v1` (spec sections 4, 6 and 7). Its public surface reaches endpoints
 * only through their contracts (`call`, `uploadTo`); the path-taking transport below stays inside
 * (docs/decisions/248-client-calls-only-contracts.md).
 *
 * - Every request sends cookies (`credentials: 'include'`) and `Accept: application/json`;
 *   bodies are JSON unless they are FormData, URLSearchParams, Blob or binary.
 * - Authorization is added only while the stored token is valid (exists and unexpired).
 * - A request marked `private` without a valid token never reaches the network: it behaves as a
 *   401 answer (the session is marked invalid) and rejects with `ApiError('unauthenticated', 401)`.
 * - One refresh per session: the first request (or `refreshSession()`) runs
 *   `API.auth.refreshToken` when a valid bearer token exists; every request of the moment waits
 *   for it; it never runs again on this client. It goes through the route standing for the
 *   contract, so this module loads no schema
 *   (docs/decisions/308-first-load-without-schemas.md).
 */
import { API_ROUTES, isErrorCode, pathOf } from '@talaqa/domain';
import type { ErrorBody, ErrorCode } from '@talaqa/domain';
import type { Callable, EndpointDefinition, ResponseOf } from '@talaqa/domain';
import { ApiError, NetworkError, isAbortError } from './errors';
import { ContractViolation, callEndpoint, checkAnswer, uploadToEndpoint } from './endpoint-call';
import type { CallArgs, UploadToArgs } from './endpoint-call';
import { clientLog } from './logger';
import { buildApiUrl } from './query';
import type { QueryParams } from './query';
import { createTokenStore } from './token-store';
import type { TokenStore } from './token-store';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ResponseType = 'json' | 'text' | 'blob';

export interface RequestOptions {
  /** Query parameters: arrays repeat the key, `undefined` and `null` are skipped. */
  query?: QueryParams;
  /** Extra headers; an explicit `Authorization` here wins over the stored token. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Requires a valid token; without one the call rejects before reaching the network. */
  private?: boolean;
  /** Sent as the `Idempotency-Key` header. */
  idempotencyKey?: string;
  /** How to read a successful answer. Default 'json' (empty body or 204 -> undefined). */
  responseType?: ResponseType;
  /** Sees the answer's headers (the server's `Date`, say) before its body, whatever its status. */
  onHeaders?: (headers: Headers) => void;
}

export interface RequestWithBodyOptions extends RequestOptions {
  body?: unknown;
}

export interface UploadOptions extends Omit<RequestOptions, 'responseType'> {
  /** Default 'POST'. */
  method?: 'POST' | 'PUT' | 'PATCH';
  /** Upload progress as a fraction in [0, 1]; 1 once the body is fully sent. */
  onProgress?: (fraction: number) => void;
}

/**
 * What the session refresh did: stored a new token ('refreshed'), had nothing to do ('skipped':
 * no valid bearer token), was refused with 401 ('invalid': session marked invalid), or could not
 * complete ('failed': network error, timeout, other error answer; the old token is kept).
 */
export type RefreshOutcome = 'refreshed' | 'skipped' | 'invalid' | 'failed';

export interface XhrProgressEventLike {
  lengthComputable: boolean;
  loaded: number;
  total: number;
}

/** The part of `XMLHttpRequest` the upload uses (injectable for tests). */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  readonly upload: {
    onprogress: ((event: XhrProgressEventLike) => void) | null;
    onload: (() => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  ontimeout: (() => void) | null;
}

export interface ApiClientOptions {
  /** Origin of the API, e.g. 'http://localhost:4000' ('' for same origin). */
  baseUrl: string;
  /** Storage for remembered sessions. Default `localStorage`, else memory. */
  storage?: Storage;
  /** Storage for non-remembered sessions. Default `sessionStorage`, else memory. */
  sessionStorage?: Storage;
  /** Called whenever the session becomes invalid (401 / unauthenticated). Should be idempotent. */
  onSessionInvalid?: () => void;
  fetch?: typeof fetch;
  /** Factory for the upload's XMLHttpRequest. Default `new XMLHttpRequest()`. */
  createXhr?: () => XhrLike;
  /** Use this token store instead of creating one from `storage`/`sessionStorage`. */
  tokens?: TokenStore;
  /** Current time in epoch ms, for token expiry. Default `Date.now`. */
  now?: () => number;
  /** The refresh gives up (keeping the old token) after this long. Default 20000 ms. */
  refreshTimeoutMs?: number;
  /** Read every endpoint's answer through its contract's schema (development and tests). */
  validateResponses?: boolean;
}

/**
 * The client's public surface: endpoints are reached only by their contracts, so no caller
 * writes a path or chooses an answer's type.
 */
export interface ApiClient {
  readonly baseUrl: string;
  readonly tokens: TokenStore;
  /**
   * Calls an endpoint by its contract, `api.call(API.lessons.get, { params: { id } })`, or by the
   * route standing for it, `api.call(API_ROUTES.users.current)` (no schema loaded but to check
   * the answer).
   */
  call<E extends EndpointDefinition>(
    endpoint: Callable<E>,
    ...args: CallArgs<E>
  ): Promise<ResponseOf<E>>;
  /** Uploads a file to an endpoint whose contract declares `upload`, with progress and cancel. */
  uploadTo<E extends EndpointDefinition>(
    endpoint: E,
    formData: FormData,
    ...args: UploadToArgs<E>
  ): Promise<ResponseOf<E>>;
  /** Runs the once-per-session token refresh (or returns the one already run). Never rejects. */
  refreshSession(): Promise<RefreshOutcome>;
  /** Adds a listener like `onSessionInvalid`; returns the function that removes it. */
  addSessionInvalidListener(listener: () => void): () => void;
}

/** The session refresh runs outside `call()`: it is the one request every other one waits for. */
const REFRESH = API_ROUTES.auth.refreshToken;
const DEFAULT_REFRESH_TIMEOUT_MS = 20_000;

interface Prepared {
  headers: Headers;
  /** The token value sent as Authorization, to tell a stale 401 from a current one. */
  sentToken: string | null;
}

/** The token of a refresh answer (`{ token: string }`); any other shape breaks the contract. */
function tokenOf(answer: unknown): string {
  if (isRecord(answer) && typeof answer.token === 'string') return answer.token;
  throw new ContractViolation(REFRESH, [{ path: ['token'], message: 'expected a string' }]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/** Maps an error answer to an ApiError (pure: does not touch the session). */
export function errorFromResponse(status: number, statusText: string, text: string): ApiError {
  const body = parseJson(text);
  const record = isRecord(body) ? body : null;
  let code: ErrorCode;
  if (record && isErrorCode(record.code)) code = record.code;
  else if (status === 401) code = 'unauthenticated';
  else if (status >= 400 && status < 500) code = 'bad-request';
  else code = 'unexpected';
  const message =
    record && typeof record.message === 'string' && record.message
      ? record.message
      : statusText || `Request failed with status ${status}`;
  const fields =
    record && Array.isArray(record.fields) ? (record.fields as ErrorBody['fields']) : undefined;
  return new ApiError(code, status, message, { fields, body });
}

/** 401, or the unauthenticated code, means the session is invalid (spec section 7). */
export const marksSessionInvalid = (error: ApiError): boolean =>
  error.status === 401 || error.code === 'unauthenticated';

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Keeps a failed request in the client's log (docs/decisions/349-client-log.md): the method, the
 * path without its query (which may hold a token), the status and code. A cancelled one is not a
 * failure.
 */
function logFailure(method: string, path: string, error: unknown, signal?: AbortSignal): void {
  if (signal?.aborted || isAbortError(error)) return;
  const where = `[http] ${method} ${path.split('?')[0] ?? ''}`;
  if (error instanceof ApiError) {
    clientLog.record(
      error.status >= 500 ? 'error' : 'warn',
      `${where} answered ${error.status} ${error.code}`,
    );
  } else {
    const reason = error instanceof Error ? error.message : String(error);
    clientLog.record('error', `${where} failed: ${reason}`);
  }
}

function transportError(error: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted || isAbortError(error)) return error;
  return new NetworkError(error);
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl } = options;
  const tokens =
    options.tokens ??
    createTokenStore({
      storage: options.storage,
      sessionStorage: options.sessionStorage,
      now: options.now,
    });
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest() as unknown as XhrLike);
  const refreshTimeoutMs = options.refreshTimeoutMs ?? DEFAULT_REFRESH_TIMEOUT_MS;
  const validateResponses = options.validateResponses ?? false;
  const invalidListeners = new Set<() => void>();
  if (options.onSessionInvalid) invalidListeners.add(options.onSessionInvalid);

  let refreshPromise: Promise<RefreshOutcome> | null = null;

  const url = (path: string, query?: QueryParams) => buildApiUrl(baseUrl, path, query);

  function invalidateSession(sentToken: string | null): void {
    const current = tokens.get();
    // A newer valid token was stored while this request was in flight: the 401 is stale.
    if (current && current.value !== sentToken && tokens.isValid()) return;
    tokens.remove();
    for (const listener of [...invalidListeners]) listener();
  }

  function fail(error: ApiError, sentToken: string | null): ApiError {
    if (marksSessionInvalid(error)) invalidateSession(sentToken);
    return error;
  }

  async function runRefresh(): Promise<RefreshOutcome> {
    const current = tokens.get();
    if (!current || current.type !== 'Bearer' || !tokens.isValid()) return 'skipped';
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), refreshTimeoutMs);
    try {
      const response = await fetchFn(url(pathOf(REFRESH.path)), {
        method: REFRESH.method,
        credentials: 'include',
        headers: { Accept: 'application/json', Authorization: `Bearer ${current.value}` },
        signal: controller.signal,
      });
      const text = await response.text();
      if (!response.ok) {
        const error = fail(
          errorFromResponse(response.status, response.statusText, text),
          current.value,
        );
        return marksSessionInvalid(error) ? 'invalid' : 'failed';
      }
      // A token is stored from it: read through the contract where answers are checked, else at
      // least make sure it is one (a string), without loading the contract's schema.
      const answer = parseJson(text);
      const next = validateResponses
        ? checkAnswer(await REFRESH.contract(), answer).token
        : tokenOf(answer);
      if (!next) return 'failed';
      // Someone stored another token meanwhile (e.g. a sign-in): keep theirs.
      if (tokens.get()?.value !== current.value) return 'skipped';
      tokens.set({ type: 'Bearer', value: next });
      return 'refreshed';
    } catch (error) {
      console.warn('[api-client] session refresh failed; keeping the current token', error);
      return 'failed';
    } finally {
      clearTimeout(timer);
    }
  }

  function refreshSession(): Promise<RefreshOutcome> {
    refreshPromise ??= runRefresh();
    return refreshPromise;
  }

  async function prepare(opts: RequestOptions): Promise<Prepared> {
    await refreshSession();
    opts.signal?.throwIfAborted();
    const valid = tokens.isValid();
    if (opts.private && !valid) {
      throw fail(new ApiError('unauthenticated', 401, 'Sign-in required'), null);
    }
    const headers = new Headers({ Accept: 'application/json' });
    for (const [name, value] of Object.entries(opts.headers ?? {})) headers.set(name, value);
    let sentToken: string | null = null;
    const authorization = tokens.authorizationHeader();
    if (valid && authorization && !headers.has('Authorization')) {
      headers.set('Authorization', authorization);
      sentToken = tokens.get()?.value ?? null;
    }
    if (opts.idempotencyKey) headers.set('Idempotency-Key', opts.idempotencyKey);
    return { headers, sentToken };
  }

  function readText<T>(
    status: number,
    statusText: string,
    text: string,
    sentToken: string | null,
    responseType: ResponseType,
  ): T {
    if (status < 200 || status > 299)
      throw fail(errorFromResponse(status, statusText, text), sentToken);
    if (responseType === 'text') return text as T;
    if (status === 204 || status === 205 || !text.trim()) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch (cause) {
      throw new ApiError('unexpected', status, 'Invalid JSON in response', { body: text, cause });
    }
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    opts: RequestWithBodyOptions = {},
  ): Promise<T> {
    const { headers, sentToken } = await prepare(opts);
    const init: RequestInit = { method, headers, credentials: 'include', signal: opts.signal };
    if (opts.body !== undefined) {
      if (isRawBody(opts.body)) {
        init.body = opts.body;
      } else {
        headers.set('Content-Type', 'application/json');
        init.body = JSON.stringify(opts.body);
      }
    }
    const responseType = opts.responseType ?? 'json';
    try {
      const response = await fetchFn(url(path, opts.query), init);
      opts.onHeaders?.(response.headers);
      if (response.ok && responseType === 'blob') return (await response.blob()) as T;
      const text = await response.text();
      return readText<T>(response.status, response.statusText, text, sentToken, responseType);
    } catch (error) {
      logFailure(method, path, error, opts.signal);
      if (error instanceof ApiError) throw error;
      throw transportError(error, opts.signal);
    }
  }

  function sendXhr(
    method: string,
    target: string,
    headers: Headers,
    formData: FormData,
    opts: UploadOptions,
  ): Promise<{ status: number; statusText: string; text: string }> {
    return new Promise((resolve, reject) => {
      const { signal, onProgress } = opts;
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const xhr = createXhr();
      const onAbort = () => xhr.abort();
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.open(method, target);
      xhr.withCredentials = true;
      headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      if (onProgress) {
        let last = -1;
        const report = (fraction: number) => {
          const clamped = Math.min(1, Math.max(0, fraction));
          if (clamped === last) return;
          last = clamped;
          onProgress(clamped);
        };
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) report(event.loaded / event.total);
        };
        xhr.upload.onload = () => report(1);
      }
      xhr.onload = () => {
        settle();
        resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
      };
      xhr.onerror = () => {
        settle();
        reject(new NetworkError());
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        settle();
        reject(abortReason(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(formData);
    });
  }

  async function upload<T>(path: string, formData: FormData, opts: UploadOptions = {}): Promise<T> {
    const { headers, sentToken } = await prepare(opts);
    const method = opts.method ?? 'POST';
    try {
      const result = await sendXhr(method, url(path, opts.query), headers, formData, opts);
      return readText<T>(result.status, result.statusText, result.text, sentToken, 'json');
    } catch (error) {
      logFailure(method, path, error, opts.signal);
      throw error;
    }
  }

  const transport = { request, upload };

  return {
    baseUrl,
    tokens,
    call: (endpoint, ...[input, callOptions]) =>
      callEndpoint(transport, validateResponses, endpoint, input, callOptions),
    uploadTo<E extends EndpointDefinition>(
      endpoint: E,
      formData: FormData,
      ...[uploadOptions]: UploadToArgs<E>
    ) {
      return uploadToEndpoint<E>(transport, validateResponses, endpoint, formData, uploadOptions);
    },
    refreshSession,
    addSessionInvalidListener(listener) {
      invalidListeners.add(listener);
      return () => invalidListeners.delete(listener);
    },
  };
}
