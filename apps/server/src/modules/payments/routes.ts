import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PREFIX,
  cancelUnpaidOrderBodySchema,
  CardBrand,
  cardTokenUrlQuerySchema,
  deleteCardTokenBodySchema,
  fawryCardPaymentBodySchema,
  fawryInstallmentPaymentBodySchema,
  fawryReferencePaymentBodySchema,
  fawryWalletPaymentBodySchema,
  idTextSchema,
  numericIdParamsSchema,
  paymentStatusQuerySchema,
  paymentStatusSyncBodySchema,
  paymobCheckoutBodySchema,
  refundBodySchema,
  Role,
  settleRefundBodySchema,
} from '@talaqa/domain';
import type {
  CardToken,
  CardTokenUrlAnswer,
  PaymentMethodsAnswer,
  PaymentStarted,
  PaymentStatusAnswer,
  PaymobCheckoutAnswer,
  TransactionView,
} from '@talaqa/domain';
import { AppError } from '../../errors';
import { isFawryError } from '../../integrations/fawry';
import type { FawrySavedCard } from '../../integrations/fawry';
import { admins, anyone, identityOf, rolesOnly, signedIn } from '../../http/access';
import { limitPerAccount, limitPerAddress } from '../../http/limits';
import { findTransactionRow } from '../transactions';
import { startPayment } from './checkout';
import type { PaymentChoice, PurchaseInput } from './checkout';
import { CHECK_REFUND_JOB, EXPIRE_UNPAID_ORDER_JOB, paymentsContextOf } from './context';
import type { PaymentsContext } from './context';
import { handleFawryNotification, handlePaymobCallback } from './notifications';
import { checkRefundInDoubt, refundTransaction, settleRefundByHand } from './refunds';
import { gatewayError } from './provider';
import {
  cancelUnpaidOrder,
  expireUnpaidOrder,
  ownedTransaction,
  paymentStatus,
  syncTransaction,
} from './status';
import { browserApiOrigin, isWebUrl, loopbackOrigin, webOriginFor } from '../../http/origins';
import { callbackOrigin, checkoutResultUrl } from './urls';

export const FAWRY_NOTIFICATION_PATH = '/fawry/notification';
export const FAWRY_RETURN_PATH = '/fawry/return';
export const PAYMOB_CALLBACK_PATH = '/paymob/callback';

const students = rolesOnly(Role.Student);
/** Payment attempts per student (card testing is the abuse to stop). */
const PAY_LIMIT = { max: 30, minutes: 60 };
/**
 * Gateways' notifications are small JSON documents: Fawry's V2 notification is about 1 KiB, Paymob's
 * transaction callback a few KiB for our one-item orders. Past this the answer is 413.
 */
export const NOTIFICATION_BODY_LIMIT = 16 * 1024;
/**
 * Notifications per calling address. Fawry and Paymob call from a few addresses, one call per
 * change of an order (and their retries): far below this even at many times our busiest hour.
 */
export const NOTIFICATION_LIMIT = { max: 120, minutes: 1 };

/** A return URL we hand to a gateway must be one of our web app's pages. */
function assertWebUrl(app: FastifyInstance, url: string): void {
  if (!isWebUrl(app.config, url)) {
    throw new AppError('bad-request', 'The return URL must be a page of the web app', {
      fields: [{ path: 'returnUrl', code: 'invalid-type' }],
    });
  }
}

const purchaseOf = (body: {
  planId: number;
  period: PurchaseInput['period'];
  couponCode?: string | undefined;
  idempotencyKey: string;
}): PurchaseInput => ({
  planId: body.planId,
  period: body.period,
  couponCode: body.couponCode,
  idempotencyKey: body.idempotencyKey,
});

function brandOf(brand: string): CardBrand {
  const b = brand.toLowerCase();
  if (b.includes('visa')) return CardBrand.Visa;
  if (b.includes('master')) return CardBrand.Mastercard;
  if (b.includes('meeza')) return CardBrand.Meeza;
  return CardBrand.Other;
}

const cardTokenOf = (card: FawrySavedCard): CardToken => ({
  token: card.token,
  last4: card.lastFourDigits,
  brand: brandOf(card.brand),
});

/** The job's payload: `{ transactionId }`. */
const expiryPayloadSchema = z.object({ transactionId: z.number().int().positive() });
const checkRefundPayloadSchema = z.object({ refundId: z.number().int().positive() });

/**
 * Paying with Fawry (spec section 7, /fawry/*): card tokens, reference numbers, e-wallets, bank
 * installments, status, sync, cancelling, refunds, and Fawry's own calls (the server
 * notification and the 3-D Secure return), which carry signatures instead of a session.
 */
