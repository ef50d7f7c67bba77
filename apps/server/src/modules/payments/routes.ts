import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, API_PREFIX, CardBrand } from '@talaqa/domain';
import type { CardToken, ErrorBody, PaymentStarted } from '@talaqa/domain';
import { AppError } from '../../errors';
import { isFawryError } from '../../integrations/fawry';
import type { FawrySavedCard } from '../../integrations/fawry';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { limitPerAccount, limitPerAddress } from '../../http/limits';
import { findTransactionRow } from '../transactions';
import { startPayment } from './checkout';
import type { PaymentChoice, PurchaseInput } from './checkout';
import { CHECK_REFUND_JOB, EXPIRE_UNPAID_ORDER_JOB, paymentsContextOf } from './context';
import type { PaymentsContext } from './context';
import { fawryProfileIdOf } from './fawry-profile';
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

/** The answer to a provider's call we refuse (unsigned, malformed, not ours): it may retry. */
const notificationRefused: ErrorBody = {
  code: 'bad-request',
  message: 'Notification refused',
};

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
      simulator.setNotificationUrl(`${origin}${API_PREFIX}${API.fawry.notification.path}`);
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

  const payLimit = { preHandler: limitPerAccount(app, 'payments:pay', PAY_LIMIT) };

  serve(
    app,
    API.fawry.payByCard,
    async (request) => {
      const { cardToken, cvv, returnUrl } = request.body;
      assertWebUrl(app, returnUrl);
      return pay(request, purchaseOf(request.body), { kind: 'card', cardToken, cvv, returnUrl });
    },
    payLimit,
  );

  serve(app, API.fawry.paymentMethods, async () => ({
    bankInstallments: app.config.fawry.installmentsEnabled,
  }));

  serve(
    app,
    API.fawry.payByInstallments,
    async (request) => {
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
    payLimit,
  );

  serve(
    app,
    API.fawry.payByReference,
    async (request) => pay(request, purchaseOf(request.body), { kind: 'reference' }),
    payLimit,
  );

  serve(
    app,
    API.fawry.payByWallet,
    async (request) =>
      pay(request, purchaseOf(request.body), {
        kind: 'wallet',
        walletPhone: request.body.walletPhone,
      }),
    payLimit,
  );

  serve(app, API.fawry.cancelUnpaidOrder, async (request) =>
    cancelUnpaidOrder(ctx, identityOf(request), request.body.transactionId),
  );

  serve(app, API.fawry.refund, async (request) =>
    refundTransaction(ctx, request.body, identityOf(request).userId),
  );

  serve(app, API.transactions.settleRefund, async (request) =>
    settleRefundByHand(ctx, request.params.id, request.body.outcome, {
      adminId: identityOf(request).userId,
      note: request.body.note,
    }),
  );

  serve(app, API.fawry.paymentStatus, async (request) => {
    const row = await ownedTransaction(ctx, identityOf(request), request.query.transactionId);
    return paymentStatus(ctx, row);
  });

  serve(app, API.fawry.syncPaymentStatus, async (request) => {
    const row = await ownedTransaction(ctx, identityOf(request), request.body.transactionId);
    return syncTransaction(ctx, row);
  });

  // Saved cards live at Fawry under the student's profile id (fawry-profile.ts: not the row id).

  serve(app, API.fawry.listCards, async (request) => {
    const profileId = await fawryProfileIdOf(ctx, identityOf(request).userId);
    const cards = await ctx.gateways.fawry.listCardTokens(profileId).catch((error: unknown) => {
      throw gatewayError(error);
    });
    return cards.map(cardTokenOf);
  });

  serve(app, API.fawry.deleteCard, async (request) => {
    const profileId = await fawryProfileIdOf(ctx, identityOf(request).userId);
    try {
      await ctx.gateways.fawry.deleteCardToken({
        customerProfileId: profileId,
        cardToken: request.body.token,
      });
    } catch (error) {
      if (isFawryError(error) && error.kind === 'not-found') throw new AppError('not-found');
      throw gatewayError(error);
    }
  });

  serve(app, API.fawry.addCardUrl, async (request) => {
    assertWebUrl(app, request.query.returnUrl);
    return {
      url: ctx.gateways.fawry.cardTokenUrl({
        customerProfileId: await fawryProfileIdOf(ctx, identityOf(request).userId),
        returnUrl: request.query.returnUrl,
        locale: 'ar',
      }),
    };
  });

  // Fawry's calls

  serve(
    app,
    API.fawry.notification,
    async (request, reply) => {
      const status = await handleFawryNotification(ctx, request.body);
      return reply.code(status).send(status === 200 ? { ok: true } : notificationRefused);
    },
    {
      onRequest: limitPerAddress(app, 'payments:fawry-notification', NOTIFICATION_LIMIT),
      bodyLimit: NOTIFICATION_BODY_LIMIT,
    },
  );

  /**
   * Where the browser comes back after 3-D Secure. Open (no session), so it tells nothing about
   * the transaction named: whatever `tx` is (ours, another's, none), the answer is the same 303 to
   * the web app's page `to` (else the payments page), which reads the outcome through the signed-in
   * student's own calls. Only a return carrying Fawry's valid signature for that order makes us ask
   * Fawry's status API (the return alone never decides).
   */
  serve(app, API.fawry.return, async (request, reply) => {
    const { tx, to } = request.query;
    await syncSignedReturn(request, tx);
    const web = webOriginFor(app.config);
    const target = to && isWebUrl(app.config, to) ? new URL(to) : new URL('/payments', web);
    if (target.pathname !== '/payments') target.searchParams.set('tx', String(tx));
    return reply.header('cache-control', 'no-store').redirect(target.href, 303);
  });

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

  serve(
    app,
    API.paymob.checkout,
    async (request) => {
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
    { preHandler: limitPerAccount(app, 'payments:pay', PAY_LIMIT) },
  );

  serve(
    app,
    API.paymob.callback,
    async (request, reply) => {
      const status = await handlePaymobCallback(ctx, request.body, request.query.hmac);
      return reply.code(status).send(status === 200 ? { ok: true } : notificationRefused);
    },
    {
      onRequest: limitPerAddress(app, 'payments:paymob-callback', NOTIFICATION_LIMIT),
      bodyLimit: NOTIFICATION_BODY_LIMIT,
    },
  );
};
