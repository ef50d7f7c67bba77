import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { AppError } from '../../errors';
import { serve } from '../../http/endpoint';
import { identityOf, isAdmin } from '../../http/access';
import { findTransactionView, lastTransactionView, listTransactionViews } from './repo';

/**
 * Transactions (spec section 7, contract `API.transactions`): everyone signed in reads their own
 * payments; admins read everyone's, with filters. Another person's transaction is answered as
 * not found, so its existence is not revealed. (Settling a refund is served by payments.)
 */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  serve(app, API.transactions.list, async (request) => {
    const caller = identityOf(request);
    const filters = request.query;
    if (isAdmin(caller)) return listTransactionViews(db, filters);
    if (filters.userId !== undefined && filters.userId !== caller.userId) {
      throw new AppError('forbidden', 'Only your own transactions');
    }
    return listTransactionViews(db, { ...filters, userId: caller.userId });
  });

  serve(app, API.transactions.last, async (request) =>
    lastTransactionView(db, identityOf(request).userId),
  );

  serve(app, API.transactions.get, async (request) => {
    const caller = identityOf(request);
    const view = await findTransactionView(db, request.params.id);
    if (!view || (!isAdmin(caller) && view.userId !== caller.userId)) {
      throw new AppError('transaction-not-found');
    }
    return view;
  });
};
