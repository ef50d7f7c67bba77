/** Users: the /user routes (sign-up, profiles as each caller may see them, edits). */
export { userRoutes } from './routes';
