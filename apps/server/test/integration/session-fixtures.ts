import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { Role } from '@talaqa/domain';
import type { LessonView } from '@talaqa/domain';
import { LESSON_CLOSE_JOB, LESSON_NO_SHOW_JOB } from '../../src/modules/lessons';
import { call } from './api';
import type { Caller } from './api';
import type { TestServer } from './helpers';
import { chatSocket } from './chat-fixtures';
import { cairo, insertPlan, insertStudent, insertTutor, insertUser, NOW } from './lessons-fixtures';

/**
 * The lesson room's fixtures (issue 19): a lesson booked through the API on Wednesday 9 January
 * 2030 at 12:00 Cairo (30 minutes), its room open from 11:50 to 12:30, and sockets.
 */

export const LESSON_START = cairo(9, '12:00');

/** An instant relative to the lesson's start, in minutes. */
export const atMinute = (minutes: number): Date =>
  new Date(LESSON_START.getTime() + minutes * 60_000);

export interface SessionAck {
  result: string;
  code?: string;
  session?: { sessionId: number; present: number[]; opensAt: string; closesAt: string };
  peers?: { userId: number; peerId: string }[];
}

export const sessionAck = (socket: Socket, event: string, payload: unknown): Promise<SessionAck> =>
  socket.timeout(5000).emitWithAck(event, payload) as Promise<SessionAck>;

export const sessionSocket = chatSocket;

export interface Booked {
  student: Caller;
  tutor: Caller;
  stranger: Caller;
  lesson: LessonView;
}

/** A lesson booked by a new student with a new tutor at `LESSON_START`, the clock at `NOW`. */
export async function bookedLesson(server: TestServer, planId: number): Promise<Booked> {
  const tutor = await insertTutor(server);
  const student = await insertStudent(server, { planId });
  const stranger = await insertUser(server, Role.Student);
  const previous = server.app.clock.now;
  server.app.clock.now = () => NOW;
  try {
    const answer = await call<LessonView>(server, 'POST', '/lesson', student, {
      tutorId: tutor.id,
      start: LESSON_START.toISOString(),
      duration: 30,
    });
    if (answer.status !== 201) throw new Error(`not booked: ${JSON.stringify(answer.body)}`);
    return { student, tutor, stranger, lesson: answer.body };
  } finally {
    server.app.clock.now = previous;
  }
}

export { insertPlan };

/** The attendance jobs due by `instant` (on the app's clock) run now, on the runner. */
export async function runAttendanceJobsDue(server: TestServer, instant: Date): Promise<void> {
  await server.app.database.db.execute(sql`update jobs set run_at = now()
    where kind in (${LESSON_NO_SHOW_JOB}, ${LESSON_CLOSE_JOB})
      and done_at is null and canceled_at is null
      and run_at <= ${instant.toISOString()}::timestamptz`);
  await server.app.jobs.runDue();
}
