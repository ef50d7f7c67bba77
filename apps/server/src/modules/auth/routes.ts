import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, Role, SESSION_MAX_AGE_SECONDS } from '@talaqa/domain';
import type { AuthSession, BodyOf } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { AppError } from '../../errors';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { limitPerAccount, limitPerAddress, limitPerAddressUnless } from '../../http/limits';
import { hashPassword, passwordMatches, spendPasswordCheckTime } from '../../security/passwords';
import {
  createUser,
  findUserRow,
  findUserRowByEmail,
  requireUser,
  updateUserRow,
} from '../accounts';
import { consumeCode, recordSecurityEvent } from '../codes';
import { recordSignUpCampaign } from '../short-links';
import {
  bumpSessionVersion,
  disconnectEndedSessions,
  issueAccessToken,
  sessionVersionOf,
} from './sessions';
import { memorySignInThrottle, redisSignInThrottle, throttleWithFallback } from './throttle';
import type { ThrottleSource } from './throttle';
import { signDeviceToken, verifyDeviceToken, verifyPurposeToken } from '../../security/tokens';
import type { UserRow } from '../../db/schema';

const SIGN_IN_PER_ADDRESS = { max: 30, minutes: 15 };

/** A password sign-in's proven device: its device token's id, and the account it names. */
interface SignInDevice {
  jti: string;
  row: UserRow;
}
/** Own password changes (the per-account sign-in limit became the throttle in throttle.ts). */
const SIGN_IN_PER_ACCOUNT = { max: 10, minutes: 15 };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'auth');
  const db = app.database.db;
  /** A new sign-in: a token of the user's current session version, signed in now. */
  const session = async (userId: number): Promise<AuthSession> => {
    const user = await requireUser(db, userId);
    return {
      user,
      token: await issueAccessToken(db, app.config, userId),
      // A fresh device token at every sign-in (issue 15): see throttle.ts.
      deviceToken: await signDeviceToken(user, app.config),
    };
  };
  /** The caller's verified token (signed-in routes always have one). */
  const callerToken = (request: FastifyRequest) => {
    if (!request.accessToken) throw new AppError('unauthenticated');
    return request.accessToken;
  };

  // Wrong passwords slow down the address that makes them, for that account only (issue 15).
  const throttle = app.redis
    ? throttleWithFallback(
        redisSignInThrottle(app.redis.pub, app.config.redisKeyPrefix),
        memorySignInThrottle(),
        (error) => app.log.warn({ err: error }, 'sign-in throttle: Redis failed, counting here'),
      )
    : memorySignInThrottle();
  const tooSoon = (reply: FastifyReply, waitMs: number): AppError => {
    reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
    return new AppError('too-many-requests', 'Wait before trying this account again');
  };

  /**
   * The device of a sign-in body (validated: the hooks that ask run after the schema) when its
   * device token is valid and names this account (the typed e-mail and that account's id), with
   * the account's row; checked once per request. Any other token is no device (issue 15).
   */
  const devices = new WeakMap<FastifyRequest, Promise<SignInDevice | undefined>>();
  const deviceOf = (request: FastifyRequest): Promise<SignInDevice | undefined> => {
    let device = devices.get(request);
    if (!device) {
      const { email, deviceToken } = request.body as BodyOf<typeof API.auth.signIn>;
      device = (async () => {
        const claims = deviceToken ? await verifyDeviceToken(deviceToken, app.config) : undefined;
        if (claims?.email !== email) return undefined;
        const row = await findUserRowByEmail(db, email);
        return row?.id === claims.id ? { jti: claims.jti, row } : undefined;
      })();
      devices.set(request, device);
    }
    return device;
  };

  serve(
    app,
    API.auth.signIn,
    async (request, reply) => {
      const { email, password } = request.body;
      // A device token of this very account (same e-mail and user) counts the tries for that
      // device instead of the address; any other token is ignored (issue 15).
      const device = await deviceOf(request);
      const source: ThrottleSource = device ? { device: device.jti } : request.ip;
      const waitMs = await throttle.waitMs(source, email);
      if (waitMs > 0) throw tooSoon(reply, waitMs);
      const wrong = async (): Promise<never> => {
        // Unknown e-mails count the same, so the waits do not tell which accounts exist.
        await throttle.failed(source, email);
        throw new AppError('wrong-password');
      };
      const row = device?.row ?? (await findUserRowByEmail(db, email));
      if (!row) {
        await spendPasswordCheckTime(password);
        return wrong();
      }
      if (row.passwordHash === null) throw new AppError('no-password');
      if (!(await passwordMatches(row.passwordHash, password))) return wrong();
      await throttle.succeeded(source, email);
      return session(row.id);
    },
    {
      // A device that proves it signed in to this e-mail before is counted per device instead:
      // others at the same address (one carrier NAT address, an office) cannot hold it back.
      preHandler: limitPerAddressUnless(
        app,
        'sign-in:address',
        SIGN_IN_PER_ADDRESS,
        async (request) => (await deviceOf(request)) !== undefined,
      ),
    },
  );

  serve(
    app,
    API.auth.signInWithGoogle,
    async (request) => {
      const { idToken, nonce, role, campaign } = request.body;
      // A refused token is a GoogleSignInError: unauthenticated, or service-unavailable.
      const identity = await app.google.verify(idToken, { nonce });
      // Only an address Google has verified proves anything: no sign-in, link or account on it.
      if (!identity.emailVerified) {
        throw new AppError('unauthenticated', 'Google has not verified this e-mail');
      }
      const known = await findUserRowByEmail(db, identity.email);
      if (known) {
        if (known.googleSubject && known.googleSubject !== identity.subject) {
          throw new AppError('unauthenticated', 'Another Google account owns this e-mail here');
        }
        // Google vouches for the address, so linking proves the same as an e-mail code would. An
        // account whose address was never verified may have been opened by a stranger who typed
        // the owner's e-mail (pre-account takeover): its password, and any address change it
        // asked for, are dropped, and that is recorded.
        const dropPassword = !known.emailVerified && known.passwordHash !== null;
        await db.transaction(async (tx) => {
          await updateUserRow(tx, known.id, {
            googleSubject: identity.subject,
            emailVerified: true,
            ...(dropPassword ? { passwordHash: null, pendingEmail: null } : {}),
          });
          if (dropPassword) {
            await recordSecurityEvent(tx, known.id, 'google-dropped-password', {
              subject: identity.subject,
            });
          }
        });
        if (dropPassword) {
          request.log.warn(
            { userId: known.id },
            'Google vouched for an unverified account: its password was dropped',
          );
          // The trigger ended the stranger's sessions; their open sockets close now too.
          const version = await sessionVersionOf(db, known.id);
          if (version !== undefined) disconnectEndedSessions(ctx, known.id, version);
        }
        return session(known.id);
      }
      const user = await createUser(db, {
        name: identity.name ?? identity.email.split('@')[0] ?? identity.email,
        email: identity.email,
        password: null,
        role: role ?? Role.Student,
        googleSubject: identity.subject,
        emailVerified: true,
      });
      // A Google sign-in that makes the account keeps its campaign, like a sign-up (record 351).
      await recordSignUpCampaign(ctx, user.id, campaign);
      return session(user.id);
    },
    { onRequest: limitPerAddress(app, 'google:address', SIGN_IN_PER_ADDRESS) },
  );

  // The access check has compared the session version; a refresh keeps the sign-in time, so a
  // session ends SESSION_MAX_AGE_SECONDS after it (the token's expiry is capped there too).
  serve(app, API.auth.refreshToken, async (request) => {
    const { userId } = identityOf(request);
    const { authTime, sessionVersion } = callerToken(request);
    // authTime was stamped by the token library's wall clock (security/tokens, like the token's
    // own exp), so the session's age is measured on that clock too.
    // eslint-disable-next-line no-restricted-syntax -- compared with the token's wall-clock times
    if (Math.floor(Date.now() / 1000) >= authTime + SESSION_MAX_AGE_SECONDS) {
      throw new AppError('unauthenticated', 'The session is too old; sign in again');
    }
    return { token: await issueAccessToken(db, app.config, userId, authTime, sessionVersion) };
  });

  // Ends every session of the account; the calling device goes on with a fresh token.
  serve(app, API.auth.signOutAll, async (request) => {
    const { userId } = identityOf(request);
    const { authTime } = callerToken(request);
    const version = await bumpSessionVersion(db, userId);
    disconnectEndedSessions(ctx, userId, version);
    return { token: await issueAccessToken(db, app.config, userId, authTime, version) };
  });

  serve(
    app,
    API.auth.changePassword,
    async (request) => {
      const row = await findUserRow(db, identityOf(request).userId);
      if (!row) throw new AppError('user-not-found');
      if (row.passwordHash !== null) {
        const current = request.body.currentPassword ?? '';
        if (!(await passwordMatches(row.passwordHash, current))) {
          throw new AppError('wrong-password', 'The current password is wrong');
        }
      }
      // The trigger moves the session version on: every other session ends; this one goes on
      // with the fresh token answered here.
      const updated = await updateUserRow(db, row.id, {
        passwordHash: await hashPassword(request.body.newPassword),
      });
      if (!updated) throw new AppError('user-not-found');
      disconnectEndedSessions(ctx, row.id, updated.sessionVersion);
      const { authTime } = callerToken(request);
      return {
        token: await issueAccessToken(db, app.config, row.id, authTime, updated.sessionVersion),
      };
    },
    { preHandler: limitPerAccount(app, 'password-change', SIGN_IN_PER_ACCOUNT) },
  );

  serve(
    app,
    API.auth.resetPassword,
    async (request) => {
      const token = await verifyPurposeToken(
        request.body.resetToken,
        'forget-password',
        app.config,
      );
      const passwordHash = await hashPassword(request.body.password);
      const updated = await db.transaction(async (tx) => {
        // Using the code up here makes the token single-use, even when sent twice at once.
        await consumeCode(tx, token.codeId, app.clock.now());
        // The code came by e-mail, so the inbox is proven too. The trigger ends every session.
        return updateUserRow(tx, token.id, { passwordHash, emailVerified: true });
      });
      if (updated) disconnectEndedSessions(ctx, updated.id, updated.sessionVersion);
    },
    { onRequest: limitPerAddress(app, 'reset:address', SIGN_IN_PER_ADDRESS) },
  );
};
