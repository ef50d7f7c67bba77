/**
 * The simulated Fawry's books (orders under both references, saved cards, open 3-D Secure
 * challenges, the requests received) and the context every route of the simulator is given.
 */
import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { HeldConnections } from '../../payment-simulators';
import type { Notifier } from './notifications';
import type {
  FawrySimulatorOptions,
  RecordedRequest,
  SimulatedCard,
  SimulatedOrder,
  SimulatedRefundFault,
} from './types';
import { isObject } from './wire';

/** Requests and notification attempts kept for tests and the dashboard. */
export const MAX_RECORDED = 200;

export interface Challenge {
  referenceNumber: string;
  returnUrl: string;
}

export interface FawryBooks {
  readonly byMerchantRef: Map<string, SimulatedOrder>;
  readonly byReference: Map<string, SimulatedOrder>;
  readonly cardsByToken: Map<string, SimulatedCard>;
  /** 3-D Secure challenges by their page id. */
  readonly challenges: Map<string, Challenge>;
  /** Requests to the Fawry endpoints, newest last. */
  readonly requests: RecordedRequest[];
}

export interface FawrySim {
  readonly merchantCode: string;
  readonly securityKey: string;
  readonly options: FawrySimulatorOptions;
  readonly books: FawryBooks;
  readonly notifier: Notifier;
  /** Wallet auto-payments waiting to happen, cleared at close. */
  readonly timers: Set<NodeJS.Timeout>;
  /** Refunds that never answer (`failNextRefund` hang), dropped at close. */
  readonly held: HeldConnections;
  /** What the next refund does wrong, if anything; used once. */
  refundFault: SimulatedRefundFault | undefined;
  /** The simulator's own URL once it listens (3-D Secure pages live there). */
  origin: string;
}

export const emptyBooks = (): FawryBooks => ({
  byMerchantRef: new Map(),
  byReference: new Map(),
  cardsByToken: new Map(),
  challenges: new Map(),
  requests: [],
});

export function record(books: FawryBooks, request: FastifyRequest, body: unknown = request.body) {
  books.requests.push({
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    query: isObject(request.query) ? { ...request.query } : {},
    body,
    at: new Date(),
  });
  if (books.requests.length > MAX_RECORDED) books.requests.shift();
}

/** An order by Fawry's reference number or by the merchant's. */
export const findOrder = (books: FawryBooks, reference: string): SimulatedOrder | undefined =>
  books.byReference.get(reference) ?? books.byMerchantRef.get(reference);

export const cardsOf = (books: FawryBooks, customerProfileId: string): SimulatedCard[] =>
  [...books.cardsByToken.values()].filter((card) => card.customerProfileId === customerProfileId);

/** A random number of `digits` digits that `taken` does not refuse. */
export function uniqueNumber(digits: number, taken: (value: string) => boolean): string {
  for (;;) {
    const value = String(randomInt(10 ** (digits - 1), 10 ** digits));
    if (!taken(value)) return value;
  }
}
