import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verificationCodeEmail } from '../../src/integrations/email';
import { MessagingError } from '../../src/integrations/messaging';
import { createMessaging } from '../../src/integrations/messaging-factory';
import type { Messaging } from '../../src/integrations/messaging-factory';
import type { OutboxMessage } from '../../src/integrations/outbox';

let messaging: Messaging;
const viewer = (path: string, init?: RequestInit) =>
  fetch(`${messaging.urls.outbox ?? ''}${path}`, init);

beforeAll(async () => {
  messaging = await createMessaging({
    emailFrom: '"طلاقة" <no-reply@talaqa.test>',
    simulators: { host: '127.0.0.1', ports: { smtp: 0, whatsapp: 0, telegram: 0, outbox: 0 } },
  });
});
afterAll(() => messaging.close());
beforeEach(() => messaging.outbox?.clear());

describe('createMessaging with simulators', () => {
  it('points every real adapter at its simulator', async () => {
    expect(messaging.urls).toEqual({
      outbox: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      smtp: expect.stringMatching(/^smtp:\/\/local:local@127\.0\.0\.1:\d+$/),
      whatsapp: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      telegram: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    expect(messaging.channels).toEqual({ whatsapp: true, telegram: true });

    await messaging.email.send({
      to: 'student@example.com',
      ...verificationCodeEmail({ code: '11111', validityMinutes: 10 }),
    });
    await messaging.whatsapp.sendCode('+201001234567', '22222', 'verify-phone');
    const outbox = messaging.outbox;
    expect(outbox?.latest('student@example.com', 'email')?.text).toContain('11111');
    expect(outbox?.latest('+201001234567', 'whatsapp')?.text).toContain('22222');
    // Not on WhatsApp: accepted all the same (Meta reports the failure later, by webhook).
    await expect(
      messaging.whatsapp.sendCode('+201001230000', '1', 'verify-phone'),
    ).resolves.toMatchObject({ messageId: expect.stringMatching(/^wamid\./) });
    expect(outbox?.latest('+201001230000', 'whatsapp')).toBeUndefined();

    const { telegram } = messaging;
    expect(telegram.startLink('abc')).toBe('https://t.me/talaqa_local_bot?start=abc');
    expect(telegram.verifyWebhook(telegram.webhookSecret)).toBe(true);
    expect(telegram.verifyWebhook('nope')).toBe(false);
    await telegram.sendCodeToChat(201001234567, '33333', 'reset-password');
    expect(outbox?.latest('+201001234567', 'telegram')?.text).toContain('33333');
  });
});

describe('createMessaging without simulators or settings', () => {
  it('turns the unconfigured channels off; their sends fail as unavailable', async () => {
    const off = await createMessaging({ emailFrom: 'x@y.example' });
    expect(off.channels).toEqual({ whatsapp: false, telegram: false });
    expect(off.outbox).toBeUndefined();
    expect(off.urls).toEqual({});
    const failure = await off.whatsapp
      .sendCode('+201001234567', '1', 'verify-phone')
      .catch((e) => e);
    expect(failure).toBeInstanceOf(MessagingError);
    expect((failure as MessagingError).kind).toBe('unavailable');
    expect(off.telegram.verifyWebhook('')).toBe(false);
    await off.close();
  });
});

describe('outbox viewer', () => {
  it('serves an escaped Arabic RTL page, newest first', async () => {
    const outbox = messaging.outbox;
    outbox?.append({
      channel: 'email',
      to: 'first@example.com',
      subject: 'الأول',
      text: 'a',
      meta: {},
    });
    outbox?.append({
      channel: 'telegram',
      to: '+201001234567',
      text: 'رسالة <img src=x onerror=alert(1)>',
      meta: {},
    });

    const response = await viewer('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('<html lang="ar-EG" dir="rtl">');
    expect(page).toContain('رسالة &lt;img src=x onerror=alert(1)&gt;');
    expect(page).not.toContain('<img');
    expect(page.indexOf('+201001234567')).toBeLessThan(page.indexOf('first@example.com'));
    expect(page).toContain('<bdi dir="ltr">+201001234567</bdi>');
  });

  it('renders real HTML mail in a sandboxed iframe', async () => {
    await messaging.email.send({
      to: 'student@example.com',
      ...verificationCodeEmail({ code: '44444', validityMinutes: 10 }),
    });
    await messaging.outbox?.waitFor((m) => m.channel === 'email');
    const page = await (await viewer('/?channel=email')).text();
    expect(page).toMatch(/<iframe[^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    expect(page).toContain('srcdoc="&lt;!doctype html&gt;');
    expect(page).toContain('aria-current="page">بريد إلكتروني</a>');
  });

  it('answers JSON filtered by channel and recipient, and clears on DELETE', async () => {
    await messaging.whatsapp.sendCode('+201001234567', '55555', 'verify-phone');
    await messaging.whatsapp.sendCode('+201007654321', '66666', 'verify-phone');
    await messaging.email.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' });

    const all = (await (await viewer('/api/messages')).json()) as { messages: OutboxMessage[] };
    expect(all.messages).toHaveLength(3);
    expect(all.messages[0]?.channel).toBe('email');

    const query = new URLSearchParams({ channel: 'whatsapp', to: '+201001234567' });
    const filtered = (await (await viewer(`/api/messages?${query}`)).json()) as {
      messages: OutboxMessage[];
    };
    expect(filtered.messages).toHaveLength(1);
    expect(filtered.messages[0]).toMatchObject({
      channel: 'whatsapp',
      to: '+201001234567',
      text: expect.stringContaining('55555'),
      at: expect.any(String),
      id: expect.any(String),
    });

    expect((await viewer('/api/messages', { method: 'DELETE' })).status).toBe(204);
    const after = (await (await viewer('/api/messages')).json()) as { messages: OutboxMessage[] };
    expect(after.messages).toEqual([]);
  });
});
