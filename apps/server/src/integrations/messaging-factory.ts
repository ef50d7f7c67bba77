import type { FastifyBaseLogger } from 'fastify';
import { createSmtpEmailSender, startSmtpSimulator } from './email';
import type { EmailSender, SmtpSimulator } from './email';
import { DEFAULT_CODE_VALIDITY_MINUTES, MessagingError } from './messaging';
import type { CodePurpose, PhoneMessenger } from './messaging';
import { Outbox, startOutboxViewer } from './outbox';
import type { LocalServer } from './outbox';
import {
  createTelegramBotSender,
  createTelegramPhoneMessenger,
  sendTelegramCode,
  startTelegramSimulator,
  telegramStartLink,
  verifyWebhookSecret,
} from './telegram';
import type { TelegramBotSender, TelegramChatResolver, TelegramSimulator } from './telegram';
import {
  createWhatsAppCloudSender,
  handshakeChallenge,
  startWhatsAppSimulator,
  verifyWebhookSignature,
} from './whatsapp';
import type {
  WhatsAppChatNoticeSender,
  WhatsAppLessonNoticeSender,
  WhatsAppPaymentNoticeSender,
  WhatsAppMeetingNoticeSender,
  WhatsAppReminderSender,
  WhatsAppSimulator,
} from './whatsapp';

export interface WhatsAppSettings {
  apiUrl?: string | undefined;
  apiVersion?: string | undefined;
  phoneNumberId: string;
  accessToken: string;
  templateName: string;
  languageCode?: string | undefined;
  /** The approved lesson reminder template; `lesson_reminder` when unset. */
  reminderTemplateName?: string | undefined;
  /** The Meta app's secret: the status webhook's X-Hub-Signature-256 key. */
  appSecret: string;
  /** Ours: what the webhook's verification request must carry as `hub.verify_token`. */
  verifyToken: string;
}

export interface TelegramSettings {
  apiUrl?: string | undefined;
  botToken: string;
  /** Without the @. */
  botUsername: string;
  /** Sent back by Telegram in X-Telegram-Bot-Api-Secret-Token on every webhook call. */
  webhookSecret: string;
}

export interface SimulatorSettings {
  /** Loopback unless a container needs otherwise. */
  host?: string | undefined;
  /** 0 picks free ports (tests). */
  ports: { smtp: number; whatsapp: number; telegram: number; outbox: number };
  /** WhatsApp numbers ending in these fail by webhook with 131026 (default `0000`). */
  unresolvedSuffixes?: string[] | undefined;
}

export interface MessagingOptions {
  /** Ignored when simulators run (mail then goes to the SMTP simulator). */
  smtpUrl?: string | undefined;
  /** SMTP_ALLOW_PLAINTEXT: AUTH without TLS to a server on this machine (loopback only). */
  smtpAllowPlaintext?: boolean | undefined;
  emailFrom: string;
  /** Unset (and no simulators): the channel is off and its sends fail as `unavailable`. */
  whatsapp?: WhatsAppSettings | undefined;
  telegram?: TelegramSettings | undefined;
  /** Start the local simulators and point the real adapters at them. */
  simulators?: SimulatorSettings | undefined;
  codeValidityMinutes?: number | undefined;
  logger?: FastifyBaseLogger | undefined;
}

export interface TelegramMessaging {
  sender: TelegramBotSender;
  botUsername: string;
  webhookSecret: string;
  /** `https://t.me/<bot>?start=<token>` for the "verify with Telegram" button. */
  startLink(linkToken: string): string;
  /** Checks the X-Telegram-Bot-Api-Secret-Token header of a webhook call. */
  verifyWebhook(headerValue: string | string[] | undefined): boolean;
  /** A PhoneMessenger that finds the linked chat with `resolveChatId` (from the database). */
  messenger(resolveChatId: TelegramChatResolver): PhoneMessenger;
  /** Sends a code to a chat id the caller already looked up. */
  sendCodeToChat(
    chatId: number | string,
    code: string,
    purpose: CodePurpose,
  ): Promise<{ messageId: string }>;
}

/** The WhatsApp status webhook's two checks (modules/whatsapp). */
export interface WhatsAppWebhookChecks {
  /** The challenge to answer a verification request with, or undefined (refused). */
  handshake(query: Record<string, unknown>): string | undefined;
  /** X-Hub-Signature-256 over the raw body, with the app secret. */
  verifySignature(header: string | string[] | undefined, rawBody: Buffer): boolean;
}

