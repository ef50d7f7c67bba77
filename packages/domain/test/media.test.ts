import { describe, expect, it } from 'vitest';
import {
  introVideoRetryAt,
  introVideoStepOf,
  introVideoUploadProblem,
  reviewIntroVideoBodySchema,
  ReviewStatus,
} from '../src';

const at = (iso: string) => new Date(iso);
const rejectedAt = at('2026-01-15T10:00:00Z');
const rejected = { status: ReviewStatus.Rejected, reviewedAt: rejectedAt };

describe('intro video rules', () => {
  it('lets a tutor upload a first video, never a second while one is pending or approved', () => {
    const now = at('2026-02-01T00:00:00Z');
    expect(introVideoUploadProblem(null, now)).toBeUndefined();
    expect(introVideoUploadProblem({ status: ReviewStatus.Pending, reviewedAt: null }, now)).toBe(
      'intro-video-exists',
    );
    expect(introVideoUploadProblem({ status: ReviewStatus.Approved, reviewedAt: now }, now)).toBe(
      'intro-video-exists',
    );
  });

  it('lets a rejected tutor try again three Cairo months after the review, not before', () => {
    const retry = introVideoRetryAt(rejected);
    expect(retry).toEqual(at('2026-04-15T10:00:00Z')); // noon in Cairo, as the review was
    expect(introVideoUploadProblem(rejected, new Date(retry!.getTime() - 1))).toBe('illegal');
    expect(introVideoUploadProblem(rejected, retry!)).toBeUndefined();
  });

  it('tells the onboarding step, as every step reads', () => {
    const now = at('2026-02-01T10:00:00Z');
    expect(introVideoStepOf(null, now)).toEqual({ state: 'not-started', at: null, retryAt: null });
    expect(introVideoStepOf({ status: ReviewStatus.Pending, reviewedAt: null }, now)).toEqual({
      state: 'pending',
      at: null,
      retryAt: null,
    });
    expect(
      introVideoStepOf({ status: ReviewStatus.Approved, reviewedAt: rejectedAt }, now),
    ).toEqual({ state: 'passed', at: rejectedAt, retryAt: null });
    expect(introVideoStepOf(rejected, now)).toEqual({
      state: 'rejected',
      at: rejectedAt,
      retryAt: at('2026-04-15T10:00:00Z'),
    });
    // Once the three months are over the tutor may try again: no date left to wait for.
    expect(introVideoStepOf(rejected, at('2026-04-15T10:00:00Z'))).toEqual({
      state: 'rejected',
      at: rejectedAt,
      retryAt: null,
    });
  });

  it('asks a rejection for a reason of 5 to 500 characters', () => {
    const problem = (body: unknown) => {
      const parsed = reviewIntroVideoBodySchema.safeParse(body);
      return parsed.success ? undefined : parsed.error.issues[0]?.message;
    };
    expect(problem({ status: ReviewStatus.Approved })).toBeUndefined();
    expect(problem({ status: ReviewStatus.Rejected })).toBe('required');
    expect(problem({ status: ReviewStatus.Rejected, reason: 'لا' })).toBe(
      'review-reason-too-short',
    );
    expect(problem({ status: ReviewStatus.Rejected, reason: 'ا'.repeat(501) })).toBe(
      'review-reason-too-long',
    );
    expect(problem({ status: ReviewStatus.Rejected, reason: 'الصوت غير واضح' })).toBeUndefined();
    expect(problem({ status: ReviewStatus.Pending })).toBe('invalid-type');
    expect(problem({})).toBe('required');
  });
});
