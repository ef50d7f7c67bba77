/**
 * Every endpoint of the API, by feature (issue 17). The server refuses to start with a route that
 * serves no contract here, and the permission, fuzz and reference tests walk this list.
 */
import type { EndpointDefinition } from './contract/endpoint';
import { couponEndpoints } from './coupons/contract';
import { healthEndpoints } from './health/contract';
import { fawryEndpoints, paymobEndpoints } from './payments/contract';
import { planEndpoints, planInviteEndpoints } from './plans/contract';
import { subscriptionEndpoints } from './subscriptions/contract';
import { transactionEndpoints } from './transactions/contract';

export const API = {
  health: healthEndpoints,
  plans: planEndpoints,
  planInvites: planInviteEndpoints,
  coupons: couponEndpoints,
  subscriptions: subscriptionEndpoints,
  fawry: fawryEndpoints,
  paymob: paymobEndpoints,
  transactions: transactionEndpoints,
} as const;

export const ENDPOINTS: readonly EndpointDefinition[] = Object.values(API).flatMap(
  (group): EndpointDefinition[] => Object.values(group),
);
