import { API_PREFIX } from '@talaqa/domain';

export type QueryValue = string | number | boolean | Date | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

function encodeValue(value: Exclude<QueryValue, null | undefined>): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * `?a=1&b=x&b=y` from `{a: 1, b: ['x', 'y'], c: undefined, d: null}`: arrays repeat the key,
 * `undefined` and `null` are skipped, dates are ISO strings. Empty string when nothing remains.
 */
export function buildQueryString(query?: QueryParams): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) {
      if (value === undefined || value === null) continue;
      params.append(key, encodeValue(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `${baseUrl}/api/v1${path}` plus the query; `path` keeps its own trailing slash and query. */
export function buildApiUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const base = baseUrl.replace(/\/+$/, '');
  const rel = path.startsWith('/') ? path : `/${path}`;
  const qs = buildQueryString(query);
  const joined = qs && rel.includes('?') ? `&${qs.slice(1)}` : qs;
  return `${base}${API_PREFIX}${rel}${joined}`;
}
