import type { PaidPlanPeriod } from '@talaqa/domain';
import type { TransactionRow } from '../../../db/schema';
import type { FawryCustomer } from '../../../integrations/fawry';

export interface PurchaseInput {
  planId: number;
  period: PaidPlanPeriod;
  couponCode?: string | undefined;
  idempotencyKey: string;
}

/** How the student chose to pay. */
export type PaymentChoice =
  | {
      kind: 'card';
      cardToken: string;
      cvv: string;
      /** The web app's page the browser comes back to after 3-D Secure. */
      returnUrl: string;
      /** Bank installments; absent to pay at once. */
      installments?: number;
    }
  | { kind: 'reference' }
  | { kind: 'wallet'; walletPhone: string }
  | { kind: 'paymob' };

export interface CheckoutOrigins {
  /** The API as the browser reaches it (3-D Secure comes back here). */
  browserApi: string;
  /** The API as the gateways' servers reach it (notifications); undefined: configured there. */
  callbacks: string | undefined;
  /** The web app of this browser (Paymob sends the browser back there). */
  web: string;
}

/** An order as the providers are told about it. */
export interface ChargeOrder {
  row: TransactionRow;
  /** Fawry's profile id is added by the Fawry checkout alone (fawry-profile.ts). */
  customer: Omit<FawryCustomer, 'profileId'> & { name: string };
  description: string;
  origins: CheckoutOrigins;
}
