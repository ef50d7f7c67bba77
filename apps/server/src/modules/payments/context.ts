import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { serviceContextOf } from '../../context';
import type { ServiceContext } from '../../context';
import { createCheckoutAttempts } from './attempts';
import type { CheckoutAttempts } from './attempts';
import type { PaymentGateways } from './gateways';

/** What the payment services need from the app: the services' context and the gateways. */
export interface PaymentsContext extends ServiceContext {
  gateways: PaymentGateways;
  config: Config;
  attempts: CheckoutAttempts;
}

/** One registry of checkout attempts per app (both payment plugins share it). */
const attemptsByApp = new WeakMap<PaymentGateways, CheckoutAttempts>();

function attemptsOf(app: FastifyInstance): CheckoutAttempts {
  let attempts = attemptsByApp.get(app.payments);
  if (!attempts) {
    attempts = createCheckoutAttempts({
      db: app.database.db,
      driver: app.database.driver,
      databaseUrl: app.config.databaseUrl,
      log: app.log,
    });
    attemptsByApp.set(app.payments, attempts);
    const registered = attempts;
    app.addHook('onClose', () => registered.close());
  }
  return attempts;
}

export const paymentsContextOf = (app: FastifyInstance): PaymentsContext => ({
  ...serviceContextOf(app, 'payments'),
  gateways: app.payments,
  config: app.config,
  attempts: attemptsOf(app),
});

/** The job that closes an unpaid order at its expiry (after asking the provider). */
export const EXPIRE_UNPAID_ORDER_JOB = 'payments.expire-unpaid-order';

/** The job that asks the provider about a refund sent without a readable answer (issue 16). */
export const CHECK_REFUND_JOB = 'payments.check-refund';
