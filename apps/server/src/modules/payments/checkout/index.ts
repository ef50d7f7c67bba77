/**
 * Checkout: starting to pay for a plan period, one flow per file (start, replay of the same key,
 * charge and recovery, Fawry, Paymob, the answers), as CONVENTIONS.md item 9 asks.
 */
export { startPayment } from './start';
export type { PaymentChoice, PurchaseInput } from './types';
