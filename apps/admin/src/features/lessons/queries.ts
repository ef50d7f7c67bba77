/**
 * TanStack Query hooks of the admin's /lessons page (issue 23 item 2): every lesson, filtered
 * and paged (`GET /lesson/list` answers admins everyone's), the admin's cancel
 * (`DELETE /lesson/{id}`) and "not held" (`POST /lesson/{id}/not-held`, decision 338).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@talaqa/domain';
import type { LessonRatification, LessonTiming } from '@talaqa/domain';
import { api } from '../../api';

export interface LessonListParams {
  page: number;
  size: number;
  state?: LessonRatification;
  when?: LessonTiming;
  tutorId?: number;
  studentId?: number;
}

export const lessonKeys = {
  all: ['lessons'] as const,
  lists: () => [...lessonKeys.all, 'list'] as const,
  list: (params: LessonListParams) => [...lessonKeys.lists(), params] as const,
};

export function useLessons(params: LessonListParams) {
  return useQuery({
    queryKey: lessonKeys.list(params),
    queryFn: ({ signal }) =>
      api.call(API.lessons.list, { query: { order: 'desc', ...params } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The admin cancels a lesson still to come (the server records it as canceled by "self"). */
export function useCancelLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(API.lessons.cancel, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: lessonKeys.all }),
  });
}

/** A fulfilled lesson found not held: canceled for the tutor, its credit reversed. */
export function useMarkNotHeld() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(API.lessons.notHeld, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: lessonKeys.all }),
  });
}
