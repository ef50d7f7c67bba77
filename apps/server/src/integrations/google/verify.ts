import { timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { JWSHeaderParameters, JWTPayload, FlattenedJWSInput } from 'jose';
import { AppError } from '../../errors';

export const GOOGLE_ISSUERS: readonly string[] = [
  'https://accounts.google.com',
  'accounts.google.com',
];

/** Who signed in, as far as the application needs to know. */
export interface GoogleIdentity {
  /** Google's stable account id (`sub`): the key to link on, never the email. */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export const GOOGLE_SIGN_IN_FAILURES = [
  'invalid-signature',
  'wrong-audience',
  'wrong-issuer',
  'expired',
  'nonce-mismatch',
  'no-email',
  'malformed',
  'jwks-unavailable',
] as const;
export type GoogleSignInFailure = (typeof GOOGLE_SIGN_IN_FAILURES)[number];

/**
 * Why an ID token was refused. It is an AppError, so a route can let it through: the client can
 * only sign in again (`unauthenticated`), unless Google's keys were out of reach, which is our
 * outage (`service-unavailable`). `reason` says which check failed, for logs and tests.
 */
export class GoogleSignInError extends AppError {
  override name = 'GoogleSignInError';
  readonly reason: GoogleSignInFailure;

  constructor(reason: GoogleSignInFailure, message?: string, options?: { cause?: unknown }) {
    super(
      reason === 'jwks-unavailable' ? 'service-unavailable' : 'unauthenticated',
      message ?? `Google sign-in failed: ${reason}`,
      { cause: options?.cause },
    );
    this.reason = reason;
  }
}

export interface GoogleVerifierOptions {
  /** Where Google's signing keys are published (the simulator's in development). */
  jwksUrl: string;
  /** The OAuth client id of the web app: the only accepted audience. */
  clientId: string;
  issuers?: readonly string[];
  /** Allowed clock skew, in seconds, for `exp` and `iat`. */
  clockToleranceSec?: number;
}

export interface GoogleVerifyOptions {
  /**
   * The nonce the browser sent to Google; the token must carry the same. Required (issue 15): a
   * token without one could be replayed from anywhere it leaked.
   */
  nonce: string;
}

export interface GoogleVerifier {
  verify(idToken: string, options: GoogleVerifyOptions): Promise<GoogleIdentity>;
}
export type GoogleIdTokenVerifier = GoogleVerifier;

/** Google signs ID tokens with RS256 only; anything else is refused before a key is looked up. */
const ALGORITHMS = ['RS256'];

type KeyLookup = (
  header: JWSHeaderParameters,
  token: FlattenedJWSInput,
) => ReturnType<ReturnType<typeof createRemoteJWKSet>>;

/**
 * Wraps the cached remote key set so a failure to obtain keys (network, timeout, non-200, bad
 * JSON, unusable key) is told apart from a token whose `kid` is not in a set we did obtain.
 */
function keyLookup(jwksUrl: string): KeyLookup {
  const keys = createRemoteJWKSet(new URL(jwksUrl));
  return async (header, token) => {
    try {
      return await keys(header, token);
    } catch (error) {
      if (
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JWKSMultipleMatchingKeys
      ) {
        throw new GoogleSignInError('invalid-signature', 'No Google key matches the token', {
          cause: error,
        });
      }
      throw new GoogleSignInError('jwks-unavailable', `Cannot read Google's keys`, {
        cause: error,
      });
    }
  };
}

/** Maps jose's failures onto our reasons; anything unrecognised is a malformed token. */
function failureOf(error: unknown): GoogleSignInError {
  if (error instanceof GoogleSignInError) return error;
  const because = (reason: GoogleSignInFailure): GoogleSignInError =>
    new GoogleSignInError(reason, undefined, { cause: error });
  if (error instanceof errors.JWTExpired) return because('expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'check_failed') {
      if (error.claim === 'aud') return because('wrong-audience');
      if (error.claim === 'iss') return because('wrong-issuer');
      if (error.claim === 'nbf' || error.claim === 'iat') return because('expired');
    }
    return because('malformed');
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JOSEAlgNotAllowed
  ) {
    return because('invalid-signature');
  }
  return because('malformed');
}

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** Google has sent `email_verified` both as a boolean and as the string "true". */
const isVerified = (value: unknown): boolean => value === true || value === 'true';

/** The checks jose leaves to us: `iat` not in the future, `azp` with several audiences, nonce. */
function checkClaims(
  payload: JWTPayload,
  clientId: string,
  toleranceSec: number,
  nonce: string,
): void {
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.iat !== 'number' || payload.iat > now + toleranceSec) {
    throw new GoogleSignInError('expired', 'The token is issued in the future');
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) {
    throw new GoogleSignInError('wrong-audience', 'The token was presented for another client');
  }
  const carried = payload.nonce;
  if (nonce === '' || typeof carried !== 'string' || !sameText(carried, nonce)) {
    throw new GoogleSignInError('nonce-mismatch', 'The token carries no nonce or another one');
  }
}

function identityOf(payload: JWTPayload): GoogleIdentity {
  const subject = text(payload.sub);
  if (subject === null) throw new GoogleSignInError('malformed', 'The token names no subject');
  const email = text(payload.email);
  if (email === null) throw new GoogleSignInError('no-email', 'The token carries no email');
  return {
    subject,
    email,
    emailVerified: isVerified(payload.email_verified),
    name: text(payload.name),
    picture: text(payload.picture),
  };
}

/**
 * Verifies Google ID tokens (the `id_token` of the implicit flow): RS256 signature against the
 * published keys (fetched once and cached; an unknown `kid` refetches, for key rotation),
 * audience, issuer, `exp`/`iat` with a little clock tolerance, the nonce (always), and an email.
 * Every failure is a GoogleSignInError with its reason.
 */
export function createGoogleIdTokenVerifier({
  jwksUrl,
  clientId,
  issuers = GOOGLE_ISSUERS,
  clockToleranceSec = 5,
}: GoogleVerifierOptions): GoogleVerifier {
  const keys = keyLookup(jwksUrl);
  return {
    async verify(idToken, { nonce }) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          algorithms: ALGORITHMS,
          audience: clientId,
          issuer: [...issuers],
          clockTolerance: clockToleranceSec,
          requiredClaims: ['iss', 'aud', 'sub', 'iat', 'exp'],
        }));
      } catch (error) {
        throw failureOf(error);
      }
      checkClaims(payload, clientId, clockToleranceSec, nonce);
      return identityOf(payload);
    },
  };
}
