import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { REPORT_NOTE_MAX_LENGTH, pageCount, reportUpdateBodySchema } from '@talaqa/domain';
import type { ReportStatus, ReportView, Role } from '@talaqa/domain';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  PageTitle,
  ROLE_NAMES_AR,
  Select,
  Skeleton,
  Spinner,
  Textarea,
  formatNumber,
  messageForError,
  useToast,
} from '@talaqa/ui';
import { PagedList } from '../../components/PagedList';
import { usePageSize } from '../../lib/page-size';
import { formatDateTime } from '../../lib/format';
import { userPath } from '../../paths';
import { useReportFile, useReports, useUpdateReport } from './queries';

/** Which reports the list shows: the open ones by default, since those wait for someone. */
const SHOW = {
  open: { label: 'المفتوحة', status: 'open' },
  resolved: { label: 'المحلولة', status: 'resolved' },
  all: { label: 'كل البلاغات', status: undefined },
} as const satisfies Record<string, { label: string; status: ReportStatus | undefined }>;
type Show = keyof typeof SHOW;

const isShow = (value: string | null): value is Show => value !== null && value in SHOW;

const STATUS_LABELS: Record<ReportStatus, string> = { open: 'مفتوح', resolved: 'تم الحل' };

interface Filters {
  page: number;
  show: Show;
}

function readFilters(params: URLSearchParams): Filters {
  const page = Number(params.get('page'));
  const show = params.get('status');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    show: isShow(show) ? show : 'open',
  };
}

function writeFilters(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.show !== 'open') params.set('status', filters.show);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/** "٣٤٫٥ كيلوبايت", "١٫٢ ميجابايت". */
function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024)
    return `${formatNumber(Math.max(1, Math.round(bytes / 102.4) / 10))} كيلوبايت`;
  return `${formatNumber(Math.round(bytes / (1024 * 102.4)) / 10)} ميجابايت`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

function Reporter({ report }: { report: ReportView }) {
  if (!report.user) return <>حساب محذوف</>;
  return (
    <>
      <Link to={userPath(report.user.id)} className="font-semibold text-brand-800 underline">
        {report.user.name}
      </Link>{' '}
      ({ROLE_NAMES_AR[report.user.role as Role]})
    </>
  );
}

/** The picture of the page, read with the admin's session; a click shows it full size. */
function Screenshot({ name, bytes }: { name: string; bytes: number }) {
  const file = useReportFile(name, (blob) => blob);
  // Made and freed by one effect, so a second run (React's strict mode) never shows a freed URL.
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return undefined;
    const made = URL.createObjectURL(file.data);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [file.data]);
  const [enlarged, setEnlarged] = useState(false);
  if (file.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner size="sm" /> جارٍ تحميل صورة الصفحة…
      </p>
    );
  }
  if (file.isError) {
    return (
      <Alert tone="error" title="تعذّر تحميل صورة الصفحة">
        {messageForError(file.error)}
      </Alert>
    );
  }
  if (!url) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setEnlarged(true)}
        className="block overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <img
          src={url}
          alt="صورة الصفحة وقت البلاغ (اضغط للتكبير)"
          className="h-64 w-full bg-slate-50 object-cover object-top"
        />
      </button>
      <p className="text-xs text-muted">الحجم: {sizeText(bytes)}</p>
      <Dialog
        title="صورة الصفحة وقت البلاغ"
        open={enlarged}
        onOpenChange={setEnlarged}
        className="sm:max-w-6xl"
      >
        <img src={url} alt="صورة الصفحة بحجمها الكامل" className="mx-auto h-auto max-w-full" />
      </Dialog>
    </>
  );
}

/** The client's log file, as text, left to right inside the page. */
function LogText({ name, bytes }: { name: string; bytes: number }) {
  const file = useReportFile(name, (blob) => blob.text());
  if (file.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner size="sm" /> جارٍ تحميل السجل…
      </p>
    );
  }
  if (file.isError) {
    return (
      <Alert tone="error" title="تعذّر تحميل السجل">
        {messageForError(file.error)}
      </Alert>
    );
  }
  return (
    <>
      <pre
        dir="ltr"
        aria-label="نص السجل"
        tabIndex={0}
        className="max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 text-left font-mono text-xs whitespace-pre-wrap break-all text-slate-100"
      >
        {file.data}
      </pre>
      <p className="text-xs text-muted">الحجم: {sizeText(bytes)}</p>
    </>
  );
}

