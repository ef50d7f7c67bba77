import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, LOG_EXPORT_CONTENT_TYPE, logExportFileName } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { audited } from '../audit';
import { exportLogLines } from './service';

/** GET /logs/export (contract `API.logs.export`; docs/decisions/350-log-export.md). */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'logs');

  serve(app, API.logs.export, async (request, reply) => {
    const filters = request.query;
    // The export is an admin action: its row is written before the first line leaves.
    await audited(
      ctx,
      identityOf(request),
      'logs.export',
      async () => filters,
      () => ({
        targetId: null,
        details: {
          from: filters.from.toISOString(),
          to: filters.to.toISOString(),
          level: filters.level ?? null,
          instance: filters.instance ?? null,
        },
      }),
    );
    const lines = exportLogLines(ctx, filters, app.config.logStore.exportMaxLines);
    return reply
      .type(LOG_EXPORT_CONTENT_TYPE)
      .header(
        'content-disposition',
        `attachment; filename="${logExportFileName(filters.from, filters.to)}"`,
      )
      .header('cache-control', 'private, no-store')
      .send(Readable.from(lines));
  });
};
