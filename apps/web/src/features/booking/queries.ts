/** TanStack Query hooks of the book-lesson dialog. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LessonRatification, LessonTiming } from '@talaqa/domain';
import type { AvailabilityWeek, BookLessonBody } from '@talaqa/domain';
import { lessonsApi, lessonsListApi, scheduleApi } from '../../api';
import { paymentKeys } from '../payments/queries';

export const bookingKeys = {
  week: (tutorId: number) => ['availability-slot', 'booking', tutorId] as const,
  upcoming: ['lesson', 'booking', 'upcoming'] as const,
};

export interface TutorWeek {
  week: AvailabilityWeek;
  /** The server's clock minus this device's when it answered: booking is judged on the server's. */
  clockOffset: number;
}

/** GET /availability-slot/?tutorId= : the tutor's current week (slots and busy times). */
export function useTutorWeek(tutorId: number) {
  return useQuery({
    queryKey: bookingKeys.week(tutorId),
    queryFn: async ({ signal }): Promise<TutorWeek> => {
      const week = await scheduleApi.week({ tutorId }, signal);
      const serverNow = Date.parse(week.now);
      return { week, clockOffset: Number.isNaN(serverNow) ? 0 : serverNow - Date.now() };
    },
    staleTime: 0,
  });
}

/** Whether the student holds a lesson that is neither canceled nor over (future or going on). */
export function useHasUpcomingLesson() {
  return useQuery({
    queryKey: bookingKeys.upcoming,
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        [LessonTiming.Future, LessonTiming.Now].map((when) =>
          lessonsListApi.list({ state: LessonRatification.Ratified, when, size: 1 }, signal),
        ),
      );
      return pages.some((page) => page.total > 0 || page.list.length > 0);
    },
    staleTime: 0,
  });
}

/** POST /lesson/ */
export function useBookLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookLessonBody) => lessonsApi.book(body),
    onSettled: () => {
      // The schedules, the lesson lists and the tutors' next free times all change.
      void queryClient.invalidateQueries({ queryKey: ['availability-slot'] });
      void queryClient.invalidateQueries({ queryKey: ['lesson'] });
      void queryClient.invalidateQueries({ queryKey: ['tutor'] });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.currentSubscription });
    },
  });
}
