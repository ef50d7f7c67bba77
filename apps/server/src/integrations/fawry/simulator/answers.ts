/** Fawry's answers: refusals with their status codes, and the charge answers of an order. */
import { FAWRY_STATUS } from '../protocol';
import { chargeResponseSignatureString, formatAmount, sha256Hex } from '../signatures';
import type { SimulatedOrder } from './types';
import { pounds } from './wire';
import type { Json } from './wire';

export const OK_DESCRIPTION = 'Operation done successfully';

/** A 1x1 PNG: the simulator's wallet "QR code" (Fawry's is a real QR as a base64 PNG). */
const PLACEHOLDER_QR =
  'data:image/PNG;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const failure = (type: string, statusCode: number, statusDescription: string): Json => ({
  type,
  statusCode,
  statusDescription,
});

export const wrongMerchant = (type: string): Json =>
  failure(type, FAWRY_STATUS.invalidMerchantCode, 'Merchant code is invalid');

export const wrongSignature = (type: string): Json =>
  failure(type, FAWRY_STATUS.invalidSignature, 'Wrong Signature');

export const chargeFailure = (statusCode: number, description: string): Json =>
  failure('ChargeResponse', statusCode, description);

/** The answer to a charge that paid (or, with a card, failed) at once. */
export function chargeAnswer(order: SimulatedOrder, securityKey: string): Json {
  const answer: Json = {
    type: 'ChargeResponse',
    referenceNumber: order.referenceNumber,
    merchantRefNumber: order.merchantRefNumber,
    orderAmount: pounds(order.amountPiasters),
    paymentAmount: pounds(order.amountPiasters + order.feesPiasters),
    fawryFees: pounds(order.feesPiasters),
    paymentMethod: order.method,
    orderStatus: order.status,
    ...(order.paidAt ? { paymentTime: order.paidAt.getTime() } : {}),
    ...(order.expiresAt ? { expirationTime: order.expiresAt.getTime() } : {}),
    ...(order.customerMobile ? { customerMobile: order.customerMobile } : {}),
    ...(order.customerMail ? { customerMail: order.customerMail } : {}),
    ...(order.customerProfileId ? { customerProfileId: order.customerProfileId } : {}),
    ...(order.authNumber ? { authNumber: order.authNumber } : {}),
  };
  const signed = chargeResponseSignatureString(answer, securityKey);
  return {
    ...answer,
    ...(signed ? { signature: sha256Hex(signed) } : {}),
    statusCode: FAWRY_STATUS.ok,
    statusDescription: OK_DESCRIPTION,
  };
}

/** The answer to a charge paid later: a reference number, or a wallet request (with a QR). */
export function laterAnswer(order: SimulatedOrder): Json {
  return {
    type: 'ChargeResponse',
    referenceNumber: order.referenceNumber,
    merchantRefNumber: order.merchantRefNumber,
    ...(order.expiresAt ? { expirationTime: order.expiresAt.getTime() } : {}),
    orderAmount: pounds(order.amountPiasters),
    paymentAmount: pounds(order.amountPiasters + order.feesPiasters),
    fawryFees: pounds(order.feesPiasters),
    paymentMethod: order.method,
    orderStatus: 'UNPAID',
    ...(order.customerMobile ? { customerMobile: order.customerMobile } : {}),
    ...(order.customerMail ? { customerMail: order.customerMail } : {}),
    ...(order.customerProfileId ? { customerProfileId: order.customerProfileId } : {}),
    ...(order.method === 'MWALLET' && !order.walletMobile ? { walletQr: PLACEHOLDER_QR } : {}),
    statusCode: FAWRY_STATUS.ok,
    statusDescription: OK_DESCRIPTION,
  };
}

/** The query Fawry puts on returnUrl after 3-D Secure, signed like a charge answer. */
export function returnParams(order: SimulatedOrder, securityKey: string): Record<string, string> {
  const values: Record<string, string> = {
    type: 'ChargeResponse',
    referenceNumber: order.referenceNumber,
    merchantRefNumber: order.merchantRefNumber,
    orderAmount: formatAmount(order.amountPiasters),
    paymentAmount: formatAmount(order.amountPiasters + order.feesPiasters),
    fawryFees: formatAmount(order.feesPiasters),
    paymentMethod: order.method,
    orderStatus: order.status,
    ...(order.paidAt ? { paymentTime: String(order.paidAt.getTime()) } : {}),
    ...(order.customerMobile ? { customerMobile: order.customerMobile } : {}),
    ...(order.customerMail ? { customerMail: order.customerMail } : {}),
    ...(order.customerProfileId ? { customerProfileId: order.customerProfileId } : {}),
    ...(order.authNumber ? { authNumber: order.authNumber } : {}),
  };
  const signed = chargeResponseSignatureString(values, securityKey);
  return {
    ...values,
    ...(signed ? { signature: sha256Hex(signed) } : {}),
    statusCode: String(order.failure?.code ?? FAWRY_STATUS.ok),
    statusDescription: order.failure?.reason ?? OK_DESCRIPTION,
  };
}
