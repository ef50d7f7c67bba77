import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, TransactionStatus, WithdrawMethod, adminOverviewSchema } from '@talaqa/domain';
import type { AdminOverview } from '@talaqa/domain';
import { appointments, contactRequests, lessons, transactions, users } from '../../src/db/schema';
import { call, callApi } from './api';
import type { Caller } from './api';
import { fundTutor } from './earnings-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { NOW, insertTutor, insertUser } from './lessons-fixtures';

/**
 * The admin's home (issue 23 item 1; decision 345): GET /stats/admin. "Now" is Wednesday
 * 9 January 2030, 10:00 Cairo; the week began on Saturday 5 January.
 */

let server: TestServer;
let admin: Caller;
const db = () => server.app.database.db;
/** A Cairo wall-clock instant (UTC+2 in winter). */
const at = (date: string, time: string): Date => new Date(`${date}T${time}:00+02:00`);

async function overview(caller: Caller, query = ''): Promise<AdminOverview> {
  const answer = await callApi(server, 'GET', `/stats/admin${query}`, { token: caller.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return adminOverviewSchema.parse(answer.body);
}

async function createdAt(caller: Caller, when: Date): Promise<void> {
  await db().update(users).set({ createdAt: when }).where(eq(users.id, caller.id));
}

async function lesson(tutorId: number, studentId: number, startsAt: Date, bookedAt: Date) {
  const fulfilled = startsAt < NOW;
  const [appointment] = await db()
    .insert(appointments)
    .values({
      tutorId,
      kind: 'lesson',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    })
    .returning({ id: appointments.id });
  if (!appointment) throw new Error('no appointment');
  await db()
    .insert(lessons)
    .values({
      appointmentId: appointment.id,
      tutorId,
      studentId,
      startsAt,
      duration: 30,
      status: fulfilled ? 'fulfilled' : 'pending',
      createdAt: bookedAt,
    });
}

async function payment(userId: number, amount: number, paidAt: Date | null, refunded = 0) {
  await db()
    .insert(transactions)
    .values({
      userId,
      method: 0,
      provider: 'fawry',
      status: paidAt ? TransactionStatus.Paid : TransactionStatus.New,
      amount,
      listPrice: amount,
      refundedAmount: refunded,
      idempotencyKey: `overview-${String(amount)}-${String(paidAt?.getTime() ?? 0)}`,
      paidAt,
    });
}

beforeAll(async () => {
  server = await startTestServer();
  server.app.clock.now = () => NOW;
  expect(NOW.toISOString()).toBe(at('2030-01-09', '10:00').toISOString());
  admin = await insertUser(server, Role.RegularAdmin);
  await createdAt(admin, at('2029-01-01', '12:00'));
  const tutor = await insertTutor(server);
  await createdAt(tutor, at('2029-12-20', '10:00'));
  const today = await insertUser(server, Role.Student);
  await createdAt(today, at('2030-01-09', '00:30'));
  const thisWeek = await insertUser(server, Role.Student);
  await createdAt(thisWeek, at('2030-01-05', '00:00'));
  const lastWeek = await insertUser(server, Role.Student);
  // The last minute of Friday 4 January, Cairo: the week before.
  await createdAt(lastWeek, at('2030-01-04', '23:59'));

  await payment(today.id, 60_000, at('2030-01-09', '08:00'));
  await payment(thisWeek.id, 90_000, at('2030-01-06', '08:00'), 30_000);
  await payment(lastWeek.id, 45_000, at('2030-01-01', '08:00'));
  await payment(lastWeek.id, 99_000, null);

  // Held today, booked last week; booked today for tomorrow; held last week, booked then.
  await lesson(tutor.id, thisWeek.id, at('2030-01-09', '09:00'), at('2030-01-03', '10:00'));
  await lesson(tutor.id, today.id, at('2030-01-10', '09:00'), at('2030-01-09', '09:30'));
  await lesson(tutor.id, lastWeek.id, at('2030-01-02', '09:00'), at('2030-01-01', '09:00'));

  // One withdrawal request waiting for an admin.
  await fundTutor(server, tutor.id, 100_000);
  const request = await call(server, 'POST', '/invoice', tutor, {
    method: WithdrawMethod.Instapay,
    amount: 20_000,
    instapayAddress: 'tutor.overview@instapay',
  });
  expect(request.status).toBe(201);
  await db()
    .insert(contactRequests)
    .values([
      { email: 's@example.com', title: 'الباقات', message: 'سؤال عن الباقات' },
      { email: 'a@example.com', title: 'تم', message: 'تمت', handledAt: NOW },
    ]);
});
afterAll(() => server.close());

describe('GET /stats/admin', () => {
  it('gives today’s figures, by the Cairo day', async () => {
    const answer = await overview(admin);
    expect(answer.today).toEqual({
      newStudents: 1,
      newTutors: 0,
      payments: 1,
      revenue: 60_000,
      lessonsBooked: 1,
      lessonsHeld: 1,
    });
  });

  it('gives the weeks, the current one last, Cairo weeks from Saturday', async () => {
    const answer = await overview(admin, '?weeks=3');
    expect(answer.weeks.map((week) => week.weekStart)).toEqual([
      at('2029-12-22', '00:00').toISOString(),
      at('2029-12-29', '00:00').toISOString(),
      at('2030-01-05', '00:00').toISOString(),
    ]);
    const [, last, current] = answer.weeks;
    expect(current).toMatchObject({
      newStudents: 2,
      payments: 2,
      // Net of what was refunded.
      revenue: 60_000 + 60_000,
      lessonsBooked: 1,
      lessonsHeld: 1,
    });
    expect(last).toMatchObject({
      newStudents: 1,
      payments: 1,
      revenue: 45_000,
      lessonsBooked: 2,
      lessonsHeld: 1,
    });
  });

  it('counts what waits for an admin now', async () => {
    const answer = await overview(admin);
    expect(answer.waiting).toMatchObject({ withdrawals: 1, contactRequests: 1 });
  });

  it('is for admins only', async () => {
    for (const role of [Role.Student, Role.Tutor, Role.TutorManager, Role.Studio]) {
      const caller = await insertUser(server, role);
      const answer = await callApi(server, 'GET', '/stats/admin', { token: caller.token });
      expect(answer.status).toBe(403);
    }
    expect((await callApi(server, 'GET', '/stats/admin')).status).toBe(401);
  });
});
