import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { numericIdParamsSchema, transactionListQuerySchema } from '@talaqa/domain';
import type { LastTransactionAnswer, TransactionPage, TransactionView } from '@talaqa/domain';
import { AppError } from '../../errors';
import { identityOf, isAdmin, signedIn } from '../../http/access';
import { findTransactionView, lastTransactionView, listTransactionViews } from './repo';

/**
 * Transactions (spec section 7, /tx/*): everyone signed in reads their own payments; admins read
 * everyone's, with filters. Another person's transaction is answered as not found, so its
 * existence is not revealed.
 */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/tx/list',
    { config: { access: signedIn }, schema: { querystring: transactionListQuerySchema } },
    async (request): Promise<TransactionPage> => {
      const caller = identityOf(request);
      const filters = request.query;
      if (isAdmin(caller)) return listTransactionViews(db, filters);
      if (filters.userId !== undefined && filters.userId !== caller.userId) {
        throw new AppError('forbidden', 'Only your own transactions');
      }
      return listTransactionViews(db, { ...filters, userId: caller.userId });
    },
  );

  app.get(
    '/tx/last',
    { config: { access: signedIn } },
    async (request): Promise<LastTransactionAnswer> =>
      lastTransactionView(db, identityOf(request).userId),
  );

  app.get(
    '/tx/:id',
    { config: { access: signedIn }, schema: { params: numericIdParamsSchema } },
    async (request): Promise<TransactionView> => {
      const caller = identityOf(request);
      const view = await findTransactionView(db, request.params.id);
      if (!view || (!isAdmin(caller) && view.userId !== caller.userId)) {
        throw new AppError('transaction-not-found');
      }
      return view;
    },
  );
};
