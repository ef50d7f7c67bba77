/** Uploads: images and videos are judged by their bytes, not by the name or the declared type. */

import { z } from 'zod';
import { integer, number, rule } from './blocks';
import type { Code } from './blocks';

/** spec: images are recommended at 480 x 480 or larger. */
export const IMAGE_MIN_SIDE_PX = 480;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 300 * 1024 * 1024;
/**
 * What one account may hold in uploaded files, all kinds together (issue 15): ten profile images'
 * worth. Intro videos (up to VIDEO_MAX_BYTES) will need their own allowance when they come.
 */
export const USER_STORAGE_MAX_BYTES = 50 * 1024 * 1024;
/** Uploads one account may make in an hour (each try counts, refused or not). */
export const UPLOADS_PER_HOUR = 20;
export const INTRO_VIDEO_MIN_SECONDS = 30;
export const INTRO_VIDEO_MAX_SECONDS = 120;

export type ImageType = 'jpg' | 'png' | 'gif';
export type VideoType = 'mp4' | 'mov' | 'webm';

export const IMAGE_MIME_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
} as const satisfies Record<string, ImageType>;

export const imageMimeTypeSchema = z.enum(
  Object.keys(IMAGE_MIME_TYPES) as (keyof typeof IMAGE_MIME_TYPES)[],
  { error: (issue) => (issue.input == null ? 'required' : 'invalid-image-type') },
);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (value: string): number[] => [...value].map((char) => char.charCodeAt(0));

/** The image format by its magic bytes: JPEG FF D8 FF, PNG's 8-byte signature, GIF87a/89a. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  return null;
}

/** How far into a WebM file its EBML header names the document type. */
const EBML_HEADER_SCAN_BYTES = 64;

function includesAscii(bytes: Uint8Array, word: string, limit: number): boolean {
  const signature = ascii(word);
  const end = Math.min(bytes.length, limit) - signature.length;
  for (let offset = 0; offset <= end; offset += 1) {
    if (startsWith(bytes, signature, offset)) return true;
  }
  return false;
}

/**
 * The video format by its magic bytes: ISO media ("ftyp" at byte 4; brand "qt  " is QuickTime)
 * or WebM (an EBML header whose document type is "webm"; other Matroska files do not play in
 * every browser and are refused).
 */
export function detectVideoType(bytes: Uint8Array): VideoType | null {
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    return startsWith(bytes, ascii('qt  '), 8) ? 'mov' : 'mp4';
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    return includesAscii(bytes, 'webm', EBML_HEADER_SCAN_BYTES) ? 'webm' : null;
  }
  return null;
}

export const fileSizeSchema = (maxBytes: number) =>
  integer().min(0, 'invalid-type').max(maxBytes, 'file-too-large');

/** The first problem of an uploaded image, judged by its size and its first bytes. */
export function imageFileProblem(bytes: Uint8Array, size = bytes.length): Code | undefined {
  if (size > IMAGE_MAX_BYTES) return 'file-too-large';
  return detectImageType(bytes) === null ? 'invalid-image-type' : undefined;
}

/** The first problem of an uploaded video, judged by its size and its first bytes. */
export function videoFileProblem(bytes: Uint8Array, size = bytes.length): Code | undefined {
  if (size > VIDEO_MAX_BYTES) return 'file-too-large';
  return detectVideoType(bytes) === null ? 'invalid-video-type' : undefined;
}

/** True when an image meets the spec's recommendation of at least 480 x 480 pixels. */
export const meetsImageRecommendation = (width: number, height: number): boolean =>
  width >= IMAGE_MIN_SIDE_PX && height >= IMAGE_MIN_SIDE_PX;

/** An intro video's duration in seconds (fractions allowed: players report them). */
export const videoDurationSchema = number()
  .min(0, 'invalid-type')
  .superRefine(
    rule((seconds: number) => {
      if (seconds < INTRO_VIDEO_MIN_SECONDS) return 'video-too-short';
      return seconds > INTRO_VIDEO_MAX_SECONDS ? 'video-too-long' : undefined;
    }),
  );
