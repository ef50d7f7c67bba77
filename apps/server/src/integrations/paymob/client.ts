import { z } from 'zod';
import {
  fitToLimit,
  PAYMOB_FIELD_LIMITS,
  PAYMOB_PLACEHOLDER,
  paymobLength,
  paymobNames,
} from './fields';
import {
  flattenQuery,
  redirectionOrderId,
  verifyRedirectionHmac,
  verifyTransactionCallbackHmac,
} from './hmac';
import type { QueryInput } from './hmac';
import {
  describeDrfError,
  intentionResponseSchema,
  PAYMOB_DEFAULT_API_URL,
  PAYMOB_INTENTION_PATH,
  PAYMOB_REFUND_PATH,
  PAYMOB_TRANSACTIONS_PATH,
  transactionObjSchema,
  unifiedCheckoutUrl,
} from './wire';
import type { IntentionRequest, TransactionObj } from './wire';

/**
 * - `declined`: Paymob refused the operation itself (a refund it will not make).
 * - `invalid-signature`: a callback or redirection whose HMAC does not match: not from Paymob,
 *   or altered on the way. Answer 4xx and change nothing.
 * - `invalid-request`: our input, or a callback body, is not what Paymob accepts or sends.
 * - `unavailable`: network, timeout, Paymob's own failure, or our keys / integration ids are
 *   wrong (configuration); retry later or alert, the user cannot fix it.
 */
export const PAYMOB_ERROR_KINDS = [
  'declined',
  'invalid-signature',
  'invalid-request',
  'unavailable',
] as const;
export type PaymobErrorKind = (typeof PAYMOB_ERROR_KINDS)[number];

export class PaymobError extends Error {
  override name = 'PaymobError';
  readonly kind: PaymobErrorKind;
  /** The HTTP status Paymob answered with, if it answered. */
  readonly providerStatus: number | undefined;

  constructor(
    kind: PaymobErrorKind,
    message: string,
    options?: { cause?: unknown; providerStatus?: number },
  ) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.providerStatus = options?.providerStatus;
  }
}

export const isPaymobError = (error: unknown): error is PaymobError => error instanceof PaymobError;

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

export interface PaymobCustomer {
  /**
   * Full name; the first word becomes `first_name`, the rest `last_name`, each cut on a word
   * boundary to Paymob's 50 characters (fields.ts).
   */
  name: string;
  email: string;
  /** E.164, `+2010…`. */
  phone: string;
}

export interface PaymobLineItem {
  name: string;
  /** Unit price in piasters. */
  amountPiasters: number;
  quantity?: number;
  description?: string;
}

export interface CreateIntentionInput {
  /** The total to charge, in piasters; equals the items' total when items are given. */
  amountPiasters: number;
  /** Our own id for this payment (invoice / order); returned in callbacks as `merchantReference`. */
  merchantReference: string;
  customer: PaymobCustomer;
  /** Defaults to one item named after the reference for the whole amount. */
  items?: readonly PaymobLineItem[];
  /** Where Paymob POSTs the signed transaction callback (server to server). */
  notificationUrl: string;
  /** Where the customer's browser is sent afterwards, with the signed result in the query. */
  redirectionUrl: string;
  /** Seconds the checkout stays usable. */
  expirationSeconds?: number;
  /** Returned in callbacks under `payment_key_claims.extra`. */
  extras?: Record<string, string | number | boolean>;
}

export interface PaymobIntention {
  /** `pi_test_…` / `pi_live_…`. */
  intentionId: string;
  /** Opens the checkout; hand it only to the paying customer. */
  clientSecret: string;
  /** Unified Checkout: `<baseUrl>/unifiedcheckout/?publicKey=…&clientSecret=…`. */
  checkoutUrl: string;
  /** Paymob's order id: every transaction of this intention carries it. */
  paymobOrderId: number;
}

/** What a transaction is: the payment, or an action on it (which Paymob also calls back for). */
export type PaymobTransactionKind = 'payment' | 'refund' | 'void' | 'capture';

