/**
 * Transaction processed callbacks: the signed TRANSACTION body POSTed to the intention's
 * notification URL (`?hmac=`), retried until a 2xx or the retries run out.
 */
import type { PaymobBooks, SimTransaction } from './state';
import { signCallback } from './signing';
import { transactionObj } from './transaction';
import type { CallbackAttempt, CallbackDelivery } from './types';

const MAX_CALLBACKS = 500;
const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 30_000];
const DEFAULT_CALLBACK_TIMEOUT_MS = 10_000;

export interface Callbacks {
  /** Every callback sent, newest last (at most 500), with its attempts. */
  readonly deliveries: CallbackDelivery[];
  /** Calls back a transaction's current state; undefined without a notification URL. */
  callBack(tx: SimTransaction): Promise<CallbackDelivery | undefined>;
  /** Sends a transaction's last callback again, byte for byte. */
  replay(transactionId: number): Promise<CallbackDelivery | undefined>;
  /** Waits until every callback has been delivered or has used up its retries. */
  flush(): Promise<void>;
  /** Stops retrying and cuts the waits short. */
  close(): void;
}

export interface CallbackOptions {
  books: PaymobBooks;
  hmacSecret: string;
  retryDelaysMs?: readonly number[] | undefined;
  timeoutMs?: number | undefined;
}

export function createCallbacks(options: CallbackOptions): Callbacks {
  const retryDelays = [...(options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS)];
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS;
  const deliveries: CallbackDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let closed = false;

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      entry.timer.unref();
      timers.add(entry);
    });

  async function attempt(delivery: CallbackDelivery): Promise<boolean> {
    const record: CallbackAttempt = { at: new Date() };
    delivery.attempts.push(record);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Paymob-Simulator/1.0' },
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      record.status = response.status;
      delivery.delivered = response.ok;
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
    return delivery.delivered;
  }

  /** First attempt awaited; retries continue in the background (see `flush`). */
  async function send(delivery: CallbackDelivery): Promise<CallbackDelivery> {
    deliveries.push(delivery);
    if (deliveries.length > MAX_CALLBACKS) deliveries.shift();
    const first = attempt(delivery);
    const chain = first.then(async (ok) => {
      for (const delay of retryDelays) {
        if (ok || closed) return;
        await sleep(delay);
        if (closed) return;
        ok = await attempt(delivery);
      }
    });
    inFlight.add(chain);
    void chain.finally(() => inFlight.delete(chain));
    await first;
    return delivery;
  }

  return {
    deliveries,
    async callBack(tx) {
      const target = tx.intention.request.notification_url;
      if (!target) return undefined;
      const obj = transactionObj(options.books, tx);
      const hmac = signCallback(obj, options.hmacSecret);
      const url = new URL(target);
      url.searchParams.set('hmac', hmac);
      return send({
        transactionId: tx.id,
        url: url.toString(),
        hmac,
        body: {
          type: 'TRANSACTION',
          obj,
          issuer_bank: null,
          transaction_processed_callback_responses: '',
        },
        attempts: [],
        delivered: false,
      });
    },
    async replay(transactionId) {
      const previous = deliveries.findLast((c) => c.transactionId === transactionId);
      return previous && send({ ...previous, attempts: [], delivered: false });
    },
    async flush() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close() {
      closed = true;
      for (const entry of timers) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      timers.clear();
    },
  };
}
