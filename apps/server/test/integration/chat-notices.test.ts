import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { Role } from '@talaqa/domain';
import { chatMembers, jobs, telegramLinks, users, whatsappMessages } from '../../src/db/schema';
import type { WhatsAppMessageRow } from '../../src/db/schema';
import { LOCAL_WHATSAPP } from '../../src/integrations/messaging-factory';
import type { OutboxMessage } from '../../src/integrations/outbox';
import {
  signWebhookBody,
  statusNotification,
  WHATSAPP_SIGNATURE_HEADER,
} from '../../src/integrations/whatsapp';
import type { WhatsAppSimulator } from '../../src/integrations/whatsapp';
import { CHAT_NOTICE_JOB } from '../../src/modules/chat/notice-jobs';
import { CHAT_NOTICE_FALLBACK_JOB } from '../../src/modules/whatsapp';
import { callApi } from './api';
import type { Caller } from './api';
import { ack, chatSocket, chatUserOf, clientId, openRoom } from './chat-fixtures';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';

/**
 * Offline chat notifications (issue 18 item 7, decision 271): one per room and member per quiet
 * period, through the member's notification method, never while they are online, have read, or
 * muted the room. The runner never polls by itself: `quietPeriodEnds` makes the pending notice
 * jobs due and runs them.
 */

const QUIET = { jobsPollMs: 3_600_000 };

let server: TestServer;
const opened: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer(QUIET);
});
afterEach(() => {
  for (const socket of opened.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

const db = () => server.app.database.db;

async function quietPeriodEnds(): Promise<void> {
  await db().execute(sql`update jobs set run_at = now()
    where kind = ${CHAT_NOTICE_JOB} and done_at is null and canceled_at is null`);
  await server.app.jobs.runDue();
}

const pendingNotices = async (roomId: number, userId: number) =>
  db()
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, CHAT_NOTICE_JOB),
        eq(jobs.key, `${String(roomId)}:${String(userId)}`),
        sql`done_at is null and canceled_at is null`,
      ),
    );

async function emailOf(id: number): Promise<string> {
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row.email;
}

async function inbox(id: number, phone?: string): Promise<OutboxMessage[]> {
  const messages = server.outbox.list({ to: await emailOf(id) });
  return phone ? [...messages, ...server.outbox.list({ to: phone })] : messages;
}

async function send(socket: Socket, roomId: number, text: string): Promise<void> {
  const answer = await ack(socket, 'SendMessage', { roomId, clientId: clientId(), text });
  expect(answer.result).toBe('ok');
}

async function readAll(roomId: number, userId: number): Promise<void> {
  await db()
    .update(chatMembers)
    .set({ lastReadSeq: sql`(select last_seq from chat_rooms where id = ${roomId})` })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
}

let phones = 0;
const freshPhone = (): string => {
  phones += 1;
  return `+2011${String(Date.now() % 1_000_000).padStart(6, '0')}${String((phones % 90) + 10)}`;
};

async function setChannel(
  userId: number,
  fields: { method: 'whatsapp' | 'telegram' | 'none'; phone?: string; verified?: boolean },
): Promise<void> {
  await db()
    .update(users)
    .set({
      notificationMethod: fields.method,
      phone: fields.phone ?? null,
      phoneVerified: fields.verified ?? false,
    })
    .where(eq(users.id, userId));
}

/** A student who wrote to an offline tutor, with the student's socket to write more. */
async function conversation(): Promise<{
  student: Caller;
  tutor: Caller;
  roomId: number;
  socket: Socket;
}> {
  const student = await chatUserOf(server, Role.Student, { name: 'سارة' });
  const tutor = await chatUserOf(server, Role.Tutor);
  const { room } = await openRoom(server, student, tutor, 'مرحبًا يا أستاذ');
  const socket = await chatSocket(server, student, opened);
  return { student, tutor, roomId: room.id, socket };
}

