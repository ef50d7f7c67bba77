import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CodePurpose, ServerEvent } from '@talaqa/domain';
import type { PhoneCodeDeliveryAnswer, PhoneCodeUndeliveredEvent } from '@talaqa/domain';
import { confirmationCodes, whatsappMessages } from '../../src/db/schema';
import type { WhatsAppMessageRow } from '../../src/db/schema';
import { LOCAL_WHATSAPP } from '../../src/integrations/messaging-factory';
import {
  signWebhookBody,
  statusNotification,
  WHATSAPP_SIGNATURE_HEADER,
} from '../../src/integrations/whatsapp';
import type { WhatsAppSimulator, WhatsAppStatus } from '../../src/integrations/whatsapp';
import { issueCode } from '../../src/modules/codes';
import { recordAcceptedMessage } from '../../src/modules/whatsapp/service';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { student } from './payments-fixtures';

/**
 * Issue 16: the Cloud API accepts a message (200 and an id) and reports later, by the signed
 * status webhook, whether it arrived. A code that cannot be delivered is withdrawn and the user
 * told (socket event, and the screen's poll); states only move forward; repeats change nothing.
 */

let server: TestServer;
const sockets: Socket[] = [];
const WEBHOOK = '/api/v1/whatsapp/webhook';

beforeAll(async () => {
  server = await startTestServer({ trustedAddresses: ['127.0.0.1'] });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

const simulator = (): WhatsAppSimulator => {
  const running = server.app.whatsapp.simulator;
  if (!running) throw new Error('no WhatsApp simulator');
  return running;
};

/** Every PhoneCodeUndelivered the caller's socket receives. */
async function listen(caller: Caller): Promise<PhoneCodeUndeliveredEvent[]> {
  const socket = connect(server.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: caller.token },
  });
  sockets.push(socket);
  const received: PhoneCodeUndeliveredEvent[] = [];
  socket.on(ServerEvent.PhoneCodeUndelivered, (event: PhoneCodeUndeliveredEvent) =>
    received.push(event),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return received;
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const rowsOf = (userId: number): Promise<WhatsAppMessageRow[]> =>
  server.app.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.userId, userId));

const rowByWamid = async (wamid: string): Promise<WhatsAppMessageRow | undefined> =>
  (
    await server.app.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.wamid, wamid))
  )[0];

