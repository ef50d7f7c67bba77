/** A charge request checked as Fawry checks it: merchant, amount, signature, then the fields. */
import type { FawryPaymentMethod } from '../protocol';
import { FAWRY_STATUS } from '../protocol';
import { chargeSignatureString, parseAmount, sha256Hex, signaturesMatch } from '../signatures';
import { chargeFailure } from './answers';
import { EGYPT_MOBILE, field, isObject } from './wire';
import type { Json } from './wire';

export interface ParsedCharge {
  merchantRefNum: string;
  customerProfileId: string | undefined;
  paymentMethod: FawryPaymentMethod;
  amountPiasters: number;
  body: Json;
}

export type ChargeCheck = { ok: true; charge: ParsedCharge } | { ok: false; answer: Json };

const refuse = (statusCode: number, description: string): ChargeCheck => ({
  ok: false,
  answer: chargeFailure(statusCode, description),
});

/** The signature Fawry expects over the fields the body carries. */
function expectedSignature(
  body: Json,
  signed: { merchantCode: string; merchantRefNum: string; amountPiasters: number },
  securityKey: string,
): string {
  return sha256Hex(
    chargeSignatureString(
      {
        ...signed,
        customerProfileId: field(body, 'customerProfileId'),
        paymentMethod: field(body, 'paymentMethod') ?? '',
        cardToken: field(body, 'cardToken'),
        cardNumber: field(body, 'cardNumber'),
        cardExpiryYear: field(body, 'cardExpiryYear'),
        cardExpiryMonth: field(body, 'cardExpiryMonth'),
        cvv: field(body, 'cvv'),
        installmentPlanId: field(body, 'installmentPlanId'),
        debitMobileWalletNo: field(body, 'debitMobileWalletNo'),
        returnUrl: field(body, 'returnUrl'),
      },
      securityKey,
    ),
  );
}

/** The charge items' total in piasters, or undefined when an item is malformed. */
function itemsTotal(items: unknown[]): number | undefined {
  let total = 0;
  for (const item of items) {
    const price = isObject(item) ? parseAmount(item.price) : undefined;
    const quantity = isObject(item) ? item.quantity : undefined;
    if (
      price === undefined ||
      !field(item, 'itemId') ||
      typeof quantity !== 'number' ||
      !Number.isInteger(quantity) ||
      quantity < 1
    ) {
      return undefined;
    }
    total += price * quantity;
  }
  return total;
}

/** The fields after the signature: method, mobile, currency, items adding up to the amount. */
function fieldsProblem(body: Json, amountPiasters: number): ChargeCheck | undefined {
  const paymentMethod = field(body, 'paymentMethod') ?? '';
  if (paymentMethod !== 'CARD' && paymentMethod !== 'PAYATFAWRY' && paymentMethod !== 'MWALLET') {
    return refuse(FAWRY_STATUS.badRequest, `Unsupported payment method ${paymentMethod}`);
  }
  const mobile = field(body, 'customerMobile');
  if (!mobile || !EGYPT_MOBILE.test(mobile)) {
    return refuse(FAWRY_STATUS.badRequest, 'customerMobile must be a mobile number 01xxxxxxxxx');
  }
  if (field(body, 'currencyCode') !== undefined && field(body, 'currencyCode') !== 'EGP') {
    return refuse(FAWRY_STATUS.badRequest, 'Only EGP is supported');
  }
  const items = body.chargeItems;
  if (!Array.isArray(items) || items.length === 0) {
    return refuse(FAWRY_STATUS.badRequest, 'chargeItems is required');
  }
  const total = itemsTotal(items);
  if (total === undefined) return refuse(FAWRY_STATUS.badRequest, 'Invalid charge item');
  if (total !== amountPiasters) {
    return refuse(FAWRY_STATUS.invalidAmount, 'Amount does not equal the charge items total');
  }
  return undefined;
}

export function readCharge(body: unknown, merchantCode: string, securityKey: string): ChargeCheck {
  if (!isObject(body)) return refuse(FAWRY_STATUS.badRequest, 'Invalid request body');
  if (field(body, 'merchantCode') !== merchantCode) {
    return refuse(FAWRY_STATUS.invalidMerchantCode, 'Merchant code is invalid');
  }
  const merchantRefNum = field(body, 'merchantRefNum');
  if (!merchantRefNum) return refuse(FAWRY_STATUS.badRequest, 'merchantRefNum is required');
  const amountPiasters = parseAmount(body.amount);
  if (amountPiasters === undefined || amountPiasters === 0) {
    return refuse(FAWRY_STATUS.invalidAmount, 'Invalid amount');
  }
  const expected = expectedSignature(
    body,
    { merchantCode, merchantRefNum, amountPiasters },
    securityKey,
  );
  if (!signaturesMatch(body.signature, expected)) {
    return refuse(FAWRY_STATUS.invalidSignature, 'Wrong Signature');
  }
  const problem = fieldsProblem(body, amountPiasters);
  if (problem) return problem;
  return {
    ok: true,
    charge: {
      merchantRefNum,
      customerProfileId: field(body, 'customerProfileId'),
      paymentMethod: field(body, 'paymentMethod') as FawryPaymentMethod,
      amountPiasters,
      body,
    },
  };
}
