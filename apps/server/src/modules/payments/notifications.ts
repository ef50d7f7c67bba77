import { FawryUnknownStatusError, isFawryError } from '../../integrations/fawry';
import type { FawryNotification } from '../../integrations/fawry';
import { isPaymobError } from '../../integrations/paymob';
import type { PaymobTransaction } from '../../integrations/paymob';
import type { PaymentsContext } from './context';
import {
  countUnverifiedNotification,
  findTransactionByOrderReference,
  noteFailureReason,
  recordNotification,
} from './repo';
import { fawryRefundEvidence, settleOpenRefund } from './refunds';
import { applyOutcome } from './settle';
import type { ProviderOutcome } from './settle';
import { fawryMismatch, fawryOutcome } from './status';

/**
 * What the notification routes answer. Fawry and Paymob retry anything but a 2xx, so an event we
 * read and recorded (applied, replayed, or refused for a mismatch that a retry cannot fix) gets
 * 200; a body that fails its signature gets 400: it is not from the gateway (or our keys are
 * wrong, and the gateway's retries then deliver it once they are fixed).
 */
export type NotificationAnswer = 200 | 400;

const textField = (body: unknown, name: string): string => {
  if (typeof body !== 'object' || body === null) return '-';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 64) : '-';
};

/** The key prefix of a verified Fawry notification with a status we do not know (for review). */
export const UNKNOWN_STATUS_PREFIX = 'unknown-status:';

/** A verified event we do not apply (no order of ours, a mismatch): kept in full. */
async function recordRefused(
  ctx: PaymentsContext,
  provider: 'fawry' | 'paymob',
  eventKey: string,
  body: unknown,
  transactionId: number | null = null,
): Promise<void> {
  await recordNotification(ctx.db, { provider, eventKey, transactionId, verified: true, body });
}

/** Fawry's key of an event: its order and status (a partial refund may come more than once). */
function fawryEventKey(notification: FawryNotification): string {
  const base = `${notification.referenceNumber}:${notification.orderStatus.toUpperCase()}`;
  return notification.state === 'partially-refunded'
    ? `${base}:${notification.requestId ?? notification.paymentAmountPiasters}`
    : base;
}

/**
 * POST /fawry/notification (server notification V2): verified in constant time (a body failing
 * it is only counted, never stored), recorded, matched against our transaction (reference, amount), then applied through
 * the guarded path. A replay of an applied event changes nothing.
 */
export async function handleFawryNotification(
  ctx: PaymentsContext,
  body: unknown,
): Promise<NotificationAnswer> {
  let notification: FawryNotification;
  try {
    notification = ctx.gateways.fawry.verifyNotification(body);
  } catch (error) {
    if (error instanceof FawryUnknownStatusError) {
      // Fawry's signature, a status we do not know: kept in full for review (verified, under
      // `unknown-status:`), acknowledged so Fawry stops retrying, nothing applied.
      const row = await findTransactionByOrderReference(ctx.db, error.merchantRefNumber);
      const eventKey = `${UNKNOWN_STATUS_PREFIX}${error.merchantRefNumber ?? '-'}:${error.orderStatus
        .toUpperCase()
        .slice(0, 40)}:${error.requestId ?? '-'}`;
      await recordRefused(ctx, 'fawry', eventKey, body, row?.provider === 'fawry' ? row.id : null);
      ctx.log.warn(
        { eventKey, transactionId: row?.id },
        'Fawry notification with an unknown status: kept for review',
      );
      return 200;
    }
    if (!isFawryError(error)) throw error;
    const key = `unverified:${textField(body, 'merchantRefNumber')}:${textField(body, 'orderStatus')}`;
    await countUnverifiedNotification(ctx.db, 'fawry', key, ctx.clock.now());
    ctx.log.warn({ key }, 'Fawry notification refused: wrong signature');
    return 400;
  }
  const eventKey = fawryEventKey(notification);
  const row = await findTransactionByOrderReference(ctx.db, notification.merchantRefNumber);
  if (!row || row.provider !== 'fawry') {
    await recordRefused(ctx, 'fawry', `unknown:${eventKey}`, body);
    ctx.log.warn({ eventKey }, 'Fawry notification for no order of ours');
    return 200;
  }
  const mismatch = fawryMismatch(notification, row);
  if (mismatch) {
    // Only a unique key for the refused row when Fawry sent no request id: not business time.
    // eslint-disable-next-line no-restricted-syntax -- uniqueness of a key, not business time
    const key = `mismatch:${eventKey}:${notification.requestId ?? Date.now()}`;
    await recordRefused(ctx, 'fawry', key, body, row.id);
    ctx.log.error({ transactionId: row.id, mismatch }, 'Fawry notification does not match');
    return 200;
  }
  await applyOutcome(ctx, row.id, fawryOutcome(notification), {
    notification: { provider: 'fawry', eventKey, body },
  });
  if (notification.state === 'refunded' || notification.state === 'partially-refunded') {
    // Settles a refund of ours whose answer was lost (never refuses one: only the status job does).
    await settleOpenRefund(ctx, row.id, fawryRefundEvidence(notification), false);
  }
  return 200;
}

