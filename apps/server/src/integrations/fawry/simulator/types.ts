/** What the Fawry simulator shows of itself: its options, orders, cards and deliveries. */
import type { LocalServer, LocalServerOptions } from '../../outbox/local-server';
import type { FawryNotificationBody, FawryPaymentMethod } from '../protocol';

export type SimulatedOrderStatus =
  'UNPAID' | 'PAID' | 'CANCELED' | 'EXPIRED' | 'REFUNDED' | 'PARTIAL_REFUNDED' | 'FAILED';

export interface SimulatedOrder {
  referenceNumber: string;
  merchantRefNumber: string;
  method: FawryPaymentMethod;
  status: SimulatedOrderStatus;
  amountPiasters: number;
  feesPiasters: number;
  refundedPiasters: number;
  customerProfileId: string | undefined;
  customerMobile: string | undefined;
  customerMail: string | undefined;
  customerName: string | undefined;
  items: Array<{ itemId: string; pricePiasters: number; quantity: number }>;
  createdAt: Date;
  expiresAt: Date | undefined;
  paidAt: Date | undefined;
  paymentReferenceNumber: string | undefined;
  authNumber: string | undefined;
  cardLastFour: string | undefined;
  installmentMonths: number | undefined;
  walletMobile: string | undefined;
  /** orderWebHookUrl of the charge request; the configured notificationUrl otherwise. */
  webhookUrl: string | undefined;
  failure: { code: number; reason: string } | undefined;
}

export interface SimulatedCard {
  token: string;
  customerProfileId: string;
  cardNumber: string;
  brand: string;
  holderName: string;
  expiryMonth: string;
  expiryYear: string;
  createdAt: Date;
  isDefault: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  at: Date;
}

export interface NotificationDelivery {
  url: string;
  attempt: number;
  body: FawryNotificationBody;
  /** HTTP status of the merchant's answer; undefined when it could not be reached. */
  status: number | undefined;
  error: string | undefined;
  at: Date;
}

export interface SendNotificationOptions {
  /** `signature`: a wrong messageSignature; `amount`: paymentAmount changed after signing. */
  tamper?: 'signature' | 'amount';
  /** Field overrides, signed correctly unless `tamper` says otherwise. */
  fields?: Partial<Omit<FawryNotificationBody, 'messageSignature'>>;
  /** Another URL than the order's. */
  url?: string;
}

export interface FawrySimulatorOptions extends LocalServerOptions {
  merchantCode: string;
  securityKey: string;
  /** Where notifications V2 are POSTed (the merchant's callback URL at Fawry). */
  notificationUrl?: string;
  /** Waits between attempts after a non-200 answer (default 2 s, 10 s, 60 s; tests pass ms). */
  notificationRetryDelaysMs?: readonly number[];
  /** Pays wallet orders by itself after this many ms; only by control call when unset. */
  walletAutoPayMs?: number;
  /** Lifetime of a reference number without paymentExpiry (default 72 hours). */
  referenceExpiryHours?: number;
  /** Fawry's fee on reference-number payments, paid by the customer (default 0). */
  referenceFeePiasters?: number;
  /** Also notify on order creation (orderStatus NEW), as Fawry does (default true). */
  notifyOnCreate?: boolean;
}

export interface FawrySimulator extends LocalServer {
  /** Requests to the Fawry endpoints, newest last (at most 200). */
  readonly requests: RecordedRequest[];
  /** Every notification attempt, newest last (at most 200). */
  readonly notifications: NotificationDelivery[];
  order(reference: string): SimulatedOrder | undefined;
  orders(): SimulatedOrder[];
  cards(customerProfileId: string): SimulatedCard[];
  /** The customer pays a reference number at an outlet; a PAID notification follows. */
  payReference(referenceNumber: string): SimulatedOrder;
  /** The customer approves the wallet payment; a PAID notification follows. */
  payWallet(referenceNumber: string): SimulatedOrder;
  /** An unpaid order reaches its expiry; an EXPIRED notification follows. */
  expire(referenceNumber: string): SimulatedOrder;
  /** The notification V2 body of an order's current state, signed. */
  buildNotification(
    referenceNumber: string,
    fields?: SendNotificationOptions['fields'],
  ): FawryNotificationBody;
  /** (Re)sends an order's notification, with retries; resolves with its attempts. */
  sendNotification(
    referenceNumber: string,
    options?: SendNotificationOptions,
  ): Promise<NotificationDelivery[]>;
  setNotificationUrl(url: string | undefined): void;
  /** Resolves when no notification is being delivered or waiting for a retry. */
  idle(): Promise<void>;
  /**
   * The next refund call moves the money (the order is refunded, as Fawry would) and then goes
   * wrong on the way back: `hang` never answers (the socket is dropped after `holdMs`, default
   * 20 s: longer than the adapter's timeout), `garbage` answers 200 with a body that is not
   * Fawry's JSON. `notify: false` also withholds the REFUNDED notification, so only the status
   * query can tell.
   */
  failNextRefund(fault: SimulatedRefundFault): void;
}

export interface SimulatedRefundFault {
  mode: 'hang' | 'garbage';
  holdMs?: number;
  notify?: boolean;
}

export class FawrySimulatorError extends Error {
  override name = 'FawrySimulatorError';
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}