/** A notification as Meta posts it, signed with the app secret unless told otherwise. */
async function postStatus(
  wamid: string,
  status: WhatsAppStatus,
  options: { secret?: string | null; timestamp?: number; code?: number } = {},
): Promise<Response> {
  const body = JSON.stringify(
    statusNotification({
      businessAccountId: '100000000000002',
      phoneNumberId: LOCAL_WHATSAPP.phoneNumberId,
      displayPhoneNumber: '15550000001',
      statuses: [
        {
          id: wamid,
          status,
          timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
          recipientId: '201012345678',
          ...(status === 'failed'
            ? {
                errors: [
                  {
                    code: options.code ?? 131026,
                    title: 'Message undeliverable',
                    message: 'Message undeliverable',
                    details: 'Message Undeliverable.',
                  },
                ],
              }
            : {}),
        },
      ],
    }),
  );
  const secret = options.secret === undefined ? LOCAL_WHATSAPP.appSecret : options.secret;
  return fetch(`${server.baseUrl}${WEBHOOK}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret === null ? {} : { [WHATSAPP_SIGNATURE_HEADER]: signWebhookBody(body, secret) }),
    },
    body,
  });
}

const codeRows = (userId: number) =>
  server.app.database.db
    .select()
    .from(confirmationCodes)
    .where(eq(confirmationCodes.userId, userId));

const delivery = async (caller: Caller): Promise<PhoneCodeDeliveryAnswer> =>
  (await call<PhoneCodeDeliveryAnswer>(server, 'GET', '/confirmation-code/phone/delivery', caller))
    .body;

describe('the verification handshake', () => {
  const handshake = (query: Record<string, string>) =>
    fetch(`${server.baseUrl}${WEBHOOK}?${new URLSearchParams(query).toString()}`);

  it('answers the challenge, as plain text, to the right verify token', async () => {
    const response = await handshake({
      'hub.mode': 'subscribe',
      'hub.verify_token': LOCAL_WHATSAPP.verifyToken,
      'hub.challenge': '1158201444',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('1158201444');
  });

  it('refuses a wrong token, another mode or a missing challenge with 403', async () => {
    const queries: Record<string, string>[] = [
      { 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1' },
      {
        'hub.mode': 'unsubscribe',
        'hub.verify_token': LOCAL_WHATSAPP.verifyToken,
        'hub.challenge': '1',
      },
      { 'hub.mode': 'subscribe', 'hub.verify_token': LOCAL_WHATSAPP.verifyToken },
      {},
    ];
    for (const query of queries) {
      const response = await handshake(query);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it('is how the simulator subscribed this server at start', () => {
    expect(simulator().webhook()).toBe(`${server.baseUrl}${WEBHOOK}`);
  });
});

describe('a code WhatsApp accepts and then cannot deliver', () => {
  it('is withdrawn; the socket gets PhoneCodeUndelivered and the poll unresolved-phone', async () => {
    const caller = await student(server, { phone: null });
    const events = await listen(caller);
    // The simulator treats numbers ending in 0000 as not on WhatsApp, as before; but now, like
    // Meta, it accepts the send and reports the failure through the webhook.
    const sent = await call(server, 'POST', '/confirmation-code/phone/send', caller, {
      phone: '01012340000',
    });
    expect(sent.status).toBe(200);
    const [row] = await rowsOf(caller.id);
    expect(row).toMatchObject({ purpose: 'code', phone: '+201012340000' });
    expect(row?.wamid).toMatch(/^wamid\./);

    await until(() => events.length > 0, 'PhoneCodeUndelivered');
    expect(events).toEqual([
      { code: 'unresolved-phone', message: expect.any(String), phone: '+201012340000' },
    ]);
    expect(await delivery(caller)).toEqual({
      state: 'failed',
      phone: '+201012340000',
      error: { code: 'unresolved-phone', message: expect.any(String) },
    });
    expect(await rowByWamid(row?.wamid ?? '')).toMatchObject({
      state: 'failed',
      errorCode: 131026,
      errorTitle: 'Message undeliverable',
    });
    // Withdrawn as a refused send is: nothing to confirm, and no resend delay to wait out.
    const codes = await server.app.database.db
      .select()
      .from(confirmationCodes)
      .where(eq(confirmationCodes.userId, caller.id));
    expect(codes).toEqual([]);
    const again = await call(server, 'POST', '/confirmation-code/phone/send', caller, {
      phone: '01012345670',
    });
    expect(again.status).toBe(200);
  });

  it('a delivered code shows as delivered on the poll, and nothing is withdrawn', async () => {
    const caller = await student(server, { phone: null });
    const events = await listen(caller);
    await call(server, 'POST', '/confirmation-code/phone/send', caller, { phone: '01012345671' });
    expect((await delivery(caller)).state).toMatch(/^(accepted|sent|delivered)$/);
    await until(async () => (await delivery(caller)).state === 'delivered', 'delivered');
    await simulator().settled();
    expect(events).toEqual([]);
    expect(await delivery(caller)).toEqual({
      state: 'delivered',
      phone: '+201012345671',
      error: null,
    });
  });

  it('a user who sent no WhatsApp code polls `none`', async () => {
    const caller = await student(server, { phone: null });
    expect(await delivery(caller)).toEqual({ state: 'none', phone: null, error: null });
    expect((await call(server, 'GET', '/confirmation-code/phone/delivery', null)).status).toBe(401);
  });
});

describe('the signature', () => {
  it('missing: 401; wrong: 403; and nothing is recorded', async () => {
    const wamid = `wamid.unsigned-${Date.now()}`;
    const missing = await postStatus(wamid, 'failed', { secret: null });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'unauthenticated' });
    const wrong = await postStatus(wamid, 'failed', { secret: 'not-the-app-secret' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: 'forbidden' });
    const garbled = await fetch(`${server.baseUrl}${WEBHOOK}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [WHATSAPP_SIGNATURE_HEADER]: 'sha256=00' },
      body: '{}',
    });
    expect(garbled.status).toBe(403);
    expect(await rowByWamid(wamid)).toBeUndefined();
  });

  it('is checked over the raw bytes: the same JSON re-spaced does not pass', async () => {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const signature = signWebhookBody(body, LOCAL_WHATSAPP.appSecret);
    const respaced = await fetch(`${server.baseUrl}${WEBHOOK}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [WHATSAPP_SIGNATURE_HEADER]: signature },
      body: JSON.stringify(JSON.parse(body), null, 2),
    });
    expect(respaced.status).toBe(403);
    const exact = await fetch(`${server.baseUrl}${WEBHOOK}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [WHATSAPP_SIGNATURE_HEADER]: signature },
      body,
    });
    expect(exact.status).toBe(200);
  });
});

