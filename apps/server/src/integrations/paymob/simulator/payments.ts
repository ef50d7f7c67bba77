/**
 * The customer's side: paying an intention with a card (approved, declined or pending by the
 * test card), a wallet or at a kiosk, and a pending payment decided later. Each is called back and redirected.
 */
import { luhnValid } from '../../payment-simulators';
import type { PaymobSim, SimSource, SimTransaction } from './state';
import { APPROVED, cardBrand, cardNumberOf, DECLINED, outcomeOf } from './test-data';
import type { Outcome } from './test-data';
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

/** The wallet number a simulated wallet payment is made from. */
export const SIMULATED_WALLET_NUMBER = '01010101010';

/**
 * What the customer pays with: a wallet or a kiosk (paid at once, with the nulls their callbacks
 * carry), or a card (a test card's name or any number) with its outcome.
 */
function payerOf(payer: string): { source: SimSource; outcome: Outcome } {
  if (payer === 'wallet') {
    return {
      source: {
        type: 'wallet',
        pan: SIMULATED_WALLET_NUMBER,
        subType: 'wallet',
        is3dSecure: null,
        isCapture: null,
      },
      outcome: APPROVED,
    };
  }
  if (payer === 'kiosk') {
    return {
      source: { type: 'aggregator', pan: null, subType: null, is3dSecure: null, isCapture: null },
      outcome: APPROVED,
    };
  }
  const number = cardNumberOf(payer);
  if (!luhnValid(number)) throw new PaymobSimulatorError(400, 'Not a card number');
  return {
    source: {
      type: 'card',
      pan: number.slice(-4),
      subType: cardBrand(number),
      is3dSecure: true,
      isCapture: false,
    },
    outcome: outcomeOf(number),
  };
}

/**
 * Pays as the customer would: on the checkout page with a test card's name or any card number,
 * or from a wallet (`'wallet'`) or at a kiosk (`'kiosk'`).
 */
export async function pay(
  sim: PaymobSim,
  clientSecret: string,
  payer: string,
): Promise<SimulatedPayment> {
  const intention = usableIntention(sim, clientSecret);
  const { source, outcome } = payerOf(payer);
  const now = paymobTimestamp();
  const firstMethod = intention.request.payment_methods[0];
  const tx: SimTransaction = {
    id: sim.books.nextTransactionId++,
    intention,
    integrationId: typeof firstMethod === 'number' ? firstMethod : (sim.integrationIds[0] ?? 0),
    amountCents: intention.request.amount,
    outcome,
    source,
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
