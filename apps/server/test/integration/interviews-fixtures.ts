import { eq } from 'drizzle-orm';
import { Role } from '@talaqa/domain';
import { availabilitySlots, users } from '../../src/db/schema';
import type { Caller } from './api';
import type { TestServer } from './helpers';
import { insertUser, WEDNESDAY_SLOTS } from './lessons-fixtures';

/**
 * Interview fixtures (issue 21) on the lessons' clock (Wednesday 9 January 2030, 10:00 Cairo):
 * tutor managers with a weekly schedule, and tutors who are not listed yet.
 */

/** A tutor manager with a weekly schedule (default Wednesday 10:00-14:00), so active. */
export async function insertManager(
  server: TestServer,
  slots: [number, number][] = WEDNESDAY_SLOTS,
): Promise<Caller> {
  const manager = await insertUser(server, Role.TutorManager, { name: 'مدير المقابلات' });
  if (slots.length > 0) {
    await server.app.database.db
      .insert(availabilitySlots)
      .values(
        slots.map(([startMinute, duration]) => ({ tutorId: manager.id, startMinute, duration })),
      );
  }
  return manager;
}

let phones = 0;

/** A new tutor (no profile row, not listed); e-mail verified, phone verified unless told. */
export async function insertNewTutor(
  server: TestServer,
  options: { phoneVerified?: boolean } = {},
): Promise<Caller> {
  const tutor = await insertUser(server, Role.Tutor, { name: 'مدرس جديد' });
  phones += 1;
  if (options.phoneVerified ?? true) {
    await server.app.database.db
      .update(users)
      .set({
        phone: `+2010${String(Date.now() % 1e6).padStart(6, '0')}${String(phones).padStart(2, '0')}`,
        phoneVerified: true,
      })
      .where(eq(users.id, tutor.id));
  }
  return tutor;
}
