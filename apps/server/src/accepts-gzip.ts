/**
 * Whether an Accept-Encoding header lets us answer gzip: `gzip` (or `*`) listed without `q=0`.
 * An explicit `gzip;q=0` wins over `*`. No header means identity only.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
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
