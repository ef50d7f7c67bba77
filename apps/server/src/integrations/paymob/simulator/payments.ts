/**
 * The customer's side: paying an intention with a card (approved, declined or pending by the
 * test card), and a pending payment decided later. Each is called back and redirected.
 */
import { luhnValid } from '../../payment-simulators';
import type { PaymobSim, SimTransaction } from './state';
import { APPROVED, cardBrand, cardNumberOf, DECLINED, outcomeOf } from './test-data';
import { redirectUrlOf, transactionObj } from './transaction';
import { PaymobSimulatorError } from './types';
import type { SimulatedIntention, SimulatedPayment } from './types';
import { paymobTimestamp } from './wire';

/** An intention that can still be paid; PaymobSimulatorError (404, 409, 410) otherwise. */
function usableIntention(sim: PaymobSim, clientSecret: string): SimulatedIntention {
  const intention = sim.books.intentionsBySecret.get(clientSecret);
  if (!intention) throw new PaymobSimulatorError(404, 'Unknown client secret');
  if (intention.expiresAt && intention.expiresAt.getTime() <= Date.now()) {
    throw new PaymobSimulatorError(410, 'The intention has expired');
  }
  if (intention.status === 'paid') throw new PaymobSimulatorError(409, 'Already paid');
  if (intention.status === 'pending') {
    throw new PaymobSimulatorError(409, 'A payment of this intention is pending');
  }
  return intention;
}

/** Calls the transaction back, then says where the browser goes. */
async function reported(sim: PaymobSim, tx: SimTransaction): Promise<SimulatedPayment> {
  const callback = await sim.callbacks.callBack(tx);
  return {
    transaction: transactionObj(sim.books, tx),
    callback,
    redirectUrl: redirectUrlOf(sim.books, tx, sim.options.hmacSecret),
  };
}

/** Pays as the customer would on the checkout page: a test card's name, or any card number. */
export async function pay(
  sim: PaymobSim,
  clientSecret: string,
  card: string,
): Promise<SimulatedPayment> {
  const intention = usableIntention(sim, clientSecret);
  const number = cardNumberOf(card);
  if (!luhnValid(number)) throw new PaymobSimulatorError(400, 'Not a card number');
  const now = paymobTimestamp();
  const firstMethod = intention.request.payment_methods[0];
  const tx: SimTransaction = {
    id: sim.books.nextTransactionId++,
    intention,
    integrationId: typeof firstMethod === 'number' ? firstMethod : (sim.integrationIds[0] ?? 0),
    amountCents: intention.request.amount,
    outcome: outcomeOf(number),
    card: { pan: number.slice(-4), subType: cardBrand(number) },
    createdAt: now,
    updatedAt: now,
    isRefund: false,
    parentId: undefined,
    refundedCents: 0,
  };
  sim.books.transactions.set(tx.id, tx);
  intention.transactionIds.push(tx.id);
  intention.status = tx.outcome.success ? 'paid' : tx.outcome.pending ? 'pending' : 'intended';
  return reported(sim, tx);
}

/** Decides a pending transaction (the same transaction id is called back again). */
export async function settle(
  sim: PaymobSim,
  transactionId: number,
  outcome: 'success' | 'declined',
): Promise<SimulatedPayment> {
  const tx = sim.books.transactions.get(transactionId);
  if (!tx) throw new PaymobSimulatorError(404, 'Unknown transaction');
  if (!tx.outcome.pending) throw new PaymobSimulatorError(409, 'The transaction is not pending');
  tx.outcome = outcome === 'success' ? APPROVED : DECLINED;
  tx.updatedAt = paymobTimestamp();
  tx.intention.status = outcome === 'success' ? 'paid' : 'intended';
  return reported(sim, tx);
}
