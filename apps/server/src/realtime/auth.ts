import { bearerToken, verifyAccessToken } from '../security/tokens';
import type { TokenSettings } from '../security/tokens';
import type { RealtimeSocket } from './types';

/** The message a client sees in `connect_error` for any authentication failure. */
export const UNAUTHENTICATED = 'unauthenticated';

/**
 * Browsers cannot set headers on a WebSocket, so the token may come in the handshake's `auth`
 * payload; other clients send the usual `Authorization: Bearer` header.
 */
export function handshakeToken(
  handshake: Pick<RealtimeSocket['handshake'], 'auth' | 'headers'>,
): string | undefined {
  const fromAuth: unknown = handshake.auth.token;
  if (typeof fromAuth === 'string' && fromAuth.length > 0) {
    return bearerToken(fromAuth) ?? fromAuth;
  }
  return bearerToken(handshake.headers.authorization);
}

/** The user's current session version, or undefined when the account is gone. */
export type SessionVersionLookup = (userId: number) => Promise<number | undefined>;

/**
 * socket.io middleware: only a valid access token of the user's current session gets a
 * connection, tagged with its user and session version.
 */
export function authenticateSocket(
  settings: Pick<TokenSettings, 'jwtSecret'>,
  sessionVersionOf: SessionVersionLookup,
) {
  return (socket: RealtimeSocket, next: (error?: Error) => void): void => {
    const token = handshakeToken(socket.handshake);
    if (!token) return next(new Error(UNAUTHENTICATED));
    verifyAccessToken(token, settings)
      .then(async (payload) => {
        const current = await sessionVersionOf(payload.id);
        if (current !== payload.sessionVersion) throw new Error('session ended');
        socket.data.userId = payload.id;
        socket.data.sessionVersion = payload.sessionVersion;
      })
      .then(
        () => next(),
        () => next(new Error(UNAUTHENTICATED)),
      );
  };
}
