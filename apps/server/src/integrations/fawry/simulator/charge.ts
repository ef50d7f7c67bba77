/**
 * The charge endpoints: a card (or card token) is paid, declined or sent to 3-D Secure at once;
 * a reference number or a wallet request is made and paid later.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { luhnValid } from '../../payment-simulators';
import { FAWRY_PATHS, FAWRY_STATUS } from '../protocol';
import { parseAmount } from '../signatures';
import { chargeAnswer, chargeFailure, laterAnswer, OK_DESCRIPTION } from './answers';
import { readCharge } from './charge-request';
import type { ParsedCharge } from './charge-request';
import { markFailed, markPaid } from './orders';
import { record, uniqueNumber } from './state';
import type { FawrySim } from './state';
import { FAWRY_TEST_CARDS, FAWRY_TEST_INSTALLMENT_PLANS, SIMULATOR_PATHS } from './test-data';
import type { SimulatedOrder } from './types';
import { EGYPT_MOBILE, field, isHttpUrl } from './wire';
import type { Json } from './wire';

/** Lifetime of a reference number without paymentExpiry (default 72 hours). */
const DEFAULT_REFERENCE_EXPIRY_HOURS = 72;

function expiryOf(sim: FawrySim, charge: ParsedCharge): Date | undefined {
  if (charge.paymentMethod === 'CARD') return undefined;
  const expiry = Number(field(charge.body, 'paymentExpiry'));
  if (Number.isFinite(expiry) && expiry > 0) return new Date(expiry);
  const hours = sim.options.referenceExpiryHours ?? DEFAULT_REFERENCE_EXPIRY_HOURS;
  return new Date(Date.now() + hours * 3_600_000);
}

