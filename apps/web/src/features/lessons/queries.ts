/**
 * TanStack Query hooks of the lesson lists (/upcoming-lessons, /lessons-schedule) and the
 * dashboards: a page of the caller's lessons, their statistics, cancelling and moving one, and the
 * realtime LessonBooked, LessonRebooked and LessonCanceled events that make every lesson list and
 * statistic read again.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@talaqa/api-client';
import { ServerEvent } from '@talaqa/domain';
import type { LessonListQuery, RescheduleLessonBody } from '@talaqa/domain';
import { lessonsListApi, scheduleApi } from '../../api';
import { useRealtimeEvent } from '../../lib/realtime';
import { paymentKeys } from '../payments/queries';

export const lessonKeys = {
  all: ['lesson'] as const,
  list: (query: LessonListQuery) => ['lesson', 'list', query] as const,
  /** Under `all`: a booking, move or cancellation reads the lesson page again too. */
  one: (id: number) => ['lesson', 'one', id] as const,
  /** Under `all`, so whatever makes the lists stale makes the statistics stale too. */
  stats: (weeks: number) => ['lesson', 'stats', weeks] as const,
  tutorWeek: (tutorId: number) => ['availability-slot', 'tutor', tutorId] as const,
};

/** GET /lesson/list: one page of the caller's lessons. */
export function useLessonPage(query: LessonListQuery) {
  return useQuery({
    queryKey: lessonKeys.list(query),
    queryFn: ({ signal }) => lessonsListApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /lesson/{id}: one lesson of the caller (the lesson page). */
export function useLesson(id: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: lessonKeys.one(id),
    queryFn: ({ signal }) => lessonsListApi.get(id, signal),
    // lesson-not-found will not change on a retry.
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status < 500),
  });
}

/** GET /lesson/attended/stats: the caller's tallies and minutes of the last `weeks` Cairo weeks. */
export function useLessonStats(weeks: number, enabled = true) {
  return useQuery({
    queryKey: lessonKeys.stats(weeks),
    queryFn: ({ signal }) => lessonsListApi.stats({ weeks }, signal),
    enabled,
  });
}

/**
 * Every lesson list and statistic (and the schedules with their busy times) is stale after these,
 * and so are the student's minutes left, which a booking, move or cancellation changes.
 */
function useInvalidateLessons() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: lessonKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['availability-slot'] });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.currentSubscription });
  };
}

/** Reads the lesson lists again when a lesson of the caller is booked, moved or canceled. */
export function useLessonEvents(enabled = true): void {
  const invalidate = useInvalidateLessons();
  useRealtimeEvent(ServerEvent.LessonBooked, enabled, invalidate);
  useRealtimeEvent(ServerEvent.LessonRebooked, enabled, invalidate);
  useRealtimeEvent(ServerEvent.LessonCanceled, enabled, invalidate);
}

/** DELETE /lesson/{id} */
export function useCancelLesson() {
  const invalidate = useInvalidateLessons();
  return useMutation({
    mutationFn: (id: number) => lessonsListApi.cancel(id),
    onSuccess: invalidate,
  });
}

/** PATCH /lesson */
export function useRescheduleLesson() {
  const invalidate = useInvalidateLessons();
  return useMutation({
    mutationFn: (body: RescheduleLessonBody) => lessonsListApi.reschedule(body),
    onSuccess: invalidate,
  });
}

/** GET /availability-slot/?tutorId= : the tutor's current week, for the reschedule dialog. */
export function useTutorWeek(tutorId: number, enabled: boolean) {
  return useQuery({
    queryKey: lessonKeys.tutorWeek(tutorId),
    queryFn: ({ signal }) => scheduleApi.week({ tutorId }, signal),
    enabled,
  });
}
