/**
 * Google sign-in by full-page redirect (OpenID Connect implicit flow, `response_type=id_token`):
 * the browser goes to the authorization endpoint (Google's, or the local simulator's, from the
 * runtime config) and comes back to `/login#id_token=…&state=…`. `state` and `nonce` are random
 * and kept in sessionStorage with the chosen role, so the answer is accepted only by the tab that
 * asked for it.
 */
import { runtimeConfig } from '@talaqa/api-client';
import type { SelfSignUpRole } from '@talaqa/domain';
import { paths } from '../../paths';

export const GOOGLE_ATTEMPT_KEY = 'talaqa.google-sign-in';
export const GOOGLE_SCOPE = 'openid email profile';

/** What the tab remembers between leaving for Google and coming back. */
export interface GoogleAttempt {
  state: string;
  nonce: string;
  /** The role to create when the Google account is new (the sign-up page's role). */
  role?: SelfSignUpRole;
  remember: boolean;
  /** Where to go after signing in (the login page's `next`). */
  next?: string | null;
}

/** The full-page navigation, replaceable in tests. */
export const browser = {
  assign: (url: string): void => window.location.assign(url),
  origin: (): string => window.location.origin,
};

/** The authorization endpoint and client id, or null when Google sign-in is not configured. */
export function googleConfig(): { authUrl: string; clientId: string } | null {
  const { googleAuthUrl, googleClientId } = runtimeConfig();
  return googleAuthUrl && googleClientId
    ? { authUrl: googleAuthUrl, clientId: googleClientId }
    : null;
}

/** 128 random bits as base64url. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function buildGoogleAuthUrl(options: {
  authUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
}): string {
  const url = new URL(options.authUrl);
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('scope', GOOGLE_SCOPE);
  url.searchParams.set('nonce', options.nonce);
  url.searchParams.set('state', options.state);
  return url.toString();
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Leaves for Google. Does nothing when Google sign-in is not configured. */
export function startGoogleSignIn(options: Omit<GoogleAttempt, 'state' | 'nonce'>): void {
  const config = googleConfig();
  if (!config) return;
  const attempt: GoogleAttempt = { ...options, state: randomToken(), nonce: randomToken() };
  storage()?.setItem(GOOGLE_ATTEMPT_KEY, JSON.stringify(attempt));
  browser.assign(
    buildGoogleAuthUrl({
      ...config,
      redirectUri: `${browser.origin()}${paths.login}`,
      state: attempt.state,
      nonce: attempt.nonce,
    }),
  );
}

/** The remembered attempt, removed as it is read (an answer is used once). */
export function takeGoogleAttempt(): GoogleAttempt | null {
  const store = storage();
  const raw = store?.getItem(GOOGLE_ATTEMPT_KEY);
  store?.removeItem(GOOGLE_ATTEMPT_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<GoogleAttempt>;
    return typeof value.state === 'string' && typeof value.nonce === 'string'
      ? (value as GoogleAttempt)
      : null;
  } catch {
    return null;
  }
}

export type GoogleReturn =
  | { kind: 'token'; idToken: string; state: string | null }
  | { kind: 'error'; error: string; state: string | null };

/** Reads `#id_token=…&state=…` (or `#error=…`) of the redirect back; null for any other hash. */
export function readGoogleReturn(hash: string): GoogleReturn | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const state = params.get('state');
  const idToken = params.get('id_token');
  if (idToken) return { kind: 'token', idToken, state };
  const error = params.get('error');
  return error ? { kind: 'error', error, state } : null;
}

/** The attempt this answer belongs to, or null when `state` does not match (or was never sent). */
export function matchGoogleAttempt(answer: GoogleReturn): GoogleAttempt | null {
  const attempt = takeGoogleAttempt();
  if (!attempt || !answer.state || attempt.state !== answer.state) return null;
  return attempt;
}
