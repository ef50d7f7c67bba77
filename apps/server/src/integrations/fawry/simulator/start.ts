import { acceptForms, createLocalFastify, listenLocal } from '../../outbox/local-server';
import { createHeldConnections } from '../../payment-simulators';
import { FAWRY_STATUS } from '../protocol';
import { failure } from './answers';
import { cancelRoutes } from './cancel';
import { cardPageRoutes } from './card-page';
import { cardTokenRoutes } from './card-tokens';
import { chargeRoutes } from './charge';
import { controlRoutes } from './controls';
import { createNotifier, tampered } from './notifications';
import { expire, expireDue, payReference, payWallet } from './orders';
import { refundRoutes } from './refund';
import { cardsOf, emptyBooks, findOrder } from './state';
import type { FawrySim } from './state';
import { statusRoutes } from './status';
import { threeDSecureRoutes } from './three-d-secure';
import { FawrySimulatorError } from './types';
import type { FawrySimulator, FawrySimulatorOptions, SimulatedOrder } from './types';

const FORM_BODY_LIMIT = 16 * 1024;

/**
 * A local stand-in for FawryPay: the same paths, request and answer JSON, signatures (checked
 * exactly as Fawry computes them; a wrong one gets 9946), a hosted card page, a 3-D Secure page,
 * and signed server notifications V2 with retries. Orders live in memory.
 */
export async function startFawrySimulator(options: FawrySimulatorOptions): Promise<FawrySimulator> {
  const sim: FawrySim = {
    merchantCode: options.merchantCode,
    securityKey: options.securityKey,
    options,
    books: emptyBooks(),
    notifier: createNotifier({
      securityKey: options.securityKey,
      url: options.notificationUrl,
      retryDelaysMs: options.notificationRetryDelaysMs,
    }),
    timers: new Set(),
    held: createHeldConnections(),
    refundFault: undefined,
    origin: '',
  };

  const app = createLocalFastify(options.logger);
  acceptForms(app, FORM_BODY_LIMIT);
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return reply
      .code(status >= 500 ? 500 : 400)
      .send(
        failure(
          'ErrorResponse',
          status >= 500 ? 500 : FAWRY_STATUS.badRequest,
          status >= 500 ? 'Internal error' : 'Invalid request body',
        ),
      );
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(failure('ErrorResponse', 404, `No such path ${request.url.split('?')[0] ?? ''}`)),
  );
  app.addHook('onRequest', async () => {
    expireDue(sim);
  });
  for (const routes of [
    chargeRoutes,
    statusRoutes,
    refundRoutes,
    cancelRoutes,
    cardTokenRoutes,
    cardPageRoutes,
    threeDSecureRoutes,
    controlRoutes,
  ]) {
    routes(app, sim);
  }

  const server = await listenLocal(app, options);
  sim.origin = server.url;

  const existing = (referenceNumber: string): SimulatedOrder => {
    const order = findOrder(sim.books, referenceNumber);
    if (!order) throw new FawrySimulatorError(`No order ${referenceNumber}`, 404);
    return order;
  };

  return {
    ...server,
    async close() {
      sim.held.dropAll();
      for (const timer of sim.timers) clearTimeout(timer);
      sim.timers.clear();
      await sim.notifier.close();
      // A connection left mid-request (a refund that never answers) must not keep it open.
      app.server.closeAllConnections();
      await server.close();
    },
    requests: sim.books.requests,
    notifications: sim.notifier.deliveries,
    order: (reference) => {
      expireDue(sim);
      return findOrder(sim.books, reference);
    },
    orders: () => {
      expireDue(sim);
      return [...sim.books.byReference.values()];
    },
    cards: (customerProfileId) => cardsOf(sim.books, customerProfileId),
    payReference: (reference) => payReference(sim, reference),
    payWallet: (reference) => payWallet(sim, reference),
    expire: (reference) => expire(sim, reference),
    buildNotification: (referenceNumber, fields) =>
      sim.notifier.bodyOf(existing(referenceNumber), fields),
    async sendNotification(referenceNumber, sendOptions = {}) {
      const order = existing(referenceNumber);
      return sim.notifier.enqueue(
        order,
        tampered(sim.notifier.bodyOf(order, sendOptions.fields), sendOptions.tamper),
        sendOptions.url ?? order.webhookUrl ?? sim.notifier.url,
      );
    },
    setNotificationUrl(url) {
      sim.notifier.url = url;
    },
    failNextRefund(fault) {
      sim.refundFault = fault;
    },
    idle: () => sim.notifier.idle(),
  };
}
