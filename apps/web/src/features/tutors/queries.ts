/** TanStack Query hooks of the tutors list and a tutor's profile. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TutorCard, TutorListQuery, TutorPage, TutorProfile } from '@talaqa/domain';
import { topicsApi, tutorsApi } from '../../api';
import { UnexpectedAnswerError, expectPage } from '../payments/format';

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
