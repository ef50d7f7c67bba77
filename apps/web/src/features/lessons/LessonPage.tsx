import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '@talaqa/api-client';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  EmptyState,
  ErrorState,
  PageTitle,
  Skeleton,
  buttonClasses,
  formatNumber,
} from '@talaqa/ui';
import {
  LessonCanceledBy,
  Role,
  SESSION_OPENS_BEFORE_MINUTES,
  formatCairoDateTime,
  formatCairoTime,
  isLessonChangeable,
  isSessionOpen,
  sessionWindow,
} from '@talaqa/domain';
import type { LessonView, User } from '@talaqa/domain';
import { paths } from '../../paths';
import { useCurrentUser } from '../../lib/session';
import { hoursText, minutesText } from '../../lib/format';
import { LessonCall, useSessionView } from '../session/LessonCall';
import type { JoinedCall } from '../session/LessonCall';
import { DeviceClockWarning, ReadyScreen } from '../session/ReadyScreen';
import { lessonCalendarFile } from './calendar-file';
import { CancelLessonDialog, RescheduleDialog, cancelPolicyText, cancelableOf } from './LessonItem';
import { useLesson, useLessonEvents } from './queries';
import { lessonBadge } from './status-badge';

/** The clock, ticking every second (the countdown, and the room opening by itself). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const two = (value: number) => formatNumber(value).padStart(2, '٠');

/** "ساعتان و٥ دقائق" an hour or more ahead, then a minutes:seconds clock ("٠٩:٤٥"). */
/**
 * An admin canceled the lesson for one of its members (decision 344): the members learn that and
 * for whom, never the reason the admin wrote.
 */
export function adminCancelText(lesson: LessonView, isTutor: boolean): string {
  const mine =
    (lesson.canceledBy === LessonCanceledBy.Tutor && isTutor) ||
    (lesson.canceledBy === LessonCanceledBy.Student && !isTutor);
  if (mine) return 'ألغته إدارة طلاقة بطلبك.';
  if (lesson.canceledBy === LessonCanceledBy.Tutor) return 'ألغته إدارة طلاقة بطلب المعلم.';
  if (lesson.canceledBy === LessonCanceledBy.Student) return 'ألغته إدارة طلاقة بطلب الطالب.';
  return 'ألغته إدارة طلاقة.';
}

export function countdownText(ms: number): string {
  if (ms >= 3_600_000) return hoursText(Math.ceil(ms / 60_000));
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
}

