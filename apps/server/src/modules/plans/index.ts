/** Plans: the catalogue of subscription plans and the invitations to private ones. */
export { planInviteRoutes, planRoutes } from './routes';
export { findPlanForPurchase, listPlans } from './service';
export { findPlanRow, toPlan } from './repo';
