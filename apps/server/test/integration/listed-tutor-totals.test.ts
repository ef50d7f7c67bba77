import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, and, sql } from 'drizzle-orm';
import { Role, tutorListQuerySchema } from '@talaqa/domain';
import type { Database } from '../../src/db';
import {
  listedTutorKeys,
  listedTutorTotals,
  topics,
  tutorProfiles,
  users,
  userTopics,
} from '../../src/db/schema';
import { listTutors } from '../../src/modules/tutors/listing/queries';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';

/**
 * listed_tutor_totals is kept by triggers (tutors/listing/listing.sql): whatever happens to tutors, in any
 * order and in any mix of statements and transactions, every stored total must equal a fresh
 * count of the listed tutors it stands for.
 */

let server: TestServer;
const db = (): Database => server.app.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const GENDER_KEYS = ['', 'male', 'female'] as const;
type Gender = 'male' | 'female' | null;

/** "topic|gender|free" → total, zeros left out. */
type Totals = Map<string, number>;
const keyOf = (topicId: number, gender: string, freeOnly: boolean): string =>
  `${topicId}|${gender}|${freeOnly}`;

/** The stored totals, and a fresh count from the tutors' rows, read in one snapshot. */
async function storedAndCounted(): Promise<{ stored: Totals; counted: Totals }> {
  return db().transaction(
    async (tx) => {
      const stored: Totals = new Map();
      for (const row of await tx.select().from(listedTutorTotals)) {
        expect(row.total, `negative total ${JSON.stringify(row)}`).toBeGreaterThanOrEqual(0);
        if (row.total > 0) stored.set(keyOf(row.topicId, row.gender, row.freeOnly), row.total);
      }
      const tutors = await tx
        .select({
          id: users.id,
          role: users.role,
          gender: users.gender,
          activated: tutorProfiles.activated,
          onboardedAt: tutorProfiles.onboardedAt,
          bypass: tutorProfiles.bypassOnboarding,
          nextFreeAt: tutorProfiles.nextFreeAt,
        })
        .from(users)
        .innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id));
      const topicRows = await tx.select().from(userTopics);
      const counted: Totals = new Map();
      for (const tutor of tutors) {
        const listed =
          tutor.role === Role.Tutor &&
          tutor.activated &&
          (tutor.onboardedAt !== null || tutor.bypass);
        if (!listed) continue;
        const ownTopics = topicRows.filter((row) => row.userId === tutor.id);
        for (const topicId of [0, ...ownTopics.map((row) => row.topicId)]) {
          for (const gender of GENDER_KEYS) {
            if (gender !== '' && gender !== tutor.gender) continue;
            for (const freeOnly of [false, true]) {
              if (freeOnly && tutor.nextFreeAt === null) continue;
              const key = keyOf(topicId, gender, freeOnly);
              counted.set(key, (counted.get(key) ?? 0) + 1);
            }
          }
        }
      }
      return { stored, counted };
    },
    { isolationLevel: 'repeatable read' },
  );
}

async function expectTotalsTrue(): Promise<void> {
  const { stored, counted } = await storedAndCounted();
  expect(Object.fromEntries([...stored].sort())).toEqual(Object.fromEntries([...counted].sort()));
}

const soon = (): Date => new Date(Date.now() + 3 * 24 * 3_600_000);

