/**
 * The Fawry interface the rest of the server sees: what it asks (charges, refunds, card tokens,
 * status) and what it gets back. Every amount is integer piasters. `client/` is the real adapter.
 */
import type { FawryLanguage } from './protocol';

export interface FawryCustomer {
  /**
   * Fawry's customerProfileId: card tokens belong to it. The user's own id for Fawry
   * (`users.fawry_customer_profile_id`), never a row id that a reset database could reuse.
   */
  profileId: string;
  /** `+201001234567` or `01001234567`; sent in Fawry's local form. */
  mobile: string;
  email: string;
  name?: string;
}

export interface FawryItem {
  itemId: string;
  description: string;
  pricePiasters: number;
  quantity: number;
}

export interface FawryChargeInput {
  /** Our unique reference for this order (the transaction id). */
  merchantRefNum: string;
  customer: FawryCustomer;
  amountPiasters: number;
  description: string;
  /** Default: one item of the whole amount, with merchantRefNum as its id. */
  items?: FawryItem[];
  /** Per-order notification URL, overriding the one configured at Fawry. */
  orderWebHookUrl?: string;
  language?: FawryLanguage;
}

export interface FawryCardChargeInput extends FawryChargeInput {
  cardToken: string;
  /** Three digits; part of the signature, never logged. */
  cvv: string;
  /** Where the browser comes back after 3-D Secure. */
  returnUrl: string;
  /** Default true: cards that need 3-D Secure answer with a redirect. */
  enable3DS?: boolean;
}

export interface FawryInstallmentChargeInput extends FawryCardChargeInput {
  installmentPlanId: number;
}

export interface FawryReferenceInput extends FawryChargeInput {
  /** When the reference number stops being payable (default: the merchant's setting at Fawry). */
  expiresAt?: Date;
}

export interface FawryWalletInput extends FawryChargeInput {
  /**
   * The wallet's mobile number for a request-to-pay (R2P) push; without it Fawry answers with a
   * QR code to scan.
   */
  walletMobile?: string;
  expiresAt?: Date;
}

export interface FawryAmounts {
  /** What we asked for. */
  orderAmountPiasters: number;
  /** What the customer pays: the order plus Fawry's fees when the customer bears them. */
  paymentAmountPiasters: number;
  feesPiasters: number;
}

export type FawryCardChargeResult =
  | ({
      kind: 'paid';
      referenceNumber: string;
      merchantRefNumber: string;
      authNumber: string | undefined;
      paidAt: Date | undefined;
    } & FawryAmounts)
  | {
      /** Send the browser to redirectUrl; the result comes back to returnUrl and by notification. */
      kind: 'redirect';
      redirectUrl: string;
      merchantRefNumber: string;
      referenceNumber: string | undefined;
    };

export interface FawryReferenceResult extends FawryAmounts {
  /** What the customer tells the cashier at a Fawry outlet. */
  referenceNumber: string;
  merchantRefNumber: string;
  expiresAt: Date | undefined;
}

export interface FawryWalletResult extends FawryAmounts {
  referenceNumber: string;
  merchantRefNumber: string;
  /** `data:image/png;base64,…` to show for scanning; absent for request-to-pay. */
  walletQr: string | undefined;
  expiresAt: Date | undefined;
}

/** Our reading of Fawry's order statuses. */
export type FawryPaymentState =
  'unpaid' | 'paid' | 'canceled' | 'expired' | 'refunded' | 'partially-refunded' | 'failed';

export type FawryMethod = 'CARD' | 'PAYATFAWRY' | 'MWALLET' | 'VALU' | 'OTHER';

