import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '@talaqa/domain';
import type { LessonView } from '@talaqa/domain';
import { lessons, tutorProfiles, users } from '../../src/db/schema';
import { apiOn, signedInUser } from './api';
import type { Caller } from './api';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';
import { cairo, insertPlan, insertStudent, insertTutor, NOW } from './lessons-fixtures';

/**
 * Issue 17: five modules change what a tutor's card shows (users, assets, availability, lessons
 * and tutors itself). Each tells the listing through the domain event TutorListingChanged, after
 * its transaction committed: the listener below reads the change from the database, as the
 * listing does to build the new card.
 */
let server: TestServer;
let uploadsDir: string;
let planId: number;
let admin: Caller;
const api = apiOn(() => server);
const db = () => server.app.database.db;

interface Heard {
  tutorIds: readonly number[];
  /** The tutor's row as the listener read it. */
  seen: { name: string; image: string | null; noticePeriod: number | null };
  /** The tutor's lessons that are not canceled, as the listener read them. */
  lessonStarts: string[];
}
let heard: Heard[] = [];

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'talaqa-listing-events-'));
  server = await startTestServer({ uploadsDir });
  server.app.clock.now = () => NOW;
  planId = await insertPlan(server);
  admin = await signedInUser(server, Role.SuperAdmin);
  server.app.domainEvents.on('TutorListingChanged', async ({ tutorIds }) => {
    const tutorId = tutorIds[0] ?? 0;
    const [seen] = await db()
      .select({ name: users.name, image: users.image, noticePeriod: tutorProfiles.noticePeriod })
      .from(users)
      .leftJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
      .where(eq(users.id, tutorId));
    const booked = await db().select().from(lessons).where(eq(lessons.tutorId, tutorId));
    heard.push({
      tutorIds,
      seen: seen ?? { name: '', image: null, noticePeriod: null },
      lessonStarts: booked
        .filter((lesson) => lesson.status !== 'cancelled')
        .map((lesson) => lesson.startsAt.toISOString()),
    });
  });
});
beforeEach(() => {
  heard = [];
});
afterAll(async () => {
  await server.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe(`TutorListingChanged on ${testDriver}`, () => {
  it('comes from users, assets, availability and tutors after their commit', async () => {
    const tutor = await insertTutor(server);

    const renamed = await api('PUT', `/user/${tutor.id}`, {
      token: tutor.token,
      body: { name: 'Renamed Tutor' },
    });
    expect(renamed.status).toBe(200);
    expect(heard).toEqual([expect.objectContaining({ tutorIds: [tutor.id] })]);
    expect(heard[0]?.seen.name).toBe('Renamed Tutor');

    const form = new FormData();
    form.append('image', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const uploaded = await api('PUT', '/user/asset', { token: tutor.token, form });
    expect(uploaded.status).toBe(200);
    expect(heard).toHaveLength(2);
    expect(heard[1]?.seen.image).toBe(uploaded.body.image);

    const saved = await api('POST', '/availability-slot/', {
      token: tutor.token,
      body: { slots: [{ weekday: 4, start: '11:00', length: 30 }] },
    });
    expect(saved.status).toBe(200);
    expect(heard[2]?.tutorIds).toEqual([tutor.id]);

    const patched = await api('PATCH', `/user/tutor/${tutor.id}`, {
      token: admin.token,
      body: { noticePeriod: 45 },
    });
    expect(patched.status).toBe(200);
    expect(heard).toHaveLength(4);
    expect(heard[3]?.seen.noticePeriod).toBe(45);
  });

  it('comes from lessons when a booking moves the next free start, a move or a cancel', async () => {
    const tutor = await insertTutor(server);
    const learner = await insertStudent(server, { planId });
    const lessonCall = (method: string, path: string, body?: Record<string, unknown>) =>
      api<LessonView>(method, path, { token: learner.token, ...(body && { body }) });

    // Later in the day than the tutor's next free start (10:30): the card stays as it was.
    const later = await lessonCall('POST', '/lesson', {
      tutorId: tutor.id,
      start: cairo(9, '12:00').toISOString(),
      duration: 30,
    });
    expect(later.status).toBe(201);
    expect(heard).toEqual([]);
    await lessonCall('DELETE', `/lesson/${later.body.id}`);
    expect(heard.map((event) => event.lessonStarts)).toEqual([[]]);

    const first = cairo(9, '10:30').toISOString();
    const booked = await lessonCall('POST', '/lesson', {
      tutorId: tutor.id,
      start: first,
      duration: 30,
    });
    expect(booked.status).toBe(201);
    expect(heard[1]).toMatchObject({ tutorIds: [tutor.id], lessonStarts: [first] });

    const moved = cairo(9, '13:00').toISOString();
    const rebooked = await lessonCall('PATCH', '/lesson', {
      id: booked.body.id,
      start: moved,
      duration: 30,
    });
    expect(rebooked.status).toBe(200);
    expect(heard[2]).toMatchObject({ tutorIds: [tutor.id], lessonStarts: [moved] });

    expect((await lessonCall('DELETE', `/lesson/${booked.body.id}`)).status).toBe(200);
    expect(heard[3]).toMatchObject({ tutorIds: [tutor.id], lessonStarts: [] });
    expect(heard).toHaveLength(4);
  });

  it('is not sent for a change of someone who is not a tutor', async () => {
    const learner = await insertStudent(server, { planId });
    const renamed = await api('PUT', `/user/${learner.id}`, {
      token: learner.token,
      body: { name: 'Renamed Student' },
    });
    expect(renamed.status).toBe(200);
    expect(heard).toEqual([]);
  });
});
