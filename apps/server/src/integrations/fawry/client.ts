import type { FastifyBaseLogger } from 'fastify';
import { FawryError, FawryUnknownStatusError, kindOfFawryCode } from './errors';
import { FAWRY_PATHS, FAWRY_STATUS } from './protocol';
import type { FawryLanguage, FawryWireChargeItem } from './protocol';
import {
  cancelUnpaidOrderSignatureString,
  chargeResponseSignatureString,
  chargeSignatureString,
  deleteCardTokenSignatureString,
  formatAmount,
  listCardTokensSignatureString,
  notificationSignatureString,
  parseAmount,
  paymentStatusSignatureString,
  refundSignatureString,
  sha256Hex,
  signaturesMatch,
} from './signatures';
import type { ChargeSignatureFields } from './signatures';

// ---------------------------------------------------------------------------------------------
// The interface the rest of the server sees. Every amount is integer piasters.

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

export interface FawryCustomer {
  /** Our user's id: Fawry's customerProfileId (card tokens belong to it). */
  profileId: string;
  /** `+201001234567` or `01001234567`; sent in Fawry's local form. */
  mobile: string;
  email: string;
  name?: string;
}

export interface FawryItem {
  itemId: string;
  description: string;
  pricePiasters: number;
  quantity: number;
}

export interface FawryChargeInput {
  /** Our unique reference for this order (the transaction id). */
  merchantRefNum: string;
  customer: FawryCustomer;
  amountPiasters: number;
  description: string;
  /** Default: one item of the whole amount, with merchantRefNum as its id. */
  items?: FawryItem[];
  /** Per-order notification URL, overriding the one configured at Fawry. */
  orderWebHookUrl?: string;
  language?: FawryLanguage;
}

export interface FawryCardChargeInput extends FawryChargeInput {
  cardToken: string;
  /** Three digits; part of the signature, never logged. */
  cvv: string;
  /** Where the browser comes back after 3-D Secure. */
  returnUrl: string;
  /** Default true: cards that need 3-D Secure answer with a redirect. */
  enable3DS?: boolean;
}

export interface FawryInstallmentChargeInput extends FawryCardChargeInput {
  installmentPlanId: number;
}

export interface FawryReferenceInput extends FawryChargeInput {
  /** When the reference number stops being payable (default: the merchant's setting at Fawry). */
  expiresAt?: Date;
}

export interface FawryWalletInput extends FawryChargeInput {
  /**
   * The wallet's mobile number for a request-to-pay (R2P) push; without it Fawry answers with a
   * QR code to scan.
   */
  walletMobile?: string;
  expiresAt?: Date;
}

export interface FawryAmounts {
  /** What we asked for. */
  orderAmountPiasters: number;
  /** What the customer pays: the order plus Fawry's fees when the customer bears them. */
  paymentAmountPiasters: number;
  feesPiasters: number;
}

export type FawryCardChargeResult =
  | ({
      kind: 'paid';
      referenceNumber: string;
      merchantRefNumber: string;
      authNumber: string | undefined;
      paidAt: Date | undefined;
    } & FawryAmounts)
  | {
      /** Send the browser to redirectUrl; the result comes back to returnUrl and by notification. */
      kind: 'redirect';
      redirectUrl: string;
      merchantRefNumber: string;
      referenceNumber: string | undefined;
    };

export interface FawryReferenceResult extends FawryAmounts {
  /** What the customer tells the cashier at a Fawry outlet. */
  referenceNumber: string;
  merchantRefNumber: string;
  expiresAt: Date | undefined;
}

export interface FawryWalletResult extends FawryAmounts {
  referenceNumber: string;
  merchantRefNumber: string;
  /** `data:image/png;base64,…` to show for scanning; absent for request-to-pay. */
  walletQr: string | undefined;
  expiresAt: Date | undefined;
}

