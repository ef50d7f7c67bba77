/**
 * Server notifications V2: the signed body of an order's state, and its delivery to the
 * merchant with retries, in order per order, as Fawry does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FawryNotificationBody } from '../protocol';
import { signNotification } from '../signatures';
import { MAX_RECORDED } from './state';
import type { NotificationDelivery, SendNotificationOptions, SimulatedOrder } from './types';
import { notifiedMethod, pounds } from './wire';

const NOTIFICATION_TIMEOUT_MS = 5_000;
const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000];

/** The notification V2 body of an order's current state, signed (after `fields` are applied). */
export function notificationOf(
  order: SimulatedOrder,
  securityKey: string,
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

/** A body gone wrong on the way: a wrong signature, or an amount changed after signing. */
export function tampered(
  body: FawryNotificationBody,
  how: SendNotificationOptions['tamper'],
): FawryNotificationBody {
  if (how === 'signature') return { ...body, messageSignature: randomBytes(32).toString('hex') };
  if (how === 'amount') return { ...body, paymentAmount: body.paymentAmount + 1 };
  return body;
}

export interface Notifier {
  /** Every attempt, newest last (at most 200). */
  readonly deliveries: NotificationDelivery[];
  /** The merchant's callback URL configured at Fawry. */
  url: string | undefined;
  /** The order's signed body. */
  bodyOf(order: SimulatedOrder, fields?: SendNotificationOptions['fields']): FawryNotificationBody;
  /**
   * Queues a delivery behind the order's earlier ones, so the merchant sees events in order. The
   * body is a snapshot taken now; retries send it unchanged (same requestId and signature).
   */
  enqueue(
    order: SimulatedOrder,
    body: FawryNotificationBody,
    url?: string,
  ): Promise<NotificationDelivery[]>;
  /** Notifies the order's current state. */
  notify(order: SimulatedOrder): void;
  /** Resolves when no notification is being delivered or waiting for a retry. */
  idle(): Promise<void>;
  /** Stops retrying, cuts waits short and lets deliveries under way end. */
  close(): Promise<void>;
}

export interface NotifierOptions {
  securityKey: string;
  url: string | undefined;
  /** Waits between attempts after a non-200 answer (default 2 s, 10 s, 60 s). */
  retryDelaysMs?: readonly number[] | undefined;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const deliveries: NotificationDelivery[] = [];
  const chains = new Map<string, Promise<unknown>>();
  const pending = new Set<Promise<unknown>>();
  const closing = new AbortController();

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

  async function post(url: string, body: FawryNotificationBody): Promise<number> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([closing.signal, AbortSignal.timeout(NOTIFICATION_TIMEOUT_MS)]),
    });
    await response.body?.cancel().catch(() => undefined);
    return response.status;
  }

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
        status = await post(url, body);
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
      const delivery: NotificationDelivery = { url, attempt, body, status, error, at: new Date() };
      attempts.push(delivery);
      deliveries.push(delivery);
      if (deliveries.length > MAX_RECORDED) deliveries.shift();
      // Fawry counts the notification delivered on a 200 only.
      if (status === 200) break;
      const wait = retryDelays[attempt - 1];
      if (wait === undefined) break;
      await sleep(wait);
    }
    return attempts;
  }

  const notifier: Notifier = {
    deliveries,
    url: options.url,
    bodyOf: (order, fields) => notificationOf(order, options.securityKey, fields),
    enqueue(order, body, url = order.webhookUrl ?? notifier.url) {
      if (!url) return Promise.resolve([]);
      const previous = chains.get(order.referenceNumber) ?? Promise.resolve();
      const next = previous.then(() => deliver(url, body));
      const settled = next.catch(() => []);
      chains.set(order.referenceNumber, settled);
      pending.add(settled);
      void settled.finally(() => pending.delete(settled));
      return next;
    },
    notify(order) {
      void notifier.enqueue(order, notifier.bodyOf(order));
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      closing.abort();
      for (const [timer, resolve] of sleeps) {
        clearTimeout(timer);
        resolve();
      }
      sleeps.clear();
      await Promise.allSettled([...pending]);
    },
  };
  return notifier;
}
