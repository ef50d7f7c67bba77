export { createPaymobClient, intentionRequestBody, toPaymobTransaction } from './client';
export type { PaymobClientOptions, PaymobLogger } from './client';
export { isPaymobError, PAYMOB_ERROR_KINDS, PaymobError } from './errors';
export type { PaymobErrorKind } from './errors';
export type {
  CreateIntentionInput,
  PaymobClient,
  PaymobCustomer,
  PaymobIntention,
  PaymobLineItem,
  PaymobRedirection,
  PaymobTransaction,
  PaymobTransactionKind,
  RefundInput,
} from './interface';
export {
  flattenQuery,
  hmacEquals,
  PAYMOB_TRANSACTION_HMAC_FIELDS,
  paymobHmac,
  redirectionHmac,
  redirectionHmacMessage,
  transactionCallbackHmac,
  transactionHmacMessage,
  verifyRedirectionHmac,
  verifyTransactionCallbackHmac,
} from './hmac';
export type { QueryInput } from './hmac';
export {
  PAYMOB_SIMULATOR_INTEGRATION_ID,
  PAYMOB_TEST_CARDS,
  PaymobSimulatorError,
  startPaymobSimulator,
} from './simulator';
export type {
  CallbackAttempt,
  CallbackDelivery,
  PaymobCallbackBody,
  PaymobSimulator,
  PaymobSimulatorOptions,
  SimulatedIntention,
  SimulatedPayment,
  SimulatedRefundFault,
  TestCard,
  TestCardName,
} from './simulator';
export {
  intentionRequestSchema,
  intentionResponseSchema,
  PAYMOB_CHECKOUT_PATH,
  PAYMOB_DEFAULT_API_URL,
  PAYMOB_INTENTION_PATH,
  PAYMOB_REFUND_PATH,
  PAYMOB_TRANSACTIONS_PATH,
  transactionObjSchema,
  unifiedCheckoutUrl,
} from './wire';
export type { IntentionRequest, TransactionObj } from './wire';
export {
  fitToLimit,
  normaliseSpaces,
  PAYMOB_FIELD_LIMITS,
  PAYMOB_PLACEHOLDER,
  paymobFieldLimitErrors,
  paymobLength,
  paymobNames,
} from './fields';
export type { PaymobLimitedField } from './fields';
