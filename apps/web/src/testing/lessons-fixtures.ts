// Lessons for the main app's DOM tests (never imported by app code), as the API answers them.
import { LessonStatus } from '@talaqa/domain';
import type { LessonView } from '@talaqa/domain';

/** Monday 24 March 2025, 10:00 Cairo, 30 minutes, between tutor 3 and student 7. */
export function makeLesson(overrides: Partial<LessonView> = {}): LessonView {
  const start = overrides.start ?? '2025-03-24T08:00:00.000Z';
  const duration = overrides.duration ?? 30;
  const members = overrides.members ?? { tutorId: 3, studentId: 7 };
  return {
    id: 11,
    members,
    price: 0,
    duration,
    start,
    end: new Date(new Date(start).getTime() + duration * 60_000).toISOString(),
    status: LessonStatus.Pending,
    canceledBy: null,
    tutor: { id: members.tutorId, name: 'أحمد علي', image: null },
    student: { id: members.studentId, name: 'سارة أحمد', image: null },
    bookedAt: '2025-03-22T08:00:00.000Z',
    canceledAt: null,
    freeCancelUntil: new Date(new Date(start).getTime() - 2 * 3_600_000).toISOString(),
    attended: { tutor: false, student: false },
    canceledByAdmin: false,
    adminCancel: null,
    ...overrides,
  };
}
