import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoSessionStatus, InterviewStatus, Role } from '@talaqa/domain';
import { appointments, demoSessions, interviews, users } from '../../src/db/schema';
import { signAccessToken } from '../../src/security/tokens';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertManager } from './interviews-fixtures';
import { cairo, NOW } from './lessons-fixtures';

/**
 * A tutor manager's time under contention, over real HTTP (issue 21): whatever the interleaving,
 * the manager holds one live appointment at a time (the exclusion constraint on appointments,
 * shared by lessons, interviews and demo sessions), and a tutor one pending interview (the lock
 * on the tutor's row and the partial unique index). Run it on PostgreSQL (TEST_DB=postgres);
 * PGlite serialises everything and proves less.
 */

const TUTORS = 60;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  server.app.clock.now = () => NOW;
});
afterAll(() => server.close());

async function manyTutors(n: number): Promise<Caller[]> {
  const tag = randomUUID().slice(0, 8);
  const rows = await server.app.database.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, index) => ({
        name: `Crowd Tutor ${index}`,
        email: `crowd-tutor-${tag}-${index}@example.com`,
        role: Role.Tutor,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id });
  return Promise.all(
    rows.map(async (row) => ({ id: row.id, token: await signAccessToken(row.id, server.config) })),
  );
}

const tally = (answers: { status: number; body: { code?: string } }[]) => {
  const counts: Record<string, number> = {};
  for (const { status, body } of answers) {
    const key = `${status} ${body.code ?? ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe('a tutor manager’s time under contention', () => {
  it(`lets exactly one of ${TUTORS} tutors take the same interview time`, async () => {
    const manager = await insertManager(server);
    const crowd = await manyTutors(TUTORS);
    const start = cairo(9, '12:00').toISOString();
    const answers = await Promise.all(
      crowd.map((tutor) =>
        call<{ code?: string }>(server, 'POST', '/interview', tutor, {
          interviewerId: manager.id,
          start,
        }),
      ),
    );
    expect(tally(answers)).toEqual({ '201': 1, '409 busy-tutor-manager': TUTORS - 1 });
    const db = server.app.database.db;
    const [held] = await db
      .select({ n: count() })
      .from(appointments)
      .where(and(eq(appointments.tutorId, manager.id), isNull(appointments.releasedAt)));
    expect(held?.n).toBe(1);
    const [booked] = await db
      .select({ n: count() })
      .from(interviews)
      .where(eq(interviews.interviewerId, manager.id));
    expect(booked?.n).toBe(1);
  });

  it('lets overlapping interview and demo-session times share nothing', async () => {
    const manager = await insertManager(server);
    const crowd = await manyTutors(20);
    // Half the crowd passed an interview elsewhere, so they book demo sessions; the other half
    // books interviews; the starts overlap in steps of 15 minutes.
    const other = await insertManager(server);
    const db = server.app.database.db;
    const demoCrowd = crowd.slice(0, 10);
    for (const [index, tutor] of demoCrowd.entries()) {
      const [appointment] = await db
        .insert(appointments)
        .values({
          tutorId: other.id,
          kind: 'interview',
          startsAt: cairo(7, `0${index % 10}:00`.slice(-5)),
          endsAt: cairo(7, `0${index % 10}:30`.slice(-5)),
        })
        .returning({ id: appointments.id });
      if (!appointment) throw new Error('no appointment');
      await db.insert(interviews).values({
        intervieweeId: tutor.id,
        interviewerId: other.id,
        appointmentId: appointment.id,
        startsAt: cairo(7, `0${index % 10}:00`.slice(-5)),
        status: InterviewStatus.Passed,
        closedAt: cairo(7, `0${index % 10}:30`.slice(-5)),
      });
    }
    const starts = ['12:00', '12:15', '12:30'].map((time) => cairo(9, time).toISOString());
    const answers = await Promise.all(
      crowd.map((tutor, index) => {
        const start = starts[index % starts.length];
        return index < 10
          ? call<{ code?: string }>(server, 'POST', '/demo-session', tutor, {
              tutorManagerId: manager.id,
              start,
            })
          : call<{ code?: string }>(server, 'POST', '/interview', tutor, {
              interviewerId: manager.id,
              start,
            });
      }),
    );
    const won = answers.filter((answer) => answer.status === 201).length;
    // 12:00 and 12:30 fit side by side; 12:15 overlaps both: at most two win, at least one.
    expect(won).toBeGreaterThanOrEqual(1);
    expect(won).toBeLessThanOrEqual(2);
    // Every loser is told the manager is taken (never a 500 from the database's refusal).
    expect(
      Object.keys(tally(answers)).filter(
        (key) => key !== '201' && key !== '409 busy-tutor-manager',
      ),
    ).toEqual([]);
    const live = await db
      .select({ start: appointments.startsAt, end: appointments.endsAt })
      .from(appointments)
      .where(and(eq(appointments.tutorId, manager.id), isNull(appointments.releasedAt)));
    expect(live).toHaveLength(won);
    const sorted = live.sort((a, b) => a.start.getTime() - b.start.getTime());
    for (let index = 1; index < sorted.length; index += 1) {
      expect(sorted[index]!.start.getTime()).toBeGreaterThanOrEqual(
        sorted[index - 1]!.end.getTime(),
      );
    }
    const [pendingDemos] = await db
      .select({ n: count() })
      .from(demoSessions)
      .where(
        and(
          eq(demoSessions.tutorManagerId, manager.id),
          eq(demoSessions.status, DemoSessionStatus.Pending),
        ),
      );
    const [pendingInterviews] = await db
      .select({ n: count() })
      .from(interviews)
      .where(
        and(
          eq(interviews.interviewerId, manager.id),
          eq(interviews.status, InterviewStatus.Pending),
        ),
      );
    expect((pendingDemos?.n ?? 0) + (pendingInterviews?.n ?? 0)).toBe(won);
  });

  it('lets one tutor hold one pending interview even when asking for many at once', async () => {
    const managers = await Promise.all(Array.from({ length: 6 }, () => insertManager(server)));
    const [tutor] = await manyTutors(1);
    if (!tutor) throw new Error('no tutor');
    const answers = await Promise.all(
      managers.flatMap((manager) =>
        ['11:00', '12:00'].map((time) =>
          call<{ code?: string }>(server, 'POST', '/interview', tutor, {
            interviewerId: manager.id,
            start: cairo(9, time).toISOString(),
          }),
        ),
      ),
    );
    expect(tally(answers)).toEqual({ '201': 1, '409 conflicting-interview': 11 });
  });
});
