import { eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { users } from '../../db/schema';
import { userRoom } from '../../realtime/types';
import { AppError } from '../../errors';
import { signAccessToken } from '../../security/tokens';
import type { TokenSettings } from '../../security/tokens';

/**
 * Sessions (issue 15): every access token carries the user's `session_version`; a token of
 * another version is refused (HTTP in access.ts, socket.io in realtime/auth.ts). A trigger bumps
 * the version whenever `password_hash` changes, by whatever path; sign-out-all bumps it here.
 */

/** The user's session version now, or undefined when the account does not exist. */
export async function sessionVersionOf(db: Database, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ version: users.sessionVersion })
    .from(users)
    .where(eq(users.id, userId));
  return row?.version;
}

/**
 * An access token of the user's current session version. `authTime` is the sign-in time to keep
 * (refresh, password change); a sign-in leaves it out and starts a new session.
 */
export async function issueAccessToken(
  db: Database,
  settings: TokenSettings,
  userId: number,
  authTime?: number,
  version?: number,
): Promise<string> {
  const current = version ?? (await sessionVersionOf(db, userId));
  if (current === undefined) throw new AppError('unauthenticated', 'The account no longer exists');
  return signAccessToken(userId, settings, undefined, { version: current, authTime });
}

/** Ends every session of the user (sign-out-all); answers the new version. */
export async function bumpSessionVersion(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ version: users.sessionVersion });
  if (!row) throw new AppError('user-not-found');
  return row.version;
}

/**
 * Closes the user's open sockets of another session version than `current`, on every instance
 * (socket.io's Redis adapter relays `fetchSockets`), after the change that ended them committed.
 * A socket already opened with the new token stays. Runs in the background: a slow or missing
 * Redis must not hold the answer; a socket it misses is refused on its next handshake.
 */
export function disconnectEndedSessions(
  { io, log }: Pick<ServiceContext, 'io' | 'log'>,
  userId: number,
  current: number,
): void {
  void io
    .in(userRoom(userId))
    .fetchSockets()
    .then((sockets) => {
      for (const socket of sockets) {
        if (socket.data.sessionVersion !== current) socket.disconnect(true);
      }
    })
    .catch((error: unknown) => {
      log.warn({ err: error, userId }, 'could not close the sockets of ended sessions');
    });
}
