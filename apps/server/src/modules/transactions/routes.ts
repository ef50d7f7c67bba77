import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { getTransaction, lastTransaction, listTransactions } from './service';

/**
 * Transactions (spec section 7, contract `API.transactions`): everyone signed in reads their own
 * payments; admins read everyone's, with filters. Another person's transaction is answered as
 * not found, so its existence is not revealed. (Settling a refund is served by payments.)
 */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'transactions');

  serve(app, API.transactions.list, async (request) =>
    listTransactions(ctx, identityOf(request), request.query),
  );

  serve(app, API.transactions.last, async (request) => lastTransaction(ctx, identityOf(request)));

  serve(app, API.transactions.get, async (request) =>
    getTransaction(ctx, identityOf(request), request.params.id),
  );
};
