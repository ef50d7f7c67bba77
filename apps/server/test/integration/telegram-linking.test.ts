import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { NotificationMethod, Role } from '@talaqa/domain';
import type { TelegramLinkAnswer, User } from '@talaqa/domain';
import { queryRows } from '../../src/db';
import { LOCAL_TELEGRAM } from '../../src/integrations/messaging-factory';
import { TELEGRAM_SECRET_HEADER, telegramLinkReplies } from '../../src/integrations/telegram';
import type { TelegramSimulator, TelegramUpdateJson } from '../../src/integrations/telegram';
import { TELEGRAM_LINK_TTL_MINUTES } from '../../src/modules/telegram/service';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

let server: TestServer;
let simulator: TelegramSimulator;

beforeAll(async () => {
  // Every request comes from one loopback address; the per-address limits are tested elsewhere.
  server = await startTestServer({ trustedAddresses: ['127.0.0.1'] });
  const running = server.app.telegram.simulator;
  if (!running) throw new Error('the Telegram simulator does not run');
  simulator = running;
});
afterAll(() => server.close());

const api = apiOn(() => server);

/**
 * A signed-in student about to verify a phone over Telegram. The notification method stays
 * `none` (an app is allowed only once the phone is verified), so each send names the channel.
 */
const telegramUser = (): Promise<SignedInUser> =>
  signedInUser(server, Role.Student, { name: 'Mona Adel', password: 'secret123' });

async function linkFor(
  token: string,
  phone?: string,
): Promise<TelegramLinkAnswer & { start: string }> {
  const answer = await api<TelegramLinkAnswer>('POST', '/confirmation-code/phone/telegram-link', {
    token,
    body: phone === undefined ? {} : { phone },
  });
  expect(answer.status).toBe(200);
  const start = new URL(answer.body.url).searchParams.get('start');
  if (!start) throw new Error(`no start payload in ${answer.body.url}`);
  return { ...answer.body, start };
}

/** What the bot wrote to a phone's chat, oldest first. */
const botTexts = (phone: string): string[] =>
  server.outbox
    .list({ channel: 'telegram', to: phone })
    .map((m) => m.text)
    .reverse();

/** Asks for a phone code over Telegram (`channel` undefined: the server's default channel). */
const sendCode = (token: string, phone: string, channel: string | undefined = 'telegram') =>
  api('POST', '/confirmation-code/phone/send', { token, body: { phone, channel } });

/** An update as Telegram sends it, from the private chat of `phone` (the simulator's ids). */
let nextUpdateId = 1_000_000_000;
function updateFrom(
  phone: string,
  message: { text: string } | { contact: { phone_number: string; user_id: number } },
): TelegramUpdateJson {
  const id = Number(phone.slice(1));
  const from = { id, is_bot: false, first_name: 'Mona' };
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: nextUpdateId,
      from,
      chat: { id, type: 'private' },
      date: Math.floor(Date.now() / 1000),
      ...('text' in message ? message : { contact: { ...message.contact, first_name: 'Mona' } }),
    },
  };
}

const webhook = (update: unknown, secret?: string) =>
  api('POST', '/telegram/webhook', {
    body: update,
    headers: secret === undefined ? {} : { [TELEGRAM_SECRET_HEADER]: secret },
  });

