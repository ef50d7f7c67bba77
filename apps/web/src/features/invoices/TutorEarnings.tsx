import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  InvoiceLabel,
  InvoiceStatus,
  LedgerEntryKind,
  WITHDRAWAL_MIN_PIASTERS,
  WITHDRAWAL_PROCESSING_DAYS,
  formatCairoDate,
  formatMoney,
} from '@talaqa/domain';
import type { BadgeTone } from '@talaqa/ui';
import { usePublicSettings } from '../../lib/platform-settings';
import type { InvoiceLabel as Label, InvoiceView, LedgerEntry } from '@talaqa/domain';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  INVOICE_LABEL_NAMES_AR,
  LEDGER_ENTRY_KIND_NAMES_AR,
  PageTitle,
  Pagination,
  SkeletonRows,
  UI_MESSAGES,
  WITHDRAW_METHOD_NAMES_AR,
  buttonClasses,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import { invoicesApi } from '../../api';
import { paths } from '../../paths';
import { failureMessage } from '../../lib/forms';
import { minutesText } from '../../lib/format';
import {
  EARNINGS_PAGE_SIZE,
  useEarningTotals,
  useLedger,
  useLiveEarnings,
  useUpdateWithdrawal,
  useWithdrawalRequests,
} from './earnings-queries';
import { WithdrawalDialog } from './WithdrawalDialog';

const LABEL_TONES: Record<Label, BadgeTone> = {
  [InvoiceLabel.Pending]: 'warning',
  [InvoiceLabel.CancellationRequested]: 'warning',
  [InvoiceLabel.UpdatedByReceiver]: 'brand',
  [InvoiceLabel.CanceledByAdmin]: 'neutral',
  [InvoiceLabel.CancellationApprovedByAdmin]: 'neutral',
  [InvoiceLabel.Fulfilled]: 'success',
  [InvoiceLabel.Rejected]: 'danger',
};

const pages = (total: number): number => Math.max(1, Math.ceil(total / EARNINGS_PAGE_SIZE));

/**
 * The tutor's side of /invoices (issue 22): what is available to withdraw first, with the new
 * request; then the requests and their states (a pending one may be asked to be canceled; a
 * fulfilled one shows its transfer receipt); then the ledger behind the balance. Live: a change
 * made by an admin shows at once.
 */
