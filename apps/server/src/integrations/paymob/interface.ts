/**
 * The Paymob interface the rest of the server sees: an intention to pay, verified callbacks and
 * redirections, refunds and the transaction inquiry. Amounts in piasters. `client/` is the real
 * adapter.
 */
import type { QueryInput } from './hmac';

export interface PaymobCustomer {
  /**
   * Full name; the first word becomes `first_name`, the rest `last_name`, each cut on a word
   * boundary to Paymob's 50 characters (fields.ts).
   */
  name: string;
  email: string;
  /** E.164, `+2010…`. */
  phone: string;
}

export interface PaymobLineItem {
  name: string;
  /** Unit price in piasters. */
  amountPiasters: number;
  quantity?: number;
  description?: string;
}

export interface CreateIntentionInput {
  /** The total to charge, in piasters; equals the items' total when items are given. */
  amountPiasters: number;
  /** Our own id for this payment (invoice / order); returned in callbacks as `merchantReference`. */
  merchantReference: string;
  customer: PaymobCustomer;
  /** Defaults to one item named after the reference for the whole amount. */
  items?: readonly PaymobLineItem[];
  /** Where Paymob POSTs the signed transaction callback (server to server). */
  notificationUrl: string;
  /** Where the customer's browser is sent afterwards, with the signed result in the query. */
  redirectionUrl: string;
  /** Seconds the checkout stays usable. */
  expirationSeconds?: number;
  /** Returned in callbacks under `payment_key_claims.extra`. */
  extras?: Record<string, string | number | boolean>;
}

export interface PaymobIntention {
  /** `pi_test_…` / `pi_live_…`. */
  intentionId: string;
  /** Opens the checkout; hand it only to the paying customer. */
  clientSecret: string;
  /** Unified Checkout: `<baseUrl>/unifiedcheckout/?publicKey=…&clientSecret=…`. */
  checkoutUrl: string;
  /** Paymob's order id: every transaction of this intention carries it. */
  paymobOrderId: number;
}

/** What a transaction is: the payment, or an action on it (which Paymob also calls back for). */
export type PaymobTransactionKind = 'payment' | 'refund' | 'void' | 'capture';

/** A transaction from a verified callback or a refund answer; amounts in piasters. */
export interface PaymobTransaction {
  transactionId: number;
  paymobOrderId: number;
  /** Our `merchantReference` (Paymob's `merchant_order_id`), when the order has one. */
  merchantReference: string | undefined;
  /** The intention this transaction paid, when Paymob says (`payment_key_claims`). */
  intentionId: string | undefined;
  kind: PaymobTransactionKind;
  /** For refunds, voids and captures: the transaction acted upon, when Paymob says. */
  parentTransactionId: number | undefined;
  amountPiasters: number;
  currency: string;
  /** Approved. For a payment: the money is ours unless later refunded or voided. */
  success: boolean;
  /** Not decided yet (kiosk, wallet, 3-D Secure): another callback follows. */
  pending: boolean;
  errorOccurred: boolean;
  /** The payment was refunded (fully or partly) or voided since. */
  refunded: boolean;
  voided: boolean;
  refundedPiasters: number;
  integrationId: number;
  live: boolean;
  /** As Paymob writes it (Cairo local time, microseconds). */
  createdAt: string;
  /** Paymob's gateway message, such as "Approved" or "Do not honour". */
  message: string | undefined;
  source: { type: string | undefined; subType: string | undefined; pan: string | undefined };
}

/** The browser's return: for the page shown to the customer only. Callbacks are the truth. */
export interface PaymobRedirection {
  transactionId: number;
  paymobOrderId: number;
  merchantReference: string | undefined;
  amountPiasters: number;
  currency: string;
  success: boolean;
  pending: boolean;
  message: string | undefined;
}

export interface RefundInput {
  transactionId: number;
  amountPiasters: number;
}

export interface PaymobClient {
  /** Where the API is called and checkout pages are served. */
  readonly baseUrl: string;
  createIntention(input: CreateIntentionInput): Promise<PaymobIntention>;
  /**
   * Checks the processed callback: `body` is the parsed JSON, `hmac` the `hmac` query parameter.
   * Throws `invalid-signature` or `invalid-request`; the caller still compares the amount and
   * reference with its own records and applies the result idempotently (by transaction id).
   */
  verifyCallback(body: unknown, hmac: unknown): PaymobTransaction;
  /** Checks the redirection's query (with its `hmac`). Throws like `verifyCallback`. */
  verifyRedirection(query: QueryInput): PaymobRedirection;
  /** Refunds (part of) a successful payment; the refund's transaction is also called back. */
  refund(input: RefundInput): Promise<PaymobTransaction>;
  /**
   * Paymob's transaction inquiry (`GET /api/acceptance/transactions/{id}`): the transaction as it
   * stands now, e.g. a payment's `refunded_amount_cents` after a refund whose answer was lost.
   */
  inquireTransaction(transactionId: number): Promise<PaymobTransaction>;
}