describe('offline chat notifications', () => {
  it('sends an offline member one e-mail for a burst, with the count, excerpt and link', async () => {
    const { student, tutor, roomId, socket } = await conversation();
    const [first] = await pendingNotices(roomId, tutor.id);
    await send(socket, roomId, 'هل عندك وقت غدًا؟');
    await send(socket, roomId, 'أريد أن أتدرب على المحادثة\nقبل المقابلة');
    const pending = await pendingNotices(roomId, tutor.id);
    // The burst keeps the first message's job and its time: the quiet period is not stretched.
    expect(pending).toHaveLength(1);
    expect(pending[0]?.id).toBe(first?.id);
    expect(pending[0]?.runAt.toISOString()).toBe(first?.runAt.toISOString());
    // The sender is not notified of their own messages.
    expect(await pendingNotices(roomId, student.id)).toHaveLength(0);

    await quietPeriodEnds();
    const mail = await inbox(tutor.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.channel).toBe('email');
    expect(mail[0]?.subject).toContain('سارة');
    expect(mail[0]?.text).toContain('٣ رسائل');
    expect(mail[0]?.text).toContain('أريد أن أتدرب على المحادثة قبل المقابلة');
    expect(mail[0]?.text).toContain(`/chat?room=${String(roomId)}`);
    expect(await inbox(student.id)).toHaveLength(0);

    // The job run again (at least once) and later quiet periods with nothing new: no second one.
    await db()
      .update(jobs)
      .set({ doneAt: null, runAt: sql`now()`, attempts: 0 })
      .where(eq(jobs.id, first?.id ?? 0));
    await server.app.jobs.runDue();
    await quietPeriodEnds();
    expect(await inbox(tutor.id)).toHaveLength(1);
  });

  it('sends nothing to a member who is online when the quiet period ends', async () => {
    const { tutor, roomId } = await conversation();
    await chatSocket(server, tutor, opened);
    // Presence counts the connection once the server has recorded it.
    await expect
      .poll(async () => {
        const answer = await callApi<{ id: number; online: boolean }[]>(
          server,
          'GET',
          `/chat/room/members/${String(roomId)}`,
          { token: tutor.token },
        );
        return answer.body.find((member) => member.id === tutor.id)?.online;
      })
      .toBe(true);
    await quietPeriodEnds();
    expect(await inbox(tutor.id)).toHaveLength(0);
  });

  it('never notifies of a muted room, and schedules nothing for it', async () => {
    const { tutor, roomId, socket } = await conversation();
    await db()
      .update(chatMembers)
      .set({ muted: true })
      .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, tutor.id)));
    // Muted after the first message: its pending job finds the room muted.
    await send(socket, roomId, 'رسالة في غرفة مكتومة');
    expect(await pendingNotices(roomId, tutor.id)).toHaveLength(1);
    await quietPeriodEnds();
    await send(socket, roomId, 'وأخرى');
    expect(await pendingNotices(roomId, tutor.id)).toHaveLength(0);
    await quietPeriodEnds();
    expect(await inbox(tutor.id)).toHaveLength(0);
  });

  it('sends nothing when the member read before the quiet period ended', async () => {
    const { tutor, roomId } = await conversation();
    await readAll(roomId, tutor.id);
    await quietPeriodEnds();
    expect(await inbox(tutor.id)).toHaveLength(0);
  });

  it('notifies again after new messages in a later quiet period, read or not', async () => {
    const { tutor, roomId, socket } = await conversation();
    await quietPeriodEnds();
    expect(await inbox(tutor.id)).toHaveLength(1);
    await readAll(roomId, tutor.id);
    await send(socket, roomId, 'سؤال آخر');
    await quietPeriodEnds();
    const mail = await inbox(tutor.id);
    expect(mail).toHaveLength(2);
    expect(mail[0]?.text).toContain('رسالة واحدة');
    expect(mail[0]?.text).toContain('سؤال آخر');
    // Unread since the last notice: one more message, one more notice, counting all unread.
    await send(socket, roomId, 'هل وصلتك رسالتي؟');
    await quietPeriodEnds();
    const after = await inbox(tutor.id);
    expect(after).toHaveLength(3);
    expect(after[0]?.text).toContain('رسالتان');
  });

  it('goes by WhatsApp, by Telegram, and by e-mail when the phone cannot be used', async () => {
    const whatsapp = await conversation();
    const phone = freshPhone();
    await setChannel(whatsapp.tutor.id, { method: 'whatsapp', phone, verified: true });
    const telegram = await conversation();
    const telegramPhone = freshPhone();
    const chatId = Number(telegramPhone.slice(1));
    await setChannel(telegram.tutor.id, {
      method: 'telegram',
      phone: telegramPhone,
      verified: true,
    });
    await db().insert(telegramLinks).values({
      userId: telegram.tutor.id,
      chatId,
      telegramUserId: chatId,
      phone: telegramPhone,
      linkedAt: new Date(),
    });
    // Not verified: the phone is not used, e-mail is.
    const unverified = await conversation();
    await setChannel(unverified.tutor.id, { method: 'whatsapp', phone: freshPhone() });
    // Telegram chosen but never linked: e-mail.
    const unlinked = await conversation();
    await setChannel(unlinked.tutor.id, {
      method: 'telegram',
      phone: freshPhone(),
      verified: true,
    });

    await quietPeriodEnds();
    await server.app.whatsapp.simulator?.settled();

    const [byWhatsApp, ...moreWhatsApp] = await inbox(whatsapp.tutor.id, phone);
    expect(moreWhatsApp).toEqual([]);
    expect(byWhatsApp).toMatchObject({ channel: 'whatsapp', to: phone });
    expect(byWhatsApp?.meta).toMatchObject({ template: 'chat_unread' });
    expect(byWhatsApp?.text).toContain(`/chat?room=${String(whatsapp.roomId)}`);
    expect(byWhatsApp?.text).toContain('رسالة واحدة');

    const [byTelegram, ...moreTelegram] = await inbox(telegram.tutor.id, telegramPhone);
    expect(moreTelegram).toEqual([]);
    expect(byTelegram).toMatchObject({ channel: 'telegram', meta: { chatId } });
    expect(byTelegram?.text).toContain('مرحبًا يا أستاذ');
    expect(byTelegram?.text).toContain(`/chat?room=${String(telegram.roomId)}`);

    expect((await inbox(unverified.tutor.id)).map((m) => m.channel)).toEqual(['email']);
    expect((await inbox(unlinked.tutor.id)).map((m) => m.channel)).toEqual(['email']);
  });
});

