import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, REPORTS_PER_HOUR } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { AppError } from '../../errors';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { limitPerAccount } from '../../http/limits';
import { createReport, isReportFile, listReports, updateReport } from './service';
import { readReportForm, refuseDeclaredOversize } from './upload';

/** What a stored report file is sent as, by its extension (names are ours: uuid.ext). */
const FILE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  txt: 'text/plain; charset=utf-8',
};

/** Problem reports (contract `API.reports`, docs/decisions/348-problem-reports.md). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'reports');

  serve(
    app,
    API.reports.create,
    async (request) => {
      const form = await readReportForm(request);
      return createReport(ctx, app.assets, identityOf(request), form);
    },
    {
      preValidation: async (request) => refuseDeclaredOversize(request),
      // Counted per account before the body is read: each try counts, refused or not.
      preHandler: limitPerAccount(app, 'problem-report', { max: REPORTS_PER_HOUR, minutes: 60 }),
    },
  );

  serve(app, API.reports.list, async (request) => listReports(ctx, request.query));

  serve(app, API.reports.update, async (request) =>
    updateReport(ctx, identityOf(request), request.body),
  );

  // A report's files are private: admins only (the contract's access), and only names a report
  // holds; anything else is told it does not exist.
  serve(app, API.reports.file, async (request, reply) => {
    const { name } = request.params;
    if (!(await isReportFile(ctx, name))) throw new AppError('asset-not-found');
    const file = await app.assets.open('reports', name);
    if (!file) throw new AppError('asset-not-found');
    const extension = name.split('.').pop() ?? '';
    return reply
      .type(FILE_TYPES[extension] ?? 'application/octet-stream')
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-length', file.size)
      .send(file.stream);
  });
};
