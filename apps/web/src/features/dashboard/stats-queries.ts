/**
 * The dashboards' weekly statistics (decision 327). Not under the `lesson` key: the lesson events
 * rewrite every cached lesson list there; these count only lessons given, read on each visit.
 */
import { useQuery } from '@tanstack/react-query';
import { dashboardStatsApi } from '../../api';

export const dashboardStatsKeys = {
  tutor: (weeks: number) => ['dashboard-stats', 'tutor', weeks] as const,
  student: (weeks: number) => ['dashboard-stats', 'student', weeks] as const,
};

export function useTutorStats(weeks: number) {
  return useQuery({
    queryKey: dashboardStatsKeys.tutor(weeks),
    queryFn: ({ signal }) => dashboardStatsApi.tutor(weeks, signal),
  });
}

export function useStudentStats(weeks: number) {
  return useQuery({
    queryKey: dashboardStatsKeys.student(weeks),
    queryFn: ({ signal }) => dashboardStatsApi.student(weeks, signal),
  });
}
