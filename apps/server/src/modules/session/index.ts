/**
 * The lesson room (issue 19): ICE servers with TURN credentials, the room's view, and the
 * signaling relay between a lesson's two members over the realtime channel.
 */
export { sessionRoutes } from './routes';
export { turnCredential } from './turn';
