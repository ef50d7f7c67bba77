/**
 * Platform settings (issue 23 item 3): the admin's settings with their history, read afresh by
 * the operations that depend on them (withdrawal bounds, the tutor rate), and the support-group
 * onboarding step; the default notice period a new tutor profile starts with.
 */
export { defaultNoticePeriodSql } from './repo';
export { platformSettingsRoutes } from './routes';
export { supportGroupStep, tutorRateNow, withdrawalLimitsNow } from './service';
