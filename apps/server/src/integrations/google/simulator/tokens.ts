/**
 * ID tokens as Google signs them: RS256 with a key made at start (its `kid` new each time),
 * published in a JWKS, issued as `https://accounts.google.com`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { JWK, JWTPayload } from 'jose';
import { DEMO_GOOGLE_ACCOUNTS, SIMULATOR_ISSUER } from './types';
import type { SimulatedClaims } from './types';

const TOKEN_LIFETIME_SEC = 3600;

/** Google's subject is a decimal string of about 21 digits; here it is stable per email. */
export function simulatedSubject(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `1${BigInt(`0x${digest}`).toString().slice(0, 20)}`;
}

const withoutUndefined = (claims: Record<string, unknown>): JWTPayload =>
  Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));

export interface TokenSigner {
  keyId: string;
  publicJwk: JWK;
  /** Mints an ID token; defaults are the first demo account and `defaultAudience`, for 1 h. */
  signIdToken(claims?: SimulatedClaims): Promise<string>;
}

export async function createTokenSigner(defaultAudience: string): Promise<TokenSigner> {
  const keyId = randomBytes(20).toString('hex');
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: keyId, alg: 'RS256', use: 'sig' };

  const signIdToken = (claims: SimulatedClaims = {}): Promise<string> => {
    const account = DEMO_GOOGLE_ACCOUNTS[0];
    const iat = claims.iat ?? Math.floor(Date.now() / 1000);
    const merged: Record<string, unknown> = {
      iss: SIMULATOR_ISSUER,
      aud: defaultAudience,
      email: account?.email,
      email_verified: true,
      name: account?.name,
      ...claims,
      iat,
    };
    if (!('exp' in claims)) merged.exp = iat + TOKEN_LIFETIME_SEC;
    if (!('azp' in claims) && typeof merged.aud === 'string') merged.azp = merged.aud;
    if (!('sub' in claims)) merged.sub = simulatedSubject(String(merged.email ?? 'no-email'));
    return new SignJWT(withoutUndefined(merged))
      .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'JWT' })
      .sign(privateKey);
  };
  return { keyId, publicJwk, signIdToken };
}
