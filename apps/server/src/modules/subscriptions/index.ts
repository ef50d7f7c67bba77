/**
 * Subscriptions: a student's plan periods and their weekly minutes (the free trial, consuming and
 * giving back minutes for lessons, the weekly renewal), created by payments, shown by its routes.
 */
export { subscriptionRoutes } from './routes';
export { subscriptionJobs } from './jobs';
export {
  activatePaidTransaction,
  consumeMinutes,
  grantFreeTrial,
  hasLiveSubscription,
  refundApplied,
  returnMinutes,
} from './service';
export { findLiveRow, quotaFields } from './repo';