describe('a WhatsApp notice reported failed (decision 276)', () => {
  const simulator = (): WhatsAppSimulator => {
    const running = server.app.whatsapp.simulator;
    if (!running) throw new Error('no WhatsApp simulator');
    return running;
  };

  let unreachable = 0;
  /** A number the simulator accepts and then reports failed (131026): it ends in 0000. */
  const unreachablePhone = (): string => {
    unreachable += 1;
    return `+2012${String(1000 + unreachable)}0000`;
  };

  /** The tutor's WhatsApp notices, as recorded. */
  const noticeRows = (userId: number): Promise<WhatsAppMessageRow[]> =>
    db()
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.userId, userId), eq(whatsappMessages.purpose, 'chat')));

  const fallbackJobs = (messageId: number) =>
    db()
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, CHAT_NOTICE_FALLBACK_JOB),
          eq(jobs.key, `whatsapp-message:${String(messageId)}`),
        ),
      );

  /** Every status callback is in, and every e-mail job they scheduled has run. */
  async function settled(messageId: number): Promise<void> {
    await simulator().settled();
    await server.app.jobs.runDue();
    await expect
      .poll(async () => (await fallbackJobs(messageId)).every((job) => job.doneAt !== null))
      .toBe(true);
  }

  /** A failed status as Meta posts it, signed, to `target`'s webhook. */
  async function postFailure(target: TestServer, wamid: string, phone: string): Promise<number> {
    const body = JSON.stringify(
      statusNotification({
        businessAccountId: '100000000000002',
        phoneNumberId: LOCAL_WHATSAPP.phoneNumberId,
        displayPhoneNumber: '15550000001',
        statuses: [
          {
            id: wamid,
            status: 'failed',
            timestamp: Math.floor(Date.now() / 1000),
            recipientId: phone.slice(1),
            errors: [{ code: 131026, title: 'Message undeliverable', message: '', details: '' }],
          },
        ],
      }),
    );
    const response = await fetch(`${target.baseUrl}/api/v1/whatsapp/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [WHATSAPP_SIGNATURE_HEADER]: signWebhookBody(body, LOCAL_WHATSAPP.appSecret),
      },
      body,
    });
    return response.status;
  }

  /** An offline tutor whose notification method is WhatsApp on `phone`, written to. */
  async function byWhatsApp(phone: string) {
    const talk = await conversation();
    await setChannel(talk.tutor.id, { method: 'whatsapp', phone, verified: true });
    return talk;
  }

  /** The one WhatsApp notice sent to the tutor. */
  async function theNotice(userId: number): Promise<WhatsAppMessageRow> {
    const [row, ...more] = await noticeRows(userId);
    expect(more).toEqual([]);
    if (!row) throw new Error('no WhatsApp notice recorded');
    return row;
  }

  it('sends the same notice by e-mail, in Arabic with the room link, once', async () => {
    const phone = unreachablePhone();
    const { tutor, roomId, socket } = await byWhatsApp(phone);
    await send(socket, roomId, 'هل يمكن أن نبدأ\nالدرس مبكرًا؟');
    await quietPeriodEnds();
    const row = await theNotice(tutor.id);
    // Recorded with what it carried: the room and the newest message it announced.
    expect(row).toMatchObject({ purpose: 'chat', phone, chatRoomId: roomId, chatSeq: 2 });
    await settled(row.id);

    expect(await theNotice(tutor.id)).toMatchObject({ state: 'failed', errorCode: 131026 });
    const [mail, ...more] = await inbox(tutor.id, phone);
    expect(more).toEqual([]);
    expect(mail?.channel).toBe('email');
    expect(mail?.subject).toContain('سارة');
    expect(mail?.text).toContain('رسالتان');
    expect(mail?.text).toContain('هل يمكن أن نبدأ الدرس مبكرًا؟');
    expect(mail?.text).toContain(`/chat?room=${String(roomId)}`);
    expect(await fallbackJobs(row.id)).toHaveLength(1);
  });

  it('a failure reported twice still sends one e-mail', async () => {
    const phone = unreachablePhone();
    const { tutor } = await byWhatsApp(phone);
    await quietPeriodEnds();
    const row = await theNotice(tutor.id);
    await settled(row.id);
    expect((await inbox(tutor.id, phone)).map((m) => m.channel)).toEqual(['email']);

    // Meta delivers at least once: the same failure again, and again at once.
    const again = await Promise.all([
      postFailure(server, row.wamid, phone),
      postFailure(server, row.wamid, phone),
    ]);
    expect(again).toEqual([200, 200]);
    await settled(row.id);
    expect((await inbox(tutor.id, phone)).map((m) => m.channel)).toEqual(['email']);
    expect(await fallbackJobs(row.id)).toHaveLength(1);
  });

  it('a notice delivered sends no e-mail', async () => {
    const phone = freshPhone();
    const { tutor } = await byWhatsApp(phone);
    await quietPeriodEnds();
    const row = await theNotice(tutor.id);
    await settled(row.id);
    expect(await theNotice(tutor.id)).toMatchObject({ state: 'delivered' });
    expect((await inbox(tutor.id, phone)).map((m) => m.channel)).toEqual(['whatsapp']);
    expect(await fallbackJobs(row.id)).toEqual([]);
  });

  /**
   * Runs the notice job with the tutor doing `meanwhile` right after WhatsApp accepted the
   * notice, before the simulator reports its failure (100 ms later); answers the notice's row
   * once the failure and its e-mail job are through.
   */
  async function failingAfter(
    tutorId: number,
    meanwhile: () => Promise<void>,
  ): Promise<WhatsAppMessageRow> {
    const messenger = server.app.chatNotices;
    const whatsapp = messenger.whatsapp;
    messenger.whatsapp = async (to, notice) => {
      const accepted = await whatsapp(to, notice);
      await meanwhile();
      return accepted;
    };
    try {
      await quietPeriodEnds();
    } finally {
      messenger.whatsapp = whatsapp;
    }
    await settled((await theNotice(tutorId)).id);
    return theNotice(tutorId);
  }

  it('sends nothing when the member read the room before the failure', async () => {
    const phone = unreachablePhone();
    const { tutor, roomId } = await byWhatsApp(phone);
    const row = await failingAfter(tutor.id, () => readAll(roomId, tutor.id));
    expect(row.state).toBe('failed');
    // The e-mail job ran, found the room read, and sent nothing.
    expect(await fallbackJobs(row.id)).toEqual([
      expect.objectContaining({ doneAt: expect.any(Date), attempts: 1 }),
    ]);
    expect(await inbox(tutor.id, phone)).toEqual([]);
  });

  it('sends nothing when the member muted the room before the failure', async () => {
    const phone = unreachablePhone();
    const { tutor, roomId } = await byWhatsApp(phone);
    const row = await failingAfter(tutor.id, async () => {
      await db()
        .update(chatMembers)
        .set({ muted: true })
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, tutor.id)));
    });
    expect(row.state).toBe('failed');
    expect(await fallbackJobs(row.id)).toEqual([
      expect.objectContaining({ doneAt: expect.any(Date), attempts: 1 }),
    ]);
    expect(await inbox(tutor.id, phone)).toEqual([]);
  });

  it('counts only what the notice announced, of what is still unread', async () => {
    const phone = unreachablePhone();
    const { tutor, roomId, socket } = await byWhatsApp(phone);
    await send(socket, roomId, 'الرسالة الثانية');
    await send(socket, roomId, 'الرسالة الثالثة');
    // Read the first message, and a fourth arrives: the e-mail tells of the 2nd and 3rd only.
    await failingAfter(tutor.id, async () => {
      await db()
        .update(chatMembers)
        .set({ lastReadSeq: 1 })
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, tutor.id)));
      await send(socket, roomId, 'الرسالة الرابعة');
    });
    const [mail, ...more] = await inbox(tutor.id, phone);
    expect(more).toEqual([]);
    expect(mail?.text).toContain('رسالتان');
    expect(mail?.text).toContain('الرسالة الثالثة');
    expect(mail?.text).not.toContain('الرسالة الرابعة');
  });

  it('sends nothing when the member came online before the failure', async () => {
    const phone = unreachablePhone();
    const { tutor, roomId } = await byWhatsApp(phone);
    const row = await failingAfter(tutor.id, async () => {
      await chatSocket(server, tutor, opened);
      await expect
        .poll(async () => {
          const answer = await callApi<{ id: number; online: boolean }[]>(
            server,
            'GET',
            `/chat/room/members/${String(roomId)}`,
            { token: tutor.token },
          );
          return answer.body.find((member) => member.id === tutor.id)?.online;
        })
        .toBe(true);
    });
    expect(row.state).toBe('failed');
    expect(await fallbackJobs(row.id)).toEqual([
      expect.objectContaining({ doneAt: expect.any(Date), attempts: 1 }),
    ]);
    expect(await inbox(tutor.id, phone)).toEqual([]);
  });

  it('sends nothing when a later notice announced those messages already', async () => {
    const phone = unreachablePhone();
    const { tutor, roomId, socket } = await byWhatsApp(phone);
    // The failure is reported late: a newer message was meanwhile announced by a later notice
    // (which counts every unread message, these included).
    const row = await failingAfter(tutor.id, async () => {
      await send(socket, roomId, 'رسالة أحدث');
      await db()
        .update(chatMembers)
        .set({ notifiedSeq: 2 })
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, tutor.id)));
    });
    expect(row).toMatchObject({ state: 'failed', chatSeq: 1 });
    expect(await fallbackJobs(row.id)).toEqual([
      expect.objectContaining({ doneAt: expect.any(Date), attempts: 1 }),
    ]);
    expect(await inbox(tutor.id, phone)).toEqual([]);
  });

  it.skipIf(testDriver !== 'postgres')(
    'the failure reported to two instances at once sends one e-mail',
    async () => {
      const other = await startTestServer({ databaseUrl: server.config.databaseUrl, ...QUIET });
      try {
        const phone = freshPhone();
        const { tutor } = await byWhatsApp(phone);
        await quietPeriodEnds();
        const row = await theNotice(tutor.id);
        await settled(row.id);
        expect((await inbox(tutor.id, phone)).map((m) => m.channel)).toEqual(['whatsapp']);
        // Delivered, then reported failed (a stale `failed` after delivery is still a failure):
        // the first failure arrives on both instances at the same moment.
        const answers = await Promise.all([
          postFailure(server, row.wamid, phone),
          postFailure(other, row.wamid, phone),
        ]);
        expect(answers).toEqual([200, 200]);
        await Promise.all([server.app.jobs.runDue(), other.app.jobs.runDue()]);
        await settled(row.id);
        const email = await emailOf(tutor.id);
        const emails = [...server.outbox.list({ to: email }), ...other.outbox.list({ to: email })];
        expect(emails.map((m) => m.channel)).toEqual(['email']);
        expect(await fallbackJobs(row.id)).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );
});
