/**
 * What Fawry sends back on its own: server notifications V2 (POSTed to our callback) and the
 * 3-D Secure return query. Both are signed; a wrong or missing signature is refused.
 */
import { FawryError, FawryUnknownStatusError } from '../errors';
import type { FawryChargeReturn, FawryNotification, FawryPayment, QueryInput } from '../interface';
import {
  chargeResponseSignatureString,
  notificationSignatureString,
  sha256Hex,
  signaturesMatch,
} from '../signatures';
import type { FawryContext } from './context';
import {
  amountsOf,
  isObject,
  numberOf,
  paymentOf,
  queryObject,
  stateOfOrderStatus,
  textOf,
  unreadable,
} from './read';

/** A body that cannot match any signature, so the comparison still runs in constant time. */
const NO_SIGNATURE = '0'.repeat(64);

/** The notification's JSON, from the parsed body or its raw text. */
function notificationPayload(body: unknown): Record<string, unknown> {
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
  return payload;
}

/**
 * A server notification V2 (the parsed JSON body, or its raw text), verified. Throws FawryError
 * `invalid-signature` when the signature does not match or the body is unreadable.
 */
export function verifyNotification(ctx: FawryContext, body: unknown): FawryNotification {
  const payload = notificationPayload(body);
  const signatureString = notificationSignatureString(payload, ctx.securityKey);
  const expected = signatureString === undefined ? NO_SIGNATURE : sha256Hex(signatureString);
  if (!signaturesMatch(payload.messageSignature, expected) || signatureString === undefined) {
    ctx.logger?.warn(
      { fawry: 'notification', merchantRefNumber: textOf(payload.merchantRefNumber) },
      'Fawry notification with a wrong signature',
    );
    throw new FawryError('invalid-signature', 'Fawry notification signature does not match');
  }
  // Signed by Fawry, but a status we do not know (Fawry may add some): not a forgery.
  const orderStatus = textOf(payload.orderStatus) ?? textOf(payload.paymentStatus);
  if (orderStatus !== undefined && !stateOfOrderStatus(orderStatus)) {
    ctx.logger?.warn(
      { fawry: 'notification', merchantRefNumber: textOf(payload.merchantRefNumber), orderStatus },
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
}

/** The 3-D Secure return query, verified. Still confirm with paymentStatus before delivering. */
export function verifyChargeReturn(ctx: FawryContext, query: QueryInput): FawryChargeReturn {
  const q = queryObject(query);
  const signed = chargeResponseSignatureString(q, ctx.securityKey);
  const expected = signed === undefined ? NO_SIGNATURE : sha256Hex(signed);
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
}
