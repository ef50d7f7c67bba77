/**
 * The chat's socket events (spec section 7; docs/decisions/262-chat-order-and-retries.md). Each
 * client event is read through its payload schema, runs the service, and is acknowledged through
 * its ack schema; what changed goes out after the commit to every member's user room (all their
 * tabs, on any instance through the adapter) and to the sockets that joined the room. Presence is
 * announced to the user's chat counterparts as connections come and go.
 */
import { CLIENT_TO_SERVER, isValidationCode, ServerEvent } from '@talaqa/domain';
import type { AckResult, ClientEventName, ErrorCode } from '@talaqa/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { userRoom } from '../../realtime';
import type { RealtimeServer, RealtimeSocket } from '../../realtime';
import type { ServiceLog } from '../../context';
import type { PresenceChange, PresenceStore } from './presence';
import { PRESENCE_HEARTBEAT_MS } from './presence';
import { counterpartIds } from './repo';
import {
  ChatRefused,
  markMessageRead,
  removeMessage,
  roomsToJoin,
  sendMessage,
  typing,
  updateMessage,
} from './service';
import type { ChatActor, ChatContext } from './service';

/** The socket.io room of a chat room: sockets that sent JoinRooms for it. */
export const chatRoom = (roomId: number): string => `chat:${String(roomId)}`;

/** Where a room's change goes: its members' tabs and the sockets that joined it. */
export const roomAudience = (roomId: number, memberIds: readonly number[]): string[] => [
  ...memberIds.map(userRoom),
  chatRoom(roomId),
];

const others = (memberIds: readonly number[], userId: number): string[] =>
  memberIds.filter((id) => id !== userId).map(userRoom);

interface Ack {
  result: AckResult;
  code?: ErrorCode;
}

/** The acknowledgement of a refusal. */
function refusalAck(error: unknown, log: ServiceLog, event: string): Ack {
  if (error instanceof ChatRefused) return { result: error.result };
  if (error instanceof AppError) {
    switch (error.code) {
      case 'room-not-found':
        return { result: 'room-not-found' };
      case 'not-room-member':
        return { result: 'not-member' };
      case 'message-too-short':
        return { result: 'empty-text', code: error.code };
      default:
        if (error.status < 500) return { result: 'unallowed', code: error.code };
    }
  }
  log.error({ err: error, event }, 'chat event failed');
  return { result: 'unreachable' };
}

type Listener = (payload: unknown, ack: unknown) => void;
type Payload<E extends ClientEventName> = z.output<(typeof CLIENT_TO_SERVER)[E]['payload']>;
type AckInput<E extends ClientEventName> = z.input<(typeof CLIENT_TO_SERVER)[E]['ack']>;

export interface ChatRealtimeOptions {
  app: FastifyInstance;
  ctx: ChatContext;
  presence: PresenceStore;
  log: ServiceLog;
}

export interface ChatRealtime {
  /** A heartbeat now: renews this instance's and sweeps dead instances' connections. */
  beat(): Promise<void>;
  stop(): void;
}

