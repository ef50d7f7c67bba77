/**
 * FawryPay request and callback signatures: SHA-256 (lower-case hex) of fields concatenated with
 * no separator, the merchant's secure key last. Every amount in a signature is written with two
 * decimals ("10.00"); here it is built from integer piasters, never from a float.
 *
 * Each `...String` function returns the exact text that is hashed, so tests and logs of a mismatch
 * can compare it (never log it: it ends with the secure key).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** `12345` piasters -> `"123.45"`; refuses fractions and negative amounts. */
export function formatAmount(piasters: number): string {
  if (!Number.isSafeInteger(piasters) || piasters < 0) {
    throw new RangeError(`An amount must be a whole, non-negative number of piasters: ${piasters}`);
  }
  const value = BigInt(piasters);
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Piasters from an amount as Fawry sends it: a JSON number (`152`, `20.1`) or a decimal string
 * (`"152.00"`). Undefined when it is not a non-negative amount with at most two decimals. A
 * number is read through its shortest decimal form, so no float arithmetic decides the result.
 */
export function parseAmount(value: unknown): number | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  // "20.000" is still 20.00; "20.001" is not an amount of money.
  if (/[1-9]/.test(fraction.slice(2))) return undefined;
  const piasters = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  return piasters <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(piasters) : undefined;
}

/** An amount's two-decimal text as Fawry signs it, or undefined when it is not an amount. */
export function amountText(value: unknown): string | undefined {
  const piasters = parseAmount(value);
  return piasters === undefined ? undefined : formatAmount(piasters);
}

export const sha256Hex = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');

