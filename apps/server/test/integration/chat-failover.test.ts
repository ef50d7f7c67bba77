import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { Role, ServerEvent } from '@talaqa/domain';
import type { ChatMessage, ChatMessagePage, RoomMessageEvent } from '@talaqa/domain';
import { callApi } from './api';
import type { Caller } from './api';
import { chatSocket, chatUserOf, clientId, messagesIn, openRoom } from './chat-fixtures';
import type { ChatAck } from './chat-fixtures';
import { closedPort, startTestServer, testDriver, testRedisUrl } from './helpers';
import type { TestServer } from './helpers';

/**
 * Issue 18: one instance is killed (SIGKILL) while messages flow. Both clients move to the other
 * instance (as the load balancer would send them), the sender retries what was not acknowledged
 * with the same client ids, the receiver fetches what it missed since its last seen message; in
 * the end every message is stored once and the receiver holds each exactly once, in order.
 */
const ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'checkout-crash-server.ts');
/** Below the per-minute limit (the first message counts too). */
const MESSAGES = 25;
const KILL_AT = 12;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A second instance in a child process on the same database and Redis, to be killed. */
async function startChild(
  server: TestServer,
): Promise<{ process: ChildProcess; server: TestServer }> {
  const port = await closedPort();
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    env: {
      ...process.env,
      APP_ENV: 'local',
      LOG_LEVEL: 'silent',
      SIMULATORS: 'false',
      PORT: String(port),
      DATABASE_URL: server.config.databaseUrl ?? '',
      REDIS_URL: testRedisUrl ?? '',
      REDIS_KEY_PREFIX: server.config.redisKeyPrefix,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${output.join('')}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('LISTENING')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited (${String(code ?? signal)}): ${output.join('')}`));
    });
  });
  child.removeAllListeners('exit');
  // Only what chatSocket reads of a test server.
  return { process: child, server: { ...server, baseUrl: `http://127.0.0.1:${String(port)}` } };
}

describe.skipIf(testDriver !== 'postgres' || !testRedisUrl)('chat when an instance dies', () => {
  it('ends with every message stored once and received once', { timeout: 120_000 }, async () => {
    const survivor = await startTestServer();
    cleanups.push(() => survivor.close());
    const doomed = await startChild(survivor);
    const sockets: Socket[] = [];
    cleanups.push(() => {
      for (const socket of sockets) socket.disconnect();
    });

    const student = await chatUserOf(survivor, Role.Student);
    const tutor = await chatUserOf(survivor, Role.Tutor);
    const { room, message: first } = await openRoom(survivor, student, tutor, 'first');

    // The receiver's view: messages by seq, from live events and catch-up pages.
    const view = new Map<number, ChatMessage>([[first.seq, first]]);
    const eventIds: number[][] = [];
    const listen = (socket: Socket): void => {
      const ids: number[] = [];
      eventIds.push(ids);
      socket.on(ServerEvent.RoomMessage, ({ message }: RoomMessageEvent) => {
        ids.push(message.id);
        view.set(message.seq, message);
      });
    };
    const catchUp = async (reader: Caller): Promise<void> => {
      for (;;) {
        const last = Math.max(...view.keys());
        const page = await callApi<ChatMessagePage>(
          survivor,
          'GET',
          `/chat/list/${String(room.id)}/messages?after=${String(last)}`,
          { token: reader.token },
        );
        for (const message of page.body.list) view.set(message.seq, message);
        if (!page.body.hasMore) return;
      }
    };

    const receiverGone = new Promise<void>((resolve) => {
      void chatSocket(doomed.server, tutor, sockets).then((socket) => {
        listen(socket);
        socket.once('disconnect', () => {
          // The balancer sends the reconnection to the survivor; then what was missed is fetched.
          void chatSocket(survivor, tutor, sockets)
            .then(async (again) => {
              listen(again);
              await catchUp(tutor);
            })
            .then(resolve);
        });
      });
    });

    let sender = await chatSocket(doomed.server, student, sockets);
    const acked: ChatMessage[] = [];
    for (let index = 0; index < MESSAGES; index += 1) {
      const id = clientId();
      const payload = { roomId: room.id, clientId: id, text: `message ${String(index)}` };
      for (let attempt = 0; ; attempt += 1) {
        const sending = sender
          .timeout(1500)
          .emitWithAck('SendMessage', payload) as Promise<ChatAck>;
        if (index === KILL_AT && attempt === 0) doomed.process.kill('SIGKILL');
        const answer = await sending.catch(() => undefined);
        if (answer?.result === 'ok' && answer.message) {
          acked.push(answer.message);
          break;
        }
        expect(attempt, `not acknowledged: ${JSON.stringify(answer)}`).toBeLessThan(5);
        if (!sender.connected) sender = await chatSocket(survivor, student, sockets);
      }
    }
    await receiverGone;
    const deadline = Date.now() + 10_000;
    while (view.size < MESSAGES + 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(await messagesIn(survivor, room.id)).toBe(MESSAGES + 1);
    expect(new Set(acked.map((m) => m.id)).size).toBe(MESSAGES);
    const received = [...view.values()].sort((a, b) => a.seq - b.seq);
    expect(received.map((m) => m.text)).toEqual([
      'first',
      ...Array.from({ length: MESSAGES }, (_v, i) => `message ${String(i)}`),
    ]);
    // No socket was told of one message twice.
    for (const ids of eventIds) expect(new Set(ids).size).toBe(ids.length);
  });
});