describe('statuses', () => {
  /** A code sent to a reachable number, once the simulator's own callbacks are in. */
  async function deliveredCode(phone: string): Promise<{ caller: Caller; wamid: string }> {
    const caller = await student(server, { phone: null });
    await call(server, 'POST', '/confirmation-code/phone/send', caller, { phone });
    await simulator().settled();
    const [row] = await rowsOf(caller.id);
    if (!row) throw new Error('no message recorded');
    return { caller, wamid: row.wamid };
  }

  it('a failure delivered again changes nothing and tells the user once', async () => {
    const { caller, wamid } = await deliveredCode('01012345672');
    const events = await listen(caller);
    expect((await postStatus(wamid, 'failed', { code: 131026 })).status).toBe(200);
    await until(() => events.length === 1, 'the event');
    const after = await rowByWamid(wamid);
    expect(after).toMatchObject({ state: 'failed', errorCode: 131026 });

    expect((await postStatus(wamid, 'failed', { code: 131047 })).status).toBe(200);
    expect((await postStatus(wamid, 'delivered')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toHaveLength(1);
    expect(await rowByWamid(wamid)).toEqual(after);
  });

  it('out of order: read stays read; earlier statuses only stamp their time', async () => {
    const caller = await student(server, { phone: null });
    // A message of this user whose statuses we post ourselves (the simulator's are not involved).
    const wamid = `wamid.ordered-${Date.now()}`;
    await server.app.database.db
      .insert(whatsappMessages)
      .values({ wamid, userId: caller.id, purpose: 'code', phone: '+201012345673', codeId: null });
    const t = Math.floor(Date.now() / 1000);
    await postStatus(wamid, 'read', { timestamp: t + 2 });
    await postStatus(wamid, 'delivered', { timestamp: t + 1 });
    await postStatus(wamid, 'sent', { timestamp: t });
    await postStatus(wamid, 'failed', { timestamp: t + 3 });
    const row = await rowByWamid(wamid);
    expect(row).toMatchObject({ state: 'read', errorCode: null, failedAt: expect.any(Date) });
    expect(row?.sentAt?.getTime()).toBe(t * 1000);
    expect(row?.deliveredAt?.getTime()).toBe((t + 1) * 1000);
    expect(row?.readAt?.getTime()).toBe((t + 2) * 1000);
    expect((await delivery(caller)).state).toBe('read');
  });

  it('a failure that comes before the send is recorded is acted on by the send, once', async () => {
    const caller = await student(server, { phone: null });
    const db = server.app.database.db;
    const issued = await issueCode(
      db,
      server.config.jwtSecret,
      { userId: caller.id, purpose: CodePurpose.VerifyWhatsApp, target: '+201012345674' },
      server.app.clock.now(),
    );
    const wamid = `wamid.early-${Date.now()}`;
    expect((await postStatus(wamid, 'failed')).status).toBe(200);
    // No owner yet: recorded, nothing done.
    expect(await rowByWamid(wamid)).toMatchObject({ state: 'failed', userId: null });
    expect(await codeRows(caller.id)).toHaveLength(1);

    const message = {
      wamid,
      userId: caller.id,
      phone: '+201012345674',
      purpose: 'code' as const,
      codeId: issued.id,
    };
    await expect(
      recordAcceptedMessage({ db, clock: server.app.clock }, message),
    ).rejects.toMatchObject({
      code: 'unresolved-phone',
    });
    expect(await codeRows(caller.id)).toEqual([]);
    expect(await rowByWamid(wamid)).toMatchObject({ userId: caller.id, state: 'failed' });
    // Recorded again (a retry): the failure was handled already.
    await expect(
      recordAcceptedMessage({ db, clock: server.app.clock }, message),
    ).resolves.toBeUndefined();
  });

  it('unknown statuses and other fields are acknowledged and ignored', async () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: { statuses: [{ id: 'wamid.x', status: 'deleted', timestamp: '1' }] },
            },
            { field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } },
          ],
        },
      ],
    });
    const response = await fetch(`${server.baseUrl}${WEBHOOK}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [WHATSAPP_SIGNATURE_HEADER]: signWebhookBody(body, LOCAL_WHATSAPP.appSecret),
      },
      body,
    });
    expect(response.status).toBe(200);
    expect(await rowByWamid('wamid.x')).toBeUndefined();
  });
});
