import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  INVOICE_STATUSES,
  InvoiceLabel,
  InvoiceStatus,
  WITHDRAW_METHODS,
  formatMoney,
  fromCairoLocal,
  isOneOf,
  pageCount,
} from '@talaqa/domain';
import type { InvoiceView, WithdrawMethod } from '@talaqa/domain';
import {
  Button,
  INVOICE_LABEL_NAMES_ADMIN_AR,
  Input,
  PageTitle,
  Select,
  Spinner,
  WITHDRAW_METHOD_NAMES_AR,
  formatId,
  formatNumber,
} from '@talaqa/ui';
import { PagedList } from '../../components/PagedList';
import { usePageSize } from '../../lib/page-size';
import { ExportCsvButton } from './ExportCsvButton';
import { InvoiceDialog } from './InvoiceDialog';
import { InvoicesTable, InvoicesTableSkeleton } from './InvoicesTable';
import { useInvoices, useLiveInvoices } from './queries';

/** The status filter's choices, named as the admin reads the requests. */
const STATUS_NAMES_AR: Record<InvoiceStatus, string> = {
  [InvoiceStatus.PendingApproval]: INVOICE_LABEL_NAMES_ADMIN_AR[InvoiceLabel.Pending],
  [InvoiceStatus.PendingCancellation]:
    INVOICE_LABEL_NAMES_ADMIN_AR[InvoiceLabel.CancellationRequested],
  [InvoiceStatus.Canceled]: 'ملغى',
  [InvoiceStatus.Approved]: INVOICE_LABEL_NAMES_ADMIN_AR[InvoiceLabel.Fulfilled],
  [InvoiceStatus.Rejected]: INVOICE_LABEL_NAMES_ADMIN_AR[InvoiceLabel.Rejected],
};

/** The list's filters, kept in the address so links and Back keep them. */
export interface InvoiceFilters {
  page: number;
  status: InvoiceStatus | undefined;
  method: WithdrawMethod | undefined;
  tutorId: number | undefined;
  /** Cairo days, "2026-11-01": from the first day's start to the last day's end. */
  from: string | undefined;
  to: string | undefined;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const positive = (text: string | null): number | undefined => {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value > 0 ? value : undefined;
};

const day = (text: string | null): string | undefined =>
  text !== null && DAY.test(text) ? text : undefined;

/** The instant a Cairo day starts, `after` days later: "2026-11-01" is 2026-10-31T22:00Z. */
export function cairoDayStart(text: string, after = 0): string {
  const [year, month, dayOfMonth] = (DAY.exec(text) ?? []).slice(1).map(Number) as [
    number,
    number,
    number,
  ];
  return fromCairoLocal({ year, month, day: dayOfMonth + after }).toISOString();
}

export function readInvoiceFilters(params: URLSearchParams): InvoiceFilters {
  const status = Number(params.get('status'));
  const method = Number(params.get('method'));
  return {
    page: positive(params.get('page')) ?? 1,
    status: params.has('status') && isOneOf(INVOICE_STATUSES, status) ? status : undefined,
    method: params.has('method') && isOneOf(WITHDRAW_METHODS, method) ? method : undefined,
    tutorId: positive(params.get('tutorId')),
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

export function writeInvoiceFilters(filters: InvoiceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.tutorId !== undefined) params.set('tutorId', String(filters.tutorId));
  if (filters.status !== undefined) params.set('status', String(filters.status));
  if (filters.method !== undefined) params.set('method', String(filters.method));
  if (filters.from !== undefined) params.set('from', filters.from);
  if (filters.to !== undefined) params.set('to', filters.to);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/** The polite announcement of a request that arrived or changed while the page is open. */
export function liveAnnouncement(invoice: InvoiceView): string {
  const amount = formatMoney(invoice.amount);
  if (invoice.createdAt === invoice.updatedAt) {
    return `طلب سحب جديد من ${invoice.userName} بمبلغ ${amount}`;
  }
  const waiting = invoice.requestedChange ? '، وينتظر تعديلٌ موافقتك' : '';
  return `تحدّث طلب السحب رقم ${formatId(invoice.id)} من ${invoice.userName}: ${INVOICE_LABEL_NAMES_ADMIN_AR[invoice.label]}${waiting}`;
}

/** The tutor filter: a user number typed in, applied when it is a whole positive number. */
function TutorFilter({
  tutorId,
  onChange,
}: {
  tutorId: number | undefined;
  onChange: (tutorId: number | undefined) => void;
}) {
  const [text, setText] = useState(tutorId === undefined ? '' : String(tutorId));
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setText(tutorId === undefined ? '' : String(tutorId)), [tutorId]);
  const apply = () => {
    const trimmed = text.trim();
    if (trimmed === '') {
      setError(undefined);
      if (tutorId !== undefined) onChange(undefined);
      return;
    }
    const value = positive(
      trimmed.replace(/[٠-٩]/g, (digit) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(digit))),
    );
    if (value === undefined) {
      setError('رقم المعلم يجب أن يكون رقمًا صحيحًا موجبًا');
      return;
    }
    setError(undefined);
    if (value !== tutorId) onChange(value);
  };
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Input
        label="رقم المعلم"
        inputMode="numeric"
        dir="ltr"
        value={text}
        error={error}
        wrapperClassName="flex-1"
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
      />
      <Button type="submit" variant="secondary" className="mb-0.5">
        تصفية
      </Button>
    </form>
  );
}

