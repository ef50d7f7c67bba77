import { acceptForms, createLocalFastify, listenLocal } from '../../outbox/local-server';
import { createHeldConnections } from '../../payment-simulators';
import { createCallbacks } from './callbacks';
import { checkoutRoutes } from './checkout';
import { controlRoutes, replayCallback } from './controls';
import { intentionRoutes } from './intention';
import { pay, settle } from './payments';
import { refundRoutes } from './refund';
import { emptyBooks } from './state';
import type { PaymobSim } from './state';
import { PAYMOB_SIMULATOR_INTEGRATION_ID } from './test-data';
import { transactionObj } from './transaction';
import type { PaymobSimulator, PaymobSimulatorOptions } from './types';

/**
 * A local stand-in for Paymob (Accept, Egypt) on loopback, speaking its protocol:
 * - `POST /v1/intention/` with `Authorization: Token <secret key>`: validates like Paymob
 *   (integration ids, currency, items adding up to the amount, billing data) and answers the
 *   intention with its `client_secret` and `intention_order_id`;
 * - `GET /unifiedcheckout/?publicKey=…&clientSecret=…`: an Arabic card form with test cards;
 *   paying POSTs the signed TRANSACTION callback to `notification_url` (`?hmac=`, retried on
 *   failure) and sends the browser to `redirection_url` with the signed query;
 * - `POST /api/acceptance/void_refund/refund`: refunds a paid transaction (and calls back).
 * Controls for tests and other processes: `POST /simulator/pay`, `/simulator/settle`,
 * `/simulator/replay`, `GET /simulator/intentions`, `/simulator/callbacks`.
 */
export async function startPaymobSimulator(
  options: PaymobSimulatorOptions,
): Promise<PaymobSimulator> {
  const books = emptyBooks();
  const sim: PaymobSim = {
    options,
    integrationIds: [...(options.integrationIds ?? [PAYMOB_SIMULATOR_INTEGRATION_ID])],
    books,
    callbacks: createCallbacks({
      books,
      hmacSecret: options.hmacSecret,
      retryDelaysMs: options.callbackRetryDelaysMs,
      timeoutMs: options.callbackTimeoutMs,
    }),
    held: createHeldConnections(),
    refundFault: undefined,
  };

  const app = createLocalFastify(options.logger);
  acceptForms(app);
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500)
      return reply
        .code(400)
        .send({ detail: `JSON parse error - ${error instanceof Error ? error.message : ''}` });
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));
  for (const routes of [intentionRoutes, checkoutRoutes, refundRoutes, controlRoutes]) {
    routes(app, sim);
  }

  const server = await listenLocal(app, options);
  return {
    ...server,
    close: () => {
      sim.callbacks.close();
      sim.held.dropAll();
      // A connection left mid-request (a refund that never answers) must not keep it open.
      app.server.closeAllConnections();
      return server.close();
    },
    requests: books.requests,
    callbacks: sim.callbacks.deliveries,
    intentions: () => [...books.intentionsBySecret.values()],
    intention: (clientSecret) => books.intentionsBySecret.get(clientSecret),
    transaction: (id) => {
      const tx = books.transactions.get(id);
      return tx && transactionObj(books, tx);
    },
    pay: (clientSecret, card) => pay(sim, clientSecret, card),
    settle: (transactionId, outcome) => settle(sim, transactionId, outcome),
    replayCallback: (transactionId) => replayCallback(sim, transactionId),
    flushCallbacks: () => sim.callbacks.flush(),
    failNextRefund: (fault) => {
      sim.refundFault = fault;
    },
  };
}
