/**
 * TanStack Query hooks of the admin's tutor pages (issue 21 item 6): the onboarding list, one
 * tutor's steps, stored profile, account, intro video, photo session and meetings, and the
 * admin's switches. Every change invalidates `tutorKeys.all`, so the list and the page read again.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, QUERY_RETRY } from '@talaqa/domain';
import type {
  IntroVideoView,
  ReviewIntroVideoBody,
  TutorAdminBody,
  TutorOnboardingListQuery,
} from '@talaqa/domain';
import { api, isApiError } from '../../api';
import { userKeys } from '../users/queries';

/** The query of GET /user/tutor/onboarding/list, as the tutors page sends it. */
export type TutorListParams = TutorOnboardingListQuery & { page: number; size: number };

export const tutorKeys = {
  all: ['tutors'] as const,
  list: (query: TutorListParams) => [...tutorKeys.all, 'list', query] as const,
  onboarding: (id: number) => [...tutorKeys.all, 'onboarding', id] as const,
  profile: (id: number) => [...tutorKeys.all, 'profile', id] as const,
  introVideo: (id: number) => [...tutorKeys.all, 'intro-video', id] as const,
  photoSession: (id: number) => [...tutorKeys.all, 'photo-session', id] as const,
  meetings: (id: number) => [...tutorKeys.all, 'meetings', id] as const,
};

/** A missing tutor will not appear on a second try; anything else is tried again. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < QUERY_RETRY;

/** GET /user/tutor/onboarding/list?page&size&onboarded&step&state&search */
export function useTutorList(query: TutorListParams) {
  return useQuery({
    queryKey: tutorKeys.list(query),
    queryFn: ({ signal }) => api.call(API.onboarding.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /user/tutor/onboarding?tutorId= : the steps, verification, activation and listing. */
export function useTutorOnboarding(tutorId: number) {
  return useQuery({
    queryKey: tutorKeys.onboarding(tutorId),
    queryFn: ({ signal }) => api.call(API.onboarding.own, { query: { tutorId } }, { signal }),
    enabled: Number.isInteger(tutorId) && tutorId > 0,
    retry: retryUnlessRefused,
  });
}

/** GET /user/tutor/{id} (admins): bio, about, notice period, switches, listed or not. */
export function useTutorProfile(tutorId: number) {
  return useQuery({
    queryKey: tutorKeys.profile(tutorId),
    queryFn: ({ signal }) =>
      api.call(API.tutors.adminView, { params: { id: tutorId } }, { signal }),
    retry: retryUnlessRefused,
  });
}

/** The tutor's intro video (GET /intro-video/list?tutorId=), or null before an upload. */
export function useTutorIntroVideo(tutorId: number) {
  return useQuery({
    queryKey: tutorKeys.introVideo(tutorId),
    queryFn: async ({ signal }): Promise<IntroVideoView | null> => {
      const page = await api.call(
        API.introVideos.list,
        { query: { tutorId, page: 1, size: 1 } },
        { signal },
      );
      return page.list[0] ?? null;
    },
  });
}

/** GET /user/tutor/{tutorId}/for/studio : the phone and the photo session, if any. */
export function useTutorPhotoSession(tutorId: number) {
  return useQuery({
    queryKey: tutorKeys.photoSession(tutorId),
    queryFn: ({ signal }) => api.call(API.photoSessions.tutor, { params: { tutorId } }, { signal }),
    retry: retryUnlessRefused,
  });
}

/** The tutor's interviews and demo sessions, newest first (the latest five of each). */
export function useTutorMeetings(tutorId: number) {
  return useQuery({
    queryKey: tutorKeys.meetings(tutorId),
    queryFn: async ({ signal }) => {
      const [interviews, demoSessions] = await Promise.all([
        api.call(
          API.interviews.list,
          { query: { intervieweeId: tutorId, page: 1, size: 5 } },
          { signal },
        ),
        api.call(API.demoSessions.list, { query: { tutorId, page: 1, size: 5 } }, { signal }),
      ]);
      return { interviews, demoSessions };
    },
  });
}

/** PATCH /user/tutor/{id}: activation, notice period, onboarding bypass; then everything reads again. */
export function useSetTutorFields(tutorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TutorAdminBody) =>
      api.call(API.tutors.setAdminFields, { params: { id: tutorId }, body }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.detail(tutorId) }),
      ]);
    },
  });
}

/** PUT /intro-video/{id}: approved, or rejected with a reason; the steps read again too. */
export function useReviewIntroVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReviewIntroVideoBody }) =>
      api.call(API.introVideos.review, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
  });
}
