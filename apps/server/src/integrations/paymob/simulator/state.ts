/**
 * The simulated Paymob's books (intentions by client secret, transactions by id, the intention
 * requests received) and the context every route of the simulator is given.
 */
import { randomInt } from 'node:crypto';
import type { HeldConnections } from '../../payment-simulators';
import type { Callbacks } from './callbacks';
import type { Outcome } from './test-data';
import type { PaymobSimulatorOptions, SimulatedIntention, SimulatedRefundFault } from './types';

/**
 * How the customer paid, as the transaction object writes it. A card has all of it; kiosk and
 * wallet payments carry nulls where a card has a value (see README.md, "Nulls").
 */
export interface SimSource {
  type: 'card' | 'wallet' | 'aggregator';
  pan: string | null;
  subType: string | null;
  is3dSecure: boolean | null;
  isCapture: boolean | null;
}

/** A payment or a refund, as the simulator keeps it; `transactionObj` writes Paymob's JSON. */
export interface SimTransaction {
  id: number;
  intention: SimulatedIntention;
  integrationId: number;
  amountCents: number;
  outcome: Outcome;
  source: SimSource;
  createdAt: string;
  updatedAt: string;
  isRefund: boolean;
  parentId: number | undefined;
  refundedCents: number;
}

export interface PaymobBooks {
  readonly intentionsBySecret: Map<string, SimulatedIntention>;
  readonly transactions: Map<number, SimTransaction>;
  /** Intention request bodies received, newest last (at most 100). */
  readonly requests: unknown[];
  nextTransactionId: number;
  nextOrderId: number;
}

export interface PaymobSim {
  readonly options: PaymobSimulatorOptions;
  /** The integration ids that exist. */
  readonly integrationIds: number[];
  readonly books: PaymobBooks;
  readonly callbacks: Callbacks;
  /** Refunds that never answer (`failNextRefund` hang), dropped at close. */
  readonly held: HeldConnections;
  /** What the next refund does wrong, if anything; used once. */
  refundFault: SimulatedRefundFault | undefined;
}

export const emptyBooks = (): PaymobBooks => ({
  intentionsBySecret: new Map(),
  transactions: new Map(),
  requests: [],
  nextTransactionId: randomInt(300_000_000, 400_000_000),
  nextOrderId: randomInt(400_000_000, 500_000_000),
});
