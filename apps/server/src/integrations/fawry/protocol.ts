/**
 * FawryPay's wire protocol: endpoint paths, enumerations and status codes, shared by the real
 * adapter (client/) and the loopback simulator (simulator/). Sources are listed in README.md.
 */

/** FawryPay origins. The simulator's URL replaces them in development and tests. */
export const FAWRY_PRODUCTION_URL = 'https://www.atfawry.com';
export const FAWRY_STAGING_URL = 'https://atfawry.fawrystaging.com';

export const FAWRY_PATHS = {
  /** Card (token), reference number (PAYATFAWRY) and installment charges. */
  charge: '/ECommerceWeb/Fawry/payments/charge',
  /** The e-wallet (MWALLET) page documents this path; the simulator answers both. */
  walletCharge: '/ECommerceWeb/api/payments/charge',
  /** GET with merchantCode, merchantRefNumber, signature in the query. */
  statusV2: '/ECommerceWeb/Fawry/payments/status/v2',
  refund: '/ECommerceWeb/Fawry/payments/refund',
  cancelUnpaidOrder: '/ECommerceWeb/api/orders/cancel-unpaid-order',
  /** GET lists a customer's tokens; DELETE removes one (parameters in the query string). */
  cardToken: '/ECommerceWeb/Fawry/cards/cardToken',
  /** The hosted card-tokenization page the browser opens (accNo, customerProfileId, returnUrl, locale). */
  cardTokenPage: '/atfawry/plugin/card-token',
  /** GET with accountNumber: the merchant's bank installment plans. */
  installmentPlans: '/ECommerceWeb/api/merchant/installment-plans',
} as const;

export const FAWRY_PAYMENT_METHODS = ['CARD', 'PAYATFAWRY', 'MWALLET'] as const;
export type FawryPaymentMethod = (typeof FAWRY_PAYMENT_METHODS)[number];

export type FawryLanguage = 'ar-eg' | 'en-gb';

/** `statusCode` values (and cancel-unpaid-order `code` values) this integration names. */
export const FAWRY_STATUS = {
  ok: 200,
  /** Generic validation failure (a field missing or malformed, a duplicated merchantRefNum). */
  badRequest: 400,
  notFoundHttp: 404,
  invalidMerchantCode: 9901,
  referenceNumberBlank: 9944,
  orderNotFound: 9938,
  invalidSignature: 9946,
  refundAmountExceeded: 9935,
  orderNotPaid: 9954,
  transactionRefused: 99901,
  transactionDeclined: 99907,
  insufficientFunds: 99951,
  cardNotFound: 99956,
  invalidAmount: 21004,
  notAllowedAmount: 21010,
  /** Chosen by the simulator for an unknown installmentPlanId; Fawry does not document one. */
  invalidInstallmentPlan: 21011,
} as const;

/** Codes that mean "try again later": Fawry's, the bank's or the network's trouble. */
export const FAWRY_TECHNICAL_CODES: ReadonlySet<number> = new Set([
  99922, // issuer not responding
  99930, // account setup error
  99958, // account configuration error
  99984, // transaction error from the bank
  99986, // bank technical errors
  99988,
  99989,
  99991, // error contacting the bank
  99992, // transaction routing error
  99994, // technical errors
  99996,
]);

/** Business refusals: the request was understood and refused; retrying the same will not help. */
export const FAWRY_REJECTION_CODES: ReadonlySet<number> = new Set([
  FAWRY_STATUS.badRequest,
  FAWRY_STATUS.refundAmountExceeded,
  FAWRY_STATUS.orderNotPaid,
  FAWRY_STATUS.invalidAmount,
  FAWRY_STATUS.notAllowedAmount,
  FAWRY_STATUS.invalidInstallmentPlan,
  FAWRY_STATUS.referenceNumberBlank,
]);

/** Not found: the order, the payment, or the card token. */
export const FAWRY_NOT_FOUND_CODES: ReadonlySet<number> = new Set([
  FAWRY_STATUS.orderNotFound,
  FAWRY_STATUS.notFoundHttp,
  FAWRY_STATUS.cardNotFound,
]);

/** One line of an order as the charge request sends it. */
export interface FawryWireChargeItem {
  itemId: string;
  description?: string;
  price: number;
  quantity: number;
  imageUrl?: string;
}

/** One line of an order as notifications and the status API return it. */
export interface FawryWireOrderItem {
  itemCode: string;
  price: number;
  quantity: number;
}

/**
 * The body of a server-to-server notification V2, which is also what Get Payment Status V2
 * returns (plus `type`, `statusCode` and `statusDescription`).
 */
export interface FawryNotificationBody {
  requestId: string;
  fawryRefNumber: string;
  merchantRefNumber: string;
  customerName?: string;
  customerMobile?: string;
  customerMail?: string;
  /** The customerProfileId the order was created with. */
  customerMerchantId?: string;
  paymentAmount: number;
  orderAmount: number;
  fawryFees: number;
  shippingFees?: number;
  orderStatus: string;
  paymentMethod: string;
  paymentTime?: number;
  authNumber?: string;
  /** Fawry's own spelling. Empty (absent) in the notification of an order's creation. */
  paymentRefrenceNumber?: string;
  orderExpiryDate?: number;
  orderItems?: FawryWireOrderItem[];
  failureErrorCode?: number;
  failureReason?: string;
  installmentMonths?: number;
  installmentInterestAmount?: number;
  messageSignature: string;
}

/** A saved card as the card-token list returns it. */
export interface FawryWireCard {
  token: string;
  creationDate: number;
  lastFourDigits: string;
  firstSixDigits: string;
  brand: string;
  cardHolderName?: string;
  isDefault: boolean;
}

/** A bank installment plan as the installment-plans API returns it (the parts we read). */
export interface FawryWireInstallmentPlan {
  id: number;
  installmentPlan: {
    id: number;
    nameAr: string;
    nameEn: string;
    /** Percent added to the order amount. */
    rate: number;
    noOfMonths: number;
    minAmount: number;
    maxAmount: number;
    online: boolean;
    accountType?: {
      nameEn: string;
      nameAr: string;
      code: string;
      bank?: { nameEn: string; nameAr: string; code: string };
    };
  };
}
