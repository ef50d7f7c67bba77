import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Short and plain, so a forged header cannot inject text into logs or answer headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Keeps the id a proxy or the browser sent when it looks like an id, else makes a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const candidate = Array.isArray(header) ? header[0] : header;
  return candidate !== undefined && SANE_REQUEST_ID.test(candidate) ? candidate : randomUUID();
}

export const genReqId = (request: IncomingMessage): string =>
  requestIdFrom(request.headers[REQUEST_ID_HEADER]);
