/**
 * A transaction as Paymob writes it: the object of the callback, the refund answer and the
 * inquiry; and the flat, signed query of the browser's redirection.
 */
import { signRedirection } from './signing';
import type { PaymobBooks, SimSource, SimTransaction } from './state';
import { paymobTimestamp } from './wire';

/** The simulated merchant account. */
const PROFILE_ID = 900_001;
const OWNER_ID = 900_101;
const MERCHANT_CREATED_AT = '2024-01-01T10:00:00.000000+02:00';

/** Paymob's payment class per source type, as public callbacks show them. */
const KLASS: Record<SimSource['type'], string> = {
  card: 'MigsPayment',
  wallet: 'WalletPayment',
  aggregator: 'AggregatorPayment',
};

/** A fresh copy each time: callers may change what they are given. */
const merchant = () => ({
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
});

/** The order inside a transaction, with what has been paid of it so far. */
function orderObj(tx: SimTransaction, paidCents: number): Record<string, unknown> {
  const { intention } = tx;
  const { request } = intention;
  return {
    id: intention.paymobOrderId,
    created_at: paymobTimestamp(intention.createdAt),
    delivery_needed: false,
    merchant: merchant(),
    collector: null,
    amount_cents: request.amount,
    shipping_data: { ...request.billing_data, order_id: intention.paymobOrderId },
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
  };
}

export function transactionObj(books: PaymobBooks, tx: SimTransaction): Record<string, unknown> {
  const { intention, outcome } = tx;
  const { request } = intention;
  const parent = tx.parentId === undefined ? undefined : books.transactions.get(tx.parentId);
  const paidCents = [...books.transactions.values()]
    .filter((t) => t.intention === intention && !t.isRefund && t.outcome.success)
    .reduce((sum, t) => sum + t.amountCents, 0);
  return {
    id: tx.id,
    pending: outcome.pending,
    amount_cents: tx.amountCents,
    success: outcome.success,
    is_auth: false,
    is_capture: tx.source.isCapture,
    is_standalone_payment: !tx.isRefund,
    is_voided: false,
    is_refunded: tx.refundedCents > 0,
    is_3d_secure: tx.isRefund ? false : tx.source.is3dSecure,
    integration_id: tx.integrationId,
    profile_id: PROFILE_ID,
    has_parent_transaction: parent !== undefined,
    order: orderObj(tx, paidCents),
    created_at: tx.createdAt,
    transaction_processed_callback_responses: [],
    currency: request.currency,
    source_data: {
      pan: tx.source.pan,
      type: tx.source.type,
      tenure: null,
      sub_type: tx.source.subType,
    },
    api_source: 'IFRAME',
    terminal_id: null,
    merchant_commission: 0,
    installment: null,
    discount_details: [],
    is_void: false,
    is_refund: tx.isRefund,
    data: {
      gateway_integration_pk: tx.integrationId,
      klass: KLASS[tx.source.type],
      created_at: tx.createdAt,
      amount: tx.amountCents,
      currency: request.currency,
      message: outcome.message,
      txn_response_code: outcome.txnResponseCode,
      acq_response_code: outcome.acqResponseCode,
      merchant_txn_ref: String(tx.id),
      order_info: String(intention.paymobOrderId),
      card_type: tx.source.type === 'card' ? (tx.source.subType?.toUpperCase() ?? null) : null,
      card_num: tx.source.type === 'card' ? `${'x'.repeat(12)}${tx.source.pan ?? ''}` : null,
    },
    is_hidden: false,
    payment_key_claims: {
      extra: request.extras ?? {},
      user_id: OWNER_ID,
      currency: request.currency,
      order_id: intention.paymobOrderId,
      amount_cents: request.amount,
      billing_data: request.billing_data,
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

/** The redirection's parameters, in Paymob's order, before `hmac`. */
function redirectionParams(obj: Record<string, unknown>): URLSearchParams {
  const order = obj.order as { id: number; merchant_order_id: string | null };
  const source = obj.source_data as {
    pan: string | null;
    type: string;
    sub_type: string | null;
  };
  const data = obj.data as {
    message: string;
    txn_response_code: string;
    acq_response_code: string;
  };
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
  const params = new URLSearchParams();
  // A null (a kiosk's pan) is an empty parameter, as the signed string writes it.
  for (const [key, value] of entries) params.append(key, value === null ? '' : String(value));
  return params;
}

/** The browser's return: Paymob's flat parameters, then `hmac`. */
export function redirectUrlOf(
  books: PaymobBooks,
  tx: SimTransaction,
  hmacSecret: string,
): string | undefined {
  const target = tx.intention.request.redirection_url;
  if (!target) return undefined;
  const params = redirectionParams(transactionObj(books, tx));
  params.append('hmac', signRedirection(params, hmacSecret));
  const url = new URL(target);
  for (const [key, value] of params) url.searchParams.append(key, value);
  return url.toString();
}
