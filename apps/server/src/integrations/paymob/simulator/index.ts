export { startPaymobSimulator } from './start';
export { PAYMOB_SIMULATOR_INTEGRATION_ID, PAYMOB_TEST_CARDS } from './test-data';
export type { TestCard, TestCardName } from './test-data';
export { PaymobSimulatorError } from './types';
export type {
  CallbackAttempt,
  CallbackDelivery,
  IntentionStatus,
  PaymobCallbackBody,
  PaymobSimulator,
  PaymobSimulatorOptions,
  SimulatedIntention,
  SimulatedPayment,
  SimulatedRefundFault,
} from './types';