/** A transaction from a verified callback or a refund answer; amounts in piasters. */
export interface PaymobTransaction {
  transactionId: number;
  paymobOrderId: number;
  /** Our `merchantReference` (Paymob's `merchant_order_id`), when the order has one. */
  merchantReference: string | undefined;
  /** The intention this transaction paid, when Paymob says (`payment_key_claims`). */
  intentionId: string | undefined;
  kind: PaymobTransactionKind;
  /** For refunds, voids and captures: the transaction acted upon, when Paymob says. */
  parentTransactionId: number | undefined;
  amountPiasters: number;
  currency: string;
  /** Approved. For a payment: the money is ours unless later refunded or voided. */
  success: boolean;
  /** Not decided yet (kiosk, wallet, 3-D Secure): another callback follows. */
  pending: boolean;
  errorOccurred: boolean;
  /** The payment was refunded (fully or partly) or voided since. */
  refunded: boolean;
  voided: boolean;
  refundedPiasters: number;
  integrationId: number;
  live: boolean;
  /** As Paymob writes it (Cairo local time, microseconds). */
  createdAt: string;
  /** Paymob's gateway message, such as "Approved" or "Do not honour". */
  message: string | undefined;
  source: { type: string | undefined; subType: string | undefined; pan: string | undefined };
}

/** The browser's return: for the page shown to the customer only. Callbacks are the truth. */
export interface PaymobRedirection {
  transactionId: number;
  paymobOrderId: number;
  merchantReference: string | undefined;
  amountPiasters: number;
  currency: string;
  success: boolean;
  pending: boolean;
  message: string | undefined;
}

export interface RefundInput {
  transactionId: number;
  amountPiasters: number;
}

