import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { patchUser } from '../accounts';

/** The student's own profile: the "main info" step of complete-profile, then later edits. */
export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  serve(app, API.students.create, async (request) =>
    patchUser(db, identityOf(request).userId, request.body),
  );
  serve(app, API.students.update, async (request) =>
    patchUser(db, identityOf(request).userId, request.body),
  );
};
