/** Cancel an unpaid order (the newer order API: `code`/`description` answers, HTTP statuses). */
import type { FastifyInstance } from 'fastify';
import { FAWRY_PATHS, FAWRY_STATUS } from '../protocol';
import { cancelUnpaidOrderSignatureString, sha256Hex, signaturesMatch } from '../signatures';
import { OK_DESCRIPTION } from './answers';
import { record } from './state';
import type { FawrySim } from './state';
import { field, isObject } from './wire';

export function cancelRoutes(app: FastifyInstance, sim: FawrySim): void {
  app.post(FAWRY_PATHS.cancelUnpaidOrder, async (request, reply) => {
    record(sim.books, request);
    const body = request.body;
    const answer = (http: number, code: number, description: string, reason = description) =>
      reply.code(http).send({ code, description, reason });
    if (!isObject(body)) return answer(400, FAWRY_STATUS.badRequest, 'Invalid request body');
    if (field(body, 'merchantAccount') !== sim.merchantCode) {
      return answer(400, FAWRY_STATUS.invalidMerchantCode, 'Merchant code is invalid');
    }
    const orderRefNo = field(body, 'orderRefNo');
    const lang = field(body, 'lang');
    if (!orderRefNo || (lang !== 'ar-eg' && lang !== 'en-gb')) {
      return answer(
        400,
        FAWRY_STATUS.badRequest,
        'orderRefNo and lang (ar-eg or en-gb) are required',
      );
    }
    const expected = sha256Hex(
      cancelUnpaidOrderSignatureString(
        { orderRefNo, merchantAccount: sim.merchantCode, lang },
        sim.securityKey,
      ),
    );
    if (!signaturesMatch(body.signature, expected)) {
      return answer(400, FAWRY_STATUS.invalidSignature, 'Wrong Signature');
    }
    const order = sim.books.byReference.get(orderRefNo);
    if (!order) return answer(404, FAWRY_STATUS.orderNotFound, 'Order not found');
    // Fawry documents no code for an order already cancelled: the generic refusal, as for any
    // order that is not UNPAID.
    if (order.status !== 'UNPAID') {
      return answer(
        400,
        FAWRY_STATUS.badRequest,
        `Order cannot be cancelled: it is ${order.status}`,
      );
    }
    order.status = 'CANCELED';
    for (const [id, challenge] of sim.books.challenges) {
      if (challenge.referenceNumber === order.referenceNumber) sim.books.challenges.delete(id);
    }
    sim.notifier.notify(order);
    return answer(200, FAWRY_STATUS.ok, OK_DESCRIPTION);
  });
}