/** Our reading of Fawry's order statuses. */
export type FawryPaymentState =
  'unpaid' | 'paid' | 'canceled' | 'expired' | 'refunded' | 'partially-refunded' | 'failed';

export type FawryMethod = 'CARD' | 'PAYATFAWRY' | 'MWALLET' | 'VALU' | 'OTHER';

export interface FawryPayment extends FawryAmounts {
  /** Fawry's reference number of the order (fawryRefNumber). */
  referenceNumber: string;
  merchantRefNumber: string;
  state: FawryPaymentState;
  /** As Fawry wrote it (NEW, UNPAID, PAID, …). */
  orderStatus: string;
  method: FawryMethod;
  /** As Fawry wrote it (PAYATFAWRY, CARD, "Mobile Wallet", …). */
  paymentMethod: string;
  paidAt: Date | undefined;
  expiresAt: Date | undefined;
  /** Fawry's number of the payment itself (paymentRefrenceNumber), once paid. */
  paymentReferenceNumber: string | undefined;
  authNumber: string | undefined;
  customerProfileId: string | undefined;
  customerMobile: string | undefined;
  customerMail: string | undefined;
  customerName: string | undefined;
  failureCode: number | undefined;
  failureReason: string | undefined;
  installmentMonths: number | undefined;
}

export interface FawryNotification extends FawryPayment {
  /** Fawry's id of this notification; repeated deliveries of one event share it. */
  requestId: string | undefined;
}

export interface FawrySavedCard {
  token: string;
  lastFourDigits: string;
  firstSixDigits: string;
  brand: string;
  holderName: string | undefined;
  createdAt: Date | undefined;
  isDefault: boolean;
}

export interface FawryInstallmentPlan {
  id: number;
  months: number;
  nameAr: string;
  nameEn: string;
  /** Percent added to the order amount. */
  ratePercent: number;
  minPiasters: number;
  maxPiasters: number;
  bankNameAr: string | undefined;
  bankNameEn: string | undefined;
}

/** What the hosted card page puts on returnUrl after saving a card (not signed by Fawry). */
export interface FawryCardTokenReturn {
  token: string;
  lastFourDigits: string | undefined;
  firstSixDigits: string | undefined;
  holderName: string | undefined;
  createdAt: Date | undefined;
  isDefault: boolean;
}

/** The 3-D Secure return URL's query, signature verified. */
export interface FawryChargeReturn extends FawryAmounts {
  merchantRefNumber: string;
  referenceNumber: string | undefined;
  state: FawryPaymentState;
  orderStatus: string;
  statusCode: number | undefined;
  statusDescription: string | undefined;
  authNumber: string | undefined;
}

export type QueryInput = URLSearchParams | Record<string, unknown>;

export interface FawryClient {
  readonly baseUrl: string;
  payByCardToken(input: FawryCardChargeInput): Promise<FawryCardChargeResult>;
  payByReferenceNumber(input: FawryReferenceInput): Promise<FawryReferenceResult>;
  payByWallet(input: FawryWalletInput): Promise<FawryWalletResult>;
  payByInstallments(input: FawryInstallmentChargeInput): Promise<FawryCardChargeResult>;
  /** Get Payment Status V2 by our merchantRefNum. */
  paymentStatus(merchantRefNumber: string): Promise<FawryPayment>;
  /** Full or partial; `referenceNumber` is Fawry's reference of the paid order. */
  refund(input: {
    referenceNumber: string;
    amountPiasters: number;
    reason?: string;
  }): Promise<void>;
  /** `referenceNumber` is Fawry's reference of the unpaid order. */
  cancelUnpaidOrder(input: { referenceNumber: string; language?: FawryLanguage }): Promise<void>;
  listCardTokens(customerProfileId: string): Promise<FawrySavedCard[]>;
  /** The hosted card-tokenization page for the browser; it returns to returnUrl with the token. */
  cardTokenUrl(input: {
    customerProfileId: string;
    returnUrl: string;
    locale?: 'ar' | 'en';
  }): string;
  deleteCardToken(input: { customerProfileId: string; cardToken: string }): Promise<void>;
  installmentPlans(): Promise<FawryInstallmentPlan[]>;
  /**
   * A server notification V2 (the parsed JSON body, or its raw text), verified. Throws
   * FawryError `invalid-signature` when the signature does not match or the body is unreadable.
   */
  verifyNotification(body: unknown): FawryNotification;
  /** The card page's return query. Not signed: confirm with listCardTokens before trusting it. */
  readCardTokenReturn(query: QueryInput): FawryCardTokenReturn;
  /** The 3-D Secure return query, verified. Still confirm with paymentStatus before delivering. */
  verifyChargeReturn(query: QueryInput): FawryChargeReturn;
}

