import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  detectImageType,
  detectVideoType,
  fileSizeSchema,
  firstValidationCode,
  IMAGE_MAX_BYTES,
  IMAGE_MIN_SIDE_PX,
  imageFileProblem,
  imageMimeTypeSchema,
  INTRO_VIDEO_MAX_SECONDS,
  INTRO_VIDEO_MIN_SECONDS,
  isValidPage,
  meetsImageRecommendation,
  PAGE_SIZE_MAX,
  pageCount,
  pageQuerySchema,
  VIDEO_MAX_BYTES,
  videoDurationSchema,
  videoFileProblem,
  validationIssues,
} from '../src/validation';
import { codeOf, parsed } from './helpers';

const bytes = (...values: (number | string)[]): Uint8Array =>
  Uint8Array.from(
    values.flatMap((value) =>
      typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value],
    ),
  );

const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF');
const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 'IHDR');
const GIF = bytes('GIF89a', 1, 0);
const MP4 = bytes(0, 0, 0, 0x20, 'ftypisom', 0, 0, 2, 0);
const MOV = bytes(0, 0, 0, 0x14, 'ftypqt  ', 0, 0, 2, 0);
const WEBM = bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0x82, 0x84, 'webm');
const MKV = bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0x82, 0x88, 'matroska');

describe('images', () => {
  it('are recognised by their magic bytes', () => {
    expect(detectImageType(JPEG)).toBe('jpg');
    expect(detectImageType(PNG)).toBe('png');
    expect(detectImageType(GIF)).toBe('gif');
    expect(detectImageType(bytes('GIF87a'))).toBe('gif');
    expect(detectImageType(bytes('GIF88a'))).toBeNull();
    expect(detectImageType(bytes(0xff, 0xd8))).toBeNull(); // too short
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
    expect(detectImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBeNull();
  });

  it('declared types are JPEG, PNG or GIF', () => {
    expect(codeOf(imageMimeTypeSchema, 'image/png')).toBeNull();
    expect(codeOf(imageMimeTypeSchema, 'image/webp')).toBe('invalid-image-type');
    expect(codeOf(imageMimeTypeSchema, undefined)).toBe('required');
  });

  it('uploads are checked by size then by content', () => {
    expect(imageFileProblem(PNG)).toBeUndefined();
    expect(imageFileProblem(PNG, IMAGE_MAX_BYTES)).toBeUndefined();
    expect(imageFileProblem(PNG, IMAGE_MAX_BYTES + 1)).toBe('file-too-large');
    expect(imageFileProblem(MP4)).toBe('invalid-image-type');
  });

  it('are recommended at 480 x 480 or more', () => {
    expect(meetsImageRecommendation(IMAGE_MIN_SIDE_PX, IMAGE_MIN_SIDE_PX)).toBe(true);
    expect(meetsImageRecommendation(IMAGE_MIN_SIDE_PX - 1, 1000)).toBe(false);
    expect(meetsImageRecommendation(1000, IMAGE_MIN_SIDE_PX - 1)).toBe(false);
  });
});

describe('videos', () => {
  it('are recognised by their magic bytes', () => {
    expect(detectVideoType(MP4)).toBe('mp4');
    expect(detectVideoType(MOV)).toBe('mov');
    expect(detectVideoType(WEBM)).toBe('webm');
    expect(detectVideoType(MKV)).toBeNull();
    expect(detectVideoType(JPEG)).toBeNull();
  });

  it('uploads are checked by size then by content', () => {
    expect(videoFileProblem(WEBM, VIDEO_MAX_BYTES)).toBeUndefined();
    expect(videoFileProblem(WEBM, VIDEO_MAX_BYTES + 1)).toBe('file-too-large');
    expect(videoFileProblem(GIF)).toBe('invalid-video-type');
  });

  it('intro videos last 30 seconds to 2 minutes', () => {
    expect(codeOf(videoDurationSchema, INTRO_VIDEO_MIN_SECONDS)).toBeNull();
    expect(codeOf(videoDurationSchema, INTRO_VIDEO_MAX_SECONDS)).toBeNull();
    expect(codeOf(videoDurationSchema, 59.97)).toBeNull();
    expect(codeOf(videoDurationSchema, INTRO_VIDEO_MIN_SECONDS - 0.01)).toBe('video-too-short');
    expect(codeOf(videoDurationSchema, INTRO_VIDEO_MAX_SECONDS + 0.01)).toBe('video-too-long');
    expect(codeOf(videoDurationSchema, -1)).toBe('invalid-type');
  });

  it('file sizes have a ceiling', () => {
    const size = fileSizeSchema(1000);
    expect(codeOf(size, 0)).toBeNull();
    expect(codeOf(size, 1000)).toBeNull();
    expect(codeOf(size, 1001)).toBe('file-too-large');
    expect(codeOf(size, -1)).toBe('invalid-type');
  });
});

describe('paging', () => {
  it('moves only to pages 1 to the total', () => {
    expect(isValidPage(1, 3)).toBe(true);
    expect(isValidPage(3, 3)).toBe(true);
    expect(isValidPage(0, 3)).toBe(false);
    expect(isValidPage(4, 3)).toBe(false);
    expect(isValidPage(1.5, 3)).toBe(false);
  });

  it('counts pages, keeping one page for an empty list', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(isValidPage(1, pageCount(0, 10))).toBe(true);
  });

  it('reads page and size from a query string', () => {
    expect(parsed(pageQuerySchema, {})).toEqual({ page: 1, size: 10 });
    expect(parsed(pageQuerySchema, { page: '3', size: String(PAGE_SIZE_MAX) })).toEqual({
      page: 3,
      size: PAGE_SIZE_MAX,
    });
    expect(codeOf(pageQuerySchema, { page: '0' })).toBe('invalid-page');
    expect(codeOf(pageQuerySchema, { page: 'two' })).toBe('invalid-page');
    expect(codeOf(pageQuerySchema, { page: '1.5' })).toBe('invalid-page');
    expect(codeOf(pageQuerySchema, { size: '0' })).toBe('invalid-page-size');
    expect(codeOf(pageQuerySchema, { size: String(PAGE_SIZE_MAX + 1) })).toBe('invalid-page-size');
  });
});

describe('reading validation results', () => {
  const schema = z.object({ name: z.string(), items: z.array(z.object({ n: z.number() })) });

  it('maps issues to dotted paths and codes, with a fallback for foreign messages', () => {
    const result = schema.safeParse({ items: [{ n: 'x' }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(validationIssues(result.error)).toEqual([
      { path: 'name', code: 'invalid-type' },
      { path: 'items.0.n', code: 'invalid-type' },
    ]);
    expect(firstValidationCode(result)).toBe('invalid-type');
    expect(firstValidationCode(schema.safeParse({ name: 'a', items: [] }))).toBeNull();
  });
});
