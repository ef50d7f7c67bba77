import { createTransport } from 'nodemailer';
import { z } from 'zod';
import { MessagingError } from '../messaging';

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends one e-mail; rejects with MessagingError('unavailable') when the SMTP server refuses. */
export interface EmailSender {
  send(message: EmailMessage): Promise<{ messageId: string }>;
}

export interface SmtpEmailSender extends EmailSender {
  /** Connects and authenticates without sending: a start-up or health check. */
  verify(): Promise<void>;
  close(): void;
}

export interface SmtpEmailSenderOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`. */
  url: string;
  /** `"طلاقة" <no-reply@example.com>` or a bare address. */
  from: string;
  /** Connection, greeting and socket timeouts; one value for all, in ms. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const singleAddress = z.email();

export function isSmtpUrl(value: string): boolean {
  try {
    const { protocol, hostname } = new URL(value);
    return (protocol === 'smtp:' || protocol === 'smtps:') && hostname.length > 0;
  } catch {
    return false;
  }
}

interface SmtpFailure {
  code?: string;
  responseCode?: number;
  message?: string;
}

function toMessagingError(error: unknown): MessagingError {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  const detail = [failure.code, failure.responseCode].filter(Boolean).join(' ');
  return new MessagingError('unavailable', `SMTP delivery failed${detail ? ` (${detail})` : ''}`, {
    cause: error,
    providerCode: failure.responseCode ?? failure.code,
  });
}

/**
 * The real adapter: nodemailer over SMTP. Production points it at the mail provider; development
 * points it at the local SMTP simulator, so both speak real SMTP. One connection per message
 * (verification mail is low volume, and nothing stays open between requests).
 */
export function createSmtpEmailSender(options: SmtpEmailSenderOptions): SmtpEmailSender {
  if (!isSmtpUrl(options.url)) throw new TypeError('SMTP url must be smtp://… or smtps://…');
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    disableFileAccess: true,
    disableUrlAccess: true,
  });

  return {
    async send(message) {
      // A comma or a display name here would quietly add recipients or rewrite the header.
      if (!singleAddress.safeParse(message.to).success) {
        throw new TypeError('EmailSender.send: `to` must be one plain e-mail address');
      }
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        return { messageId: info.messageId };
      } catch (error) {
        throw toMessagingError(error);
      }
    },
    async verify() {
      try {
        await transport.verify();
      } catch (error) {
        throw toMessagingError(error);
      }
    },
    close() {
      transport.close();
    },
  };
}
