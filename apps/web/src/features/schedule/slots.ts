/**
 * The weekly calendar's arithmetic: wall-clock minutes of a Cairo week (Saturday 00:00 is 0), the
 * Arabic labels of days and times, and the busy ranges of the shown week placed on the grid.
 */
import { SessionSlotLength, WEEKDAYS_FROM_SATURDAY, cairoParts } from '@talaqa/domain';
import type { BusyRange, Weekday, WeeklySlot } from '@talaqa/domain';

export const DAY_MINUTES = 24 * 60;

/** Arabic day names by the spec's weekday number (Sunday 0 to Saturday 6). */
export const WEEKDAY_NAMES_AR: Record<Weekday, string> = {
  0: 'الأحد',
  1: 'الاثنين',
  2: 'الثلاثاء',
  3: 'الأربعاء',
  4: 'الخميس',
  5: 'الجمعة',
  6: 'السبت',
};

const timeFormat = new Intl.DateTimeFormat('ar-EG', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** "٦:٠٠ م" for a minute of the day (0 to 1439). */
export const dayMinuteLabel = (minute: number): string =>
  timeFormat.format(new Date(Date.UTC(2024, 0, 1, Math.floor(minute / 60), minute % 60)));

/** "السبت ٦:٠٠ م": a cell's accessible name. */
export const cellLabel = (weekday: Weekday, minute: number): string =>
  `${WEEKDAY_NAMES_AR[weekday]} ${dayMinuteLabel(minute)}`;

/** `HH:MM` of a minute of the day. */
export const hhmm = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export const minuteOfStart = (start: string): number => {
  const [hour, minute] = start.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
};

/** The rows of one day for a slot length: 00:00, 00:15, ... (or every 30 minutes). */
export const dayRows = (length: SessionSlotLength): number[] =>
  Array.from({ length: DAY_MINUTES / length }, (_, index) => index * length);

/** Minutes from Saturday 00:00 of a slot's start. */
export const weekMinuteOf = (weekday: Weekday, minute: number): number =>
  WEEKDAYS_FROM_SATURDAY.indexOf(weekday) * DAY_MINUTES + minute;

/** A busy range as wall-clock minutes of its Cairo week [from, to). */
export function busyWallMinutes(busy: BusyRange): { from: number; to: number } {
  const start = new Date(busy.start);
  const parts = cairoParts(start);
  const from = weekMinuteOf(parts.weekday, parts.hour * 60 + parts.minute);
  const minutes = Math.round((new Date(busy.end).getTime() - start.getTime()) / 60_000);
  return { from, to: from + minutes };
}

/** Slots in week order (Saturday first, then by start), as the server keeps them. */
export const sortSlots = (slots: readonly WeeklySlot[]): WeeklySlot[] =>
  [...slots].sort(
    (a, b) =>
      weekMinuteOf(a.weekday, minuteOfStart(a.start)) -
      weekMinuteOf(b.weekday, minuteOfStart(b.start)),
  );

/** "السبت ٦:٠٠ م (٣٠ دقيقة)": a slot named in a message. */
export const slotText = (slot: WeeklySlot): string =>
  `${cellLabel(slot.weekday, minuteOfStart(slot.start))} (${slot.length === SessionSlotLength.Long ? '٣٠' : '١٥'} دقيقة)`;