describe('the Telegram webhook', () => {
  it('is registered with the Bot API, with the secret token', async () => {
    await vi.waitFor(() =>
      expect(simulator.webhook()).toEqual({
        url: `${server.baseUrl}/api/v1/telegram/webhook`,
        secretToken: LOCAL_TELEGRAM.webhookSecret,
      }),
    );
  });

  it('refuses calls without the right secret header, and changes nothing', async () => {
    const { token } = await telegramUser();
    const link = await linkFor(token, '01011110001');
    const start = updateFrom('+201011110001', { text: `/start ${link.start}` });
    const missing = await webhook(start);
    expect(missing).toMatchObject({ status: 401, body: { code: 'unauthenticated' } });
    const wrong = await webhook(start, 'not-the-secret');
    expect(wrong).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(botTexts('+201011110001')).toEqual([]);
    const rows = await queryRows<{ n: number }>(
      server.app.database.db,
      sql`select count(*)::int as n from telegram_updates where update_id = ${start.update_id}`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('answers 200 to updates it ignores', async () => {
    const secret = LOCAL_TELEGRAM.webhookSecret;
    expect((await webhook({ update_id: 1, edited_message: {} }, secret)).status).toBe(200);
    expect((await webhook({ nonsense: true }, secret)).status).toBe(200);
    const text = updateFrom('+201011110002', { text: 'hello' });
    expect((await webhook(text, secret)).status).toBe(200);
    expect(botTexts('+201011110002')).toEqual([]);
  });
});

describe('linking a chat and receiving codes over Telegram', () => {
  it('links by Start and the own contact, then sends the code there and verifies it', async () => {
    const { token } = await telegramUser();
    const phone = '+201012345678';
    const link = await linkFor(token, '01012345678');
    expect(link.url).toMatch(/^https:\/\/t\.me\/talaqa_local_bot\?start=[A-Za-z0-9_-]{32}$/);
    expect(link.linked).toBe(false);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(
      (TELEGRAM_LINK_TTL_MINUTES - 1) * 60_000,
    );

    await simulator.simulateUserLinks({ phoneNumber: phone, linkToken: link.start });
    expect(botTexts(phone)).toEqual([
      telegramLinkReplies.askForContact().text,
      telegramLinkReplies.linked().text,
    ]);
    // The token is used up: only a hash was stored, and it is gone now.
    const [row] = await queryRows<Record<string, unknown>>(
      server.app.database.db,
      sql`select * from telegram_links where chat_id = ${Number(phone.slice(1))}`,
    );
    expect(row).toMatchObject({ phone, token_hash: null, pending_chat_id: null });
    expect(JSON.stringify(row)).not.toContain(link.start);
    expect((await linkFor(token, '01012345678')).linked).toBe(true);

    server.outbox.clear();
    const sent = await sendCode(token, '01012345678');
    expect(sent.status).toBe(200);
    const message = await server.outbox.waitFor(
      (m) => m.channel === 'telegram' && m.to === phone,
      5000,
    );
    expect(message.meta).toMatchObject({ chatId: Number(phone.slice(1)), parseMode: 'HTML' });
    const code = message.text.match(/\b\d{5}\b/)?.[0];
    expect(code).toBeDefined();
    const verified = await api<{ user: User }>('POST', '/confirmation-code/phone/verify', {
      token,
      body: { code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ phone, verifiedPhone: true });

    // The verified phone is the default of a new link, and it is linked already.
    const again = await linkFor(token);
    expect(again.linked).toBe(true);
  });

  it('activates Telegram notifications once verified, and then sends codes there by default', async () => {
    const { user, token } = await telegramUser();
    const phone = '+201012340010';
    const early = await api('PUT', `/user/${user.id}`, {
      token,
      body: { notificationMethod: NotificationMethod.Telegram },
    });
    expect(early).toMatchObject({ status: 422, body: { code: 'unverified-phone' } });
    const link = await linkFor(token, '01012340010');
    await simulator.simulateUserLinks({ phoneNumber: phone, linkToken: link.start });
    server.outbox.clear();
    expect((await sendCode(token, '01012340010')).status).toBe(200);
    const message = await server.outbox.waitFor(
      (m) => m.channel === 'telegram' && m.to === phone,
      5000,
    );
    const code = message.text.match(/\b\d{5}\b/)?.[0];
    const verified = await api('POST', '/confirmation-code/phone/verify', {
      token,
      body: { code },
    });
    expect(verified.status).toBe(200);
    const activated = await api<User>('PUT', `/user/${user.id}`, {
      token,
      body: { notificationMethod: NotificationMethod.Telegram },
    });
    expect(activated).toMatchObject({
      status: 200,
      body: { notificationMethod: NotificationMethod.Telegram },
    });

    // A new number, no channel named: Telegram (the notification method), which has no chat for
    // it yet; naming WhatsApp sends there instead.
    await server.app.database.db.execute(
      sql`update confirmation_codes set created_at = created_at - interval '2 minutes'
          where user_id = ${user.id}`,
    );
    expect((await sendCode(token, '01012340011', undefined)).body).toMatchObject({
      code: 'unresolved-phone',
    });
    expect((await sendCode(token, '01012340011', 'whatsapp')).status).toBe(200);
    await server.outbox.waitFor((m) => m.channel === 'whatsapp' && m.to === '+201012340011', 5000);
  });

  it('answers unresolved-phone while no chat is linked, and lets the code be asked again', async () => {
    const { token } = await telegramUser();
    const phone = '+201012340001';
    expect((await sendCode(token, '01012340001')).body).toMatchObject({
      code: 'unresolved-phone',
    });
    const link = await linkFor(token, '01012340001');
    await simulator.simulateUserLinks({ phoneNumber: phone, linkToken: link.start });
    // The undelivered code was withdrawn, so there is no resend delay to wait out.
    expect((await sendCode(token, '01012340001')).status).toBe(200);
    await server.outbox.waitFor((m) => m.channel === 'telegram' && /\d{5}/.test(m.text), 5000);
  });

  it('refuses someone else’s contact', async () => {
    const { token } = await telegramUser();
    const phone = '+201012340002';
    const link = await linkFor(token, '01012340002');
    await simulator.simulateUserLinks({
      phoneNumber: phone,
      linkToken: link.start,
      shareOthersContact: true,
    });
    expect(botTexts(phone)).toEqual([
      telegramLinkReplies.askForContact().text,
      telegramLinkReplies.notOwnContact().text,
    ]);
    expect((await sendCode(token, '01012340002')).body).toMatchObject({
      code: 'unresolved-phone',
    });
  });

  it('refuses a number other than the one being verified', async () => {
    const { token } = await telegramUser();
    const link = await linkFor(token, '01012340003');
    const other = '+201099990003';
    await simulator.simulateUserLinks({ phoneNumber: other, linkToken: link.start });
    expect(botTexts(other)).toEqual([
      telegramLinkReplies.askForContact().text,
      telegramLinkReplies.phoneMismatch().text,
    ]);
    expect((await sendCode(token, '01012340003')).body).toMatchObject({
      code: 'unresolved-phone',
    });
  });

  it('handles a re-delivered update once', async () => {
    const { user, token } = await telegramUser();
    const phone = '+201012340004';
    const link = await linkFor(token, '01012340004');
    const start = updateFrom(phone, { text: `/start ${link.start}` });
    expect(await simulator.deliverUpdate(start)).toBe(200);
    expect(await simulator.deliverUpdate(start)).toBe(200);
    expect(botTexts(phone)).toEqual([telegramLinkReplies.askForContact().text]);

    const chatId = Number(phone.slice(1));
    const contact = updateFrom(phone, {
      contact: { phone_number: phone.slice(1), user_id: chatId },
    });
    expect(await simulator.deliverUpdate(contact)).toBe(200);
    const [first] = await queryRows<{ linked_at: Date }>(
      server.app.database.db,
      sql`select linked_at from telegram_links where user_id = ${user.id}`,
    );
    expect(await simulator.deliverUpdate(contact)).toBe(200);
    expect(botTexts(phone)).toEqual([
      telegramLinkReplies.askForContact().text,
      telegramLinkReplies.linked().text,
    ]);
    const [second] = await queryRows<{ linked_at: Date }>(
      server.app.database.db,
      sql`select linked_at from telegram_links where user_id = ${user.id}`,
    );
    expect(second?.linked_at).toEqual(first?.linked_at);
    const recorded = await queryRows<{ n: number }>(
      server.app.database.db,
      sql`select count(*)::int as n from telegram_updates
          where update_id in (${start.update_id}, ${contact.update_id})`,
    );
    expect(recorded[0]?.n).toBe(2);
  });

  it('answers unknownLink to an expired, unknown or missing token', async () => {
    const { user, token } = await telegramUser();
    const phone = '+201012340005';
    const link = await linkFor(token, '01012340005');
    await server.app.database.db.execute(
      sql`update telegram_links set token_expires_at = now() - interval '1 minute'
          where user_id = ${user.id}`,
    );
    await simulator.simulateUserLinks({ phoneNumber: phone, linkToken: link.start });
    const unknown = telegramLinkReplies.unknownLink().text;
    // Start with the expired token, then the contact share with no pending link.
    expect(botTexts(phone)).toEqual([unknown, unknown]);
    expect((await sendCode(token, '01012340005')).body).toMatchObject({
      code: 'unresolved-phone',
    });

    const stranger = '+201012340006';
    await simulator.deliverUpdate(updateFrom(stranger, { text: '/start' }));
    await simulator.deliverUpdate(updateFrom(stranger, { text: '/start NotARealToken_123' }));
    expect(botTexts(stranger)).toEqual([unknown, unknown]);
  });

  it('stops using the link when the phone changes', async () => {
    const { token } = await telegramUser();
    const link = await linkFor(token, '01012340007');
    await simulator.simulateUserLinks({ phoneNumber: '+201012340007', linkToken: link.start });
    expect((await sendCode(token, '01012340008')).body).toMatchObject({
      code: 'unresolved-phone',
    });
    expect((await linkFor(token, '01012340008')).linked).toBe(false);
  });

  it('answers unresolved-phone when the person blocked the bot', async () => {
    const { token } = await telegramUser();
    const phone = '+201012340009';
    const link = await linkFor(token, '01012340009');
    await simulator.simulateUserLinks({ phoneNumber: phone, linkToken: link.start });
    simulator.setBlocked(phone, true);
    expect((await sendCode(token, '01012340009')).body).toMatchObject({
      code: 'unresolved-phone',
    });
  });

  it('needs a phone to link, and a session', async () => {
    const { token } = await telegramUser();
    const none = await api('POST', '/confirmation-code/phone/telegram-link', { token, body: {} });
    expect(none).toMatchObject({ status: 400, body: { code: 'phone-required' } });
    const noBody = await api('POST', '/confirmation-code/phone/telegram-link', { token });
    expect(noBody).toMatchObject({ status: 400, body: { code: 'phone-required' } });
    const bad = await api('POST', '/confirmation-code/phone/telegram-link', {
      token,
      body: { phone: '0123' },
    });
    expect(bad.body).toMatchObject({ code: 'invalid-phone' });
    const anonymous = await api('POST', '/confirmation-code/phone/telegram-link', {
      body: { phone: '01012345678' },
    });
    expect(anonymous.status).toBe(401);
  });
});
