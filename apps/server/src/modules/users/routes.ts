import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserBodySchema,
  idParamsSchema,
  Role,
  updateUserBodySchema,
  userListQuerySchema,
  userSchema,
  userViewSchema,
} from '@talaqa/domain';
import type { SignUpAnswer } from '@talaqa/domain';
import { admins, anyone, assertSelfOrAdmin, identityOf, signedIn } from '../../http/access';
import { limitPerAddress } from '../../http/limits';
import { signDeviceToken } from '../../security/tokens';
import { createUser, listUsers, requireUser } from '../accounts';
import { issueAccessToken } from '../auth';
import { sendEmailVerificationCode } from '../codes';
import { planEmailChange } from './email-change';
import { assertMayCreateRole, assertMayPatch, updateUser, viewProfile } from './service';

const idParams = idParamsSchema;

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
      const token = await issueAccessToken(db, app.config, user.id);
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
      // Someone signing up alone is on their own device: it gets its device token (issue 15).
      const answer: SignUpAnswer = request.identity
        ? { user, token, emailCode }
        : { user, token, emailCode, deviceToken: await signDeviceToken(user, app.config) };
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/user/current',
    { config: { access: signedIn }, schema: { response: { 200: userSchema } } },
    async (request) => requireUser(db, identityOf(request).userId),
  );

  app.get(
    '/user/list',
    { config: { access: admins }, schema: { querystring: userListQuerySchema } },
    async (request) => listUsers(db, request.query),
  );

  // The view is picked per caller and serialized through its schema (nothing outside it leaves).
  app.get(
    '/user/:id',
    {
      config: { access: signedIn },
      schema: { params: idParams, response: { 200: userViewSchema } },
    },
    async (request) => viewProfile(db, identityOf(request), request.params.id),
  );

  app.put(
    '/user/:id',
    {
      config: { access: signedIn },
      schema: { params: idParams, body: updateUserBodySchema(app.clock.now().getUTCFullYear()) },
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
      if (target.role === Role.Tutor) {
        await app.domainEvents.emit('TutorListingChanged', { tutorIds: [target.id] });
      }
      return updated;
    },
  );
};
