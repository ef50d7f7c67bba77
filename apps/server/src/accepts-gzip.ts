/** Answers for the Accept-Encoding headers seen: browsers send the same few on every request. */
const seen = new Map<string, boolean>();
const SEEN_LIMIT = 64;

/**
 * Whether an Accept-Encoding header lets us answer gzip: `gzip` (or `*`) listed without `q=0`.
 * An explicit `gzip;q=0` wins over `*`. No header means identity only.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const known = seen.get(header);
  if (known !== undefined) return known;
  const answer = gzipAllowedBy(header);
  if (seen.size < SEEN_LIMIT) seen.set(header, answer);
  return answer;
}

function gzipAllowedBy(header: string): boolean {
  let wildcard = false;
  for (const part of header.split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    const allowed = quality === undefined || Number(quality.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') wildcard = allowed;
  }
  return wildcard;
}
