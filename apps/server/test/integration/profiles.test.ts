import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@talaqa/domain';
import { appointments, lessons, tutorProfiles, users } from '../../src/db/schema';
import { eq } from 'drizzle-orm';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * Who sees what of a profile (issue 15, item 7): GET /user/{id} answers exactly the fields of the
 * caller's view, whatever the account holds.
 */
let server: TestServer;
const api = apiOn(() => server);
const db = () => server.app.database.db;

let admin: SignedInUser;
let student: SignedInUser;
let otherStudent: SignedInUser;
let listedTutor: SignedInUser;
let hiddenTutor: SignedInUser;
let lessonTutor: SignedInUser;

const FULL_KEYS = [
  'aim',
  'birthYear',
  'city',
  'createdAt',
  'creditScore',
  'email',
  'gender',
  'hasPassword',
  'id',
  'image',
  'job',
  'level',
  'name',
  'notificationMethod',
  'pendingEmail',
  'phone',
  'role',
  'topics',
  'updatedAt',
  'verifiedEmail',
  'verifiedPhone',
];
const PUBLIC_KEYS = ['id', 'image', 'name'];
const TUTOR_KEYS = ['gender', 'id', 'image', 'name', 'role', 'topics'];
const LESSON_STUDENT_KEYS = ['aim', 'id', 'image', 'level', 'name', 'role'];

async function tutor(listed: boolean): Promise<SignedInUser> {
  const created = await signedInUser(server, Role.Tutor, { name: 'معلم تجربة' });
  await db()
    .insert(tutorProfiles)
    .values({ userId: created.id, activated: listed, bypassOnboarding: true });
  return created;
}

/** A lesson between them, written straight to the database (its status does not matter). */
async function lessonBetween(tutorId: number, studentId: number): Promise<void> {
  const startsAt = new Date(Date.UTC(2026, 10, 20, 10));
  const [appointment] = await db()
    .insert(appointments)
    .values({ tutorId, kind: 'lesson', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60e3) })
    .returning({ id: appointments.id });
  if (!appointment) throw new Error('no appointment');
  await db()
    .insert(lessons)
    .values({ appointmentId: appointment.id, tutorId, studentId, startsAt, duration: 30 });
}

const keysOf = (body: object): string[] => Object.keys(body).sort();

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, Role.RegularAdmin);
  student = await signedInUser(server, Role.Student, { name: 'Mona Adel' });
  otherStudent = await signedInUser(server, Role.Student);
  // Everything private filled in, so a leak would show.
  await db()
    .update(users)
    .set({
      birthYear: 2001,
      gender: 'female',
      city: 3,
      level: 4,
      job: 'Engineer',
      aim: 'Travel',
      phone: '+201012345678',
    })
    .where(eq(users.id, student.id));
  listedTutor = await tutor(true);
  hiddenTutor = await tutor(false);
  lessonTutor = await tutor(false);
  await lessonBetween(lessonTutor.id, student.id);
});
afterAll(() => server.close());

describe('GET /user/{id}', () => {
  it('shows the owner and admins the whole account', async () => {
    for (const token of [student.token, admin.token]) {
      const seen = await api('GET', `/user/${student.id}`, { token });
      expect(seen.status).toBe(200);
      expect(keysOf(seen.body)).toEqual(FULL_KEYS);
      expect(seen.body).toMatchObject({
        email: student.user.email,
        birthYear: 2001,
        aim: 'Travel',
      });
    }
  });

  it('shows another student or a tutor without a lesson only the public card', async () => {
    for (const caller of [otherStudent, listedTutor, hiddenTutor]) {
      const seen = await api('GET', `/user/${student.id}`, { token: caller.token });
      expect(seen.status).toBe(200);
      expect(keysOf(seen.body)).toEqual(PUBLIC_KEYS);
      expect(seen.body).toEqual({ id: student.id, name: 'Mona Adel', image: null });
    }
    // Admins are people too: a stranger sees their card, not their role or e-mail.
    const ofAdmin = await api('GET', `/user/${admin.id}`, { token: student.token });
    expect(keysOf(ofAdmin.body)).toEqual(PUBLIC_KEYS);
  });

  it('shows a tutor the level and aim of a student they have a lesson with, nothing else', async () => {
    const seen = await api('GET', `/user/${student.id}`, { token: lessonTutor.token });
    expect(keysOf(seen.body)).toEqual(LESSON_STUDENT_KEYS);
    expect(seen.body).toMatchObject({ role: Role.Student, level: 4, aim: 'Travel' });
  });

  it('shows a listed tutor as the tutors list does; an unlisted one only by a card', async () => {
    const listed = await api('GET', `/user/${listedTutor.id}`, { token: otherStudent.token });
    expect(keysOf(listed.body)).toEqual(TUTOR_KEYS);
    expect(listed.body).toMatchObject({ role: Role.Tutor, topics: [] });
    const hidden = await api('GET', `/user/${hiddenTutor.id}`, { token: otherStudent.token });
    expect(keysOf(hidden.body)).toEqual(PUBLIC_KEYS);
    // Their own student still sees an unlisted tutor's tutor fields.
    const own = await api('GET', `/user/${lessonTutor.id}`, { token: student.token });
    expect(keysOf(own.body)).toEqual(TUTOR_KEYS);
  });

  it('keeps GET /user/current whole for the owner', async () => {
    const me = await api('GET', '/user/current', { token: student.token });
    expect(keysOf(me.body)).toEqual(FULL_KEYS);
  });
});
