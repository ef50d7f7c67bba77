import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserBodySchema,
  Role,
  updateUserBodySchema,
  userListQuerySchema,
} from '@talaqa/domain';
import type { SignUpAnswer } from '@talaqa/domain';
import { admins, anyone, identityOf, isAdmin, signedIn } from '../auth/access';
import { signAccessToken } from '../auth/tokens';
import { sendEmailVerificationCode } from '../codes/email-verification';
import { tutorsChanged } from '../tutors/events';
import { limitPerAddress } from '../auth/limits';
import { planEmailChange } from './email-change';
import {
  assertMayCreateRole,
  assertMayPatch,
  assertSelfOrAdmin,
  createUser,
  listUsers,
  requireUser,
  updateUser,
} from './service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const currentYear = (): number => new Date().getUTCFullYear();

/** A stranger sees the public part of a profile; the owner and admins see all of it. */
const publicProfile = <T extends { email: string; phone: string | null }>(user: T) => ({
  ...user,
  email: '',
  phone: null,
  pendingEmail: null,
});

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // Sign-up (anonymous: student or tutor) and creation of any role by admins.
  app.post(
    '/user/',
    {
      config: { access: anyone },
      onRequest: limitPerAddress(app, 'sign-up', { max: 20, minutes: 60 }),
      schema: { body: createUserBodySchema },
    },
    async (request, reply) => {
      const body = request.body;
      assertMayCreateRole(request.identity, body.role);
      const user = await createUser(db, { ...body, password: body.password });
      const token = await signAccessToken(user.id, app.config);
      // Someone signing up alone gets the verification code at once; the account exists either
      // way, so a mail failure only means asking again from the banner.
      const emailCode = request.identity
        ? null
        : await sendEmailVerificationCode(db, app.config.jwtSecret, app.messenger, user).catch(
            (error: unknown) => {
              request.log.warn({ err: error }, 'verification e-mail at sign-up failed');
              return null;
            },
          );
      const answer: SignUpAnswer = { user, token, emailCode };
      return reply.code(201).send(answer);
    },
  );

  app.get('/user/current', { config: { access: signedIn } }, async (request) =>
    requireUser(db, identityOf(request).userId),
  );

  app.get(
    '/user/list',
    { config: { access: admins }, schema: { querystring: userListQuerySchema } },
    async (request) => listUsers(db, request.query),
  );

  app.get(
    '/user/:id',
    { config: { access: signedIn }, schema: { params: idParams } },
    async (request) => {
      const caller = identityOf(request);
      const user = await requireUser(db, request.params.id);
      return caller.userId === user.id || isAdmin(caller) ? user : publicProfile(user);
    },
  );

  app.put(
    '/user/:id',
    {
      config: { access: signedIn },
      schema: { params: idParams, body: updateUserBodySchema(currentYear()) },
    },
    async (request) => {
      const caller = identityOf(request);
      assertSelfOrAdmin(caller, request.params.id);
      const target = await requireUser(db, request.params.id);
      const { bio, about, ...fields } = request.body;
      assertMayPatch(caller, target, fields);
      // The owner's new e-mail waits for its code; an admin's change is at once, unverified.
      const plan = planEmailChange(
        app.config.jwtSecret,
        app.messenger,
        app.attempts,
        caller,
        target,
        fields,
      );
      const updated = await updateUser(db, target, plan.patch, { bio, about }, plan.inTransaction);
      await plan.afterCommit?.(request.log);
      // A tutor's name, image, gender and texts are on the public list's cards.
      if (target.role === Role.Tutor) await tutorsChanged(app, [target.id]);
      return updated;
    },
  );
};