// ---------------------------------------------------------------------------------------------
// Reading Fawry's answers

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

function dateOf(value: unknown): Date | undefined {
  const ms = numberOf(value);
  return ms === undefined || ms <= 0 ? undefined : new Date(ms);
}

/** Fawry's result code: `statusCode`, or `code` in the newer order APIs. */
function resultCode(payload: unknown): {
  code: number | undefined;
  description: string | undefined;
} {
  if (!isObject(payload)) return { code: undefined, description: undefined };
  const code = numberOf(payload.statusCode) ?? numberOf(payload.code);
  const description =
    textOf(payload.statusDescription) ?? textOf(payload.description) ?? textOf(payload.reason);
  return { code, description };
}

export function stateOfOrderStatus(status: string): FawryPaymentState | undefined {
  switch (status.trim().toUpperCase()) {
    case 'NEW':
    case 'UNPAID':
      return 'unpaid';
    case 'PAID':
      return 'paid';
    case 'CANCELED':
    case 'CANCELLED':
      return 'canceled';
    case 'EXPIRED':
      return 'expired';
    case 'REFUNDED':
      return 'refunded';
    case 'PARTIAL_REFUNDED':
      return 'partially-refunded';
    case 'FAILED':
      return 'failed';
    default:
      return undefined;
  }
}

export function methodOf(paymentMethod: string): FawryMethod {
  const m = paymentMethod.replace(/[\s_-]/g, '').toUpperCase();
  if (m === 'PAYATFAWRY' || m === 'FAWRY') return 'PAYATFAWRY';
  if (m === 'CARD' || m === 'PAYUSINGCC' || m === 'CREDITCARD') return 'CARD';
  if (m === 'MWALLET' || m === 'MOBILEWALLET' || m === 'WALLET') return 'MWALLET';
  if (m === 'VALU') return 'VALU';
  return 'OTHER';
}

const unreadable = (what: string): FawryError =>
  new FawryError('unavailable', `Fawry answer could not be read: ${what}`);

function amountsOf(payload: Json): FawryAmounts {
  const orderAmountPiasters = parseAmount(payload.orderAmount ?? payload.amount);
  const paymentAmountPiasters = parseAmount(payload.paymentAmount) ?? orderAmountPiasters;
  const fees = payload.fawryFees;
  const feesPiasters = fees === undefined || fees === null || fees === '' ? 0 : parseAmount(fees);
  if (
    orderAmountPiasters === undefined ||
    paymentAmountPiasters === undefined ||
    feesPiasters === undefined
  ) {
    throw unreadable('amounts');
  }
  return { orderAmountPiasters, paymentAmountPiasters, feesPiasters };
}

/**
 * The answer to a charge paid later with a reference number (at a Fawry outlet, or from a
 * wallet). Without amounts in it, the order's amount stands, with no fees.
 */