function newOrder(sim: FawrySim, charge: ParsedCharge, fees: number): SimulatedOrder {
  const { body } = charge;
  const { byMerchantRef, byReference } = sim.books;
  const items = (body.chargeItems as Json[]).map((item) => ({
    itemId: field(item, 'itemId') ?? '',
    pricePiasters: parseAmount(item.price) ?? 0,
    quantity: Number(item.quantity),
  }));
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
    expiresAt: expiryOf(sim, charge),
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

/** The card number charged: typed, or behind a token of this customer's; or the refusal. */
function cardNumberOf(sim: FawrySim, charge: ParsedCharge): string | Json {
  const token = field(charge.body, 'cardToken');
  let cardNumber = field(charge.body, 'cardNumber');
  if (token) {
    const card = sim.books.cardsByToken.get(token);
    if (!card || card.customerProfileId !== charge.customerProfileId) {
      return chargeFailure(FAWRY_STATUS.cardNotFound, 'Card token not found for this customer');
    }
    cardNumber = card.cardNumber;
  }
  if (!cardNumber || !luhnValid(cardNumber)) {
    return chargeFailure(FAWRY_STATUS.badRequest, 'cardToken or a valid cardNumber is required');
  }
  return cardNumber;
}

/** The months of the installment plan asked for (undefined for none), or the refusal. */
function installmentMonthsOf(charge: ParsedCharge): number | undefined | Json {
  const planId = field(charge.body, 'installmentPlanId');
  if (planId === undefined) return undefined;
  const plan = FAWRY_TEST_INSTALLMENT_PLANS.find((p) => String(p.installmentPlan.id) === planId);
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
  return plan.installmentPlan.noOfMonths;
}

/** Sends the browser to the simulator's 3-D Secure page; the order stays UNPAID meanwhile. */
function challenge(sim: FawrySim, order: SimulatedOrder, returnUrl: string): Json {
  const id = randomBytes(18).toString('base64url');
  sim.books.challenges.set(id, { referenceNumber: order.referenceNumber, returnUrl });
  return {
    type: 'ChargeResponse',
    referenceNumber: order.referenceNumber,
    merchantRefNumber: order.merchantRefNumber,
    orderStatus: 'UNPAID',
    nextAction: {
      type: 'THREE_D_SECURE',
      redirectUrl: `${sim.origin}${SIMULATOR_PATHS.threeDSecure}/${id}`,
    },
    statusCode: FAWRY_STATUS.ok,
    statusDescription: OK_DESCRIPTION,
  };
}

function cardCharge(sim: FawrySim, charge: ParsedCharge): Json {
  const cardNumber = cardNumberOf(sim, charge);
  if (typeof cardNumber !== 'string') return cardNumber;
  const cvv = field(charge.body, 'cvv');
  if (cvv !== undefined && !/^\d{3}$/.test(cvv)) {
    return chargeFailure(FAWRY_STATUS.badRequest, 'cvv must be 3 digits');
  }
  const installmentMonths = installmentMonthsOf(charge);
  if (typeof installmentMonths === 'object') return installmentMonths;
  const returnUrl = field(charge.body, 'returnUrl');
  const needs3ds = cardNumber === FAWRY_TEST_CARDS.threeDSecure;
  if (needs3ds && (!returnUrl || !isHttpUrl(returnUrl))) {
    return chargeFailure(FAWRY_STATUS.badRequest, 'returnUrl is required for 3-D Secure');
  }

  // A failed card charge may be tried again under the same merchantRefNum; nothing else may.
  const existing = sim.books.byMerchantRef.get(charge.merchantRefNum);
  if (existing && existing.status !== 'FAILED') {
    return chargeFailure(FAWRY_STATUS.badRequest, 'merchantRefNum is duplicated');
  }
  if (existing) sim.books.byMerchantRef.delete(existing.merchantRefNumber);
  const order = newOrder(sim, charge, 0);
  order.cardLastFour = cardNumber.slice(-4);
  order.installmentMonths = installmentMonths;

  if (cardNumber === FAWRY_TEST_CARDS.declined) {
    markFailed(sim, order, FAWRY_STATUS.transactionDeclined, 'Transaction declined');
    return chargeFailure(FAWRY_STATUS.transactionDeclined, 'Transaction declined');
  }
  if (cardNumber === FAWRY_TEST_CARDS.insufficientFunds) {
    markFailed(sim, order, FAWRY_STATUS.insufficientFunds, 'Insufficient funds');
    return chargeFailure(FAWRY_STATUS.insufficientFunds, 'Insufficient funds');
  }
  if (needs3ds && returnUrl) return challenge(sim, order, returnUrl);
  markPaid(sim, order);
  return chargeAnswer(order, sim.securityKey);
}

/** A reference number (paid at an outlet) or a wallet request (paid from the wallet). */
function laterCharge(sim: FawrySim, charge: ParsedCharge): Json {
  const walletMobile = field(charge.body, 'debitMobileWalletNo');
  if (charge.paymentMethod === 'MWALLET' && walletMobile && !EGYPT_MOBILE.test(walletMobile)) {
    return chargeFailure(
      FAWRY_STATUS.badRequest,
      'debitMobileWalletNo must be a wallet number 01xxxxxxxxx',
    );
  }
  const existing = sim.books.byMerchantRef.get(charge.merchantRefNum);
  if (existing) {
    // A repeated request for the same unpaid order gets the same reference number.
    const same =
      existing.status === 'UNPAID' &&
      existing.method === charge.paymentMethod &&
      existing.amountPiasters === charge.amountPiasters;
    if (!same) return chargeFailure(FAWRY_STATUS.badRequest, 'merchantRefNum is duplicated');
    return laterAnswer(existing);
  }
  const fees = charge.paymentMethod === 'PAYATFAWRY' ? (sim.options.referenceFeePiasters ?? 0) : 0;
  const order = newOrder(sim, charge, fees);
  if (sim.options.notifyOnCreate ?? true) sim.notifier.notify(order);
  const autoPayMs = sim.options.walletAutoPayMs;
  if (order.method === 'MWALLET' && autoPayMs !== undefined) {
    const timer = setTimeout(() => {
      sim.timers.delete(timer);
      if (order.status === 'UNPAID') markPaid(sim, order);
    }, autoPayMs);
    sim.timers.add(timer);
  }
  return laterAnswer(order);
}

export function chargeRoutes(app: FastifyInstance, sim: FawrySim): void {
  const charge = async (request: FastifyRequest): Promise<Json> => {
    record(sim.books, request);
    const checked = readCharge(request.body, sim.merchantCode, sim.securityKey);
    if (!checked.ok) return checked.answer;
    const { charge: valid } = checked;
    return valid.paymentMethod === 'CARD' ? cardCharge(sim, valid) : laterCharge(sim, valid);
  };
  app.post(FAWRY_PATHS.charge, charge);
  app.post(FAWRY_PATHS.walletCharge, charge);
}
