import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '../../errors';

/** What an access token carries (spec section 3): the user id, issued-at and expiry in seconds. */
export interface AccessTokenPayload {
  id: number;
  iat: number;
  exp: number;
}

export interface TokenSettings {
  jwtSecret: string;
  /** Lifetime in seconds. */
  accessTokenTtl: number;
}

const ALGORITHM = 'HS256';
const encoder = new TextEncoder();
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();

/**
 * The secret as an HMAC key, imported once: given raw bytes, jose imports them again on every
 * call, which every signed-in request paid for.
 */
function keyOf(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

/** Signs an access token for a user; `now` (unix seconds) is for tests. */
export async function signAccessToken(
  userId: number,
  settings: TokenSettings,
  now: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ id: userId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + settings.accessTokenTtl)
    .sign(await keyOf(settings.jwtSecret));
}

const isUserId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Checks signature, algorithm and expiry, and that the token names a user. Any failure is the
 * same `unauthenticated` error: the client's only remedy is to sign in again.
 */
export async function verifyAccessToken(
  token: string,
  settings: Pick<TokenSettings, 'jwtSecret'>,
): Promise<AccessTokenPayload> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(settings.jwtSecret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['iat', 'exp'],
    });
    const { id, iat, exp } = payload;
    if (!isUserId(id) || iat === undefined || exp === undefined) throw new Error('bad payload');
    return { id, iat, exp };
  } catch (error) {
    throw new AppError('unauthenticated', 'Invalid or expired access token', { cause: error });
  }
}

/** The token of an `Authorization: Bearer <token>` header, if that is what the header holds. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** Purposes of the short-lived single-task tokens (spec: forget-password, verify-email). */
export type TokenPurpose = 'forget-password' | 'verify-email';

export interface PurposeTokenPayload {
  id: number;
  purpose: TokenPurpose;
  /** The confirmation code this token was earned with; using the token uses the code up. */
  codeId: number;
}

export async function signPurposeToken(
  payload: PurposeTokenPayload,
  settings: Pick<TokenSettings, 'jwtSecret'>,
  ttlSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(await keyOf(settings.jwtSecret));
}

/** A purpose token of the expected purpose, or `expired-verification-code`. */
export async function verifyPurposeToken(
  token: string,
  purpose: TokenPurpose,
  settings: Pick<TokenSettings, 'jwtSecret'>,
): Promise<PurposeTokenPayload> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(settings.jwtSecret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['exp'],
    });
    if (payload.purpose !== purpose || !isUserId(payload.id) || !isUserId(payload.codeId)) {
      throw new Error('wrong purpose token');
    }
    return { id: payload.id, purpose, codeId: payload.codeId };
  } catch (error) {
    throw new AppError('expired-verification-code', 'Invalid or expired token', { cause: error });
  }
}