function referenceResult(payload: Json, input: FawryReferenceInput): FawryReferenceResult {
  const referenceNumber = textOf(payload.referenceNumber);
  if (!referenceNumber) throw unreadable('reference number');
  const amounts =
    payload.orderAmount === undefined
      ? {
          orderAmountPiasters: input.amountPiasters,
          paymentAmountPiasters: input.amountPiasters,
          feesPiasters: 0,
        }
      : amountsOf(payload);
  return {
    referenceNumber,
    merchantRefNumber: textOf(payload.merchantRefNumber) ?? input.merchantRefNum,
    expiresAt: dateOf(payload.expirationTime) ?? input.expiresAt,
    ...amounts,
  };
}

/** A notification V2 body or a status V2 answer as a payment. */
function paymentOf(payload: Json): FawryPayment {
  const referenceNumber = textOf(payload.fawryRefNumber) ?? textOf(payload.referenceNumber);
  const merchantRefNumber = textOf(payload.merchantRefNumber) ?? textOf(payload.merchantRefNum);
  const orderStatus = textOf(payload.orderStatus) ?? textOf(payload.paymentStatus);
  const paymentMethod = textOf(payload.paymentMethod) ?? '';
  if (!referenceNumber || !merchantRefNumber || !orderStatus) throw unreadable('order fields');
  const state = stateOfOrderStatus(orderStatus);
  if (!state) throw unreadable(`order status ${orderStatus}`);
  return {
    referenceNumber,
    merchantRefNumber,
    state,
    orderStatus,
    method: methodOf(paymentMethod),
    paymentMethod,
    ...amountsOf(payload),
    paidAt: state === 'unpaid' ? undefined : dateOf(payload.paymentTime ?? payload.paymentDate),
    expiresAt: dateOf(payload.orderExpiryDate ?? payload.expirationTime),
    paymentReferenceNumber: textOf(payload.paymentRefrenceNumber),
    authNumber: textOf(payload.authNumber),
    customerProfileId: textOf(payload.customerMerchantId) ?? textOf(payload.customerProfileId),
    customerMobile: textOf(payload.customerMobile),
    customerMail: textOf(payload.customerMail),
    customerName: textOf(payload.customerName),
    failureCode: numberOf(payload.failureErrorCode),
    failureReason: textOf(payload.failureReason),
    installmentMonths: numberOf(payload.installmentMonths),
  };
}

