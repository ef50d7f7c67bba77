import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageTitle,
  SegmentedControl,
  SkeletonRows,
  cx,
  messageForError,
  useToast,
} from '@talaqa/ui';
import {
  Role,
  SessionSlotLength,
  WEEKDAYS_FROM_SATURDAY,
  checkScheduleChange,
  formatCairoDateTime,
  timeRangeOf,
} from '@talaqa/domain';
import type { AvailabilityWeek, Weekday, WeeklySlot } from '@talaqa/domain';
import { scheduleApi } from '../../api';
import { useCurrentUser } from '../../lib/session';
import {
  WEEKDAY_NAMES_AR,
  busyWallMinutes,
  cellLabel,
  dayMinuteLabel,
  dayRows,
  hhmm,
  minuteOfStart,
  slotText,
  sortSlots,
  weekMinuteOf,
} from './slots';
import { useMediaQuery } from '../../lib/media-query';

export const scheduleKeys = {
  own: ['availability-slot', 'own'] as const,
};

/** Tailwind's `sm`: from here the grid shows the whole week, below it one day. */
const SMALL_SCREEN_UP = '(min-width: 40rem)';
/** The grid's `p-2`. */
const GRID_PADDING_PX = 8;

const LENGTH_OPTIONS = [
  { value: '15', label: '١٥ دقيقة' },
  { value: '30', label: '٣٠ دقيقة' },
] as const;
type LengthValue = (typeof LENGTH_OPTIONS)[number]['value'];

const sameSlots = (a: readonly WeeklySlot[], b: readonly WeeklySlot[]): boolean =>
  JSON.stringify(sortSlots(a)) === JSON.stringify(sortSlots(b));

const isConflict = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'conflicting-schedule';

interface Problem {
  title: string;
  text: string;
}

/**
 * The page's words for whose schedule it is. A tutor's slots are the times students book lessons
 * in; a tutor manager's are the times new tutors book interviews and demo sessions in (record
 * 314: their free times come from this same weekly schedule), so "lesson" would mislead them.
 */
interface ScheduleWords {
  intro: string;
  /** A booked time on the calendar. */
  busy: string;
  conflictTitle: string;
  conflictFix: string;
  /** Before the list of booked times the new schedule leaves out. */
  outsideList: string;
  outsideFix: string;
  emptyText: string;
}

const TUTOR_WORDS: ScheduleWords = {
  intro: 'المواعيد المتاحة للحجز في جدولك الأسبوعي كمعلم.',
  busy: 'درس محجوز',
  conflictTitle: 'لم يُحفظ الجدول: هناك دروس محجوزة خارج المواعيد الجديدة',
  conflictFix:
    'أعد المواعيد التي تغطي الدروس المحجوزة (تظهر على الجدول باسم "درس محجوز")، أو ألغِ هذه الدروس من صفحة الدروس القادمة، ثم احفظ مرة أخرى.',
  outsideList: 'الدروس المحجوزة في',
  outsideFix: 'أعد المواعيد التي تغطيها أو ألغِ هذه الدروس أولًا.',
  emptyText: 'لم تحدد أي موعد بعد، فلا يستطيع الطلاب حجز دروس معك. اختر المواعيد المناسبة ثم احفظ.',
};

const MANAGER_WORDS: ScheduleWords = {
  intro: 'المواعيد التي يستطيع المعلمون الجدد حجز المقابلات والجلسات التجريبية فيها معك كل أسبوع.',
  busy: 'موعد محجوز',
  conflictTitle: 'لم يُحفظ الجدول: هناك مقابلات أو جلسات تجريبية محجوزة خارج المواعيد الجديدة',
  conflictFix:
    'أعد المواعيد التي تغطي المواعيد المحجوزة (تظهر على الجدول باسم "موعد محجوز")، أو ألغِ هذه المواعيد من صفحة المقابلات، ثم احفظ مرة أخرى.',
  outsideList: 'المقابلات والجلسات المحجوزة في',
  outsideFix: 'أعد المواعيد التي تغطيها أو ألغِ هذه المواعيد من صفحة المقابلات أولًا.',
  emptyText:
    'لم تحدد أي موعد بعد، فلا يستطيع المعلمون حجز مقابلات أو جلسات تجريبية معك. اختر المواعيد المناسبة ثم احفظ.',
};

