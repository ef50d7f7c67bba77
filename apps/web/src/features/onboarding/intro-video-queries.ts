/**
 * TanStack Query hooks of intro videos (issue 21 item 2, record 312): the tutor's own video on
 * the onboarding page, and the tutor managers' review queue on /interviews. Both read
 * GET /intro-video/list (the server answers a tutor with their own, staff with the queue).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReviewStatus } from '@talaqa/domain';
import type { IntroVideoPage, IntroVideoView, ReviewIntroVideoBody } from '@talaqa/domain';
import { introVideoApi } from '../../api';

export const introVideoKeys = {
  all: ['intro-video'] as const,
  mine: ['intro-video', 'mine'] as const,
  queue: (page: number, size: number) => ['intro-video', 'queue', page, size] as const,
};

export const REVIEW_QUEUE_PAGE_SIZE = 5;

/** The signed-in tutor's intro video, or null before the first upload. */
export function useOwnIntroVideo() {
  return useQuery({
    queryKey: introVideoKeys.mine,
    queryFn: ({ signal }) => introVideoApi.list({}, signal),
    select: (page: IntroVideoPage): IntroVideoView | null => page.list[0] ?? null,
  });
}

/** Puts a fresh upload's answer in place of the tutor's video (no second request needed). */
export function useStoreOwnIntroVideo() {
  const queryClient = useQueryClient();
  return (video: IntroVideoView) =>
    queryClient.setQueryData<IntroVideoPage>(introVideoKeys.mine, { list: [video], total: 1 });
}

/** One page of the videos waiting for a decision, oldest first. */
export function useReviewQueue(page: number, size = REVIEW_QUEUE_PAGE_SIZE) {
  return useQuery({
    queryKey: introVideoKeys.queue(page, size),
    queryFn: ({ signal }) =>
      introVideoApi.list({ status: ReviewStatus.Pending, page, size }, signal),
    placeholderData: (previous) => previous,
  });
}

/** Approves, or rejects with a reason; every intro-video list reads again afterwards. */
export function useReviewIntroVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReviewIntroVideoBody }) =>
      introVideoApi.review(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: introVideoKeys.all }),
  });
}
