/** An order after its charge: its status, a refund of a paid one, cancelling an unpaid one. */
import { FawryError } from '../errors';
import type { FawryClient, FawryPayment } from '../interface';
import { FAWRY_PATHS, FAWRY_STATUS } from '../protocol';
import {
  cancelUnpaidOrderSignatureString,
  notificationSignatureString,
  paymentStatusSignatureString,
  refundSignatureString,
  sha256Hex,
  signaturesMatch,
} from '../signatures';
import type { FawryContext } from './context';
import { isObject, paymentOf, resultCode, unreadable } from './read';
import { assertPiasters, WireAmount } from './wire';

/** Get Payment Status V2 by our merchantRefNum. */
export async function paymentStatus(
  ctx: FawryContext,
  merchantRefNumber: string,
): Promise<FawryPayment> {
  const { merchantCode, securityKey } = ctx;
  const signature = sha256Hex(
    paymentStatusSignatureString(merchantCode, merchantRefNumber, securityKey),
  );
  const payload = await ctx.call('status', 'GET', FAWRY_PATHS.statusV2, {
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
}

/** Full or partial; `referenceNumber` is Fawry's reference of the paid order. */
export async function refund(
  ctx: FawryContext,
  { referenceNumber, amountPiasters, reason }: Parameters<FawryClient['refund']>[0],
): Promise<void> {
  const { merchantCode, securityKey } = ctx;
  assertPiasters(amountPiasters, 'amountPiasters');
  const signature = sha256Hex(
    refundSignatureString(
      { merchantCode, referenceNumber, refundPiasters: amountPiasters, reason },
      securityKey,
    ),
  );
  const payload = await ctx.call('refund', 'POST', FAWRY_PATHS.refund, {
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
    ctx.logger?.warn({ fawry: 'refund', referenceNumber }, 'Fawry refund answer unreadable');
    throw new FawryError('unavailable', 'Fawry refund answer unreadable');
  }
}

/** `referenceNumber` is Fawry's reference of the unpaid order. */
export async function cancelUnpaidOrder(
  ctx: FawryContext,
  { referenceNumber, language }: Parameters<FawryClient['cancelUnpaidOrder']>[0],
): Promise<void> {
  const { merchantCode, securityKey } = ctx;
  const lang = language ?? ctx.defaultLanguage;
  const signature = sha256Hex(
    cancelUnpaidOrderSignatureString(
      { orderRefNo: referenceNumber, merchantAccount: merchantCode, lang },
      securityKey,
    ),
  );
  await ctx.call('cancel-unpaid-order', 'POST', FAWRY_PATHS.cancelUnpaidOrder, {
    body: { merchantAccount: merchantCode, orderRefNo: referenceNumber, lang, signature },
    logContext: { referenceNumber },
  });
}
