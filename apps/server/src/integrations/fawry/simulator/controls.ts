/**
 * The simulator's own controls, for tests and people: pay a reference number or a wallet
 * request, expire an order, (re)send its notification, and the Arabic dashboard that does so.
 * JSON callers get JSON; the dashboard's forms get a redirect back to it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tampered } from './notifications';
import { expire, payReference, payWallet } from './orders';
import { dashboardPage, messagePage, sendPage } from './pages';
import type { DashboardOrder } from './pages';
import { findOrder } from './state';
import type { FawryBooks, FawrySim } from './state';
import { SIMULATOR_PATHS } from './test-data';
import { FawrySimulatorError } from './types';
import type { SimulatedOrder } from './types';
import { field, redirect } from './wire';

type Action = (
  reference: string,
  request: FastifyRequest,
) => SimulatedOrder | Promise<SimulatedOrder>;

const isForm = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

const control = (action: Action) => async (request: FastifyRequest, reply: FastifyReply) => {
  const reference =
    field(request.body, 'referenceNumber') ?? field(request.body, 'merchantRefNumber') ?? '';
  try {
    const order = await action(reference, request);
    if (isForm(request)) return redirect(reply, SIMULATOR_PATHS.dashboard, 303);
    return {
      referenceNumber: order.referenceNumber,
      merchantRefNumber: order.merchantRefNumber,
      orderStatus: order.status,
    };
  } catch (error) {
    if (!(error instanceof FawrySimulatorError)) throw error;
    if (isForm(request))
      return sendPage(reply, error.status, messagePage('تعذّر التنفيذ', error.message));
    return reply.code(error.status).send({ error: error.message });
  }
};

/** Each order once (a card charge tried again replaces the failed one), newest first. */
const dashboardOrders = (books: FawryBooks): DashboardOrder[] =>
  [...books.byReference.values()]
    .filter((order) => books.byMerchantRef.get(order.merchantRefNumber) === order)
    .reverse()
    .map((order) => ({
      referenceNumber: order.referenceNumber,
      merchantRefNumber: order.merchantRefNumber,
      method: order.method,
      status: order.status,
      amountPiasters: order.amountPiasters + order.feesPiasters,
      refundedPiasters: order.refundedPiasters,
      expiresAt: order.expiresAt,
    }));

export function controlRoutes(app: FastifyInstance, sim: FawrySim): void {
  app.post(
    SIMULATOR_PATHS.payReference,
    control((reference) => payReference(sim, reference)),
  );
  app.post(
    SIMULATOR_PATHS.payWallet,
    control((reference) => payWallet(sim, reference)),
  );
  app.post(
    SIMULATOR_PATHS.expire,
    control((reference) => expire(sim, reference)),
  );
  app.post(
    SIMULATOR_PATHS.notify,
    control((reference, request) => {
      const order = findOrder(sim.books, reference);
      if (!order) throw new FawrySimulatorError(`No order ${reference}`, 404);
      const tamper = field(request.body, 'tamper');
      void sim.notifier.enqueue(
        order,
        tampered(
          sim.notifier.bodyOf(order),
          tamper === 'signature' || tamper === 'amount' ? tamper : undefined,
        ),
      );
      return order;
    }),
  );

  app.get(SIMULATOR_PATHS.dashboard, async (_request, reply) =>
    sendPage(
      reply,
      200,
      dashboardPage({ orders: dashboardOrders(sim.books), notificationUrl: sim.notifier.url }),
    ),
  );
  app.get(SIMULATOR_PATHS.orders, async () => ({ orders: [...sim.books.byReference.values()] }));
}
