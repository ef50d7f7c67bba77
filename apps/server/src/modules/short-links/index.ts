/**
 * Short links and campaigns (record 351): admins keep `/url/{name}` links, the marketing site
 * opens them (a click counted), sign-ups remember their campaign, and the report sums clicks,
 * sign-ups and payments per link and per source.
 */
export { shortLinkOpener, shortLinkRoutes } from './routes';
export { recordSignUpCampaign } from './service';