let serial = 0;
async function newTutor(gender: Gender, listed: boolean, free: boolean): Promise<number> {
  serial += 1;
  const [user] = await db()
    .insert(users)
    .values({
      name: `Counted ${serial}`,
      email: `counted-${serial}-${Date.now()}@example.com`,
      role: Role.Tutor,
      gender,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  await db()
    .insert(tutorProfiles)
    .values({
      userId: user.id,
      activated: listed,
      bypassOnboarding: listed,
      nextFreeAt: free ? soon() : null,
    });
  return user.id;
}

async function newTopic(): Promise<number> {
  serial += 1;
  const [topic] = await db()
    .insert(topics)
    .values({ nameAr: `موضوع ${serial}`, nameEn: `Topic ${serial}` })
    .returning({ id: topics.id });
  if (!topic) throw new Error('no topic');
  return topic.id;
}

/** One change to the tutors' tables; `pick` chooses the tutor and topic it changes. */
type Change = (tutorIds: number[], topicIds: number[], pick: number) => Promise<void>;

const pickOf = <T>(items: readonly T[], pick: number): T => {
  const item = items[pick % items.length];
  if (item === undefined) throw new Error('nothing to pick');
  return item;
};

const setProfile =
  (values: Partial<typeof tutorProfiles.$inferInsert>): Change =>
  async (tutorIds, _topics, pick) => {
    await db()
      .update(tutorProfiles)
      .set(values)
      .where(eq(tutorProfiles.userId, pickOf(tutorIds, pick)));
  };

const setUser =
  (values: Partial<typeof users.$inferInsert>): Change =>
  async (tutorIds, _topics, pick) => {
    await db()
      .update(users)
      .set(values)
      .where(eq(users.id, pickOf(tutorIds, pick)));
  };

const CHANGES: Record<string, Change> = {
  activate: setProfile({ activated: true }),
  deactivate: setProfile({ activated: false }),
  bypass: setProfile({ bypassOnboarding: true }),
  noBypass: setProfile({ bypassOnboarding: false }),
  onboard: setProfile({ onboardedAt: new Date() }),
  notOnboarded: setProfile({ onboardedAt: null }),
  free: setProfile({ nextFreeAt: soon() }),
  freeLater: setProfile({ nextFreeAt: new Date(Date.now() + 4 * 24 * 3_600_000) }),
  booked: setProfile({ nextFreeAt: null }),
  bio: setProfile({ bio: 'نبذة جديدة' }),
  male: setUser({ gender: 'male' }),
  female: setUser({ gender: 'female' }),
  noGender: setUser({ gender: null }),
  student: setUser({ role: Role.Student }),
  tutor: setUser({ role: Role.Tutor }),
  addTopic: async (tutorIds, topicIds, pick) => {
    await db()
      .insert(userTopics)
      .values({ userId: pickOf(tutorIds, pick), topicId: pickOf(topicIds, pick + 1) })
      .onConflictDoNothing();
  },
  dropTopic: async (tutorIds, topicIds, pick) => {
    await db()
      .delete(userTopics)
      .where(
        and(
          eq(userTopics.userId, pickOf(tutorIds, pick)),
          eq(userTopics.topicId, pickOf(topicIds, pick + 1)),
        ),
      );
  },
  // The topics form replaces them all, in one transaction.
  replaceTopics: async (tutorIds, topicIds, pick) => {
    const userId = pickOf(tutorIds, pick);
    await db().transaction(async (tx) => {
      await tx.delete(userTopics).where(eq(userTopics.userId, userId));
      await tx
        .insert(userTopics)
        .values(
          topicIds
            .filter((_, index) => (index + pick) % 2 === 0)
            .map((topicId) => ({ userId, topicId })),
        );
    });
  },
  // One of the tutor's topics becomes another (an UPDATE of user_topics, not a delete and insert).
  moveTopic: async (tutorIds, topicIds, pick) => {
    const userId = pickOf(tutorIds, pick);
    const topicId = pickOf(topicIds, pick);
    await db().execute(sql`update user_topics set topic_id = ${topicId}
      where user_id = ${userId}
        and topic_id = (select min(topic_id) from user_topics where user_id = ${userId})
        and not exists (select 1 from user_topics where user_id = ${userId} and topic_id = ${topicId})`);
  },
  // Everything at once, then taken back: the totals must not move.
  rolledBack: async (tutorIds, _topics, pick) => {
    await db()
      .transaction(async (tx) => {
        await tx.update(tutorProfiles).set({ activated: pick % 2 === 0, nextFreeAt: null });
        await tx.delete(userTopics).where(eq(userTopics.userId, pickOf(tutorIds, pick)));
        throw new Error('taken back');
      })
      .catch(() => undefined);
  },
  dropProfile: async (tutorIds, _topics, pick) => {
    const userId = pickOf(tutorIds, pick);
    await db().transaction(async (tx) => {
      await tx.delete(tutorProfiles).where(eq(tutorProfiles.userId, userId));
      await tx
        .insert(tutorProfiles)
        .values({ userId, activated: pick % 2 === 0, bypassOnboarding: true, nextFreeAt: soon() });
    });
  },
  dropUser: async (tutorIds, _topics, pick) => {
    const userId = pickOf(tutorIds, pick);
    await db().delete(users).where(eq(users.id, userId));
    tutorIds.splice(tutorIds.indexOf(userId), 1, await newTutor('female', true, true));
  },
  dropTopicEverywhere: async (_tutors, topicIds, pick) => {
    const topicId = pickOf(topicIds, pick);
    await db().delete(topics).where(eq(topics.id, topicId));
    topicIds.splice(topicIds.indexOf(topicId), 1, await newTopic());
  },
};

describe('listed tutor totals', () => {
  it('equal a fresh count after any sequence of tutor changes', async () => {
    const tutorIds = [
      await newTutor('male', true, true),
      await newTutor('female', true, false),
      await newTutor(null, true, true),
      await newTutor('female', false, true),
      await newTutor('male', true, true),
    ];
    const topicIds = [await newTopic(), await newTopic(), await newTopic()];
    for (const [index, tutorId] of tutorIds.entries()) {
      await db()
        .insert(userTopics)
        .values(
          topicIds.slice(0, (index % 3) + 1).map((topicId) => ({ userId: tutorId, topicId })),
        );
    }
    await expectTotalsTrue();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(CHANGES)), fc.nat({ max: 1000 })), {
          minLength: 1,
          maxLength: 12,
        }),
        async (steps) => {
          for (const [name, pick] of steps) {
            const change = CHANGES[name];
            if (!change) throw new Error(name);
            await change(tutorIds, topicIds, pick);
          }
          await expectTotalsTrue();
        },
      ),
      { numRuns: testDriver === 'postgres' ? 40 : 25 },
    );
  });

  it('are the totals of the public list without a search, for every filter set', async () => {
    const topicId = await newTopic();
    const listed = [
      await newTutor('female', true, true),
      await newTutor('male', true, false),
      await newTutor('female', true, false),
    ];
    await newTutor('female', false, true); // not activated: never counted
    await db()
      .insert(userTopics)
      .values(listed.map((userId) => ({ userId, topicId })));
    const page = (query: Record<string, string>) =>
      listTutors(db(), tutorListQuerySchema.parse({ size: '100', ...query }), new Date());
    const byTopic = await page({ topic: String(topicId) });
    expect(byTopic.total).toBe(3);
    expect(byTopic.list.map((card) => card.id).sort()).toEqual([...listed].sort());
    expect((await page({ topic: String(topicId), gender: 'female' })).total).toBe(2);
    const freeFemales = await page({
      topic: String(topicId),
      gender: 'female',
      freeThisWeek: 'true',
    });
    expect(freeFemales.total).toBe(1);
    expect(freeFemales.list.map((card) => card.id)).toEqual([listed[0]]);
    expect((await page({ topic: '999999' })).total).toBe(0);
    // Every tutor: the total is the number of listed rows whatever the page.
    const everyone = await page({});
    const [counted] = await db()
      .select({ total: sql<number>`count(*)::int` })
      .from(listedTutorKeys)
      .where(
        and(
          eq(listedTutorKeys.topicId, 0),
          eq(listedTutorKeys.gender, ''),
          eq(listedTutorKeys.freeOnly, false),
        ),
      );
    expect(everyone.total).toBe(counted?.total);
    // Deactivated: one fewer at once.
    await db()
      .update(tutorProfiles)
      .set({ activated: false })
      .where(eq(tutorProfiles.userId, listed[0] ?? 0));
    expect((await page({ topic: String(topicId) })).total).toBe(2);
    expect((await page({ topic: String(topicId), freeThisWeek: 'true' })).total).toBe(0);
  });
});

