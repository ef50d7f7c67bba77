import type { NotificationMethod } from '@talaqa/domain';
import type { AccountNotice } from '../../integrations/email';

/** Finds the Telegram chat linked to a phone (E.164). */
export type TelegramChatLookup = (phone: string) => Promise<number | string | undefined>;

/**
 * How account codes reach people: e-mail, or the user's phone channel (WhatsApp or Telegram).
 * The server wires the real adapters (pointed at local simulators in development and tests).
 */
export interface AccountMessenger {
  emailCode(input: {
    to: string;
    name: string;
    code: string;
    kind: 'verify-email' | 'reset-password';
    validMinutes: number;
  }): Promise<void>;
  /** A security notice to the owner's address (an address change, the reset-code cap). */
  emailNotice(input: { to: string; name: string; notice: AccountNotice }): Promise<void>;
  /**
   * Throws AppError unresolved-phone / invalid-phone / service-unavailable as the channel says;
   * answers the provider's message id (WhatsApp's `wamid`, whose delivery the webhook reports).
   */
  phoneCode(input: {
    userId: number;
    method: Exclude<NotificationMethod, 'none'>;
    phone: string;
    code: string;
    /**
     * Telegram: the chat linked to this user for `phone` (from the database), undefined when there
     * is none; without a resolver, or without a chat, the answer is `unresolved-phone`.
     */
    telegramChat?: TelegramChatLookup;
  }): Promise<{ messageId: string }>;
}
