import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MessagingError } from '../../src/integrations/messaging';
import { Outbox } from '../../src/integrations/outbox';
import {
  createLinkToken,
  createTelegramBotSender,
  createTelegramPhoneMessenger,
  parseTelegramUpdate,
  startTelegramSimulator,
  TELEGRAM_SECRET_HEADER,
  telegramLinkReplies,
  verifyWebhookSecret,
} from '../../src/integrations/telegram';
import type {
  TelegramBotSender,
  TelegramSimulator,
  TelegramUpdate,
} from '../../src/integrations/telegram';

const BOT_TOKEN = '7000000002:test-telegram-bot-token-for-vitest';
const SECRET = 'webhook-secret_123';
const outbox = new Outbox();
let simulator: TelegramSimulator;
let bot: TelegramBotSender;

/** A stand-in for our webhook route: checks the secret, parses, answers like the real bot. */
let webhook: FastifyInstance;
let webhookUrl: string;
const received: Array<{ secretOk: boolean; update: TelegramUpdate }> = [];
const links = new Map<string, number>();

async function startWebhook(): Promise<void> {
  webhook = Fastify();
  webhook.post('/telegram/webhook', async (request, reply) => {
    const secretOk = verifyWebhookSecret(request.headers[TELEGRAM_SECRET_HEADER], SECRET);
    if (!secretOk) return reply.code(401).send();
    const update = parseTelegramUpdate(request.body);
    received.push({ secretOk, update });
    if (update.kind === 'start') {
      const { text, replyMarkup } = telegramLinkReplies.askForContact();
      await bot.sendMessage(update.chatId, text, replyMarkup);
    } else if (update.kind === 'contact' && update.isOwnContact) {
      links.set(update.phoneNumber, update.chatId);
      const { text, replyMarkup } = telegramLinkReplies.linked();
      await bot.sendMessage(update.chatId, text, replyMarkup);
    }
    return reply.code(200).send();
  });
  await webhook.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(webhook.server.address() as AddressInfo).port}/telegram/webhook`;
}

async function failureOf(promise: Promise<unknown>): Promise<MessagingError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MessagingError);
  return error as MessagingError;
}

const botApi = (method: string, token = BOT_TOKEN, body: unknown = {}) =>
  fetch(`${simulator.url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  simulator = await startTelegramSimulator({ outbox, port: 0, botToken: BOT_TOKEN });
  bot = createTelegramBotSender({ apiUrl: simulator.url, botToken: BOT_TOKEN });
  await startWebhook();
});
afterAll(async () => {
  await simulator.close();
  await webhook.close();
});
beforeEach(() => {
  outbox.clear();
  received.length = 0;
});