/** An .ics file of the lesson, as a download link (the address is let go with the page). */
function CalendarLink({ lesson, otherName }: { lesson: LessonView; otherName: string }) {
  const href = useMemo(() => {
    const text = lessonCalendarFile(lesson, otherName, window.location.origin, new Date());
    return URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  }, [lesson, otherName]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <a
      href={href}
      download={`talaqa-lesson-${lesson.id}.ics`}
      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
    >
      إضافة إلى التقويم
    </a>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

/**
 * The room's door once it is open: the ready screen, whose join waits for the room (members,
 * chat) to be read.
 */
function RoomEntry({ lesson, onJoin }: { lesson: LessonView; onJoin: (call: JoinedCall) => void }) {
  const session = useSessionView(lesson.id, true);
  const note = session.isPending
    ? 'جارٍ تجهيز غرفة الدرس…'
    : session.isError
      ? 'تعذّر تجهيز غرفة الدرس. أعد تحميل الصفحة وحاول مرة أخرى.'
      : !session.data.open
        ? 'لم تُفتح الغرفة بعد بحسب ساعة الخادم؛ تأكد من ضبط ساعة جهازك.'
        : undefined;
  return (
    <ReadyScreen
      checkClock={false}
      joinUnavailable={note}
      onJoin={(stream, devices) => onJoin({ stream, devices })}
    />
  );
}

function LessonDetails({
  lesson,
  user,
  now,
  onJoin,
}: {
  lesson: LessonView;
  user: User;
  now: Date;
  onJoin: (call: JoinedCall) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const isTutor = user.role === Role.Tutor;
  const other = isTutor ? lesson.student : lesson.tutor;
  const start = new Date(lesson.start);
  const room = sessionWindow({ start, duration: lesson.duration });
  const canceled = lesson.canceledBy !== null;
  const open = isSessionOpen({ start, duration: lesson.duration, status: lesson.status }, now);
  const beforeStart = now.getTime() < start.getTime();
  const ended = now.getTime() >= room.closesAt.getTime();
  const status = lessonBadge(lesson.status, start, now);
  const cancelable = !canceled && beforeStart;
  const movable = !isTutor && !canceled && isLessonChangeable(cancelableOf(lesson), now);

  return (
    <div className="flex flex-col gap-6">
      <article
        aria-labelledby="lesson-title"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex items-center gap-3">
            <Avatar name={other.name} />
            <h2 id="lesson-title" className="text-lg font-bold text-ink">
              {isTutor ? 'مع الطالب' : 'مع المعلم'} {other.name}
            </h2>
          </div>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Fact term="الموعد (بتوقيت القاهرة)">
            <time dateTime={lesson.start}>{formatCairoDateTime(start)}</time>
          </Fact>
          <Fact term="المدة">
            {minutesText(lesson.duration)} (حتى {formatCairoTime(room.closesAt)})
          </Fact>
          {!canceled && beforeStart && (
            <Fact term="يبدأ بعد">
              <span role="timer" aria-live="off">
                {countdownText(start.getTime() - now.getTime())}
              </span>
            </Fact>
          )}
        </dl>
        {cancelable && (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-ink">
            <span className="font-semibold">سياسة الإلغاء: </span>
            {cancelPolicyText(lesson, user.role, now)}
          </p>
        )}
        {!canceled && !ended && (
          <div className="flex flex-wrap gap-3">
            <CalendarLink lesson={lesson} otherName={other.name} />
            {movable && (
              <Button variant="secondary" size="sm" onClick={() => setMoving(true)}>
                تغيير الموعد
              </Button>
            )}
            {cancelable && (
              <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
                إلغاء الدرس
              </Button>
            )}
          </div>
        )}
      </article>

      {open ? (
        <RoomEntry lesson={lesson} onJoin={onJoin} />
      ) : canceled ? (
        <Alert tone="info" title="أُلغي هذا الدرس">
          {lesson.canceledByAdmin && `${adminCancelText(lesson, isTutor)} `}
          لا تُفتح غرفة درس ملغى.{' '}
          {!isTutor && (
            <Link to={paths.tutors} className="font-semibold underline">
              احجز درسًا آخر
            </Link>
          )}
        </Alert>
      ) : ended ? (
        <Alert tone="info" title="انتهى هذا الدرس">
          انتهى وقت الدرس وأُغلقت غرفته.
        </Alert>
      ) : (
        <section
          aria-labelledby="room-title"
          className="flex flex-col gap-3 rounded-2xl border border-dashed border-brand-300 bg-brand-50 p-4"
        >
          <h2 id="room-title" className="text-lg font-bold text-brand-900">
            غرفة الدرس
          </h2>
          <p className="text-brand-900">
            تُفتح الغرفة قبل الموعد بـ{formatNumber(SESSION_OPENS_BEFORE_MINUTES)} دقائق، في{' '}
            {formatCairoTime(room.opensAt)}، وتبقى مفتوحة حتى نهاية الدرس. ستظهر هنا وحدها دون إعادة
            تحميل الصفحة.
          </p>
          <div>
            <Link
              to={paths.session}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              افحص الكاميرا والميكروفون الآن
            </Link>
          </div>
        </section>
      )}

      {confirming && (
        <CancelLessonDialog lesson={lesson} user={user} onClose={() => setConfirming(false)} />
      )}
      {moving && <RescheduleDialog lesson={lesson} user={user} open onOpenChange={setMoving} />}
    </div>
  );
}

/** /lesson/{id}: the lesson's details, its actions, and its room once the room opens. */
export default function LessonPage() {
  const user = useCurrentUser();
  const { id: idText } = useParams();
  const id = Number(idText);
  const valid = Number.isSafeInteger(id) && id > 0;
  const lesson = useLesson(id, valid);
  const now = useNow();
  useLessonEvents();
  const [joined, setJoined] = useState<JoinedCall | null>(null);
  const session = useSessionView(id, valid && joined !== null);

  const notFound =
    !valid ||
    (lesson.isError && isApiError(lesson.error) && lesson.error.code === 'lesson-not-found');

  if (joined && session.data) {
    return (
      <LessonCall
        session={session.data}
        user={user}
        joined={joined}
        onExit={() => {
          setJoined(null);
          void lesson.refetch();
        }}
      />
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="الدرس" />
      <DeviceClockWarning />
      {notFound ? (
        <EmptyState
          title="لم نجد هذا الدرس"
          description="ربما أُدخل الرابط خطأً، أو أن الدرس ليس من دروسك."
          action={
            <Link to={paths.upcomingLessons} className={buttonClasses()}>
              الدروس القادمة
            </Link>
          }
        />
      ) : lesson.isPending ? (
        <div role="status" aria-label="جارٍ تحميل الدرس" className="flex flex-col gap-3">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : lesson.isError ? (
        <ErrorState
          error={lesson.error}
          title="تعذّر تحميل الدرس"
          onRetry={() => void lesson.refetch()}
          retrying={lesson.isFetching}
        />
      ) : (
        <LessonDetails lesson={lesson.data} user={user} now={now} onJoin={setJoined} />
      )}
    </section>
  );
}
