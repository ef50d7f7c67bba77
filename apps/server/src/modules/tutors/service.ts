import { NOTICE_PERIOD_PLACEHOLDER_MINUTES, tutorMissingData } from '@talaqa/domain';
import type { TutorMeta } from '@talaqa/domain';
import type { Database } from '../../db';
import { requireUser } from '../users/service';
import { findTutorText } from './repo';

/**
 * GET /user/tutor/meta: the tutor's profile as the spec's Tutor (without the id). Only the texts
 * are stored so far; the video, thumbnail, activation, notice period and onboarding bypass answer
 * their defaults until the tutors issue gives them a home (docs/decisions.md, accounts).
 */
export async function tutorMeta(db: Database, userId: number): Promise<TutorMeta> {
  const [user, text] = await Promise.all([requireUser(db, userId), findTutorText(db, userId)]);
  const profile = {
    bio: text?.bio ?? null,
    about: text?.about ?? null,
    video: null,
    thumbnail: null,
  };
  return {
    ...profile,
    activated: false,
    noticePeriod: NOTICE_PERIOD_PLACEHOLDER_MINUTES,
    bypassOnboarding: false,
    missingData: tutorMissingData({
      ...profile,
      image: user.image,
      verifiedEmail: user.verifiedEmail,
      verifiedPhone: user.verifiedPhone,
    }),
  };
}
