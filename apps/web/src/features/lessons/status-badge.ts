import { LessonStatus } from '@talaqa/domain';
import type { BadgeTone } from '@talaqa/ui';

const STATUS: Record<LessonStatus, { label: string; tone: BadgeTone }> = {
  [LessonStatus.Pending]: { label: 'قادم', tone: 'brand' },
  [LessonStatus.Happening]: { label: 'يجري الآن', tone: 'success' },
  [LessonStatus.Fulfilled]: { label: 'انتهى', tone: 'neutral' },
  [LessonStatus.Cancelled]: { label: 'ملغى', tone: 'danger' },
};

/**
 * A lesson's badge: its stored status (docs/decisions/287-attendance-and-lesson-status.md). A
 * lesson whose start has passed while nobody has joined stays pending until its jobs run (the
 * tutor's no-show at +10 minutes, the close at the end): it is no longer "upcoming" but due.
 */
export function lessonBadge(
  status: LessonStatus,
  start: Date,
  now: Date,
): { label: string; tone: BadgeTone } {
  if (status === LessonStatus.Pending && now.getTime() >= start.getTime()) {
    return { label: 'حان موعده', tone: 'warning' };
  }
  return STATUS[status];
}
