import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSmtpEmailSender,
  smtpConnectionOptions,
  startSmtpSimulator,
  verificationCodeEmail,
} from '../../src/integrations/email';
import type { SmtpSimulator } from '../../src/integrations/email';
import { MessagingError } from '../../src/integrations/messaging';
import { Outbox } from '../../src/integrations/outbox';

const outbox = new Outbox();
let smtp: SmtpSimulator;

beforeAll(async () => {
  smtp = await startSmtpSimulator({ outbox, port: 0 });
});
afterAll(() => smtp.close());
beforeEach(() => outbox.clear());

describe('nodemailer -> SMTP simulator -> outbox', () => {
  it('delivers an Arabic HTML e-mail intact, with credentials', async () => {
    expect(smtp.url).toMatch(/^smtp:\/\/local:local@127\.0\.0\.1:\d+$/);
    // The simulator has no certificate: a password goes in clear only because it is on loopback
    // and plaintext is allowed (as the app does for its own simulator).
    const sender = createSmtpEmailSender({
      url: smtp.url,
      from: '"طلاقة" <no-reply@talaqa.test>',
      allowPlaintext: true,
    });
    const content = verificationCodeEmail({ code: '48213', validityMinutes: 10, name: 'منى عادل' });

    const { messageId } = await sender.send({ to: 'Mona@Example.com', ...content });

    expect(messageId).toMatch(/^<.+@.+>$/);
    const message = await outbox.waitFor((m) => m.channel === 'email');
    expect(message.to).toBe('mona@example.com');
    expect(message.subject).toBe('رمز تأكيد بريدك الإلكتروني في طلاقة');
    expect(message.text).toContain('مرحبًا منى عادل،');
    expect(message.text).toContain('48213');
    expect(message.html).toContain('<html lang="ar" dir="rtl">');
    expect(message.html).toContain('الرمز صالح لمدة ١٠ دقائق.');
    expect(message.meta).toMatchObject({
      messageId,
      from: 'no-reply@talaqa.test',
      headerFrom: '"طلاقة" <no-reply@talaqa.test>',
      authenticatedAs: 'local',
    });
    sender.close();
  });

  it('carries a calendar invitation as an attachment, its method in the content type', async () => {
    const sender = createSmtpEmailSender({
      url: smtp.url,
      from: 'no-reply@talaqa.test',
      allowPlaintext: true,
    });
    const invitation = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nSUMMARY:درس\r\nEND:VCALENDAR\r\n';
    await sender.send({
      to: 'ali@example.com',
      ...verificationCodeEmail({ code: '48213', validityMinutes: 10, name: 'علي' }),
      attachments: [
        {
          filename: 'invite.ics',
          content: invitation,
          contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        },
      ],
    });
    const message = await outbox.waitFor((m) => m.channel === 'email');
    expect(message.attachments).toEqual([
      {
        filename: 'invite.ics',
        contentType: expect.stringMatching(/^text\/calendar; .*method=REQUEST/),
        size: expect.any(Number),
        text: invitation,
      },
    ]);
    sender.close();
  });

  it('accepts a connection without credentials and verifies', async () => {
    const url = smtp.url.replace('local:local@', '');
    const sender = createSmtpEmailSender({ url, from: 'no-reply@talaqa.test' });
    await expect(sender.verify()).resolves.toBeUndefined();
    await sender.send({
      to: 'a@b.example',
      subject: 'تجربة',
      text: 'نص عربي فقط',
      html: '<p>نص</p>',
    });
    expect(outbox.latest('a@b.example', 'email')).toMatchObject({
      subject: 'تجربة',
      text: 'نص عربي فقط',
      html: '<p>نص</p>',
    });
    sender.close();
  });

  it('refuses a recipient list where one address is expected', async () => {
    const sender = createSmtpEmailSender({
      url: smtp.url,
      from: 'no-reply@talaqa.test',
      allowPlaintext: true,
    });
    await expect(
      sender.send({ to: 'a@b.example, evil@c.example', subject: 's', text: 't', html: 'h' }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(outbox.size).toBe(0);
    sender.close();
  });

  it('fails as unavailable when no SMTP server answers', async () => {
    const closed = await startSmtpSimulator({ outbox, port: 0 });
    await closed.close();
    const sender = createSmtpEmailSender({ url: closed.url, from: 'x@y.example', timeoutMs: 2000 });
    const failure = await sender
      .send({ to: 'a@b.example', subject: 's', text: 't', html: 'h' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MessagingError);
    expect((failure as MessagingError).kind).toBe('unavailable');
    sender.close();
  });

  it('sends no password to a server without STARTTLS unless plaintext is allowed', async () => {
    // smtp:// with a password: STARTTLS is required; the simulator does not offer it.
    const sender = createSmtpEmailSender({ url: smtp.url, from: 'x@y.example', timeoutMs: 5000 });
    const failure = await sender
      .send({ to: 'a@b.example', subject: 's', text: 't', html: 'h' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MessagingError);
    expect((failure as MessagingError).kind).toBe('unavailable');
    expect(((failure as MessagingError).cause as { code?: string }).code).toBe('ETLS');
    await expect(sender.verify()).rejects.toBeInstanceOf(MessagingError);
    expect(outbox.size).toBe(0);
    sender.close();

    // SMTP_ALLOW_PLAINTEXT for this loopback server: delivered, authenticated.
    const allowed = createSmtpEmailSender({
      url: smtp.url,
      from: 'x@y.example',
      allowPlaintext: true,
    });
    await allowed.send({ to: 'a@b.example', subject: 's', text: 't', html: 'h' });
    expect(outbox.latest('a@b.example', 'email')?.meta).toMatchObject({ authenticatedAs: 'local' });
    allowed.close();
  });

  it('never allows plaintext to a server on another machine, nor query options', () => {
    expect(() =>
      createSmtpEmailSender({
        url: 'smtp://mailer:pw@smtp.example.com:587',
        from: 'a@b.example',
        allowPlaintext: true,
      }),
    ).toThrow(/this machine/);
    expect(() =>
      createSmtpEmailSender({
        url: 'smtp://mailer:pw@[::1]:587',
        from: 'a@b.example',
        allowPlaintext: true,
      }),
    ).not.toThrow();
    expect(() =>
      createSmtpEmailSender({
        url: 'smtp://mailer:pw@smtp.example.com:587?ignoreTLS=true',
        from: 'a@b.example',
      }),
    ).toThrow(/query/);
  });

  it('asks nodemailer for TLS as the scheme and the password say', () => {
    expect(smtpConnectionOptions('smtps://mailer:p%40ss@smtp.example.com')).toEqual({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      requireTLS: false,
      auth: { user: 'mailer', pass: 'p@ss' },
    });
    expect(smtpConnectionOptions('smtp://mailer:pw@smtp.example.com')).toMatchObject({
      port: 587,
      secure: false,
      requireTLS: true,
    });
    expect(smtpConnectionOptions('smtp://smtp.example.com:25')).toMatchObject({
      secure: false,
      requireTLS: false,
    });
    expect(smtpConnectionOptions('smtp://u:pw@127.0.0.1:2525', true)).toMatchObject({
      requireTLS: false,
    });
  });

  it('refuses an address that is not smtp:// or smtps://', () => {
    expect(() => createSmtpEmailSender({ url: 'http://x', from: 'a@b.example' })).toThrow(
      TypeError,
    );
  });
});
