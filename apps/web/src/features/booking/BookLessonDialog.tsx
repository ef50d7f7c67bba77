import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Dialog,
  EmptyState,
  ErrorState,
  RadioGroup,
  messageForError,
  useToast,
} from '@talaqa/ui';
import {
  LESSON_DURATIONS,
  formatCairoDate,
  formatCairoDateTime,
  formatCairoTime,
  freeCancelUntil,
  isLessonDuration,
} from '@talaqa/domain';
import type { LessonView, SessionSlotLength, User } from '@talaqa/domain';
import { paths } from '../../paths';
import { settingsPathFor } from '../../lib/destinations';
import { minutesText } from '../../lib/format';
import { CalendarLink } from '../lessons/CalendarLink';
import { useCurrentSubscription } from '../payments/queries';
import { NextWeek } from './NextWeek';
import { BookingConfirmation, FreeTimesLoading } from './BookingSteps';
import { TimeChips } from './TimeChips';
import {
  bookableDays,
  bookingContextOf,
  dayKeyOf,
  freeTimesByDuration,
  serverNowOf,
  studentBlock,
} from './booking';
import type { StudentBlock } from './booking';
import { useBookLesson, useHasUpcomingLesson, useTutorWeek } from './queries';

export interface BookLessonDialogProps {
  tutor: { id: number; name: string };
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The book-lesson dialog: day, duration, time and confirmation, offering only free times. */
export function BookLessonDialog({ tutor, user, open, onOpenChange }: BookLessonDialogProps) {
  return (
    <Dialog
      title={`احجز درسًا مع ${tutor.name}`}
      description="المواعيد بتوقيت القاهرة، ومتاحة للحجز خلال الأسبوع الحالي فقط."
      open={open}
      onOpenChange={onOpenChange}
    >
      {open && <BookingFlow tutor={tutor} user={user} />}
    </Dialog>
  );
}

function BlockReason({ block, user }: { block: StudentBlock; user: User }) {
  const link = (to: string, text: string) => (
    <Link to={to} className="font-semibold underline">
      {text}
    </Link>
  );
  const reasons: Record<StudentBlock, ReactNode> = {
    'tutor-listed': <>هذا المعلم غير متاح للحجز حاليًا.</>,
    'verified-email': (
      <>
        يجب تأكيد بريدك الإلكتروني قبل حجز الدروس.{' '}
        {link(settingsPathFor(user), 'أكّد بريدك من الإعدادات')}.
      </>
    ),
    subscription: <>تحتاج إلى اشتراك فعّال لحجز الدروس. {link(paths.plans, 'اختر باقة تناسبك')}.</>,
    'enough-minutes': (
      <>
        لم يتبقَّ في اشتراكك دقائق كافية هذا الأسبوع لحجز درس (أقصر درس ١٥ دقيقة). تتجدد دقائقك مع
        بداية الأسبوع القادم.
      </>
    ),
    'one-upcoming-lesson': (
      <>
        لديك درس قادم بالفعل، ويمكنك حجز درس جديد بعد انتهائه.{' '}
        {link(paths.upcomingLessons, 'عرض دروسي القادمة')}.
      </>
    ),
  };
  return (
    <Alert tone="warning" role="alert">
      {reasons[block]}
    </Alert>
  );
}

function BookingFlow({ tutor, user }: { tutor: { id: number; name: string }; user: User }) {
  const toast = useToast();
  const week = useTutorWeek(tutor.id);
  const subscription = useCurrentSubscription();
  const upcoming = useHasUpcomingLesson();
  const book = useBookLesson();
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [duration, setDuration] = useState<SessionSlotLength | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [booked, setBooked] = useState<LessonView | null>(null);

  const ready = week.data && subscription.data !== undefined && upcoming.data !== undefined;
  const now = serverNowOf(
    week.data?.clockOffset ?? 0,
    subscription.data ? [subscription.data.startsAt] : [],
  );
  const context = ready
    ? bookingContextOf({
        week: week.data.week,
        subscription: subscription.data ?? null,
        hasUpcomingLesson: upcoming.data ?? false,
        user,
        now,
      })
    : null;
  const times = context ? freeTimesByDuration(context) : null;
  const days = times ? bookableDays(times) : [];
  const dayTimes =
    times && duration && dayKey ? times[duration].filter((time) => dayKeyOf(time) === dayKey) : [];
  const startStillFree = !start || dayTimes.some((time) => time.toISOString() === start);

  // A refresh (after a refusal) may take the chosen time away: choose again.
  useEffect(() => {
    if (!startStillFree) {
      setStart(null);
      setConfirming(false);
    }
  }, [startStillFree]);

  if (booked) {
    const bookedStart = new Date(booked.start);
    return (
      <section aria-label="تم الحجز" className="flex flex-col gap-4">
        <Alert tone="success">تم حجز درسك مع {tutor.name}.</Alert>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-semibold">التاريخ</dt>
          <dd data-testid="booked-date">{formatCairoDate(bookedStart)}</dd>
          <dt className="font-semibold">الوقت</dt>
          <dd data-testid="booked-time">{formatCairoTime(bookedStart)} (بتوقيت القاهرة)</dd>
          <dt className="font-semibold">المدة</dt>
          <dd>{minutesText(booked.duration)}</dd>
        </dl>
        <div className="flex flex-wrap items-center gap-3">
          <CalendarLink lesson={booked} otherName={tutor.name} />
          <Link to={paths.upcomingLessons} className="font-semibold text-brand-700 underline">
            عرض دروسي القادمة
          </Link>
        </div>
      </section>
    );
  }
  if (week.isError || subscription.isError || upcoming.isError) {
    const error = week.error ?? subscription.error ?? upcoming.error;
    return (
      <ErrorState
        title="تعذّر تحميل المواعيد المتاحة"
        error={error}
        onRetry={() => {
          void week.refetch();
          void subscription.refetch();
          void upcoming.refetch();
        }}
      />
    );
  }
  if (!context || !times) {
    return <FreeTimesLoading />;
  }

  const block = studentBlock(context);
  if (block) return <BlockReason block={block} user={user} />;

  const chosenDay = days.find((day) => day.key === dayKey) ?? null;
  const remaining = context.student.subscription?.remainingMinutes ?? 0;
  const errorAlert = serverError && (
    <Alert tone="error" role="alert">
      {serverError}
    </Alert>
  );

  if (days.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        {errorAlert}
        <EmptyState
          title="لا توجد مواعيد متاحة هذا الأسبوع"
          description="لم يتبقَّ لدى هذا المعلم وقت متاح للحجز في ما تبقّى من الأسبوع الحالي. جرّب معلمًا آخر أو عُد مع بداية الأسبوع القادم."
        />
        {week.data && <NextWeek week={week.data.week} />}
      </div>
    );
  }

