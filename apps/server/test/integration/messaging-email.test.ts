import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSmtpEmailSender,
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
    const sender = createSmtpEmailSender({ url: smtp.url, from: '"طلاقة" <no-reply@talaqa.test>' });
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
    const sender = createSmtpEmailSender({ url: smtp.url, from: 'no-reply@talaqa.test' });
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

  it('refuses an address that is not smtp:// or smtps://', () => {
    expect(() => createSmtpEmailSender({ url: 'http://x', from: 'a@b.example' })).toThrow(
      TypeError,
    );
  });
});
