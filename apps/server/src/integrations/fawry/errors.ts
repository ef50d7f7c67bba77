import {
  FAWRY_NOT_FOUND_CODES,
  FAWRY_REJECTION_CODES,
  FAWRY_STATUS,
  FAWRY_TECHNICAL_CODES,
} from './protocol';

/**
 * - `declined`: the card or wallet refused the payment (issuer decline, insufficient funds, fraud
 *   checks, 3-D Secure failed); the user should try another card or method.
 * - `rejected`: Fawry understood and refused the request (refund above what was paid, order not
 *   paid or already cancelled, amount not allowed, unknown installment plan, duplicate order).
 * - `invalid-signature`: a signature did not match: Fawry refused ours (our secure key or a
 *   formatting bug), or a notification/return we received is forged, tampered or malformed.
 * - `not-found`: no such order, payment or card token.
 * - `unavailable`: our configuration (merchant code), Fawry, the bank or the network failed;
 *   retry later.
 *
 * All five surface to the browser as the spec's `fawry-error` (or `not-found`).
 */
export const FAWRY_ERROR_KINDS = [
  'declined',
  'rejected',
  'invalid-signature',
  'not-found',
  'unavailable',
] as const;
export type FawryErrorKind = (typeof FAWRY_ERROR_KINDS)[number];

export class FawryError extends Error {
  override name = 'FawryError';
  readonly kind: FawryErrorKind;
  /** Fawry's `statusCode` (or cancel-order `code`), or the HTTP status when there was none. */
  readonly providerCode: number | undefined;
  /** Fawry's `statusDescription` / `description`, for logs and support. */
  readonly providerDescription: string | undefined;

  constructor(
    kind: FawryErrorKind,
    message: string,
    options?: { cause?: unknown; providerCode?: number; providerDescription?: string },
  ) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.providerCode = options?.providerCode;
    this.providerDescription = options?.providerDescription;
  }
}

export const isFawryError = (error: unknown): error is FawryError => error instanceof FawryError;

/**
 * A notification whose signature is Fawry's but whose `orderStatus` is none we know. Not a
 * forgery and not something a retry changes: the caller acknowledges it (200), keeps it for
 * review and changes nothing. Deliberately not a FawryError, so it cannot be mistaken for one.
 */
export class FawryUnknownStatusError extends Error {
  override name = 'FawryUnknownStatusError';
  readonly orderStatus: string;
  readonly merchantRefNumber: string | undefined;
  readonly requestId: string | undefined;

  constructor(fields: {
    orderStatus: string;
    merchantRefNumber: string | undefined;
    requestId: string | undefined;
  }) {
    super(`Fawry notification with an unknown order status: ${fields.orderStatus.slice(0, 40)}`);
    this.orderStatus = fields.orderStatus;
    this.merchantRefNumber = fields.merchantRefNumber;
    this.requestId = fields.requestId;
  }
}

/** The kind of a non-200 `statusCode` (or cancel-order `code`). */
export function kindOfFawryCode(code: number): FawryErrorKind {
  if (code === FAWRY_STATUS.invalidSignature) return 'invalid-signature';
  if (FAWRY_NOT_FOUND_CODES.has(code)) return 'not-found';
  if (FAWRY_REJECTION_CODES.has(code)) return 'rejected';
  // A wrong merchant code, or 401/403, is our configuration: nothing the user can fix.
  if (
    code === FAWRY_STATUS.invalidMerchantCode ||
    code === 401 ||
    code === 403 ||
    FAWRY_TECHNICAL_CODES.has(code)
  ) {
    return 'unavailable';
  }
  // 999xx are the acquirer's answers about the card; 55006 an unauthorized card.
  if ((code >= 99900 && code <= 99999) || code === 55006) return 'declined';
  if (code >= 500 && code < 600) return 'unavailable';
  if (code >= 400 && code < 500) return 'rejected';
  return 'unavailable';
}
