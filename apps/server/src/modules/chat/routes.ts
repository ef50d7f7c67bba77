import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, ServerEvent } from '@talaqa/domain';
import { identityOf } from '../../http/access';
import type { Identity } from '../../http/access';
import { serve } from '../../http/endpoint';
import { serviceContextOf } from '../../context';
import type { RealtimeServer } from '../../realtime';
import { webOriginFor } from '../../http/origins';
import type { Database } from '../../db';
import type { JobLog } from '../../jobs';
import { CHAT_NOTICE_FALLBACK_JOB } from '../whatsapp';
import { CHAT_NOTICE_JOB } from './notice-jobs';
import { sendChatNotice, sendChatNoticeFallback } from './notices';
import type { NoticeDeps } from './notices';
import { memoryPresence, redisPresence } from './presence';
import { attachChatRealtime, roomAudience } from './realtime';
import { messageStore } from './sending';
import type { ChatRealtime } from './realtime';
import {
  listMessages,
  listRoomMembers,
  listRooms,
  openRoom,
  roomByMembers,
  updateRoomSettings,
} from './service';
import type { ChatCaller, ChatContext } from './service';

const callerOf = (identity: Identity): ChatCaller => ({
  userId: identity.userId,
  role: identity.role,
});

const realtimeByServer = new WeakMap<RealtimeServer, ChatRealtime>();

/** The chat's realtime side of a running app (tests drive its presence heartbeat). */
export const chatRealtimeOf = (io: RealtimeServer): ChatRealtime | undefined =>
  realtimeByServer.get(io);

/**
 * Chat (spec sections 2, 3, 7; issue 18): the six endpoints, the socket events and presence.
 * Presence lives in Redis when there is one (every instance counts the same), else in this
 * process.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: ChatContext = {
    ...serviceContextOf(app, 'chat'),
    messages: messageStore(app.database.db),
  };
  const presence = app.redis
    ? redisPresence(app.redis.pub, app.config.redisKeyPrefix)
    : memoryPresence();
  const realtime = attachChatRealtime({
    app,
    ctx,
    presence,
    log: app.log.child({ module: 'chat' }),
  });
  realtimeByServer.set(app.io, realtime);
  const webOrigin = webOriginFor(app.config);
  const noticeDeps = (db: Database, log: JobLog): NoticeDeps => ({
    db,
    clock: app.clock,
    messenger: app.chatNotices,
    webOrigin,
    devicesOf: async (userId) => (await presence.devices([userId])).get(userId) ?? 0,
    log,
  });
  app.jobs.register(CHAT_NOTICE_JOB, async (payload, { db, log }) => {
    await sendChatNotice(noticeDeps(db, log), payload);
  });
  app.jobs.register(CHAT_NOTICE_FALLBACK_JOB, async (payload, { db, log }) => {
    await sendChatNoticeFallback(noticeDeps(db, log), payload);
  });
  app.addHook('preClose', async () => {
    realtime.stop();
    await presence.close().catch((error: unknown) => {
      app.log.warn({ err: error }, 'presence not closed');
    });
  });

  serve(app, API.chat.create, async (request) => {
    const { value, memberIds } = await openRoom(ctx, callerOf(identityOf(request)), request.body);
    app.io
      .to(roomAudience(value.room.id, memberIds))
      .emit(ServerEvent.RoomMessage, { message: value.message });
    return value;
  });

  serve(app, API.chat.messages, async (request) =>
    listMessages(ctx, callerOf(identityOf(request)), request.params.roomId, request.query),
  );

  serve(app, API.chat.rooms, async (request) =>
    listRooms(ctx, callerOf(identityOf(request)), request.params.userId, request.query, (ids) =>
      presence.devices(ids).catch((error: unknown) => {
        request.log.warn({ err: error }, 'presence unknown: rooms listed without it');
        return undefined;
      }),
    ),
  );

  serve(app, API.chat.byMembers, async (request) =>
    roomByMembers(ctx, callerOf(identityOf(request)), request.query.members),
  );

  serve(app, API.chat.members, async (request) =>
    listRoomMembers(ctx, callerOf(identityOf(request)), request.params.roomId, (ids) =>
      presence.devices(ids),
    ),
  );

  serve(app, API.chat.settings, async (request) =>
    updateRoomSettings(ctx, callerOf(identityOf(request)), request.params.roomId, request.body),
  );
};
