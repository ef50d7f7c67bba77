import { cairoParts, fromCairoLocal } from '@talaqa/domain';

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

/** "2026-03-01T18:30": the Cairo wall-clock time of `iso`, as a datetime-local control holds it. */
export function cairoLocalInputOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = cairoParts(date);
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * The instant a datetime-local value means when read on a Cairo clock, or null when it is no
 * real date and time (30 February, 25:00). A time skipped by the spring clock change moves
 * forward, as the domain's Cairo helpers do.
 */
export function instantOfCairoLocal(text: string): Date | null {
  const match = LOCAL_INPUT.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const instant = fromCairoLocal({ year, month, day, hour, minute });
  const parts = cairoParts(instant);
  if (parts.year !== year || parts.month !== month || parts.day !== day) return null;
  return instant;
}
