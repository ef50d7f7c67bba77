import { escapeHtml } from '../email/html';
import {
  arabicMinutes,
  DEFAULT_CODE_VALIDITY_MINUTES,
  MessagingError,
  normalizePhone,
} from '../messaging';
import type { CodePurpose, PhoneMessenger } from '../messaging';
import type { TelegramBotSender, TelegramReplyMarkup } from './bot-api';

/** Finds the private chat linked to a phone number (stored when the user shared the contact). */
export type TelegramChatResolver = (phoneE164: string) => Promise<number | string | undefined>;

export interface TelegramPhoneMessengerOptions {
  bot: TelegramBotSender;
  resolveChatId: TelegramChatResolver;
  codeValidityMinutes?: number;
}

export interface BotReply {
  text: string;
  replyMarkup?: TelegramReplyMarkup;
}

const PURPOSE_LINES: Record<CodePurpose, string> = {
  'verify-phone': 'رمز التحقق من رقم هاتفك في طلاقة:',
  'reset-password': 'رمز إعادة تعيين كلمة المرور في طلاقة:',
};

/** The code message, HTML parse mode: `<code>` makes the code copyable with one tap. */
export function telegramCodeMessage(
  code: string,
  purpose: CodePurpose,
  validityMinutes: number,
): string {
  return [
    `${PURPOSE_LINES[purpose]} <code>${escapeHtml(code)}</code>`,
    `الرمز صالح لمدة ${arabicMinutes(validityMinutes)}. لا تشاركه مع أي شخص.`,
    'إن لم تطلب هذا الرمز فتجاهل الرسالة.',
  ].join('\n');
}

/** The bot's answers while linking a chat to an account (sent by the webhook handler). */
export const telegramLinkReplies = {
  /** After `/start <token>`: ask for the phone number with the contact button. */
  askForContact: (): BotReply => ({
    text: 'أهلًا بك في طلاقة! لتصلك رموز التحقق هنا، اضغط زر «مشاركة رقم هاتفي» بالأسفل.',
    replyMarkup: {
      keyboard: [[{ text: 'مشاركة رقم هاتفي', request_contact: true }]],
      resize_keyboard: true,
      one_time_keyboard: true,
    },
  }),
  linked: (): BotReply => ({
    text: 'تم ربط رقمك بحسابك في طلاقة. ستصلك رموز التحقق في هذه المحادثة.',
    replyMarkup: { remove_keyboard: true },
  }),
  notOwnContact: (): BotReply => ({
    text: 'من فضلك شارك رقمك أنت بالضغط على زر «مشاركة رقم هاتفي».',
  }),
  phoneMismatch: (): BotReply => ({
    text: 'هذا الرقم لا يطابق رقم الهاتف المسجّل في حسابك. عدّل رقمك في الإعدادات ثم حاول مجددًا.',
    replyMarkup: { remove_keyboard: true },
  }),
  /** `/start` without a payload, or with an unknown or expired one. */
  unknownLink: (): BotReply => ({
    text: 'افتح هذا البوت من زر «التحقق عبر تيليجرام» في إعدادات حسابك في طلاقة، فالرابط الحالي غير صالح أو انتهت صلاحيته.',
    replyMarkup: { remove_keyboard: true },
  }),
};

/** Sends a code to a linked chat (when the caller already holds the chat id). */
export async function sendTelegramCode(
  bot: TelegramBotSender,
  chatId: number | string,
  code: string,
  purpose: CodePurpose,
  validityMinutes: number = DEFAULT_CODE_VALIDITY_MINUTES,
): Promise<{ messageId: string }> {
  const { messageId } = await bot.sendMessage(
    chatId,
    telegramCodeMessage(code, purpose, validityMinutes),
    undefined,
    { parseMode: 'HTML', protectContent: true },
  );
  return { messageId: String(messageId) };
}

/**
 * PhoneMessenger over Telegram. The bot can only write to a chat the user started, so the phone
 * must have been linked first; an unlinked, blocked or deleted chat is `unresolved-phone`.
 */
export function createTelegramPhoneMessenger(
  options: TelegramPhoneMessengerOptions,
): PhoneMessenger {
  const validity = options.codeValidityMinutes ?? DEFAULT_CODE_VALIDITY_MINUTES;
  return {
    async sendCode(phoneE164, code, purpose) {
      const phone = normalizePhone(phoneE164);
      if (!phone) throw new MessagingError('invalid-phone', 'Not an international phone number');
      const chatId = await options.resolveChatId(phone);
      if (chatId === undefined) {
        throw new MessagingError('unresolved-phone', 'No Telegram chat is linked to this number');
      }
      return sendTelegramCode(options.bot, chatId, code, purpose, validity);
    },
  };
}
