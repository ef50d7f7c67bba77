import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import type { OpenApiDocument } from '@talaqa/domain';
import { serve } from '../../http/endpoint';

/** GET /openapi.json: the document @fastify/swagger built from the served contracts (cached). */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.reference.openapi, async () => app.swagger() as OpenApiDocument);
};
