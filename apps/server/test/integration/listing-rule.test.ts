import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@talaqa/domain';
import { queryRows } from '../../src/db';
import { tutorProfiles, users } from '../../src/db/schema';
import { isListedRow, listedTutor } from '../../src/db/listed-tutor';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';

/**
 * The listed rule is written once (db/listed-tutor.ts) and used three ways: on rows in memory, as
 * the list's SQL condition, and inside the totals' trigger function (listing.sql). All three
 * agree for every role and every state of the profile.
 */
let server: TestServer;
const db = () => server.app.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const flags = [false, true];

describe(`the listed rule on ${testDriver}`, () => {
  it('says the same in memory, in the list query and in the totals trigger', async () => {
    const cases: { id: number; listed: boolean }[] = [];
    for (const role of ROLES) {
      for (const activated of flags) {
        for (const onboarded of flags) {
          for (const bypassOnboarding of flags) {
            const [user] = await db()
              .insert(users)
              .values({
                name: 'Rule Case',
                email: `rule-${cases.length}-${Date.now()}@example.com`,
                role,
              })
              .returning({ id: users.id });
            if (!user) throw new Error('no user');
            const onboardedAt = onboarded ? new Date() : null;
            await db()
              .insert(tutorProfiles)
              .values({ userId: user.id, activated, onboardedAt, bypassOnboarding });
            cases.push({
              id: user.id,
              listed: isListedRow({ role, activated, onboardedAt, bypassOnboarding }),
            });
          }
        }
      }
    }
    const ids = cases.map((c) => c.id);
    const expected = cases.filter((c) => c.listed).map((c) => c.id);
    // Tutors only, activated, and onboarded or let through: three of the eight tutor cases.
    expect(expected).toHaveLength(3);

    const byQuery = await db()
      .select({ id: users.id })
      .from(users)
      .innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
      .where(and(inArray(users.id, ids), listedTutor(users, tutorProfiles)))
      .orderBy(users.id);
    expect(byQuery.map((row) => row.id)).toEqual(expected);

    const byTrigger = await queryRows<{ id: number }>(
      db(),
      sql`select distinct k.user_id as id from listed_tutor_keys k
          where k.user_id in ${ids} order by 1`,
    );
    expect(byTrigger.map((row) => row.id)).toEqual(expected);
  });
});
