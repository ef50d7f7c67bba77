/** TanStack Query hooks of the tutors list and a tutor's profile. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import { ServerEvent } from '@talaqa/domain';
import type { TutorCard, TutorListQuery, TutorPage, TutorProfile } from '@talaqa/domain';
import { topicsApi, tutorsApi } from '../../api';
import { UnexpectedAnswerError, expectPage } from '../payments/format';
import { useRealtimeEvent } from '../payments/realtime';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A tutor card as the API answers it; anything else is an unexpected answer, not a crash. */
export function expectTutorCard(value: unknown): TutorCard {
  if (
    !isRecord(value) ||
    typeof value.id !== 'number' ||
    typeof value.name !== 'string' ||
    !Array.isArray(value.topics) ||
    !isRecord(value.rating)
  ) {
    throw new UnexpectedAnswerError('tutor');
  }
  return value as unknown as TutorCard;
}

const expectTutorPage = (value: unknown): TutorPage => expectPage(value, expectTutorCard);
const expectTutorProfile = (value: unknown): TutorProfile => expectTutorCard(value) as TutorProfile;

export const tutorKeys = {
  lists: ['tutor', 'list'] as const,
  list: (query: TutorListQuery) => ['tutor', 'list', query] as const,
  one: (id: number) => ['tutor', 'one', id] as const,
  topics: ['topic', 'list'] as const,
};

/** GET /user/tutor/list/onboarded */
export function useTutorPage(query: TutorListQuery) {
  return useQuery({
    queryKey: tutorKeys.list(query),
    queryFn: async ({ signal }) => expectTutorPage(await tutorsApi.list(query, signal)),
    placeholderData: keepPreviousData,
  });
}

/** GET /user/tutor/info/{id} */
export function useTutor(id: number | null) {
  return useQuery({
    queryKey: tutorKeys.one(id ?? 0),
    queryFn: async ({ signal }) => expectTutorProfile(await tutorsApi.get(id ?? 0, signal)),
    enabled: id !== null,
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

const idsOf = (value: unknown): number[] | null | undefined => {
  if (!isRecord(value)) return undefined;
  if (value.tutorIds === null) return null;
  return Array.isArray(value.tutorIds)
    ? value.tutorIds.filter((id): id is number => typeof id === 'number')
    : undefined;
};

const showsAnyOf = (ids: readonly number[]) => (query: Query) => {
  const page = query.state.data as TutorPage | undefined;
  return page?.list.some((card) => ids.includes(card.id)) ?? false;
};

/**
 * Keeps open tutor lists and profiles true (the realtime channel is for signed-in visitors):
 * TutorUpdated puts the tutor's new card into every page already read and reads the profile
 * again; TutorsCacheUpdated reads again the pages showing those tutors (their order or presence
 * may have changed) and leaves the others stale for their next visit, so one booking does not
 * make every open list ask at once. A flush (no ids) reads every page again.
 */
export function useTutorEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(ServerEvent.TutorUpdated, enabled, (payload) => {
    if (!isRecord(payload) || typeof payload.tutorId !== 'number') return;
    const { tutorId } = payload;
    if (isRecord(payload.card) && payload.card.id === tutorId) {
      const card = expectTutorCard(payload.card);
      queryClient.setQueriesData<TutorPage>({ queryKey: tutorKeys.lists }, (page) =>
        page
          ? { ...page, list: page.list.map((each) => (each.id === tutorId ? card : each)) }
          : page,
      );
    }
    void queryClient.invalidateQueries({ queryKey: tutorKeys.one(tutorId) });
  });
  useRealtimeEvent(ServerEvent.TutorsCacheUpdated, enabled, (payload) => {
    const ids = idsOf(payload);
    if (ids === undefined) return;
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
