/** What the Paymob simulator shows of itself: its options, intentions, callbacks and payments. */
import type { LocalServer, LocalServerOptions } from '../../outbox/local-server';
import type { IntentionRequest } from '../wire';
import type { TestCardName } from './test-data';

export interface PaymobSimulatorOptions extends LocalServerOptions {
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  /** Integration ids that exist (default: `PAYMOB_SIMULATOR_INTEGRATION_ID`). */
  integrationIds?: readonly number[];
  /** Waits before each retry of a callback that failed (default 2 s, 10 s, 30 s). */
  callbackRetryDelaysMs?: readonly number[];
  callbackTimeoutMs?: number;
}

export type IntentionStatus = 'intended' | 'pending' | 'paid';

export interface SimulatedIntention {
  id: string;
  clientSecret: string;
  paymobOrderId: number;
  status: IntentionStatus;
  request: IntentionRequest;
  createdAt: Date;
  expiresAt: Date | undefined;
  transactionIds: number[];
}

export interface CallbackAttempt {
  at: Date;
  status?: number;
  error?: string;
}

export interface CallbackDelivery {
  transactionId: number;
  /** The notification URL with `hmac` added. */
  url: string;
  hmac: string;
  body: PaymobCallbackBody;
  attempts: CallbackAttempt[];
  delivered: boolean;
}

export interface PaymobCallbackBody {
  type: 'TRANSACTION';
  obj: Record<string, unknown>;
  issuer_bank: null;
  transaction_processed_callback_responses: string;
}

export interface SimulatedPayment {
  /** The transaction object, as in the callback. */
  transaction: Record<string, unknown>;
  /** Undefined when the intention had no notification URL. */
  callback: CallbackDelivery | undefined;
  /** Where the browser goes next (redirection URL with the signed query), if any. */
  redirectUrl: string | undefined;
}

export interface PaymobSimulator extends LocalServer {
  /** Intention request bodies received, newest last (at most 100): for wire-format tests. */
  readonly requests: unknown[];
  /** Every callback sent, newest last (at most 500), with its attempts. */
  readonly callbacks: CallbackDelivery[];
  intentions(): SimulatedIntention[];
  intention(clientSecret: string): SimulatedIntention | undefined;
  /** The transaction object as the next callback would carry it. */
  transaction(transactionId: number): Record<string, unknown> | undefined;
  /**
   * Pays as the customer would: a test card's name or any card number on the checkout page, or
   * `'wallet'` / `'kiosk'` (paid at once; their callbacks carry nulls, signed as Paymob signs them).
   */
  pay(
    clientSecret: string,
    payer: TestCardName | 'wallet' | 'kiosk' | string,
  ): Promise<SimulatedPayment>;
  /** Decides a pending transaction (the same transaction id is called back again). */
  settle(transactionId: number, outcome: 'success' | 'declined'): Promise<SimulatedPayment>;
  /** Sends a transaction's callback again, byte for byte as before (for idempotency tests). */
  replayCallback(transactionId: number): Promise<CallbackDelivery>;
  /** Waits until every callback has been delivered or has used up its retries. */
  flushCallbacks(): Promise<void>;
  /**
   * The next refund call moves the money (the refund transaction is made, as Paymob would) and
   * then goes wrong on the way back: `hang` never answers (the socket is dropped after `holdMs`,
   * default 20 s: longer than the adapter's timeout), `garbage` answers 200 with a body that is
   * not a transaction. `notify: false` also withholds the refund's callback, so only the
   * transaction inquiry can tell.
   */
  failNextRefund(fault: SimulatedRefundFault): void;
}

export interface SimulatedRefundFault {
  mode: 'hang' | 'garbage';
  holdMs?: number;
  notify?: boolean;
}

/** Raised by the simulated customer actions; `status` is what the control endpoints answer. */
export class PaymobSimulatorError extends Error {
  override name = 'PaymobSimulatorError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
