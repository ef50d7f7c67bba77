/**
 * A small world for the fuzz test to find things in: a plan, two listed tutors with a Wednesday
 * schedule, and two subscribed students with a lesson booked with each tutor and a chat room with
 * them, all at a fixed "now" (the lesson fixtures' Wednesday of January 2030). Valid requests name
 * small ids, so they meet these rows and the answers that carry data (a lesson, a tutor page, a
 * room's messages) are read by their
 * contracts' schemas too, not only the empty ones of fresh accounts.
 */
import { callApi } from '../integration/api';
import type { TestServer } from '../integration/helpers';
import {
  cairo,
  insertPlan,
  insertStudent,
  insertTutor,
  NOW,
} from '../integration/lessons-fixtures';

export interface World {
  /** The server's "now" from here on (its clock is set to it). */
  now: Date;
  /** A plan fresh students are subscribed to, so their bookings can succeed. */
  planId: number;
}

/** Builds the world on `server` and sets the server's clock to the world's "now". */
export async function buildWorld(server: TestServer): Promise<World> {
  server.app.clock.now = () => NOW;
  const planId = await insertPlan(server);
  const tutors = [await insertTutor(server), await insertTutor(server)];
  // One upcoming lesson per student (a booking rule): a student for each tutor.
  for (const [index, tutor] of tutors.entries()) {
    const student = await insertStudent(server, { planId });
    const start = cairo(9, `1${index + 1}:00`).toISOString();
    const answer = await callApi(server, 'POST', '/lesson', {
      token: student.token,
      body: { tutorId: tutor.id, start, duration: 30 },
    });
    if (answer.status !== 201)
      throw new Error(`the fuzz world's lesson: ${JSON.stringify(answer)}`);
    // A chat room of the pair with a message, so chat answers that carry data are read too.
    const chat = await callApi(server, 'POST', '/chat/new', {
      token: student.token,
      body: { userId: tutor.id, message: 'مرحبا' },
    });
    if (chat.status !== 201) throw new Error(`the fuzz world's room: ${JSON.stringify(chat)}`);
  }
  return { now: NOW, planId };
}
