import type { FastifyBaseLogger } from 'fastify';
import type { Providers } from './app';
import type { Config } from './config';
import { AppError } from './errors';
import {
  accountNoticeEmail,
  chatNoticeEmail,
  lessonNoticeEmail,
  lessonReminderEmail,
  passwordResetCodeEmail,
  paymentNoticeEmail,
  verificationCodeEmail,
} from './integrations/email';
import { createGoogleIdTokenVerifier, startGoogleSimulator } from './integrations/google';
import type { GoogleSimulator } from './integrations/google';
import { isMessagingError } from './integrations/messaging';
import { createMessaging } from './integrations/messaging-factory';
import type { Messaging } from './integrations/messaging-factory';
import type { Outbox } from './integrations/outbox';
import { checkGraphApiVersion, versionWarning } from './integrations/whatsapp';
import type { AccountMessenger } from './modules/codes';
import { chatNoticeText } from './modules/chat';
import type { ChatNoticeMessenger } from './modules/chat';
import {
  isMeetingNotice,
  lessonNoticeText,
  lessonReminderText,
  noticeLinkLabel,
} from './modules/lessons';
import type { LessonNoticeMessenger, LessonReminderMessenger } from './modules/lessons';
import { paymentNoticeText, startPaymentGateways } from './modules/payments';
import type { GatewayOptions, PaymentGateways, PaymentNoticeMessenger } from './modules/payments';
import { disabledTelegramChannel } from './modules/telegram';
import type { TelegramChannel } from './modules/telegram';
import { disabledWhatsAppChannel } from './modules/whatsapp';
import type { WhatsAppChannel } from './modules/whatsapp';

/** The outside services of one server process, started (simulators included) and ready. */
export interface RunningProviders {
  providers: Providers;
  /** What the local simulators received; only when they run. */
  outbox: Outbox | undefined;
  /** Where a developer looks: the outbox viewer, the Google, Fawry and Paymob simulators. */
  urls: Partial<Record<'outbox' | 'google' | 'fawry' | 'paymob', string>>;
  /** The payment gateways (the simulators among them when they run). */
  payments: PaymentGateways;
  /** The authorization endpoint the web app redirects to for Google sign-in. */
  googleAuthUrl: string;
  close(): Promise<void>;
}

/** A channel's refusal, in the catalogue's words. */
function asAppError(error: unknown): unknown {
  if (!isMessagingError(error)) return error;
  if (error.kind === 'unavailable') {
    return new AppError('service-unavailable', 'The messaging provider failed', { cause: error });
  }
  return new AppError(error.kind, error.message, { cause: error });
}

function accountMessenger(messaging: Messaging): AccountMessenger {
  return {
    async emailCode({ to, name, code, kind, validMinutes }) {
      const input = { code, validityMinutes: validMinutes, name };
      const content =
        kind === 'verify-email' ? verificationCodeEmail(input) : passwordResetCodeEmail(input);
      await messaging.email.send({ to, ...content }).catch((error: unknown) => {
        throw asAppError(error);
      });
    },
    async emailNotice({ to, name, notice }) {
      await messaging.email
        .send({ to, ...accountNoticeEmail({ name, notice }) })
        .catch((error: unknown) => {
          throw asAppError(error);
        });
    },
    async phoneCode({ method, phone, code, telegramChat }) {
      // Telegram reaches only chats that started the bot: the chat the user linked to this phone
      // (modules/telegram); without one, the spec's answer for an unreachable number.
      const messenger =
        method === 'telegram'
          ? messaging.telegram.messenger(telegramChat ?? (() => Promise.resolve(undefined)))
          : messaging.whatsapp;
      return messenger.sendCode(phone, code, 'verify-phone').catch((error: unknown) => {
        throw asAppError(error);
      });
    },
  };
}

/** Lesson reminders: e-mail, the WhatsApp reminder template, or the linked Telegram chat. */
function lessonReminderMessenger(messaging: Messaging): LessonReminderMessenger {
  return {
    channels: messaging.channels,
    async email(to, message) {
      await messaging.email.send({ to, ...lessonReminderEmail(message) });
    },
    whatsapp: (phone, message) => messaging.whatsapp.sendLessonReminder(phone, message),
    async telegram(chatId, message) {
      await messaging.telegram.sender.sendMessage(chatId, lessonReminderText(message));
    },
  };
}

/**
 * No-show and minutes-back notices, and booking, move and cancel confirmations (with their
 * calendar invitation): e-mail, the WhatsApp `lesson_notice` template, or Telegram.
 */
function lessonNoticeMessenger(messaging: Messaging): LessonNoticeMessenger {
  return {
    channels: messaging.channels,
    async email(to, notice) {
      await messaging.email.send({
        to,
        ...lessonNoticeEmail({ ...notice, linkLabel: noticeLinkLabel(notice) }),
        ...(notice.calendar ? { attachments: [notice.calendar] } : {}),
      });
    },
    // The approved `lesson_notice` speaks of "your lesson"; meetings have their own template.
    whatsapp: (phone, notice) =>
      isMeetingNotice(notice)
        ? messaging.whatsapp.sendMeetingNotice(phone, { text: notice.text, url: notice.lessonUrl })
        : messaging.whatsapp.sendLessonNotice(phone, notice),
    async telegram(chatId, notice) {
      await messaging.telegram.sender.sendMessage(chatId, lessonNoticeText(notice));
    },
  };
}

