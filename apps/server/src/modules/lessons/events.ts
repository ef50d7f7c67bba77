import { ServerEvent } from '@talaqa/domain';
import type { LessonRealtimePayloads, LessonView } from '@talaqa/domain';
import { userRoom } from '../../realtime';
import type { RealtimeServer } from '../../realtime';

type LessonEvent = 'LessonBooked' | 'LessonRebooked' | 'LessonCanceled';

/**
 * Tells both sides of a lesson (every open tab of its student and its tutor, on any instance
 * through the adapter). Called after the transaction commits.
 */
export function emitLessonEvent<E extends LessonEvent>(
  io: RealtimeServer,
  event: E,
  lesson: LessonView,
  payload: LessonRealtimePayloads[E],
): void {
  io.to([userRoom(lesson.members.studentId), userRoom(lesson.members.tutorId)]).emit(
    ServerEvent[event],
    payload,
  );
}
