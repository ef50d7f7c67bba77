/** TanStack Query hooks of the tutors list, a tutor's profile and its reviews. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import { ServerEvent } from '@talaqa/domain';
import type { TutorListQuery, TutorPage } from '@talaqa/domain';
import { topicsApi, tutorsApi } from '../../api';
import { useRealtimeEvent } from '../../lib/realtime';

export const TUTOR_REVIEWS_PAGE_SIZE = 10;

export const tutorKeys = {
  lists: ['tutor', 'list'] as const,
  list: (query: TutorListQuery) => ['tutor', 'list', query] as const,
  one: (id: number) => ['tutor', 'one', id] as const,
  /** Every page of a tutor's reviews. */
  reviewsOf: (id: number) => ['tutor', 'reviews', id] as const,
  reviews: (id: number, page: number) => ['tutor', 'reviews', id, page] as const,
  topics: ['topic', 'list'] as const,
};

/** GET /user/tutor/list/onboarded */
export function useTutorPage(query: TutorListQuery) {
  return useQuery({
    queryKey: tutorKeys.list(query),
    queryFn: ({ signal }) => tutorsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /user/tutor/info/{id} */
export function useTutor(id: number | null) {
  return useQuery({
    queryKey: tutorKeys.one(id ?? 0),
    queryFn: ({ signal }) => tutorsApi.get(id ?? 0, signal),
    enabled: id !== null,
  });
}

/** GET /rating/list/tutor/{id}: one page of the tutor's reviews, 10 a page. */
export function useTutorReviews(id: number, page: number) {
  return useQuery({
    queryKey: tutorKeys.reviews(id, page),
    queryFn: ({ signal }) => tutorsApi.reviews(id, { page, size: TUTOR_REVIEWS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /topic/list: the topics to filter by. */
export function useTopics() {
  return useQuery({
    queryKey: tutorKeys.topics,
    queryFn: ({ signal }) => topicsApi.list(signal),
    staleTime: 5 * 60_000,
  });
}

const showsAnyOf = (ids: readonly number[]) => (query: Query) => {
  const page = query.state.data as TutorPage | undefined;
  return page?.list.some((card) => ids.includes(card.id)) ?? false;
};

/**
 * Keeps open tutor lists and profiles true (the realtime channel is for signed-in visitors):
 * TutorUpdated puts the tutor's new card into every page already read and reads the profile and
 * its reviews tab again (a rating sent, edited or deleted changes both); TutorsCacheUpdated reads again the pages showing those tutors (their order or presence
 * may have changed) and leaves the others stale for their next visit, so one booking does not
 * make every open list ask at once. A flush (no ids) reads every page again.
 */
export function useTutorEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(ServerEvent.TutorUpdated, enabled, ({ tutorId, card }) => {
    if (card?.id === tutorId) {
      queryClient.setQueriesData<TutorPage>({ queryKey: tutorKeys.lists }, (page) =>
        page
          ? { ...page, list: page.list.map((each) => (each.id === tutorId ? card : each)) }
          : page,
      );
    }
    void queryClient.invalidateQueries({ queryKey: tutorKeys.one(tutorId) });
    void queryClient.invalidateQueries({ queryKey: tutorKeys.reviewsOf(tutorId) });
  });
  useRealtimeEvent(ServerEvent.TutorsCacheUpdated, enabled, ({ tutorIds: ids }) => {
    if (ids === null) {
      void queryClient.invalidateQueries({ queryKey: tutorKeys.lists });
      return;
    }
    const shown = showsAnyOf(ids);
    void queryClient.invalidateQueries({ queryKey: tutorKeys.lists, predicate: shown });
    void queryClient.invalidateQueries({
      queryKey: tutorKeys.lists,
      predicate: (query) => !shown(query),
      refetchType: 'none',
    });
  });
}