export function TutorEarnings({ tutorId }: { tutorId: number }) {
  useLiveEarnings();
  const totals = useEarningTotals(tutorId);
  const [asking, setAsking] = useState(false);
  const available = totals.data?.available ?? 0;
  // The least a request may ask for is the platform settings' (decision 339).
  const minimum = usePublicSettings().data?.withdrawalMin ?? WITHDRAWAL_MIN_PIASTERS;
  const canAsk = available >= minimum;

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="الأرباح وطلبات السحب">
        <p>
          يُضاف إلى رصيدك أجر كل درس مكتمل عن الدقائق التي درّستها، ويمكنك سحبه عبر إنستاباي أو
          التحويل البنكي أو المحفظة الإلكترونية.
        </p>
      </PageTitle>

      {totals.isPending ? (
        <SkeletonRows rows={2} rowClassName="h-10 w-full" />
      ) : totals.isError ? (
        <ErrorState
          title="تعذّر تحميل رصيدك"
          error={totals.error}
          onRetry={() => void totals.refetch()}
          retrying={totals.isFetching}
        />
      ) : (
        <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <p className="text-sm text-muted">المتاح للسحب</p>
              <p className="text-3xl font-bold text-ink" data-testid="available">
                {formatMoney(available)}
              </p>
            </div>
            <div className="flex flex-col items-start gap-1">
              <Button onClick={() => setAsking(true)} disabled={!canAsk}>
                طلب سحب جديد
              </Button>
              {!canAsk && (
                <p className="text-sm text-muted">
                  يمكنك طلب السحب حين يبلغ رصيدك {formatMoney(minimum)}
                </p>
              )}
            </div>
          </div>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {[
              ['إجمالي الأرباح', totals.data.earned],
              ['قيد المراجعة', totals.data.pending],
              ['تم تحويله', totals.data.withdrawn],
            ].map(([label, amount]) => (
              <div key={label} className="rounded-xl bg-slate-50 p-3">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="text-lg font-semibold text-ink">{formatMoney(Number(amount))}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-muted">
            يُحوَّل كل طلب خلال {formatNumber(WITHDRAWAL_PROCESSING_DAYS.min)} إلى{' '}
            {formatNumber(WITHDRAWAL_PROCESSING_DAYS.max)} أيام عمل، ويبقى مبلغه محجوزًا من رصيدك حتى
            يُحوَّل أو يُلغى.
          </p>
        </div>
      )}

      <Requests />
      <Ledger />
      {asking && <WithdrawalDialog open={asking} onOpenChange={setAsking} available={available} />}
    </section>
  );
}

function Requests() {
  const [page, setPage] = useState(1);
  const requests = useWithdrawalRequests(page);
  return (
    <section aria-labelledby="requests-title" className="flex flex-col gap-3">
      <h2 id="requests-title" className="text-xl font-bold text-ink">
        طلبات السحب
      </h2>
      {requests.isPending ? (
        <SkeletonRows rows={3} rowClassName="h-12 w-full" />
      ) : requests.isError ? (
        <ErrorState
          title="تعذّر تحميل طلبات السحب"
          error={requests.error}
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
        />
      ) : requests.data.total === 0 ? (
        <EmptyState
          title="لا توجد طلبات سحب بعد"
          description="حين تطلب سحب جزء من رصيدك يظهر الطلب هنا مع حالته."
        />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {requests.data.list.map((invoice) => (
              <RequestItem key={invoice.id} invoice={invoice} />
            ))}
          </ul>
          {pages(requests.data.total) > 1 && (
            <Pagination
              page={page}
              totalPages={pages(requests.data.total)}
              onPageChange={setPage}
              label="صفحات طلبات السحب"
            />
          )}
        </>
      )}
    </section>
  );
}

/**
 * The transfer receipt, fetched with the tutor's token and shown in the page on demand. Not in a
 * new window: a blob document inherits the page's content security policy, which refuses the
 * browser's own image viewer its inline styles.
 */
function ReceiptImage({ name }: { name: string }) {
  const toast = useToast();
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // The image's object URL lives as long as it is shown.
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  const show = async () => {
    setLoading(true);
    try {
      setUrl(URL.createObjectURL((await invoicesApi.receipt(name)) as Blob));
    } catch (error) {
      toast.error(failureMessage(error, UI_MESSAGES.unexpected));
    } finally {
      setLoading(false);
    }
  };
  if (url) {
    return (
      <img src={url} alt="إيصال التحويل" className="max-h-80 rounded-lg border border-slate-200" />
    );
  }
  return (
    <Button variant="secondary" size="sm" loading={loading} onClick={() => void show()}>
      عرض إيصال التحويل
    </Button>
  );
}

function RequestItem({ invoice }: { invoice: InvoiceView }) {
  const toast = useToast();
  const update = useUpdateWithdrawal();
  const [confirming, setConfirming] = useState(false);
  return (
    <li
      aria-label={`طلب سحب ${formatMoney(invoice.amount)}`}
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-semibold text-ink">{formatMoney(invoice.amount)}</p>
        <Badge tone={LABEL_TONES[invoice.label]}>{INVOICE_LABEL_NAMES_AR[invoice.label]}</Badge>
      </div>
      <p className="text-sm text-muted">
        {WITHDRAW_METHOD_NAMES_AR[invoice.method]}
        {invoice.receiver && (
          <>
            {' — '}
            <bdi dir="ltr">{invoice.receiver}</bdi>
          </>
        )}
        {' · '}
        {formatCairoDate(new Date(invoice.createdAt))}
      </p>
      {invoice.requestedChange && (
        <p className="text-sm text-ink">
          طلبت تعديله إلى {formatMoney(invoice.requestedChange.amount)} عبر{' '}
          {WITHDRAW_METHOD_NAMES_AR[invoice.requestedChange.method]}، بانتظار موافقة الإدارة.
        </p>
      )}
      {invoice.adminNote && <p className="text-sm text-ink">ملاحظة الإدارة: {invoice.adminNote}</p>}
      <div className="flex flex-wrap gap-2">
        {invoice.receiptImage && (
          <ReceiptImage key={invoice.receiptImage} name={invoice.receiptImage} />
        )}
        {invoice.status === InvoiceStatus.PendingApproval && (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            طلب إلغاء الطلب
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="طلب إلغاء طلب السحب؟"
        description="ستراجع الإدارة طلب الإلغاء، ويعود المبلغ إلى رصيدك حين توافق عليه ما لم يكن قد حُوِّل."
        confirmLabel="اطلب الإلغاء"
        loading={update.isPending}
        onConfirm={() =>
          update.mutate(
            { id: invoice.id, data: { action: 'request-cancel' } },
            {
              onSuccess: () => {
                setConfirming(false);
                toast.success('أرسلنا طلب الإلغاء إلى الإدارة');
              },
              onError: (error) =>
                toast.error(failureMessage(error, UI_MESSAGES.withdrawalCancelFailed)),
            },
          )
        }
      />
    </li>
  );
}

function entryDetail(entry: LedgerEntry): string {
  if (entry.kind === LedgerEntryKind.Lesson || entry.kind === LedgerEntryKind.LessonReversal) {
    const when = entry.lessonStart ? formatCairoDate(new Date(entry.lessonStart)) : '';
    return entry.lessonMinutes ? `${when} · ${minutesText(entry.lessonMinutes)}` : when;
  }
  return `طلب رقم ${formatNumber(entry.invoiceId ?? 0)} · ${formatCairoDate(new Date(entry.createdAt))}`;
}

function Ledger() {
  const [page, setPage] = useState(1);
  const ledger = useLedger(page);
  return (
    <section aria-labelledby="ledger-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ledger-title" className="text-xl font-bold text-ink">
          سجل الرصيد
        </h2>
        <Link
          to={paths.earningsStatement}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          كشف الحساب الشهري للطباعة
        </Link>
      </div>
      {ledger.isPending ? (
        <SkeletonRows rows={3} rowClassName="h-12 w-full" />
      ) : ledger.isError ? (
        <ErrorState
          title="تعذّر تحميل سجل الرصيد"
          error={ledger.error}
          onRetry={() => void ledger.refetch()}
          retrying={ledger.isFetching}
        />
      ) : ledger.data.total === 0 ? (
        <EmptyState
          title="لا شيء في سجلك بعد"
          description="يظهر هنا أجر كل درس مكتمل وكل طلب سحب."
        />
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {ledger.data.list.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 p-4">
                <div>
                  <p className="font-semibold text-ink">{LEDGER_ENTRY_KIND_NAMES_AR[entry.kind]}</p>
                  <p className="text-sm text-muted">{entryDetail(entry)}</p>
                </div>
                <p
                  className={
                    entry.amount >= 0 ? 'font-semibold text-emerald-700' : 'font-semibold text-ink'
                  }
                >
                  <bdi>{entry.amount >= 0 ? '+' : '−'}</bdi>
                  {formatMoney(Math.abs(entry.amount))}
                </p>
              </li>
            ))}
          </ul>
          {pages(ledger.data.total) > 1 && (
            <Pagination
              page={page}
              totalPages={pages(ledger.data.total)}
              onPageChange={setPage}
              label="صفحات سجل الرصيد"
            />
          )}
        </>
      )}
    </section>
  );
}
