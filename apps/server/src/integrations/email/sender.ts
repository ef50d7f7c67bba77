import { createTransport } from 'nodemailer';
import { z } from 'zod';
import { MessagingError } from '../messaging';

/** A file sent with an e-mail: text (a calendar invitation), written as UTF-8. */
export interface EmailAttachment {
  filename: string;
  content: string;
  /** `text/calendar; method=REQUEST` for an invitation. */
  contentType: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: readonly EmailAttachment[];
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
  /**
   * `smtps://user:pass@host:465` (TLS from the first byte) or `smtp://user:pass@host:587`
   * (STARTTLS, required when a password is given). Query options are not read.
   */
  url: string;
  /**
   * Lets a password travel without TLS to an SMTP server on this machine (SMTP_ALLOW_PLAINTEXT,
   * and the local simulator). Refused for any other host.
   */
  allowPlaintext?: boolean;
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

/** 127.0.0.0/8, ::1 and localhost: a server on this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** What nodemailer is given for an SMTP URL: never the URL itself (its query would win). */
export interface SmtpConnectionOptions {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte (port 465). */
  secure: boolean;
  /** smtp:// with a password: STARTTLS or no session (no AUTH in clear). */
  requireTLS: boolean;
  auth?: { user: string; pass: string };
}

/**
 * The connection rule (nodemailer's `secure` and `requireTLS`, https://nodemailer.com/smtp/):
 * smtps:// is TLS from the start; smtp:// with a password requires STARTTLS - a server that does
 * not offer it, or a man in the middle that strips it, gets no password - unless `allowPlaintext`
 * and the server is on this machine; smtp:// without credentials sends nothing secret and uses
 * STARTTLS when offered (nodemailer's default).
 */
export function smtpConnectionOptions(url: string, allowPlaintext = false): SmtpConnectionOptions {
  if (!isSmtpUrl(url)) throw new TypeError('SMTP url must be smtp://… or smtps://…');
  const parsed = new URL(url);
  if (parsed.search) throw new TypeError('SMTP url: options in the query string are not read');
  const secure = parsed.protocol === 'smtps:';
  const loopback = isLoopbackHost(parsed.hostname);
  if (allowPlaintext && !loopback) {
    throw new TypeError('SMTP plaintext is allowed only for a server on this machine');
  }
  const user = decodeURIComponent(parsed.username);
  const pass = decodeURIComponent(parsed.password);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && pass.length > 0 && !allowPlaintext,
    ...(user || pass ? { auth: { user, pass } } : {}),
  };
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
  const connection = smtpConnectionOptions(options.url, options.allowPlaintext);
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = createTransport({
    ...connection,
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
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map(({ filename, content, contentType }) => ({
                  filename,
                  content,
                  contentType,
                })),
              }
            : {}),
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
