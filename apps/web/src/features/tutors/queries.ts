/** TanStack Query hooks of the tutors list, a tutor's profile and its reviews. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import { RATING_STARS, ServerEvent } from '@talaqa/domain';
import type {
  TutorCard,
  TutorListQuery,
  TutorPage,
  TutorProfile,
  TutorReview,
  TutorReviewPage,
} from '@talaqa/domain';
import { topicsApi, tutorsApi } from '../../api';
import { UnexpectedAnswerError, expectPage } from '../../lib/answers';
import { useRealtimeEvent } from '../../lib/realtime';

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

/**
 * A review as the API answers it. Stars outside 1-5 or a date that does not parse would break
 * the row (the Cairo date formatter throws), so they make the whole page an unexpected answer.
 */
export function expectRating(value: unknown): TutorReview {
  if (
    !isRecord(value) ||
    typeof value.id !== 'number' ||
    !(RATING_STARS as readonly unknown[]).includes(value.value) ||
    typeof value.name !== 'string' ||
    typeof value.createdAt !== 'string' ||
    Number.isNaN(Date.parse(value.createdAt))
  ) {
    throw new UnexpectedAnswerError('rating');
  }
  return value as unknown as TutorReview;
}

const expectReviewPage = (value: unknown): TutorReviewPage => expectPage(value, expectRating);

export const TUTOR_REVIEWS_PAGE_SIZE = 10;

export const tutorKeys = {
  lists: ['tutor', 'list'] as const,
  list: (query: TutorListQuery) => ['tutor', 'list', query] as const,
  one: (id: number) => ['tutor', 'one', id] as const,
  reviews: (id: number, page: number) => ['tutor', 'reviews', id, page] as const,
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

/** GET /rating/list/tutor/{id}: one page of the tutor's reviews, 10 a page. */
export function useTutorReviews(id: number, page: number) {
  return useQuery({
    queryKey: tutorKeys.reviews(id, page),
    queryFn: async ({ signal }) =>
      expectReviewPage(
        await tutorsApi.reviews(id, { page, size: TUTOR_REVIEWS_PAGE_SIZE }, signal),
      ),
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