function queryObject(query: QueryInput): Json {
  if (query instanceof URLSearchParams) return Object.fromEntries(query.entries());
  const out: Json = {};
  for (const [key, value] of Object.entries(query)) {
    // Repeated parameters are ambiguous: count them as absent.
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
}

/** `+201001234567` -> `01001234567` (Fawry's customerMobile form); anything else unchanged. */
export function toFawryMobile(mobile: string): string {
  const compact = mobile.trim().replace(/[\s\-().]/g, '');
  const egypt = /^(?:\+|00)?20(1\d{9})$/.exec(compact);
  return egypt ? `0${egypt[1]}` : compact;
}

// ---------------------------------------------------------------------------------------------
// Writing requests: amounts go on the wire as JSON numbers with exactly two decimals ("20.00").

const AMOUNT_MARK = '\u0000fawry-amount:';
class WireAmount {
  constructor(readonly piasters: number) {}
  toJSON(): string {
    return `${AMOUNT_MARK}${formatAmount(this.piasters)}`;
  }
}
const wireJson = (body: Json): string =>
  JSON.stringify(body).replace(/"\\u0000fawry-amount:(\d+\.\d{2})"/g, '$1');

function assertPiasters(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of piasters`);
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** The real adapter. */
export function createFawryClient(options: FawryClientOptions): FawryClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { merchantCode, securityKey, logger } = options;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const defaultLanguage = options.language ?? 'ar-eg';

  /** Sends one request; resolves with the payload when Fawry says 200, throws FawryError otherwise. */
  async function call(
    operation: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    request: { query?: Record<string, string>; body?: Json; logContext?: Json },
  ): Promise<unknown> {
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
    const raw = await response.text().catch(() => '');
    let payload: unknown;
    try {
      payload = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      payload = undefined;
    }
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
  }

  function chargeItems(
    input: FawryChargeInput,
  ): Array<Omit<FawryWireChargeItem, 'price'> & { price: WireAmount }> {
    const items = input.items ?? [
      {
        itemId: input.merchantRefNum,
        description: input.description,
        pricePiasters: input.amountPiasters,
        quantity: 1,
      },
    ];
    return items.map((item) => {
      assertPiasters(item.pricePiasters, 'item price');
      return {
        itemId: item.itemId,
        description: item.description,
        price: new WireAmount(item.pricePiasters),
        quantity: item.quantity,
      };
    });
  }

  /** The common body of a charge request, signed over `signed` (the method's extra fields). */
  function chargeBody(
    input: FawryChargeInput,
    paymentMethod: string,
    signed: Omit<
      ChargeSignatureFields,
      'merchantCode' | 'merchantRefNum' | 'customerProfileId' | 'paymentMethod' | 'amountPiasters'
    >,
    extra: Json,
  ): Json {
    assertPiasters(input.amountPiasters, 'amountPiasters');
    const signatureString = chargeSignatureString(
      {
        merchantCode,
        merchantRefNum: input.merchantRefNum,
        customerProfileId: input.customer.profileId,
        paymentMethod,
        amountPiasters: input.amountPiasters,
        ...signed,
      },
      securityKey,
    );
    return {
      merchantCode,
      merchantRefNum: input.merchantRefNum,
      customerProfileId: input.customer.profileId,
      customerName: input.customer.name,
      customerMobile: toFawryMobile(input.customer.mobile),
      customerEmail: input.customer.email,
      paymentMethod,
      amount: new WireAmount(input.amountPiasters),
      currencyCode: 'EGP',
      language: input.language ?? defaultLanguage,
      description: input.description,
      chargeItems: chargeItems(input),
      ...(input.orderWebHookUrl ? { orderWebHookUrl: input.orderWebHookUrl } : {}),
      ...extra,
      signature: sha256Hex(signatureString),
    };
  }

  function cardResult(payload: unknown, merchantRefNum: string): FawryCardChargeResult {
    if (!isObject(payload)) throw unreadable('charge answer');
    const nextAction = isObject(payload.nextAction) ? payload.nextAction : undefined;
    const redirectUrl = nextAction ? textOf(nextAction.redirectUrl) : undefined;
    if (redirectUrl) {
      return {
        kind: 'redirect',
        redirectUrl,
        merchantRefNumber: textOf(payload.merchantRefNumber) ?? merchantRefNum,
        referenceNumber: textOf(payload.referenceNumber),
      };
    }
    const orderStatus = textOf(payload.orderStatus) ?? '';
    const referenceNumber = textOf(payload.referenceNumber);
    if (stateOfOrderStatus(orderStatus) !== 'paid' || !referenceNumber) {
      const { code, description } = resultCode(payload);
      throw new FawryError(
        'declined',
        `Fawry card charge not paid: ${orderStatus || 'no status'}`,
        {
          ...(code !== undefined ? { providerCode: code } : {}),
          ...(description ? { providerDescription: description } : {}),
        },
      );
    }
    return {
      kind: 'paid',
      referenceNumber,
      merchantRefNumber: textOf(payload.merchantRefNumber) ?? merchantRefNum,
      authNumber: textOf(payload.authNumber),
      paidAt: dateOf(payload.paymentTime),
      ...amountsOf(payload),
    };
  }

  function cardCharge(
    operation: string,
    input: FawryCardChargeInput,
    installmentPlanId: number | undefined,
  ): Promise<FawryCardChargeResult> {
    const body = chargeBody(
      input,
      'CARD',
      {
        cardToken: input.cardToken,
        cvv: input.cvv,
        installmentPlanId,
        returnUrl: input.returnUrl,
      },
      {
        cardToken: input.cardToken,
        cvv: input.cvv,
        enable3DS: input.enable3DS ?? true,
        authCaptureModePayment: false,
        returnUrl: input.returnUrl,
        ...(installmentPlanId !== undefined ? { installmentPlanId } : {}),
      },
    );
    return call(operation, 'POST', FAWRY_PATHS.charge, {
      body,
      logContext: { merchantRefNum: input.merchantRefNum },
    }).then((payload) => cardResult(payload, input.merchantRefNum));
  }

  const verifyNotification = (body: unknown): FawryNotification => {
    let payload: unknown = body;
    if (typeof body === 'string' || Buffer.isBuffer(body)) {
      try {
        payload = JSON.parse(body.toString());
      } catch {
        throw new FawryError('invalid-signature', 'Fawry notification is not JSON');
      }
    }
    if (!isObject(payload))
      throw new FawryError('invalid-signature', 'Fawry notification is not an object');
    const signatureString = notificationSignatureString(payload, securityKey);
    const expected = signatureString === undefined ? '0'.repeat(64) : sha256Hex(signatureString);
    if (!signaturesMatch(payload.messageSignature, expected) || signatureString === undefined) {
      logger?.warn(
        { fawry: 'notification', merchantRefNumber: textOf(payload.merchantRefNumber) },
        'Fawry notification with a wrong signature',
      );
      throw new FawryError('invalid-signature', 'Fawry notification signature does not match');
    }
    // Signed by Fawry, but a status we do not know (Fawry may add some): not a forgery.
    const orderStatus = textOf(payload.orderStatus) ?? textOf(payload.paymentStatus);
    if (orderStatus !== undefined && !stateOfOrderStatus(orderStatus)) {
      logger?.warn(
        {
          fawry: 'notification',
          merchantRefNumber: textOf(payload.merchantRefNumber),
          orderStatus,
        },
        'Fawry notification with an unknown order status',
      );
      throw new FawryUnknownStatusError({
        orderStatus,
        merchantRefNumber: textOf(payload.merchantRefNumber),
        requestId: textOf(payload.requestId),
      });
    }
    let payment: FawryPayment;
    try {
      payment = paymentOf(payload);
    } catch (error) {
      throw new FawryError('invalid-signature', 'Fawry notification is incomplete', {
        cause: error,
      });
    }
    return { ...payment, requestId: textOf(payload.requestId) };
  };

  return {
    baseUrl,

    payByCardToken: (input) => cardCharge('charge-card', input, undefined),

    payByInstallments: (input) => cardCharge('charge-installments', input, input.installmentPlanId),

    async payByReferenceNumber(input) {
      const body = chargeBody(
        input,
        'PAYATFAWRY',
        {},
        input.expiresAt ? { paymentExpiry: input.expiresAt.getTime() } : {},
      );
      const payload = await call('charge-reference', 'POST', FAWRY_PATHS.charge, {
        body,
        logContext: { merchantRefNum: input.merchantRefNum },
      });
      if (!isObject(payload)) throw unreadable('charge answer');
      return referenceResult(payload, input);
    },

    async payByWallet(input) {
      const walletMobile = input.walletMobile ? toFawryMobile(input.walletMobile) : undefined;
      const body = chargeBody(
        input,
        'MWALLET',
        { debitMobileWalletNo: walletMobile },
        {
          ...(walletMobile ? { debitMobileWalletNo: walletMobile } : {}),
          ...(input.expiresAt ? { paymentExpiry: input.expiresAt.getTime() } : {}),
        },
      );
      const payload = await call('charge-wallet', 'POST', FAWRY_PATHS.walletCharge, {
        body,
        logContext: { merchantRefNum: input.merchantRefNum },
      });
      if (!isObject(payload)) throw unreadable('charge answer');
      return { ...referenceResult(payload, input), walletQr: textOf(payload.walletQr) };
    },

    async paymentStatus(merchantRefNumber) {
      const signature = sha256Hex(
        paymentStatusSignatureString(merchantCode, merchantRefNumber, securityKey),
      );
      const payload = await call('status', 'GET', FAWRY_PATHS.statusV2, {
        query: { merchantCode, merchantRefNumber, signature },
        logContext: { merchantRefNumber },
      });
      if (!isObject(payload)) throw unreadable('status answer');
      // V2 signs its answer like a notification; check it when present.
      if (payload.messageSignature !== undefined) {
        const signed = notificationSignatureString(payload, securityKey);
        if (!signed || !signaturesMatch(payload.messageSignature, sha256Hex(signed))) {
          throw new FawryError('invalid-signature', 'Fawry status answer signature does not match');
        }
      }
      return paymentOf(payload);
    },

    async refund({ referenceNumber, amountPiasters, reason }) {
      assertPiasters(amountPiasters, 'amountPiasters');
      const signature = sha256Hex(
        refundSignatureString(
          { merchantCode, referenceNumber, refundPiasters: amountPiasters, reason },
          securityKey,
        ),
      );
      const payload = await call('refund', 'POST', FAWRY_PATHS.refund, {
        body: {
          merchantCode,
          referenceNumber,
          refundAmount: new WireAmount(amountPiasters),
          ...(reason ? { reason } : {}),
          signature,
        },
        logContext: { referenceNumber, refundPiasters: amountPiasters },
      });
      // Fawry answers a refund with its RefundResponse JSON (statusCode 200). Anything else (an
      // empty or unreadable 2xx) says nothing about whether the money moved: not a success.
      if (!isObject(payload) || resultCode(payload).code !== FAWRY_STATUS.ok) {
        logger?.warn({ fawry: 'refund', referenceNumber }, 'Fawry refund answer unreadable');
        throw new FawryError('unavailable', 'Fawry refund answer unreadable');
      }
    },

    async cancelUnpaidOrder({ referenceNumber, language }) {
      const lang = language ?? defaultLanguage;
      const signature = sha256Hex(
        cancelUnpaidOrderSignatureString(
          { orderRefNo: referenceNumber, merchantAccount: merchantCode, lang },
          securityKey,
        ),
      );
      await call('cancel-unpaid-order', 'POST', FAWRY_PATHS.cancelUnpaidOrder, {
        body: { merchantAccount: merchantCode, orderRefNo: referenceNumber, lang, signature },
        logContext: { referenceNumber },
      });
    },

    async listCardTokens(customerProfileId) {
      const signature = sha256Hex(
        listCardTokensSignatureString(merchantCode, customerProfileId, securityKey),
      );
      const payload = await call('list-card-tokens', 'GET', FAWRY_PATHS.cardToken, {
        query: { merchantCode, customerProfileId, signature },
        logContext: { customerProfileId },
      });
      const cards = isObject(payload) && Array.isArray(payload.cards) ? payload.cards : [];
      return cards.filter(isObject).flatMap((card): FawrySavedCard[] => {
        const token = textOf(card.token);
        if (!token) return [];
        return [
          {
            token,
            lastFourDigits: textOf(card.lastFourDigits) ?? '',
            firstSixDigits: textOf(card.firstSixDigits) ?? '',
            brand: textOf(card.brand) ?? '',
            holderName: textOf(card.cardHolderName),
            createdAt: dateOf(card.creationDate),
            isDefault: card.isDefault === true || card.default === true,
          },
        ];
      });
    },

    cardTokenUrl({ customerProfileId, returnUrl, locale }) {
      const url = new URL(`${baseUrl}${FAWRY_PATHS.cardTokenPage}`);
      url.searchParams.set('accNo', merchantCode);
      url.searchParams.set('customerProfileId', customerProfileId);
      url.searchParams.set('returnUrl', returnUrl);
      url.searchParams.set('locale', locale ?? (defaultLanguage === 'ar-eg' ? 'ar' : 'en'));
      return url.href;
    },

    async deleteCardToken({ customerProfileId, cardToken }) {
      const signature = sha256Hex(
        deleteCardTokenSignatureString({ merchantCode, customerProfileId, cardToken }, securityKey),
      );
      // Fawry's page shows a JSON body, but the API reads these from the query string.
      await call('delete-card-token', 'DELETE', FAWRY_PATHS.cardToken, {
        query: { merchantCode, customerProfileId, cardToken, signature },
        logContext: { customerProfileId },
      });
    },

    async installmentPlans() {
      const payload = await call('installment-plans', 'GET', FAWRY_PATHS.installmentPlans, {
        query: { accountNumber: merchantCode },
      });
      const list = Array.isArray(payload) ? payload : [];
      return list.filter(isObject).flatMap((entry): FawryInstallmentPlan[] => {
        const plan = isObject(entry.installmentPlan) ? entry.installmentPlan : undefined;
        const id = plan ? numberOf(plan.id) : undefined;
        const months = plan ? numberOf(plan.noOfMonths) : undefined;
        if (!plan || id === undefined || months === undefined) return [];
        const account = isObject(plan.accountType) ? plan.accountType : undefined;
        const bank = account && isObject(account.bank) ? account.bank : undefined;
        return [
          {
            id,
            months,
            nameAr: textOf(plan.nameAr) ?? '',
            nameEn: textOf(plan.nameEn) ?? '',
            ratePercent: numberOf(plan.rate) ?? 0,
            minPiasters: parseAmount(plan.minAmount) ?? 0,
            maxPiasters: parseAmount(plan.maxAmount) ?? Number.MAX_SAFE_INTEGER,
            bankNameAr: bank ? textOf(bank.nameAr) : undefined,
            bankNameEn: bank ? textOf(bank.nameEn) : undefined,
          },
        ];
      });
    },

    verifyNotification,

    readCardTokenReturn(query) {
      const q = queryObject(query);
      const code = numberOf(q.statusCode);
      const token = textOf(q.token);
      if (code !== FAWRY_STATUS.ok || !token) {
        const description = textOf(q.statusDescription);
        throw new FawryError(
          code === undefined ? 'unavailable' : kindOfFawryCode(code),
          `Fawry card page returned ${code ?? 'no status'}${description ? ` ${description}` : ''}`,
          {
            ...(code !== undefined ? { providerCode: code } : {}),
            ...(description ? { providerDescription: description } : {}),
          },
        );
      }
      return {
        token,
        lastFourDigits: textOf(q.lastFourDigits),
        firstSixDigits: textOf(q.firstSixDigits),
        holderName: textOf(q.cardHolderName),
        createdAt: dateOf(q.creationDate),
        isDefault: q.isDefault === 'true' || q.default === 'true',
      };
    },

    verifyChargeReturn(query) {
      const q = queryObject(query);
      const signed = chargeResponseSignatureString(q, securityKey);
      const expected = signed === undefined ? '0'.repeat(64) : sha256Hex(signed);
      if (!signaturesMatch(q.signature, expected) || signed === undefined) {
        throw new FawryError('invalid-signature', 'Fawry return signature does not match');
      }
      const merchantRefNumber = textOf(q.merchantRefNumber);
      const orderStatus = textOf(q.orderStatus) ?? '';
      const state = stateOfOrderStatus(orderStatus);
      if (!merchantRefNumber || !state) throw unreadable('return parameters');
      return {
        merchantRefNumber,
        referenceNumber: textOf(q.referenceNumber),
        state,
        orderStatus,
        statusCode: numberOf(q.statusCode),
        statusDescription: textOf(q.statusDescription),
        authNumber: textOf(q.authNumber),
        ...amountsOf(q),
      };
    },
  };
}