/**
 * `/invoices` (spec section 2, issue 22): every tutor's withdrawal requests, newest first,
 * filtered by status, method, tutor and dates; each opens its details with the actions its status
 * allows. Live: a request made or changed anywhere shows here at once and is announced politely.
 */
export default function InvoicesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readInvoiceFilters(searchParams);
  const [pageSize, setPageSize] = usePageSize();
  const [open, setOpen] = useState<InvoiceView | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useLiveInvoices(
    (invoice) => {
      setAnnouncement(liveAnnouncement(invoice));
      setOpen((current) => (current?.id === invoice.id ? invoice : current));
    },
    ({ id }) => {
      setAnnouncement(`حُذف طلب السحب رقم ${formatId(id)}`);
      setOpen((current) => (current?.id === id ? null : current));
    },
  );

  const update = useCallback(
    (changes: Partial<InvoiceFilters>, replace = false) =>
      setSearchParams(
        (current) => writeInvoiceFilters({ ...readInvoiceFilters(current), page: 1, ...changes }),
        { replace },
      ),
    [setSearchParams],
  );

  const shown = {
    status: filters.status,
    method: filters.method,
    tutorId: filters.tutorId,
    from: filters.from === undefined ? undefined : cairoDayStart(filters.from),
    to: filters.to === undefined ? undefined : cairoDayStart(filters.to, 1),
  };
  const list = useInvoices({ page: filters.page, size: pageSize, ...shown });
  const totalPages = list.data ? pageCount(list.data.total, pageSize) : 1;
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.page > totalPages) update({ page: totalPages }, true);
  }, [settled, filters.page, totalPages, update]);

  // The open request follows the list when a fresher copy arrives (an action here or elsewhere).
  useEffect(() => {
    const fresh = list.data?.list.find((item) => item.id === open?.id);
    if (fresh && open && fresh.updatedAt > open.updatedAt) setOpen(fresh);
  }, [list.data, open]);

  const filtered =
    filters.status !== undefined ||
    filters.method !== undefined ||
    filters.tutorId !== undefined ||
    filters.from !== undefined ||
    filters.to !== undefined;
  const datesReversed =
    filters.from !== undefined && filters.to !== undefined && filters.from > filters.to;

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="الفواتير وطلبات السحب">
        <p>
          طلبات سحب أرباح المعلمين: حوّل المبلغ وأرفق الإيصال، أو ارفض الطلب أو ألغِه، وأجب طلبات
          الإلغاء والتعديل.
        </p>
      </PageTitle>

      <div
        role="search"
        aria-label="تصفية طلبات السحب"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
      >
        <Select
          label="الحالة"
          value={filters.status ?? ''}
          onChange={(event) =>
            update({
              status: event.target.value
                ? (Number(event.target.value) as InvoiceStatus)
                : undefined,
            })
          }
        >
          <option value="">كل الحالات</option>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_NAMES_AR[status]}
            </option>
          ))}
        </Select>
        <Select
          label="طريقة التحويل"
          value={filters.method ?? ''}
          onChange={(event) =>
            update({
              method: event.target.value
                ? (Number(event.target.value) as WithdrawMethod)
                : undefined,
            })
          }
        >
          <option value="">كل الطرق</option>
          {WITHDRAW_METHODS.map((method) => (
            <option key={method} value={method}>
              {WITHDRAW_METHOD_NAMES_AR[method]}
            </option>
          ))}
        </Select>
        <TutorFilter tutorId={filters.tutorId} onChange={(tutorId) => update({ tutorId })} />
        <Input
          label="من يوم"
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => update({ from: day(event.target.value) })}
        />
        <Input
          label="إلى يوم"
          type="date"
          value={filters.to ?? ''}
          error={datesReversed ? 'يوم النهاية قبل يوم البداية، من فضلك صحّح التاريخين' : undefined}
          onChange={(event) => update({ to: day(event.target.value) })}
        />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-h-6 items-center gap-2 text-sm text-muted">
          {list.data && <span>عدد الطلبات: {formatNumber(list.data.total)}</span>}
          {list.isFetching && !list.isPending && <Spinner size="sm" />}
        </div>
        <ExportCsvButton filters={shown} />
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <PagedList
        query={list}
        skeleton={<InvoicesTableSkeleton />}
        noMatches={
          filtered
            ? {
                title: 'لا توجد طلبات سحب تطابق التصفية',
                onClear: () => setSearchParams(new URLSearchParams()),
              }
            : undefined
        }
        empty={{
          title: 'لا توجد طلبات سحب بعد',
          description: 'يظهر هنا كل طلب سحب يرسله معلم، فور إرساله.',
        }}
        pagination={{
          label: 'صفحات طلبات السحب',
          page: filters.page,
          totalPages,
          onPageChange: (page) => update({ page }),
          pageSize,
          setPageSize,
        }}
      >
        {(invoices, busy) => <InvoicesTable invoices={invoices} busy={busy} onOpen={setOpen} />}
      </PagedList>

      <InvoiceDialog
        invoice={open}
        onClose={() => setOpen(null)}
        onSaved={setOpen}
        onDeleted={() => setOpen(null)}
      />
    </section>
  );
}
