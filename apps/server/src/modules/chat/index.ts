/**
 * Chat: rooms, messages, read state and presence, over HTTP and the realtime channel (issue 18).
 */
export { chatRealtimeOf, chatRoutes } from './routes';
export { pairKeyOf } from './repo';
