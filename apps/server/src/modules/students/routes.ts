import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role, studentProfileBodySchema, studentProfilePatchBodySchema } from '@talaqa/domain';
import { identityOf, rolesOnly } from '../../http/access';
import { patchUser } from '../accounts';

/** The student's own profile: the "main info" step of complete-profile, then later edits. */
export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const students = rolesOnly(Role.Student);

  app.post(
    '/student/',
    {
      config: { access: students },
      schema: { body: studentProfileBodySchema(app.clock.now().getUTCFullYear()) },
    },
    async (request) => patchUser(db, identityOf(request).userId, request.body),
  );

  app.patch(
    '/student/',
    {
      config: { access: students },
      schema: { body: studentProfilePatchBodySchema(app.clock.now().getUTCFullYear()) },
    },
    async (request) => patchUser(db, identityOf(request).userId, request.body),
  );
};
