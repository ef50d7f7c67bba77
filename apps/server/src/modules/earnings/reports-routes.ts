import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { cairoStamp, monthlyStatement, withdrawalsCsv } from './reports';

/** The earnings reports (contract `API.invoiceReports`; decisions 335, 336). */
export const invoiceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'earnings');

  serve(app, API.invoiceReports.statement, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return monthlyStatement(ctx, identityOf(request), request.query);
  });

  // Sent as text under the contract's media type (text/csv), as a file to save.
  serve(app, API.invoiceReports.exportCsv, async (request, reply) => {
    const day = cairoStamp(ctx.clock.now()).slice(0, 10);
    reply
      .header('content-disposition', `attachment; filename="talaqa-withdrawals-${day}.csv"`)
      .header('cache-control', 'private, no-store');
    return withdrawalsCsv(ctx, request.query);
  });
};
