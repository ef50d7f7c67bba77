import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { ChatMessage, ChatRoom, Role } from '@talaqa/domain';
import { chatMessages } from '../../src/db/schema';
import { callApi } from './api';
import type { Caller } from './api';
import type { TestServer } from './helpers';
import { insertUser } from './lessons-fixtures';

/** Chat fixtures: users, rooms, sockets and acknowledgements. */

export interface ChatAck {
  result: string;
  code?: string;
  message?: ChatMessage;
  roomIds?: number[];
}

export const chatUserOf = (
  server: TestServer,
  role: Role,
  fields: { emailVerified?: boolean; name?: string } = {},
): Promise<Caller> => insertUser(server, role, fields);

/** A connected socket of `caller` on `server`. */
export async function chatSocket(
  server: TestServer,
  caller: Caller,
  opened: Socket[],
): Promise<Socket> {
  const socket = connect(server.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: caller.token },
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export const ack = (socket: Socket, event: string, payload: unknown): Promise<ChatAck> =>
  socket.timeout(5000).emitWithAck(event, payload) as Promise<ChatAck>;

/** The next `event` on `socket` that `accept` takes (default: any), within `ms`. */
export function nextEvent<T>(
  socket: Socket,
  event: string,
  accept: (payload: T) => boolean = () => true,
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${String(ms)} ms`));
    }, ms);
    const listener = (payload: T): void => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Every `event` the socket receives from now on. */
export function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export const clientId = (): string => randomUUID();

/** `from` opens a room with `to` (POST /chat/new); the room and the first message. */
export async function openRoom(
  server: TestServer,
  from: Caller,
  to: Caller,
  message = 'السلام عليكم',
): Promise<{ room: ChatRoom; message: ChatMessage }> {
  const answer = await callApi<{ room: ChatRoom; message: ChatMessage }>(
    server,
    'POST',
    '/chat/new',
    { token: from.token, body: { userId: to.id, message, clientId: clientId() } },
  );
  if (answer.status !== 201) throw new Error(`no room: ${JSON.stringify(answer)}`);
  return answer.body;
}

export async function messagesIn(server: TestServer, roomId: number): Promise<number> {
  const [row] = await server.app.database.db
    .select({ n: count() })
    .from(chatMessages)
    .where(eq(chatMessages.roomId, roomId));
  return row?.n ?? 0;
}
