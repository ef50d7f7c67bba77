/**
 * Reaching a person through their notification method (spec section 3: WhatsApp, Telegram or
 * none), with e-mail as the fallback. Lesson reminders and chat notifications both send this way;
 * what each sends, and the bookkeeping around a send (the WhatsApp message's record, the Telegram
 * chat linked to the phone), are the caller's, handed in as the channel functions below, so the
 * kernel knows no module.
 */
import type { NotificationMethod } from '@talaqa/domain';
import { isMessagingError, MessagingError } from '../integrations/messaging';
import type { JobLog } from '../jobs';

/** What choosing a channel needs to know about the recipient. */
export interface MethodRecipient {
  id: number;
  email: string;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  notificationMethod: NotificationMethod;
}

export type NoticeChannel = 'email' | 'whatsapp' | 'telegram';

/**
 * The sends of one notice. Each rejects with MessagingError: `unresolved-phone` / `invalid-phone`
 * when the person cannot be reached there (the next channel is tried), `unavailable` when the
 * provider failed (thrown on, so the job retries).
 */
export interface MethodChannels {
  /** Which phone channels are configured at all. */
  configured: { whatsapp: boolean; telegram: boolean };
  whatsapp(phone: string): Promise<void>;
  /** The Telegram chat the person linked for this phone, if any. */
  telegramChatOf(phone: string): Promise<number | undefined>;
  telegram(chatId: number): Promise<void>;
  email(address: string): Promise<void>;
}

/** True when sent, false when this person cannot be reached there; provider failures throw. */
async function tryPhoneChannel(
  send: () => Promise<unknown>,
  log: JobLog,
  context: Record<string, unknown>,
  what: string,
): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if (isMessagingError(error) && error.kind !== 'unavailable') {
      log.warn({ ...context, kind: error.kind }, `${what}: phone unreachable, not sent there`);
      return false;
    }
    throw error;
  }
}

/**
 * Delivers through the recipient's phone method only: WhatsApp or Telegram when their phone is
 * verified (Telegram also needs the chat they linked for that phone). Answers the channel used,
 * or undefined when their method is not a phone channel or the phone cannot be reached there;
 * provider failures throw. Confirmations send this beside an e-mail that always goes
 * (docs/decisions/302-confirmation-messages.md), so nothing here falls back to e-mail.
 */
export async function notifyByPhone(
  recipient: MethodRecipient,
  channels: Omit<MethodChannels, 'email'>,
  log: JobLog,
  what: string,
): Promise<'whatsapp' | 'telegram' | undefined> {
  const phone = recipient.phoneVerified ? recipient.phone : null;
  const context = { userId: recipient.id, method: recipient.notificationMethod };
  if (phone && recipient.notificationMethod === 'whatsapp' && channels.configured.whatsapp) {
    if (await tryPhoneChannel(() => channels.whatsapp(phone), log, context, what)) {
      return 'whatsapp';
    }
  }
  if (phone && recipient.notificationMethod === 'telegram' && channels.configured.telegram) {
    const chatId = await channels.telegramChatOf(phone);
    if (
      chatId !== undefined &&
      (await tryPhoneChannel(() => channels.telegram(chatId), log, context, what))
    ) {
      return 'telegram';
    }
  }
  return undefined;
}

/**
 * Delivers through the recipient's method: WhatsApp or Telegram when their phone is verified
 * (Telegram also needs the chat they linked for that phone), else e-mail; `none` is e-mail.
 * E-mail goes only to a verified address. Answers the channel used, or undefined when none could.
 * `what` names the notice in the logs.
 */
export async function notifyByMethod(
  recipient: MethodRecipient,
  channels: MethodChannels,
  log: JobLog,
  what: string,
): Promise<NoticeChannel | undefined> {
  const byPhone = await notifyByPhone(recipient, channels, log, what);
  if (byPhone) return byPhone;
  const context = { userId: recipient.id, method: recipient.notificationMethod };
  if (!recipient.emailVerified) {
    log.warn(context, `${what} not sent: no verified e-mail nor reachable phone`);
    return undefined;
  }
  await channels.email(recipient.email);
  return 'email';
}

/**
 * How one kind of notice (`N`, as its recipient reads it: ready-made Arabic) reaches people: by
 * e-mail, a WhatsApp template, or the Telegram chat they linked. Each send rejects with
 * MessagingError as `MethodChannels` says. The server wires the real adapters (simulated
 * locally).
 */
export interface NoticeMessenger<N> {
  /** Which phone channels are configured at all. */
  channels: { whatsapp: boolean; telegram: boolean };
  email(to: string, notice: N): Promise<void>;
  /** Answers the message id: WhatsApp reports later, by webhook, whether it arrived. */
  whatsapp(phoneE164: string, notice: N): Promise<{ messageId: string }>;
  telegram(chatId: number, notice: N): Promise<void>;
}

/** Stands in when the server was built without channels: every send fails (retried). */
export function disabledMessenger<N>(what: string): NoticeMessenger<N> {
  const off = (): Promise<never> =>
    Promise.reject(new MessagingError('unavailable', `${what} are not configured`));
  return {
    channels: { whatsapp: false, telegram: false },
    email: off,
    whatsapp: off,
    telegram: off,
  };
}
