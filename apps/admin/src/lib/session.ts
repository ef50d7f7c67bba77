import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { API } from '@talaqa/domain';
import type { AuthSession, PasswordSignInBody, User } from '@talaqa/domain';
import { api, deviceTokens } from '../api';
import { paths } from '../paths';
import { mayUseDashboard } from './access';

/**
 * The admin's session (spec sections 3 and 4): the token and the stored user live in the api
 * client's token store (local storage when "remember me" is on, the tab's storage otherwise);
 * the current user is a query that runs only while a valid token exists.
 */

export const currentUserKey = ['user', 'current'] as const;

/** Shown when a valid account that is not an admin tries to sign in. */
export const NO_ACCESS_MESSAGE =
  'هذا الحساب ليست له صلاحية الدخول إلى لوحة الإدارة، فهي لحسابات المشرفين والاستوديوهات فقط';

/** A non-admin account signed in: the dashboard signed it out again. */
export class NoDashboardAccessError extends Error {
  override readonly name = 'NoDashboardAccessError';
  constructor() {
    super(NO_ACCESS_MESSAGE);
  }
}

/** Why the session ended, so the guard knows whether to remember the page (`?next=`). */
export type SignOutReason = 'user' | 'no-access';
let lastSignOutReason: SignOutReason | null = null;
export const signOutReason = (): SignOutReason | null => lastSignOutReason;

const subscribe = (listener: () => void) => api.tokens.subscribe(listener);
const hasValidToken = () => api.tokens.isValid();

/** True while a valid (present and unexpired) token is stored; re-renders when it changes. */
export function useHasSession(): boolean {
  return useSyncExternalStore(subscribe, hasValidToken, hasValidToken);
}

const looksLikeUser = (value: unknown): value is User =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<User>).id === 'number' &&
  typeof (value as Partial<User>).role === 'number' &&
  typeof (value as Partial<User>).name === 'string';

/** The user kept in storage at the last sign-in or refresh, if it has the fields we show. */
export function storedUser(): User | undefined {
  const user = api.tokens.loadUser();
  return looksLikeUser(user) ? user : undefined;
}

/** GET /user/current; the answer is also kept as the stored user. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  const user = await api.call(API.users.current, {}, { signal });
  api.tokens.saveUser({ ...user });
  return user;
}

/** The signed-in user: the stored copy at once, then the server's answer. */
export function useCurrentUser() {
  const signedIn = useHasSession();
  return useQuery<User, Error, User, typeof currentUserKey>({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: signedIn,
    placeholderData: () => storedUser(),
    staleTime: 5 * 60_000,
  });
}

/**
 * POST /auth/sign-out-all (issue 15): every session of this admin ends; this device goes on with
 * the fresh token answered, kept in the same storage (remembered or not).
 */
export async function signOutAllDevices(): Promise<void> {
  const { token } = await api.call(API.auth.signOutAll);
  api.tokens.setBearer(token);
}

/** Keeps a new session: the token and the user, where remember-me says. */
export function storeSession(session: AuthSession, remember: boolean): void {
  lastSignOutReason = null;
  api.tokens.setBearer(session.token, { remember });
  api.tokens.saveUser({ ...session.user }, { remember });
  // Outlives the session (sign-out keeps it), on a device the admin asked to be remembered on.
  if (session.deviceToken && remember) deviceTokens.save(session.user.email, session.deviceToken);
}

/** Ends the session: the stored user, the token and every cached answer go. */
export function signOut(queryClient: QueryClient, reason: SignOutReason = 'user'): void {
  lastSignOutReason = reason;
  queryClient.clear();
  api.tokens.logout();
}

/**
 * POST /auth/password, with this device's token for the e-mail when it has one (issue 15). Only admins and studios (record 331) may use the dashboard: any other account is
 * signed out again at once and the call rejects with NoDashboardAccessError.
 */
export async function signIn(
  queryClient: QueryClient,
  body: PasswordSignInBody,
  remember: boolean,
): Promise<User> {
  const deviceToken = deviceTokens.get(body.email);
  const session = await api.call(API.auth.signIn, {
    body: deviceToken ? { ...body, deviceToken } : body,
  });
  if (!mayUseDashboard(session.user.role)) {
    signOut(queryClient, 'no-access');
    throw new NoDashboardAccessError();
  }
  queryClient.clear();
  queryClient.setQueryData(currentUserKey, session.user);
  storeSession(session, remember);
  return session.user;
}

/**
 * Where to go after signing in: a path inside this dashboard from `?next=`, else the users list.
 * Anything else (another origin, `//host`, the login page itself) is ignored.
 */
export function safeNext(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) {
    return paths.users;
  }
  if (raw === paths.login || raw.startsWith(`${paths.login}?`)) return paths.users;
  return raw;
}

/** `/login?next=<this page>` for a signed-out visit to a guarded page. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (here === paths.root) return paths.login;
  return `${paths.login}?${new URLSearchParams({ next: here }).toString()}`;
}
