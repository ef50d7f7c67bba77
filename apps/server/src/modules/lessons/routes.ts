import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookLessonBodySchema,
  lessonIdParamsSchema,
  lessonListQuerySchema,
  lessonStatsQuerySchema,
  rescheduleLessonBodySchema,
  Role,
} from '@talaqa/domain';
import type { LessonCanceledAnswer, LessonView } from '@talaqa/domain';
import { identityOf, rolesOnly, signedIn } from '../../http/access';
import { emitLessonEvent } from './events';
import {
  bookLesson,
  cancelLesson,
  getLesson,
  lessonStats,
  listLessons,
  rescheduleLesson,
} from './service';

/**
 * Lessons (spec section 7, issue 6). Students book and move their lessons; a lesson's student or
 * tutor (or an admin) reads and cancels it; the service checks who is a member. Realtime events
 * go to both sides after the commit, and the public tutors list learns the tutor's new next free
 * time (a booking that leaves it where it was changes no card and no list page). "Now" is
 * `app.clock`, so tests can set it.
 */
export const lessonRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const now = (): Date => app.clock.now();
  /** The tutor's next free start moved: the listing updates the card and the list pages. */
  const tutorListingChanged = (lesson: LessonView): Promise<void> =>
    app.domainEvents.emit('TutorListingChanged', { tutorIds: [lesson.members.tutorId] });

  app.post(
    '/lesson',
    { config: { access: rolesOnly(Role.Student) }, schema: { body: bookLessonBodySchema } },
    async (request, reply) => {
      const { lesson, nextFreeMoved } = await bookLesson(
        db,
        identityOf(request),
        request.body,
        now(),
      );
      emitLessonEvent(app.io, 'LessonBooked', lesson, { lesson });
      if (nextFreeMoved) await tutorListingChanged(lesson);
      return reply.code(201).send(lesson);
    },
  );

  app.patch(
    '/lesson',
    { config: { access: rolesOnly(Role.Student) }, schema: { body: rescheduleLessonBodySchema } },
    async (request): Promise<LessonView> => {
      const moved = await rescheduleLesson(db, identityOf(request), request.body, now());
      emitLessonEvent(app.io, 'LessonRebooked', moved.lesson, moved);
      await tutorListingChanged(moved.lesson);
      return moved.lesson;
    },
  );

  app.get(
    '/lesson/list',
    { config: { access: signedIn }, schema: { querystring: lessonListQuerySchema } },
    async (request) => listLessons(db, identityOf(request), request.query, now()),
  );

  app.get(
    '/lesson/attended/stats',
    { config: { access: signedIn }, schema: { querystring: lessonStatsQuerySchema } },
    async (request) => lessonStats(db, identityOf(request), request.query, now()),
  );

  app.get(
    '/lesson/:id',
    { config: { access: signedIn }, schema: { params: lessonIdParamsSchema } },
    async (request) => getLesson(db, identityOf(request), request.params.id, now()),
  );

  app.delete(
    '/lesson/:id',
    { config: { access: signedIn }, schema: { params: lessonIdParamsSchema } },
    async (request): Promise<LessonCanceledAnswer> => {
      const { answer, changed } = await cancelLesson(
        db,
        identityOf(request),
        request.params.id,
        now(),
      );
      if (changed) {
        emitLessonEvent(app.io, 'LessonCanceled', answer.lesson, answer);
        await tutorListingChanged(answer.lesson);
      }
      return answer;
    },
  );
};
