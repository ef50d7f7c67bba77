import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db';
import type { RealtimeServer } from '../../realtime';
import type { PaymentGateways } from './gateways';

/** What the payment services need from the app. */
export interface PaymentsContext {
  db: Database;
  gateways: PaymentGateways;
  io: RealtimeServer;
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  config: Config;
}

export const paymentsContextOf = (app: FastifyInstance): PaymentsContext => ({
  db: app.database.db,
  gateways: app.payments,
  io: app.io,
  log: app.log.child({ module: 'payments' }),
  config: app.config,
});

/** The job that closes an unpaid order at its expiry (after asking the provider). */
export const EXPIRE_UNPAID_ORDER_JOB = 'payments.expire-unpaid-order';