export const fawryRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PaymentsContext = paymentsContextOf(app);

  // The simulator calls this process on loopback: its notification URL is known once listening.
  app.addHook('onListen', async () => {
    const simulator = app.payments.simulators?.fawry;
    const origin = loopbackOrigin(app);
    if (simulator && origin) {
      simulator.setNotificationUrl(`${origin}${API_PREFIX}${FAWRY_NOTIFICATION_PATH}`);
    }
  });

  app.jobs.register(EXPIRE_UNPAID_ORDER_JOB, async (payload) => {
    const { transactionId } = expiryPayloadSchema.parse(payload);
    await expireUnpaidOrder(ctx, transactionId);
  });

  app.jobs.register(CHECK_REFUND_JOB, async (payload, job) => {
    const { refundId } = checkRefundPayloadSchema.parse(payload);
    await checkRefundInDoubt(ctx, refundId, { number: job.job.attempt, max: job.job.maxAttempts });
  });

  const pay = (
    request: FastifyRequest,
    purchase: PurchaseInput,
    choice: PaymentChoice,
  ): Promise<PaymentStarted> =>
    startPayment(ctx, identityOf(request).userId, purchase, choice, {
      browserApi: browserApiOrigin(app.config, request),
      callbacks: callbackOrigin(app, request),
      web: webOriginFor(app.config, request),
    });

  const payLimit = limitPerAccount(app, 'payments:pay', PAY_LIMIT);

  app.post(
    '/fawry/pay/card',
    {
      config: { access: students },
      preHandler: payLimit,
      schema: { body: fawryCardPaymentBodySchema },
    },
    async (request): Promise<PaymentStarted> => {
      const { cardToken, cvv, returnUrl } = request.body;
      assertWebUrl(app, returnUrl);
      return pay(request, purchaseOf(request.body), { kind: 'card', cardToken, cvv, returnUrl });
    },
  );

  app.get(
    '/fawry/payment-methods',
    { config: { access: anyone } },
    async (): Promise<PaymentMethodsAnswer> => ({
      bankInstallments: app.config.fawry.installmentsEnabled,
    }),
  );

  app.post(
    '/fawry/pay/bank-installments',
    {
      config: { access: students },
      preHandler: payLimit,
      schema: { body: fawryInstallmentPaymentBodySchema },
    },
    async (request): Promise<PaymentStarted> => {
      if (!app.config.fawry.installmentsEnabled) {
        throw new AppError('illegal', 'Bank installments are not offered yet');
      }
      const { cardToken, cvv, returnUrl, installments } = request.body;
      assertWebUrl(app, returnUrl);
      return pay(request, purchaseOf(request.body), {
        kind: 'card',
        cardToken,
        cvv,
        returnUrl,
        installments,
      });
    },
  );

  app.post(
    '/fawry/pay/ref-num',
    {
      config: { access: students },
      preHandler: payLimit,
      schema: { body: fawryReferencePaymentBodySchema },
    },
    async (request): Promise<PaymentStarted> =>
      pay(request, purchaseOf(request.body), { kind: 'reference' }),
  );

  app.post(
    '/fawry/pay/e-wallet',
    {
      config: { access: students },
      preHandler: payLimit,
      schema: { body: fawryWalletPaymentBodySchema },
    },
    async (request): Promise<PaymentStarted> =>
      pay(request, purchaseOf(request.body), {
        kind: 'wallet',
        walletPhone: request.body.walletPhone,
      }),
  );

  app.post(
    '/fawry/cancel-unpaid-order',
    { config: { access: students }, schema: { body: cancelUnpaidOrderBodySchema } },
    async (request): Promise<TransactionView> =>
      cancelUnpaidOrder(ctx, identityOf(request), request.body.transactionId),
  );

  app.post(
    '/fawry/refund',
    { config: { access: admins }, schema: { body: refundBodySchema } },
    async (request): Promise<TransactionView> => refundTransaction(ctx, request.body),
  );

  app.post(
    '/tx/:id/refund/settle',
    {
      config: { access: admins },
      schema: { params: numericIdParamsSchema, body: settleRefundBodySchema },
    },
    async (request): Promise<TransactionView> =>
      settleRefundByHand(ctx, request.params.id, request.body.outcome, {
        adminId: identityOf(request).userId,
        note: request.body.note,
      }),
  );

  app.get(
    '/fawry/payment-status',
    { config: { access: signedIn }, schema: { querystring: paymentStatusQuerySchema } },
    async (request): Promise<PaymentStatusAnswer> => {
      const row = await ownedTransaction(ctx, identityOf(request), request.query.transactionId);
      return paymentStatus(ctx, row);
    },
  );

  app.post(
    '/fawry/payment-status/sync',
    { config: { access: signedIn }, schema: { body: paymentStatusSyncBodySchema } },
    async (request): Promise<TransactionView> => {
      const row = await ownedTransaction(ctx, identityOf(request), request.body.transactionId);
      return syncTransaction(ctx, row);
    },
  );

  // Saved cards live at Fawry under the student's profile (our user id).

  app.get(
    '/fawry/card-token/list',
    { config: { access: students } },
    async (request): Promise<CardToken[]> => {
      const cards = await ctx.gateways.fawry
        .listCardTokens(String(identityOf(request).userId))
        .catch((error: unknown) => {
          throw gatewayError(error);
        });
      return cards.map(cardTokenOf);
    },
  );

  app.delete(
    '/fawry/card-token',
    { config: { access: students }, schema: { body: deleteCardTokenBodySchema } },
    async (_request, reply) => {
      const request = _request;
      try {
        await ctx.gateways.fawry.deleteCardToken({
          customerProfileId: String(identityOf(request).userId),
          cardToken: request.body.token,
        });
      } catch (error) {
        if (isFawryError(error) && error.kind === 'not-found') throw new AppError('not-found');
        throw gatewayError(error);
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/fawry/card-token/url',
    { config: { access: students }, schema: { querystring: cardTokenUrlQuerySchema } },
    async (request): Promise<CardTokenUrlAnswer> => {
      assertWebUrl(app, request.query.returnUrl);
      return {
        url: ctx.gateways.fawry.cardTokenUrl({
          customerProfileId: String(identityOf(request).userId),
          returnUrl: request.query.returnUrl,
          locale: 'ar',
        }),
      };
    },
  );

  // Fawry's calls

  app.post(
    FAWRY_NOTIFICATION_PATH,
    {
      config: { access: anyone },
      onRequest: limitPerAddress(app, 'payments:fawry-notification', NOTIFICATION_LIMIT),
      bodyLimit: NOTIFICATION_BODY_LIMIT,
    },
    async (request, reply) => {
      const status = await handleFawryNotification(ctx, request.body);
      return reply.code(status).send(status === 200 ? { ok: true } : { code: 'bad-request' });
    },
  );

  /**
   * Where the browser comes back after 3-D Secure. Open (no session), so it tells nothing about
   * the transaction named: whatever `tx` is (ours, another's, none), the answer is the same 303 to
   * the web app's page `to` (else the payments page), which reads the outcome through the signed-in
   * student's own calls. Only a return carrying Fawry's valid signature for that order makes us ask
   * Fawry's status API (the return alone never decides).
   */
  app.get(
    FAWRY_RETURN_PATH,
    {
      config: { access: anyone },
      schema: {
        querystring: z.object({ tx: idTextSchema, to: z.string().max(2000).optional() }).loose(),
      },
    },
    async (request, reply) => {
      const { tx, to } = request.query;
      await syncSignedReturn(request, tx);
      const web = webOriginFor(app.config);
      const target = to && isWebUrl(app.config, to) ? new URL(to) : new URL('/payments', web);
      if (target.pathname !== '/payments') target.searchParams.set('tx', String(tx));
      return reply.header('cache-control', 'no-store').redirect(target.href, 303);
    },
  );

  /** Applies Fawry's status for a return signed by Fawry for this order; anything else is ignored. */
  async function syncSignedReturn(request: FastifyRequest, tx: number): Promise<void> {
    let signed: { merchantRefNumber: string };
    try {
      signed = ctx.gateways.fawry.verifyChargeReturn(request.query as Record<string, unknown>);
    } catch (error) {
      request.log.warn({ err: error }, '3-D Secure return not signed by Fawry: ignored');
      return;
    }
    try {
      const row = await findTransactionRow(ctx.db, tx);
      // Fawry signed the return for the reference it knows this order by.
      if (row?.provider !== 'fawry' || signed.merchantRefNumber !== row.orderReference) return;
      await syncTransaction(ctx, row);
    } catch (error) {
      // The page asks for the status itself; the expiry job asks Fawry later anyway.
      request.log.warn({ err: error, transactionId: tx }, '3-D Secure return not applied');
    }
  }
};

/** Paying on Paymob's hosted checkout (spec: POST /paymob/create-checkout-url) and its callback. */
export const paymobRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PaymentsContext = paymentsContextOf(app);

  app.post(
    '/paymob/create-checkout-url',
    {
      config: { access: students },
      preHandler: limitPerAccount(app, 'payments:pay', PAY_LIMIT),
      schema: { body: paymobCheckoutBodySchema },
    },
    async (request): Promise<PaymobCheckoutAnswer> => {
      const web = webOriginFor(app.config, request);
      const started = await startPayment(
        ctx,
        identityOf(request).userId,
        purchaseOf(request.body),
        { kind: 'paymob' },
        {
          browserApi: browserApiOrigin(app.config, request),
          callbacks: callbackOrigin(app, request),
          web,
        },
      );
      const { transaction, next } = started;
      return {
        transactionId: transaction.id,
        url: next.kind === 'redirect' ? next.url : checkoutResultUrl(web, transaction),
      };
    },
  );

  app.post(
    PAYMOB_CALLBACK_PATH,
    {
      config: { access: anyone },
      onRequest: limitPerAddress(app, 'payments:paymob-callback', NOTIFICATION_LIMIT),
      bodyLimit: NOTIFICATION_BODY_LIMIT,
      schema: { querystring: z.object({ hmac: z.string().max(256).optional() }).loose() },
    },
    async (request, reply) => {
      const status = await handlePaymobCallback(ctx, request.body, request.query.hmac);
      return reply.code(status).send(status === 200 ? { ok: true } : { code: 'bad-request' });
    },
  );
};