describe.runIf(testDriver === 'postgres')('listed tutor totals on PostgreSQL', () => {
  it('stay true under concurrent changes of many tutors sharing counters (no deadlock)', async () => {
    const topicIds = [await newTopic(), await newTopic()];
    const tutorIds: number[] = [];
    for (let n = 0; n < 24; n += 1)
      tutorIds.push(await newTutor(n % 2 ? 'male' : 'female', true, true));
    await db()
      .insert(userTopics)
      .values(tutorIds.flatMap((userId) => topicIds.map((topicId) => ({ userId, topicId }))));
    for (let round = 0; round < 3; round += 1) {
      // Each transaction flips its tutor's free time and topics; they share every counter.
      await Promise.all(
        tutorIds.map((userId, index) =>
          db().transaction(async (tx) => {
            await tx
              .update(tutorProfiles)
              .set({ nextFreeAt: (index + round) % 2 ? null : soon() })
              .where(eq(tutorProfiles.userId, userId));
            await tx
              .delete(userTopics)
              .where(
                and(eq(userTopics.userId, userId), eq(userTopics.topicId, pickOf(topicIds, index))),
              );
            await tx
              .update(users)
              .set({ gender: round % 2 ? 'male' : 'female' })
              .where(eq(users.id, userId));
            await tx
              .insert(userTopics)
              .values(topicIds.map((topicId) => ({ userId, topicId })))
              .onConflictDoNothing();
          }),
        ),
      );
    }
    await expectTotalsTrue();
  });

  it('stay true when two transactions change one tutor through different tables at once', async () => {
    const topicId = await newTopic();
    const tutorId = await newTutor('female', true, true);
    let added!: () => void;
    const topicAdded = new Promise<void>((resolve) => {
      added = resolve;
    });
    // The first adds a topic and stays open while the second books the tutor's last free time.
    const first = db().transaction(async (tx) => {
      await tx.insert(userTopics).values({ userId: tutorId, topicId });
      added();
      await tx.execute(sql`select pg_sleep(0.3)`);
    });
    await topicAdded;
    const second = db()
      .update(tutorProfiles)
      .set({ nextFreeAt: null })
      .where(eq(tutorProfiles.userId, tutorId));
    await Promise.all([first, second]);
    await expectTotalsTrue();
    const [freeWithTopic] = await db()
      .select()
      .from(listedTutorTotals)
      .where(
        and(
          eq(listedTutorTotals.topicId, topicId),
          eq(listedTutorTotals.gender, ''),
          eq(listedTutorTotals.freeOnly, true),
        ),
      );
    expect(freeWithTopic?.total ?? 0).toBe(0);
  });
});
