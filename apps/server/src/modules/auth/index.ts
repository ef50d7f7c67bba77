/**
 * Auth: signing in (password, Google), sessions and their tokens, password change and reset.
 * The access check on every route is the kernel's (src/http/access.ts).
 */
export { authRoutes } from './routes';
export { issueAccessToken, sessionVersionOf } from './sessions';
