import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  Spinner,
  buttonClasses,
  messageForError,
  useToast,
} from '@talaqa/ui';
import {
  LessonCanceledBy,
  LessonStatus,
  Role,
  formatCairoDateTime,
  formatCairoTime,
  freeCancelUntil,
  freeRescheduleStartTimes,
  isLessonChangeable,
  minutesReturnedOnCancel,
  tutorTimeOfWeek,
} from '@talaqa/domain';
import type { LessonView, User } from '@talaqa/domain';
import { useCancelLesson, useRescheduleLesson, useTutorWeek } from './queries';
import { LessonRating } from '../ratings/LessonRating';
import { lessonPath } from '../../paths';
import { lessonBadge } from './status-badge';

const arabicNumber = (value: number): string => value.toLocaleString('ar-EG');

export const cancelableOf = (lesson: LessonView) => ({
  start: new Date(lesson.start),
  duration: lesson.duration,
  bookedAt: new Date(lesson.bookedAt),
});

/** What cancelling now does to the student's minutes, in the words of the one cancelling. */
export function cancelPolicyText(lesson: LessonView, role: Role, now: Date): string {
  const byStudent = role === Role.Student;
  const minutes = minutesReturnedOnCancel(
    cancelableOf(lesson),
    byStudent ? LessonCanceledBy.Student : LessonCanceledBy.Tutor,
    now,
  );
  if (!byStudent) return `سيسترد الطالب ${arabicNumber(minutes)} دقيقة إلى رصيده.`;
  if (minutes > 0) {
    const until = formatCairoDateTime(freeCancelUntil(cancelableOf(lesson)));
    return `ستسترد ${arabicNumber(minutes)} دقيقة إلى رصيدك (الإلغاء مع استرداد الدقائق متاح حتى ${until}).`;
  }
  return 'لن تسترد دقائق هذا الدرس، لأن موعده بعد أقل من ساعتين.';
}

/** The student moves the lesson to another free time of the tutor this week. */
export function RescheduleDialog({
  lesson,
  user,
  open,
  onOpenChange,
}: {
  lesson: LessonView;
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const week = useTutorWeek(lesson.tutor.id, open);
  const reschedule = useRescheduleLesson();
  const [choice, setChoice] = useState('');
  const now = new Date();
  const starts = week.data
    ? freeRescheduleStartTimes(
        {
          ...tutorTimeOfWeek(week.data, now),
          // The server checks the real subscription; the dialog offers the tutor's free times.
          student: {
            verifiedEmail: user.verifiedEmail,
            subscription: {
              trial: false,
              remainingMinutes: 0,
              endsAt: new Date(week.data.weekEnd),
            },
            hasUpcomingLesson: false,
          },
        },
        { ...cancelableOf(lesson), id: lesson.id, duration: lesson.duration },
        lesson.duration,
      ).filter((start) => start.getTime() !== new Date(lesson.start).getTime())
    : [];

  return (
    <Dialog
      title="تغيير موعد الدرس"
      description={`مع ${lesson.tutor.name}، المدة ${arabicNumber(lesson.duration)} دقيقة. تظهر المواعيد المتاحة في هذا الأسبوع فقط.`}
      open={open}
      onOpenChange={(next) => {
        if (!reschedule.isPending) onOpenChange(next);
      }}
    >
      {week.isPending ? (
        <div role="status" aria-label="جارٍ تحميل المواعيد المتاحة" className="flex justify-center">
          <Spinner />
        </div>
      ) : week.isError ? (
        <Alert tone="error" role="alert" title="تعذّر تحميل المواعيد المتاحة">
          {messageForError(week.error)}
        </Alert>
      ) : starts.length === 0 ? (
        <p>لا توجد مواعيد متاحة أخرى لدى المعلم هذا الأسبوع.</p>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!choice) return;
            reschedule.mutate(
              { id: lesson.id, start: choice, duration: lesson.duration },
              {
                onSuccess: () => {
                  toast.success('تغيّر موعد الدرس');
                  onOpenChange(false);
                },
              },
            );
          }}
        >
          <label className="flex flex-col gap-1">
            <span className="font-semibold text-ink">الموعد الجديد</span>
            <select
              required
              className="min-h-11 rounded-xl border border-slate-300 bg-white px-3"
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="">اختر موعدًا</option>
              {starts.map((start) => (
                <option key={start.getTime()} value={start.toISOString()}>
                  {formatCairoDateTime(start)}
                </option>
              ))}
            </select>
          </label>
          {reschedule.isError && (
            <Alert tone="error" role="alert" title="لم يتغيّر الموعد">
              {messageForError(reschedule.error)}
            </Alert>
          )}
          <div className="flex justify-end">
            <Button type="submit" loading={reschedule.isPending} disabled={!choice}>
              تأكيد الموعد الجديد
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** Cancelling the lesson: what it does to the minutes first, then the server's answer. */
export function CancelLessonDialog({
  lesson,
  user,
  onClose,
}: {
  lesson: LessonView;
  user: User;
  onClose: () => void;
}) {
  const toast = useToast();
  const cancel = useCancelLesson();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) {
          cancel.reset();
          onClose();
        }
      }}
      title="إلغاء الدرس؟"
      description={cancelPolicyText(lesson, user.role, new Date())}
      confirmLabel="نعم، ألغِ الدرس"
      cancelLabel="تراجع"
      loading={cancel.isPending}
      onConfirm={() =>
        cancel.mutate(lesson.id, {
          onSuccess: (answer) => {
            onClose();
            toast.success(
              answer.minutesReturned > 0
                ? `أُلغي الدرس، واسترد الطالب ${arabicNumber(answer.minutesReturned)} دقيقة`
                : 'أُلغي الدرس',
            );
          },
        })
      }
    >
      {cancel.isError && (
        <Alert tone="error" role="alert" title="لم يُلغَ الدرس">
          {messageForError(cancel.error)}
        </Alert>
      )}
    </ConfirmDialog>
  );
}

