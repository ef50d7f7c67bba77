import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MessagingError } from '../../src/integrations/messaging';
import { Outbox } from '../../src/integrations/outbox';
import {
  cloudTemplateMessageSchema,
  createWhatsAppCloudSender,
  notificationSchema,
  signWebhookBody,
  startWhatsAppSimulator,
  statusUpdates,
  verifyWebhookSignature,
} from '../../src/integrations/whatsapp';
import type { WhatsAppSimulator } from '../../src/integrations/whatsapp';

const outbox = new Outbox();
const credentials = { accessToken: 'test-access-token', phoneNumberId: '106540352242922' };
const webhookSecrets = { appSecret: 'test-app-secret', verifyToken: 'test-verify-token-0001' };
let simulator: WhatsAppSimulator;

/** A webhook receiver, as our server is: the handshake, then every signed POST recorded. */
interface Receiver {
  url: string;
  posts: { signature: string | undefined; body: string }[];
  close(): Promise<void>;
}
async function startReceiver(verifyToken = webhookSecrets.verifyToken): Promise<Receiver> {
  const posts: Receiver['posts'] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET') {
      const ok =
        url.searchParams.get('hub.mode') === 'subscribe' &&
        url.searchParams.get('hub.verify_token') === verifyToken;
      response.writeHead(ok ? 200 : 403, { 'content-type': 'text/plain' });
      response.end(ok ? (url.searchParams.get('hub.challenge') ?? '') : 'no');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['x-hub-signature-256'];
      posts.push({
        signature: typeof signature === 'string' ? signature : undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    posts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const sender = (overrides: Partial<Parameters<typeof createWhatsAppCloudSender>[0]> = {}) =>
  createWhatsAppCloudSender({
    apiUrl: simulator.url,
    apiVersion: 'v21.0',
    templateName: 'talaqa_code',
    languageCode: 'ar',
    ...credentials,
    ...overrides,
  });

async function failureOf(promise: Promise<unknown>): Promise<MessagingError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MessagingError);
  return error as MessagingError;
}

beforeAll(async () => {
  simulator = await startWhatsAppSimulator({
    outbox,
    port: 0,
    ...credentials,
    ...webhookSecrets,
    templateName: 'talaqa_code',
    templateLanguage: 'ar',
    callbackDelayMs: 5,
  });
});
afterAll(() => simulator.close());
// Statuses of an earlier test's messages still in flight would reach the next test's receiver.
beforeEach(async () => {
  await simulator.settled();
  outbox.clear();
});

describe('WhatsApp Cloud API adapter <-> simulator', () => {
  it('sends the authentication template and gets a wamid; the outbox has the code', async () => {
    const { messageId } = await sender().sendCode('+20 100 123 4567', '48213', 'verify-phone');

    expect(messageId).toMatch(/^wamid\.[\w-]+$/);
    const message = outbox.latest('+201001234567', 'whatsapp');
    expect(message?.text).toContain('48213');
    expect(message?.meta).toMatchObject({
      wamid: messageId,
      template: 'talaqa_code',
      language: 'ar',
    });
  });

  it('posts exactly the Cloud API template shape with the copy-code button', async () => {
    await sender().sendCode('+201001234567', '90210', 'reset-password');
    const body = simulator.requests.at(-1);
    expect(cloudTemplateMessageSchema.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+201001234567',
      type: 'template',
      template: {
        name: 'talaqa_code',
        language: { code: 'ar' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '90210' }] },
          {
            type: 'button',
            sub_type: 'url',
            index: '0',
            parameters: [{ type: 'text', text: '90210' }],
          },
        ],
      },
    });
  });

  it('answers the Cloud API success shape', async () => {
    const response = await fetch(`${simulator.url}/v21.0/${credentials.phoneNumberId}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${credentials.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: '201001234567',
        type: 'template',
        template: {
          name: 'talaqa_code',
          language: { code: 'ar' },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: '11111' }] },
            {
              type: 'button',
              sub_type: 'url',
              index: 0,
              parameters: [{ type: 'text', text: '11111' }],
            },
          ],
        },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '201001234567', wa_id: '201001234567' }],
      messages: [{ id: expect.stringMatching(/^wamid\./), message_status: 'accepted' }],
    });
  });

  it('a wrong access token is 401 with a Graph error, and unavailable to the caller', async () => {
    const failure = await failureOf(
      sender({ accessToken: 'wrong' }).sendCode('+201001234567', '12345', 'verify-phone'),
    );
    expect(failure.kind).toBe('unavailable');
    expect(failure.providerCode).toBe(190);
    expect(outbox.size).toBe(0);

    const raw = await fetch(`${simulator.url}/v21.0/${credentials.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({
      error: {
        message: expect.any(String),
        type: 'OAuthException',
        code: 190,
        fbtrace_id: expect.any(String),
      },
    });
  });

  it('a wrong phone-number id is 400 code 100/33, unavailable', async () => {
    const failure = await failureOf(
      sender({ phoneNumberId: '999' }).sendCode('+201001234567', '12345', 'verify-phone'),
    );
    expect(failure.kind).toBe('unavailable');
    expect(failure.providerCode).toBe(100);
  });

  it('a number ending in 0000 is accepted (200, an id), then fails by webhook with 131026', async () => {
    // Meta's Cloud API: the send answers 200 with a message id; that the number is not on
    // WhatsApp comes later, as a `failed` status with error 131026 (README.md). Not a 400.
    const receiver = await startReceiver();
    try {
      await simulator.subscribe(receiver.url);
      const { messageId } = await sender().sendCode('+201001230000', '12345', 'verify-phone');
      expect(messageId).toMatch(/^wamid\./);
      expect(outbox.size).toBe(0);
      await simulator.settled();
      expect(receiver.posts).toHaveLength(1);
      const [post] = receiver.posts;
      expect(post?.signature).toBe(signWebhookBody(post?.body ?? '', webhookSecrets.appSecret));
      expect(
        verifyWebhookSignature(
          post?.signature,
          Buffer.from(post?.body ?? ''),
          webhookSecrets.appSecret,
        ),
      ).toBe(true);
      const updates = statusUpdates(notificationSchema.parse(JSON.parse(post?.body ?? '')));
      expect(updates).toEqual([
        {
          wamid: messageId,
          status: 'failed',
          at: expect.any(Date),
          recipientId: '201001230000',
          error: { code: 131026, title: 'Message undeliverable' },
        },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('a reachable number gets sent then delivered, signed, on the subscribed URL', async () => {
    const receiver = await startReceiver();
    try {
      await simulator.subscribe(receiver.url);
      const { messageId } = await sender().sendCode('+201001234567', '12345', 'verify-phone');
      await simulator.settled();
      const statuses = receiver.posts.flatMap((post) =>
        statusUpdates(notificationSchema.parse(JSON.parse(post.body))),
      );
      expect(statuses.map((s) => [s.wamid, s.status, s.error])).toEqual([
        [messageId, 'sent', undefined],
        [messageId, 'delivered', undefined],
      ]);
      expect(simulator.callbacks.slice(-2).map((c) => c.httpStatus)).toEqual([200, 200]);
    } finally {
      await receiver.close();
    }
  });

  it('subscribing needs the verification handshake to pass', async () => {
    const receiver = await startReceiver('another-verify-token');
    try {
      await expect(simulator.subscribe(receiver.url)).rejects.toThrow(/verification/);
      expect(simulator.webhook()).not.toBe(receiver.url);
    } finally {
      await receiver.close();
    }
  });

  it('a malformed number is invalid-phone, before and at the API', async () => {
    const local = await failureOf(sender().sendCode('12', '12345', 'verify-phone'));
    expect(local.kind).toBe('invalid-phone');

    const response = await fetch(`${simulator.url}/v21.0/${credentials.phoneNumberId}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${credentials.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: '12',
        type: 'template',
        template: {
          name: 'talaqa_code',
          language: { code: 'ar' },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: '1' }] },
            {
              type: 'button',
              sub_type: 'url',
              index: '0',
              parameters: [{ type: 'text', text: '1' }],
            },
          ],
        },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 131009 } });
  });

  it('an unknown template is 132001, unavailable', async () => {
    const failure = await failureOf(
      sender({ templateName: 'nope' }).sendCode('+201001234567', '12345', 'verify-phone'),
    );
    expect(failure.kind).toBe('unavailable');
    expect(failure.providerCode).toBe(132001);
  });

  it('an unreachable API is unavailable', async () => {
    const down = await startWhatsAppSimulator({
      outbox,
      port: 0,
      ...credentials,
      ...webhookSecrets,
    });
    await down.close();
    const failure = await failureOf(
      createWhatsAppCloudSender({
        apiUrl: down.url,
        templateName: 't',
        ...credentials,
      }).sendCode('+201001234567', '12345', 'verify-phone'),
    );
    expect(failure.kind).toBe('unavailable');
  });
});
