import pg from 'pg';
import { clusterDatabaseUrl } from '../cluster';

/**
 * A 30-minute lesson of `studentEmail` with `tutorEmail` that started `minutesAgo` minutes ago,
 * so its room is open now. No endpoint books a lesson in the past, and waiting for a booked
 * one's room to open would take up to half an hour, so the journey writes it as booking would
 * (the appointment and the lesson, pending). The tutor's earlier appointments at that time are
 * released first: each journey has a tutor of its own, but a retried run meets its own lesson.
 */
export async function openLessonNow(
  studentEmail: string,
  tutorEmail: string,
  minutesAgo = 1,
): Promise<number> {
  const client = new pg.Client({ connectionString: clusterDatabaseUrl() });
  await client.connect();
  try {
    const ids = await client.query<{ id: number; email: string }>(
      'select id, email from users where email = any($1)',
      [[studentEmail, tutorEmail]],
    );
    const idOf = (email: string) => {
      const found = ids.rows.find((row) => row.email === email);
      if (!found) throw new Error(`no user ${email}`);
      return found.id;
    };
    const [studentId, tutorId] = [idOf(studentEmail), idOf(tutorEmail)];
    const start = new Date(Date.now() - minutesAgo * 60_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    await client.query('begin');
    await client.query(
      `update appointments set released_at = now()
        where tutor_id = $1 and released_at is null
          and tstzrange(starts_at, ends_at) && tstzrange($2, $3)`,
      [tutorId, start, end],
    );
    const appointment = await client.query<{ id: number }>(
      `insert into appointments (tutor_id, kind, starts_at, ends_at)
       values ($1, 'lesson', $2, $3) returning id`,
      [tutorId, start, end],
    );
    const lesson = await client.query<{ id: number }>(
      `insert into lessons (appointment_id, tutor_id, student_id, starts_at, duration, status)
       values ($1, $2, $3, $4, 30, 'pending') returning id`,
      [appointment.rows[0]?.id, tutorId, studentId, start],
    );
    await client.query('commit');
    const id = lesson.rows[0]?.id;
    if (id === undefined) throw new Error('the lesson was not written');
    return id;
  } finally {
    await client.end();
  }
}
