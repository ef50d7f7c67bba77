import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role } from '@talaqa/domain';
import { identityOf, rolesOnly } from '../auth/access';
import { tutorMeta } from './service';

/**
 * The tutor's own profile. Writing the texts goes through PUT /user/{id} (users module), which
 * upserts them in the same transaction as the user's fields.
 */
export const tutorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // The meta object the client merges into a tutor's session (spec section 7).
  app.get('/user/tutor/meta', { config: { access: rolesOnly(Role.Tutor) } }, async (request) =>
    tutorMeta(db, identityOf(request).userId),
  );
};
