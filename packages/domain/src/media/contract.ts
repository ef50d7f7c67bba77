/**
 * Intro videos, photo sessions and the media route (spec section 7, issue 21 items 2, 5 and 8)
 * and the shapes they answer. docs/decisions/311-media-storage.md, 312-intro-video.md,
 * 313-photo-sessions-and-studios.md
 */
import { z } from 'zod';
import { ADMIN_ROLES, anyone, rolesOnly } from '../access';
import { endpoint } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { instantSchema } from '../contract/query-fields';
import type { IntroVideo } from '../entities';
import { Role } from '../enums';
import { REVIEW_STATUSES } from '../statuses';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, VIDEO_MAX_BYTES } from '../validation';
import {
  introVideoListQuerySchema,
  introVideoParamsSchema,
  mediaParamsSchema,
  mediaQuerySchema,
  reviewIntroVideoBodySchema,
  studioListQuerySchema,
  studioTutorParamsSchema,
  studioTutorsQuerySchema,
  tutorMediaQuerySchema,
} from './validation';

const id = z.number().int();

/** Video content types an upload may declare (the bytes decide: MP4, MOV or WebM). */
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

const personSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
});

/**
 * An intro video as its tutor and its reviewers see it. `videoUrl` and `thumbnailUrl` are links
 * under /api/v1 that play in a `<video>` as they are (signed for a few hours while the video is
 * private: pending or rejected).
 */
export const introVideoViewSchema = z.object({
  id,
  tutorId: id,
  tutor: personSchema,
  status: z.literal(REVIEW_STATUSES),
  /** The seconds the server measured (ffprobe), not the browser's claim. */
  durationSeconds: z.number(),
  /** Stored names (served from /assets/media/{name}). */
  video: z.string(),
  thumbnail: z.string(),
  videoUrl: z.string(),
  thumbnailUrl: z.string(),
  /** Rejected: the reason shown to the tutor. */
  reason: z.string().nullable(),
  reviewerId: id.nullable(),
  reviewedAt: instantSchema.nullable(),
  /** Rejected: from when a new video may be uploaded. */
  retryAfter: instantSchema.nullable(),
  createdAt: instantSchema,
}) satisfies z.ZodType<IntroVideo>;
export type IntroVideoView = z.infer<typeof introVideoViewSchema>;

export const introVideoPageSchema = pageSchema(introVideoViewSchema);
export type IntroVideoPage = z.infer<typeof introVideoPageSchema>;

const staff = [...ADMIN_ROLES, Role.TutorManager] as const;

export const introVideoEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/intro-video/with/asset',
    summary: "Uploads the tutor's intro video (multipart: duration and video)",
    description:
      'The server measures the duration itself (30 to 120 seconds) and makes the thumbnail; one ' +
      'video per tutor, a new one three months after a rejection.',
    access: rolesOnly(Role.Tutor),
    upload: { field: 'video', accept: VIDEO_MIME_TYPES, maxBytes: VIDEO_MAX_BYTES },
    responses: { 201: introVideoViewSchema },
    errors: [
      'empty-request',
      'large-file-size',
      'invalid-video-type',
      'short-video-dur',
      'long-video-dur',
      'intro-video-exists',
      'illegal',
      'too-many-requests',
    ],
  }),
  list: endpoint({
    method: 'GET',
    path: '/intro-video/list',
    summary: 'A tutor: their own intro video; tutor managers and admins: the review queue',
    access: rolesOnly(Role.Tutor, ...staff),
    query: introVideoListQuerySchema,
    responses: { 200: introVideoPageSchema },
  }),
  review: endpoint({
    method: 'PUT',
    path: '/intro-video/:id',
    summary: 'Reviews a pending intro video: approved, or rejected with a reason',
    access: rolesOnly(...staff),
    params: introVideoParamsSchema,
    body: reviewIntroVideoBodySchema,
    responses: { 200: introVideoViewSchema },
    errors: ['intro-video-not-found', 'illegal'],
  }),
};

/** A tutor's photo session: the media a studio (or an admin) uploaded for the profile. */
export const photoSessionSchema = z.object({
  studioId: id.nullable(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  thumbnail: z.string().nullable(),
  uploadedBy: id.nullable(),
  updatedAt: instantSchema,
});
export type PhotoSession = z.infer<typeof photoSessionSchema>;

/** A tutor as a studio sees them: who to contact, and their photo session if any. */
export const studioTutorSchema = personSchema.extend({
  phone: z.string().nullable(),
  photoSession: photoSessionSchema.nullable(),
});
export type StudioTutor = z.infer<typeof studioTutorSchema>;

export const studioTutorPageSchema = pageSchema(studioTutorSchema);
export type StudioTutorPage = z.infer<typeof studioTutorPageSchema>;

const studioOrAdmin = [Role.Studio, ...ADMIN_ROLES] as const;

export const photoSessionEndpoints = {
  upload: endpoint({
    method: 'PUT',
    path: '/user/asset/tutor',
    summary: "Uploads a tutor's photo-session media (multipart image, video, thumbnail)",
    description:
      'Any of the three parts; each replaces the one before. The image becomes the profile ' +
      'image, the video and thumbnail the profile video. A studio takes the tutor as its own.',
    access: rolesOnly(...studioOrAdmin),
    query: tutorMediaQuerySchema,
    upload: {
      field: 'video',
      accept: [...VIDEO_MIME_TYPES, ...Object.keys(IMAGE_MIME_TYPES)],
      maxBytes: VIDEO_MAX_BYTES + 2 * IMAGE_MAX_BYTES,
    },
    responses: { 200: studioTutorSchema },
    errors: [
      'empty-request',
      'large-file-size',
      'invalid-image-type',
      'invalid-video-type',
      'tutor-not-found',
      'too-many-requests',
    ],
  }),
  tutor: endpoint({
    method: 'GET',
    path: '/user/tutor/:tutorId/for/studio',
    summary: 'A tutor as a studio sees them (not one of another studio)',
    access: rolesOnly(...studioOrAdmin),
    params: studioTutorParamsSchema,
    responses: { 200: studioTutorSchema },
    errors: ['tutor-not-found'],
  }),
  allTutors: endpoint({
    method: 'GET',
    path: '/user/tutor/all/for/studio',
    summary: 'Tutors a studio may serve: those without a photo session and its own',
    access: rolesOnly(...studioOrAdmin),
    query: studioTutorsQuerySchema,
    responses: { 200: studioTutorPageSchema },
  }),
  studioTutors: endpoint({
    method: 'GET',
    path: '/user/studio/list',
    summary: "A studio's tutors (a studio: its own; admins: one studio's, or every session)",
    access: rolesOnly(...studioOrAdmin),
    query: studioListQuerySchema,
    responses: { 200: studioTutorPageSchema },
  }),
};

export const mediaEndpoints = {
  file: endpoint({
    method: 'GET',
    path: '/assets/media/:name',
    summary: 'A stored video or thumbnail; answers Range requests (206) for seeking',
    description:
      'Public once published (an approved intro video, a profile video); otherwise for its ' +
      'tutor, tutor managers and admins, or through a signed link.',
    access: anyone,
    params: mediaParamsSchema,
    query: mediaQuerySchema,
    responses: { 200: z.file().meta({ description: 'The file (206 for a range)' }) },
    errors: ['asset-not-found', 'forbidden', 'unauthenticated'],
  }),
};
