/** Reading Fawry's requests and writing its redirects: the small rules every route shares. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FawryPaymentMethod } from '../protocol';
import { formatAmount } from '../signatures';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string or number field as text; undefined when absent, empty or of another type. */
export function field(source: unknown, name: string): string | undefined {
  if (!isObject(source)) return undefined;
  const value = source[name];
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Parameters from the query string, or (as Fawry's samples show) a JSON body. */
export const params = (request: FastifyRequest): Json => ({
  ...(isObject(request.body) ? request.body : {}),
  ...(isObject(request.query) ? request.query : {}),
});

/** Piasters as Fawry's JSON amount: pounds with two decimals. */
export const pounds = (piasters: number): number => Number(formatAmount(piasters));

/** Fawry's customerMobile: an Egyptian mobile in local form. */
export const EGYPT_MOBILE = /^01[0125]\d{8}$/;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function withQuery(target: string, query: Record<string, string | undefined>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.href;
}

export const redirect = (reply: FastifyReply, location: string, status = 302): FastifyReply =>
  reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(location, status);

/** The wire name of a method in notifications (observed: "Mobile Wallet" for wallets). */
export const notifiedMethod = (method: FawryPaymentMethod): string =>
  method === 'MWALLET' ? 'Mobile Wallet' : method;
