export { Outbox, OutboxTimeoutError, OUTBOX_CHANNELS, normalizeRecipient } from './outbox';
export type {
  NewOutboxMessage,
  OutboxAttachment,
  OutboxChannel,
  OutboxFilter,
  OutboxListener,
  OutboxMessage,
} from './outbox';
export { renderOutboxPage, startOutboxViewer } from './viewer';
export type { OutboxViewerOptions } from './viewer';
export type { LocalServer, LocalServerOptions } from './local-server';
