/**
 * Refunds, full or partial, of a paid order; and the refund that takes the money and then goes
 * wrong on the way back (`failNextRefund`), which the adapter must treat as in doubt.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { FAWRY_PATHS, FAWRY_STATUS } from '../protocol';
import {
  formatAmount,
  parseAmount,
  refundSignatureString,
  sha256Hex,
  signaturesMatch,
} from '../signatures';
import { failure, OK_DESCRIPTION, wrongMerchant, wrongSignature } from './answers';
import { record } from './state';
import type { FawrySim } from './state';
import type { SimulatedOrder } from './types';
import { field, isObject } from './wire';
import type { Json } from './wire';

const TYPE = 'RefundResponse';
/** How long a refund that never answers holds its connection (longer than the adapter waits). */
const DEFAULT_HOLD_MS = 20_000;

type RefundCheck =
  { ok: true; order: SimulatedOrder; refundPiasters: number } | { ok: false; answer: Json };

const refuse = (statusCode: number, description: string): RefundCheck => ({
  ok: false,
  answer: failure(TYPE, statusCode, description),
});

/** The refund request checked: the order and the amount, or Fawry's refusal. */
function readRefund(sim: FawrySim, body: unknown): RefundCheck {
  if (!isObject(body)) return refuse(FAWRY_STATUS.badRequest, 'Invalid request body');
  if (field(body, 'merchantCode') !== sim.merchantCode) {
    return { ok: false, answer: wrongMerchant(TYPE) };
  }
  const referenceNumber = field(body, 'referenceNumber');
  const refundPiasters = parseAmount(body.refundAmount);
  if (!referenceNumber)
    return refuse(FAWRY_STATUS.referenceNumberBlank, 'Reference number is blank');
  if (refundPiasters === undefined || refundPiasters === 0) {
    return refuse(FAWRY_STATUS.invalidAmount, 'Invalid refund amount');
  }
  const expected = sha256Hex(
    refundSignatureString(
      {
        merchantCode: sim.merchantCode,
        referenceNumber,
        refundPiasters,
        reason: field(body, 'reason'),
      },
      sim.securityKey,
    ),
  );
  if (!signaturesMatch(body.signature, expected))
    return { ok: false, answer: wrongSignature(TYPE) };
  const order = sim.books.byReference.get(referenceNumber);
  if (!order) return refuse(FAWRY_STATUS.orderNotFound, 'Order not found');
  if (
    order.status !== 'PAID' &&
    order.status !== 'PARTIAL_REFUNDED' &&
    order.status !== 'REFUNDED'
  ) {
    return refuse(FAWRY_STATUS.orderNotPaid, 'Order is not paid');
  }
  const refundable = order.amountPiasters - order.refundedPiasters;
  if (refundPiasters > refundable) {
    return refuse(
      FAWRY_STATUS.refundAmountExceeded,
      `Refund amount exceeds the refundable amount ${formatAmount(refundable)}`,
    );
  }
  return { ok: true, order, refundPiasters };
}

export function refundRoutes(app: FastifyInstance, sim: FawrySim): void {
  app.post(FAWRY_PATHS.refund, async (request, reply): Promise<Json | FastifyReply> => {
    record(sim.books, request);
    const checked = readRefund(sim, request.body);
    if (!checked.ok) return checked.answer;
    const { order, refundPiasters } = checked;
    order.refundedPiasters += refundPiasters;
    order.status =
      order.refundedPiasters === order.amountPiasters ? 'REFUNDED' : 'PARTIAL_REFUNDED';
    const fault = sim.refundFault;
    sim.refundFault = undefined;
    if (fault?.notify !== false) sim.notifier.notify(order);
    if (fault?.mode === 'garbage') {
      return reply
        .code(200)
        .type('text/html')
        .send('<html><body>Service Unavailable</body></html>');
    }
    if (fault?.mode === 'hang') {
      // The money moved; the answer never comes: the connection is held open, then dropped.
      reply.hijack();
      sim.held.hold(request.raw.socket, fault.holdMs ?? DEFAULT_HOLD_MS);
      return reply;
    }
    return failure(TYPE, FAWRY_STATUS.ok, OK_DESCRIPTION);
  });
}