export interface PaymobClient {
  /** Where the API is called and checkout pages are served. */
  readonly baseUrl: string;
  createIntention(input: CreateIntentionInput): Promise<PaymobIntention>;
  /**
   * Checks the processed callback: `body` is the parsed JSON, `hmac` the `hmac` query parameter.
   * Throws `invalid-signature` or `invalid-request`; the caller still compares the amount and
   * reference with its own records and applies the result idempotently (by transaction id).
   */
  verifyCallback(body: unknown, hmac: unknown): PaymobTransaction;
  /** Checks the redirection's query (with its `hmac`). Throws like `verifyCallback`. */
  verifyRedirection(query: QueryInput): PaymobRedirection;
  /** Refunds (part of) a successful payment; the refund's transaction is also called back. */
  refund(input: RefundInput): Promise<PaymobTransaction>;
  /**
   * Paymob's transaction inquiry (`GET /api/acceptance/transactions/{id}`): the transaction as it
   * stands now, e.g. a payment's `refunded_amount_cents` after a refund whose answer was lost.
   */
  inquireTransaction(transactionId: number): Promise<PaymobTransaction>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const NAME_PLACEHOLDER = PAYMOB_PLACEHOLDER;

const isPiasters = (value: number): boolean => Number.isSafeInteger(value) && value > 0;
const isHttpUrl = (value: string): boolean =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** The Intention API body for our input; throws `invalid-request` on what Paymob would refuse. */
export function intentionRequestBody(
  input: CreateIntentionInput,
  integrationIds: readonly number[],
): IntentionRequest {
  const invalid = (message: string) => new PaymobError('invalid-request', message);
  if (!isPiasters(input.amountPiasters)) throw invalid('amountPiasters must be a positive integer');
  if (!input.merchantReference.trim()) throw invalid('merchantReference is required');
  if (!isHttpUrl(input.notificationUrl)) throw invalid('notificationUrl must be an http(s) URL');
  if (!isHttpUrl(input.redirectionUrl)) throw invalid('redirectionUrl must be an http(s) URL');
  if (integrationIds.length === 0) throw invalid('at least one integration id is required');
  if (paymobLength(input.merchantReference) > PAYMOB_FIELD_LIMITS.special_reference) {
    throw invalid('merchantReference is longer than Paymob accepts');
  }
  // Names and descriptions are ours to shorten (on word boundaries); a reference is not.
  const itemName = (name: string) => fitToLimit(name, PAYMOB_FIELD_LIMITS['items.name']);
  const itemDescription = (text: string) =>
    fitToLimit(text, PAYMOB_FIELD_LIMITS['items.description']);
  const items = input.items?.length
    ? input.items.map((item) => ({
        name: itemName(item.name),
        amount: item.amountPiasters,
        description: itemDescription(item.description ?? item.name),
        quantity: item.quantity ?? 1,
      }))
    : [
        {
          name: itemName(input.merchantReference),
          amount: input.amountPiasters,
          description: itemDescription(input.merchantReference),
          quantity: 1,
        },
      ];
  for (const item of items) {
    if (!item.name.trim()) throw invalid('every item needs a name');
    if (!isPiasters(item.amount) || !Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw invalid('item amounts and quantities must be positive integers');
    }
  }
  const total = items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
  if (total !== input.amountPiasters) {
    throw invalid(`items add up to ${total} piasters, not ${input.amountPiasters}`);
  }
  const { first, last } = paymobNames(input.customer.name);
  const email = input.customer.email.trim();
  const phone = input.customer.phone.trim();
  if (!email || !phone) throw invalid('the customer needs an e-mail address and a phone number');
  return {
    amount: input.amountPiasters,
    currency: 'EGP',
    payment_methods: [...integrationIds],
    items,
    billing_data: {
      first_name: first,
      last_name: last,
      email,
      phone_number: phone,
      apartment: NAME_PLACEHOLDER,
      floor: NAME_PLACEHOLDER,
      street: NAME_PLACEHOLDER,
      building: NAME_PLACEHOLDER,
      city: NAME_PLACEHOLDER,
      state: NAME_PLACEHOLDER,
      country: 'EG',
      postal_code: NAME_PLACEHOLDER,
    },
    customer: { first_name: first, last_name: last, email },
    special_reference: input.merchantReference,
    notification_url: input.notificationUrl,
    redirection_url: input.redirectionUrl,
    ...(input.expirationSeconds !== undefined ? { expiration: input.expirationSeconds } : {}),
    ...(input.extras ? { extras: input.extras } : {}),
  };
}

function kindOf(obj: TransactionObj): PaymobTransactionKind {
  if (obj.is_refund) return 'refund';
  if (obj.is_void) return 'void';
  if (obj.is_capture && obj.has_parent_transaction) return 'capture';
  return 'payment';
}

/** Our view of a transaction object (already verified or received over TLS from Paymob). */
export function toPaymobTransaction(obj: TransactionObj): PaymobTransaction {
  return {
    transactionId: obj.id,
    paymobOrderId: obj.order.id,
    merchantReference: obj.order.merchant_order_id ?? undefined,
    intentionId: obj.payment_key_claims?.next_payment_intention ?? undefined,
    kind: kindOf(obj),
    parentTransactionId: obj.parent_transaction ?? undefined,
    amountPiasters: obj.amount_cents,
    currency: obj.currency,
    success: obj.success,
    pending: obj.pending,
    errorOccurred: obj.error_occured,
    refunded: obj.is_refunded,
    voided: obj.is_voided,
    refundedPiasters: obj.refunded_amount_cents ?? 0,
    integrationId: obj.integration_id,
    live: obj.is_live ?? false,
    createdAt: obj.created_at,
    message: obj.data?.message ?? undefined,
    source: {
      type: obj.source_data.type ?? undefined,
      subType: obj.source_data.sub_type ?? undefined,
      pan: obj.source_data.pan ?? undefined,
    },
  };
}

const digits = z.string().regex(/^\d+$/).transform(Number);
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const redirectionSchema = z.object({
  id: digits,
  amount_cents: digits,
  currency: z.string().min(1),
  success: flag,
  pending: flag,
  merchant_order_id: z.string().optional(),
  'data.message': z.string().optional(),
});

export function createPaymobClient(options: PaymobClientOptions): PaymobClient {
  const baseUrl = (options.baseUrl ?? PAYMOB_DEFAULT_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const { logger } = options;
  const integrationIds = [...options.integrationIds];

  async function post(
    path: string,
    body: unknown,
    operation: string,
    method: 'POST' | 'GET' = 'POST',
  ): Promise<{ status: number; payload: unknown }> {
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
    const text = await response.text().catch(() => '');
    let payload: unknown;
    try {
      payload = text ? JSON.parse(text) : undefined;
    } catch {
      payload = undefined;
    }
    return { status: response.status, payload };
  }

  /** 401/403 are our keys, 404 (intentions) an unknown integration id: both configuration. */
  function failure(
    operation: string,
    status: number,
    payload: unknown,
    clientFault: PaymobErrorKind,
  ): PaymobError {
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
  }

  async function createIntention(input: CreateIntentionInput): Promise<PaymobIntention> {
    const body = intentionRequestBody(input, integrationIds);
    const { status, payload } = await post(PAYMOB_INTENTION_PATH, body, 'intention');
    if (status === 404) throw failure('intention', status, payload, 'unavailable');
    if (status < 200 || status >= 300) {
      throw failure('intention', status, payload, 'invalid-request');
    }
    const parsed = intentionResponseSchema.safeParse(payload);
    if (!parsed.success) {
      logger?.warn({ operation: 'intention', status }, 'Paymob intention answer unreadable');
      throw new PaymobError('unavailable', 'Paymob intention answer had no client secret', {
        providerStatus: status,
      });
    }
    const intention = parsed.data;
    logger?.info(
      {
        intentionId: intention.id,
        paymobOrderId: intention.intention_order_id,
        merchantReference: input.merchantReference,
        amountPiasters: input.amountPiasters,
      },
      'Paymob intention created',
    );
    return {
      intentionId: intention.id,
      clientSecret: intention.client_secret,
      checkoutUrl: unifiedCheckoutUrl(baseUrl, options.publicKey, intention.client_secret),
      paymobOrderId: intention.intention_order_id,
    };
  }

  function verifyCallback(body: unknown, hmac: unknown): PaymobTransaction {
    if (typeof body !== 'object' || body === null) {
      throw new PaymobError('invalid-request', 'Paymob callback body is not a JSON object');
    }
    const { type, obj } = body as { type?: unknown; obj?: unknown };
    if (type !== 'TRANSACTION') {
      throw new PaymobError('invalid-request', `Unsupported Paymob callback type: ${String(type)}`);
    }
    if (!verifyTransactionCallbackHmac(obj, hmac, options.hmacSecret)) {
      logger?.warn({ operation: 'callback' }, 'Paymob callback with a wrong HMAC');
      throw new PaymobError('invalid-signature', 'Paymob callback HMAC does not match');
    }
    const parsed = transactionObjSchema.safeParse(obj);
    if (!parsed.success) {
      throw new PaymobError('invalid-request', 'Paymob callback transaction is incomplete');
    }
    return toPaymobTransaction(parsed.data);
  }

  function verifyRedirection(query: QueryInput): PaymobRedirection {
    const flat = flattenQuery(query);
    if (!verifyRedirectionHmac(flat, options.hmacSecret)) {
      throw new PaymobError('invalid-signature', 'Paymob redirection HMAC does not match');
    }
    const parsed = redirectionSchema.safeParse(flat);
    const orderId = redirectionOrderId(flat);
    if (!parsed.success || orderId === undefined || !/^\d+$/.test(orderId)) {
      throw new PaymobError('invalid-request', 'Paymob redirection query is incomplete');
    }
    const value = parsed.data;
    return {
      transactionId: value.id,
      paymobOrderId: Number(orderId),
      merchantReference: value.merchant_order_id || undefined,
      amountPiasters: value.amount_cents,
      currency: value.currency,
      success: value.success,
      pending: value.pending,
      message: value['data.message'],
    };
  }

  async function refund(input: RefundInput): Promise<PaymobTransaction> {
    if (!Number.isSafeInteger(input.transactionId) || input.transactionId <= 0) {
      throw new PaymobError('invalid-request', 'transactionId must be a positive integer');
    }
    if (!isPiasters(input.amountPiasters)) {
      throw new PaymobError('invalid-request', 'amountPiasters must be a positive integer');
    }
    const { status, payload } = await post(
      PAYMOB_REFUND_PATH,
      { transaction_id: input.transactionId, amount_cents: input.amountPiasters },
      'refund',
    );
    if (status < 200 || status >= 300) throw failure('refund', status, payload, 'declined');
    // The answer is the refund's transaction, bare or wrapped like a callback.
    const candidate =
      typeof payload === 'object' && payload !== null && 'obj' in payload
        ? (payload as { obj: unknown }).obj
        : payload;
    const parsed = transactionObjSchema.safeParse(candidate);
    if (!parsed.success) {
      throw new PaymobError('unavailable', 'Paymob refund answer unreadable', {
        providerStatus: status,
      });
    }
    const transaction = toPaymobTransaction(parsed.data);
    if (!transaction.success && !transaction.pending) {
      logger?.warn(
        { operation: 'refund', transactionId: input.transactionId, message: transaction.message },
        'Paymob declined the refund',
      );
      throw new PaymobError('declined', `Paymob declined the refund: ${transaction.message ?? ''}`);
    }
    logger?.info(
      {
        transactionId: input.transactionId,
        refundTransactionId: transaction.transactionId,
        amountPiasters: input.amountPiasters,
      },
      'Paymob refund made',
    );
    return transaction;
  }

  async function inquireTransaction(transactionId: number): Promise<PaymobTransaction> {
    if (!Number.isSafeInteger(transactionId) || transactionId <= 0) {
      throw new PaymobError('invalid-request', 'transactionId must be a positive integer');
    }
    const { status, payload } = await post(
      `${PAYMOB_TRANSACTIONS_PATH}${transactionId}`,
      undefined,
      'inquiry',
      'GET',
    );
    if (status < 200 || status >= 300) throw failure('inquiry', status, payload, 'invalid-request');
    const parsed = transactionObjSchema.safeParse(payload);
    if (!parsed.success) {
      throw new PaymobError('unavailable', 'Paymob inquiry answer unreadable', {
        providerStatus: status,
      });
    }
    return toPaymobTransaction(parsed.data);
  }

  return {
    baseUrl,
    createIntention,
    verifyCallback,
    verifyRedirection,
    refund,
    inquireTransaction,
  };
}
