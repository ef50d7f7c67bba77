export {
  createPaymobClient,
  intentionRequestBody,
  isPaymobError,
  PAYMOB_ERROR_KINDS,
  PaymobError,
  toPaymobTransaction,
} from './client';
export type {
  CreateIntentionInput,
  PaymobClient,
  PaymobClientOptions,
  PaymobCustomer,
  PaymobErrorKind,
  PaymobIntention,
  PaymobLineItem,
  PaymobLogger,
  PaymobRedirection,
  PaymobTransaction,
  PaymobTransactionKind,
  RefundInput,
} from './client';
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
