/**
 * TanStack Query hooks of the admin's /lessons page (issue 23 item 2): every lesson, filtered
 * and paged (`GET /lesson/list` answers admins everyone's), the admin's cancel
 * (`DELETE /lesson/{id}` for a member, with a reason) and "not held" (`POST /lesson/{id}/not-held`, decision 338).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@talaqa/domain';
import type {
  AdminCancelLesson,
  LessonRatification,
  LessonStatus,
  LessonTiming,
} from '@talaqa/domain';
import { api } from '../../api';

export interface LessonListParams {
  page: number;
  size: number;
  state?: LessonRatification;
  when?: LessonTiming;
  status?: LessonStatus;
  /** Cairo days, `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
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

/**
 * The admin cancels a lesson still to come for its tutor or student, with a reason (decision
 * 344): the server keeps both and writes the audit row.
 */
export function useCancelLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminCancelLesson }) =>
      api.call(API.lessons.cancel, { params: { id }, body }),
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
