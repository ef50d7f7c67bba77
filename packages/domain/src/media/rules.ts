/**
 * Intro videos and photo sessions (issue 21, items 2 and 5): the rules both the server and the
 * onboarding screen read. docs/decisions/312-intro-video.md
 *
 * - One intro video per tutor (INTRO_VIDEOS_PER_TUTOR): a pending or approved one blocks another
 *   upload (`intro-video-exists`).
 * - A rejected one may be replaced from REAPPLY_AFTER_REJECTION_MONTHS (3) after its review, on
 *   the Cairo calendar (`reapplyAllowedFrom`); before that an upload is `illegal`.
 * - Only a pending video is reviewed: approved, or rejected with a reason.
 */
import { REAPPLY_AFTER_REJECTION_MONTHS } from '../constants';
import { ReviewStatus } from '../statuses';
import { reapplyAllowedFrom } from '../time';
import { NOT_STARTED } from '../onboarding/rules';
import type { StepState } from '../onboarding/rules';

/** What a tutor's intro video is, as far as the upload rule needs. */
export interface IntroVideoState {
  status: ReviewStatus;
  reviewedAt: Date | null;
}

/** The first moment a rejected video may be replaced, or null while it is not rejected. */
export function introVideoRetryAt(video: IntroVideoState): Date | null {
  if (video.status !== ReviewStatus.Rejected || !video.reviewedAt) return null;
  return reapplyAllowedFrom(video.reviewedAt, REAPPLY_AFTER_REJECTION_MONTHS);
}

/** Why a tutor may not upload an intro video now, or undefined when they may. */
export function introVideoUploadProblem(
  existing: IntroVideoState | null,
  now: Date,
): 'intro-video-exists' | 'illegal' | undefined {
  if (!existing) return undefined;
  if (existing.status !== ReviewStatus.Rejected) return 'intro-video-exists';
  const retryAt = introVideoRetryAt(existing);
  return retryAt && now.getTime() >= retryAt.getTime() ? undefined : 'illegal';
}

/**
 * The onboarding step of a tutor with this intro video (null: none uploaded yet), as every step
 * reads (onboarding's `StepState`): `at` the review, `retryAt` the first moment a rejected tutor
 * may upload again, null once that moment has come.
 */
export function introVideoStepOf(existing: IntroVideoState | null, now: Date): StepState {
  if (!existing) return NOT_STARTED;
  if (existing.status === ReviewStatus.Approved) {
    return { state: 'passed', at: existing.reviewedAt, retryAt: null };
  }
  if (existing.status === ReviewStatus.Pending)
    return { state: 'pending', at: null, retryAt: null };
  const retryAt = introVideoRetryAt(existing);
  return {
    state: 'rejected',
    at: existing.reviewedAt,
    retryAt: retryAt && retryAt.getTime() > now.getTime() ? retryAt : null,
  };
}

/** The review decisions a tutor manager or an admin may take on a pending video. */
export const INTRO_VIDEO_DECISIONS = [ReviewStatus.Approved, ReviewStatus.Rejected] as const;
export type IntroVideoDecision = (typeof INTRO_VIDEO_DECISIONS)[number];