export interface FawryPayment extends FawryAmounts {
  /** Fawry's reference number of the order (fawryRefNumber). */
  referenceNumber: string;
  merchantRefNumber: string;
  state: FawryPaymentState;
  /** As Fawry wrote it (NEW, UNPAID, PAID, …). */
  orderStatus: string;
  method: FawryMethod;
  /** As Fawry wrote it (PAYATFAWRY, CARD, "Mobile Wallet", …). */
  paymentMethod: string;
  paidAt: Date | undefined;
  expiresAt: Date | undefined;
  /** Fawry's number of the payment itself (paymentRefrenceNumber), once paid. */
  paymentReferenceNumber: string | undefined;
  authNumber: string | undefined;
  customerProfileId: string | undefined;
  customerMobile: string | undefined;
  customerMail: string | undefined;
  customerName: string | undefined;
  failureCode: number | undefined;
  failureReason: string | undefined;
  installmentMonths: number | undefined;
}

export interface FawryNotification extends FawryPayment {
  /** Fawry's id of this notification; repeated deliveries of one event share it. */
  requestId: string | undefined;
}

export interface FawrySavedCard {
  token: string;
  lastFourDigits: string;
  firstSixDigits: string;
  brand: string;
  holderName: string | undefined;
  createdAt: Date | undefined;
  isDefault: boolean;
}

export interface FawryInstallmentPlan {
  id: number;
  months: number;
  nameAr: string;
  nameEn: string;
  /** Percent added to the order amount. */
  ratePercent: number;
  minPiasters: number;
  maxPiasters: number;
  bankNameAr: string | undefined;
  bankNameEn: string | undefined;
}

/** What the hosted card page puts on returnUrl after saving a card (not signed by Fawry). */
export interface FawryCardTokenReturn {
  token: string;
  lastFourDigits: string | undefined;
  firstSixDigits: string | undefined;
  holderName: string | undefined;
  createdAt: Date | undefined;
  isDefault: boolean;
}

/** The 3-D Secure return URL's query, signature verified. */
export interface FawryChargeReturn extends FawryAmounts {
  merchantRefNumber: string;
  referenceNumber: string | undefined;
  state: FawryPaymentState;
  orderStatus: string;
  statusCode: number | undefined;
  statusDescription: string | undefined;
  authNumber: string | undefined;
}

export type QueryInput = URLSearchParams | Record<string, unknown>;

export interface FawryClient {
  readonly baseUrl: string;
  payByCardToken(input: FawryCardChargeInput): Promise<FawryCardChargeResult>;
  payByReferenceNumber(input: FawryReferenceInput): Promise<FawryReferenceResult>;
  payByWallet(input: FawryWalletInput): Promise<FawryWalletResult>;
  payByInstallments(input: FawryInstallmentChargeInput): Promise<FawryCardChargeResult>;
  /** Get Payment Status V2 by our merchantRefNum. */
  paymentStatus(merchantRefNumber: string): Promise<FawryPayment>;
  /** Full or partial; `referenceNumber` is Fawry's reference of the paid order. */
  refund(input: {
    referenceNumber: string;
    amountPiasters: number;
    reason?: string;
  }): Promise<void>;
  /** `referenceNumber` is Fawry's reference of the unpaid order. */
  cancelUnpaidOrder(input: { referenceNumber: string; language?: FawryLanguage }): Promise<void>;
  listCardTokens(customerProfileId: string): Promise<FawrySavedCard[]>;
  /** The hosted card-tokenization page for the browser; it returns to returnUrl with the token. */
  cardTokenUrl(input: {
    customerProfileId: string;
    returnUrl: string;
    locale?: 'ar' | 'en';
  }): string;
  deleteCardToken(input: { customerProfileId: string; cardToken: string }): Promise<void>;
  installmentPlans(): Promise<FawryInstallmentPlan[]>;
  /**
   * A server notification V2 (the parsed JSON body, or its raw text), verified. Throws
   * FawryError `invalid-signature` when the signature does not match or the body is unreadable.
   */
  verifyNotification(body: unknown): FawryNotification;
  /** The card page's return query. Not signed: confirm with listCardTokens before trusting it. */
  readCardTokenReturn(query: QueryInput): FawryCardTokenReturn;
  /** The 3-D Secure return query, verified. Still confirm with paymentStatus before delivering. */
  verifyChargeReturn(query: QueryInput): FawryChargeReturn;
}
