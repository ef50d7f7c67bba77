/**
 * The tutor's own profile (spec section 3 "Tutor"): the texts a tutor writes and what the profile
 * still lacks. GET /user/tutor/meta and the other tutors endpoints are in ../tutors/contract.
 */
import { z } from 'zod';
import type { TutorMissingData } from '../entities';
import { aboutSchema, bioSchema } from '../validation';

/**
 * The tutor's texts, accepted by PUT /user/{id} for a tutor (the owner or an admin). Each is
 * optional (only what is sent changes) and neither can be cleared: Arabic only, bio 10-300
 * characters, about 50-2000, with the spec's empty, short, long and invalid codes.
 */
export const tutorTextBodySchema = z.object({
  bio: bioSchema.optional(),
  about: aboutSchema.optional(),
});
export type TutorTextBody = z.input<typeof tutorTextBodySchema>;

/** What `tutorMissingData` reads: the user's picture and verifications and the tutor's texts. */
export interface TutorCompleteness {
  image: string | null;
  verifiedEmail: boolean;
  verifiedPhone: boolean;
  bio: string | null;
  about: string | null;
  video: string | null;
  thumbnail: string | null;
}

/**
 * What a tutor profile still lacks before students may see it (spec section 5: a picture, the
 * Arabic texts, the intro video and its thumbnail, a verified e-mail and phone), in a fixed order:
 * image, bio, about, video, thumbnail, verified-email, verified-phone. Empty means complete.
 */
export function tutorMissingData(profile: TutorCompleteness): TutorMissingData[] {
  const has = (value: string | null): boolean => value !== null && value.trim() !== '';
  const missing: TutorMissingData[] = [];
  if (!has(profile.image)) missing.push('image');
  if (!has(profile.bio)) missing.push('bio');
  if (!has(profile.about)) missing.push('about');
  if (!has(profile.video)) missing.push('video');
  if (!has(profile.thumbnail)) missing.push('thumbnail');
  if (!profile.verifiedEmail) missing.push('verified-email');
  if (!profile.verifiedPhone) missing.push('verified-phone');
  return missing;
}
