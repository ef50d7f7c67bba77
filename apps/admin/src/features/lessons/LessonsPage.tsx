import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  LESSON_RATIFICATIONS,
  LESSON_TIMINGS,
  LessonRatification,
  LessonTiming,
  endOf,
  formatMoney,
  isOneOf,
  pageCount,
} from '@talaqa/domain';
import type { LessonStatus, LessonView } from '@talaqa/domain';
import type { BadgeTone } from '@talaqa/ui';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  Input,
  PageTitle,
  QueryContent,
  Select,
  Spinner,
  formatId,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import { ListPagination } from '../../components/ListPagination';
import { actionErrorText } from '../../lib/forms';
import { formatDateTime } from '../../lib/format';
import { usePageSize } from '../../lib/page-size';
import { userPath } from '../../paths';
import { LESSON_STATUS_NAMES_AR } from './labels';
import { useCancelLesson, useLessons, useMarkNotHeld } from './queries';

const STATUS_TONES: Record<LessonStatus, BadgeTone> = {
  pending: 'brand',
  happening: 'warning',
  fulfilled: 'success',
  cancelled: 'neutral',
};
const CANCELED_BY_AR = { tutor: 'ألغاه المعلم', student: 'ألغاه الطالب', self: 'ألغته الإدارة' };
const STATE_NAMES_AR: Record<LessonRatification, string> = {
  [LessonRatification.Ratified]: 'غير الملغاة',
  [LessonRatification.Canceled]: 'الملغاة',
};
const TIMING_NAMES_AR: Record<LessonTiming, string> = {
  [LessonTiming.Future]: 'القادمة',
  [LessonTiming.Now]: 'الجارية الآن',
  [LessonTiming.Past]: 'السابقة',
};

/** The list's filters, kept in the address so links and Back keep them. */
export interface LessonFilters {
  page: number;
  state: LessonRatification | undefined;
  when: LessonTiming | undefined;
  tutorId: number | undefined;
  studentId: number | undefined;
}

const positive = (text: string | null): number | undefined => {
  if (text === null) return undefined;
  const value = Number(text.replace(/[٠-٩]/g, (digit) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(digit))));
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

export function readLessonFilters(params: URLSearchParams): LessonFilters {
  const state = params.get('state');
  const when = params.get('when');
  return {
    page: positive(params.get('page')) ?? 1,
    state: isOneOf(LESSON_RATIFICATIONS, state) ? state : undefined,
    when: isOneOf(LESSON_TIMINGS, when) ? when : undefined,
    tutorId: positive(params.get('tutorId')),
    studentId: positive(params.get('studentId')),
  };
}

export function writeLessonFilters(filters: LessonFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.tutorId !== undefined) params.set('tutorId', String(filters.tutorId));
  if (filters.studentId !== undefined) params.set('studentId', String(filters.studentId));
  if (filters.state !== undefined) params.set('state', filters.state);
  if (filters.when !== undefined) params.set('when', filters.when);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/** A user-number filter: applied when it is a whole positive number (Arabic digits too). */
function UserFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  const apply = () => {
    const trimmed = text.trim();
    const next = trimmed === '' ? undefined : positive(trimmed);
    if (trimmed !== '' && next === undefined) {
      setError('الرقم يجب أن يكون رقمًا صحيحًا موجبًا');
      return;
    }
    setError(undefined);
    if (next !== value) onChange(next);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Input
        label={label}
        inputMode="numeric"
        dir="ltr"
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
      />
    </form>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="text-sm text-ink">{children}</dd>
    </div>
  );
}

function StatusBadge({ lesson }: { lesson: LessonView }) {
  return (
    <Badge tone={STATUS_TONES[lesson.status]}>
      {lesson.canceledBy
        ? CANCELED_BY_AR[lesson.canceledBy]
        : LESSON_STATUS_NAMES_AR[lesson.status]}
    </Badge>
  );
}

const came = (yes: boolean) => (yes ? 'حضر' : 'لم يحضر');

type Action = 'cancel' | 'not-held';

