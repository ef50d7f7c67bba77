import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addCairoDays,
  cairoParts,
  cairoWeekBounds,
  cairoWeekday,
  Role,
  Weekday,
} from '@talaqa/domain';
import type { AvailabilityWeek, WeeklySlot } from '@talaqa/domain';
import { isExclusionViolation } from '../../src/db/errors';
import { appointments, availabilitySlots, lessons, tutorProfiles } from '../../src/db/schema';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

let server: TestServer;
let admin: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, Role.RegularAdmin);
});
afterAll(() => server.close());

const api = apiOn(() => server);
const db = () => server.app.database.db;

const save = (token: string, slots: WeeklySlot[]) =>
  api<AvailabilityWeek & { code?: string; message?: string }>('POST', '/availability-slot/', {
    token,
    body: { slots },
  });
const read = (token: string, query = '') =>
  api<AvailabilityWeek & { code?: string }>('GET', `/availability-slot/${query}`, { token });

async function listedTutor(): Promise<SignedInUser> {
  const tutor = await signedInUser(server, Role.Tutor, { name: 'سارة محمود' });
  await db()
    .insert(tutorProfiles)
    .values({ userId: tutor.id, activated: true, bypassOnboarding: true, noticePeriod: 0 });
  return tutor;
}

/** A lesson of `tutor` with `student` at `start`, written straight to the tables. */
async function bookDirectly(
  tutorId: number,
  studentId: number,
  start: Date,
  duration: 15 | 30,
  canceled = false,
): Promise<number> {
  const end = new Date(start.getTime() + duration * 60_000);
  const [appointment] = await db()
    .insert(appointments)
    .values({
      tutorId,
      kind: 'lesson',
      startsAt: start,
      endsAt: end,
      releasedAt: canceled ? new Date() : null,
    })
    .returning();
  if (!appointment) throw new Error('no appointment');
  const [lesson] = await db()
    .insert(lessons)
    .values({
      appointmentId: appointment.id,
      tutorId,
      studentId,
      startsAt: start,
      duration,
      ...(canceled && {
        status: 'cancelled' as const,
        canceledAt: new Date(),
        canceledBy: 'tutor' as const,
      }),
    })
    .returning();
  if (!lesson) throw new Error('no lesson');
  return lesson.id;
}

/** The weekly slot a Cairo instant falls on. */
function slotAt(start: Date, length: 15 | 30): WeeklySlot {
  const parts = cairoParts(start);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { weekday: cairoWeekday(start), start: `${pad(parts.hour)}:${pad(parts.minute)}`, length };
}

/** Next week's Sunday 18:00 Cairo (always in the future). */
function nextWeekSundayEvening(): Date {
  const sunday = addCairoDays(cairoWeekBounds(new Date()).end, 1);
  return new Date(sunday.getTime() + 18 * 3_600_000);
}

