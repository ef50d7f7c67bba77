/**
 * Charges: a saved card (paid at once or sent to 3-D Secure), bank installments on a saved card,
 * a reference number paid at an outlet, and an e-wallet request. One signed body for all, with
 * the method's own fields.
 */
import { FawryError } from '../errors';
import type {
  FawryCardChargeInput,
  FawryCardChargeResult,
  FawryChargeInput,
  FawryReferenceInput,
  FawryReferenceResult,
  FawryWalletInput,
  FawryWalletResult,
} from '../interface';
import { FAWRY_PATHS } from '../protocol';
import type { FawryWireChargeItem } from '../protocol';
import { chargeSignatureString, sha256Hex } from '../signatures';
import type { ChargeSignatureFields } from '../signatures';
import type { FawryContext } from './context';
import {
  amountsOf,
  dateOf,
  isObject,
  referenceResult,
  resultCode,
  stateOfOrderStatus,
  textOf,
  unreadable,
} from './read';
import type { Json } from './read';
import { assertPiasters, toFawryMobile, WireAmount } from './wire';

type MethodFields = Omit<
  ChargeSignatureFields,
  'merchantCode' | 'merchantRefNum' | 'customerProfileId' | 'paymentMethod' | 'amountPiasters'
>;

function chargeItems(
  input: FawryChargeInput,
): Array<Omit<FawryWireChargeItem, 'price'> & { price: WireAmount }> {
  const items = input.items ?? [
    {
      itemId: input.merchantRefNum,
      description: input.description,
      pricePiasters: input.amountPiasters,
      quantity: 1,
    },
  ];
  return items.map((item) => {
    assertPiasters(item.pricePiasters, 'item price');
    return {
      itemId: item.itemId,
      description: item.description,
      price: new WireAmount(item.pricePiasters),
      quantity: item.quantity,
    };
  });
}

/** The common body of a charge request, signed over `signed` (the method's extra fields). */
function chargeBody(
  ctx: FawryContext,
  input: FawryChargeInput,
  paymentMethod: string,
  signed: MethodFields,
  extra: Json,
): Json {
  assertPiasters(input.amountPiasters, 'amountPiasters');
  const signatureString = chargeSignatureString(
    {
      merchantCode: ctx.merchantCode,
      merchantRefNum: input.merchantRefNum,
      customerProfileId: input.customer.profileId,
      paymentMethod,
      amountPiasters: input.amountPiasters,
      ...signed,
    },
    ctx.securityKey,
  );
  return {
    merchantCode: ctx.merchantCode,
    merchantRefNum: input.merchantRefNum,
    customerProfileId: input.customer.profileId,
    customerName: input.customer.name,
    customerMobile: toFawryMobile(input.customer.mobile),
    customerEmail: input.customer.email,
    paymentMethod,
    amount: new WireAmount(input.amountPiasters),
    currencyCode: 'EGP',
    language: input.language ?? ctx.defaultLanguage,
    description: input.description,
    chargeItems: chargeItems(input),
    ...(input.orderWebHookUrl ? { orderWebHookUrl: input.orderWebHookUrl } : {}),
    ...extra,
    signature: sha256Hex(signatureString),
  };
}

function cardResult(payload: unknown, merchantRefNum: string): FawryCardChargeResult {
  if (!isObject(payload)) throw unreadable('charge answer');
  const nextAction = isObject(payload.nextAction) ? payload.nextAction : undefined;
  const redirectUrl = nextAction ? textOf(nextAction.redirectUrl) : undefined;
  if (redirectUrl) {
    return {
      kind: 'redirect',
      redirectUrl,
      merchantRefNumber: textOf(payload.merchantRefNumber) ?? merchantRefNum,
      referenceNumber: textOf(payload.referenceNumber),
    };
  }
  const orderStatus = textOf(payload.orderStatus) ?? '';
  const referenceNumber = textOf(payload.referenceNumber);
  if (stateOfOrderStatus(orderStatus) !== 'paid' || !referenceNumber) {
    const { code, description } = resultCode(payload);
    throw new FawryError('declined', `Fawry card charge not paid: ${orderStatus || 'no status'}`, {
      ...(code !== undefined ? { providerCode: code } : {}),
      ...(description ? { providerDescription: description } : {}),
    });
  }
  return {
    kind: 'paid',
    referenceNumber,
    merchantRefNumber: textOf(payload.merchantRefNumber) ?? merchantRefNum,
    authNumber: textOf(payload.authNumber),
    paidAt: dateOf(payload.paymentTime),
    ...amountsOf(payload),
  };
}

/** A saved card's charge, with an installment plan or without. */
export function chargeCard(
  ctx: FawryContext,
  operation: string,
  input: FawryCardChargeInput,
  installmentPlanId: number | undefined,
): Promise<FawryCardChargeResult> {
  const body = chargeBody(
    ctx,
    input,
    'CARD',
    {
      cardToken: input.cardToken,
      cvv: input.cvv,
      installmentPlanId,
      returnUrl: input.returnUrl,
    },
    {
      cardToken: input.cardToken,
      cvv: input.cvv,
      enable3DS: input.enable3DS ?? true,
      authCaptureModePayment: false,
      returnUrl: input.returnUrl,
      ...(installmentPlanId !== undefined ? { installmentPlanId } : {}),
    },
  );
  return ctx
    .call(operation, 'POST', FAWRY_PATHS.charge, {
      body,
      logContext: { merchantRefNum: input.merchantRefNum },
    })
    .then((payload) => cardResult(payload, input.merchantRefNum));
}

export async function chargeReferenceNumber(
  ctx: FawryContext,
  input: FawryReferenceInput,
): Promise<FawryReferenceResult> {
  const body = chargeBody(
    ctx,
    input,
    'PAYATFAWRY',
    {},
    input.expiresAt ? { paymentExpiry: input.expiresAt.getTime() } : {},
  );
  const payload = await ctx.call('charge-reference', 'POST', FAWRY_PATHS.charge, {
    body,
    logContext: { merchantRefNum: input.merchantRefNum },
  });
  if (!isObject(payload)) throw unreadable('charge answer');
  return referenceResult(payload, input);
}

export async function chargeWallet(
  ctx: FawryContext,
  input: FawryWalletInput,
): Promise<FawryWalletResult> {
  const walletMobile = input.walletMobile ? toFawryMobile(input.walletMobile) : undefined;
  const body = chargeBody(
    ctx,
    input,
    'MWALLET',
    { debitMobileWalletNo: walletMobile },
    {
      ...(walletMobile ? { debitMobileWalletNo: walletMobile } : {}),
      ...(input.expiresAt ? { paymentExpiry: input.expiresAt.getTime() } : {}),
    },
  );
  const payload = await ctx.call('charge-wallet', 'POST', FAWRY_PATHS.walletCharge, {
    body,
    logContext: { merchantRefNum: input.merchantRefNum },
  });
  if (!isObject(payload)) throw unreadable('charge answer');
  return { ...referenceResult(payload, input), walletQr: textOf(payload.walletQr) };
}
