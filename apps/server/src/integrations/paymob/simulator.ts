import type { Socket } from 'node:net';
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../email/html';
import { createLocalFastify, listenLocal } from '../outbox/local-server';
import { sendSimulatorPage, simulatorPage } from '../simulator-page';
import type { LocalServer, LocalServerOptions } from '../outbox/local-server';
import { paymobFieldLimitErrors } from './fields';
import { redirectionHmac, transactionCallbackHmac } from './hmac';
import {
  intentionRequestSchema,
  PAYMOB_CHECKOUT_PATH,
  PAYMOB_INTENTION_PATH,
  PAYMOB_REFUND_PATH,
  PAYMOB_TRANSACTIONS_PATH,
  refundRequestSchema,
} from './wire';
import type { IntentionRequest } from './wire';

/**
 * A local stand-in for Paymob (Accept, Egypt) on loopback, speaking its protocol:
 * - `POST /v1/intention/` with `Authorization: Token <secret key>`: validates like Paymob
 *   (integration ids, currency, items adding up to the amount, billing data) and answers the
 *   intention with its `client_secret` and `intention_order_id`;
 * - `GET /unifiedcheckout/?publicKey=…&clientSecret=…`: an Arabic card form with test cards;
 *   paying POSTs the signed TRANSACTION callback to `notification_url` (`?hmac=`, retried on
 *   failure) and sends the browser to `redirection_url` with the signed query;
 * - `POST /api/acceptance/void_refund/refund`: refunds a paid transaction (and calls back).
 * Controls for tests and other processes: `POST /simulator/pay`, `/simulator/settle`,
 * `/simulator/replay`, `GET /simulator/intentions`, `/simulator/callbacks`.
 */

/** The one card integration the simulator knows unless told otherwise. */
export const PAYMOB_SIMULATOR_INTEGRATION_ID = 4_900_001;

export interface TestCard {
  number: string;
  /** What the card does, in Arabic (shown on the checkout page). */
  label: string;
}

/**
 * Cards the checkout page accepts, with any future expiry (MM/YY) and any 3-digit CVV. The
 * success card is Paymob's own documented MasterCard test card; every other number is declined.
 */
export const PAYMOB_TEST_CARDS = {
  success: { number: '5123456789012346', label: 'دفع ناجح' },
  declined: { number: '4000000000000002', label: 'رفض من البنك' },
  pending: { number: '4000000000000077', label: 'يبقى قيد المعالجة حتى تسويته' },
} as const satisfies Record<string, TestCard>;
export type TestCardName = keyof typeof PAYMOB_TEST_CARDS;

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
  /** Pays as the customer would on the checkout page: a test card's name, or any card number. */
  pay(clientSecret: string, card: TestCardName | string): Promise<SimulatedPayment>;
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

const MAX_REQUESTS = 100;
const MAX_CALLBACKS = 500;
const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 30_000];
const DEFAULT_CALLBACK_TIMEOUT_MS = 10_000;
/** The simulated merchant account. */
const PROFILE_ID = 900_001;
const OWNER_ID = 900_101;
const MERCHANT_CREATED_AT = '2024-01-01T10:00:00.000000+02:00';

const UNKNOWN_INTEGRATION =
  'Integration ID/Name does not exist in our system . You can find the list of Integration ID’/Names from Merchant Dashboard under Developers → Payment Integrations Tab';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Paymob's timestamps: Cairo local time with microseconds and the offset. */
