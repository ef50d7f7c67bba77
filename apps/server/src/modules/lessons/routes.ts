import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, ServerEvent } from '@talaqa/domain';
import type { LessonView } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { lessonRooms } from './events';
import {
  bookLesson,
  cancelLesson,
  getLesson,
  lessonStats,
  listLessons,
  markLessonNotHeld,
  rescheduleLesson,
} from './service';

/**
 * Lessons (spec section 7, issue 6). Students book and move their lessons; a lesson's student or
 * tutor (or an admin) reads and cancels it; the service checks who is a member. Realtime events
 * go to both sides after the commit, and the public tutors list learns the tutor's new next free
 * time (a booking that leaves it where it was changes no card and no list page). "Now" is
 * the context's clock (`app.clock`), so tests can set it.
 */
export const lessonRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'lessons');
  /** The tutor's next free start moved: the listing updates the card and the list pages. */
  const tutorListingChanged = (lesson: LessonView): Promise<void> =>
    app.domainEvents.emit('TutorListingChanged', { tutorIds: [lesson.members.tutorId] });

  serve(app, API.lessons.book, async (request) => {
    const { lesson, nextFreeMoved } = await bookLesson(ctx, identityOf(request), request.body);
    app.io.to(lessonRooms(lesson.members)).emit(ServerEvent.LessonBooked, { lesson });
    if (nextFreeMoved) await tutorListingChanged(lesson);
    return lesson;
  });

  serve(app, API.lessons.reschedule, async (request) => {
    const moved = await rescheduleLesson(ctx, identityOf(request), request.body);
    app.io.to(lessonRooms(moved.lesson.members)).emit(ServerEvent.LessonRebooked, moved);
    await tutorListingChanged(moved.lesson);
    return moved.lesson;
  });

  serve(app, API.lessons.list, async (request) =>
    listLessons(ctx, identityOf(request), request.query),
  );

  serve(app, API.lessons.stats, async (request) =>
    lessonStats(ctx, identityOf(request), request.query),
  );

  serve(app, API.lessons.get, async (request) =>
    getLesson(ctx, identityOf(request), request.params.id),
  );

  serve(app, API.lessons.notHeld, async (request) => {
    const { answer, changed } = await markLessonNotHeld(
      ctx,
      identityOf(request),
      request.params.id,
    );
    if (changed) {
      app.io.to(lessonRooms(answer.lesson.members)).emit(ServerEvent.LessonCanceled, {
        lesson: answer.lesson,
        minutesReturned: answer.minutesReturned,
      });
      // The tutor's count of lessons given drops.
      await tutorListingChanged(answer.lesson);
    }
    return answer;
  });

  serve(app, API.lessons.cancel, async (request) => {
    const { answer, event, changed } = await cancelLesson(
      ctx,
      identityOf(request),
      request.params.id,
      request.body,
    );
    if (changed) {
      // The members' own view: never the reason an admin wrote (decision 344).
      app.io.to(lessonRooms(event.lesson.members)).emit(ServerEvent.LessonCanceled, event);
      await tutorListingChanged(answer.lesson);
      await app.domainEvents.emit('LessonClosed', { lessonId: answer.lesson.id });
    }
    return answer;
  });
};
