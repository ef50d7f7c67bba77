import { describe, expect, it } from 'vitest';
import { MessagingError } from '../../src/integrations/messaging';
import { Outbox, OutboxTimeoutError, renderOutboxPage } from '../../src/integrations/outbox';
import { classifyTelegramError, TelegramApiError } from '../../src/integrations/telegram';
import {
  parseTelegramUpdate,
  telegramStartLink,
  verifyWebhookSecret,
} from '../../src/integrations/telegram';
import { classifyCloudError } from '../../src/integrations/whatsapp';

describe('Outbox', () => {
  it('lists newest first, filters by channel and recipient in any spelling', () => {
    const outbox = new Outbox();
    outbox.append({ channel: 'email', to: 'Mona@Example.com', subject: 'a', text: '1', meta: {} });
    outbox.append({ channel: 'whatsapp', to: '+20 100 123 4567', text: '2', meta: {} });
    outbox.append({ channel: 'email', to: 'mona@example.com', subject: 'b', text: '3', meta: {} });

    expect(outbox.list().map((m) => m.text)).toEqual(['3', '2', '1']);
    expect(outbox.list({ channel: 'email' }).map((m) => m.text)).toEqual(['3', '1']);
    expect(outbox.list({ to: 'MONA@example.com' })).toHaveLength(2);
    expect(outbox.latest('00201001234567', 'whatsapp')?.text).toBe('2');
    expect(outbox.latest('+201001234567', 'email')).toBeUndefined();
    expect(outbox.list()[0]).toMatchObject({ to: 'mona@example.com', id: expect.any(String) });
    expect(Date.parse(outbox.list()[0]?.at ?? '')).not.toBeNaN();

    outbox.clear();
    expect(outbox.size).toBe(0);
  });

  it('drops the oldest past its capacity', () => {
    const outbox = new Outbox({ capacity: 2 });
    for (const text of ['1', '2', '3'])
      outbox.append({ channel: 'email', to: 'a@b.co', text, meta: {} });
    expect(outbox.list().map((m) => m.text)).toEqual(['3', '2']);
  });

  it('waitFor finds a message already there or the next one, and times out', async () => {
    const outbox = new Outbox();
    outbox.append({ channel: 'telegram', to: '+201001234567', text: 'old', meta: {} });
    await expect(outbox.waitFor((m) => m.text === 'old')).resolves.toMatchObject({ text: 'old' });

    const next = outbox.waitFor((m) => m.text === 'new', 1000);
    setTimeout(
      () => outbox.append({ channel: 'telegram', to: '+201001234567', text: 'new', meta: {} }),
      10,
    );
    await expect(next).resolves.toMatchObject({ text: 'new' });

    await expect(outbox.waitFor(() => false, 20)).rejects.toBeInstanceOf(OutboxTimeoutError);
  });

  it('tells subscribers and stops when unsubscribed', () => {
    const outbox = new Outbox();
    const seen: string[] = [];
    const stop = outbox.subscribe((m) => seen.push(m.text));
    outbox.append({ channel: 'email', to: 'a@b.co', text: 'one', meta: {} });
    stop();
    outbox.append({ channel: 'email', to: 'a@b.co', text: 'two', meta: {} });
    expect(seen).toEqual(['one']);
  });
});

