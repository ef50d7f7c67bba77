import { randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { DEVICE_TOKEN_MAX_AGE_SECONDS, SESSION_MAX_AGE_SECONDS } from '@talaqa/domain';
import { AppError } from '../errors';

/**
 * What an access token carries: the user id, issued-at and expiry in seconds (spec section 3),
 * and (issue 15) `typ: 'access'`, the user's session version `sv` and the sign-in time
 * `auth_time`, which a refresh keeps.
 */
export interface AccessTokenPayload {
  id: number;
  iat: number;
  exp: number;
  /** The users.session_version the token was issued for; another version is refused. */
  sessionVersion: number;
  /** When the session was signed in (unix seconds): refresh stops SESSION_MAX_AGE_SECONDS later. */
  authTime: number;
}

/** The session a new access token belongs to. */
export interface SessionClaims {
  /** users.session_version now. */
  version: number;
  /** The sign-in time to keep (unix seconds); a new sign-in is `now`. */
  authTime?: number;
}

/**
 * The `typ` claim tells the kinds of token apart: an access token is refused as a purpose token
 * and a purpose token (forget-password, verify-email, ...) is refused everywhere else.
 */
export const ACCESS_TOKEN_TYPE = 'access';

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

/**
 * Signs an access token for a user; `now` (unix seconds) is for tests. Production code passes the
 * user's current session version (see sessions.ts); without one the token is of version 0, what
 * a user has until the first password change (tests rely on it). The expiry never passes the
 * session's absolute end.
 */
export async function signAccessToken(
  userId: number,
  settings: TokenSettings,
  now: number = Math.floor(Date.now() / 1000),
  session: SessionClaims = { version: 0 },
): Promise<string> {
  const authTime = session.authTime ?? now;
  const exp = Math.min(now + settings.accessTokenTtl, authTime + SESSION_MAX_AGE_SECONDS);
  return new SignJWT({
    id: userId,
    typ: ACCESS_TOKEN_TYPE,
    sv: session.version,
    auth_time: authTime,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(await keyOf(settings.jwtSecret));
}

const isUserId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * Checks signature, algorithm, expiry and type, that the token names a user and carries its
 * session. Any failure is the same `unauthenticated` error: the client's only remedy is to sign
 * in again. Whether the session is still current is the caller's check (it reads the user).
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
    const { id, iat, exp, typ, sv, auth_time: authTime } = payload;
    if (typ !== ACCESS_TOKEN_TYPE) throw new Error('not an access token');
    if (!isUserId(id) || iat === undefined || exp === undefined) throw new Error('bad payload');
    if (!isCount(sv) || !isCount(authTime)) throw new Error('no session claims');
    return { id, iat, exp, sessionVersion: sv, authTime };
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

/** A purpose token's `typ` is its purpose: it is never `access`, so no route takes it as one. */
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
  const { id, purpose, codeId } = payload;
  return new SignJWT({ id, typ: purpose, codeId })
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
    if (payload.typ !== purpose || !isUserId(payload.id) || !isUserId(payload.codeId)) {
      throw new Error('wrong purpose token');
    }
    return { id: payload.id, purpose, codeId: payload.codeId };
  } catch (error) {
    throw new AppError('expired-verification-code', 'Invalid or expired token', { cause: error });
  }
}

/**
 * Device tokens (issue 15, OWASP's "device cookie"): a sign-in hands the browser one, bound to
 * the account (user id and lower-cased e-mail) with a random id; a later password sign-in that
 * sends it back is throttled for that device alone (throttle.ts). Its `typ` is `device`: it is
 * never an access or purpose token, and neither of those is ever a device token.
 */
export const DEVICE_TOKEN_TYPE = 'device';

export interface DeviceTokenPayload {
  /** The account's user id. */
  id: number;
  /** The account's e-mail when the token was issued, lower-cased. */
  email: string;
  /** The device's random id: what its tries are counted under. */
  jti: string;
}

export async function signDeviceToken(
  account: { id: number; email: string },
  settings: Pick<TokenSettings, 'jwtSecret'>,
  now: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({
    id: account.id,
    typ: DEVICE_TOKEN_TYPE,
    email: account.email.trim().toLowerCase(),
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + DEVICE_TOKEN_MAX_AGE_SECONDS)
    .sign(await keyOf(settings.jwtSecret));
}

/**
 * The device a token names, or undefined for anything else (forged, expired, another kind): a
 * token that proves nothing is simply not used, never an error.
 */
export async function verifyDeviceToken(
  token: string,
  settings: Pick<TokenSettings, 'jwtSecret'>,
): Promise<DeviceTokenPayload | undefined> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(settings.jwtSecret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['iat', 'exp', 'jti'],
    });
    const { id, email, jti, typ } = payload;
    if (typ !== DEVICE_TOKEN_TYPE || !isUserId(id)) return undefined;
    if (typeof email !== 'string' || email === '' || typeof jti !== 'string') return undefined;
    if (!/^[0-9a-f-]{36}$/.test(jti)) return undefined;
    return { id, email, jti };
  } catch {
    return undefined;
  }
}
