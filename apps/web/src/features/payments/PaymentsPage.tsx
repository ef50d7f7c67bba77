import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  buttonClasses,
  EmptyState,
  ErrorState,
  formatNumber,
  NoPaymentsIllustration,
  PageTitle,
  Pagination,
  PAYMENT_METHOD_NAMES_AR,
  PLAN_PERIOD_NAMES_AR,
  SkeletonCards,
  formatId,
} from '@talaqa/ui';
import {
  DEFAULT_PAGE_SIZE,
  TransactionStatus,
  formatCairoDateTime,
  formatMoney,
  isPaidTransactionStatus,
} from '@talaqa/domain';
import type { TransactionView } from '@talaqa/domain';
import { paths, checkoutResultPath, isPaidPeriod } from '../../paths';
import { CurrentSubscription } from './CurrentSubscription';
import { installmentCountText, planTitle } from '../../lib/format';
import { useCurrentSubscription, useTransactionPage } from './queries';
import { TransactionStatusBadge } from './TransactionStatusBadge';

const PAGE_PARAM = 'page';

const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

/** One payment: what, how much, how, when, its status, and the details behind a disclosure. */
function TransactionItem({ transaction }: { transaction: TransactionView }) {
  const titleId = `transaction-${transaction.id}`;
  const title = transaction.plan ? planTitle(transaction.plan) : 'عملية دفع';
  const resultPath =
    transaction.planId !== null && isPaidPeriod(transaction.period)
      ? checkoutResultPath(transaction.planId, transaction.period, transaction.id)
      : null;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-col gap-0.5">
            <h2 id={titleId} className="text-lg font-bold text-ink">
              {title}
              {transaction.period !== null && (
                <span className="font-normal text-muted">
                  {' '}
                  — {PLAN_PERIOD_NAMES_AR[transaction.period]}
                </span>
              )}
            </h2>
            <p className="text-sm text-muted">
              <time dateTime={transaction.createdAt}>
                {formatCairoDateTime(new Date(transaction.createdAt))}
              </time>
            </p>
          </div>
          <TransactionStatusBadge status={transaction.status} />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Detail label="المبلغ">{formatMoney(transaction.amount)}</Detail>
          <Detail label="طريقة الدفع">{PAYMENT_METHOD_NAMES_AR[transaction.method] ?? '—'}</Detail>
          <Detail label="رقم العملية">{formatId(transaction.id)}</Detail>
          {transaction.refundedAmount > 0 && (
            <Detail label="المبلغ المسترد">{formatMoney(transaction.refundedAmount)}</Detail>
          )}
        </dl>
        <details className="rounded-xl bg-slate-50 px-3 py-2">
          <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600">
            التفاصيل
          </summary>
          <dl className="grid gap-3 py-2 sm:grid-cols-2">
            {transaction.referenceNumber && (
              <Detail label="الرقم المرجعي">
                <bdi dir="ltr">{transaction.referenceNumber}</bdi>
              </Detail>
            )}
            {transaction.expiresAt && transaction.status === TransactionStatus.New && (
              <Detail label="صالح للدفع حتى">
                {formatCairoDateTime(new Date(transaction.expiresAt))}
              </Detail>
            )}
            {transaction.couponCode && (
              <Detail label="كود الخصم">
                <bdi dir="ltr">{transaction.couponCode}</bdi>
              </Detail>
            )}
            {transaction.installments !== null && (
              <Detail label="التقسيط">{installmentCountText(transaction.installments)}</Detail>
            )}
            {transaction.plan && (
              <Detail label="الدقائق الأسبوعية">
                {formatNumber(transaction.plan.weeklyMinutes)} دقيقة
              </Detail>
            )}
            {transaction.providerReference && (
              <Detail label="مرجع بوابة الدفع">
                <bdi dir="ltr">{transaction.providerReference}</bdi>
              </Detail>
            )}
            <Detail label="آخر تحديث">
              {formatCairoDateTime(new Date(transaction.updatedAt))}
            </Detail>
          </dl>
          <div className="flex flex-wrap gap-3 pb-2">
            {transaction.status === TransactionStatus.New && resultPath && (
              <Link to={resultPath} className={buttonClasses({ size: 'sm' })}>
                متابعة الدفع
              </Link>
            )}
            {(isPaidTransactionStatus(transaction.status) ||
              transaction.status === TransactionStatus.Refunded) && (
              <Link
                to={`${paths.invoices}#receipt-${transaction.id}`}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                عرض الإيصال
              </Link>
            )}
          </div>
        </details>
      </article>
    </li>
  );
}

/**
 * /payments: the student's subscription and every payment, newest first, ten to a page (the
 * page number is in the address, so back and reload keep it).
 */
export default function PaymentsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get(PAGE_PARAM));
  const transactions = useTransactionPage(page, DEFAULT_PAGE_SIZE);
  const subscription = useCurrentSubscription();
  const totalPages = Math.max(1, Math.ceil((transactions.data?.total ?? 0) / DEFAULT_PAGE_SIZE));

  const goTo = (next: number) => {
    const search = new URLSearchParams(params);
    if (next === 1) search.delete(PAGE_PARAM);
    else search.set(PAGE_PARAM, String(next));
    setParams(search);
  };

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="المدفوعات">
        <p>اشتراكك الحالي وكل عمليات الدفع التي قمت بها وحالتها.</p>
      </PageTitle>

      {subscription.data && (
        <CurrentSubscription subscription={subscription.data} cancellable showMoreMinutesLink />
      )}

      <h2 className="sr-only">عمليات الدفع</h2>
      {transactions.isPending ? (
        <SkeletonCards
          label="جارٍ تحميل عمليات الدفع"
          cards={3}
          bars={['h-5 w-1/3', 'h-4 w-1/4', 'h-10 w-full']}
        />
      ) : transactions.isError ? (
        <ErrorState
          title="تعذّر تحميل عمليات الدفع"
          error={transactions.error}
          onRetry={() => void transactions.refetch()}
          retrying={transactions.isFetching}
        />
      ) : transactions.data.list.length === 0 ? (
        page > 1 ? (
          <EmptyState
            title="لا توجد عمليات في هذه الصفحة"
            action={
              <button
                type="button"
                className={buttonClasses({ variant: 'secondary' })}
                onClick={() => goTo(1)}
              >
                العودة إلى الصفحة الأولى
              </button>
            }
          />
        ) : (
          <EmptyState
            illustration={<NoPaymentsIllustration />}
            title="لا توجد عمليات دفع بعد"
            description="عندما تشترك في باقة ستظهر عملية الدفع هنا مع حالتها."
            action={
              <Link to={paths.plans} className={buttonClasses()}>
                تصفّح الباقات
              </Link>
            }
          />
        )
      ) : (
        <>
          <ul
            className="flex flex-col gap-3"
            aria-busy={transactions.isPlaceholderData || undefined}
          >
            {transactions.data.list.map((transaction) => (
              <TransactionItem key={transaction.id} transaction={transaction} />
            ))}
          </ul>
          {totalPages > 1 && (
            <Pagination
              page={Math.min(page, totalPages)}
              totalPages={totalPages}
              onPageChange={goTo}
              label="صفحات عمليات الدفع"
              disabled={transactions.isFetching}
            />
          )}
        </>
      )}
    </section>
  );
}