/** Constant-time comparison of a received hex signature with the expected one. */
export function signaturesMatch(received: unknown, expected: string): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(received.trim().toLowerCase(), 'utf8');
  const b = Buffer.from(expected.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const text = (value: string | number | undefined | null): string =>
  value === undefined || value === null ? '' : String(value);

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * The fields of a charge request that its signature covers. Absent optional fields count as "".
 *
 * Order (one superset of the per-method orders on Fawry's pages):
 * merchantCode + merchantRefNum + customerProfileId + paymentMethod + amount(2dp)
 * + cardToken + cardNumber + cardExpiryYear + cardExpiryMonth + cvv + installmentPlanId
 * + debitMobileWalletNo + returnUrl + secureKey.
 *
 * - reference number (PAYATFAWRY): through amount.
 * - card token, 3-D Secure: + cardToken + cvv + returnUrl.
 * - e-wallet: through amount (QR), + debitMobileWalletNo (request-to-pay).
 * - installments: + cardToken + cvv + installmentPlanId (+ returnUrl when sent).
 */
export interface ChargeSignatureFields {
  merchantCode: string;
  merchantRefNum: string;
  customerProfileId?: string | undefined;
  paymentMethod: string;
  amountPiasters: number;
  cardToken?: string | undefined;
  cardNumber?: string | undefined;
  cardExpiryYear?: string | undefined;
  cardExpiryMonth?: string | undefined;
  cvv?: string | undefined;
  installmentPlanId?: string | number | undefined;
  debitMobileWalletNo?: string | undefined;
  returnUrl?: string | undefined;
}

export function chargeSignatureString(f: ChargeSignatureFields, secureKey: string): string {
  return [
    f.merchantCode,
    f.merchantRefNum,
    text(f.customerProfileId),
    f.paymentMethod,
    formatAmount(f.amountPiasters),
    text(f.cardToken),
    text(f.cardNumber),
    text(f.cardExpiryYear),
    text(f.cardExpiryMonth),
    text(f.cvv),
    text(f.installmentPlanId),
    text(f.debitMobileWalletNo),
    text(f.returnUrl),
    secureKey,
  ].join('');
}

/** Get Payment Status (V1 and V2): merchantCode + merchantRefNumber + secureKey. */
export const paymentStatusSignatureString = (
  merchantCode: string,
  merchantRefNumber: string,
  secureKey: string,
): string => `${merchantCode}${merchantRefNumber}${secureKey}`;

/** Refund: merchantCode + referenceNumber + refundAmount(2dp) + reason (if any) + secureKey. */
export const refundSignatureString = (
  f: {
    merchantCode: string;
    referenceNumber: string;
    refundPiasters: number;
    reason?: string | undefined;
  },
  secureKey: string,
): string =>
  `${f.merchantCode}${f.referenceNumber}${formatAmount(f.refundPiasters)}${text(f.reason)}${secureKey}`;

/** Cancel unpaid order: orderRefNo + merchantAccount + lang + secureKey (this order, per Fawry). */
export const cancelUnpaidOrderSignatureString = (
  f: { orderRefNo: string; merchantAccount: string; lang: string },
  secureKey: string,
): string => `${f.orderRefNo}${f.merchantAccount}${f.lang}${secureKey}`;

/** List card tokens: merchantCode + customerProfileId + secureKey. */
export const listCardTokensSignatureString = (
  merchantCode: string,
  customerProfileId: string,
  secureKey: string,
): string => `${merchantCode}${customerProfileId}${secureKey}`;

/** Delete a card token: merchantCode + customerProfileId + cardToken + secureKey. */
export const deleteCardTokenSignatureString = (
  f: { merchantCode: string; customerProfileId: string; cardToken: string },
  secureKey: string,
): string => `${f.merchantCode}${f.customerProfileId}${f.cardToken}${secureKey}`;

// ---------------------------------------------------------------------------------------------
// What Fawry signs

/**
 * Server notification V2 (and Get Payment Status V2's `messageSignature`):
 * fawryRefNumber + merchantRefNumber + paymentAmount(2dp) + orderAmount(2dp) + orderStatus
 * + paymentMethod + paymentRefrenceNumber (empty when absent, as in a creation notice) + secureKey.
 * Undefined when an amount is unreadable (then nothing can match).
 */
export function notificationSignatureString(
  body: {
    fawryRefNumber?: unknown;
    merchantRefNumber?: unknown;
    paymentAmount?: unknown;
    orderAmount?: unknown;
    orderStatus?: unknown;
    paymentMethod?: unknown;
    paymentRefrenceNumber?: unknown;
  },
  secureKey: string,
): string | undefined {
  const paymentAmount = amountText(body.paymentAmount);
  const orderAmount = amountText(body.orderAmount);
  if (paymentAmount === undefined || orderAmount === undefined) return undefined;
  return [
    scalar(body.fawryRefNumber),
    scalar(body.merchantRefNumber),
    paymentAmount,
    orderAmount,
    scalar(body.orderStatus),
    scalar(body.paymentMethod),
    scalar(body.paymentRefrenceNumber),
    secureKey,
  ].join('');
}

/** Strings and numbers as text; anything else (absent, null, objects) as "". */
function scalar(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The messageSignature Fawry would put on this notification body. */
export function signNotification(
  body: Parameters<typeof notificationSignatureString>[0],
  secureKey: string,
): string {
  const payload = notificationSignatureString(body, secureKey);
  if (payload === undefined) throw new RangeError('A notification needs readable amounts');
  return sha256Hex(payload);
}

/** Constant-time check of a notification's (or a status answer's) messageSignature. */
export function verifyNotificationSignature(
  body: Record<string, unknown>,
  secureKey: string,
): boolean {
  const payload = notificationSignatureString(body, secureKey);
  // Compare against something of the right length even when unreadable, to keep timing flat.
  const expected = payload === undefined ? '0'.repeat(64) : sha256Hex(payload);
  return signaturesMatch(body.messageSignature, expected) && payload !== undefined;
}

/**
 * The `signature` of a charge answer, also put on the 3-D Secure return URL's query:
 * referenceNumber (if any) + merchantRefNumber + paymentAmount(2dp) + orderAmount(2dp)
 * + orderStatus + paymentMethod + fawryFees(2dp, if present) + shippingFees(2dp, if present)
 * + authNumber (if any) + customerMail (if any) + customerMobile (if any) + secureKey.
 */
export function chargeResponseSignatureString(
  f: Record<string, unknown>,
  secureKey: string,
): string | undefined {
  const paymentAmount = amountText(f.paymentAmount);
  const orderAmount = amountText(f.orderAmount);
  if (paymentAmount === undefined || orderAmount === undefined) return undefined;
  const optionalAmount = (value: unknown): string | undefined =>
    value === undefined || value === null || value === '' ? '' : amountText(value);
  const fees = optionalAmount(f.fawryFees);
  const shipping = optionalAmount(f.shippingFees);
  if (fees === undefined || shipping === undefined) return undefined;
  return [
    scalar(f.referenceNumber),
    scalar(f.merchantRefNumber),
    paymentAmount,
    orderAmount,
    scalar(f.orderStatus),
    scalar(f.paymentMethod),
    fees,
    shipping,
    scalar(f.authNumber),
    scalar(f.customerMail),
    scalar(f.customerMobile),
    secureKey,
  ].join('');
}
