/** The real FawryPay adapter: `createFawryClient` implements `FawryClient` over Fawry's HTTP APIs. */
import type { FawryClient } from '../interface';
import {
  cardTokenUrl,
  deleteCardToken,
  installmentPlans,
  listCardTokens,
  readCardTokenReturn,
} from './cards';
import { chargeCard, chargeReferenceNumber, chargeWallet } from './charges';
import { createContext } from './context';
import type { FawryClientOptions } from './context';
import { cancelUnpaidOrder, paymentStatus, refund } from './orders';
import { verifyChargeReturn, verifyNotification } from './verify';

export type { FawryClientOptions } from './context';
export { methodOf, stateOfOrderStatus } from './read';
export { toFawryMobile } from './wire';

export function createFawryClient(options: FawryClientOptions): FawryClient {
  const ctx = createContext(options);
  return {
    baseUrl: ctx.baseUrl,
    payByCardToken: (input) => chargeCard(ctx, 'charge-card', input, undefined),
    payByInstallments: (input) =>
      chargeCard(ctx, 'charge-installments', input, input.installmentPlanId),
    payByReferenceNumber: (input) => chargeReferenceNumber(ctx, input),
    payByWallet: (input) => chargeWallet(ctx, input),
    paymentStatus: (merchantRefNumber) => paymentStatus(ctx, merchantRefNumber),
    refund: (input) => refund(ctx, input),
    cancelUnpaidOrder: (input) => cancelUnpaidOrder(ctx, input),
    listCardTokens: (customerProfileId) => listCardTokens(ctx, customerProfileId),
    cardTokenUrl: (input) => cardTokenUrl(ctx, input),
    deleteCardToken: (input) => deleteCardToken(ctx, input),
    installmentPlans: () => installmentPlans(ctx),
    verifyNotification: (body) => verifyNotification(ctx, body),
    readCardTokenReturn,
    verifyChargeReturn: (query) => verifyChargeReturn(ctx, query),
  };
}