/** Paymob's key of an event: its transaction, what it is, and where it stands. */
const paymobEventKey = (transaction: PaymobTransaction): string =>
  `${transaction.transactionId}:${transaction.kind}:${
    transaction.success ? 'success' : transaction.pending ? 'pending' : 'declined'
  }`;

/**
 * POST /paymob/callback (transaction processed callback): HMAC-verified, recorded, matched
 * (order, amount, currency EGP) and applied. Only a successful payment changes the status: a
 * declined attempt leaves the checkout open (Paymob lets the customer try another card on the
 * same intention) and is noted; refunds and voids are ours, applied by the refund route.
 */
export async function handlePaymobCallback(
  ctx: PaymentsContext,
  body: unknown,
  hmac: unknown,
): Promise<NotificationAnswer> {
  let transaction: PaymobTransaction;
  try {
    transaction = ctx.gateways.paymob.verifyCallback(body, hmac);
  } catch (error) {
    if (!isPaymobError(error)) throw error;
    const obj =
      typeof body === 'object' && body !== null ? (body as { obj?: unknown }).obj : undefined;
    const key = `unverified:${textField(obj, 'id')}`;
    await countUnverifiedNotification(ctx.db, 'paymob', key, ctx.clock.now());
    ctx.log.warn({ key, kind: error.kind }, 'Paymob callback refused');
    return 400;
  }
  const eventKey = paymobEventKey(transaction);
  const row = await findTransactionByOrderReference(ctx.db, transaction.merchantReference);
  if (!row || row.provider !== 'paymob') {
    await recordRefused(ctx, 'paymob', `unknown:${eventKey}`, body);
    ctx.log.warn({ eventKey }, 'Paymob callback for no order of ours');
    return 200;
  }
  const notification = { provider: 'paymob' as const, eventKey, body };
  if (transaction.kind !== 'payment') {
    await applyOutcome(ctx, row.id, undefined, { notification });
    if (transaction.kind === 'refund' && transaction.success && !transaction.pending) {
      // A refund of ours whose answer was lost is settled by its own callback.
      await settleOpenRefund(
        ctx,
        row.id,
        {
          refundedTotal: undefined,
          state: 'partially-refunded',
          refundAmount: transaction.amountPiasters,
          providerRefundId: String(transaction.transactionId),
        },
        false,
      );
    }
    return 200;
  }
  const mismatch =
    transaction.amountPiasters !== row.amount
      ? 'amount'
      : transaction.currency !== 'EGP'
        ? 'currency'
        : row.providerReference && row.providerReference !== String(transaction.paymobOrderId)
          ? 'Paymob order'
          : undefined;
  if (mismatch) {
    await recordRefused(ctx, 'paymob', `mismatch:${eventKey}`, body, row.id);
    ctx.log.error({ transactionId: row.id, mismatch }, 'Paymob callback does not match');
    return 200;
  }
  let outcome: ProviderOutcome | undefined;
  if (transaction.success && !transaction.pending) {
    outcome = {
      kind: 'paid',
      providerReference: String(transaction.paymobOrderId),
      paidAt: ctx.clock.now(),
    };
  }
  const result = await applyOutcome(ctx, row.id, outcome, { notification });
  if (transaction.refunded) {
    await settleOpenRefund(
      ctx,
      row.id,
      { refundedTotal: transaction.refundedPiasters, state: 'partially-refunded' },
      false,
    );
  }
  if (result.kind !== 'replay' && !transaction.success && !transaction.pending) {
    await noteFailureReason(ctx.db, row.id, `declined:${transaction.message ?? ''}`.slice(0, 200));
  }
  return 200;
}
