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

interface DayColumnProps {
  weekday: Weekday;
  length: SessionSlotLength;
  /** The day's slots. */
  daySlots: WeeklySlot[];
  busyWall: { from: number; to: number }[];
  /** The day shown on a phone (the others show from the small breakpoint up). */
  visible: boolean;
  onToggle: (weekday: Weekday, minute: number) => void;
}

/** One day of the calendar: a button per row; re-rendered only when its own slots change. */
const DayColumn = memo(
  function DayColumn({ weekday, length, daySlots, busyWall, visible, onToggle }: DayColumnProps) {
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
              aria-label={`${cellLabel(weekday, minute)}${busy ? '، درس محجوز' : ''}`}
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
              {busy ? 'درس محجوز' : pressed ? 'متاح' : ''}
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
    before.visible === after.visible &&
    before.onToggle === after.onToggle &&
    JSON.stringify(before.daySlots) === JSON.stringify(after.daySlots),
);

/** The calendar of one week: toggling slots, the booked lessons on it, saving the whole week. */
function WeekEditor({ week }: { week: AvailabilityWeek }) {
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
          ? {
              title: 'لم يُحفظ الجدول: هناك دروس محجوزة خارج المواعيد الجديدة',
              text: 'أعد المواعيد التي تغطي الدروس المحجوزة (تظهر على الجدول باسم "درس محجوز")، أو ألغِ هذه الدروس من صفحة الدروس القادمة، ثم احفظ مرة أخرى.',
            }
          : { title: 'تعذّر حفظ الجدول', text: messageForError(error) },
      );
    },
  });

  const upcoming = useMemo(() => {
    const now = new Date(week.now);
    return week.busy
      .filter((busy) => busy.lessonId !== undefined && new Date(busy.end) > now)
      .map(timeRangeOf);
  }, [week]);
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
          title: 'لم يُحفظ الجدول: هناك دروس محجوزة خارج المواعيد الجديدة',
          text: `الدروس المحجوزة في: ${lessons.join('، ')}. أعد المواعيد التي تغطيها أو ألغِ هذه الدروس أولًا.`,
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

/** /schedule-management: the tutor's weekly schedule (Saturday first, Cairo time). */
export default function ScheduleManagementPage() {
  const user = useCurrentUser();
  const isTutor = user.role === Role.Tutor;
  const week = useQuery({
    queryKey: scheduleKeys.own,
    queryFn: ({ signal }) => scheduleApi.week({}, signal),
    enabled: isTutor,
    refetchOnWindowFocus: false,
  });

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="إدارة المواعيد">
        <p>المواعيد المتاحة للحجز في جدولك الأسبوعي كمعلم.</p>
      </PageTitle>
      {!isTutor ? (
        <EmptyState
          title="هذه الصفحة للمعلمين"
          description="يحدد المعلمون هنا مواعيدهم المتاحة للحجز كل أسبوع."
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
              لم تحدد أي موعد بعد، فلا يستطيع الطلاب حجز دروس معك. اختر المواعيد المناسبة ثم احفظ.
            </Alert>
          )}
          <WeekEditor week={week.data} />
        </>
      )}
    </section>
  );
}