export function attachChatRealtime({ app, ctx, presence, log }: ChatRealtimeOptions): ChatRealtime {
  const io: RealtimeServer = app.io;

  /** Listens to a client event: payload read, caller loaded, ack sent through its schema. */
  function on<E extends ClientEventName>(
    socket: RealtimeSocket,
    event: E,
    run: (payload: Payload<E>, caller: ChatActor) => Promise<AckInput<E>>,
  ): void {
    const definition = CLIENT_TO_SERVER[event];
    const listener: Listener = (payload, ack) => {
      // Without an acknowledgement there is no one to tell; the spec's client always asks.
      if (typeof ack !== 'function') return;
      const answer = (value: unknown): void => {
        (ack as (value: unknown) => void)(definition.ack.parse(value));
      };
      const read = definition.payload.safeParse(payload);
      if (!read.success) {
        const code = read.error.issues[0]?.message;
        answer({ result: 'unallowed', code: isValidationCode(code) ? code : 'bad-request' });
        return;
      }
      // The services check the account where it matters (a verified e-mail to write), so an
      // event costs no read of its own for the user.
      run(read.data as Payload<E>, { userId: socket.data.userId }).then(answer, (error: unknown) =>
        answer(refusalAck(error, log, event)),
      );
    };
    (socket as unknown as { on(event: string, listener: Listener): void }).on(event, listener);
  }

  async function announce(userId: number, devices: number): Promise<void> {
    const counterparts = await counterpartIds(ctx.db, userId);
    io.to([userRoom(userId), ...counterparts.map(userRoom)]).emit(ServerEvent.UserStatusChanged, {
      userId,
      online: devices > 0,
      devices,
    });
  }

  const announceQuietly = (task: () => Promise<number>, userId: number): void => {
    task()
      .then((devices) => announce(userId, devices))
      .catch((error: unknown) => log.warn({ err: error, userId }, 'presence not updated'));
  };

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    announceQuietly(() => presence.connect(userId, socket.id), userId);
    socket.on('disconnect', () => {
      announceQuietly(() => presence.disconnect(userId, socket.id), userId);
    });

    on(socket, 'JoinRooms', async (payload, caller) => {
      const roomIds = await roomsToJoin(ctx, caller, payload.roomIds);
      await socket.join(roomIds.map(chatRoom));
      socket.emit(ServerEvent.JoinedRooms, { roomIds });
      return { result: 'ok', roomIds };
    });

    on(socket, 'SendMessage', async (payload, caller) => {
      const { value, memberIds } = await sendMessage(ctx, caller, payload);
      // A retry is answered with the stored message; the first answer's event went out already.
      if (value.fresh) {
        io.to(roomAudience(payload.roomId, memberIds)).emit(ServerEvent.RoomMessage, {
          message: value.message,
        });
      }
      return { result: 'ok', message: value.message };
    });

    on(socket, 'UpdateMessage', async (payload, caller) => {
      const { value, memberIds } = await updateMessage(ctx, caller, payload);
      io.to(roomAudience(value.roomId, memberIds)).emit(ServerEvent.RoomMessageUpdated, {
        message: value,
      });
      return { result: 'ok', message: value };
    });

    on(socket, 'DeleteMessage', async (payload, caller) => {
      const { value, memberIds } = await removeMessage(ctx, caller, payload);
      io.to(roomAudience(value.roomId, memberIds)).emit(ServerEvent.RoomMessageDeleted, {
        message: value,
      });
      return { result: 'ok' };
    });

    on(socket, 'MarkMessageAsRead', async (payload, caller) => {
      const { value, memberIds } = await markMessageRead(ctx, caller, payload);
      const readers = others(memberIds, caller.userId);
      if (readers.length > 0) {
        io.to(readers).emit(ServerEvent.RoomMessageRead, {
          roomId: value.roomId,
          userId: caller.userId,
          readSeq: value.readSeq,
        });
      }
      io.to(userRoom(caller.userId)).emit(ServerEvent.MessageRead, value);
      return { result: 'ok' };
    });

    on(socket, 'UserTyping', async (payload, caller) => {
      const memberIds = await typing(ctx, caller, payload.roomId);
      const audience = others(memberIds, caller.userId);
      if (audience.length > 0) {
        io.to(audience).emit(ServerEvent.UserTyping, { ...payload, userId: caller.userId });
      }
      return { result: 'ok' };
    });
  });

  const reportSwept = (changes: PresenceChange[]): void => {
    for (const { userId, devices } of changes) {
      announce(userId, devices).catch((error: unknown) =>
        log.warn({ err: error, userId }, 'presence not announced'),
      );
    }
  };
  const beat = (): Promise<void> => presence.beat().then(reportSwept);
  const timer = setInterval(() => {
    beat().catch((error: unknown) => log.warn({ err: error }, 'presence heartbeat failed'));
  }, PRESENCE_HEARTBEAT_MS);
  timer.unref();
  return {
    beat,
    stop() {
      clearInterval(timer);
    },
  };
}
