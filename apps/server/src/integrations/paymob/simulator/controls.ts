/** The simulator's own controls, for tests and end-to-end runs in another process. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { pay, settle } from './payments';
import type { PaymobSim } from './state';
import { PaymobSimulatorError } from './types';
import type { CallbackDelivery, SimulatedPayment } from './types';

const payControlSchema = z.object({ clientSecret: z.string().min(1), card: z.string().min(1) });
const settleControlSchema = z.object({
  transactionId: z.number().int(),
  outcome: z.enum(['success', 'declined']),
});
const replayControlSchema = z.object({ transactionId: z.number().int() });

const failure = (reply: FastifyReply, error: unknown): FastifyReply =>
  error instanceof PaymobSimulatorError
    ? reply.code(error.status).send({ error: error.message })
    : reply.code(500).send({ error: 'failed' });

const paymentJson = (payment: SimulatedPayment) => ({
  transaction: payment.transaction,
  callback: payment.callback && {
    url: payment.callback.url,
    hmac: payment.callback.hmac,
    delivered: payment.callback.delivered,
    attempts: payment.callback.attempts,
  },
  redirectUrl: payment.redirectUrl,
});

/** Sends a transaction's callback again, byte for byte as before (for idempotency tests). */
export async function replayCallback(
  sim: PaymobSim,
  transactionId: number,
): Promise<CallbackDelivery> {
  const delivery = await sim.callbacks.replay(transactionId);
  if (!delivery) throw new PaymobSimulatorError(404, 'No callback was sent for it');
  return delivery;
}

export function controlRoutes(app: FastifyInstance, sim: PaymobSim): void {
  app.post('/simulator/pay', async (request, reply) => {
    const input = payControlSchema.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: 'clientSecret and card required' });
    try {
      return paymentJson(await pay(sim, input.data.clientSecret, input.data.card));
    } catch (error) {
      return failure(reply, error);
    }
  });
  app.post('/simulator/settle', async (request, reply) => {
    const input = settleControlSchema.safeParse(request.body);
    if (!input.success)
      return reply.code(400).send({ error: 'transactionId and outcome required' });
    try {
      return paymentJson(await settle(sim, input.data.transactionId, input.data.outcome));
    } catch (error) {
      return failure(reply, error);
    }
  });
  app.post('/simulator/replay', async (request, reply) => {
    const input = replayControlSchema.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: 'transactionId required' });
    try {
      const delivery = await replayCallback(sim, input.data.transactionId);
      return { url: delivery.url, delivered: delivery.delivered, attempts: delivery.attempts };
    } catch (error) {
      return failure(reply, error);
    }
  });
  app.get('/simulator/intentions', async () =>
    [...sim.books.intentionsBySecret.values()].map((intention) => ({
      id: intention.id,
      clientSecret: intention.clientSecret,
      paymobOrderId: intention.paymobOrderId,
      status: intention.status,
      amountCents: intention.request.amount,
      specialReference: intention.request.special_reference,
      transactionIds: intention.transactionIds,
    })),
  );
  app.get('/simulator/callbacks', async () => sim.callbacks.deliveries);
}
