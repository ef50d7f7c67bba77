import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { identityOf } from '../../http/access';
import { serve } from '../../http/endpoint';
import { attachSessionRealtime, sessionRoom } from './realtime';
import { getMeetingSession, getSession } from './service';
import { sessionToken } from './turn';

/**
 * The lesson room (spec sections 2 and 7, issue 19): its two endpoints and its socket events.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'session');
  attachSessionRealtime(ctx, ctx.log);
  // A lesson canceled or over closes its room: its sockets leave it on every instance, so their
  // relays are refused from then on.
  app.domainEvents.on('LessonClosed', ({ lessonId }) => {
    app.io.in(sessionRoom(lessonId)).socketsLeave(sessionRoom(lessonId));
  });

  // So does an interview or demo session canceled or decided (issue 21).
  app.domainEvents.on('MeetingClosed', ({ kind, id }) => {
    app.io.in(sessionRoom(id, kind)).socketsLeave(sessionRoom(id, kind));
  });

  serve(app, API.sessions.token, async (request) =>
    sessionToken(app.config.ice, identityOf(request).userId, ctx.clock.now()),
  );

  serve(app, API.sessions.get, async (request) =>
    getSession(ctx, identityOf(request), request.params.id),
  );

  // Interviews and demo sessions are held in the same room (issue 21, decision 317).
  serve(app, API.sessions.meeting, async (request) =>
    getMeetingSession(ctx, identityOf(request), request.params.kind, request.params.id),
  );
};
