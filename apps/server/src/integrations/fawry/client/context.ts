/**
 * What every operation of the adapter is given: the merchant's account, the default language,
 * and `call`, which sends one request and reads Fawry's result code.
 */
import type { FastifyBaseLogger } from 'fastify';
import { FawryError, kindOfFawryCode } from '../errors';
import type { FawryLanguage } from '../protocol';
import { FAWRY_STATUS } from '../protocol';
import { resultCode } from './read';
import type { Json } from './read';
import { wireJson } from './wire';

export interface FawryClientOptions {
  /** `https://www.atfawry.com`, the staging origin, or the simulator's URL. */
  baseUrl: string;
  merchantCode: string;
  /** The merchant's secure key; it signs requests and verifies callbacks, and is never logged. */
  securityKey: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  logger?: Pick<FastifyBaseLogger, 'debug' | 'warn'>;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** Default language of orders and customer messages (default `ar-eg`). */
  language?: FawryLanguage;
}

export interface CallRequest {
  query?: Record<string, string>;
  body?: Json;
  logContext?: Json;
}

/** Sends one request; resolves with the payload when Fawry says 200, throws FawryError otherwise. */
export type Call = (
  operation: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  request: CallRequest,
) => Promise<unknown>;

export interface FawryContext {
  baseUrl: string;
  merchantCode: string;
  securityKey: string;
  logger: FawryClientOptions['logger'];
  defaultLanguage: FawryLanguage;
  call: Call;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** The answer's JSON; undefined when it is empty or not JSON. */
async function readPayload(response: Response): Promise<unknown> {
  const raw = await response.text().catch(() => '');
  try {
    return raw === '' ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function createContext(options: FawryClientOptions): FawryContext {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { merchantCode, securityKey, logger } = options;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const call: Call = async (operation, method, path, request) => {
    const url = new URL(`${baseUrl}${path}`);
    for (const [key, value] of Object.entries(request.query ?? {}))
      url.searchParams.set(key, value);
    const context = { fawry: operation, ...request.logContext };
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...(request.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(request.body ? { body: wireJson(request.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      logger?.warn({ ...context, reason }, 'Fawry unreachable');
      // The cause is left out: it may carry the URL, which carries signatures.
      throw new FawryError('unavailable', `Fawry unreachable (${operation}: ${reason})`);
    }
    const payload = await readPayload(response);
    const { code, description } = resultCode(payload);
    if (code === FAWRY_STATUS.ok || (code === undefined && response.ok && payload !== undefined)) {
      logger?.debug({ ...context, httpStatus: response.status }, 'Fawry answered');
      return payload;
    }
    if (code === undefined && response.ok && method !== 'GET') {
      // An empty 2xx to a command is success (the cancel API may answer with no body).
      logger?.debug({ ...context, httpStatus: response.status }, 'Fawry answered');
      return payload;
    }
    const providerCode = code ?? response.status;
    const kind = code === undefined ? 'unavailable' : kindOfFawryCode(code);
    logger?.warn(
      { ...context, httpStatus: response.status, statusCode: code, statusDescription: description },
      'Fawry refused',
    );
    throw new FawryError(
      kind,
      `Fawry ${operation} failed: ${providerCode}${description ? ` ${description}` : ''}`,
      { providerCode, ...(description ? { providerDescription: description } : {}) },
    );
  };

  return {
    baseUrl,
    merchantCode,
    securityKey,
    logger,
    defaultLanguage: options.language ?? 'ar-eg',
    call,
  };
}
