import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { isAdmin } from '../../http/access';
import { SAFE_NAME } from '../assets';
import type { AssetStorage, ByteRange } from '../assets';
import { isValidMediaSignature } from './links';
import { mediaAudienceOf } from './repo';

/**
 * GET /assets/media/{name}: videos and thumbnails, with HTTP range requests (RFC 9110 section 14)
 * so a `<video>` seeks without downloading the whole file. Access (docs/decisions/311): public
 * once published; otherwise the tutor, tutor managers and admins (by token), or a signed link.
 */
const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/**
 * The one range of a `Range: bytes=...` header against a file of `size` bytes: `start-end`,
 * `start-` or `-suffix`. `undefined`: no header, or one we answer with the whole file (several
 * ranges, another unit, bad syntax: RFC 9110 lets a server ignore it). 'unsatisfiable': 416.
 */
export function rangeOf(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}

export interface MediaContext extends Pick<ServiceContext, 'db' | 'clock'> {
  assets: AssetStorage;
  secret: string;
}

async function assertMayRead(
  ctx: MediaContext,
  request: FastifyRequest<{
    Params: { name: string };
    Querystring: { expires?: number; signature?: string };
  }>,
): Promise<boolean> {
  const { name } = request.params;
  // Only names we generate reach the database (a NUL or `..` is simply not found).
  if (!SAFE_NAME.test(name)) throw new AppError('asset-not-found');
  const audience = await mediaAudienceOf(ctx.db, name);
  if (!audience) throw new AppError('asset-not-found');
  if (audience.public) return true;
  if (isValidMediaSignature(ctx.secret, name, request.query, ctx.clock.now())) return false;
  const caller = request.identity;
  if (!caller) throw new AppError('unauthenticated', 'This video is not public yet');
  const allowed =
    isAdmin(caller) || caller.role === Role.TutorManager || caller.userId === audience.tutorId;
  if (!allowed) throw new AppError('forbidden', 'This video is not public yet');
  return false;
}

export async function sendMedia(
  ctx: MediaContext,
  request: FastifyRequest<{
    Params: { name: string };
    Querystring: { expires?: number; signature?: string };
  }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { name } = request.params;
  const isPublic = await assertMayRead(ctx, request);
  const size = await ctx.assets.size('media', name);
  if (size === undefined) throw new AppError('asset-not-found');
  const extension = name.split('.').pop() ?? '';
  reply
    .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header(
      'cache-control',
      isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
    );
  const range = rangeOf(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .type('application/json; charset=utf-8')
      .header('content-range', `bytes */${size}`)
      .send({ code: 'bad-request', message: 'Range not satisfiable' });
  }
  const file = await ctx.assets.open('media', name, range);
  if (!file) throw new AppError('asset-not-found');
  if (!range) return reply.header('content-length', String(size)).send(file.stream);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', String(range.end - range.start + 1))
    .send(file.stream);
}
