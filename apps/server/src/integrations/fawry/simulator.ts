import type { Socket } from 'node:net';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createLocalFastify, listenLocal } from '../outbox/local-server';
import type { LocalServer, LocalServerOptions } from '../outbox/local-server';
import { FAWRY_PATHS, FAWRY_STATUS } from './protocol';
import type {
  FawryNotificationBody,
  FawryPaymentMethod,
  FawryWireCard,
  FawryWireInstallmentPlan,
} from './protocol';
import {
  cancelUnpaidOrderSignatureString,
  chargeResponseSignatureString,
  chargeSignatureString,
  deleteCardTokenSignatureString,
  formatAmount,
  listCardTokensSignatureString,
  parseAmount,
  paymentStatusSignatureString,
  refundSignatureString,
  sha256Hex,
  signaturesMatch,
  signNotification,
} from './signatures';
import {
  cardTokenPage,
  dashboardPage,
  messagePage,
  sendPage,
  threeDSecurePage,
} from './simulator-pages';
import type { DashboardOrder } from './simulator-pages';

// ---------------------------------------------------------------------------------------------
// Test data

/** Card numbers with a fixed behaviour; any other valid (Luhn) number is paid. */
export const FAWRY_TEST_CARDS = {
  /** Paid at once (frictionless). */
  success: '4242424242424242',
  /** Also paid at once; a Mastercard for brand display. */
  mastercard: '5123450000000008',
  /** Declined by the issuer: statusCode 99907. */
  declined: '4000000000000002',
  /** Insufficient funds: statusCode 99951. */
  insufficientFunds: '4000000000009995',
  /** Needs the 3-D Secure challenge: the charge answers nextAction.redirectUrl. */
  threeDSecure: '4000000000003220',
} as const;

/** The bank installment plans the simulated merchant account has. */
export const FAWRY_TEST_INSTALLMENT_PLANS: readonly FawryWireInstallmentPlan[] = [2, 3, 4].map(
  (months) => ({
    id: 1000 + months,
    installmentPlan: {
      id: 1000 + months,
      nameAr: `${months} أشهر بدون فوائد`,
      nameEn: `${months} months, no interest`,
      rate: 0,
      noOfMonths: months,
      minAmount: 100,
      maxAmount: 100_000,
      online: true,
      accountType: {
        nameEn: 'NBE credit card',
        nameAr: 'بطاقة ائتمان البنك الأهلي',
        code: 'NBE_CC',
        bank: { nameEn: 'National Bank of Egypt', nameAr: 'البنك الأهلي المصري', code: 'NBE' },
      },
    },
  }),
);

export const SIMULATOR_PATHS = {
  dashboard: '/simulator',
  orders: '/simulator/orders',
  payReference: '/simulator/pay-reference',
  payWallet: '/simulator/pay-wallet',
  expire: '/simulator/expire',
  notify: '/simulator/notify',
  threeDSecure: '/simulator/3ds',
} as const;

// ---------------------------------------------------------------------------------------------
// Types

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

// ---------------------------------------------------------------------------------------------
// Helpers

const MAX_RECORDED = 200;
const OK_DESCRIPTION = 'Operation done successfully';
const NOTIFICATION_TIMEOUT_MS = 5_000;
const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000];
const FORM_BODY_LIMIT = 16 * 1024;
/** A 1x1 PNG: the simulator's wallet "QR code" (Fawry's is a real QR as a base64 PNG). */
const PLACEHOLDER_QR =
  'data:image/PNG;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string or number field as text; undefined when absent, empty or of another type. */
