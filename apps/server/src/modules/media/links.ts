import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '@talaqa/domain';

/**
 * Links to private media (docs/decisions/311-media-storage.md): a `<video>` element sends no
 * Authorization header, so a video under review is played through a link signed for a few hours
 * (HMAC-SHA256 of the name and the expiry, with the server's secret). Whoever may read the intro
 * video list gets its links; nobody else can make one.
 */
export const MEDIA_LINK_SECONDS = 6 * 60 * 60;

const signatureOf = (secret: string, name: string, expires: number): string =>
  createHmac('sha256', secret).update(`media:${name}:${expires}`).digest('base64url');

/** The public address of a stored media file (no signature: for published media). */
export const mediaPath = (name: string): string =>
  `${API_PREFIX}/assets/media/${encodeURIComponent(name)}`;

/** A link to `name` valid until `now` + MEDIA_LINK_SECONDS (rounded to the hour, so it caches). */
export function signedMediaPath(secret: string, name: string, now: Date): string {
  const hour = 3600;
  const expires = (Math.floor(now.getTime() / 1000 / hour) + 1) * hour + MEDIA_LINK_SECONDS;
  return `${mediaPath(name)}?expires=${expires}&signature=${signatureOf(secret, name, expires)}`;
}

/** Whether a link's expiry and signature are the server's own and not past. */
export function isValidMediaSignature(
  secret: string,
  name: string,
  link: { expires?: number; signature?: string },
  now: Date,
): boolean {
  if (link.expires === undefined || link.signature === undefined) return false;
  if (link.expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signatureOf(secret, name, link.expires));
  const given = Buffer.from(link.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