describe('renderOutboxPage', () => {
  it('is an escaped Arabic RTL page with HTML mail in a sandboxed srcdoc', () => {
    const outbox = new Outbox();
    outbox.append({
      channel: 'email',
      to: 'x@example.com',
      subject: '<b>عنوان</b>',
      text: 'نص <script>alert(1)</script>',
      html: '<p onclick="x">"مرحبا" & <script>alert(2)</script></p>',
      meta: {},
    });
    const page = renderOutboxPage(outbox.list(), {}, 'NONCE');
    expect(page).toContain('<html lang="ar-EG" dir="rtl">');
    expect(page).toContain('<meta charset="utf-8">');
    expect(page).toContain('&lt;b&gt;عنوان&lt;/b&gt;');
    expect(page).not.toContain('<script>alert');
    expect(page).toContain(
      'srcdoc="&lt;p onclick=&quot;x&quot;&gt;&quot;مرحبا&quot; &amp; &lt;script&gt;alert(2)&lt;/script&gt;&lt;/p&gt;"',
    );
    expect(page).toMatch(/<iframe[^>]* sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    expect(page).toContain('<script nonce="NONCE">');
  });

  it('lists an e-mail’s attachments, a text file’s content escaped', () => {
    const outbox = new Outbox();
    outbox.append({
      channel: 'email',
      to: 'x@example.com',
      text: 'نص',
      attachments: [
        {
          filename: 'invite.ics',
          contentType: 'text/calendar; method=REQUEST',
          size: 30,
          text: 'SUMMARY:<b>درس</b>',
        },
      ],
      meta: {},
    });
    const page = renderOutboxPage(outbox.list(), {}, 'NONCE');
    expect(page).toContain('مرفق: <bdi dir="ltr">invite.ics</bdi>');
    expect(page).toContain('<pre dir="ltr">SUMMARY:&lt;b&gt;درس&lt;/b&gt;</pre>');
  });
});

describe('WhatsApp Cloud API error mapping', () => {
  const error = (code: number, details?: string, subcode?: number) => ({
    message: `(#${code}) something`,
    type: 'OAuthException',
    code,
    ...(subcode ? { error_subcode: subcode } : {}),
    ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
    fbtrace_id: 'x',
  });

  it.each([
    [error(131026, 'Message Undeliverable.'), 400, 'unresolved-phone'],
    [error(131030, 'Recipient phone number not in allowed list'), 400, 'unresolved-phone'],
    [error(131009, 'Invalid phone number in to'), 400, 'invalid-phone'],
    [error(100, 'Invalid parameter: to'), 400, 'invalid-phone'],
    [error(131021, 'Recipient cannot be sender'), 400, 'invalid-phone'],
    [error(100, 'Object with ID does not exist', 33), 400, 'unavailable'],
    [error(131009, 'template language invalid'), 400, 'unavailable'],
    [error(190), 401, 'unavailable'],
    [error(131000), 500, 'unavailable'],
    [error(130429), 400, 'unavailable'],
  ])('%j (%i) -> %s', (graphError, status, kind) => {
    const mapped = classifyCloudError(graphError, status);
    expect(mapped).toBeInstanceOf(MessagingError);
    expect(mapped.kind).toBe(kind);
    expect(mapped.providerCode).toBe(graphError.code);
  });
});

describe('Telegram Bot API error mapping', () => {
  it.each([
    [403, 'Forbidden: bot was blocked by the user', 'unresolved-phone'],
    [403, 'Forbidden: user is deactivated', 'unresolved-phone'],
    [400, 'Bad Request: chat not found', 'unresolved-phone'],
    [400, "Bad Request: can't parse entities", 'unavailable'],
    [401, 'Unauthorized', 'unavailable'],
    [429, 'Too Many Requests: retry after 5', 'unavailable'],
  ] as const)('%i %s -> %s', (code, description, kind) => {
    expect(classifyTelegramError(new TelegramApiError(code, description, undefined)).kind).toBe(
      kind,
    );
  });
});

/** Updates as Telegram delivers them to a webhook. */
const from = { id: 987654321, is_bot: false, first_name: 'Mona', language_code: 'ar' };
const chat = { id: 987654321, first_name: 'Mona', type: 'private' };

describe('parseTelegramUpdate', () => {
  it('reads /start with its deep-link payload', () => {
    const update = {
      update_id: 10000,
      message: {
        message_id: 1,
        from,
        chat,
        date: 1_735_000_000,
        text: '/start Abc_123-xyz',
        entities: [{ offset: 0, length: 6, type: 'bot_command' }],
      },
    };
    expect(parseTelegramUpdate(update)).toEqual({
      kind: 'start',
      updateId: 10000,
      chatId: 987654321,
      telegramUserId: 987654321,
      linkToken: 'Abc_123-xyz',
    });
  });

  it('reads /start without a payload, or with a bad one, as no token', () => {
    const message = { message_id: 1, from, chat, date: 1 };
    expect(
      parseTelegramUpdate({ update_id: 1, message: { ...message, text: '/start' } }),
    ).toMatchObject({
      kind: 'start',
      linkToken: undefined,
    });
    expect(
      parseTelegramUpdate({ update_id: 1, message: { ...message, text: '/start bad!token' } }),
    ).toMatchObject({ kind: 'start', linkToken: undefined });
  });

  it('reads a shared contact, normalizing the number and telling own from foreign', () => {
    const update = (userId: number) => ({
      update_id: 10001,
      message: {
        message_id: 2,
        from,
        chat,
        date: 1_735_000_001,
        contact: { phone_number: '201001234567', first_name: 'Mona', user_id: userId },
      },
    });
    expect(parseTelegramUpdate(update(987654321))).toEqual({
      kind: 'contact',
      updateId: 10001,
      chatId: 987654321,
      telegramUserId: 987654321,
      phoneNumber: '+201001234567',
      isOwnContact: true,
    });
    expect(parseTelegramUpdate(update(111))).toMatchObject({ isOwnContact: false });
  });

  it('answers other for text, groups, edits and garbage', () => {
    const message = { message_id: 3, from, chat, date: 1, text: 'hello' };
    expect(parseTelegramUpdate({ update_id: 5, message })).toEqual({ kind: 'other', updateId: 5 });
    const group = { ...message, text: '/start abc', chat: { id: -100, title: 'g', type: 'group' } };
    expect(parseTelegramUpdate({ update_id: 6, message: group })).toMatchObject({ kind: 'other' });
    expect(parseTelegramUpdate({ update_id: 7, edited_message: message })).toMatchObject({
      kind: 'other',
      updateId: 7,
    });
    expect(parseTelegramUpdate('nope')).toEqual({ kind: 'other', updateId: undefined });
    expect(parseTelegramUpdate(null)).toEqual({ kind: 'other', updateId: undefined });
  });
});

describe('verifyWebhookSecret', () => {
  it('accepts only the exact secret from one header', () => {
    expect(verifyWebhookSecret('s3cret_token', 's3cret_token')).toBe(true);
    expect(verifyWebhookSecret('s3cret_tokeN', 's3cret_token')).toBe(false);
    expect(verifyWebhookSecret('s3cret', 's3cret_token')).toBe(false);
    expect(verifyWebhookSecret(undefined, 's3cret_token')).toBe(false);
    expect(verifyWebhookSecret(['s3cret_token', 'x'], 's3cret_token')).toBe(false);
    expect(verifyWebhookSecret('', '')).toBe(false);
  });
});

describe('telegramStartLink', () => {
  it('builds the t.me deep link and refuses payloads Telegram would drop', () => {
    expect(telegramStartLink('@talaqa_bot', 'abc-123')).toBe(
      'https://t.me/talaqa_bot?start=abc-123',
    );
    expect(() => telegramStartLink('talaqa_bot', 'a b')).toThrow(TypeError);
  });
});