export interface MessagingSimulators {
  smtp: SmtpSimulator;
  whatsapp: WhatsAppSimulator;
  telegram: TelegramSimulator;
  viewer: LocalServer;
}

type WhatsAppSenders = PhoneMessenger &
  WhatsAppReminderSender &
  WhatsAppChatNoticeSender &
  WhatsAppLessonNoticeSender &
  WhatsAppPaymentNoticeSender &
  WhatsAppMeetingNoticeSender;

export interface Messaging {
  email: EmailSender;
  whatsapp: WhatsAppSenders;
  whatsappWebhook: WhatsAppWebhookChecks;
  telegram: TelegramMessaging;
  /** Which phone channels can deliver (to offer only those in the interface). */
  channels: { whatsapp: boolean; telegram: boolean };
  /** Present when simulators run. */
  outbox: Outbox | undefined;
  simulators: MessagingSimulators | undefined;
  /** Simulator URLs to print at start-up (empty without simulators). */
  urls: Partial<Record<'outbox' | 'smtp' | 'whatsapp' | 'telegram', string>>;
  close(): Promise<void>;
}

/** Credentials the simulators accept when none are configured. Local only, not secrets. */
export const LOCAL_WHATSAPP: WhatsAppSettings = {
  phoneNumberId: '100000000000001',
  accessToken: 'local-whatsapp-access-token',
  templateName: 'talaqa_code',
  languageCode: 'ar',
  appSecret: 'local-whatsapp-app-secret',
  verifyToken: 'local-whatsapp-verify-token',
};
export const LOCAL_TELEGRAM: TelegramSettings = {
  botToken: '7000000001:LOCAL-talaqa-telegram-simulator-token',
  botUsername: 'talaqa_local_bot',
  webhookSecret: 'local-telegram-webhook-secret',
};

const notConfigured = (channel: string): MessagingError =>
  new MessagingError('unavailable', `${channel} is not configured`);

const disabledPhoneMessenger = (channel: string): PhoneMessenger => ({
  sendCode: () => Promise.reject(notConfigured(channel)),
});

const disabledWhatsApp: WhatsAppSenders = {
  ...disabledPhoneMessenger('WhatsApp'),
  sendLessonReminder: () => Promise.reject(notConfigured('WhatsApp')),
  sendChatNotice: () => Promise.reject(notConfigured('WhatsApp')),
  sendLessonNotice: () => Promise.reject(notConfigured('WhatsApp')),
  sendPaymentNotice: () => Promise.reject(notConfigured('WhatsApp')),
  sendMeetingNotice: () => Promise.reject(notConfigured('WhatsApp')),
};

const disabledEmail: EmailSender = { send: () => Promise.reject(notConfigured('E-mail')) };

const disabledBot: TelegramBotSender = {
  sendMessage: () => Promise.reject(notConfigured('Telegram')),
  setWebhook: () => Promise.reject(notConfigured('Telegram')),
  getMe: () => Promise.reject(notConfigured('Telegram')),
};

async function startSimulators(
  outbox: Outbox,
  settings: SimulatorSettings,
  whatsapp: WhatsAppSettings,
  telegram: TelegramSettings,
  logger: FastifyBaseLogger | undefined,
): Promise<MessagingSimulators> {
  const { host, ports } = settings;
  const started = await Promise.allSettled([
    startSmtpSimulator({ outbox, host, port: ports.smtp, logger }),
    startWhatsAppSimulator({
      outbox,
      host,
      port: ports.whatsapp,
      logger,
      accessToken: whatsapp.accessToken,
      phoneNumberId: whatsapp.phoneNumberId,
      templateName: whatsapp.templateName,
      templateLanguage: whatsapp.languageCode ?? 'ar',
      reminderTemplateName: whatsapp.reminderTemplateName,
      unresolvedSuffixes: settings.unresolvedSuffixes,
      appSecret: whatsapp.appSecret,
      verifyToken: whatsapp.verifyToken,
    }),
    startTelegramSimulator({
      outbox,
      host,
      port: ports.telegram,
      logger,
      botToken: telegram.botToken,
      botUsername: telegram.botUsername,
    }),
    startOutboxViewer({ outbox, host, port: ports.outbox, logger }),
  ]);
  const [smtp, wa, tg, viewer] = started;
  if (
    smtp.status === 'fulfilled' &&
    wa.status === 'fulfilled' &&
    tg.status === 'fulfilled' &&
    viewer.status === 'fulfilled'
  ) {
    return { smtp: smtp.value, whatsapp: wa.value, telegram: tg.value, viewer: viewer.value };
  }
  await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
  const names = ['SMTP', 'WhatsApp', 'Telegram', 'outbox viewer'];
  const reasons = started.flatMap((s, i) =>
    s.status === 'rejected'
      ? [`${names[i]}: ${s.reason instanceof Error ? s.reason.message : String(s.reason)}`]
      : [],
  );
  throw new Error(`Messaging simulators could not start (${reasons.join('; ')})`);
}

