import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, invoiceUpdateSchema, isAdminRole } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { AppError } from '../../errors';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import {
  ADMIN_INVOICES_ROOM,
  changeInvoice,
  createInvoice,
  deleteInvoice,
  listInvoices,
  mayReadReceipt,
  tutorLedger,
  tutorTotals,
} from './service';
import { readInvoiceForm, refuseDeclaredOversize } from './upload';
import { roleOf } from './repo';

const RECEIPT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/**
 * Withdrawal requests and earnings (contract `API.invoices`; issue 22). Admins' sockets join the
 * `AdminInvoices` channel when they connect (decision 319), so every change reaches the admin
 * list live on every instance (through the Redis adapter when there are several).
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'earnings');

  ctx.io.on('connection', (socket) => {
    roleOf(ctx.db, socket.data.userId)
      .then(async (role) => {
        if (role !== undefined && isAdminRole(role)) {
          await socket.join(ADMIN_INVOICES_ROOM);
        }
      })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'AdminInvoices not joined'));
  });

  serve(app, API.invoices.create, async (request) =>
    createInvoice(ctx, identityOf(request), request.body),
  );

  serve(app, API.invoices.list, async (request) =>
    listInvoices(ctx, identityOf(request), request.query),
  );

  serve(app, API.invoices.stats, async (request) =>
    tutorTotals(ctx, identityOf(request), request.params.id),
  );

  serve(app, API.invoices.ledger, async (request) =>
    tutorLedger(ctx, identityOf(request), request.query),
  );

  serve(
    app,
    API.invoices.update,
    async (request) => {
      const caller = identityOf(request);
      const form = await readInvoiceForm(request);
      const update = invoiceUpdateSchema.parse(form.data);
      return changeInvoice(ctx, app.assets, caller, request.params.id, update, form.receipt);
    },
    { preValidation: async (request) => refuseDeclaredOversize(request) },
  );

  serve(app, API.invoices.remove, async (request) => {
    await deleteInvoice(ctx, identityOf(request), request.params.id);
  });

  // A receipt is private: its tutor and admins only; anyone else is told it does not exist.
  serve(app, API.invoices.receipt, async (request, reply) => {
    const { name } = request.params;
    if (!(await mayReadReceipt(ctx, identityOf(request), name))) {
      throw new AppError('asset-not-found');
    }
    const file = await app.assets.open('receipts', name);
    if (!file) throw new AppError('asset-not-found');
    const extension = name.split('.').pop() ?? '';
    return reply
      .type(RECEIPT_TYPES[extension] ?? 'application/octet-stream')
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', file.size)
      .send(file.stream);
  });
};