describe('Telegram Bot API adapter <-> simulator', () => {
  it('getMe answers the bot', async () => {
    await expect(bot.getMe()).resolves.toEqual({
      id: 7000000002,
      isBot: true,
      firstName: expect.any(String),
      username: 'talaqa_local_bot',
    });
  });

  it('setWebhook stores the URL and secret', async () => {
    await bot.setWebhook(webhookUrl, SECRET);
    expect(simulator.webhook()).toEqual({ url: webhookUrl, secretToken: SECRET });
    const info = await (await botApi('getWebhookInfo')).json();
    expect(info).toMatchObject({ ok: true, result: { url: webhookUrl, pending_update_count: 0 } });
  });

  it('simulateUserLinks delivers /start <token> and the own contact, with the secret header', async () => {
    await bot.setWebhook(webhookUrl, SECRET);
    const linkToken = createLinkToken();
    const result = await simulator.simulateUserLinks({ phoneNumber: '+201001234567', linkToken });

    expect(result).toMatchObject({ phoneNumber: '+201001234567', chatId: 201001234567 });
    expect(received.map((r) => r.update)).toEqual([
      {
        kind: 'start',
        updateId: expect.any(Number),
        chatId: 201001234567,
        telegramUserId: 201001234567,
        linkToken,
      },
      {
        kind: 'contact',
        updateId: expect.any(Number),
        chatId: 201001234567,
        telegramUserId: 201001234567,
        phoneNumber: '+201001234567',
        isOwnContact: true,
      },
    ]);
    const [start, contact] = result.updates;
    expect(contact.update_id).toBe(start.update_id + 1);
    expect(start.message?.text).toBe(`/start ${linkToken}`);

    // The bot's answers (sent through the Bot API) reach the user's chat.
    const texts = outbox.list({ channel: 'telegram', to: '+201001234567' }).map((m) => m.text);
    expect(texts).toEqual([
      telegramLinkReplies.linked().text,
      telegramLinkReplies.askForContact().text,
    ]);
    expect(outbox.list()[1]?.meta).toMatchObject({
      chatId: 201001234567,
      replyMarkup: { keyboard: [[{ request_contact: true }]] },
    });
  });

  it('a foreign contact is told apart', async () => {
    await bot.setWebhook(webhookUrl, SECRET);
    await simulator.simulateUserLinks({
      phoneNumber: '+201009999999',
      linkToken: 'tok',
      shareOthersContact: true,
    });
    expect(received[1]?.update).toMatchObject({ kind: 'contact', isOwnContact: false });
  });

  it('a webhook that refuses the secret fails the simulation', async () => {
    await bot.setWebhook(webhookUrl, 'another-secret');
    await expect(
      simulator.simulateUserLinks({ phoneNumber: '+201001234567', linkToken: 'tok' }),
    ).rejects.toThrow(/401/);
    expect(received).toHaveLength(0);
  });

  it('sendMessage to a linked chat succeeds; HTML is shown as the user sees it', async () => {
    const { messageId } = await bot.sendMessage(
      201001234567,
      'الرمز: <code>12345</code>',
      undefined,
      {
        parseMode: 'HTML',
      },
    );
    expect(messageId).toBeGreaterThan(0);
    expect(outbox.latest('+201001234567', 'telegram')).toMatchObject({
      text: 'الرمز: 12345',
      meta: { chatId: 201001234567, messageId, parseMode: 'HTML' },
    });
  });

  it('a user who blocked the bot answers 403, unresolved-phone', async () => {
    simulator.setBlocked('+201001234567', true);
    const raw = await botApi('sendMessage', BOT_TOKEN, { chat_id: 201001234567, text: 'x' });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    const failure = await failureOf(bot.sendMessage(201001234567, 'x'));
    expect(failure).toMatchObject({ kind: 'unresolved-phone', providerCode: 403 });
    simulator.setBlocked('+201001234567', false);
    expect(outbox.size).toBe(0);
  });

  it('an unknown chat is 400 chat not found, unresolved-phone', async () => {
    const raw = await botApi('sendMessage', BOT_TOKEN, { chat_id: 42, text: 'x' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: chat not found',
    });
    expect((await failureOf(bot.sendMessage(42, 'x'))).kind).toBe('unresolved-phone');
  });

  it('a wrong token is 401 Unauthorized, unavailable', async () => {
    const raw = await botApi('getMe', '123:wrong');
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    const wrong = createTelegramBotSender({ apiUrl: simulator.url, botToken: '123:wrong' });
    const failure = await failureOf(wrong.sendMessage(201001234567, 'x'));
    expect(failure).toMatchObject({ kind: 'unavailable', providerCode: 401 });
    expect(failure.message).not.toContain('wrong');
    await expect(wrong.setWebhook(webhookUrl, SECRET)).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });

  it('an empty text and an unknown method are refused as Telegram does', async () => {
    const empty = await botApi('sendMessage', BOT_TOKEN, { chat_id: 201001234567, text: '' });
    expect(await empty.json()).toMatchObject({ ok: false, error_code: 400 });
    const unknown = await botApi('sendPigeon');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ ok: false, error_code: 404, description: 'Not Found' });
  });

  it('accepts GET with query parameters, like the Bot API', async () => {
    const response = await fetch(
      `${simulator.url}/bot${BOT_TOKEN}/sendMessage?chat_id=201001234567&text=${encodeURIComponent('مرحبا')}`,
    );
    expect(await response.json()).toMatchObject({ ok: true, result: { text: 'مرحبا' } });
  });
});

describe('Telegram PhoneMessenger', () => {
  const messenger = createTelegramPhoneMessenger({
    bot: {
      sendMessage: (...args) => bot.sendMessage(...args),
      setWebhook: (...args) => bot.setWebhook(...args),
      getMe: () => bot.getMe(),
    },
    resolveChatId: async (phone) => links.get(phone),
    codeValidityMinutes: 10,
  });

  it('an unlinked number is unresolved-phone', async () => {
    const failure = await failureOf(messenger.sendCode('+201112223333', '12345', 'verify-phone'));
    expect(failure.kind).toBe('unresolved-phone');
  });

  it('after the user links the bot, the code reaches the chat', async () => {
    await bot.setWebhook(webhookUrl, SECRET);
    await simulator.simulateUserLinks({
      phoneNumber: '+201112223333',
      linkToken: createLinkToken(),
    });
    const { messageId } = await messenger.sendCode('+20 111 222 3333', '67890', 'verify-phone');
    expect(messageId).toMatch(/^\d+$/);
    const message = outbox.latest('+201112223333', 'telegram');
    expect(message?.text).toContain('67890');
    expect(message?.text).not.toContain('<code>');
    expect(message?.meta).toMatchObject({ parseMode: 'HTML' });
  });

  it('the simulator plays the user over HTTP too (for e2e tests)', async () => {
    await bot.setWebhook(webhookUrl, SECRET);
    const response = await fetch(`${simulator.url}/simulator/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: '+201114445555', linkToken: 'http-token' }),
    });
    expect(await response.json()).toEqual({ phoneNumber: '+201114445555', chatId: 201114445555 });
    expect(received.map((r) => r.update.kind)).toEqual(['start', 'contact']);
  });
});
