/** Health: is this instance and what it depends on (database, Redis) answering. */
export { healthRoutes } from './routes';