export function paymobTimestamp(date: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Cairo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const offset = /GMT([+-]\d{2}:\d{2})/.exec(parts.timeZoneName ?? '')?.[1] ?? '+00:00';
  const micros = `${String(date.getMilliseconds()).padStart(3, '0')}000`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${micros}${offset}`;
}

function luhnValid(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i -= 1) {
    let digit = Number(number[i]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

const cardBrand = (number: string): string =>
  number.startsWith('4') ? 'Visa' : /^(5[1-5]|2[2-7])/.test(number) ? 'MasterCard' : 'Card';

interface Outcome {
  success: boolean;
  pending: boolean;
  message: string;
  txnResponseCode: string;
  acqResponseCode: string;
}

const APPROVED: Outcome = {
  success: true,
  pending: false,
  message: 'Approved',
  txnResponseCode: 'APPROVED',
  acqResponseCode: '00',
};
const DECLINED: Outcome = {
  success: false,
  pending: false,
  message: 'Do not honour',
  txnResponseCode: 'DECLINED',
  acqResponseCode: '05',
};
const PENDING: Outcome = {
  success: false,
  pending: true,
  message: 'Pending',
  txnResponseCode: 'PENDING',
  acqResponseCode: '',
};

function outcomeOf(number: string): Outcome {
  if (number === PAYMOB_TEST_CARDS.success.number) return APPROVED;
  if (number === PAYMOB_TEST_CARDS.pending.number) return PENDING;
  return DECLINED;
}

interface SimTransaction {
  id: number;
  intention: SimulatedIntention;
  integrationId: number;
  amountCents: number;
  outcome: Outcome;
  card: { pan: string; subType: string };
  createdAt: string;
  updatedAt: string;
  isRefund: boolean;
  parentId: number | undefined;
  refundedCents: number;
}

/** Django REST framework's message for one zod issue. */
function drfMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'This field is required.';
    if (issue.expected === 'number' || issue.expected === 'int') {
      return 'A valid integer is required.';
    }
    if (issue.expected === 'array')
      return `Expected a list of items but got type "${typeof issue.input}".`;
    if (issue.expected === 'object') return 'Invalid data. Expected a dictionary.';
    return 'Not a valid string.';
  }
  if (issue.code === 'too_small') {
    if (issue.origin === 'array') return 'This list may not be empty.';
    if (issue.origin === 'string') return 'This field may not be blank.';
    return `Ensure this value is greater than or equal to ${String(issue.minimum)}.`;
  }
  if (issue.code === 'too_big')
    return `Ensure this field has no more than ${String(issue.maximum)} characters.`;
  return 'Invalid value.';
}

/** `{ "items": { "name": ["This field is required."] } }`, as Paymob nests (list indexes dropped). */
function drfErrors(issues: readonly z.core.$ZodIssue[]): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const path = issue.path.filter((key): key is string => typeof key === 'string');
    if (path.length === 0) {
      errors.non_field_errors = ['Invalid data.'];
      continue;
    }
    let node = errors;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      node[key] = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {};
      node = node[key] as Record<string, unknown>;
    }
    const last = path.at(-1) as string;
    const list = Array.isArray(node[last]) ? (node[last] as string[]) : [];
    list.push(drfMessage(issue));
    node[last] = list;
  }
  return errors;
}

const isHttpUrl = (value: string): boolean =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

const egp = new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP' });
const formatPiasters = (piasters: number): string => egp.format(piasters / 100);
const arabicCount = new Intl.NumberFormat('ar-EG');

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,"Segoe UI",Tahoma,sans-serif;background:#eef2f7;color:#1f2937;line-height:1.6}
  main{max-width:30rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d1d5db;border-radius:12px}
  h1{font-size:1.3rem;margin:0 0 .25rem}
  .note{margin:0 0 1rem;color:#4b5563;font-size:.9rem}
  .amount{font-size:1.6rem;font-weight:bold;margin:.5rem 0 1rem}
  ul{margin:0 0 1rem;padding-inline-start:1.25rem}
  label{display:block;margin:.75rem 0 .25rem}
  input{width:100%;padding:.55rem;border:1px solid #6b7280;border-radius:6px;font:inherit}
  .row{display:flex;gap:.75rem}.row>div{flex:1}
  button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#0b5fff;color:#fff;font:inherit;font-weight:bold;cursor:pointer}
  :focus-visible{outline:3px solid #1e3a8a;outline-offset:2px}
  table{width:100%;border-collapse:collapse;margin-top:1.25rem;font-size:.9rem}
  th,td{border-top:1px solid #e5e7eb;padding:.4rem;text-align:start}
  code,bdi{direction:ltr;unicode-bidi:isolate}
  code{white-space:nowrap}
  .error{color:#b91c1c}
  .ok{color:#047857}
`;

const page = (title: string, body: string): string => simulatorPage({ title, style: STYLE, body });

const TITLE = 'الدفع بالبطاقة (محاكي Paymob المحلي)';

function messagePage(heading: string, text: string, kind: 'error' | 'ok' = 'error'): string {
  return page(
    TITLE,
    `<h1 class="${kind}">${escapeHtml(heading)}</h1>
<p role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>
<p class="note">هذه صفحة تجريبية على جهازك ولا تتصل بـ Paymob.</p>`,
  );
}

interface CheckoutForm {
  holder?: string;
  cardNumber?: string;
  expiry?: string;
}

function checkoutPage(
  intention: SimulatedIntention,
  publicKey: string,
  problem?: string,
  form: CheckoutForm = {},
): string {
  const { request } = intention;
  const items = (request.items ?? [])
    .map(
      (item) =>
        `<li>${escapeHtml(item.name)} × ${escapeHtml(arabicCount.format(item.quantity ?? 1))}: <bdi>${escapeHtml(formatPiasters(item.amount))}</bdi></li>`,
    )
    .join('\n');
  const cards = (Object.values(PAYMOB_TEST_CARDS) as TestCard[])
    .map(
      (card) =>
        `<tr><td><code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${escapeHtml(card.label)}</td></tr>`,
    )
    .join('\n');
  const total = formatPiasters(request.amount);
  return page(
    TITLE,
    `<h1>${escapeHtml(TITLE)}</h1>
<p class="note">هذه صفحة تجريبية على جهازك ولا تتصل بـ Paymob، ولا تُقبل فيها بطاقات حقيقية.</p>
<p class="amount" aria-label="المبلغ المطلوب">${escapeHtml(total)}</p>
${request.special_reference ? `<p class="note">رقم الطلب: <bdi>${escapeHtml(request.special_reference)}</bdi></p>` : ''}
${items ? `<ul>${items}</ul>` : ''}
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${PAYMOB_CHECKOUT_PATH}pay" novalidate>
<input type="hidden" name="publicKey" value="${escapeHtml(publicKey)}">
<input type="hidden" name="clientSecret" value="${escapeHtml(intention.clientSecret)}">
<label for="holder">الاسم على البطاقة</label>
<input id="holder" name="holder" autocomplete="cc-name" required maxlength="100" value="${escapeHtml(form.holder ?? '')}">
<label for="card_number">رقم البطاقة</label>
<input id="card_number" name="card_number" dir="ltr" inputmode="numeric" autocomplete="cc-number" required maxlength="23" value="${escapeHtml(form.cardNumber ?? '')}">
<div class="row">
<div><label for="expiry">تاريخ الانتهاء (شهر/سنة)</label>
<input id="expiry" name="expiry" dir="ltr" placeholder="MM/YY" autocomplete="cc-exp" required maxlength="7" value="${escapeHtml(form.expiry ?? '')}"></div>
<div><label for="cvv">رمز التحقق (CVV)</label>
<input id="cvv" name="cvv" dir="ltr" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div>
</div>
<button type="submit">ادفع ${escapeHtml(total)}</button>
</form>
<table>
<caption class="note">بطاقات الاختبار (أي تاريخ انتهاء مستقبلي وأي رمز من ٣ أرقام)</caption>
<thead><tr><th scope="col">رقم البطاقة</th><th scope="col">النتيجة</th></tr></thead>
<tbody>
${cards}
</tbody>
</table>`,
  );
}

/** The Arabic problem with the typed card, or undefined when it can be charged. */
function cardProblem(number: string, expiry: string, cvv: string, holder: string) {
  if (!holder.trim()) return 'اكتب الاسم كما هو على البطاقة.';
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return 'رقم البطاقة غير صحيح.';
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  const month = Number(match?.[1]);
  const year = match?.[2] ? Number(match[2].length === 2 ? `20${match[2]}` : match[2]) : NaN;
  if (!match || month < 1 || month > 12) return 'تاريخ الانتهاء غير صحيح (شهر/سنة).';
  const now = new Date();
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return 'انتهت صلاحية البطاقة.';
  }
  if (!/^\d{3,4}$/.test(cvv)) return 'رمز التحقق من ٣ أو ٤ أرقام.';
  return undefined;
}

