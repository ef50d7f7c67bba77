import { API_PREFIX, TransactionStatus } from '@talaqa/domain';
import type { PaymentStarted } from '@talaqa/domain';
import { AppError } from '../../../errors';
import type { FawryItem } from '../../../integrations/fawry';
import type { PaymentsContext } from '../context';
import { fawryProfileIdOf } from '../fawry-profile';
import { closeUnpaid, storeProviderAnswer } from '../repo';
import { awaitPayment, providerFailed, settleAtOnce } from './answers';
import type { ChargeOrder, PaymentChoice } from './types';

/** How long an unpaid Fawry order can be paid (docs/decisions/106-unpaid-order-lifetimes.md). */
const REFERENCE_LIFETIME_MS = 48 * 3_600_000;
const WALLET_LIFETIME_MS = 3_600_000;
const THREE_D_SECURE_LIFETIME_MS = 30 * 60_000;

const items = (order: ChargeOrder): FawryItem[] => [
  {
    itemId: `plan-${order.row.planId ?? 0}-${order.row.period ?? 0}`,
    description: order.description,
    pricePiasters: order.row.amount,
    quantity: 1,
  },
];

/** Charges an order through Fawry: a card (3-D Secure, installments), a reference or a wallet. */
export async function startFawry(
  ctx: PaymentsContext,
  order: ChargeOrder,
  choice: PaymentChoice,
): Promise<PaymentStarted> {
  const { fawry } = ctx.gateways;
  const { row } = order;
  const merchantRefNum = row.orderReference;
  const profileId = await fawryProfileIdOf(ctx, row.userId);
  const base = {
    merchantRefNum,
    customer: { ...order.customer, profileId },
    amountPiasters: row.amount,
    description: order.description,
    items: items(order),
    // The simulator is told its notification URL once we listen, as Fawry's dashboard is.
    ...(order.origins.callbacks && !ctx.gateways.simulators
      ? { orderWebHookUrl: `${order.origins.callbacks}${API_PREFIX}/fawry/notification` }
      : {}),
  };
  const now = ctx.clock.now().getTime();
  try {
    if (choice.kind === 'card') {
      const returnUrl = new URL(`${order.origins.browserApi}${API_PREFIX}/fawry/return`);
      returnUrl.searchParams.set('tx', String(row.id));
      returnUrl.searchParams.set('to', choice.returnUrl);
      const card = {
        ...base,
        cardToken: choice.cardToken,
        cvv: choice.cvv,
        returnUrl: returnUrl.href,
        enable3DS: true,
      };
      const installments = row.installments ?? 1;
      const result =
        installments > 1
          ? await fawry.payByInstallments({
              ...card,
              installmentPlanId: await installmentPlanId(ctx, installments, row.amount),
            })
          : await fawry.payByCardToken(card);
      if (result.kind === 'paid')
        return settleAtOnce(ctx, row, result.referenceNumber, result.paidAt);
      const expiresAt = new Date(now + THREE_D_SECURE_LIFETIME_MS);
      return awaitPayment(
        ctx,
        row,
        { kind: 'redirect', url: result.redirectUrl },
        {
          ...(result.referenceNumber ? { providerReference: result.referenceNumber } : {}),
          expiresAt,
          checkAt: expiresAt,
        },
      );
    }
    if (choice.kind === 'reference') {
      const result = await fawry.payByReferenceNumber({
        ...base,
        expiresAt: new Date(now + REFERENCE_LIFETIME_MS),
      });
      const expiresAt = result.expiresAt ?? new Date(now + REFERENCE_LIFETIME_MS);
      return awaitPayment(
        ctx,
        row,
        {
          kind: 'reference',
          referenceNumber: result.referenceNumber,
          expiresAt: expiresAt.toISOString(),
        },
        {
          providerReference: result.referenceNumber,
          referenceNumber: result.referenceNumber,
          expiresAt,
          checkAt: expiresAt,
        },
      );
    }
    if (choice.kind === 'wallet') {
      const result = await fawry.payByWallet({
        ...base,
        walletMobile: choice.walletPhone,
        expiresAt: new Date(now + WALLET_LIFETIME_MS),
      });
      const expiresAt = result.expiresAt ?? new Date(now + WALLET_LIFETIME_MS);
      return awaitPayment(
        ctx,
        row,
        {
          kind: 'wallet',
          walletPhone: choice.walletPhone,
          redirectUrl: null,
          expiresAt: expiresAt.toISOString(),
        },
        { providerReference: result.referenceNumber, expiresAt, checkAt: expiresAt },
      );
    }
    throw new Error(`not a Fawry method: ${choice.kind}`);
  } catch (error) {
    if (error instanceof AppError) {
      await ctx.db.transaction(async (tx) => {
        await closeUnpaid(tx, row.id, TransactionStatus.Failed, error.code);
        await storeProviderAnswer(tx, row.id, { nextStep: { kind: 'done' } });
      });
      throw error;
    }
    return providerFailed(ctx, row, error);
  }
}

/** The merchant's bank installment plan of this many months that takes this amount. */
async function installmentPlanId(
  ctx: PaymentsContext,
  months: number,
  piasters: number,
): Promise<number> {
  const plans = await ctx.gateways.fawry.installmentPlans();
  const plan = plans.find(
    (p) => p.months === months && p.minPiasters <= piasters && piasters <= p.maxPiasters,
  );
  if (!plan) throw new AppError('illegal', `No ${months}-month installment plan for this amount`);
  return plan.id;
}
