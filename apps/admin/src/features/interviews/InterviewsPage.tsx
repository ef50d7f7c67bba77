import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resolveWebUrl } from '@talaqa/api-client';
import {
  APPOINTMENT_TIMINGS,
  DEMO_SESSION_STATUSES,
  DemoSessionStatus,
  INTERVIEW_STATUSES,
  InterviewStatus,
  formatCairoDateTime,
  isOneOf,
  pageCount,
  staffCancelStatus,
  staffMeetingActions,
} from '@talaqa/domain';
import type { AppointmentTiming, MeetingKind } from '@talaqa/domain';
import {
  Badge,
  Button,
  ConfirmDialog,
  DEMO_SESSION_STATUS_TEXT,
  EmptyState,
  INTERVIEW_STATUS_TEXT,
  Input,
  MEETING_KIND_NAMES,
  MeetingDecisionDialog,
  PageTitle,
  QueryContent,
  SegmentedControl,
  Select,
  SkeletonCards,
  Spinner,
  formatNumber,
  meetingStatusText,
  messageForError,
  useToast,
} from '@talaqa/ui';
import type { MeetingDecision } from '@talaqa/ui';
import { ListPagination } from '../../components/ListPagination';
import { usePageSize } from '../../lib/page-size';
import { useSearchBox } from '../../lib/search-box';
import { userPath } from '../../paths';
import { managerOf, useMeetingList, useTutorManagers, useUpdateMeeting } from './queries';
import type { MeetingChange, MeetingRow } from './queries';

/** The main app, where the meeting rooms are (`/interview/{id}`, `/demo-session/{id}`). */
const WEB_URL = resolveWebUrl(import.meta.env.VITE_WEB_URL).replace(/\/+$/, '');
export const roomUrl = (kind: MeetingKind, id: number): string =>
  `${WEB_URL}/${kind === 'interview' ? 'interview' : 'demo-session'}/${String(id)}`;

const KINDS = ['interview', 'demo-session'] as const satisfies readonly MeetingKind[];
const KIND_TABS: Record<MeetingKind, string> = {
  interview: 'المقابلات',
  'demo-session': 'الجلسات التجريبية',
};
const TIMING_NAMES: Record<AppointmentTiming, string> = {
  future: 'القادمة',
  past: 'التي بدأت أو انتهت',
};
const CHANGE_FAILED = 'تعذّر حفظ التغيير';

interface Filters {
  kind: MeetingKind;
  page: number;
  status: number | undefined;
  managerId: number | undefined;
  tutorId: number | undefined;
  when: AppointmentTiming | undefined;
  search: string;
}

const positive = (value: string | null): number | undefined => {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : undefined;
};

const statusesOf = (kind: MeetingKind): readonly number[] =>
  kind === 'interview' ? INTERVIEW_STATUSES : DEMO_SESSION_STATUSES;

export function readFilters(params: URLSearchParams): Filters {
  const kind = params.get('kind') === 'demo-session' ? 'demo-session' : 'interview';
  const status = positive(params.get('status'));
  const when = params.get('when');
  return {
    kind,
    page: positive(params.get('page')) ?? 1,
    status: status !== undefined && statusesOf(kind).includes(status) ? status : undefined,
    managerId: positive(params.get('manager')),
    tutorId: positive(params.get('tutor')),
    when: isOneOf(APPOINTMENT_TIMINGS, when) ? when : undefined,
    search: (params.get('search') ?? '').trim(),
  };
}

export function writeFilters(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind !== 'interview') params.set('kind', filters.kind);
  if (filters.status !== undefined) params.set('status', String(filters.status));
  if (filters.managerId !== undefined) params.set('manager', String(filters.managerId));
  if (filters.tutorId !== undefined) params.set('tutor', String(filters.tutorId));
  if (filters.when) params.set('when', filters.when);
  if (filters.search) params.set('search', filters.search);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/** The clock, read again every 30 seconds (a meeting starts, the decision becomes possible). */
