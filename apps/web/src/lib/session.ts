import { createContext, useContext } from 'react';
import type { AuthSession, User } from '@talaqa/domain';

/**
 * - `loading`: a valid token exists and the user is being fetched (nothing stored to show yet).
 * - `signed-in`: a valid token and its user.
 * - `signed-out`: no valid token.
 * - `error`: a valid token, but the user could not be fetched (network, server error).
 */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out' | 'error';

export interface Session {
  status: SessionStatus;
  /** The signed-in user (also while it is being refreshed), else null. */
  user: User | null;
  /** Why the user could not be fetched, when status is `error`. */
  error: unknown;
  /** True after an explicit logout, until the next sign-in: guards then go to plain /login. */
  loggedOut: boolean;
  /** Keeps a session the server answered (sign-in, sign-up, Google). Remember-me default true. */
  signIn: (session: AuthSession, remember?: boolean) => void;
  /** Clears the stored user and token and the query cache, then goes to /login. */
  logout: () => void;
  /** Replaces the current user with a fresher copy the server answered. */
  setUser: (user: User) => void;
  /** Fetches the current user again (after an `error`). */
  retry: () => void;
}

export const SessionContext = createContext<Session | null>(null);

/** The client session of spec section 4. Must be used under `AuthProvider`. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used inside <AuthProvider>');
  return session;
}

/** The signed-in user, for components that only render on private pages. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser() needs a signed-in user (use it behind a guard)');
  return user;
}

export const CURRENT_USER_KEY = ['user', 'current'] as const;
