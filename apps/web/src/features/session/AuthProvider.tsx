import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@talaqa/api-client';
import { REMEMBER_ME_DEFAULT } from '@talaqa/domain';
import type { AuthSession, User } from '@talaqa/domain';
import { api, deviceTokens, getCurrentUser } from '../../client';
import { paths } from '../../paths';
import { CURRENT_USER_KEY, SessionContext } from '../../lib/session';
import type { Session, SessionStatus } from '../../lib/session';

const subscribe = (listener: () => void) => api.tokens.subscribe(listener);
const hasValidToken = () => api.tokens.isValid();

/** The stored user, when it belongs to the stored token (shown while the fresh copy loads). */
function storedUser(): User | undefined {
  const user = api.tokens.loadUser();
  const tokenUserId = api.tokens.payload()?.id;
  if (!user || (tokenUserId !== undefined && tokenUserId !== user.id)) return undefined;
  return typeof user.name === 'string' && typeof user.role === 'number'
    ? (user as unknown as User)
    : undefined;
}

/** The user as the token store keeps it (a plain object copy). */
const toStored = (user: User) => ({ ...user });

/**
 * The client session (spec section 4): the token lives in the api client's token store, the user
 * is the query `['user', 'current']`, which runs only while a valid token exists, and every fresh
 * copy of the user is saved beside the token. The token refresh runs once, at start.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hasToken = useSyncExternalStore(subscribe, hasValidToken, hasValidToken);
  const [loggedOut, setLoggedOut] = useState(false);

  useEffect(() => {
    void api.refreshSession();
  }, []);

  // A 401 anywhere: the api client has dropped the token; drop the user too.
  useEffect(
    () =>
      api.addSessionInvalidListener(() => {
        api.tokens.clearUser();
        queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
      }),
    [queryClient],
  );

  const query = useQuery<User>({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => getCurrentUser(signal),
    enabled: hasToken,
    placeholderData: storedUser,
    staleTime: 60_000,
    // An answer from the server (4xx) will not change on a retry; a lost connection may.
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status < 500),
  });

  const fresh = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (fresh && api.tokens.isValid()) api.tokens.saveUser(toStored(fresh));
  }, [fresh]);

  const signIn = useCallback(
    (session: AuthSession, remember: boolean = REMEMBER_ME_DEFAULT) => {
      // The user first, so the session is signed in the moment the token appears.
      queryClient.setQueryData(CURRENT_USER_KEY, session.user);
      api.tokens.setBearer(session.token, { remember });
      api.tokens.saveUser(toStored(session.user), { remember });
      // The device token outlives the session (sign-out keeps it), but only on a device the
      // person asked to be remembered on: a shared computer keeps no trace of the account.
      if (session.deviceToken && remember) {
        deviceTokens.save(session.user.email, session.deviceToken);
      }
      setLoggedOut(false);
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    setLoggedOut(true);
    api.tokens.logout();
    queryClient.clear();
    void navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);

  const setUser = useCallback(
    (user: User) => queryClient.setQueryData(CURRENT_USER_KEY, user),
    [queryClient],
  );

  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  const user = hasToken ? (query.data ?? null) : null;
  let status: SessionStatus;
  if (!hasToken) status = 'signed-out';
  else if (user) status = 'signed-in';
  else if (query.isError) status = 'error';
  else status = 'loading';

  const value = useMemo<Session>(
    () => ({ status, user, error: query.error, loggedOut, signIn, logout, setUser, retry }),
    [status, user, query.error, loggedOut, signIn, logout, setUser, retry],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