function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Cancel as an admin (an interview as its interviewer, a demo session as CanceledByAdmin). */
function CancelMeeting({ row }: { row: MeetingRow }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateMeeting();
  const toast = useToast();
  const what = MEETING_KIND_NAMES[row.kind];
  const start = formatCairoDateTime(new Date(row.view.start));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!update.isPending) setOpen(next);
      }}
      trigger={<Button variant="secondary">إلغاء الموعد</Button>}
      title={`إلغاء ${what}`}
      description={`ستُلغى ${what} بين ${row.tutor.name} و${managerOf(row).name} في ${start}، ويصل الخبر إليهما. هل تريد المتابعة؟`}
      confirmLabel="نعم، ألغِ الموعد"
      cancelLabel="تراجع"
      variant="danger"
      loading={update.isPending}
      onConfirm={() => {
        const change: MeetingChange =
          row.kind === 'interview'
            ? {
                kind: 'interview',
                body: { id: row.view.id, status: staffCancelStatus('interview', 'admin') },
              }
            : {
                kind: 'demo-session',
                body: { id: row.view.id, status: staffCancelStatus('demo-session', 'admin') },
              };
        update.mutate(change, {
          onSuccess: () => {
            toast.success(`أُلغيت ${what} مع ${row.tutor.name}`);
            setOpen(false);
          },
          onError: (error) => toast.error(`${CHANGE_FAILED}: ${messageForError(error)}`),
        });
      }}
    />
  );
}

/** The decision (pass or reject) with the shared dialog; the admin acts as the manager. */
function DecideMeeting({ row }: { row: MeetingRow }) {
  const update = useUpdateMeeting();
  const toast = useToast();
  const decide = ({ passed, feedback, note, level }: MeetingDecision) => {
    const texts = { id: row.view.id, feedback, ...(note !== undefined && { note }) };
    const change: MeetingChange =
      row.kind === 'interview'
        ? {
            kind: 'interview',
            body: {
              ...texts,
              status: passed ? InterviewStatus.Passed : InterviewStatus.Rejected,
              level,
            },
          }
        : {
            kind: 'demo-session',
            body: {
              ...texts,
              status: passed ? DemoSessionStatus.Passed : DemoSessionStatus.Rejected,
            },
          };
    return update.mutateAsync(change).then(
      () => toast.success(`حُفظ قرار ${MEETING_KIND_NAMES[row.kind]} مع ${row.tutor.name}`),
      (error: unknown) => {
        toast.error(`${CHANGE_FAILED}: ${messageForError(error)}`);
        throw error;
      },
    );
  };
  return <MeetingDecisionDialog kind={row.kind} tutorName={row.tutor.name} onDecide={decide} />;
}