describe('saving the weekly schedule', () => {
  it('replaces the whole template and answers the current week', async () => {
    const tutor = await listedTutor();
    const first = await save(tutor.token, [
      { weekday: Weekday.Monday, start: '19:00', length: 30 },
      { weekday: Weekday.Saturday, start: '18:00', length: 15 },
    ]);
    expect(first.status).toBe(200);
    expect(first.body.tutorId).toBe(tutor.id);
    // Week order: Saturday first.
    expect(first.body.template).toEqual([
      { weekday: Weekday.Saturday, start: '18:00', length: 15 },
      { weekday: Weekday.Monday, start: '19:00', length: 30 },
    ]);
    expect(first.body.slots).toHaveLength(2);
    expect(first.body.weekStart).toBe(cairoWeekBounds(new Date()).start.toISOString());

    const second = await save(tutor.token, [
      { weekday: Weekday.Tuesday, start: '20:15', length: 15 },
    ]);
    expect(second.status).toBe(200);
    expect(second.body.template).toEqual([
      { weekday: Weekday.Tuesday, start: '20:15', length: 15 },
    ]);
    const stored = await db()
      .select()
      .from(availabilitySlots)
      .where(eq(availabilitySlots.tutorId, tutor.id));
    expect(stored.map((row) => [row.startMinute, row.duration])).toEqual([
      [3 * 1440 + 20 * 60 + 15, 15],
    ]);

    const cleared = await save(tutor.token, []);
    expect(cleared.body.template).toEqual([]);
    expect((await read(tutor.token)).body.template).toEqual([]);
  });

  it('refuses overlapping slots with conflicting-schedule and keeps the old template', async () => {
    const tutor = await listedTutor();
    await save(tutor.token, [{ weekday: Weekday.Sunday, start: '10:00', length: 30 }]);
    const refused = await save(tutor.token, [
      { weekday: Weekday.Monday, start: '10:00', length: 30 },
      { weekday: Weekday.Monday, start: '10:15', length: 15 },
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('conflicting-schedule');
    expect(refused.body.message).toContain('overlapping-slots');
    expect((await read(tutor.token)).body.template).toEqual([
      { weekday: Weekday.Sunday, start: '10:00', length: 30 },
    ]);
  });

  it('is guarded by the database too: overlapping rows are an exclusion violation', async () => {
    const tutor = await listedTutor();
    await db()
      .insert(availabilitySlots)
      .values({ tutorId: tutor.id, startMinute: 600, duration: 30 });
    const error = await db()
      .insert(availabilitySlots)
      .values({ tutorId: tutor.id, startMinute: 615, duration: 15 })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(isExclusionViolation(error, 'availability_slots_no_overlap')).toBe(true);
    // Another tutor's slot at the same time is fine.
    const other = await listedTutor();
    await db()
      .insert(availabilitySlots)
      .values({ tutorId: other.id, startMinute: 615, duration: 15 });
  });

  it('refuses a change that would leave an upcoming lesson outside, with the reason', async () => {
    const tutor = await listedTutor();
    const student = await signedInUser(server, Role.Student);
    const start = nextWeekSundayEvening();
    const slot = slotAt(start, 30);
    expect(slot.weekday).toBe(Weekday.Sunday);
    expect((await save(tutor.token, [slot])).status).toBe(200);
    await bookDirectly(tutor.id, student.id, start, 30);

    const refused = await save(tutor.token, [{ ...slot, length: 15 }]);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('conflicting-schedule');
    expect(refused.body.message).toContain('booked-lessons');
    expect(refused.body.message).toContain(start.toISOString());
    expect((await read(tutor.token)).body.template).toEqual([slot]);

    // Two 15-minute slots still cover the 30-minute lesson.
    const later = new Date(start.getTime() + 15 * 60_000);
    const split = [{ ...slot, length: 15 as const }, { ...slotAt(later, 15) }];
    expect((await save(tutor.token, split)).status).toBe(200);
  });

  it('ignores canceled and past lessons', async () => {
    const tutor = await listedTutor();
    const student = await signedInUser(server, Role.Student);
    await bookDirectly(tutor.id, student.id, nextWeekSundayEvening(), 15, true);
    const past = new Date(Math.floor((Date.now() - 86_400_000) / 900_000) * 900_000);
    await bookDirectly(tutor.id, student.id, past, 15);
    expect((await save(tutor.token, [])).status).toBe(200);
  });

  it('is for tutors only, and validates the slots', async () => {
    const student = await signedInUser(server, Role.Student);
    expect((await save(student.token, [])).status).toBe(403);
    const tutor = await listedTutor();
    const bad = await save(tutor.token, [{ weekday: Weekday.Friday, start: '23:45', length: 30 }]);
    expect(bad.status).toBe(400);
    const offGrid = await save(tutor.token, [
      { weekday: Weekday.Friday, start: '10:10', length: 15 },
    ]);
    expect(offGrid.status).toBe(400);
  });
});

describe('reading a week', () => {
  it('maps the template onto a week with a clock change (Cairo, spring 2026)', async () => {
    const tutor = await listedTutor();
    await save(tutor.token, [
      { weekday: Weekday.Saturday, start: '10:00', length: 30 },
      { weekday: Weekday.Friday, start: '10:00', length: 15 },
    ]);
    // Summer time starts on Friday 24 April 2026 at 00:00 (clocks go to 01:00).
    const week = await read(tutor.token, '?week=2026-04-22');
    expect(week.status).toBe(200);
    expect(week.body.weekStart).toBe('2026-04-17T22:00:00.000Z');
    expect(week.body.weekEnd).toBe('2026-04-24T21:00:00.000Z');
    expect(week.body.slots).toEqual([
      { start: '2026-04-18T08:00:00.000Z', end: '2026-04-18T08:30:00.000Z' },
      { start: '2026-04-24T07:00:00.000Z', end: '2026-04-24T07:15:00.000Z' },
    ]);
    const plain = await read(tutor.token, '?week=2026-03-04');
    expect(plain.body.slots[0]).toEqual({
      start: '2026-02-28T08:00:00.000Z',
      end: '2026-02-28T08:30:00.000Z',
    });
  });

  it('shows a listed tutor’s week to others with busy times, without whose lessons they are', async () => {
    const tutor = await listedTutor();
    const student = await signedInUser(server, Role.Student);
    const other = await signedInUser(server, Role.Student);
    const start = nextWeekSundayEvening();
    await save(tutor.token, [slotAt(start, 30)]);
    const lessonId = await bookDirectly(tutor.id, student.id, start, 30);
    await bookDirectly(tutor.id, student.id, new Date(start.getTime() + 3_600_000), 15, true);
    const nextWeek = `?week=${start.toISOString().slice(0, 10)}`;

    const seen = await read(other.token, `${nextWeek}&tutorId=${tutor.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.bookable).toBe(true);
    expect(seen.body.noticePeriod).toBe(0);
    expect(seen.body.busy).toEqual([
      { start: start.toISOString(), end: new Date(start.getTime() + 1_800_000).toISOString() },
    ]);
    // Only the times: no lesson, no student (a bare id could match any digit of a date, so the
    // check is on the keys and the student's own details).
    for (const range of seen.body.busy as object[]) {
      expect(Object.keys(range).sort()).toEqual(['end', 'start']);
    }
    const seenText = JSON.stringify(seen.body);
    expect(seenText).not.toMatch(/"(student|lesson)[A-Za-z]*"/);
    expect(seenText).not.toContain(student.user.email);

    const own = await read(tutor.token, nextWeek);
    expect(own.body.busy).toEqual([expect.objectContaining({ lessonId })]);
    const mine = await read(student.token, `${nextWeek}&tutorId=${tutor.id}`);
    expect(mine.body.busy).toEqual([expect.objectContaining({ lessonId })]);
  });

  it('hides an unlisted tutor’s week from others (not from admins), and needs a tutor', async () => {
    const hidden = await signedInUser(server, Role.Tutor);
    const student = await signedInUser(server, Role.Student);
    const refused = await read(student.token, `?tutorId=${hidden.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('tutor-not-found');
    expect((await read(hidden.token)).body.bookable).toBe(false);
    expect((await read(admin.token, `?tutorId=${hidden.id}`)).status).toBe(200);
    expect((await read(student.token)).body.code).toBe('tutor-not-found');
    expect((await read(student.token, `?tutorId=${student.id}`)).status).toBe(404);
    expect((await read(student.token, '?week=2026-13-01')).status).toBe(400);
  });
});
