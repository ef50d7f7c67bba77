/**
 * Payments: buying a plan through Fawry or Paymob (checkout, the providers' callbacks, status
 * sync, unpaid order expiry) and refunds. What it tells others goes through subscriptions.
 */
export { fawryRoutes, paymobRoutes } from './routes';
export { startPaymentGateways } from './gateways';
export type { GatewayOptions, PaymentGateways } from './gateways';
export { paymentNoticeJobs } from './notices';
export { disabledPaymentNoticeMessenger, paymentNoticeText } from './notices-messenger';
export type { PaymentNotice, PaymentNoticeMessenger } from './notices-messenger';
