import type { LessonStatus } from '@talaqa/domain';

/** A lesson's status as the admin reads it. */
export const LESSON_STATUS_NAMES_AR: Record<LessonStatus, string> = {
  pending: 'قادم',
  happening: 'جارٍ الآن',
  fulfilled: 'مكتمل',
  cancelled: 'ملغى',
};