function MeetingItem({
  row,
  now,
  onTutor,
}: {
  row: MeetingRow;
  now: Date;
  onTutor: (tutorId: number) => void;
}) {
  const start = new Date(row.view.start);
  const status = meetingStatusText(row.kind, row.view.status);
  const can = staffMeetingActions(
    row.kind === 'interview'
      ? { kind: 'interview', status: row.view.status, start }
      : { kind: 'demo-session', status: row.view.status, start },
    'admin',
    now,
  );
  const manager = managerOf(row);
  const headingId = `meeting-${row.kind}-${String(row.view.id)}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        data-meeting={`${row.kind}-${String(row.view.id)}`}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-sm text-muted">
              {MEETING_KIND_NAMES[row.kind]} رقم {formatNumber(row.view.id)}
            </p>
            <h2 id={headingId} className="font-bold text-ink">
              <time dateTime={row.view.start}>{formatCairoDateTime(start)}</time>
            </h2>
          </div>
          <Badge tone={status.tone}>{status.label}</Badge>
        </header>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <dt className="text-muted">المعلم:</dt>
            <dd className="min-w-0 break-words">
              <Link to={userPath(row.tutor.id)} className="font-semibold text-brand-800 underline">
                {row.tutor.name}
              </Link>{' '}
              <button
                type="button"
                className="text-muted underline hover:text-ink"
                onClick={() => onTutor(row.tutor.id)}
              >
                (مواعيده فقط)
              </button>
            </dd>
          </div>
          <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <dt className="text-muted">مسؤول المقابلات:</dt>
            <dd className="min-w-0 break-words">
              <Link to={userPath(manager.id)} className="font-semibold text-brand-800 underline">
                {manager.name}
              </Link>
            </dd>
          </div>
          {row.view.feedback && (
            <div className="flex min-w-0 flex-col gap-1 sm:col-span-2">
              <dt className="text-muted">التقييم:</dt>
              <dd className="whitespace-pre-wrap break-words text-ink">{row.view.feedback}</dd>
            </div>
          )}
          {row.view.note && (
            <div className="flex min-w-0 flex-col gap-1 sm:col-span-2">
              <dt className="text-muted">الملاحظة الداخلية:</dt>
              <dd className="whitespace-pre-wrap break-words text-ink">{row.view.note}</dd>
            </div>
          )}
        </dl>
        <footer className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
          {can.decide && <DecideMeeting row={row} />}
          {can.cancel && <CancelMeeting row={row} />}
          <a
            href={roomUrl(row.kind, row.view.id)}
            target="_blank"
            rel="noreferrer"
            className="text-sm font-semibold text-brand-800 underline"
          >
            صفحة الموعد وغرفته في التطبيق
            <span className="sr-only"> (تفتح في نافذة جديدة)</span>
          </a>
        </footer>
      </article>
    </li>
  );
}

/**
 * `/interviews` (issue 21 items 3, 4; record 330): every interview or demo session, newest start
 * first, filtered in the address by status, manager, tutor (name, e-mail or one tutor) and time;
 * the admin cancels (with a confirmation) and decides what the domain's rules allow.
 */
export default function InterviewsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const [pageSize, setPageSize] = usePageSize();
  const now = useClock();
  const managers = useTutorManagers();

  const update = useCallback(
    (changes: Partial<Filters>, replace = false) =>
      setSearchParams((current) => writeFilters({ ...readFilters(current), page: 1, ...changes }), {
        replace,
      }),
    [setSearchParams],
  );
  const search = useSearchBox(filters.search, (text) => update({ search: text }, true));

  const list = useMeetingList({
    kind: filters.kind,
    page: filters.page,
    size: pageSize,
    status: filters.status,
    managerId: filters.managerId,
    tutorId: filters.tutorId,
    when: filters.when,
    search: filters.search || undefined,
  });
  const totalPages = list.data ? pageCount(list.data.total, pageSize) : 1;
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.page > totalPages) update({ page: totalPages }, true);
  }, [settled, filters.page, totalPages, update]);

  const filtered =
    filters.status !== undefined ||
    filters.managerId !== undefined ||
    filters.tutorId !== undefined ||
    filters.when !== undefined ||
    filters.search !== '';
  const clear = () => {
    search.reset();
    setSearchParams(writeFilters({ ...readFilters(new URLSearchParams()), kind: filters.kind }));
  };
  const statusText =
    filters.kind === 'interview' ? INTERVIEW_STATUS_TEXT : DEMO_SESSION_STATUS_TEXT;
  const tutorName = list.data?.list.find((row) => row.tutor.id === filters.tutorId)?.tutor.name;

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="المقابلات">
        <p>مقابلات المعلمين الجدد وجلساتهم التجريبية، الأحدث موعدًا أولًا، بتوقيت القاهرة.</p>
      </PageTitle>

      <SegmentedControl
        legend="النوع"
        hideLegend
        options={KINDS.map((kind) => ({ value: kind, label: KIND_TABS[kind] }))}
        value={filters.kind}
        onChange={(kind) => update({ kind, status: undefined })}
      />

      <form
        role="search"
        aria-label="تصفية المواعيد"
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Input
          label="المعلم"
          type="search"
          placeholder="الاسم أو البريد"
          value={search.text}
          onChange={(event) => search.change(event.target.value)}
          maxLength={100}
        />
        <Select
          label="الحالة"
          value={filters.status ?? ''}
          onChange={(event) => update({ status: positive(event.target.value) })}
        >
          <option value="">كل الحالات</option>
          {statusesOf(filters.kind).map((status) => (
            <option key={status} value={status}>
              {statusText[status as InterviewStatus & DemoSessionStatus].label}
            </option>
          ))}
        </Select>
        <Select
          label="مسؤول المقابلات"
          value={filters.managerId ?? ''}
          onChange={(event) => update({ managerId: positive(event.target.value) })}
        >
          <option value="">{managers.isError ? 'تعذّر تحميل القائمة' : 'الكل'}</option>
          {managers.data?.list.map((manager) => (
            <option key={manager.id} value={manager.id}>
              {manager.name}
            </option>
          ))}
        </Select>
        <Select
          label="الموعد"
          value={filters.when ?? ''}
          onChange={(event) =>
            update({
              when: isOneOf(APPOINTMENT_TIMINGS, event.target.value)
                ? event.target.value
                : undefined,
            })
          }
        >
          <option value="">كل المواعيد</option>
          {APPOINTMENT_TIMINGS.map((when) => (
            <option key={when} value={when}>
              {TIMING_NAMES[when]}
            </option>
          ))}
        </Select>
      </form>

      <div
        className="flex min-h-6 flex-wrap items-center gap-2 text-sm text-muted"
        aria-live="polite"
      >
        {list.data && <span>عدد النتائج: {formatNumber(list.data.total)}</span>}
        {list.isFetching && !list.isPending && <Spinner size="sm" />}
        {filters.tutorId !== undefined && (
          <Button variant="ghost" size="sm" onClick={() => update({ tutorId: undefined })}>
            مواعيد {tutorName ?? `المعلم رقم ${formatNumber(filters.tutorId)}`} فقط ×
            <span className="sr-only"> (إزالة)</span>
          </Button>
        )}
        {filtered && (
          <Button variant="ghost" size="sm" onClick={clear}>
            مسح التصفية
          </Button>
        )}
      </div>

      <QueryContent
        query={list}
        loading={
          <SkeletonCards
            label="جارٍ تحميل المواعيد"
            cards={3}
            bars={['h-5 w-1/3', 'h-4 w-1/2', 'h-4 w-1/4']}
          />
        }
        isEmpty={(data) => data.list.length === 0}
        empty={
          <EmptyState
            title={
              filtered ? 'لا توجد مواعيد تطابق التصفية' : `لا توجد ${KIND_TABS[filters.kind]} بعد`
            }
            description={
              filtered ? 'جرّب تصفية أخرى أو امسحها.' : 'تظهر هنا المواعيد فور أن يحجزها المعلمون.'
            }
          />
        }
      >
        {(data) => (
          <ul
            aria-label={KIND_TABS[filters.kind]}
            aria-busy={list.isPlaceholderData}
            className="flex flex-col gap-3"
          >
            {data.list.map((row) => (
              <MeetingItem
                key={`${row.kind}-${String(row.view.id)}`}
                row={row}
                now={now}
                onTutor={(tutorId) => update({ tutorId })}
              />
            ))}
          </ul>
        )}
      </QueryContent>

      <ListPagination
        label="صفحات المواعيد"
        total={list.data?.total}
        page={filters.page}
        totalPages={totalPages}
        onPageChange={(page) => update({ page })}
        pageSize={pageSize}
        setPageSize={setPageSize}
      />
    </section>
  );
}
