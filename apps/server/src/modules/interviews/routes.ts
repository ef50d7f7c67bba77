import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import {
  bookDemoSession,
  bookInterview,
  interviewTimes,
  listDemoSessions,
  listInterviewers,
  listInterviews,
  updateDemoSession,
  updateInterview,
} from './service';

/**
 * Interviews and demo sessions (spec section 7, issue 21). Tutors book with an active tutor
 * manager; either side cancels, the manager decides. A decision tells onboarding after the
 * commit (`OnboardingStepChanged`), which may then list the tutor.
 */
export const interviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'interviews');
  const decided = async (tutorId: number | null): Promise<void> => {
    if (tutorId !== null)
      await app.domainEvents.emit('OnboardingStepChanged', { tutorIds: [tutorId] });
  };

  serve(app, API.interviews.interviewers, async () => listInterviewers(ctx));

  serve(app, API.interviews.times, async (request) => interviewTimes(ctx, request.query));

  serve(app, API.interviews.book, async (request) =>
    bookInterview(ctx, identityOf(request), request.body),
  );

  serve(app, API.interviews.update, async (request) => {
    const { view, decidedTutorId, closed } = await updateInterview(
      ctx,
      identityOf(request),
      request.body,
    );
    if (closed) await app.domainEvents.emit('MeetingClosed', { kind: 'interview', id: view.id });
    await decided(decidedTutorId);
    return view;
  });

  serve(app, API.interviews.list, async (request) =>
    listInterviews(ctx, identityOf(request), request.query),
  );

  serve(app, API.demoSessions.book, async (request) =>
    bookDemoSession(ctx, identityOf(request), request.body),
  );

  serve(app, API.demoSessions.update, async (request) => {
    const { view, decidedTutorId, closed } = await updateDemoSession(
      ctx,
      identityOf(request),
      request.body,
    );
    if (closed) await app.domainEvents.emit('MeetingClosed', { kind: 'demo-session', id: view.id });
    await decided(decidedTutorId);
    return view;
  });

  serve(app, API.demoSessions.list, async (request) =>
    listDemoSessions(ctx, identityOf(request), request.query),
  );
};
