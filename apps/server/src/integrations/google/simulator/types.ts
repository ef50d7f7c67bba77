/** What the Google simulator shows of itself: its paths, demo accounts, claims and options. */
import type { FastifyBaseLogger } from 'fastify';
import { GOOGLE_ISSUERS } from '../verify';

/** What Google sends, so the production verifier accepts simulator tokens unchanged. */
export const SIMULATOR_ISSUER = GOOGLE_ISSUERS[0] ?? 'https://accounts.google.com';
/** The client id the simulator accepts when it is not given a list (and the default `aud`). */
export const SIMULATOR_CLIENT_ID = 'talaqa-local.apps.googleusercontent.com';

export const SIMULATOR_PATHS = {
  discovery: '/.well-known/openid-configuration',
  jwks: '/oauth2/v3/certs',
  authorize: '/o/oauth2/v2/auth',
  approve: '/o/oauth2/v2/auth/approve',
  deny: '/o/oauth2/v2/auth/deny',
} as const;

export interface DemoGoogleAccount {
  email: string;
  name: string;
}

/** Shown on the account chooser; any other address can be typed in. */
export const DEMO_GOOGLE_ACCOUNTS: readonly DemoGoogleAccount[] = [
  { email: 'sara.google@example.com', name: 'سارة محمود' },
  { email: 'ahmed.google@example.com', name: 'أحمد عبد الله' },
  { email: 'mona.google@example.com', name: 'منى السيد' },
  { email: 'youssef.google@example.com', name: 'يوسف حسن' },
];

/** The claims of a Google ID token that the application reads or the verifier checks. */
export interface GoogleIdTokenClaims {
  iss: string;
  aud: string | string[];
  azp: string;
  sub: string;
  email: string;
  /** A boolean today; older tokens carried the string. */
  email_verified: boolean | 'true' | 'false';
  name: string;
  picture: string;
  iat: number;
  exp: number;
  nonce: string;
}

/**
 * Claims for `signIdToken`: each one overrides the default, and an explicit `undefined` leaves
 * the claim out (e.g. `{ email: undefined }` for a token without an email).
 */
export type SimulatedClaims = { [K in keyof GoogleIdTokenClaims]?: GoogleIdTokenClaims[K] } & {
  [claim: string]: unknown;
};

export interface GoogleSimulatorOptions {
  /** 0 picks a free port. */
  port: number;
  /** A loopback address; anything else is refused (the simulator signs tokens for anyone). */
  host?: string;
  /** Accepted `client_id`s; without a list, any client id is accepted. */
  clientIds?: readonly string[];
  /** Request logging; silent when not given. */
  logger?: FastifyBaseLogger;
}

export interface GoogleSimulator {
  /** Origin, e.g. http://127.0.0.1:4540 */
  url: string;
  /** The authorization endpoint: where the web app sends the browser (GOOGLE_AUTH_URL). */
  authUrl: string;
  /** Where the verifier reads the keys (GOOGLE_JWKS_URL). */
  jwksUrl: string;
  issuer: string;
  /** `kid` of the signing key, which is new at every start. */
  keyId: string;
  /** Mints an ID token as Google would; defaults are the first demo account, valid for 1 h. */
  signIdToken(claims?: SimulatedClaims): Promise<string>;
  close(): Promise<void>;
}

export class GoogleSimulatorError extends Error {
  override name = 'GoogleSimulatorError';
}
