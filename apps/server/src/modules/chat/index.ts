/**
 * Chat: rooms, messages, read state and presence, over HTTP and the realtime channel (issue 18).
 */
export { chatRealtimeOf, chatRoutes } from './routes';
export { chatNoticeText, disabledChatNoticeMessenger } from './notices-messenger';
export type { ChatNotice, ChatNoticeMessenger } from './notices-messenger';
export { pairKeyOf } from './repo';
export { lessonRoom } from './service';
