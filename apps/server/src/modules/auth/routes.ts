import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  googleSignInBodySchema,
  ownPasswordBodySchema,
  passwordSignInBodySchema,
  resetPasswordBodySchema,
  Role,
} from '@talaqa/domain';
import { SESSION_MAX_AGE_SECONDS } from '@talaqa/domain';
import type { AuthSession, FreshTokenAnswer, RefreshTokenAnswer } from '@talaqa/domain';
import { AppError } from '../../errors';
import { consumeCode } from '../codes/service';
import { findUserRow, findUserRowByEmail, updateUserRow } from '../users/repo';
import { createUser, requireUser } from '../users/service';
import { anyone, identityOf, signedIn } from './access';
import { limitPerAccount, limitPerAddress } from './limits';
import { hashPassword, passwordMatches, spendPasswordCheckTime } from './passwords';
import { bumpSessionVersion, disconnectEndedSessions, issueAccessToken } from './sessions';
import { verifyPurposeToken } from './tokens';

const SIGN_IN_PER_ADDRESS = { max: 30, minutes: 15 };
const SIGN_IN_PER_ACCOUNT = { max: 10, minutes: 15 };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  /** A new sign-in: a token of the user's current session version, signed in now. */
  const session = async (userId: number): Promise<AuthSession> => ({
    user: await requireUser(db, userId),
    token: await issueAccessToken(db, app.config, userId),
  });
  /** The caller's verified token (signed-in routes always have one). */
  const callerToken = (request: FastifyRequest) => {
    if (!request.accessToken) throw new AppError('unauthenticated');
    return request.accessToken;
  };

  app.post(
    '/auth/password',
    {
      config: { access: anyone },
      onRequest: limitPerAddress(app, 'sign-in:address', SIGN_IN_PER_ADDRESS),
      preHandler: limitPerAccount(app, 'sign-in:account', SIGN_IN_PER_ACCOUNT),
      schema: { body: passwordSignInBodySchema },
    },
    async (request) => {
      const { email, password } = request.body;
      const row = await findUserRowByEmail(db, email);
      if (!row) {
        await spendPasswordCheckTime(password);
        throw new AppError('wrong-password');
      }
      if (row.passwordHash === null) throw new AppError('no-password');
      if (!(await passwordMatches(row.passwordHash, password)))
        throw new AppError('wrong-password');
      return session(row.id);
    },
  );

  app.post(
    '/auth/google',
    {
      config: { access: anyone },
      onRequest: limitPerAddress(app, 'google:address', SIGN_IN_PER_ADDRESS),
      schema: { body: googleSignInBodySchema },
    },
    async (request) => {
      const { idToken, nonce, role } = request.body;
      // A refused token is a GoogleSignInError: unauthenticated, or service-unavailable.
      const identity = await app.google.verify(idToken, { nonce });
      const known = await findUserRowByEmail(db, identity.email);
      if (known) {
        if (known.googleSubject && known.googleSubject !== identity.subject) {
          throw new AppError('unauthenticated', 'Another Google account owns this e-mail here');
        }
        // Google vouches for the address, so linking proves the same as an e-mail code would.
        await updateUserRow(db, known.id, {
          googleSubject: identity.subject,
          emailVerified: known.emailVerified || identity.emailVerified,
        });
        return session(known.id);
      }
      const user = await createUser(db, {
        name: identity.name ?? identity.email.split('@')[0] ?? identity.email,
        email: identity.email,
        password: null,
        role: role ?? Role.Student,
        googleSubject: identity.subject,
        emailVerified: identity.emailVerified,
      });
      return session(user.id);
    },
  );

  // The access check has compared the session version; a refresh keeps the sign-in time, so a
  // session ends SESSION_MAX_AGE_SECONDS after it (the token's expiry is capped there too).
  app.post('/auth/refresh-token', { config: { access: signedIn } }, async (request) => {
    const { userId } = identityOf(request);
    const { authTime, sessionVersion } = callerToken(request);
    if (Math.floor(Date.now() / 1000) >= authTime + SESSION_MAX_AGE_SECONDS) {
      throw new AppError('unauthenticated', 'The session is too old; sign in again');
    }
    const answer: RefreshTokenAnswer = {
      token: await issueAccessToken(db, app.config, userId, authTime, sessionVersion),
    };
    return answer;
  });

  // Ends every session of the account; the calling device goes on with a fresh token.
  app.post('/auth/sign-out-all', { config: { access: signedIn } }, async (request) => {
    const { userId } = identityOf(request);
    const { authTime } = callerToken(request);
    const version = await bumpSessionVersion(db, userId);
    disconnectEndedSessions(app, userId, version);
    const answer: FreshTokenAnswer = {
      token: await issueAccessToken(db, app.config, userId, authTime, version),
    };
    return answer;
  });

  app.patch(
    '/auth/password',
    {
      config: { access: signedIn },
      preHandler: limitPerAccount(app, 'password-change', SIGN_IN_PER_ACCOUNT),
      schema: { body: ownPasswordBodySchema },
    },
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
      disconnectEndedSessions(app, row.id, updated.sessionVersion);
      const answer: FreshTokenAnswer = {
        token: await issueAccessToken(
          db,
          app.config,
          row.id,
          callerToken(request).authTime,
          updated.sessionVersion,
        ),
      };
      return answer;
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: anyone },
      onRequest: limitPerAddress(app, 'reset:address', SIGN_IN_PER_ADDRESS),
      schema: { body: resetPasswordBodySchema },
    },
    async (request, reply) => {
      const token = await verifyPurposeToken(
        request.body.resetToken,
        'forget-password',
        app.config,
      );
      const passwordHash = await hashPassword(request.body.password);
      const updated = await db.transaction(async (tx) => {
        // Using the code up here makes the token single-use, even when sent twice at once.
        await consumeCode(tx, token.codeId);
        // The code came by e-mail, so the inbox is proven too. The trigger ends every session.
        return updateUserRow(tx, token.id, { passwordHash, emailVerified: true });
      });
      if (updated) disconnectEndedSessions(app, updated.id, updated.sessionVersion);
      return reply.code(204).send();
    },
  );
};
