import { describe, expect, it } from 'vitest';
import { rangeOf } from '../../src/modules/media/serve-media';
import { isValidMediaSignature, signedMediaPath } from '../../src/modules/media/links';

describe('rangeOf (HTTP Range against a file of 1000 bytes)', () => {
  it('reads start-end, start- and -suffix', () => {
    expect(rangeOf('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(rangeOf('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(rangeOf('bytes=-10', 1000)).toEqual({ start: 990, end: 999 });
    // An end past the file is the file's end; a suffix longer than the file is the whole file.
    expect(rangeOf('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
    expect(rangeOf('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('refuses a start past the end (416) and ignores what it does not read', () => {
    expect(rangeOf('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(rangeOf('bytes=-0', 1000)).toBe('unsatisfiable');
    for (const header of [undefined, '', 'bytes=0-1,4-5', 'items=0-1', 'bytes=-', 'bytes=9-3']) {
      expect(rangeOf(header, 1000)).toBeUndefined();
    }
  });
});

describe('signed media links', () => {
  const secret = 'a-secret-of-the-server-0123456789';
  const name = '0f8fad5b-d9cb-469f-a165-70867728950e.mp4';
  const now = new Date('2026-11-26T10:20:00Z');
  const linkOf = (path: string) => {
    const query = new URL(path, 'http://x').searchParams;
    return { expires: Number(query.get('expires')), signature: query.get('signature') ?? '' };
  };

  it('holds for its name until it expires, hours later', () => {
    const link = linkOf(signedMediaPath(secret, name, now));
    expect(isValidMediaSignature(secret, name, link, now)).toBe(true);
    expect(isValidMediaSignature(secret, name, link, new Date(now.getTime() + 6 * 3600_000))).toBe(
      true,
    );
    expect(isValidMediaSignature(secret, name, link, new Date(now.getTime() + 8 * 3600_000))).toBe(
      false,
    );
  });

  it('is refused for another name, another secret, or a changed expiry', () => {
    const link = linkOf(signedMediaPath(secret, name, now));
    const other = '1f8fad5b-d9cb-469f-a165-70867728950e.mp4';
    expect(isValidMediaSignature(secret, other, link, now)).toBe(false);
    expect(isValidMediaSignature(`${secret}x`, name, link, now)).toBe(false);
    expect(
      isValidMediaSignature(secret, name, { ...link, expires: link.expires + 3600 }, now),
    ).toBe(false);
    expect(isValidMediaSignature(secret, name, {}, now)).toBe(false);
  });
});
