import { useEffect, useState } from 'react';
import { cx } from '@talaqa/ui';
import { ENDING_SOON_MS, remainingText } from './room-text';

/** The clock, ticking every second; `fixed` (tests, or a parent's own clock) stops it. */
export function useRoomClock(fixed: Date | undefined): Date {
  const [ticking, setTicking] = useState(() => new Date());
  useEffect(() => {
    if (fixed) return undefined;
    const timer = setInterval(() => setTicking(new Date()), 1000);
    return () => clearInterval(timer);
  }, [fixed]);
  return fixed ?? ticking;
}

/**
 * Time left to the session's end (`word`: the lesson, the interview...), minutes and seconds. Screen readers read it when they reach it,
 * not every second (the five-minute notice is announced by the room's status line).
 */
export function RoomTimer({ end, now, word = 'الدرس' }: { end: Date; now: Date; word?: string }) {
  const left = end.getTime() - now.getTime();
  return (
    <p className="flex items-center gap-1 text-sm">
      <span className="max-sm:sr-only">الوقت المتبقي</span>
      <span
        role="timer"
        aria-live="off"
        aria-label={`الوقت المتبقي على نهاية ${word}`}
        className={cx(
          'rounded-md px-2 py-0.5 font-bold tabular-nums',
          left <= ENDING_SOON_MS ? 'bg-amber-400 text-ink' : 'bg-white/10 text-white',
        )}
      >
        {remainingText(left)}
      </span>
    </p>
  );
}