/** Who keeps a weekly schedule (record 314: managers' free times are computed from theirs). */
const SCHEDULE_OWNERS: readonly Role[] = [Role.Tutor, Role.TutorManager];

interface DayColumnProps {
  weekday: Weekday;
  length: SessionSlotLength;
  /** The day's slots. */
  daySlots: WeeklySlot[];
  busyWall: { from: number; to: number }[];
  /** What a booked time is called ("درس محجوز" or "موعد محجوز"). */
  busyLabel: string;
  /** The day shown on a phone (the others show from the small breakpoint up). */
  visible: boolean;
  onToggle: (weekday: Weekday, minute: number) => void;
}

/** One day of the calendar: a button per row; re-rendered only when its own slots change. */
const DayColumn = memo(
  function DayColumn({
    weekday,
    length,
    daySlots,
    busyWall,
    busyLabel,
    visible,
    onToggle,
  }: DayColumnProps) {
    const starts = new Map(daySlots.map((slot) => [minuteOfStart(slot.start), slot]));
    const coveredAt = (minute: number) =>
      daySlots.some((slot) => {
        const from = minuteOfStart(slot.start);
        return from < minute && minute < from + slot.length;
      });
    const busyAt = (minute: number) => {
      const from = weekMinuteOf(weekday, minute);
      return busyWall.some((busy) => busy.from < from + length && from < busy.to);
    };
    return (
      <div
        role="group"
        aria-label={WEEKDAY_NAMES_AR[weekday]}
        className={cx('flex-col gap-1', visible ? 'flex' : 'hidden sm:flex')}
      >
        <div className="flex h-8 items-center justify-center text-sm font-bold text-ink">
          {WEEKDAY_NAMES_AR[weekday]}
        </div>
        {dayRows(length).map((minute) => {
          const pressed = starts.has(minute);
          const covered = !pressed && coveredAt(minute);
          const busy = busyAt(minute);
          return (
            <button
              key={minute}
              type="button"
              aria-pressed={pressed}
              aria-label={`${cellLabel(weekday, minute)}${busy ? `، ${busyLabel}` : ''}`}
              onClick={() => onToggle(weekday, minute)}
              className={cx(
                'h-9 rounded-md border text-xs focus-visible:outline-2 focus-visible:outline-brand-600',
                pressed
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : covered
                    ? 'border-brand-200 bg-brand-100'
                    : 'border-slate-200 bg-slate-50 hover:bg-brand-50',
                busy && 'ring-2 ring-amber-500',
              )}
            >
              {busy ? busyLabel : pressed ? 'متاح' : ''}
            </button>
          );
        })}
      </div>
    );
  },
  (before, after) =>
    before.weekday === after.weekday &&
    before.length === after.length &&
    before.busyWall === after.busyWall &&
    before.busyLabel === after.busyLabel &&
    before.visible === after.visible &&
    before.onToggle === after.onToggle &&
    JSON.stringify(before.daySlots) === JSON.stringify(after.daySlots),
);