function noteError(note: string): string | undefined {
  const parsed = reportUpdateBodySchema.shape.note.safeParse(note);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** One report in full: who, where, the picture, the log, and resolving or reopening it. */
function ReportDialog({
  report: initial,
  open,
  onOpenChange,
}: {
  report: ReportView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const update = useUpdateReport();
  const [report, setReport] = useState(initial);
  const [note, setNote] = useState(initial.note ?? '');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const resolving = report.status === 'open';
  const next: ReportStatus = resolving ? 'resolved' : 'open';

  const ask = () => {
    const problem = noteError(note);
    setError(problem);
    if (!problem) setConfirming(true);
  };
  const confirm = () =>
    update.mutate(
      { id: report.id, status: next, note },
      {
        onSuccess: (saved) => {
          setReport(saved);
          setConfirming(false);
          toast.success(saved.status === 'resolved' ? 'عُلِّم البلاغ بأنه تم حله' : 'أُعيد فتح البلاغ');
        },
        onError: (failure) => {
          setConfirming(false);
          toast.error(`تعذّر تحديث البلاغ: ${messageForError(failure)}`);
        },
      },
    );

  return (
    <Dialog
      title={`بلاغ رقم ${formatNumber(report.id)}`}
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-3xl"
    >
      <div className="flex flex-col gap-5">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="المُبلِّغ">
            <Reporter report={report} />
          </Detail>
          <Detail label="وقت البلاغ">
            <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
          </Detail>
          <Detail label="الصفحة">
            {report.url ? (
              <bdi dir="ltr" className="break-all">
                {report.url}
              </bdi>
            ) : (
              'غير معروفة'
            )}
          </Detail>
          <Detail label="المتصفح">
            {report.userAgent ? (
              <bdi dir="ltr" className="break-all">
                {report.userAgent}
              </bdi>
            ) : (
              'غير معروف'
            )}
          </Detail>
          <Detail label="الحالة">
            {STATUS_LABELS[report.status]}
            {report.resolvedAt && ` (${formatDateTime(report.resolvedAt)})`}
          </Detail>
        </dl>

        <section aria-label="وصف المشكلة" className="flex flex-col gap-1">
          <h3 className="font-bold text-ink">وصف المشكلة</h3>
          <p className="whitespace-pre-wrap break-words text-ink">{report.description}</p>
        </section>

        <section aria-label="صورة الصفحة" className="flex flex-col gap-2">
          <h3 className="font-bold text-ink">صورة الصفحة</h3>
          {report.screenshot ? (
            <Screenshot name={report.screenshot} bytes={report.screenshotBytes} />
          ) : (
            <p className="text-sm text-muted">لم تُرفق صورة بهذا البلاغ.</p>
          )}
        </section>

        <section aria-label="سجل التطبيق" className="flex flex-col gap-2">
          <h3 className="font-bold text-ink">
            سجل التطبيق
            {report.logName && (
              <>
                {' '}
                <bdi dir="ltr" className="text-sm font-normal text-muted">
                  {report.logName}
                </bdi>
              </>
            )}
          </h3>
          {report.log ? (
            <LogText name={report.log} bytes={report.logBytes} />
          ) : (
            <p className="text-sm text-muted">لم يُرفق سجل بهذا البلاغ.</p>
          )}
        </section>

        <div className="flex flex-col gap-3 border-t border-slate-100 pt-4">
          <Textarea
            label="ملاحظة المشرف (اختيارية)"
            hint={`حتى ${formatNumber(REPORT_NOTE_MAX_LENGTH)} حرف`}
            rows={3}
            value={note}
            error={error}
            disabled={update.isPending}
            onChange={(event) => {
              setNote(event.target.value);
              if (error) setError(noteError(event.target.value));
            }}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant={resolving ? 'primary' : 'secondary'} onClick={ask}>
              {resolving ? 'تم حل المشكلة' : 'إعادة فتح البلاغ'}
            </Button>
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        variant="primary"
        title={resolving ? 'تعليم البلاغ بأنه تم حله؟' : 'إعادة فتح البلاغ؟'}
        description={
          resolving
            ? 'سينتقل البلاغ إلى قائمة البلاغات المحلولة، ويمكن إعادة فتحه لاحقًا.'
            : 'سيعود البلاغ إلى قائمة البلاغات المفتوحة.'
        }
        confirmLabel={resolving ? 'نعم، تم الحل' : 'نعم، أعد فتحه'}
        loading={update.isPending}
        onConfirm={confirm}
      />
    </Dialog>
  );
}

/** One report in the list: what was said, by whom and when, and its details. */
function ReportItem({
  report,
  onOpen,
}: {
  report: ReportView;
  onOpen: (report: ReportView) => void;
}) {
  const headingId = `report-${report.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={headingId} className="text-lg font-bold text-ink">
              بلاغ رقم {formatNumber(report.id)}
            </h2>
            <p className="text-sm text-muted">
              <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
              {' · '}
              <Reporter report={report} />
            </p>
          </div>
          <Badge tone={report.status === 'resolved' ? 'success' : 'warning'}>
            {STATUS_LABELS[report.status]}
          </Badge>
        </header>
        <p className="line-clamp-3 whitespace-pre-wrap break-words text-ink">
          {report.description}
        </p>
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
          <span className="text-sm text-muted">
            {report.screenshot ? 'مع صورة للصفحة' : 'بدون صورة'}
            {' · '}
            {report.log ? 'مع سجل التطبيق' : 'بدون سجل'}
          </span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onOpen(report)}
            aria-label={`تفاصيل البلاغ رقم ${formatNumber(report.id)}`}
          >
            التفاصيل
          </Button>
        </footer>
      </article>
    </li>
  );
}

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-3">
      {[0, 1, 2].map((item) => (
        <li key={item} className="flex flex-col gap-3 rounded-2xl bg-white p-5">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="h-16 w-full" />
        </li>
      ))}
    </ul>
  );
}

/**
 * `/reports` (ours: record 348): the problems people reported from the main app, newest first,
 * the open ones by default; each opens with the page's picture and the app's log, and is
 * resolved (or reopened) with a note.
 */
export default function ReportsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const [pageSize, setPageSize] = usePageSize();
  // The report shown in full stays open while the list changes under it (a resolved report
  // leaves the open ones).
  const [selected, setSelected] = useState<ReportView | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const openReport = useCallback((report: ReportView) => {
    setSelected(report);
    setDialogOpen(true);
  }, []);

  const update = useCallback(
    (changes: Partial<Filters>, replace = false) =>
      setSearchParams((current) => writeFilters({ ...readFilters(current), page: 1, ...changes }), {
        replace,
      }),
    [setSearchParams],
  );

  const list = useReports({
    page: filters.page,
    size: pageSize,
    status: SHOW[filters.show].status,
  });
  const totalPages = list.data ? pageCount(list.data.total, pageSize) : 1;
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.page > totalPages) update({ page: totalPages }, true);
  }, [settled, filters.page, totalPages, update]);

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="بلاغات المشكلات">
        <p>ما يبلّغ عنه المستخدمون من التطبيق، مع صورة الصفحة وسجل التطبيق، الأحدث أولًا.</p>
      </PageTitle>

      <div role="search" aria-label="تصفية البلاغات" className="max-w-xs">
        <Select
          label="اعرض"
          value={filters.show}
          onChange={(event) =>
            update({ show: isShow(event.target.value) ? event.target.value : 'open' })
          }
        >
          {(Object.keys(SHOW) as Show[]).map((show) => (
            <option key={show} value={show}>
              {SHOW[show].label}
            </option>
          ))}
        </Select>
      </div>

      <PagedList
        query={list}
        countLabel="عدد البلاغات"
        skeleton={<ListSkeleton />}
        empty={
          filters.show === 'open'
            ? {
                title: 'لا توجد بلاغات مفتوحة',
                description:
                  'كل البلاغات تم حلها. يظهر هنا كل بلاغ جديد يرسله المستخدمون من التطبيق.',
              }
            : { title: 'لا توجد بلاغات' }
        }
        pagination={{
          label: 'صفحات البلاغات',
          page: filters.page,
          totalPages,
          onPageChange: (page) => update({ page }),
          pageSize,
          setPageSize,
        }}
      >
        {(reports, busy) => (
          <ul aria-label="البلاغات" className="flex flex-col gap-3" aria-busy={busy}>
            {reports.map((report) => (
              <ReportItem key={report.id} report={report} onOpen={openReport} />
            ))}
          </ul>
        )}
      </PagedList>

      {selected && (
        <ReportDialog
          key={selected.id}
          report={selected}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
        />
      )}
    </section>
  );
}
