import type { ErrorBody, ErrorCode } from '@talaqa/domain';

export interface ApiErrorDetails {
  /** Field validation failures, when the server sent them. */
  fields?: ErrorBody['fields'];
  /** The parsed response body (or its text when it was not JSON). */
  body?: unknown;
  cause?: unknown;
}

/**
 * An error answer of the API: `code` is a known error code (spec section 8) and `status` is the
 * HTTP status the server really answered with (0 is never used: see `NetworkError`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: ErrorBody['fields'] | undefined;
  readonly body: unknown;

  constructor(code: ErrorCode, status: number, message?: string, details: ApiErrorDetails = {}) {
    super(message || code, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.status = status;
    this.fields = details.fields;
    this.body = details.body;
  }
}

/** The request never got an answer (offline, DNS, CORS, reset). The message is always 'Network Error'. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  override readonly message = 'Network Error';

  constructor(cause?: unknown) {
    super('Network Error', cause === undefined ? undefined : { cause });
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isNetworkError = (error: unknown): error is NetworkError =>
  error instanceof NetworkError;
/** True for the error an aborted `fetch` (or upload) rejects with. */
export const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';
