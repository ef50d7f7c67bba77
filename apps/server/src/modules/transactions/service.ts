import type { TransactionListFilters, TransactionView } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import type { Identity } from '../../http/access';
import { isAdmin } from '../../http/access';
import { findTransactionView, lastTransactionView, listTransactionViews } from './repo';

/** Reading transactions needs no clock: these services take the database only. */
type Db = Pick<ServiceContext, 'db'>;

/** Everyone's transactions for an admin, with filters; one's own for everyone else. */
export async function listTransactions(
  { db }: Db,
  caller: Identity,
  filters: TransactionListFilters,
): Promise<{ list: TransactionView[]; total: number }> {
  if (isAdmin(caller)) return listTransactionViews(db, filters);
  if (filters.userId !== undefined && filters.userId !== caller.userId) {
    throw new AppError('forbidden', 'Only your own transactions');
  }
  return listTransactionViews(db, { ...filters, userId: caller.userId });
}

/** The caller's newest transaction, or null. */
export async function lastTransaction(
  { db }: Db,
  caller: Identity,
): Promise<TransactionView | null> {
  return lastTransactionView(db, caller.userId);
}

/** One transaction; another person's is answered as not found, so its existence is hidden. */
export async function getTransaction(
  { db }: Db,
  caller: Identity,
  id: number,
): Promise<TransactionView> {
  const view = await findTransactionView(db, id);
  if (!view || (!isAdmin(caller) && view.userId !== caller.userId)) {
    throw new AppError('transaction-not-found');
  }
  return view;
}
