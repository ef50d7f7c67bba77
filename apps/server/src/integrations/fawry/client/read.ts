/** Reading Fawry's answers, notifications and return queries into the interface's types. */
import { FawryError } from '../errors';
import type {
  FawryAmounts,
  FawryMethod,
  FawryPayment,
  FawryPaymentState,
  FawryReferenceInput,
  FawryReferenceResult,
  QueryInput,
} from '../interface';
import { parseAmount } from '../signatures';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

export function dateOf(value: unknown): Date | undefined {
  const ms = numberOf(value);
  return ms === undefined || ms <= 0 ? undefined : new Date(ms);
}

/** Fawry's result code: `statusCode`, or `code` in the newer order APIs. */
export function resultCode(payload: unknown): {
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

export const unreadable = (what: string): FawryError =>
  new FawryError('unavailable', `Fawry answer could not be read: ${what}`);

export function amountsOf(payload: Json): FawryAmounts {
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
export function referenceResult(payload: Json, input: FawryReferenceInput): FawryReferenceResult {
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
export function paymentOf(payload: Json): FawryPayment {
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

export function queryObject(query: QueryInput): Json {
  if (query instanceof URLSearchParams) return Object.fromEntries(query.entries());
  const out: Json = {};
  for (const [key, value] of Object.entries(query)) {
    // Repeated parameters are ambiguous: count them as absent.
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
}
