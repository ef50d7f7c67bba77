export { createFawryClient, methodOf, stateOfOrderStatus, toFawryMobile } from './client';
export type { FawryClientOptions } from './client';
export type {
  FawryAmounts,
  FawryCardChargeInput,
  FawryCardChargeResult,
  FawryCardTokenReturn,
  FawryChargeInput,
  FawryChargeReturn,
  FawryClient,
  FawryCustomer,
  FawryInstallmentChargeInput,
  FawryInstallmentPlan,
  FawryItem,
  FawryMethod,
  FawryNotification,
  FawryPayment,
  FawryPaymentState,
  FawryReferenceInput,
  FawryReferenceResult,
  FawrySavedCard,
  FawryWalletInput,
  FawryWalletResult,
  QueryInput,
} from './interface';
export {
  FAWRY_ERROR_KINDS,
  FawryError,
  FawryUnknownStatusError,
  isFawryError,
  kindOfFawryCode,
} from './errors';
export type { FawryErrorKind } from './errors';
export {
  FAWRY_PATHS,
  FAWRY_PAYMENT_METHODS,
  FAWRY_PRODUCTION_URL,
  FAWRY_STAGING_URL,
  FAWRY_STATUS,
} from './protocol';
export type { FawryLanguage, FawryNotificationBody, FawryPaymentMethod } from './protocol';
export * as fawrySignatures from './signatures';
export {
  FAWRY_TEST_CARDS,
  FAWRY_TEST_INSTALLMENT_PLANS,
  FawrySimulatorError,
  SIMULATOR_PATHS as FAWRY_SIMULATOR_PATHS,
  startFawrySimulator,
} from './simulator';
export type {
  FawrySimulator,
  FawrySimulatorOptions,
  NotificationDelivery,
  RecordedRequest,
  SendNotificationOptions,
  SimulatedCard,
  SimulatedOrder,
  SimulatedOrderStatus,
  SimulatedRefundFault,
} from './simulator';