function field(source: unknown, name: string): string | undefined {
  if (!isObject(source)) return undefined;
  const value = source[name];
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const pounds = (piasters: number): number => Number(formatAmount(piasters));

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(cardNumber: string): string {
  if (cardNumber.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'MasterCard';
  if (/^50/.test(cardNumber)) return 'Meeza';
  return 'Card';
}

/** Fawry's customerMobile: an Egyptian mobile in local form. */
const EGYPT_MOBILE = /^01[0125]\d{8}$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function withQuery(target: string, params: Record<string, string | undefined>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.href;
}

const redirect = (reply: FastifyReply, location: string, status = 302): FastifyReply =>
  reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(location, status);

/** The wire name of a method in notifications (observed: "Mobile Wallet" for wallets). */
const notifiedMethod = (method: FawryPaymentMethod): string =>
  method === 'MWALLET' ? 'Mobile Wallet' : method;

// ---------------------------------------------------------------------------------------------
// The server

/**
 * A local stand-in for FawryPay: the same paths, request and answer JSON, signatures (checked
 * exactly as Fawry computes them; a wrong one gets 9946), a hosted card page, a 3-D Secure page,
 * and signed server notifications V2 with retries. Orders live in memory.
 */
export async function startFawrySimulator(options: FawrySimulatorOptions): Promise<FawrySimulator> {
  const { merchantCode, securityKey } = options;
  const retryDelays = options.notificationRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const referenceExpiryMs = (options.referenceExpiryHours ?? 72) * 3_600_000;
  const referenceFee = options.referenceFeePiasters ?? 0;
  const notifyOnCreate = options.notifyOnCreate ?? true;
  let notificationUrl = options.notificationUrl;
  let refundFault: SimulatedRefundFault | undefined;
  /** Connections of refunds that never answer (`failNextRefund` hang), dropped at close. */
  const held = new Set<Socket>();
  const holdConnection = (socket: Socket, ms: number): void => {
    held.add(socket);
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      held.delete(socket);
    });
  };

  const requests: RecordedRequest[] = [];
  const notifications: NotificationDelivery[] = [];
  const byMerchantRef = new Map<string, SimulatedOrder>();
  const byReference = new Map<string, SimulatedOrder>();
  const cardsByToken = new Map<string, SimulatedCard>();
  const challenges = new Map<string, { referenceNumber: string; returnUrl: string }>();
  const chains = new Map<string, Promise<unknown>>();
  const pending = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const closing = new AbortController();

  const record = (request: FastifyRequest, body: unknown = request.body): void => {
    requests.push({
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      query: isObject(request.query) ? { ...request.query } : {},
      body,
      at: new Date(),
    });
    if (requests.length > MAX_RECORDED) requests.shift();
  };

  const uniqueNumber = (digits: number, taken: (value: string) => boolean): string => {
    for (;;) {
      const value = String(randomInt(10 ** (digits - 1), 10 ** digits));
      if (!taken(value)) return value;
    }
  };

  const findOrder = (reference: string): SimulatedOrder | undefined =>
    byReference.get(reference) ?? byMerchantRef.get(reference);

  // --- Notifications ----------------------------------------------------------------------------

  function notificationOf(
    order: SimulatedOrder,
    fields: SendNotificationOptions['fields'] = {},
  ): FawryNotificationBody {
    const base: Omit<FawryNotificationBody, 'messageSignature'> = {
      requestId: randomUUID().replace(/-/g, ''),
      fawryRefNumber: order.referenceNumber,
      merchantRefNumber: order.merchantRefNumber,
      ...(order.customerName ? { customerName: order.customerName } : {}),
      ...(order.customerMobile ? { customerMobile: order.customerMobile } : {}),
      ...(order.customerMail ? { customerMail: order.customerMail } : {}),
      ...(order.customerProfileId ? { customerMerchantId: order.customerProfileId } : {}),
      paymentAmount: pounds(order.amountPiasters + order.feesPiasters),
      orderAmount: pounds(order.amountPiasters),
      fawryFees: pounds(order.feesPiasters),
      orderStatus: order.status === 'UNPAID' ? 'NEW' : order.status,
      paymentMethod: notifiedMethod(order.method),
      ...(order.paidAt ? { paymentTime: order.paidAt.getTime() } : {}),
      ...(order.authNumber ? { authNumber: order.authNumber } : {}),
      ...(order.paymentReferenceNumber
        ? { paymentRefrenceNumber: order.paymentReferenceNumber }
        : {}),
      ...(order.expiresAt ? { orderExpiryDate: order.expiresAt.getTime() } : {}),
      orderItems: order.items.map((item) => ({
        itemCode: item.itemId,
        price: pounds(item.pricePiasters),
        quantity: item.quantity,
      })),
      ...(order.failure
        ? { failureErrorCode: order.failure.code, failureReason: order.failure.reason }
        : {}),
      ...(order.installmentMonths
        ? { installmentMonths: order.installmentMonths, installmentInterestAmount: 0 }
        : {}),
      ...fields,
    };
    return { ...base, messageSignature: signNotification(base, securityKey) };
  }

  /** Waits that close() can cut short (it resolves them at once). */
  const sleeps = new Map<NodeJS.Timeout, () => void>();
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (closing.signal.aborted) return resolve();
      const timer = setTimeout(() => {
        sleeps.delete(timer);
        resolve();
      }, ms);
      sleeps.set(timer, resolve);
    });

  async function deliver(
    url: string,
    body: FawryNotificationBody,
  ): Promise<NotificationDelivery[]> {
    const attempts: NotificationDelivery[] = [];
    for (let attempt = 1; attempt <= retryDelays.length + 1; attempt += 1) {
      if (closing.signal.aborted) break;
      let status: number | undefined;
      let error: string | undefined;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.any([closing.signal, AbortSignal.timeout(NOTIFICATION_TIMEOUT_MS)]),
        });
        status = response.status;
        await response.body?.cancel().catch(() => undefined);
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
      const delivery: NotificationDelivery = { url, attempt, body, status, error, at: new Date() };
      attempts.push(delivery);
      notifications.push(delivery);
      if (notifications.length > MAX_RECORDED) notifications.shift();
      // Fawry counts the notification delivered on a 200 only.
      if (status === 200) break;
      const wait = retryDelays[attempt - 1];
      if (wait === undefined) break;
      await sleep(wait);
    }
    return attempts;
  }

  /**
   * Queues a delivery behind the order's earlier ones, so the merchant sees events in order. The
   * body is a snapshot taken now; retries send it unchanged (same requestId and signature).
   */
  function enqueue(
    order: SimulatedOrder,
    body: FawryNotificationBody,
    url: string | undefined = order.webhookUrl ?? notificationUrl,
  ): Promise<NotificationDelivery[]> {
    if (!url) return Promise.resolve([]);
    const previous = chains.get(order.referenceNumber) ?? Promise.resolve();
    const next = previous.then(() => deliver(url, body));
    const settled = next.catch(() => []);
    chains.set(order.referenceNumber, settled);
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
    return next;
  }

  const notify = (order: SimulatedOrder): void => {
    void enqueue(order, notificationOf(order));
  };

  // --- State changes ----------------------------------------------------------------------------

  function expireDue(): void {
    const now = Date.now();
    for (const order of byReference.values()) {
      if (order.status === 'UNPAID' && order.expiresAt && order.expiresAt.getTime() <= now) {
        order.status = 'EXPIRED';
        notify(order);
      }
    }
  }

  function markPaid(order: SimulatedOrder): void {
    order.status = 'PAID';
    order.paidAt = new Date();
    order.paymentReferenceNumber = uniqueNumber(10, () => false);
    if (order.method === 'CARD') order.authNumber = String(randomInt(100_000, 1_000_000));
    order.failure = undefined;
    notify(order);
  }

  function markFailed(order: SimulatedOrder, code: number, reason: string): void {
    order.status = 'FAILED';
    order.failure = { code, reason };
    notify(order);
  }

  function unpaidOrder(referenceNumber: string, method: FawryPaymentMethod): SimulatedOrder {
    expireDue();
    const order = findOrder(referenceNumber);
    if (!order) throw new FawrySimulatorError(`No order ${referenceNumber}`, 404);
    if (order.method !== method) {
      throw new FawrySimulatorError(`Order ${referenceNumber} is not a ${method} order`, 409);
    }
    if (order.status !== 'UNPAID') {
      throw new FawrySimulatorError(`Order ${referenceNumber} is ${order.status}`, 409);
    }
    return order;
  }

  const payReference = (referenceNumber: string): SimulatedOrder => {
    const order = unpaidOrder(referenceNumber, 'PAYATFAWRY');
    markPaid(order);
    return order;
  };

  const payWallet = (referenceNumber: string): SimulatedOrder => {
    const order = unpaidOrder(referenceNumber, 'MWALLET');
    markPaid(order);
    return order;
  };

  const expire = (referenceNumber: string): SimulatedOrder => {
    expireDue();
    const order = findOrder(referenceNumber);
    if (!order) throw new FawrySimulatorError(`No order ${referenceNumber}`, 404);
    if (order.status !== 'UNPAID') {
      throw new FawrySimulatorError(`Order ${referenceNumber} is ${order.status}`, 409);
    }
    order.status = 'EXPIRED';
    notify(order);
    return order;
  };

  // --- Answers ------------------------------------------------------------------------------------

  const failure = (type: string, statusCode: number, statusDescription: string): Json => ({
    type,
    statusCode,
    statusDescription,
  });

  const wrongMerchant = (type: string): Json =>
    failure(type, FAWRY_STATUS.invalidMerchantCode, 'Merchant code is invalid');
  const wrongSignature = (type: string): Json =>
    failure(type, FAWRY_STATUS.invalidSignature, 'Wrong Signature');

  const chargeFailure = (statusCode: number, description: string): Json =>
    failure('ChargeResponse', statusCode, description);

  /** The answer to a charge that paid (or, with a card, failed) at once. */
  function chargeAnswer(order: SimulatedOrder): Json {
    const answer: Json = {
      type: 'ChargeResponse',
      referenceNumber: order.referenceNumber,
      merchantRefNumber: order.merchantRefNumber,
      orderAmount: pounds(order.amountPiasters),
      paymentAmount: pounds(order.amountPiasters + order.feesPiasters),
      fawryFees: pounds(order.feesPiasters),
      paymentMethod: order.method,
      orderStatus: order.status,
      ...(order.paidAt ? { paymentTime: order.paidAt.getTime() } : {}),
      ...(order.expiresAt ? { expirationTime: order.expiresAt.getTime() } : {}),
      ...(order.customerMobile ? { customerMobile: order.customerMobile } : {}),
      ...(order.customerMail ? { customerMail: order.customerMail } : {}),
      ...(order.customerProfileId ? { customerProfileId: order.customerProfileId } : {}),
      ...(order.authNumber ? { authNumber: order.authNumber } : {}),
    };
    const signed = chargeResponseSignatureString(answer, securityKey);
    return {
      ...answer,
      ...(signed ? { signature: sha256Hex(signed) } : {}),
      statusCode: FAWRY_STATUS.ok,
      statusDescription: OK_DESCRIPTION,
    };
  }

  /** The query Fawry puts on returnUrl after 3-D Secure, signed like a charge answer. */
  function returnParams(order: SimulatedOrder): Record<string, string> {
    const values: Record<string, string> = {
      type: 'ChargeResponse',
      referenceNumber: order.referenceNumber,
      merchantRefNumber: order.merchantRefNumber,
      orderAmount: formatAmount(order.amountPiasters),
      paymentAmount: formatAmount(order.amountPiasters + order.feesPiasters),
      fawryFees: formatAmount(order.feesPiasters),
      paymentMethod: order.method,
      orderStatus: order.status,
      ...(order.paidAt ? { paymentTime: String(order.paidAt.getTime()) } : {}),
      ...(order.customerMobile ? { customerMobile: order.customerMobile } : {}),
      ...(order.customerMail ? { customerMail: order.customerMail } : {}),
      ...(order.customerProfileId ? { customerProfileId: order.customerProfileId } : {}),
      ...(order.authNumber ? { authNumber: order.authNumber } : {}),
    };
    const signed = chargeResponseSignatureString(values, securityKey);
    return {
      ...values,
      ...(signed ? { signature: sha256Hex(signed) } : {}),
      statusCode: String(order.failure?.code ?? FAWRY_STATUS.ok),
      statusDescription: order.failure?.reason ?? OK_DESCRIPTION,
    };
  }

  function statusAnswer(order: SimulatedOrder): Json {
    // The status API says UNPAID where the creation notification says NEW.
    const body = notificationOf(order, { orderStatus: order.status });
    return {
      type: 'PaymentStatusResponse',
      ...body,
      statusCode: FAWRY_STATUS.ok,
      statusDescription: OK_DESCRIPTION,
    };
  }

  // --- Charge ----------------------------------------------------------------------------------

  interface ParsedCharge {
    merchantRefNum: string;
    customerProfileId: string | undefined;
    paymentMethod: FawryPaymentMethod;
    amountPiasters: number;
    body: Json;
  }

  type ChargeCheck = { ok: true; charge: ParsedCharge } | { ok: false; answer: Json };

  /** Checks a charge request as Fawry does: merchant, amount, signature, then the fields. */
  function readCharge(body: unknown): ChargeCheck {
    const refuse = (statusCode: number, description: string): ChargeCheck => ({
      ok: false,
      answer: chargeFailure(statusCode, description),
    });
    if (!isObject(body)) return refuse(FAWRY_STATUS.badRequest, 'Invalid request body');
    if (field(body, 'merchantCode') !== merchantCode) {
      return refuse(FAWRY_STATUS.invalidMerchantCode, 'Merchant code is invalid');
    }
    const merchantRefNum = field(body, 'merchantRefNum');
    if (!merchantRefNum) return refuse(FAWRY_STATUS.badRequest, 'merchantRefNum is required');
    const amountPiasters = parseAmount(body.amount);
    if (amountPiasters === undefined || amountPiasters === 0) {
      return refuse(FAWRY_STATUS.invalidAmount, 'Invalid amount');
    }
    const paymentMethod = field(body, 'paymentMethod') ?? '';
    const customerProfileId = field(body, 'customerProfileId');
    const expected = sha256Hex(
      chargeSignatureString(
        {
          merchantCode,
          merchantRefNum,
          customerProfileId,
          paymentMethod,
          amountPiasters,
          cardToken: field(body, 'cardToken'),
          cardNumber: field(body, 'cardNumber'),
          cardExpiryYear: field(body, 'cardExpiryYear'),
          cardExpiryMonth: field(body, 'cardExpiryMonth'),
          cvv: field(body, 'cvv'),
          installmentPlanId: field(body, 'installmentPlanId'),
          debitMobileWalletNo: field(body, 'debitMobileWalletNo'),
          returnUrl: field(body, 'returnUrl'),
        },
        securityKey,
      ),
    );
    if (!signaturesMatch(body.signature, expected)) {
      return refuse(FAWRY_STATUS.invalidSignature, 'Wrong Signature');
    }
    if (paymentMethod !== 'CARD' && paymentMethod !== 'PAYATFAWRY' && paymentMethod !== 'MWALLET') {
      return refuse(FAWRY_STATUS.badRequest, `Unsupported payment method ${paymentMethod}`);
    }
    const mobile = field(body, 'customerMobile');
    if (!mobile || !EGYPT_MOBILE.test(mobile)) {
      return refuse(FAWRY_STATUS.badRequest, 'customerMobile must be a mobile number 01xxxxxxxxx');
    }
    if (field(body, 'currencyCode') !== undefined && field(body, 'currencyCode') !== 'EGP') {
      return refuse(FAWRY_STATUS.badRequest, 'Only EGP is supported');
    }
    const items = body.chargeItems;
    if (!Array.isArray(items) || items.length === 0) {
      return refuse(FAWRY_STATUS.badRequest, 'chargeItems is required');
    }
    let itemsTotal = 0;
    for (const item of items) {
      const price = isObject(item) ? parseAmount(item.price) : undefined;
      const quantity = isObject(item) ? item.quantity : undefined;
      if (
        price === undefined ||
        !field(item, 'itemId') ||
        typeof quantity !== 'number' ||
        !Number.isInteger(quantity) ||
        quantity < 1
      ) {
        return refuse(FAWRY_STATUS.badRequest, 'Invalid charge item');
      }
      itemsTotal += price * quantity;
    }
    if (itemsTotal !== amountPiasters) {
      return refuse(FAWRY_STATUS.invalidAmount, 'Amount does not equal the charge items total');
    }
    return {
      ok: true,
      charge: { merchantRefNum, customerProfileId, paymentMethod, amountPiasters, body },
    };
  }

  function newOrder(charge: ParsedCharge, fees: number): SimulatedOrder {
    const { body } = charge;
    const items = (body.chargeItems as Json[]).map((item) => ({
      itemId: field(item, 'itemId') ?? '',
      pricePiasters: parseAmount(item.price) ?? 0,
      quantity: Number(item.quantity),
    }));
    const expiry = Number(field(body, 'paymentExpiry'));
    const webhookUrl = field(body, 'orderWebHookUrl');
    const order: SimulatedOrder = {
      referenceNumber: uniqueNumber(9, (value) => byReference.has(value)),
      merchantRefNumber: charge.merchantRefNum,
      method: charge.paymentMethod,
      status: 'UNPAID',
      amountPiasters: charge.amountPiasters,
      feesPiasters: fees,
      refundedPiasters: 0,
      customerProfileId: charge.customerProfileId,
      customerMobile: field(body, 'customerMobile'),
      customerMail: field(body, 'customerEmail'),
      customerName: field(body, 'customerName'),
      items,
      createdAt: new Date(),
      expiresAt:
        charge.paymentMethod === 'CARD'
          ? undefined
          : new Date(
              Number.isFinite(expiry) && expiry > 0 ? expiry : Date.now() + referenceExpiryMs,
            ),
      paidAt: undefined,
      paymentReferenceNumber: undefined,
      authNumber: undefined,
      cardLastFour: undefined,
      installmentMonths: undefined,
      walletMobile: field(body, 'debitMobileWalletNo'),
      webhookUrl: webhookUrl && isHttpUrl(webhookUrl) ? webhookUrl : undefined,
      failure: undefined,
    };
    byMerchantRef.set(order.merchantRefNumber, order);
    byReference.set(order.referenceNumber, order);
    return order;
  }

  function cardCharge(charge: ParsedCharge, origin: string): Json {
    const { body } = charge;
    const token = field(body, 'cardToken');
    let cardNumber = field(body, 'cardNumber');
    if (token) {
      const card = cardsByToken.get(token);
      if (!card || card.customerProfileId !== charge.customerProfileId) {
        return chargeFailure(FAWRY_STATUS.cardNotFound, 'Card token not found for this customer');
      }
      cardNumber = card.cardNumber;
    }
    if (!cardNumber || !luhnValid(cardNumber)) {
      return chargeFailure(FAWRY_STATUS.badRequest, 'cardToken or a valid cardNumber is required');
    }
    const cvv = field(body, 'cvv');
    if (cvv !== undefined && !/^\d{3}$/.test(cvv)) {
      return chargeFailure(FAWRY_STATUS.badRequest, 'cvv must be 3 digits');
    }
    let installmentMonths: number | undefined;
    const planId = field(body, 'installmentPlanId');
    if (planId !== undefined) {
      const plan = FAWRY_TEST_INSTALLMENT_PLANS.find(
        (p) => String(p.installmentPlan.id) === planId,
      );
      if (!plan) {
        return chargeFailure(FAWRY_STATUS.invalidInstallmentPlan, 'Installment plan not found');
      }
      const { minAmount, maxAmount } = plan.installmentPlan;
      if (charge.amountPiasters < minAmount * 100 || charge.amountPiasters > maxAmount * 100) {
        return chargeFailure(
          FAWRY_STATUS.notAllowedAmount,
          'Amount not allowed for this installment plan',
        );
      }
      installmentMonths = plan.installmentPlan.noOfMonths;
    }
    const returnUrl = field(body, 'returnUrl');
    const needs3ds = cardNumber === FAWRY_TEST_CARDS.threeDSecure;
    if (needs3ds && (!returnUrl || !isHttpUrl(returnUrl))) {
      return chargeFailure(FAWRY_STATUS.badRequest, 'returnUrl is required for 3-D Secure');
    }

    const existing = byMerchantRef.get(charge.merchantRefNum);
    if (existing && existing.status !== 'FAILED') {
      return chargeFailure(FAWRY_STATUS.badRequest, 'merchantRefNum is duplicated');
    }
    if (existing) {
      byMerchantRef.delete(existing.merchantRefNumber);
    }
    const order = newOrder(charge, 0);
    order.cardLastFour = cardNumber.slice(-4);
    order.installmentMonths = installmentMonths;

    if (cardNumber === FAWRY_TEST_CARDS.declined) {
      markFailed(order, FAWRY_STATUS.transactionDeclined, 'Transaction declined');
      return chargeFailure(FAWRY_STATUS.transactionDeclined, 'Transaction declined');
    }
    if (cardNumber === FAWRY_TEST_CARDS.insufficientFunds) {
      markFailed(order, FAWRY_STATUS.insufficientFunds, 'Insufficient funds');
      return chargeFailure(FAWRY_STATUS.insufficientFunds, 'Insufficient funds');
    }
    if (needs3ds && returnUrl) {
      const id = randomBytes(18).toString('base64url');
      challenges.set(id, { referenceNumber: order.referenceNumber, returnUrl });
      return {
        type: 'ChargeResponse',
        referenceNumber: order.referenceNumber,
        merchantRefNumber: order.merchantRefNumber,
        orderStatus: 'UNPAID',
        nextAction: {
          type: 'THREE_D_SECURE',
          redirectUrl: `${origin}${SIMULATOR_PATHS.threeDSecure}/${id}`,
        },
        statusCode: FAWRY_STATUS.ok,
        statusDescription: OK_DESCRIPTION,
      };
    }
    markPaid(order);
    return chargeAnswer(order);
  }

  function laterCharge(charge: ParsedCharge): Json {
    const { body } = charge;
    const walletMobile = field(body, 'debitMobileWalletNo');
    if (charge.paymentMethod === 'MWALLET' && walletMobile && !EGYPT_MOBILE.test(walletMobile)) {
      return chargeFailure(
        FAWRY_STATUS.badRequest,
        'debitMobileWalletNo must be a wallet number 01xxxxxxxxx',
      );
    }
    const existing = byMerchantRef.get(charge.merchantRefNum);
    if (existing) {
      // A repeated request for the same unpaid order gets the same reference number.
      const same =
        existing.status === 'UNPAID' &&
        existing.method === charge.paymentMethod &&
        existing.amountPiasters === charge.amountPiasters;
      if (!same) return chargeFailure(FAWRY_STATUS.badRequest, 'merchantRefNum is duplicated');
      return laterAnswer(existing);
    }
    const order = newOrder(charge, charge.paymentMethod === 'PAYATFAWRY' ? referenceFee : 0);
    if (notifyOnCreate) notify(order);
    if (order.method === 'MWALLET' && options.walletAutoPayMs !== undefined) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (order.status === 'UNPAID') markPaid(order);
      }, options.walletAutoPayMs);
      timers.add(timer);
    }
    return laterAnswer(order);
  }

  function laterAnswer(order: SimulatedOrder): Json {
    return {
      type: 'ChargeResponse',
      referenceNumber: order.referenceNumber,
      merchantRefNumber: order.merchantRefNumber,
      ...(order.expiresAt ? { expirationTime: order.expiresAt.getTime() } : {}),
      orderAmount: pounds(order.amountPiasters),
      paymentAmount: pounds(order.amountPiasters + order.feesPiasters),
      fawryFees: pounds(order.feesPiasters),
      paymentMethod: order.method,
      orderStatus: 'UNPAID',
      ...(order.customerMobile ? { customerMobile: order.customerMobile } : {}),
      ...(order.customerMail ? { customerMail: order.customerMail } : {}),
      ...(order.customerProfileId ? { customerProfileId: order.customerProfileId } : {}),
      ...(order.method === 'MWALLET' && !order.walletMobile ? { walletQr: PLACEHOLDER_QR } : {}),
      statusCode: FAWRY_STATUS.ok,
      statusDescription: OK_DESCRIPTION,
    };
  }

  // --- Routes ------------------------------------------------------------------------------------

  const app = createLocalFastify(options.logger);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return reply
      .code(status >= 500 ? 500 : 400)
      .send(
        failure(
          'ErrorResponse',
          status >= 500 ? 500 : FAWRY_STATUS.badRequest,
          status >= 500 ? 'Internal error' : 'Invalid request body',
        ),
      );
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(failure('ErrorResponse', 404, `No such path ${request.url.split('?')[0] ?? ''}`)),
  );
  app.addHook('onRequest', async () => {
    expireDue();
  });

  let origin = '';

  const charge = async (request: FastifyRequest): Promise<Json> => {
    record(request);
    const checked = readCharge(request.body);
    if (!checked.ok) return checked.answer;
    const { charge: valid } = checked;
    return valid.paymentMethod === 'CARD' ? cardCharge(valid, origin) : laterCharge(valid);
  };
  app.post(FAWRY_PATHS.charge, charge);
  app.post(FAWRY_PATHS.walletCharge, charge);

  /** Parameters from the query string, or (as Fawry's samples show) a JSON body. */
  const params = (request: FastifyRequest): Json => ({
    ...(isObject(request.body) ? request.body : {}),
    ...(isObject(request.query) ? request.query : {}),
  });

  app.get(FAWRY_PATHS.statusV2, async (request) => {
    record(request);
    const q = params(request);
    if (field(q, 'merchantCode') !== merchantCode) {
      return wrongMerchant('PaymentStatusResponse');
    }
    const merchantRefNumber = field(q, 'merchantRefNumber');
    if (!merchantRefNumber) {
      return failure(
        'PaymentStatusResponse',
        FAWRY_STATUS.referenceNumberBlank,
        'Merchant reference number is blank',
      );
    }
    const expected = sha256Hex(
      paymentStatusSignatureString(merchantCode, merchantRefNumber, securityKey),
    );
    if (!signaturesMatch(q.signature, expected)) {
      return wrongSignature('PaymentStatusResponse');
    }
    const order = byMerchantRef.get(merchantRefNumber);
    if (!order)
      return failure('PaymentStatusResponse', FAWRY_STATUS.orderNotFound, 'Payment not found');
    return statusAnswer(order);
  });

  app.post(FAWRY_PATHS.refund, async (request, reply) => {
    record(request);
    const body = request.body;
    if (!isObject(body))
      return failure('RefundResponse', FAWRY_STATUS.badRequest, 'Invalid request body');
    if (field(body, 'merchantCode') !== merchantCode) {
      return wrongMerchant('RefundResponse');
    }
    const referenceNumber = field(body, 'referenceNumber');
    const refundPiasters = parseAmount(body.refundAmount);
    if (!referenceNumber) {
      return failure(
        'RefundResponse',
        FAWRY_STATUS.referenceNumberBlank,
        'Reference number is blank',
      );
    }
    if (refundPiasters === undefined || refundPiasters === 0) {
      return failure('RefundResponse', FAWRY_STATUS.invalidAmount, 'Invalid refund amount');
    }
    const expected = sha256Hex(
      refundSignatureString(
        { merchantCode, referenceNumber, refundPiasters, reason: field(body, 'reason') },
        securityKey,
      ),
    );
    if (!signaturesMatch(body.signature, expected)) {
      return wrongSignature('RefundResponse');
    }
    const order = byReference.get(referenceNumber);
    if (!order) return failure('RefundResponse', FAWRY_STATUS.orderNotFound, 'Order not found');
    if (
      order.status !== 'PAID' &&
      order.status !== 'PARTIAL_REFUNDED' &&
      order.status !== 'REFUNDED'
    ) {
      return failure('RefundResponse', FAWRY_STATUS.orderNotPaid, 'Order is not paid');
    }
    const refundable = order.amountPiasters - order.refundedPiasters;
    if (refundPiasters > refundable) {
      return failure(
        'RefundResponse',
        FAWRY_STATUS.refundAmountExceeded,
        `Refund amount exceeds the refundable amount ${formatAmount(refundable)}`,
      );
    }
    order.refundedPiasters += refundPiasters;
    order.status =
      order.refundedPiasters === order.amountPiasters ? 'REFUNDED' : 'PARTIAL_REFUNDED';
    const fault = refundFault;
    refundFault = undefined;
    if (fault?.notify !== false) notify(order);
    if (fault?.mode === 'garbage') {
      return reply
        .code(200)
        .type('text/html')
        .send('<html><body>Service Unavailable</body></html>');
    }
    if (fault?.mode === 'hang') {
      // The money moved; the answer never comes: the connection is held open, then dropped.
      reply.hijack();
      holdConnection(request.raw.socket, fault.holdMs ?? 20_000);
      return reply;
    }
    return failure('RefundResponse', FAWRY_STATUS.ok, OK_DESCRIPTION);
  });

  app.post(FAWRY_PATHS.cancelUnpaidOrder, async (request, reply) => {
    record(request);
    const body = request.body;
    const answer = (http: number, code: number, description: string, reason = description) =>
      reply.code(http).send({ code, description, reason });
    if (!isObject(body)) return answer(400, FAWRY_STATUS.badRequest, 'Invalid request body');
    if (field(body, 'merchantAccount') !== merchantCode) {
      return answer(400, FAWRY_STATUS.invalidMerchantCode, 'Merchant code is invalid');
    }
    const orderRefNo = field(body, 'orderRefNo');
    const lang = field(body, 'lang');
    if (!orderRefNo || (lang !== 'ar-eg' && lang !== 'en-gb')) {
      return answer(
        400,
        FAWRY_STATUS.badRequest,
        'orderRefNo and lang (ar-eg or en-gb) are required',
      );
    }
    const expected = sha256Hex(
      cancelUnpaidOrderSignatureString(
        { orderRefNo, merchantAccount: merchantCode, lang },
        securityKey,
      ),
    );
    if (!signaturesMatch(body.signature, expected)) {
      return answer(400, FAWRY_STATUS.invalidSignature, 'Wrong Signature');
    }
    const order = byReference.get(orderRefNo);
    if (!order) return answer(404, FAWRY_STATUS.orderNotFound, 'Order not found');
    // Fawry documents no code for an order already cancelled: the generic refusal, as for any
    // order that is not UNPAID.
    if (order.status !== 'UNPAID') {
      return answer(
        400,
        FAWRY_STATUS.badRequest,
        `Order cannot be cancelled: it is ${order.status}`,
      );
    }
    order.status = 'CANCELED';
    for (const [id, challenge] of challenges) {
      if (challenge.referenceNumber === order.referenceNumber) challenges.delete(id);
    }
    notify(order);
    return answer(200, FAWRY_STATUS.ok, OK_DESCRIPTION);
  });

  // Card tokens

  const wireCard = (card: SimulatedCard): FawryWireCard => ({
    token: card.token,
    creationDate: card.createdAt.getTime(),
    lastFourDigits: card.cardNumber.slice(-4),
    firstSixDigits: card.cardNumber.slice(0, 6),
    brand: card.brand,
    cardHolderName: card.holderName,
    isDefault: card.isDefault,
  });

  const cardsOf = (customerProfileId: string): SimulatedCard[] =>
    [...cardsByToken.values()].filter((card) => card.customerProfileId === customerProfileId);

  app.get(FAWRY_PATHS.cardToken, async (request) => {
    record(request);
    const q = params(request);
    if (field(q, 'merchantCode') !== merchantCode) {
      return wrongMerchant('CardTokenResponse');
    }
    const customerProfileId = field(q, 'customerProfileId');
    if (!customerProfileId) {
      return failure('CardTokenResponse', FAWRY_STATUS.badRequest, 'customerProfileId is required');
    }
    const expected = sha256Hex(
      listCardTokensSignatureString(merchantCode, customerProfileId, securityKey),
    );
    if (!signaturesMatch(q.signature, expected)) {
      return wrongSignature('CardTokenResponse');
    }
    return {
      type: 'CardTokenResponse',
      cards: cardsOf(customerProfileId).map(wireCard),
      statusCode: FAWRY_STATUS.ok,
      statusDescription: OK_DESCRIPTION,
    };
  });

  app.delete(FAWRY_PATHS.cardToken, async (request) => {
    record(request);
    const q = params(request);
    if (field(q, 'merchantCode') !== merchantCode) {
      return wrongMerchant('CardTokenResponse');
    }
    const customerProfileId = field(q, 'customerProfileId');
    const cardToken = field(q, 'cardToken');
    if (!customerProfileId || !cardToken) {
      return failure(
        'CardTokenResponse',
        FAWRY_STATUS.badRequest,
        'customerProfileId and cardToken are required',
      );
    }
    const expected = sha256Hex(
      deleteCardTokenSignatureString({ merchantCode, customerProfileId, cardToken }, securityKey),
    );
    if (!signaturesMatch(q.signature, expected)) {
      return wrongSignature('CardTokenResponse');
    }
    const card = cardsByToken.get(cardToken);
    if (!card || card.customerProfileId !== customerProfileId) {
      return failure('CardTokenResponse', FAWRY_STATUS.orderNotFound, 'Card token not found');
    }
    cardsByToken.delete(cardToken);
    return failure('CardTokenResponse', FAWRY_STATUS.ok, OK_DESCRIPTION);
  });

  app.get(FAWRY_PATHS.installmentPlans, async (request, reply) => {
    record(request);
    if (field(request.query, 'accountNumber') !== merchantCode) {
      return reply
        .code(400)
        .send({ code: FAWRY_STATUS.invalidMerchantCode, description: 'Merchant code is invalid' });
    }
    return FAWRY_TEST_INSTALLMENT_PLANS;
  });

  // The hosted card page

  interface CardPageRequest {
    accNo: string;
    customerProfileId: string;
    returnUrl: string;
    locale: string | undefined;
  }

  function readCardPageRequest(source: unknown): CardPageRequest | string {
    const accNo = field(source, 'accNo');
    const customerProfileId = field(source, 'customerProfileId');
    const returnUrl = field(source, 'returnUrl');
    if (accNo !== merchantCode) return 'رقم حساب التاجر (accNo) غير صحيح';
    if (!customerProfileId) return 'معرّف العميل (customerProfileId) مطلوب';
    if (!returnUrl || !isHttpUrl(returnUrl))
      return 'عنوان العودة (returnUrl) يجب أن يكون رابط http أو https';
    return { accNo, customerProfileId, returnUrl, locale: field(source, 'locale') };
  }

  app.get(FAWRY_PATHS.cardTokenPage, async (request, reply) => {
    const card = readCardPageRequest(request.query);
    if (typeof card === 'string') return sendPage(reply, 400, messagePage('طلب غير صالح', card));
    return sendPage(reply, 200, cardTokenPage({ action: FAWRY_PATHS.cardTokenPage, ...card }));
  });

  app.post(FAWRY_PATHS.cardTokenPage, async (request, reply) => {
    record(request, { ...(isObject(request.body) ? request.body : {}), cvv: '***' });
    const source = request.body;
    const card = readCardPageRequest(source);
    if (typeof card === 'string') return sendPage(reply, 400, messagePage('طلب غير صالح', card));
    if (field(source, 'decision') === 'cancel') {
      return redirect(
        reply,
        withQuery(card.returnUrl, {
          statusCode: '400',
          statusDescription: 'Cancelled by the customer',
        }),
      );
    }
    const cardNumber = (field(source, 'cardNumber') ?? '').replace(/[\s-]/g, '');
    const expiryMonth = (field(source, 'expiryMonth') ?? '').trim();
    const rawYear = (field(source, 'expiryYear') ?? '').trim();
    const cvv = (field(source, 'cvv') ?? '').trim();
    const holderName = (field(source, 'cardHolderName') ?? '').trim().slice(0, 60);
    const values = { cardNumber, expiryMonth, expiryYear: rawYear, cardHolderName: holderName };
    const again = (error: string): FastifyReply =>
      sendPage(
        reply,
        400,
        cardTokenPage({ action: FAWRY_PATHS.cardTokenPage, ...card, error, values }),
      );

    if (!luhnValid(cardNumber)) return again('رقم البطاقة غير صحيح');
    const month = Number(expiryMonth);
    const year = /^\d{2}$/.test(rawYear)
      ? 2000 + Number(rawYear)
      : /^\d{4}$/.test(rawYear)
        ? Number(rawYear)
        : NaN;
    if (!/^\d{1,2}$/.test(expiryMonth) || month < 1 || month > 12 || !Number.isFinite(year)) {
      return again('تاريخ الانتهاء غير صحيح');
    }
    const now = new Date();
    if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
      return again('انتهت صلاحية البطاقة');
    }
    if (!/^\d{3}$/.test(cvv)) return again('رمز الأمان يتكون من 3 أرقام');
    if (!holderName) return again('الاسم على البطاقة مطلوب');

    const isDefault = field(source, 'isDefault') === 'true' || field(source, 'isDefault') === 'on';
    const owned = cardsOf(card.customerProfileId);
    let saved = owned.find((c) => c.cardNumber === cardNumber);
    if (!saved) {
      saved = {
        token: randomBytes(32).toString('hex'),
        customerProfileId: card.customerProfileId,
        cardNumber,
        brand: brandOf(cardNumber),
        holderName,
        expiryMonth: String(month).padStart(2, '0'),
        expiryYear: String(year % 100).padStart(2, '0'),
        createdAt: new Date(),
        isDefault: isDefault || owned.length === 0,
      };
      cardsByToken.set(saved.token, saved);
    }
    if (isDefault) for (const c of owned) c.isDefault = c === saved;
    return redirect(
      reply,
      withQuery(card.returnUrl, {
        statusCode: String(FAWRY_STATUS.ok),
        statusDescription: OK_DESCRIPTION,
        isDefault: String(saved.isDefault),
        token: saved.token,
        creationDate: String(saved.createdAt.getTime()),
        lastFourDigits: cardNumber.slice(-4),
        firstSixDigits: cardNumber.slice(0, 6),
        default: String(saved.isDefault),
        cardHolderName: saved.holderName,
      }),
    );
  });

  // 3-D Secure

  app.get<{ Params: { id: string } }>(
    `${SIMULATOR_PATHS.threeDSecure}/:id`,
    async (request, reply) => {
      const challenge = challenges.get(request.params.id);
      const order = challenge ? byReference.get(challenge.referenceNumber) : undefined;
      if (!challenge || !order || order.status !== 'UNPAID') {
        return sendPage(reply, 410, messagePage('انتهت الجلسة', 'هذه العملية لم تعد متاحة.'));
      }
      return sendPage(
        reply,
        200,
        threeDSecurePage({
          action: `${SIMULATOR_PATHS.threeDSecure}/${request.params.id}`,
          merchantRefNumber: order.merchantRefNumber,
          amountPiasters: order.amountPiasters + order.feesPiasters,
          lastFourDigits: order.cardLastFour ?? '',
        }),
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    `${SIMULATOR_PATHS.threeDSecure}/:id`,
    async (request, reply) => {
      const challenge = challenges.get(request.params.id);
      const order = challenge ? byReference.get(challenge.referenceNumber) : undefined;
      if (!challenge || !order || order.status !== 'UNPAID') {
        return sendPage(reply, 410, messagePage('انتهت الجلسة', 'هذه العملية لم تعد متاحة.'));
      }
      challenges.delete(request.params.id);
      if (field(request.body, 'decision') === 'pay') {
        markPaid(order);
      } else {
        markFailed(
          order,
          FAWRY_STATUS.transactionDeclined,
          '3-D Secure authentication was cancelled',
        );
      }
      return redirect(reply, withQuery(challenge.returnUrl, returnParams(order)));
    },
  );

  // Control endpoints

  const isForm = (request: FastifyRequest): boolean =>
    (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

  const control =
    (
      action: (
        reference: string,
        request: FastifyRequest,
      ) => SimulatedOrder | Promise<SimulatedOrder>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const reference =
        field(request.body, 'referenceNumber') ?? field(request.body, 'merchantRefNumber') ?? '';
      try {
        const order = await action(reference, request);
        if (isForm(request)) return redirect(reply, SIMULATOR_PATHS.dashboard, 303);
        return {
          referenceNumber: order.referenceNumber,
          merchantRefNumber: order.merchantRefNumber,
          orderStatus: order.status,
        };
      } catch (error) {
        if (!(error instanceof FawrySimulatorError)) throw error;
        if (isForm(request))
          return sendPage(reply, error.status, messagePage('تعذّر التنفيذ', error.message));
        return reply.code(error.status).send({ error: error.message });
      }
    };

  app.post(
    SIMULATOR_PATHS.payReference,
    control((reference) => payReference(reference)),
  );
  app.post(
    SIMULATOR_PATHS.payWallet,
    control((reference) => payWallet(reference)),
  );
  app.post(
    SIMULATOR_PATHS.expire,
    control((reference) => expire(reference)),
  );
  app.post(
    SIMULATOR_PATHS.notify,
    control((reference, request) => {
      const order = findOrder(reference);
      if (!order) throw new FawrySimulatorError(`No order ${reference}`, 404);
      const tamper = field(request.body, 'tamper');
      void enqueue(
        order,
        tampered(
          notificationOf(order),
          tamper === 'signature' || tamper === 'amount' ? tamper : undefined,
        ),
      );
      return order;
    }),
  );

  const dashboardOrders = (): DashboardOrder[] =>
    [...byReference.values()]
      .filter((order) => byMerchantRef.get(order.merchantRefNumber) === order)
      .reverse()
      .map((order) => ({
        referenceNumber: order.referenceNumber,
        merchantRefNumber: order.merchantRefNumber,
        method: order.method,
        status: order.status,
        amountPiasters: order.amountPiasters + order.feesPiasters,
        refundedPiasters: order.refundedPiasters,
        expiresAt: order.expiresAt,
      }));

  app.get(SIMULATOR_PATHS.dashboard, async (_request, reply) =>
    sendPage(reply, 200, dashboardPage({ orders: dashboardOrders(), notificationUrl })),
  );
  app.get(SIMULATOR_PATHS.orders, async () => ({ orders: [...byReference.values()] }));

  function tampered(
    body: FawryNotificationBody,
    how: SendNotificationOptions['tamper'],
  ): FawryNotificationBody {
    if (how === 'signature') return { ...body, messageSignature: randomBytes(32).toString('hex') };
    if (how === 'amount') return { ...body, paymentAmount: body.paymentAmount + 1 };
    return body;
  }

  const server = await listenLocal(app, options);
  origin = server.url;

  return {
    ...server,
    async close() {
      closing.abort();
      for (const socket of held) socket.destroy();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const [timer, resolve] of sleeps) {
        clearTimeout(timer);
        resolve();
      }
      sleeps.clear();
      await Promise.allSettled([...pending]);
      // A connection left mid-request (a refund that never answers) must not keep it open.
      app.server.closeAllConnections();
      await server.close();
    },
    requests,
    notifications,
    order: (reference) => {
      expireDue();
      return findOrder(reference);
    },
    orders: () => {
      expireDue();
      return [...byReference.values()];
    },
    cards: cardsOf,
    payReference,
    payWallet,
    expire,
    buildNotification(referenceNumber, fields) {
      const order = findOrder(referenceNumber);
      if (!order) throw new FawrySimulatorError(`No order ${referenceNumber}`, 404);
      return notificationOf(order, fields);
    },
    sendNotification(referenceNumber, sendOptions = {}) {
      const order = findOrder(referenceNumber);
      if (!order)
        return Promise.reject(new FawrySimulatorError(`No order ${referenceNumber}`, 404));
      return enqueue(
        order,
        tampered(notificationOf(order, sendOptions.fields), sendOptions.tamper),
        sendOptions.url ?? order.webhookUrl ?? notificationUrl,
      );
    },
    setNotificationUrl(url) {
      notificationUrl = url;
    },
    failNextRefund(fault) {
      refundFault = fault;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
