import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LessonCanceledBy, endOf, formatMoney, pageCount } from '@talaqa/domain';
import type { LessonCancelBehalf, LessonStatus, LessonView } from '@talaqa/domain';
import type { BadgeTone } from '@talaqa/ui';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  PageTitle,
  QueryContent,
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
import { CancelLessonDialog } from './CancelLessonDialog';
import { LessonFilterBar } from './LessonFilterBar';
import { dateRangeProblem, isFiltered, readLessonFilters, writeLessonFilters } from './filters';
import type { LessonFilters } from './filters';
import { LESSON_STATUS_NAMES_AR } from './labels';
import { useLessons, useMarkNotHeld } from './queries';

const STATUS_TONES: Record<LessonStatus, BadgeTone> = {
  pending: 'brand',
  happening: 'warning',
  fulfilled: 'success',
  cancelled: 'neutral',
};
const CANCELED_BY_AR = { tutor: 'ألغاه المعلم', student: 'ألغاه الطالب', self: 'ألغته الإدارة' };
/** An admin's cancel for a member (decision 344). */
const CANCELED_FOR_AR: Record<LessonCancelBehalf, string> = {
  [LessonCanceledBy.Tutor]: 'ألغته الإدارة عن المعلم',
  [LessonCanceledBy.Student]: 'ألغته الإدارة عن الطالب',
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="text-sm text-ink">{children}</dd>
    </div>
  );
}

function statusText(lesson: LessonView): string {
  if (!lesson.canceledBy) return LESSON_STATUS_NAMES_AR[lesson.status];
  if (lesson.canceledByAdmin && lesson.canceledBy !== LessonCanceledBy.Self) {
    return CANCELED_FOR_AR[lesson.canceledBy];
  }
  return CANCELED_BY_AR[lesson.canceledBy];
}

function StatusBadge({ lesson }: { lesson: LessonView }) {
  return <Badge tone={STATUS_TONES[lesson.status]}>{statusText(lesson)}</Badge>;
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
  const notHeld = useMarkNotHeld();
  const [asking, setAsking] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const canCancel =
    lesson !== null &&
    lesson.status === 'pending' &&
    endOf(new Date(lesson.start), lesson.duration).getTime() > now;
  const canMarkNotHeld = lesson?.status === 'fulfilled';

  const confirmNotHeld = async () => {
    if (!lesson) return;
    try {
      const answer = await notHeld.mutateAsync(lesson.id);
      toast.success(
        answer.tutorAvailable < 0
          ? `سُجّل أن الدرس لم يُعقد، واستُرد أجره. رصيد المعلم المتاح الآن سالب بمقدار ${formatMoney(-answer.tutorAvailable)}`
          : 'سُجّل أن الدرس لم يُعقد، واستُرد أجره من رصيد المعلم',
      );
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
            {lesson.adminCancel && (
              <>
                <Detail label="ألغاه المشرف">
                  {lesson.adminCancel.admin ? (
                    <Link
                      to={userPath(lesson.adminCancel.admin.id)}
                      className="font-semibold text-brand-800"
                    >
                      {lesson.adminCancel.admin.name}
                    </Link>
                  ) : (
                    'حساب محذوف'
                  )}{' '}
                  — نيابةً عن{' '}
                  {lesson.adminCancel.onBehalfOf === LessonCanceledBy.Tutor ? 'المعلم' : 'الطالب'}
                </Detail>
                <div className="flex flex-col gap-0.5 sm:col-span-2">
                  <dt className="text-xs font-semibold text-muted">سبب الإلغاء</dt>
                  <dd dir="auto" className="rounded-lg bg-slate-50 p-3 text-sm text-ink">
                    {lesson.adminCancel.reason}
                  </dd>
                </div>
              </>
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
          <CancelLessonDialog
            lesson={lesson}
            open={asking === 'cancel'}
            onOpenChange={(open) => setAsking(open ? 'cancel' : null)}
            onCanceled={onClose}
          />
          <ConfirmDialog
            open={asking === 'not-held'}
            onOpenChange={(open) => {
              if (!open) {
                setAsking(null);
                setFailure(null);
              }
            }}
            title="تسجيل أن الدرس لم يُعقد؟"
            description="سيصبح الدرس ملغى من المعلم، ويُسترد أجره من رصيد المعلم ولو صار رصيده سالبًا، وتعود الدقائق إلى الطالب ما دام أسبوع باقته جاريًا."
            confirmLabel="لم يُعقد الدرس"
            loading={notHeld.isPending}
            onConfirm={() => void confirmNotHeld()}
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
 * student, status, canceled or not, past, now or to come and a range of Cairo days, in the
 * address; each opens its details with who came, and the admin may cancel one still to come for
 * its tutor or student with a reason (decision 344) or record a fulfilled one as not held.
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
  // A reversed day range is shown on its field and not sent (the server would refuse it).
  const days = dateRangeProblem(filters) ? {} : { from: filters.from, to: filters.to };
  const list = useLessons({
    page: filters.page,
    size: pageSize,
    state: filters.state,
    when: filters.when,
    status: filters.status,
    ...days,
    tutorId: filters.tutorId,
    studentId: filters.studentId,
  });
  const totalPages = list.data ? pageCount(list.data.total, pageSize) : 1;
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.page > totalPages) update({ page: totalPages }, true);
  }, [settled, filters.page, totalPages, update]);
  const filtered = isFiltered(filters);

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="الدروس">
        <p>
          كل الدروس على المنصة: من حضرها، وإلغاء درس قادم نيابةً عن أحد طرفيه أو تسجيل درس مكتمل لم
          يُعقد.
        </p>
      </PageTitle>
      <LessonFilterBar filters={filters} update={(changes) => update(changes)} />
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
