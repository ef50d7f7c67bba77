import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  Button,
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
import type { TransactionView, User } from '@talaqa/domain';
import { paths, checkoutResultPath, isPaidPeriod } from '../../paths';
import { useCurrentUser } from '../../lib/session';
import { counted, installmentCountText, planTitle } from '../../lib/format';
import { CurrentSubscription } from './CurrentSubscription';
import { useAllTransactions, useCurrentSubscription } from './queries';
import { Receipt } from './Receipt';
import { TransactionStatusBadge } from './TransactionStatusBadge';
import './print.css';

const PAGE_PARAM = 'page';

/** A receipt exists for every payment that took money, refunded later or not. */
export const hasReceipt = (transaction: TransactionView): boolean =>
  isPaidTransactionStatus(transaction.status) || transaction.status === TransactionStatus.Refunded;

const pageOf = (value: string | null): number | null => {
  const page = Number(value);
  return value !== null && Number.isSafeInteger(page) && page >= 1 ? page : null;
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

/** `null` prints every receipt of the page; a number prints that receipt alone. */
type Printing = { only: number | null } | null;

interface PaymentItemProps {
  transaction: TransactionView;
  customer: Pick<User, 'name' | 'email'>;
  /** The receipt is shown under the payment (opened, linked to, or being printed). */
  receiptShown: boolean;
  onToggleReceipt: () => void;
  onPrint: () => void;
  skipWhenPrinting: boolean;
}

/**
 * One payment: what, how much, how, when, its status, the details behind a disclosure, and for a
 * payment that took money its receipt, opened in place and printable.
 */
function PaymentItem({
  transaction,
  customer,
  receiptShown,
  onToggleReceipt,
  onPrint,
  skipWhenPrinting,
}: PaymentItemProps) {
  const titleId = `transaction-${transaction.id}`;
  const receiptId = `receipt-${transaction.id}`;
  const title = transaction.plan ? planTitle(transaction.plan) : 'عملية دفع';
  const receipt = hasReceipt(transaction);
  const resultPath =
    transaction.planId !== null && isPaidPeriod(transaction.period)
      ? checkoutResultPath(transaction.planId, transaction.period, transaction.id)
      : null;
  return (
    <li className="flex flex-col gap-2">
      <article
        aria-labelledby={titleId}
        data-print-hide=""
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col gap-0.5">
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
        <div className="flex flex-wrap gap-2">
          {transaction.status === TransactionStatus.New && resultPath && (
            <Link to={resultPath} className={buttonClasses({ size: 'sm' })}>
              متابعة الدفع
            </Link>
          )}
          {receipt && (
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={receiptShown}
              aria-controls={receiptShown ? receiptId : undefined}
              onClick={onToggleReceipt}
            >
              {receiptShown ? 'إخفاء الإيصال' : 'عرض الإيصال'}
            </Button>
          )}
        </div>
        <details className="rounded-xl bg-slate-50 px-3 py-2">
          <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600">
            التفاصيل
          </summary>
          <dl className="grid grid-cols-1 gap-3 py-2 sm:grid-cols-2">
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
        </details>
      </article>
      {receipt && receiptShown && (
        <Receipt
          transaction={transaction}
          customer={customer}
          onPrint={onPrint}
          skipWhenPrinting={skipWhenPrinting}
        />
      )}
    </li>
  );
}

/**
 * /payments (and /invoices for a student, record 310): one page for the student's money: the
 * current subscription, then every payment newest first, ten to a page (the page number is in
 * the address, so back and reload keep it), each paid one with its printable receipt in place.
 * `#receipt-{id}` opens the page holding that receipt, shows it and moves the focus to it.
 */
export default function PaymentsPage() {
  const user = useCurrentUser();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const transactions = useAllTransactions();
  const subscription = useCurrentSubscription();
  const [printing, setPrinting] = useState<Printing>(null);

  const all = useMemo(() => transactions.data ?? [], [transactions.data]);
  const totalPages = Math.max(1, Math.ceil(all.length / DEFAULT_PAGE_SIZE));
  const targetId = Number(/^#receipt-(\d+)$/.exec(location.hash)?.[1] ?? Number.NaN);
  const targetIndex = all.findIndex((tx) => tx.id === targetId && hasReceipt(tx));
  const requested = pageOf(params.get(PAGE_PARAM));
  const page = Math.min(
    requested ?? (targetIndex >= 0 ? Math.floor(targetIndex / DEFAULT_PAGE_SIZE) + 1 : 1),
    totalPages,
  );
  const shown = all.slice((page - 1) * DEFAULT_PAGE_SIZE, page * DEFAULT_PAGE_SIZE);
  const receiptsShown = shown.filter(hasReceipt).length;
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());

  // A linked receipt is shown, then scrolled to and focused, once the list is there.
  const targetShown = targetIndex >= 0 && opened.has(targetId);
  useEffect(() => {
    if (targetIndex < 0) return;
    setOpened((current) => (current.has(targetId) ? current : new Set(current).add(targetId)));
  }, [targetId, targetIndex]);
  useEffect(() => {
    if (!targetShown) return;
    const element = document.getElementById(`receipt-${targetId}`);
    element?.scrollIntoView?.({ block: 'start' });
    element?.focus({ preventScroll: true });
  }, [targetId, targetShown]);

  // The print dialog opens once the page shows only what is to be printed.
  useEffect(() => {
    if (!printing) return;
    window.print();
    setPrinting(null);
  }, [printing]);

  const toggle = (id: number) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const goTo = (next: number) => {
    const search = new URLSearchParams(params);
    if (next === 1) search.delete(PAGE_PARAM);
    else search.set(PAGE_PARAM, String(next));
    setParams(search);
  };

  return (
    <section
      data-receipts=""
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6"
    >
      <PageTitle title="المدفوعات والفواتير">
        <p data-print-hide="">
          اشتراكك الحالي وكل عمليات الدفع وحالتها، ولكل عملية مدفوعة إيصال تطبعه أو تحفظه بصيغة PDF.
        </p>
      </PageTitle>

      {subscription.data && (
        <div data-print-hide="">
          <CurrentSubscription subscription={subscription.data} cancellable showMoreMinutesLink />
        </div>
      )}

      <h2 className="sr-only">عمليات الدفع والإيصالات</h2>
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
      ) : all.length === 0 ? (
        <EmptyState
          illustration={<NoPaymentsIllustration />}
          title="لا توجد عمليات دفع بعد"
          description="عندما تشترك في باقة ستظهر عملية الدفع هنا مع حالتها وإيصالها."
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
              {counted(all.length, {
                one: 'عملية دفع واحدة',
                two: 'عمليتا دفع',
                few: 'عمليات دفع',
                many: 'عملية دفع',
                other: 'عملية دفع',
              })}
            </p>
            {receiptsShown > 0 && (
              <Button variant="secondary" size="sm" onClick={() => setPrinting({ only: null })}>
                طباعة إيصالات هذه الصفحة
              </Button>
            )}
          </div>
          <ul className="flex flex-col gap-4" aria-label="عمليات الدفع">
            {shown.map((transaction) => (
              <PaymentItem
                key={transaction.id}
                transaction={transaction}
                customer={user}
                receiptShown={
                  opened.has(transaction.id) ||
                  (printing !== null &&
                    (printing.only === null || printing.only === transaction.id))
                }
                onToggleReceipt={() => toggle(transaction.id)}
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
                label="صفحات عمليات الدفع"
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
