import type { LessonMembers } from '@talaqa/domain';
import { userRoom } from '../../realtime';

/**
 * The rooms of both sides of a lesson: every open tab of its student and its tutor, on any
 * instance through the adapter. Lesson events go there after the transaction commits, typed and
 * checked by the realtime contract (`app.io.to(lessonRooms(...)).emit('LessonBooked', ...)`).
 */
export const lessonRooms = (members: LessonMembers): string[] => [
  userRoom(members.studentId),
  userRoom(members.tutorId),
];
