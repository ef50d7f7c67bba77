import { formatInCairo } from '@talaqa/domain';

/** "٢٧ أبريل ٢٠٢٤": a date in Cairo, for ar-EG readers; an empty string for a bad value. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatInCairo(date, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** "٢٧ أبريل ٢٠٢٤، ٩:٠٠ م": a date and time in Cairo. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatInCairo(date, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
