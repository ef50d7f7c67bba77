import { API_PREFIX } from '@talaqa/domain';
import type { PaymentStarted } from '@talaqa/domain';
import type { PaymentsContext } from '../context';
import { awaitPayment, providerFailed } from './answers';
import type { ChargeOrder } from './types';

/** How long a Paymob checkout can be paid (docs/decisions/106-unpaid-order-lifetimes.md). */
const PAYMOB_LIFETIME_SECONDS = 3_600;
/** A Paymob checkout is closed this long after it stops working, so late callbacks still land. */
const PAYMOB_GRACE_MS = 15 * 60_000;

/** Opens Paymob's hosted checkout for an order (an intention); the browser is sent there. */
export async function startPaymob(
  ctx: PaymentsContext,
  order: ChargeOrder,
): Promise<PaymentStarted> {
  const { row } = order;
  const callbacks = order.origins.callbacks ?? order.origins.browserApi;
  const webReturn = new URL(
    `/checkout/${row.planId ?? 0}/${row.period ?? 0}`,
    `${order.origins.web}/`,
  );
  webReturn.searchParams.set('tx', String(row.id));
  try {
    const intention = await ctx.gateways.paymob.createIntention({
      amountPiasters: row.amount,
      merchantReference: row.orderReference,
      customer: {
        name: order.customer.name,
        email: order.customer.email,
        phone: order.customer.mobile,
      },
      items: [{ name: order.description, amountPiasters: row.amount, quantity: 1 }],
      notificationUrl: `${callbacks}${API_PREFIX}/paymob/callback`,
      redirectionUrl: webReturn.href,
      expirationSeconds: PAYMOB_LIFETIME_SECONDS,
      extras: { transactionId: row.id },
    });
    const expiresAt = new Date(ctx.clock.now().getTime() + PAYMOB_LIFETIME_SECONDS * 1000);
    return awaitPayment(
      ctx,
      row,
      { kind: 'redirect', url: intention.checkoutUrl },
      {
        providerReference: String(intention.paymobOrderId),
        expiresAt,
        checkAt: new Date(expiresAt.getTime() + PAYMOB_GRACE_MS),
      },
    );
  } catch (error) {
    return providerFailed(ctx, row, error);
  }
}