/** One lesson: its people, time, status, who came, and what an admin may still do to it. */
function LessonDialog({
  lesson,
  onClose,
  now,
}: {
  lesson: LessonView | null;
  onClose: () => void;
  now: number;
}) {
  const toast = useToast();
  const cancel = useCancelLesson();
  const notHeld = useMarkNotHeld();
  const [asking, setAsking] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = cancel.isPending || notHeld.isPending;
  const canCancel =
    lesson !== null &&
    lesson.status === 'pending' &&
    endOf(new Date(lesson.start), lesson.duration).getTime() > now;
  const canMarkNotHeld = lesson?.status === 'fulfilled';

  const confirm = async () => {
    if (!lesson || !asking) return;
    try {
      if (asking === 'cancel') {
        await cancel.mutateAsync(lesson.id);
        toast.success('تم إلغاء الدرس');
      } else {
        const answer = await notHeld.mutateAsync(lesson.id);
        toast.success(
          answer.tutorAvailable < 0
            ? `سُجّل أن الدرس لم يُعقد، واستُرد أجره. رصيد المعلم المتاح الآن سالب بمقدار ${formatMoney(-answer.tutorAvailable)}`
            : 'سُجّل أن الدرس لم يُعقد، واستُرد أجره من رصيد المعلم',
        );
      }
      setAsking(null);
      onClose();
    } catch (error) {
      setFailure(actionErrorText(error, 'تعذّر تنفيذ الإجراء، من فضلك حاول مرة أخرى'));
    }
  };

  return (
    <Dialog
      title={lesson ? `الدرس رقم ${formatId(lesson.id)}` : 'الدرس'}
      open={lesson !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="sm:max-w-2xl"
    >
      {lesson && (
        <div className="flex flex-col gap-5">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Detail label="الحالة">
              <StatusBadge lesson={lesson} />
            </Detail>
            <Detail label="الموعد">
              {formatDateTime(lesson.start)} ({formatNumber(lesson.duration)} دقيقة)
            </Detail>
            <Detail label="المعلم">
              <Link to={userPath(lesson.members.tutorId)} className="font-semibold text-brand-800">
                {lesson.tutor.name}
              </Link>{' '}
              — {came(lesson.attended.tutor)}
            </Detail>
            <Detail label="الطالب">
              <Link
                to={userPath(lesson.members.studentId)}
                className="font-semibold text-brand-800"
              >
                {lesson.student.name}
              </Link>{' '}
              — {came(lesson.attended.student)}
            </Detail>
            <Detail label="أجر المعلم">{formatMoney(lesson.price)}</Detail>
            <Detail label="تاريخ الحجز">{formatDateTime(lesson.bookedAt)}</Detail>
            {lesson.canceledAt && (
              <Detail label="تاريخ الإلغاء">{formatDateTime(lesson.canceledAt)}</Detail>
            )}
          </dl>
          {(canCancel || canMarkNotHeld) && (
            <div className="flex flex-wrap gap-2">
              {canCancel && (
                <Button variant="secondary" onClick={() => setAsking('cancel')}>
                  إلغاء الدرس
                </Button>
              )}
              {canMarkNotHeld && (
                <Button variant="secondary" onClick={() => setAsking('not-held')}>
                  لم يُعقد الدرس
                </Button>
              )}
            </div>
          )}
          <ConfirmDialog
            open={asking !== null}
            onOpenChange={(open) => {
              if (!open) {
                setAsking(null);
                setFailure(null);
              }
            }}
            title={asking === 'cancel' ? 'إلغاء الدرس؟' : 'تسجيل أن الدرس لم يُعقد؟'}
            description={
              asking === 'cancel'
                ? 'سيُلغى الدرس للطرفين، وتعود الدقائق إلى الطالب ما دام أسبوع باقته جاريًا.'
                : 'سيصبح الدرس ملغى من المعلم، ويُسترد أجره من رصيد المعلم ولو صار رصيده سالبًا، وتعود الدقائق إلى الطالب ما دام أسبوع باقته جاريًا.'
            }
            confirmLabel={asking === 'cancel' ? 'إلغاء الدرس' : 'لم يُعقد الدرس'}
            loading={pending}
            onConfirm={() => void confirm()}
          >
            {failure && <Alert tone="error">{failure}</Alert>}
          </ConfirmDialog>
        </div>
      )}
    </Dialog>
  );
}

/**
 * `/lessons` (spec section 2; issue 23 item 2): every lesson, newest first, filtered by tutor,
 * student, canceled or not and past, now or to come, in the address; each opens its details with
 * who came, and the admin may cancel one still to come or record a fulfilled one as not held.
 */
export default function LessonsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readLessonFilters(searchParams);
  const [pageSize, setPageSize] = usePageSize();
  const [open, setOpen] = useState<LessonView | null>(null);
  // Whether a pending lesson is still to come decides if it may be canceled.
  const now = Date.now();

  const update = useCallback(
    (changes: Partial<LessonFilters>, replace = false) =>
      setSearchParams(
        (current) => writeLessonFilters({ ...readLessonFilters(current), page: 1, ...changes }),
        { replace },
      ),
    [setSearchParams],
  );
  const list = useLessons({
    page: filters.page,
    size: pageSize,
    state: filters.state,
    when: filters.when,
    tutorId: filters.tutorId,
    studentId: filters.studentId,
  });
  const totalPages = list.data ? pageCount(list.data.total, pageSize) : 1;
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.page > totalPages) update({ page: totalPages }, true);
  }, [settled, filters.page, totalPages, update]);
  const filtered =
    filters.state !== undefined ||
    filters.when !== undefined ||
    filters.tutorId !== undefined ||
    filters.studentId !== undefined;

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="الدروس">
        <p>كل الدروس على المنصة: من حضرها، وإلغاء درس قادم أو تسجيل درس مكتمل لم يُعقد.</p>
      </PageTitle>
      <div
        role="search"
        aria-label="تصفية الدروس"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        <UserFilter
          label="رقم المعلم"
          value={filters.tutorId}
          onChange={(tutorId) => update({ tutorId })}
        />
        <UserFilter
          label="رقم الطالب"
          value={filters.studentId}
          onChange={(studentId) => update({ studentId })}
        />
        <Select
          label="الإلغاء"
          value={filters.state ?? ''}
          onChange={(event) =>
            update({ state: (event.target.value || undefined) as LessonRatification | undefined })
          }
        >
          <option value="">كل الدروس</option>
          {LESSON_RATIFICATIONS.map((state) => (
            <option key={state} value={state}>
              {STATE_NAMES_AR[state]}
            </option>
          ))}
        </Select>
        <Select
          label="الموعد"
          value={filters.when ?? ''}
          onChange={(event) =>
            update({ when: (event.target.value || undefined) as LessonTiming | undefined })
          }
        >
          <option value="">كل المواعيد</option>
          {LESSON_TIMINGS.map((when) => (
            <option key={when} value={when}>
              {TIMING_NAMES_AR[when]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-h-6 items-center gap-2 text-sm text-muted">
        {list.data && <span>عدد الدروس: {formatNumber(list.data.total)}</span>}
        {list.isFetching && !list.isPending && <Spinner size="sm" />}
      </div>
      <QueryContent
        query={list}
        loading={<Spinner />}
        isEmpty={(data) => data.list.length === 0}
        empty={
          filtered ? (
            <EmptyState
              title="لا توجد دروس تطابق التصفية"
              action={
                <Button variant="secondary" onClick={() => setSearchParams(new URLSearchParams())}>
                  مسح عوامل التصفية
                </Button>
              }
            />
          ) : (
            <EmptyState title="لا توجد دروس بعد" description="يظهر هنا كل درس يحجزه طالب." />
          )
        }
      >
        {(data) => (
          <ul aria-label="قائمة الدروس" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {data.list.map((lesson) => (
              <li
                key={lesson.id}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <span className="font-semibold text-ink">{formatDateTime(lesson.start)}</span>
                  <StatusBadge lesson={lesson} />
                </div>
                <p className="text-sm text-ink">
                  {lesson.tutor.name} مع {lesson.student.name}
                </p>
                <p className="text-sm text-muted">
                  {formatNumber(lesson.duration)} دقيقة، رقم الدرس {formatId(lesson.id)}
                </p>
                <div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`تفاصيل الدرس رقم ${formatId(lesson.id)}`}
                    onClick={() => setOpen(lesson)}
                  >
                    التفاصيل
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
      <ListPagination
        label="صفحات الدروس"
        total={list.data?.total}
        page={filters.page}
        totalPages={totalPages}
        onPageChange={(page) => update({ page })}
        pageSize={pageSize}
        setPageSize={setPageSize}
      />
      <LessonDialog lesson={open} onClose={() => setOpen(null)} now={now} />
    </section>
  );
}
