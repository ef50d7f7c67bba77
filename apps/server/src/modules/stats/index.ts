/** Public figures: how many tutors are listed and lessons given, for the marketing home. */
export { statsRoutes } from './routes';
