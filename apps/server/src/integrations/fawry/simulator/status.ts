/** Get Payment Status V2: an order by the merchant's reference, signed like a notification. */
import type { FastifyInstance } from 'fastify';
import { FAWRY_PATHS, FAWRY_STATUS } from '../protocol';
import { paymentStatusSignatureString, sha256Hex, signaturesMatch } from '../signatures';
import { failure, OK_DESCRIPTION, wrongMerchant, wrongSignature } from './answers';
import { record } from './state';
import type { FawrySim } from './state';
import type { SimulatedOrder } from './types';
import { field, params } from './wire';
import type { Json } from './wire';

const TYPE = 'PaymentStatusResponse';

function statusAnswer(sim: FawrySim, order: SimulatedOrder): Json {
  // The status API says UNPAID where the creation notification says NEW.
  const body = sim.notifier.bodyOf(order, { orderStatus: order.status });
  return { type: TYPE, ...body, statusCode: FAWRY_STATUS.ok, statusDescription: OK_DESCRIPTION };
}

export function statusRoutes(app: FastifyInstance, sim: FawrySim): void {
  const { merchantCode, securityKey } = sim;
  app.get(FAWRY_PATHS.statusV2, async (request) => {
    record(sim.books, request);
    const q = params(request);
    if (field(q, 'merchantCode') !== merchantCode) return wrongMerchant(TYPE);
    const merchantRefNumber = field(q, 'merchantRefNumber');
    if (!merchantRefNumber) {
      return failure(TYPE, FAWRY_STATUS.referenceNumberBlank, 'Merchant reference number is blank');
    }
    const expected = sha256Hex(
      paymentStatusSignatureString(merchantCode, merchantRefNumber, securityKey),
    );
    if (!signaturesMatch(q.signature, expected)) return wrongSignature(TYPE);
    const order = sim.books.byMerchantRef.get(merchantRefNumber);
    if (!order) return failure(TYPE, FAWRY_STATUS.orderNotFound, 'Payment not found');
    return statusAnswer(sim, order);
  });
}
