/**
 * An order's life after it is made: paid, failed, expired, and what the customer does to an
 * unpaid one (pay the reference number at an outlet, approve the wallet request). Every change
 * is notified to the merchant.
 */
import { randomInt } from 'node:crypto';
import type { FawryPaymentMethod } from '../protocol';
import { findOrder, uniqueNumber } from './state';
import type { FawrySim } from './state';
import { FawrySimulatorError } from './types';
import type { SimulatedOrder } from './types';

/** Unpaid orders past their expiry become EXPIRED (checked lazily, before each look). */
export function expireDue(sim: FawrySim): void {
  const now = Date.now();
  for (const order of sim.books.byReference.values()) {
    if (order.status === 'UNPAID' && order.expiresAt && order.expiresAt.getTime() <= now) {
      order.status = 'EXPIRED';
      sim.notifier.notify(order);
    }
  }
}

export function markPaid(sim: FawrySim, order: SimulatedOrder): void {
  order.status = 'PAID';
  order.paidAt = new Date();
  order.paymentReferenceNumber = uniqueNumber(10, () => false);
  if (order.method === 'CARD') order.authNumber = String(randomInt(100_000, 1_000_000));
  order.failure = undefined;
  sim.notifier.notify(order);
}

export function markFailed(sim: FawrySim, order: SimulatedOrder, code: number, reason: string) {
  order.status = 'FAILED';
  order.failure = { code, reason };
  sim.notifier.notify(order);
}

/** The order, still UNPAID; throws FawrySimulatorError (404, 409) otherwise. */
function unpaidOrder(
  sim: FawrySim,
  referenceNumber: string,
  method?: FawryPaymentMethod,
): SimulatedOrder {
  expireDue(sim);
  const order = findOrder(sim.books, referenceNumber);
  if (!order) throw new FawrySimulatorError(`No order ${referenceNumber}`, 404);
  if (method !== undefined && order.method !== method) {
    throw new FawrySimulatorError(`Order ${referenceNumber} is not a ${method} order`, 409);
  }
  if (order.status !== 'UNPAID') {
    throw new FawrySimulatorError(`Order ${referenceNumber} is ${order.status}`, 409);
  }
  return order;
}

/** The customer pays a reference number at an outlet. */
export function payReference(sim: FawrySim, referenceNumber: string): SimulatedOrder {
  const order = unpaidOrder(sim, referenceNumber, 'PAYATFAWRY');
  markPaid(sim, order);
  return order;
}

/** The customer approves the wallet payment. */
export function payWallet(sim: FawrySim, referenceNumber: string): SimulatedOrder {
  const order = unpaidOrder(sim, referenceNumber, 'MWALLET');
  markPaid(sim, order);
  return order;
}

/** An unpaid order reaches its expiry. */
export function expire(sim: FawrySim, referenceNumber: string): SimulatedOrder {
  const order = unpaidOrder(sim, referenceNumber);
  order.status = 'EXPIRED';
  sim.notifier.notify(order);
  return order;
}