/** The calendar of one week: toggling slots, the booked times on it, saving the whole week. */
function WeekEditor({
  week,
  words,
  everyBusyIsOwn,
}: {
  week: AvailabilityWeek;
  words: ScheduleWords;
  /**
   * A manager's busy times are all their own meetings (the answer names only lessons by id), so
   * every one of them must stay inside the schedule; a tutor's are their lessons with an id.
   */
  everyBusyIsOwn: boolean;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [slots, setSlots] = useState<WeeklySlot[]>(() => sortSlots(week.template));
  const [saved, setSaved] = useState<WeeklySlot[]>(() => sortSlots(week.template));
  const [lengthValue, setLengthValue] = useState<LengthValue>('30');
  // On a phone the day shown first is the first day with a slot.
  const [day, setDay] = useState<Weekday>(
    () => sortSlots(week.template)[0]?.weekday ?? (WEEKDAYS_FROM_SATURDAY[0] as Weekday),
  );
  const [problem, setProblem] = useState<Problem | null>(null);
  const length: SessionSlotLength =
    lengthValue === '15' ? SessionSlotLength.Short : SessionSlotLength.Long;
  const dirty = !sameSlots(slots, saved);

  const save = useMutation({
    mutationFn: (body: WeeklySlot[]) => scheduleApi.save({ slots: body }),
    onSuccess: (answer) => {
      const next = sortSlots(answer.template);
      setSlots(next);
      setSaved(next);
      setProblem(null);
      queryClient.setQueryData(scheduleKeys.own, answer);
      toast.success('حُفظ جدولك الأسبوعي');
    },
    onError: (error) => {
      setProblem(
        isConflict(error)
          ? { title: words.conflictTitle, text: words.conflictFix }
          : { title: 'تعذّر حفظ الجدول', text: messageForError(error) },
      );
    },
  });

  const upcoming = useMemo(() => {
    const now = new Date(week.now);
    return week.busy
      .filter((busy) => (everyBusyIsOwn || busy.lessonId !== undefined) && new Date(busy.end) > now)
      .map(timeRangeOf);
  }, [week, everyBusyIsOwn]);
  const busyWall = useMemo(() => week.busy.map(busyWallMinutes), [week]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const toggle = useCallback(
    (weekday: Weekday, minute: number) => {
      setProblem(null);
      setSlots((current) => {
        const index = current.findIndex(
          (slot) => slot.weekday === weekday && minuteOfStart(slot.start) === minute,
        );
        if (index >= 0) return current.filter((_, at) => at !== index);
        return sortSlots([...current, { weekday, start: hhmm(minute), length }]);
      });
    },
    [length],
  );

  const submit = () => {
    const verdict = checkScheduleChange(slots, upcoming);
    if (!verdict.ok) {
      if (verdict.reason === 'overlapping-slots') {
        const [a, b] = verdict.slots.map((index) => slots[index] as WeeklySlot) as [
          WeeklySlot,
          WeeklySlot,
        ];
        setProblem({
          title: 'موعدان متداخلان في جدولك',
          text: `الموعد ${slotText(a)} يتداخل مع الموعد ${slotText(b)}. احذف أحدهما ثم احفظ.`,
        });
      } else {
        const lessons = verdict.lessons
          .map((index) => upcoming[index])
          .filter((range) => range !== undefined)
          .map((range) => formatCairoDateTime(range.start));
        setProblem({
          title: words.conflictTitle,
          text: `${words.outsideList}: ${lessons.join('، ')}. ${words.outsideFix}`,
        });
      }
      return;
    }
    save.mutate(slots);
  };

  const rows = dayRows(length);

  // The grid opens at the first slot, not at midnight: 48 rows a day put an evening tutor's
  // slots far below the fold of the 70vh box. Once, when it opens; later edits do not scroll.
  const grid = useRef<HTMLDivElement>(null);
  const wide = useMediaQuery(SMALL_SCREEN_UP);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !grid.current) return;
    opened.current = true;
    const shown = wide ? week.template : week.template.filter((slot) => slot.weekday === day);
    if (shown.length === 0) return;
    const first = Math.min(...shown.map((slot) => minuteOfStart(slot.start)));
    const row = Math.floor(first / length) * length;
    const label = grid.current.querySelector<HTMLElement>(`[data-minute="${row}"]`);
    // The label's offset is within the grid (`relative`); keep the grid's padding above it.
    if (label) grid.current.scrollTop = Math.max(0, label.offsetTop - GRID_PADDING_PX);
  }, [wide, day, length, week.template]);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SegmentedControl
          legend="مدة الموعد"
          options={LENGTH_OPTIONS}
          value={lengthValue}
          onChange={setLengthValue}
        />
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setSlots(saved);
              setProblem(null);
            }}
          >
            تراجع عن التغييرات
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
            حفظ الجدول
          </Button>
        </div>
      </div>
      {dirty && <p className="text-sm text-amber-800">لديك تغييرات لم تُحفظ بعد.</p>}
      {problem && (
        <Alert tone="error" role="alert" title={problem.title}>
          {problem.text}
        </Alert>
      )}
      <p className="text-sm text-muted">
        اضغط على الموعد لإضافته أو حذفه. الأسبوع يبدأ يوم السبت، والمواعيد بتوقيت القاهرة وتتكرر كل
        أسبوع. عدد المواعيد: {slots.length.toLocaleString('ar-EG')}.
      </p>

      <label className="flex flex-col gap-1 sm:hidden">
        <span className="text-sm font-semibold text-ink">اليوم</span>
        <select
          className="min-h-11 rounded-xl border border-slate-300 bg-white px-3"
          value={day}
          onChange={(event) => setDay(Number(event.target.value) as Weekday)}
        >
          {WEEKDAYS_FROM_SATURDAY.map((weekday) => (
            <option key={weekday} value={weekday}>
              {WEEKDAY_NAMES_AR[weekday]}
            </option>
          ))}
        </select>
      </label>

      <div
        role="group"
        aria-label="الجدول الأسبوعي"
        ref={grid}
        className="relative grid max-h-[70vh] grid-cols-[auto_1fr] gap-1 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-2 sm:grid-cols-[auto_repeat(7,minmax(0,1fr))]"
      >
        <div className="flex flex-col gap-1" aria-hidden="true">
          <div className="h-8" />
          {rows.map((minute) => (
            <div
              key={minute}
              data-minute={minute}
              className="flex h-9 items-center text-xs text-muted"
            >
              {dayMinuteLabel(minute)}
            </div>
          ))}
        </div>
        {WEEKDAYS_FROM_SATURDAY.map((weekday) => (
          <DayColumn
            key={weekday}
            weekday={weekday}
            length={length}
            daySlots={slots.filter((slot) => slot.weekday === weekday)}
            busyWall={busyWall}
            busyLabel={words.busy}
            visible={weekday === day}
            onToggle={toggle}
          />
        ))}
      </div>

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
        title="لديك تغييرات لم تُحفظ"
        description="إذا غادرت الآن فلن تُحفظ تعديلات جدولك الأسبوعي."
        confirmLabel="مغادرة دون حفظ"
        cancelLabel="البقاء في الصفحة"
        onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      />
    </div>
  );
}

