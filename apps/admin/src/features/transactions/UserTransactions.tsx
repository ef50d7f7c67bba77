import { useState } from 'react';
import { Link } from 'react-router';
import type { TransactionView } from '@talaqa/domain';
import { ErrorState, formatNumber } from '@talaqa/ui';
import { paths } from '../../paths';
import { TransactionDialog } from './TransactionDialog';
import { TransactionsTable, TransactionsTableSkeleton } from './TransactionsTable';
import { useTransactions } from './queries';

/** How many of a user's newest payments their page shows; the rest are one link away. */
export const USER_TRANSACTIONS_SHOWN = 5;

/** A section of `/user/:id`: the user's newest payments, each with its details and refund. */
export function UserTransactions({ userId }: { userId: number }) {
  const list = useTransactions({ page: 1, size: USER_TRANSACTIONS_SHOWN, userId });
  const [open, setOpen] = useState<TransactionView | null>(null);
  const allLink = `${paths.transactions}?userId=${userId}`;

  let body;
  if (list.isPending) body = <TransactionsTableSkeleton rows={2} />;
  else if (list.isError) {
    body = (
      <ErrorState
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data.list.length === 0) {
    body = <p className="text-sm text-muted">لا توجد مدفوعات لهذا المستخدم.</p>;
  } else {
    body = (
      <TransactionsTable
        transactions={list.data.list}
        onOpen={setOpen}
        withoutUser
        label="مدفوعات المستخدم"
      />
    );
  }

  return (
    <section
      aria-labelledby="user-payments-heading"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="user-payments-heading" className="text-lg font-bold text-ink">
          المدفوعات
        </h2>
        {list.data && list.data.total > 0 && (
          <Link
            to={allLink}
            className="rounded text-sm font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            كل المدفوعات ({formatNumber(list.data.total)})
          </Link>
        )}
      </div>
      {body}
      <TransactionDialog transaction={open} onClose={() => setOpen(null)} />
    </section>
  );
}
