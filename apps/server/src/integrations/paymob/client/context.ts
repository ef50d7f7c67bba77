/**
 * What every operation of the adapter is given: the account's keys, the integrations offered,
 * `send` (one authorised request, its status and JSON) and `refusal` (a non-2xx as PaymobError).
 */
import { PaymobError } from '../errors';
import type { PaymobErrorKind } from '../errors';
import { describeDrfError, PAYMOB_DEFAULT_API_URL } from '../wire';

/** What the adapter logs through (a Fastify / pino logger fits). Secrets are never passed. */
export interface PaymobLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface PaymobClientOptions {
  /** `https://accept.paymob.com`, or the local simulator's URL. Checkout pages are served there too. */
  baseUrl?: string;
  /** `egy_sk_…`: authorises intentions and refunds (`Authorization: Token …`). */
  secretKey: string;
  /** `egy_pk_…`: goes into the checkout URL. */
  publicKey: string;
  /** Signs callbacks and redirections (HMAC-SHA512). */
  hmacSecret: string;
  /** The payment integrations offered on the checkout page (card, wallet…), test or live like the keys. */
  integrationIds: readonly number[];
  timeoutMs?: number;
  fetch?: typeof fetch;
  logger?: PaymobLogger;
}

export interface PaymobContext {
  baseUrl: string;
  publicKey: string;
  hmacSecret: string;
  integrationIds: readonly number[];
  logger: PaymobLogger | undefined;
  /** One request with `Authorization: Token <secret key>`; throws `unavailable` when unreachable. */
  send(
    path: string,
    body: unknown,
    operation: string,
    method?: 'POST' | 'GET',
  ): Promise<{ status: number; payload: unknown }>;
  /** 401/403/429/5xx are ours or Paymob's trouble (`unavailable`); other statuses `clientFault`. */
  refusal(
    operation: string,
    status: number,
    payload: unknown,
    clientFault: PaymobErrorKind,
  ): PaymobError;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** The answer's JSON; undefined when it is empty or not JSON. */
async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function createContext(options: PaymobClientOptions): PaymobContext {
  const baseUrl = (options.baseUrl ?? PAYMOB_DEFAULT_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const { logger } = options;

  const send: PaymobContext['send'] = async (path, body, operation, method = 'POST') => {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Token ${options.secretKey}`,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          accept: 'application/json',
        },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      logger?.warn({ operation, timedOut }, 'Paymob unreachable');
      throw new PaymobError(
        'unavailable',
        timedOut ? `Paymob ${operation} timed out` : `Paymob unreachable (${operation})`,
        { cause: error },
      );
    }
    return { status: response.status, payload: await readPayload(response) };
  };

  const refusal: PaymobContext['refusal'] = (operation, status, payload, clientFault) => {
    const detail = describeDrfError(payload);
    logger?.warn({ operation, status, detail }, 'Paymob refused the request');
    const kind: PaymobErrorKind =
      status === 401 || status === 403 || status === 429 || status >= 500
        ? 'unavailable'
        : clientFault;
    return new PaymobError(
      kind,
      `Paymob ${operation} answered ${status}${detail ? `: ${detail}` : ''}`,
      { providerStatus: status },
    );
  };

  return {
    baseUrl,
    publicKey: options.publicKey,
    hmacSecret: options.hmacSecret,
    integrationIds: [...options.integrationIds],
    logger,
    send,
    refusal,
  };
}