/**
 * Builds the e-mail, WhatsApp and Telegram senders. With `simulators`, it first starts the local
 * SMTP, WhatsApp, Telegram and outbox servers and points the real adapters at them.
 */
export async function createMessaging(options: MessagingOptions): Promise<Messaging> {
  const validity = options.codeValidityMinutes ?? DEFAULT_CODE_VALIDITY_MINUTES;
  const outbox = options.simulators ? new Outbox() : undefined;
  const whatsappSettings = options.whatsapp ?? (options.simulators ? LOCAL_WHATSAPP : undefined);
  const telegramSettings = options.telegram ?? (options.simulators ? LOCAL_TELEGRAM : undefined);
  const simulators =
    outbox && options.simulators
      ? await startSimulators(
          outbox,
          options.simulators,
          whatsappSettings ?? LOCAL_WHATSAPP,
          telegramSettings ?? LOCAL_TELEGRAM,
          options.logger,
        )
      : undefined;

  const smtpUrl = simulators?.smtp.url ?? options.smtpUrl;
  const smtp = smtpUrl
    ? createSmtpEmailSender({
        url: smtpUrl,
        from: options.emailFrom,
        // Our own simulator on loopback has no certificate; a real server needs TLS for AUTH.
        allowPlaintext: simulators ? true : options.smtpAllowPlaintext === true,
      })
    : undefined;

  const whatsapp = whatsappSettings
    ? createWhatsAppCloudSender({
        ...whatsappSettings,
        apiUrl: simulators?.whatsapp.url ?? whatsappSettings.apiUrl,
      })
    : disabledWhatsApp;

  const bot = telegramSettings
    ? createTelegramBotSender({
        botToken: telegramSettings.botToken,
        apiUrl: simulators?.telegram.url ?? telegramSettings.apiUrl,
      })
    : disabledBot;
  const webhookSecret = telegramSettings?.webhookSecret ?? '';
  const botUsername = telegramSettings?.botUsername ?? '';
  const telegram: TelegramMessaging = {
    sender: bot,
    botUsername,
    webhookSecret,
    startLink: (linkToken) => {
      if (!telegramSettings) throw notConfigured('Telegram');
      return telegramStartLink(botUsername, linkToken);
    },
    verifyWebhook: (headerValue) =>
      telegramSettings !== undefined && verifyWebhookSecret(headerValue, webhookSecret),
    messenger: (resolveChatId) =>
      telegramSettings
        ? createTelegramPhoneMessenger({ bot, resolveChatId, codeValidityMinutes: validity })
        : disabledPhoneMessenger('Telegram'),
    sendCodeToChat: (chatId, code, purpose) =>
      sendTelegramCode(bot, chatId, code, purpose, validity),
  };

  const whatsappWebhook: WhatsAppWebhookChecks = {
    handshake: (query) =>
      whatsappSettings ? handshakeChallenge(query, whatsappSettings.verifyToken) : undefined,
    verifySignature: (header, rawBody) =>
      whatsappSettings !== undefined &&
      verifyWebhookSignature(header, rawBody, whatsappSettings.appSecret),
  };

  let closing: Promise<void> | undefined;
  return {
    email: smtp ?? disabledEmail,
    whatsapp,
    whatsappWebhook,
    telegram,
    channels: {
      whatsapp: whatsappSettings !== undefined,
      telegram: telegramSettings !== undefined,
    },
    outbox,
    simulators,
    urls: simulators
      ? {
          outbox: simulators.viewer.url,
          smtp: simulators.smtp.url,
          whatsapp: simulators.whatsapp.url,
          telegram: simulators.telegram.url,
        }
      : {},
    close: () =>
      (closing ??= (async () => {
        smtp?.close();
        if (simulators) await Promise.all(Object.values(simulators).map((s) => s.close()));
      })()),
  };
}
