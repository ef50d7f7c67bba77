/**
 * The 3-D Secure challenge page a card charge redirects to: «ادفع» pays the order, «إلغاء» fails
 * it; either way the browser goes back to returnUrl with the signed charge answer.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { FAWRY_STATUS } from '../protocol';
import { returnParams } from './answers';
import { markFailed, markPaid } from './orders';
import { messagePage, sendPage, threeDSecurePage } from './pages';
import type { Challenge, FawrySim } from './state';
import { SIMULATOR_PATHS } from './test-data';
import type { SimulatedOrder } from './types';
import { field, redirect, withQuery } from './wire';

type Params = { Params: { id: string } };

const PATH = `${SIMULATOR_PATHS.threeDSecure}/:id`;

const expired = (reply: FastifyReply): FastifyReply =>
  sendPage(reply, 410, messagePage('انتهت الجلسة', 'هذه العملية لم تعد متاحة.'));

export function threeDSecureRoutes(app: FastifyInstance, sim: FawrySim): void {
  /** The challenge and its order, while the order is still waiting for it. */
  function open(id: string): { challenge: Challenge; order: SimulatedOrder } | undefined {
    const challenge = sim.books.challenges.get(id);
    const order = challenge ? sim.books.byReference.get(challenge.referenceNumber) : undefined;
    if (!challenge || !order || order.status !== 'UNPAID') return undefined;
    return { challenge, order };
  }

  app.get<Params>(PATH, async (request, reply) => {
    const found = open(request.params.id);
    if (!found) return expired(reply);
    const { order } = found;
    return sendPage(
      reply,
      200,
      threeDSecurePage({
        action: `${SIMULATOR_PATHS.threeDSecure}/${request.params.id}`,
        merchantRefNumber: order.merchantRefNumber,
        amountPiasters: order.amountPiasters + order.feesPiasters,
        lastFourDigits: order.cardLastFour ?? '',
      }),
    );
  });

  app.post<Params>(PATH, async (request, reply) => {
    const found = open(request.params.id);
    if (!found) return expired(reply);
    const { challenge, order } = found;
    sim.books.challenges.delete(request.params.id);
    if (field(request.body, 'decision') === 'pay') {
      markPaid(sim, order);
    } else {
      markFailed(
        sim,
        order,
        FAWRY_STATUS.transactionDeclined,
        '3-D Secure authentication was cancelled',
      );
    }
    return redirect(reply, withQuery(challenge.returnUrl, returnParams(order, sim.securityKey)));
  });
}