/** One lesson: the other party, Cairo date and time, duration, status and its actions. */
export function LessonItem({
  lesson,
  user,
  actions = true,
}: {
  lesson: LessonView;
  user: User;
  /** Join, cancel and reschedule (upcoming lessons only). */
  actions?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const isTutor = user.role === Role.Tutor;
  const other = isTutor ? lesson.student : lesson.tutor;
  const start = new Date(lesson.start);
  const titleId = `lesson-${lesson.id}`;
  const live = lesson.status === LessonStatus.Pending || lesson.status === LessonStatus.Happening;
  const now = new Date();
  const status = lessonBadge(lesson.status, start, now);

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex items-center gap-3">
            <Avatar name={other.name} />
            <div className="flex flex-col gap-0.5">
              <h2 id={titleId} className="text-lg font-bold text-ink">
                {isTutor ? 'مع الطالب' : 'مع المعلم'} {other.name}
              </h2>
              <p className="text-sm text-muted">
                <time dateTime={lesson.start}>{formatCairoDateTime(start)}</time> (حتى{' '}
                {formatCairoTime(new Date(lesson.end))}) — {arabicNumber(lesson.duration)} دقيقة
              </p>
            </div>
          </div>
          {status && <Badge tone={status.tone}>{status.label}</Badge>}
        </div>
        {user.role === Role.Student && lesson.status === LessonStatus.Fulfilled && (
          <LessonRating studentId={user.id} tutor={lesson.tutor} />
        )}
        {actions && live && (
          <div className="flex flex-wrap gap-3">
            <Link to={lessonPath(lesson.id)} className={buttonClasses({ size: 'sm' })}>
              دخول الدرس
            </Link>
            {!isTutor && isLessonChangeable(cancelableOf(lesson), now) && (
              <Button variant="secondary" size="sm" onClick={() => setMoving(true)}>
                تغيير الموعد
              </Button>
            )}
            {lesson.status === LessonStatus.Pending && (
              <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
                إلغاء الدرس
              </Button>
            )}
          </div>
        )}
      </article>
      {confirming && (
        <CancelLessonDialog lesson={lesson} user={user} onClose={() => setConfirming(false)} />
      )}
      {moving && <RescheduleDialog lesson={lesson} user={user} open onOpenChange={setMoving} />}
    </li>
  );
}
