import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  Button,
  EmptyState,
  ErrorState,
  PageTitle,
  Pagination,
  Skeleton,
  buttonClasses,
} from '@talaqa/ui';
import {
  DEFAULT_PAGE_SIZE,
  Role,
  TransactionStatus,
  isPaidTransactionStatus,
} from '@talaqa/domain';
import type { TransactionView } from '@talaqa/domain';
import { paths } from '../../paths';
import { useCurrentUser } from '../../lib/session';
import { counted } from '../../lib/format';
import { useAllTransactions } from '../payments/queries';
import { Receipt } from './Receipt';
import { TutorEarnings } from './TutorEarnings';
import './print.css';

const PAGE_PARAM = 'page';

/** A receipt exists for every payment that took money, refunded later or not. */
export const hasReceipt = (transaction: TransactionView): boolean =>
  isPaidTransactionStatus(transaction.status) || transaction.status === TransactionStatus.Refunded;

const pageOf = (value: string | null): number | null => {
  const page = Number(value);
  return value !== null && Number.isSafeInteger(page) && page >= 1 ? page : null;
};

/** /invoices: a student's receipts; a tutor's earnings and withdrawal requests (issue 22). */
export default function InvoicesPage() {
  const user = useCurrentUser();
  if (user.role === Role.Tutor) return <TutorEarnings tutorId={user.id} />;
  return <Receipts />;
}

/** `null` prints every receipt of the page; a number prints that receipt alone. */
type Printing = { only: number | null } | null;

function Receipts() {
  const user = useCurrentUser();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const transactions = useAllTransactions();
  const [printing, setPrinting] = useState<Printing>(null);

  const receipts = useMemo(() => (transactions.data ?? []).filter(hasReceipt), [transactions.data]);
  const totalPages = Math.max(1, Math.ceil(receipts.length / DEFAULT_PAGE_SIZE));

  // `#receipt-{id}` (from the payments page) opens the page holding that receipt.
  const targetId = /^#receipt-(\d+)$/.exec(location.hash)?.[1];
  const targetIndex = targetId ? receipts.findIndex((tx) => String(tx.id) === targetId) : -1;
  const page = Math.min(
    pageOf(params.get(PAGE_PARAM)) ??
      (targetIndex >= 0 ? Math.floor(targetIndex / DEFAULT_PAGE_SIZE) + 1 : 1),
    totalPages,
  );
  const shown = receipts.slice((page - 1) * DEFAULT_PAGE_SIZE, page * DEFAULT_PAGE_SIZE);

  useEffect(() => {
    if (!targetId || !transactions.data) return;
    const element = document.getElementById(`receipt-${targetId}`);
    element?.scrollIntoView?.({ block: 'start' });
    element?.focus({ preventScroll: true });
  }, [targetId, transactions.data]);

  // The print dialog opens once the page shows only what is to be printed.
  useEffect(() => {
    if (!printing) return;
    window.print();
    setPrinting(null);
  }, [printing]);

  const goTo = (next: number) => {
    const search = new URLSearchParams(params);
    search.set(PAGE_PARAM, String(next));
    setParams(search);
  };

  return (
    <section
      data-receipts=""
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6"
    >
      <PageTitle title="الفواتير">
        <p data-print-hide="">
          إيصالات اشتراكاتك المدفوعة، يمكنك طباعتها أو حفظها بصيغة PDF من نافذة الطباعة.
        </p>
      </PageTitle>

      {transactions.isPending ? (
        <div role="status" aria-label="جارٍ تحميل الفواتير" className="flex flex-col gap-3">
          {[0, 1].map((index) => (
            <div
              key={index}
              className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <Skeleton className="h-6 w-1/3" />
              <Skeleton className="h-4 w-1/4" />
              <Skeleton className="h-24 w-full" />
            </div>
          ))}
        </div>
      ) : transactions.isError ? (
        <ErrorState
          title="تعذّر تحميل الفواتير"
          error={transactions.error}
          onRetry={() => void transactions.refetch()}
          retrying={transactions.isFetching}
        />
      ) : receipts.length === 0 ? (
        <EmptyState
          title="لا توجد فواتير بعد"
          description="تظهر هنا إيصالات اشتراكاتك بعد إتمام الدفع."
          action={
            <Link to={paths.plans} className={buttonClasses()}>
              تصفّح الباقات
            </Link>
          }
        />
      ) : (
        <>
          <div data-print-hide="" className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-muted">
              {counted(receipts.length, {
                one: 'إيصال واحد',
                two: 'إيصالان',
                few: 'إيصالات',
                many: 'إيصالًا',
                other: 'إيصال',
              })}
            </p>
            <Button variant="secondary" onClick={() => setPrinting({ only: null })}>
              طباعة فواتير هذه الصفحة
            </Button>
          </div>
          <ul className="flex flex-col gap-4">
            {shown.map((transaction) => (
              <Receipt
                key={transaction.id}
                transaction={transaction}
                customer={user}
                onPrint={() => setPrinting({ only: transaction.id })}
                skipWhenPrinting={
                  printing !== null && printing.only !== null && printing.only !== transaction.id
                }
              />
            ))}
          </ul>
          {totalPages > 1 && (
            <div data-print-hide="">
              <Pagination
                page={page}
                totalPages={totalPages}
                onPageChange={goTo}
                label="صفحات الفواتير"
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
