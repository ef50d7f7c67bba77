export { startFawrySimulator } from './start';
export { FAWRY_TEST_CARDS, FAWRY_TEST_INSTALLMENT_PLANS, SIMULATOR_PATHS } from './test-data';
export { FawrySimulatorError } from './types';
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
} from './types';
