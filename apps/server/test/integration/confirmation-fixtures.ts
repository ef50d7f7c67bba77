import type { OutboxMessage } from '../../src/integrations/outbox';

/**
 * Every booking, move, cancel and payment now sends its confirmation (decision 302), whose
 * sentence opens with «تأكيد:». Tests of other messages (reminders, notices) count theirs
 * without them; the confirmations have their own tests.
 */
export const isConfirmation = (message: OutboxMessage): boolean => message.text.includes('تأكيد: ');

export const withoutConfirmations = (messages: OutboxMessage[]): OutboxMessage[] =>
  messages.filter((message) => !isConfirmation(message));
