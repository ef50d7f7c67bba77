import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairoWeekBounds, PlanPeriod, Role } from '@talaqa/domain';
import { appointments, lessons, subscriptions, users } from '../../src/db/schema';
import { signAccessToken } from '../../src/security/tokens';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { cairo, insertPlan, insertStudent, insertTutor, NOW } from './lessons-fixtures';

/**
 * Booking under contention, over real HTTP: the database (the student's row lock and the
 * exclusion constraint on appointments) keeps the rules, whatever the interleaving.
 */

const STUDENTS = 200;

let server: TestServer;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  server.app.clock.now = () => NOW;
  planId = await insertPlan(server);
});
afterAll(() => server.close());

/** `n` verified students with live subscriptions, inserted in two statements. */
async function manyStudents(n: number): Promise<Caller[]> {
  const db = server.app.database.db;
  const tag = randomUUID().slice(0, 8);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, index) => ({
        name: `Crowd Student ${index}`,
        email: `crowd-${tag}-${index}@example.com`,
        role: Role.Student,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id });
  const weekStart = cairoWeekBounds(NOW).start;
  await db.insert(subscriptions).values(
    rows.map((row) => ({
      userId: row.id,
      planId,
      period: PlanPeriod.Quarter,
      weeklyMinutes: 120,
      weekStartedAt: weekStart,
      startsAt: new Date(weekStart.getTime() - 10 * 86_400_000),
      endsAt: new Date(NOW.getTime() + 60 * 86_400_000),
    })),
  );
  return Promise.all(
    rows.map(async (row) => ({ id: row.id, token: await signAccessToken(row.id, server.config) })),
  );
}

const tally = (statuses: { status: number; code: string | undefined }[]) => {
  const counts: Record<string, number> = {};
  for (const { status, code } of statuses) {
    const key = `${status} ${code ?? ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe('booking under contention', () => {
  it(`lets exactly one of ${STUDENTS} students take the same slot at once`, async () => {
    const tutor = await insertTutor(server);
    const crowd = await manyStudents(STUDENTS);
    const start = cairo(9, '12:00').toISOString();
    const answers = await Promise.all(
      crowd.map((student) =>
        call<{ code?: string }>(server, 'POST', '/lesson', student, {
          tutorId: tutor.id,
          start,
          duration: 30,
        }),
      ),
    );
    const outcome = answers.map((answer) => ({ status: answer.status, code: answer.body.code }));
    expect(tally(outcome)).toEqual({ '201': 1, '409 conflicting-lessons': STUDENTS - 1 });
    const db = server.app.database.db;
    const [held] = await db
      .select({ n: count() })
      .from(appointments)
      .where(and(eq(appointments.tutorId, tutor.id), isNull(appointments.releasedAt)));
    expect(held?.n).toBe(1);
    const [booked] = await db
      .select({ n: count() })
      .from(lessons)
      .where(eq(lessons.tutorId, tutor.id));
    expect(booked?.n).toBe(1);
    // Only the winner's minutes were taken.
    const [spent] = await db
      .select({ n: count() })
      .from(subscriptions)
      .where(eq(subscriptions.consumedMinutes, 30));
    expect(spent?.n).toBe(1);
  });

  it('lets one student hold one upcoming lesson even when asking for many at once', async () => {
    const tutor = await insertTutor(server);
    const student = await insertStudent(server, { planId });
    const starts = Array.from({ length: 12 }, (_, index) =>
      new Date(cairo(9, '11:00').getTime() + index * 15 * 60_000).toISOString(),
    );
    const answers = await Promise.all(
      starts.map((start) =>
        call<{ code?: string }>(server, 'POST', '/lesson', student, {
          tutorId: tutor.id,
          start,
          duration: 15,
        }),
      ),
    );
    const outcome = answers.map((answer) => ({ status: answer.status, code: answer.body.code }));
    expect(tally(outcome)).toEqual({ '201': 1, '422 reached-booking-limit': 11 });
  });
});
