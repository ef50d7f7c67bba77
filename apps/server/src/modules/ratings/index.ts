/** Ratings: students' stars and reviews of tutors. */
export { ratingRoutes } from './routes';
