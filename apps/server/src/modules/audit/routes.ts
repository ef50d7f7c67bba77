import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { listAuditLog } from './service';

/** The audit log's one endpoint: admins read it; nothing but the actions themselves writes it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'audit');
  serve(app, API.audit.list, async (request) => listAuditLog(ctx, request.query));
};
