import { formatCairoDateTime, formatCairoTime } from '@talaqa/domain';
import type { AvailabilityWeek } from '@talaqa/domain';
import { nextWeekDays } from './booking';

/**
 * Next week's usual hours, read-only, and when booking opens for them: the spec keeps booking
 * inside the current week, so a student who finds this week full still sees when to come back.
 */
export function NextWeek({ week }: { week: Pick<AvailabilityWeek, 'template' | 'weekEnd'> }) {
  const days = nextWeekDays(week);
  if (days.length === 0) return null;
  return (
    <section
      aria-labelledby="next-week-title"
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="next-week-title" className="text-base font-bold text-ink">
        مواعيد الأسبوع القادم (للعرض فقط)
      </h3>
      <p className="text-sm text-muted" data-testid="booking-opens">
        يُفتح الحجز لهذه المواعيد {formatCairoDateTime(new Date(week.weekEnd))} بتوقيت القاهرة.
      </p>
      <ul className="flex flex-col gap-1 text-sm text-ink">
        {days.map((day) => (
          <li key={day.key} className="flex flex-wrap gap-x-2">
            <span className="font-semibold">{day.label}:</span>
            <span>
              {day.ranges
                .map((range) => `${formatCairoTime(range.start)} – ${formatCairoTime(range.end)}`)
                .join('، ')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
