/** Contact requests: messages sent from the marketing site's `/contact`, read by admins. */
export {
  contactRoutes,
  CONTACT_REQUESTS_PER_ACCOUNT,
  CONTACT_REQUESTS_PER_ADDRESS,
} from './routes';