/** Payment receipts and refund notices: e-mail, the WhatsApp `payment_notice` template, or Telegram. */
function paymentNoticeMessenger(messaging: Messaging): PaymentNoticeMessenger {
  return {
    channels: messaging.channels,
    async email(to, notice) {
      await messaging.email.send({ to, ...paymentNoticeEmail(notice) });
    },
    whatsapp: (phone, notice) =>
      messaging.whatsapp.sendPaymentNotice(phone, { text: notice.text, url: notice.paymentsUrl }),
    async telegram(chatId, notice) {
      await messaging.telegram.sender.sendMessage(chatId, paymentNoticeText(notice));
    },
  };
}

/** Offline chat notifications: e-mail, the WhatsApp `chat_unread` template, or Telegram. */
function chatNoticeMessenger(messaging: Messaging): ChatNoticeMessenger {
  return {
    channels: messaging.channels,
    async email(to, notice) {
      await messaging.email.send({ to, ...chatNoticeEmail(notice) });
    },
    whatsapp: (phone, notice) => messaging.whatsapp.sendChatNotice(phone, notice),
    async telegram(chatId, notice) {
      await messaging.telegram.sender.sendMessage(chatId, chatNoticeText(notice));
    },
  };
}

/** The WhatsApp status webhook's checks, and the simulator that posts to it. */
function whatsappChannel(messaging: Messaging): WhatsAppChannel {
  if (!messaging.channels.whatsapp) return disabledWhatsAppChannel;
  return {
    enabled: true,
    simulator: messaging.simulators?.whatsapp,
    handshake: (query) => messaging.whatsappWebhook.handshake(query),
    verifySignature: (header, raw) => messaging.whatsappWebhook.verifySignature(header, raw),
  };
}

/**
 * Logs a warning at start when the configured Graph API version ends within 90 days, or has
 * ended, or is not in the table (integrations/whatsapp/versions.ts).
 */
export function warnAboutGraphApiVersion(
  config: Config,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): void {
  if (!config.whatsapp) return;
  const warning = versionWarning(checkGraphApiVersion(config.whatsapp.apiVersion, now));
  if (warning) log.warn({ integration: 'whatsapp' }, warning);
}

/** The bot as the Telegram feature sees it (deep links, webhook, replies). */
function telegramChannel(messaging: Messaging): TelegramChannel {
  const telegram = messaging.telegram;
  if (!messaging.channels.telegram) return disabledTelegramChannel;
  return {
    enabled: true,
    simulator: messaging.simulators?.telegram,
    startLink: (token) => telegram.startLink(token),
    verifyWebhook: (header) => telegram.verifyWebhook(header),
    reply: async (chatId, { text, replyMarkup }) => {
      await telegram.sender.sendMessage(chatId, text, replyMarkup);
    },
    setWebhook: (url) => telegram.sender.setWebhook(url, telegram.webhookSecret),
  };
}

/**
 * Builds the providers from the configuration. With simulators on (local development, tests) the
 * real adapters talk to local simulators on loopback, so every flow runs the real protocol.
 * `ports` overrides the simulator ports (tests pass 0 for free ports).
 */
export async function startProviders(
  config: Config,
  log: FastifyBaseLogger,
  ports: Partial<Config['simulators']['ports']> = {},
  tuning: Pick<GatewayOptions, 'retryDelaysMs' | 'timeoutMs'> = {},
): Promise<RunningProviders> {
  const sim = config.simulators;
  const simPorts = { ...sim.ports, ...ports };
  warnAboutGraphApiVersion(config, log);
  const messaging = await createMessaging({
    smtpUrl: config.email.smtpUrl,
    smtpAllowPlaintext: config.email.allowPlaintext,
    emailFrom: config.email.from,
    whatsapp: config.whatsapp,
    telegram: config.telegram,
    simulators: sim.enabled ? { host: sim.host, ports: simPorts } : undefined,
    logger: log.child({ integration: 'messaging' }),
  });
  let google: GoogleSimulator | undefined;
  let payments: PaymentGateways;
  try {
    if (sim.enabled) {
      google = await startGoogleSimulator({
        port: simPorts.google,
        host: sim.host,
        clientIds: [config.google.clientId],
        logger: log.child({ integration: 'google' }),
      });
    }
    payments = await startPaymentGateways(config, log, {
      ports: { fawry: simPorts.fawry, paymob: simPorts.paymob },
      ...tuning,
    });
  } catch (error) {
    await google?.close();
    await messaging.close();
    throw error;
  }
  const verifier = createGoogleIdTokenVerifier({
    jwksUrl: google?.jwksUrl ?? config.google.jwksUrl,
    clientId: config.google.clientId,
  });
  let closing: Promise<void> | undefined;
  return {
    providers: {
      messenger: accountMessenger(messaging),
      lessonReminders: lessonReminderMessenger(messaging),
      lessonNotices: lessonNoticeMessenger(messaging),
      chatNotices: chatNoticeMessenger(messaging),
      paymentNotices: paymentNoticeMessenger(messaging),
      google: verifier,
      telegram: telegramChannel(messaging),
      whatsapp: whatsappChannel(messaging),
      payments,
    },
    outbox: messaging.outbox,
    urls: {
      outbox: messaging.urls.outbox,
      google: google?.url,
      fawry: payments.simulators ? `${payments.simulators.fawry.url}/simulator` : undefined,
      paymob: payments.simulators
        ? `${payments.simulators.paymob.url}/simulator/intentions`
        : undefined,
    },
    payments,
    googleAuthUrl: google?.authUrl ?? config.google.authUrl,
    close: () =>
      (closing ??= (async () => {
        await payments.close();
        await google?.close();
        await messaging.close();
      })()),
  };
}
