import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_PREFIX, publicStatsSchema } from '@talaqa/domain';
import { appointments, lessons, tutorProfiles } from '../../src/db/schema';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { NOW, insertPlan, insertStudent, insertTutor } from './lessons-fixtures';

/**
 * GET /stats/public (record 307): the marketing home's "N tutors, N lessons", open to anyone,
 * counting listed tutors and fulfilled lessons only, and read again at most once a minute.
 */

let server: TestServer;
let now = NOW;

beforeAll(async () => {
  server = await startTestServer();
  server.app.clock.now = () => now;
});
afterAll(() => server.close());

const db = () => server.app.database.db;

async function stats(): Promise<{ tutors: number; lessons: number }> {
  const response = await fetch(`${server.baseUrl}${API_PREFIX}/stats/public`);
  expect(response.status).toBe(200);
  return publicStatsSchema.parse(await response.json());
}

async function lessonOf(
  studentId: number,
  tutorId: number,
  start: Date,
  status: 'pending' | 'fulfilled',
): Promise<void> {
  const [appointment] = await db()
    .insert(appointments)
    .values({
      tutorId,
      kind: 'lesson',
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
    })
    .returning();
  if (!appointment) throw new Error('no appointment');
  await db().insert(lessons).values({
    appointmentId: appointment.id,
    tutorId,
    studentId,
    startsAt: start,
    duration: 30,
    status,
  });
}

describe('GET /stats/public', () => {
  it('answers anyone, without a token, zero on an empty platform', async () => {
    expect(await stats()).toEqual({ tutors: 0, lessons: 0 });
  });

  it('counts listed tutors and fulfilled lessons only, fresh after a minute', async () => {
    const planId = await insertPlan(server);
    const student = await insertStudent(server, { planId });
    const listed = await insertTutor(server);
    await insertTutor(server);
    // Not listed: not activated.
    await insertTutor(server, { activated: false, slots: [] });
    await lessonOf(student.id, listed.id, new Date(NOW.getTime() - 86_400_000), 'fulfilled');
    await lessonOf(student.id, listed.id, new Date(NOW.getTime() - 2 * 86_400_000), 'fulfilled');
    await lessonOf(student.id, listed.id, new Date(NOW.getTime() + 86_400_000), 'pending');

    // The zero answer of the first test is still being reused within its minute.
    expect(await stats()).toEqual({ tutors: 0, lessons: 0 });

    now = new Date(NOW.getTime() + 61_000);
    expect(await stats()).toEqual({ tutors: 2, lessons: 2 });

    // A tutor who leaves the list is gone from the figure a minute later.
    await db()
      .update(tutorProfiles)
      .set({ activated: false })
      .where(eq(tutorProfiles.userId, listed.id));
    expect(await stats()).toEqual({ tutors: 2, lessons: 2 });
    now = new Date(now.getTime() + 61_000);
    expect(await stats()).toEqual({ tutors: 1, lessons: 2 });
  });

  it('is declared open to anyone in the API reference', async () => {
    const response = await fetch(`${server.baseUrl}${API_PREFIX}/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<string, { get?: { 'x-access'?: unknown } }>;
    };
    expect(document.paths['/stats/public']?.get?.['x-access']).toEqual({ kind: 'anyone' });
  });

  it('ignores a token of any role', async () => {
    const tutor = await insertTutor(server);
    const response = await fetch(`${server.baseUrl}${API_PREFIX}/stats/public`, {
      headers: { authorization: `Bearer ${tutor.token}` },
    });
    expect(response.status).toBe(200);
    expect(publicStatsSchema.safeParse(await response.json()).success).toBe(true);
  });
});
