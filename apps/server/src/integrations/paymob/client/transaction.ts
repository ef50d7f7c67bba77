/** Paymob's transaction object read into our `PaymobTransaction`. */
import type { PaymobTransaction, PaymobTransactionKind } from '../interface';
import type { TransactionObj } from '../wire';

function kindOf(obj: TransactionObj): PaymobTransactionKind {
  if (obj.is_refund) return 'refund';
  if (obj.is_void) return 'void';
  if (obj.is_capture && obj.has_parent_transaction) return 'capture';
  return 'payment';
}

/** Our view of a transaction object (already verified or received over TLS from Paymob). */
export function toPaymobTransaction(obj: TransactionObj): PaymobTransaction {
  return {
    transactionId: obj.id,
    paymobOrderId: obj.order.id,
    merchantReference: obj.order.merchant_order_id ?? undefined,
    intentionId: obj.payment_key_claims?.next_payment_intention ?? undefined,
    kind: kindOf(obj),
    parentTransactionId: obj.parent_transaction ?? undefined,
    amountPiasters: obj.amount_cents,
    currency: obj.currency,
    success: obj.success,
    pending: obj.pending,
    errorOccurred: obj.error_occured,
    refunded: obj.is_refunded,
    voided: obj.is_voided,
    refundedPiasters: obj.refunded_amount_cents ?? 0,
    integrationId: obj.integration_id,
    live: obj.is_live ?? false,
    createdAt: obj.created_at,
    message: obj.data?.message ?? undefined,
    source: {
      type: obj.source_data.type ?? undefined,
      subType: obj.source_data.sub_type ?? undefined,
      pan: obj.source_data.pan ?? undefined,
    },
  };
}
