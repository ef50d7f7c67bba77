/** Availability: a tutor's weekly schedule, read for a week and replaced as a whole. */
export { availabilityRoutes } from './routes';
export { replaceTemplate } from './repo';