/**
 * /schedule-management: the weekly schedule (Saturday first, Cairo time) of a tutor, or of a
 * tutor manager (the times tutors book interviews and demo sessions in).
 */
export default function ScheduleManagementPage() {
  const user = useCurrentUser();
  const isOwner = SCHEDULE_OWNERS.includes(user.role);
  const isManager = user.role === Role.TutorManager;
  const words = isManager ? MANAGER_WORDS : TUTOR_WORDS;
  const week = useQuery({
    queryKey: scheduleKeys.own,
    queryFn: ({ signal }) => scheduleApi.week({}, signal),
    enabled: isOwner,
    refetchOnWindowFocus: false,
  });

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="إدارة المواعيد">
        <p>{words.intro}</p>
      </PageTitle>
      {!isOwner ? (
        <EmptyState
          title="هذه الصفحة للمعلمين"
          description="يحدد المعلمون ومسؤولو المقابلات هنا مواعيدهم المتاحة للحجز كل أسبوع."
        />
      ) : week.isPending ? (
        <div role="status" aria-label="جارٍ تحميل جدولك">
          <SkeletonRows rows={6} rowClassName="h-9 w-full" />
        </div>
      ) : week.isError ? (
        <ErrorState
          title="تعذّر تحميل جدولك"
          error={week.error}
          onRetry={() => void week.refetch()}
          retrying={week.isFetching}
        />
      ) : (
        <>
          {week.data.template.length === 0 && (
            <Alert tone="info" title="جدولك فارغ">
              {words.emptyText}
            </Alert>
          )}
          <WeekEditor week={week.data} words={words} everyBusyIsOwn={isManager} />
        </>
      )}
    </section>
  );
}
