/** Invites: admins invite someone by e-mail to sign up with a role (record 343). */
export { inviteRoutes } from './routes';
