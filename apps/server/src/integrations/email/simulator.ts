import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { AddressObject, Attachment } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import { LOOPBACK, urlHost } from '../outbox/local-server';
import type { LocalServer } from '../outbox/local-server';
import type { Outbox, OutboxAttachment } from '../outbox/outbox';

export interface SmtpSimulatorOptions {
  outbox: Outbox;
  /** 0 picks a free port (tests). */
  port?: number;
  host?: string;
  /** Largest message accepted, in bytes (default 10 MiB). */
  maxMessageBytes?: number;
  logger?: FastifyBaseLogger;
}

export interface SmtpSimulator extends LocalServer {
  /** `smtp://local:local@127.0.0.1:4525`: give it to createSmtpEmailSender. */
  url: string;
}

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

const addressesOf = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((a) => a.address ?? '').filter(Boolean),
  );

/** The part's Content-Type with its parameters (an invitation's `method=REQUEST`). */
function fullContentType(file: Attachment): string {
  const header: unknown = file.headers.get('content-type');
  if (typeof header !== 'object' || header === null || !('params' in header)) {
    return file.contentType;
  }
  const params = Object.entries(header.params as Record<string, string>).map(
    ([name, value]) => `; ${name}=${value}`,
  );
  return `${file.contentType}${params.join('')}`;
}

const attachmentOf = (file: Attachment): OutboxAttachment => ({
  filename: file.filename ?? '',
  contentType: fullContentType(file),
  size: file.size,
  ...(file.contentType.startsWith('text/') ? { text: file.content.toString('utf8') } : {}),
});

async function deliver(
  outbox: Outbox,
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
): Promise<void> {
  const mail = await simpleParser(stream);
  if (stream.sizeExceeded)
    throw Object.assign(new Error('Message too large'), { responseCode: 552 });
  const envelopeRecipients = session.envelope.rcptTo.map((r) => r.address);
  const recipients = envelopeRecipients.length > 0 ? envelopeRecipients : addressesOf(mail.to);
  const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  for (const to of recipients) {
    outbox.append({
      channel: 'email',
      to,
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.attachments.length > 0 ? { attachments: mail.attachments.map(attachmentOf) } : {}),
      meta: {
        messageId: mail.messageId,
        from,
        headerFrom: mail.from?.text,
        headerTo: addressesOf(mail.to),
        authenticatedAs: session.user,
      },
    });
  }
}

/**
 * A local SMTP server: any user and password (or none), no TLS (loopback only), every accepted
 * message parsed and put in the outbox, one entry per envelope recipient.
 */
export function startSmtpSimulator(options: SmtpSimulatorOptions): Promise<SmtpSimulator> {
  const { outbox, logger } = options;
  const host = options.host ?? LOOPBACK;
  const server = new SMTPServer({
    name: 'talaqa-smtp-simulator',
    banner: 'Talaqa local SMTP simulator',
    logger: false,
    secure: false,
    // No certificate on loopback: never offer STARTTLS, and let AUTH travel in clear.
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authOptional: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: options.maxMessageBytes ?? DEFAULT_MAX_BYTES,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      deliver(outbox, stream, session).then(
        () => callback(),
        (error: unknown) => {
          logger?.warn({ err: error }, 'SMTP simulator could not store a message');
          callback(error instanceof Error ? error : new Error('Could not store the message'));
        },
      );
    },
  });

  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', onError);
      server.on('error', (error: Error) => logger?.warn({ err: error }, 'SMTP simulator error'));
      const { port } = server.server.address() as AddressInfo;
      let closing: Promise<void> | undefined;
      resolve({
        url: `smtp://local:local@${urlHost(host)}:${port}`,
        port,
        close: () => (closing ??= new Promise<void>((done) => server.close(() => done()))),
      });
    });
  });
}