  if (confirming && start && duration) {
    const startDate = new Date(start);
    const cancelUntil = freeCancelUntil({ start: startDate, duration, bookedAt: now });
    const submit = () => {
      setServerError(null);
      book.mutate(
        { tutorId: tutor.id, start, duration },
        {
          onSuccess: (lesson) => {
            toast.success('تم حجز الدرس بنجاح');
            setBooked(lesson);
          },
          onError: (error) => {
            setServerError(messageForError(error));
            setConfirming(false);
            void week.refetch();
            void upcoming.refetch();
            void subscription.refetch();
          },
        },
      );
    };
    return (
      <BookingConfirmation
        details={
          <>
            <dt className="font-semibold">المعلم</dt>
            <dd>{tutor.name}</dd>
            <dt className="font-semibold">الموعد</dt>
            <dd data-testid="confirm-start">{formatCairoDateTime(startDate)} (بتوقيت القاهرة)</dd>
            <dt className="font-semibold">المدة</dt>
            <dd>{minutesText(duration)}</dd>
            <dt className="font-semibold">الدقائق المتبقية بعد الحجز</dt>
            <dd data-testid="minutes-left">{minutesText(Math.max(0, remaining - duration))}</dd>
          </>
        }
        policy={
          <>
            سياسة الإلغاء: يمكنك إلغاء الدرس واسترداد دقائقه حتى {formatCairoDateTime(cancelUntil)}،
            وبعد ذلك لا تُسترد الدقائق.
          </>
        }
        pending={book.isPending}
        onConfirm={submit}
        onBack={() => setConfirming(false)}
      />
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {errorAlert}
      <RadioGroup
        legend="١. اليوم"
        value={dayKey ?? ''}
        options={days.map((day) => ({ value: day.key, label: day.label }))}
        inputProps={{
          name: 'booking-day',
          onChange: (event) => {
            setDayKey(event.target.value);
            setStart(null);
          },
        }}
      />
      {chosenDay && (
        <RadioGroup
          legend="٢. مدة الدرس"
          inline
          value={duration ? String(duration) : ''}
          options={LESSON_DURATIONS.map((minutes) => ({
            value: String(minutes),
            label: minutesText(minutes),
            disabled: !times[minutes].some((time) => dayKeyOf(time) === chosenDay.key),
          }))}
          inputProps={{
            name: 'booking-duration',
            onChange: (event) => {
              const minutes = Number(event.target.value);
              if (isLessonDuration(minutes)) setDuration(minutes);
              setStart(null);
            },
          }}
        />
      )}
      {chosenDay && duration && dayTimes.length === 0 && (
        <p className="text-sm text-muted">لا توجد مواعيد بهذه المدة في هذا اليوم، اختر مدة أخرى.</p>
      )}
      {chosenDay && duration && dayTimes.length > 0 && (
        <TimeChips
          legend="٣. الوقت (بتوقيت القاهرة)"
          name="booking-time"
          times={dayTimes}
          value={start}
          onChange={setStart}
        />
      )}
      <Button
        disabled={!start || !duration}
        onClick={() => {
          setServerError(null);
          setConfirming(true);
        }}
      >
        متابعة
      </Button>
      {week.data && <NextWeek week={week.data.week} />}
    </div>
  );
}