const formSchema = z.record(z.string(), z.string());
const payControlSchema = z.object({ clientSecret: z.string().min(1), card: z.string().min(1) });
const settleControlSchema = z.object({
  transactionId: z.number().int(),
  outcome: z.enum(['success', 'declined']),
});
const replayControlSchema = z.object({ transactionId: z.number().int() });

export async function startPaymobSimulator(
  options: PaymobSimulatorOptions,
): Promise<PaymobSimulator> {
  const integrationIds = [...(options.integrationIds ?? [PAYMOB_SIMULATOR_INTEGRATION_ID])];
  const retryDelays = [...(options.callbackRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS)];
  const callbackTimeoutMs = options.callbackTimeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS;
  const requests: unknown[] = [];
  const callbacks: CallbackDelivery[] = [];
  const intentionsBySecret = new Map<string, SimulatedIntention>();
  const transactions = new Map<number, SimTransaction>();
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let closed = false;
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
  let nextTransactionId = randomInt(300_000_000, 400_000_000);
  let nextOrderId = randomInt(400_000_000, 500_000_000);

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

  function transactionObj(tx: SimTransaction): Record<string, unknown> {
    const { intention, outcome } = tx;
    const { request } = intention;
    const billing = request.billing_data;
    const parent = tx.parentId === undefined ? undefined : transactions.get(tx.parentId);
    const paidCents = [...transactions.values()]
      .filter((t) => t.intention === intention && !t.isRefund && t.outcome.success)
      .reduce((sum, t) => sum + t.amountCents, 0);
    return {
      id: tx.id,
      pending: outcome.pending,
      amount_cents: tx.amountCents,
      success: outcome.success,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: !tx.isRefund,
      is_voided: false,
      is_refunded: tx.refundedCents > 0,
      is_3d_secure: !tx.isRefund,
      integration_id: tx.integrationId,
      profile_id: PROFILE_ID,
      has_parent_transaction: parent !== undefined,
      order: {
        id: intention.paymobOrderId,
        created_at: paymobTimestamp(intention.createdAt),
        delivery_needed: false,
        merchant: {
          id: PROFILE_ID,
          created_at: MERCHANT_CREATED_AT,
          phones: ['+201000000000'],
          company_emails: ['payments@talaqa.invalid'],
          company_name: 'Talaqa (Paymob simulator)',
          state: '',
          country: 'EGY',
          city: 'Cairo',
          postal_code: '',
          street: '',
        },
        collector: null,
        amount_cents: request.amount,
        shipping_data: { ...billing, order_id: intention.paymobOrderId },
        currency: request.currency,
        is_payment_locked: false,
        is_return: false,
        is_cancel: false,
        is_returned: false,
        is_canceled: false,
        merchant_order_id: request.special_reference ?? null,
        wallet_notification: null,
        paid_amount_cents: paidCents,
        notify_user_with_email: false,
        items: request.items ?? [],
        order_url: 'NA',
        commission_fees: 0,
        delivery_fees_cents: 0,
        delivery_vat_cents: 0,
        payment_method: 'tbc',
        merchant_staff_tag: null,
        api_source: 'OTHER',
        data: {},
      },
      created_at: tx.createdAt,
      transaction_processed_callback_responses: [],
      currency: request.currency,
      source_data: { pan: tx.card.pan, type: 'card', tenure: null, sub_type: tx.card.subType },
      api_source: 'IFRAME',
      terminal_id: null,
      merchant_commission: 0,
      installment: null,
      discount_details: [],
      is_void: false,
      is_refund: tx.isRefund,
      data: {
        gateway_integration_pk: tx.integrationId,
        klass: 'MigsPayment',
        created_at: tx.createdAt,
        amount: tx.amountCents,
        currency: request.currency,
        message: outcome.message,
        txn_response_code: outcome.txnResponseCode,
        acq_response_code: outcome.acqResponseCode,
        merchant_txn_ref: String(tx.id),
        order_info: String(intention.paymobOrderId),
        card_type: tx.card.subType.toUpperCase(),
        card_num: `${'x'.repeat(12)}${tx.card.pan}`,
      },
      is_hidden: false,
      payment_key_claims: {
        extra: request.extras ?? {},
        user_id: OWNER_ID,
        currency: request.currency,
        order_id: intention.paymobOrderId,
        amount_cents: request.amount,
        billing_data: billing,
        redirect_url: request.redirection_url ?? null,
        integration_id: tx.integrationId,
        lock_order_when_paid: false,
        next_payment_intention: intention.id,
        single_payment_attempt: false,
      },
      error_occured: false,
      is_live: false,
      other_endpoint_reference: null,
      refunded_amount_cents: tx.refundedCents,
      source_id: -1,
      is_captured: false,
      captured_amount: 0,
      merchant_staff_tag: null,
      updated_at: tx.updatedAt,
      is_settled: false,
      bill_balanced: false,
      is_bill: false,
      owner: OWNER_ID,
      parent_transaction: parent?.id ?? null,
    };
  }

  /** The browser's return: Paymob's flat parameters, then `hmac`. */
  function redirectUrlOf(tx: SimTransaction): string | undefined {
    const target = tx.intention.request.redirection_url;
    if (!target) return undefined;
    const obj = transactionObj(tx);
    const order = obj.order as { id: number; merchant_order_id: string | null };
    const source = obj.source_data as { pan: string; type: string; sub_type: string };
    const data = obj.data as {
      message: string;
      txn_response_code: string;
      acq_response_code: string;
    };
    const params = new URLSearchParams();
    const entries: [string, unknown][] = [
      ['id', obj.id],
      ['pending', obj.pending],
      ['amount_cents', obj.amount_cents],
      ['success', obj.success],
      ['is_auth', obj.is_auth],
      ['is_capture', obj.is_capture],
      ['is_standalone_payment', obj.is_standalone_payment],
      ['is_voided', obj.is_voided],
      ['is_refunded', obj.is_refunded],
      ['is_3d_secure', obj.is_3d_secure],
      ['integration_id', obj.integration_id],
      ['profile_id', obj.profile_id],
      ['has_parent_transaction', obj.has_parent_transaction],
      ['order', order.id],
      ['created_at', obj.created_at],
      ['currency', obj.currency],
      ['merchant_commission', obj.merchant_commission],
      ['discount_details', '[]'],
      ['is_void', obj.is_void],
      ['is_refund', obj.is_refund],
      ['error_occured', obj.error_occured],
      ['refunded_amount_cents', obj.refunded_amount_cents],
      ['captured_amount', obj.captured_amount],
      ['updated_at', obj.updated_at],
      ['is_settled', obj.is_settled],
      ['bill_balanced', obj.bill_balanced],
      ['is_bill', obj.is_bill],
      ['owner', obj.owner],
      ['merchant_order_id', order.merchant_order_id ?? ''],
      ['data.message', data.message],
      ['source_data.type', source.type],
      ['source_data.pan', source.pan],
      ['source_data.sub_type', source.sub_type],
      ['acq_response_code', data.acq_response_code],
      ['txn_response_code', data.txn_response_code],
    ];
    for (const [key, value] of entries) params.append(key, String(value));
    params.append('hmac', redirectionHmac(params, options.hmacSecret));
    const url = new URL(target);
    for (const [key, value] of params) url.searchParams.append(key, value);
    return url.toString();
  }

  async function attempt(delivery: CallbackDelivery): Promise<boolean> {
    const record: CallbackAttempt = { at: new Date() };
    delivery.attempts.push(record);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Paymob-Simulator/1.0' },
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.timeout(callbackTimeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      record.status = response.status;
      delivery.delivered = response.ok;
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
    return delivery.delivered;
  }

  /** First attempt awaited; retries continue in the background (see `flushCallbacks`). */
  async function send(delivery: CallbackDelivery): Promise<CallbackDelivery> {
    callbacks.push(delivery);
    if (callbacks.length > MAX_CALLBACKS) callbacks.shift();
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

  async function callBack(tx: SimTransaction): Promise<CallbackDelivery | undefined> {
    const target = tx.intention.request.notification_url;
    if (!target) return undefined;
    const obj = transactionObj(tx);
    const hmac = transactionCallbackHmac(obj, options.hmacSecret);
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
  }

  function usableIntention(clientSecret: string): SimulatedIntention {
    const intention = intentionsBySecret.get(clientSecret);
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

  function cardNumberOf(card: string): string {
    const named = (PAYMOB_TEST_CARDS as Record<string, TestCard>)[card];
    return named ? named.number : card.replace(/[\s-]/g, '');
  }

  async function pay(clientSecret: string, card: string): Promise<SimulatedPayment> {
    const intention = usableIntention(clientSecret);
    const number = cardNumberOf(card);
    if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
      throw new PaymobSimulatorError(400, 'Not a card number');
    }
    const now = paymobTimestamp();
    const firstMethod = intention.request.payment_methods[0];
    const tx: SimTransaction = {
      id: nextTransactionId++,
      intention,
      integrationId: typeof firstMethod === 'number' ? firstMethod : (integrationIds[0] ?? 0),
      amountCents: intention.request.amount,
      outcome: outcomeOf(number),
      card: { pan: number.slice(-4), subType: cardBrand(number) },
      createdAt: now,
      updatedAt: now,
      isRefund: false,
      parentId: undefined,
      refundedCents: 0,
    };
    transactions.set(tx.id, tx);
    intention.transactionIds.push(tx.id);
    intention.status = tx.outcome.success ? 'paid' : tx.outcome.pending ? 'pending' : 'intended';
    const callback = await callBack(tx);
    return { transaction: transactionObj(tx), callback, redirectUrl: redirectUrlOf(tx) };
  }

  async function settle(
    transactionId: number,
    outcome: 'success' | 'declined',
  ): Promise<SimulatedPayment> {
    const tx = transactions.get(transactionId);
    if (!tx) throw new PaymobSimulatorError(404, 'Unknown transaction');
    if (!tx.outcome.pending) throw new PaymobSimulatorError(409, 'The transaction is not pending');
    tx.outcome = outcome === 'success' ? APPROVED : DECLINED;
    tx.updatedAt = paymobTimestamp();
    tx.intention.status = outcome === 'success' ? 'paid' : 'intended';
    const callback = await callBack(tx);
    return { transaction: transactionObj(tx), callback, redirectUrl: redirectUrlOf(tx) };
  }

  async function replayCallback(transactionId: number): Promise<CallbackDelivery> {
    const previous = callbacks.findLast((c) => c.transactionId === transactionId);
    if (!previous) throw new PaymobSimulatorError(404, 'No callback was sent for it');
    return send({ ...previous, attempts: [], delivered: false });
  }

  async function flushCallbacks(): Promise<void> {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }

  function authorise(request: FastifyRequest, reply: FastifyReply): boolean {
    const header = request.headers.authorization;
    if (!header) {
      void reply
        .code(401)
        .header('www-authenticate', 'Token')
        .send({ detail: 'Authentication credentials were not provided.' });
      return false;
    }
    const token = /^Token\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
    if (!sameSecret(token, options.secretKey)) {
      void reply.code(401).header('www-authenticate', 'Token').send({ detail: 'Invalid token.' });
      return false;
    }
    return true;
  }

  const app = createLocalFastify(options.logger);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500)
      return reply
        .code(400)
        .send({ detail: `JSON parse error - ${error instanceof Error ? error.message : ''}` });
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));

  app.post(PAYMOB_INTENTION_PATH, async (request, reply) => {
    requests.push(request.body);
    if (requests.length > MAX_REQUESTS) requests.shift();
    if (!authorise(request, reply)) return reply;

    const parsed = intentionRequestSchema.safeParse(request.body, { reportInput: true });
    if (!parsed.success) return reply.code(400).send(drfErrors(parsed.error.issues));
    const body = parsed.data;
    // Paymob's field lengths, counted in code points as Django counts them.
    const tooLong = paymobFieldLimitErrors(body);
    if (tooLong) return reply.code(400).send(tooLong);

    const methods = body.payment_methods.map((method) =>
      typeof method === 'number'
        ? method
        : method.toLowerCase() === 'card'
          ? integrationIds[0]
          : undefined,
    );
    if (methods.some((id) => id === undefined || !integrationIds.includes(id))) {
      return reply.code(404).send({ detail: UNKNOWN_INTEGRATION });
    }
    if (body.currency !== 'EGP') {
      return reply.code(400).send({
        detail: `Currency ${body.currency} does not match the integration currency (EGP).`,
      });
    }
    if (body.items?.length) {
      const total = body.items.reduce((sum, item) => sum + item.amount * (item.quantity ?? 1), 0);
      if (total !== body.amount) {
        return reply.code(400).send({
          detail: `Intention amount (${body.amount}) must equal the sum of the items' amounts (${total}).`,
        });
      }
    }
    const urlErrors: Record<string, string[]> = {};
    for (const key of ['notification_url', 'redirection_url'] as const) {
      const value = body[key];
      if (value !== undefined && !isHttpUrl(value)) urlErrors[key] = ['Enter a valid URL.'];
    }
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.billing_data.email)) {
      return reply
        .code(400)
        .send({ billing_data: { email: ['Enter a valid email address.'] }, ...urlErrors });
    }
    if (Object.keys(urlErrors).length) return reply.code(400).send(urlErrors);

    const createdAt = new Date();
    const intention: SimulatedIntention = {
      id: `pi_test_${randomBytes(16).toString('hex')}`,
      clientSecret: `egy_csk_test_${randomBytes(16).toString('hex')}`,
      paymobOrderId: nextOrderId++,
      status: 'intended',
      request: body,
      createdAt,
      expiresAt: body.expiration
        ? new Date(createdAt.getTime() + body.expiration * 1000)
        : undefined,
      transactionIds: [],
    };
    intentionsBySecret.set(intention.clientSecret, intention);
    return reply.code(201).send({
      payment_keys: integrationIds
        .filter((id) => methods.includes(id))
        .map((id) => ({
          integration: id,
          key: randomBytes(24).toString('base64url'),
          gateway_type: 'MIGS',
          iframe_id: null,
          order_id: intention.paymobOrderId,
          redirection_url: body.redirection_url ?? null,
          save_card: false,
        })),
      intention_order_id: intention.paymobOrderId,
      id: intention.id,
      intention_detail: {
        amount: body.amount,
        items: body.items ?? [],
        currency: body.currency,
        billing_data: body.billing_data,
      },
      client_secret: intention.clientSecret,
      payment_methods: integrationIds
        .filter((id) => methods.includes(id))
        .map((id) => ({
          integration_id: id,
          alias: null,
          name: 'Card (simulator)',
          method_type: 'card',
          currency: 'EGP',
          live: false,
          use_cvc_with_moto: false,
        })),
      special_reference: body.special_reference ?? null,
      extras: { creation_extras: body.extras ?? {}, confirmation_extras: null },
      confirmed: false,
      status: 'intended',
      created: paymobTimestamp(createdAt),
      card_detail: null,
      card_tokens: [],
      object: 'paymentintention',
    });
  });

  function checkoutIntention(publicKey: unknown, clientSecret: unknown) {
    if (typeof publicKey !== 'string' || !sameSecret(publicKey, options.publicKey))
      return undefined;
    return typeof clientSecret === 'string' ? intentionsBySecret.get(clientSecret) : undefined;
  }

  function closedCheckout(
    intention: SimulatedIntention,
  ): { status: number; html: string } | undefined {
    if (intention.status === 'paid') {
      return { status: 200, html: messagePage('تم الدفع', 'تم دفع هذا الطلب بالفعل.', 'ok') };
    }
    if (intention.status === 'pending') {
      return { status: 200, html: messagePage('قيد المعالجة', 'عملية الدفع قيد المعالجة.', 'ok') };
    }
    if (intention.expiresAt && intention.expiresAt.getTime() <= Date.now()) {
      return { status: 410, html: messagePage('انتهت صلاحية الرابط', 'اطلب رابط دفع جديدًا.') };
    }
    return undefined;
  }

  const sendInvalidLink = (reply: FastifyReply): FastifyReply =>
    sendSimulatorPage(
      reply,
      404,
      messagePage('رابط الدفع غير صالح', 'تأكد من الرابط أو اطلب رابطًا جديدًا.'),
    );

  app.get<{ Querystring: Record<string, string | string[] | undefined> }>(
    PAYMOB_CHECKOUT_PATH,
    async (request, reply) => {
      const intention = checkoutIntention(request.query.publicKey, request.query.clientSecret);
      if (!intention) return sendInvalidLink(reply);
      const done = closedCheckout(intention);
      if (done) return sendSimulatorPage(reply, done.status, done.html);
      return sendSimulatorPage(reply, 200, checkoutPage(intention, options.publicKey));
    },
  );

  app.post(`${PAYMOB_CHECKOUT_PATH}pay`, async (request, reply) => {
    const form = formSchema.safeParse(request.body);
    const fields = form.success ? form.data : {};
    const intention = checkoutIntention(fields.publicKey, fields.clientSecret);
    if (!intention) return sendInvalidLink(reply);
    const done = closedCheckout(intention);
    if (done) return sendSimulatorPage(reply, done.status === 200 ? 409 : done.status, done.html);
    const holder = fields.holder ?? '';
    const cardNumber = (fields.card_number ?? '').replace(/[\s-]/g, '');
    const expiry = fields.expiry ?? '';
    const problem = cardProblem(cardNumber, expiry, fields.cvv ?? '', holder);
    if (problem) {
      return sendSimulatorPage(
        reply,
        422,
        checkoutPage(intention, options.publicKey, problem, { holder, cardNumber, expiry }),
      );
    }
    let payment: SimulatedPayment;
    try {
      payment = await pay(intention.clientSecret, cardNumber);
    } catch (error) {
      const text = error instanceof Error ? error.message : 'failed';
      return sendSimulatorPage(reply, 409, messagePage('تعذّر الدفع', text));
    }
    if (payment.redirectUrl) {
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(payment.redirectUrl, 303);
    }
    const tx = payment.transaction as { success: boolean; pending: boolean };
    return sendSimulatorPage(
      reply,
      200,
      tx.success
        ? messagePage('تم الدفع بنجاح', 'يمكنك إغلاق هذه الصفحة.', 'ok')
        : tx.pending
          ? messagePage('قيد المعالجة', 'سنبلغك عند اكتمال العملية.', 'ok')
          : messagePage('رُفضت العملية', 'رفض البنك هذه البطاقة. جرّب بطاقة أخرى.'),
    );
  });

  app.post(PAYMOB_REFUND_PATH, async (request, reply) => {
    if (!authorise(request, reply)) return reply;
    const parsed = refundRequestSchema.safeParse(request.body, { reportInput: true });
    if (!parsed.success) return reply.code(400).send(drfErrors(parsed.error.issues));
    const parent = transactions.get(Number(parsed.data.transaction_id));
    if (!parent) return reply.code(404).send({ detail: 'Not found.' });
    if (parent.isRefund || !parent.outcome.success) {
      return reply.code(400).send({ detail: 'Transaction is not refundable.' });
    }
    const remaining = parent.amountCents - parent.refundedCents;
    if (parsed.data.amount_cents > remaining) {
      return reply
        .code(400)
        .send({ detail: `Refund amount exceeds the refundable amount (${remaining}).` });
    }
    const now = paymobTimestamp();
    const refund: SimTransaction = {
      ...parent,
      id: nextTransactionId++,
      amountCents: parsed.data.amount_cents,
      outcome: APPROVED,
      createdAt: now,
      updatedAt: now,
      isRefund: true,
      parentId: parent.id,
      refundedCents: 0,
    };
    parent.refundedCents += refund.amountCents;
    parent.updatedAt = now;
    transactions.set(refund.id, refund);
    parent.intention.transactionIds.push(refund.id);
    const fault = refundFault;
    refundFault = undefined;
    if (fault?.notify !== false) await callBack(refund);
    if (fault?.mode === 'garbage') {
      return reply.code(200).type('text/html').send('<html><body>Bad Gateway</body></html>');
    }
    if (fault?.mode === 'hang') {
      // The money moved; the answer never comes: the connection is held open, then dropped.
      reply.hijack();
      holdConnection(request.raw.socket, fault.holdMs ?? 20_000);
      return reply;
    }
    return reply.code(200).send(transactionObj(refund));
  });

  // Transaction inquiry: the transaction as it stands (a payment's refunded amount included).
  app.get<{ Params: { id: string } }>(`${PAYMOB_TRANSACTIONS_PATH}:id`, async (request, reply) => {
    if (!authorise(request, reply)) return reply;
    const tx = /^\d{1,15}$/.test(request.params.id)
      ? transactions.get(Number(request.params.id))
      : undefined;
    if (!tx) return reply.code(404).send({ detail: 'Not found.' });
    return reply.code(200).send(transactionObj(tx));
  });

  // Controls, for tests and end-to-end runs in another process.
  const failure = (reply: FastifyReply, error: unknown): FastifyReply =>
    error instanceof PaymobSimulatorError
      ? reply.code(error.status).send({ error: error.message })
      : reply.code(500).send({ error: 'failed' });
  const paymentJson = (payment: SimulatedPayment) => ({
    transaction: payment.transaction,
    callback: payment.callback && {
      url: payment.callback.url,
      hmac: payment.callback.hmac,
      delivered: payment.callback.delivered,
      attempts: payment.callback.attempts,
    },
    redirectUrl: payment.redirectUrl,
  });

  app.post('/simulator/pay', async (request, reply) => {
    const input = payControlSchema.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: 'clientSecret and card required' });
    try {
      return paymentJson(await pay(input.data.clientSecret, input.data.card));
    } catch (error) {
      return failure(reply, error);
    }
  });
  app.post('/simulator/settle', async (request, reply) => {
    const input = settleControlSchema.safeParse(request.body);
    if (!input.success)
      return reply.code(400).send({ error: 'transactionId and outcome required' });
    try {
      return paymentJson(await settle(input.data.transactionId, input.data.outcome));
    } catch (error) {
      return failure(reply, error);
    }
  });
  app.post('/simulator/replay', async (request, reply) => {
    const input = replayControlSchema.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: 'transactionId required' });
    try {
      const delivery = await replayCallback(input.data.transactionId);
      return { url: delivery.url, delivered: delivery.delivered, attempts: delivery.attempts };
    } catch (error) {
      return failure(reply, error);
    }
  });
  app.get('/simulator/intentions', async () =>
    [...intentionsBySecret.values()].map((intention) => ({
      id: intention.id,
      clientSecret: intention.clientSecret,
      paymobOrderId: intention.paymobOrderId,
      status: intention.status,
      amountCents: intention.request.amount,
      specialReference: intention.request.special_reference,
      transactionIds: intention.transactionIds,
    })),
  );
  app.get('/simulator/callbacks', async () => callbacks);

  const server = await listenLocal(app, options);
  return {
    ...server,
    close: () => {
      closed = true;
      for (const socket of held) socket.destroy();
      // A connection left mid-request (a refund that never answers) must not keep it open.
      app.server.closeAllConnections();
      for (const entry of timers) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      timers.clear();
      return server.close();
    },
    requests,
    callbacks,
    intentions: () => [...intentionsBySecret.values()],
    intention: (clientSecret) => intentionsBySecret.get(clientSecret),
    transaction: (id) => {
      const tx = transactions.get(id);
      return tx && transactionObj(tx);
    },
    pay,
    settle,
    replayCallback,
    flushCallbacks,
    failNextRefund: (fault) => {
      refundFault = fault;
    },
  };
}
