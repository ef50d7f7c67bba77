import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tutorListQuerySchema } from '@talaqa/domain';
import { preparedRows, queryRows } from '../../src/db';
import { appointments, availabilitySlots, users } from '../../src/db/schema';
import type { NewUserRow } from '../../src/db/schema';
import { listTutors, tutorCard } from '../../src/modules/tutors/listing/queries';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';

let server: TestServer;
const db = () => server.app.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const aUser = (overrides: Partial<NewUserRow> = {}): NewUserRow => ({
  name: 'سارة أحمد',
  email: `sara.${Math.random().toString(36).slice(2)}@example.com`,
  role: 4,
  ...overrides,
});

/** The database's own error text (unwrapped from Drizzle's query error). */
async function failureOf(work: Promise<unknown>): Promise<string> {
  const error: unknown = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  const cause = (error as Error).cause;
  return cause instanceof Error ? cause.message : (error as Error).message;
}

describe(`migrations on ${testDriver}`, () => {
  it('installed btree_gist', async () => {
    const rows = await queryRows(
      db(),
      sql`select extname from pg_extension where extname = 'btree_gist'`,
    );
    expect(rows).toEqual([{ extname: 'btree_gist' }]);
  });

  it('created users with the spec columns', async () => {
    const rows = await queryRows<{ column_name: string; data_type: string }>(
      db(),
      sql`select column_name, data_type from information_schema.columns
          where table_name = 'users' order by ordinal_position`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.column_name, r.data_type]))).toEqual({
      id: 'integer',
      name: 'text',
      email: 'text',
      password_hash: 'text',
      credit_score: 'integer',
      notification_method: 'text',
      birth_year: 'smallint',
      gender: 'text',
      image: 'text',
      email_verified: 'boolean',
      phone_verified: 'boolean',
      phone: 'text',
      role: 'smallint',
      city: 'smallint',
      job: 'text',
      level: 'smallint',
      aim: 'text',
      google_subject: 'text',
      session_version: 'integer',
      pending_email: 'text',
      created_at: 'timestamp with time zone',
      updated_at: 'timestamp with time zone',
      fawry_customer_profile_id: 'text',
    });
  });

  it('can run the migrations again without change', async () => {
    await expect(server.app.database.migrate()).resolves.toBeUndefined();
  });
});

describe('users constraints', () => {
  it('stores a user with the defaults', async () => {
    const [row] = await db().insert(users).values(aUser()).returning();
    expect(row).toMatchObject({
      creditScore: 0,
      notificationMethod: 'none',
      emailVerified: false,
      phoneVerified: false,
      passwordHash: null,
      sessionVersion: 0,
    });
    expect(row?.id).toBeGreaterThan(0);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses role 7', async () => {
    expect(
      await failureOf(
        db()
          .insert(users)
          .values(aUser({ role: 7 })),
      ),
    ).toMatch(/users_role_check/);
  });

  it('refuses city 31 and level 7', async () => {
    expect(
      await failureOf(
        db()
          .insert(users)
          .values(aUser({ city: 31 })),
      ),
    ).toMatch(/users_city_check/);
    expect(
      await failureOf(
        db()
          .insert(users)
          .values(aUser({ level: 7 })),
      ),
    ).toMatch(/users_level_check/);
  });

  it('refuses an unknown notification method', async () => {
    const insert = db().execute(
      sql`insert into users (name, email, role, notification_method)
          values ('x', 'nm@example.com', 4, 'sms')`,
    );
    expect(await failureOf(insert)).toMatch(/users_notification_method_check/);
  });

  it('treats e-mails that differ only in case as the same', async () => {
    await db()
      .insert(users)
      .values(aUser({ email: 'Mona@Example.com' }));
    const again = db()
      .insert(users)
      .values(aUser({ email: 'mona@example.COM' }));
    expect(await failureOf(again)).toMatch(/users_email_lower_key/);
  });

  it('keeps phone numbers unique but allows many users without one', async () => {
    await db()
      .insert(users)
      .values([aUser(), aUser(), aUser({ phone: '+201000000001' })]);
    const again = db()
      .insert(users)
      .values(aUser({ phone: '+201000000001' }));
    expect(await failureOf(again)).toMatch(/users_phone_key/);
  });
});

describe(`a tutor's time on ${testDriver}`, () => {
  const at = (iso: string) => new Date(iso);
  let tutorId: number;
  beforeAll(async () => {
    const [tutor] = await db()
      .insert(users)
      .values(aUser({ role: 3 }))
      .returning();
    tutorId = tutor!.id;
  });

  it('refuses two overlapping live appointments of one tutor, whatever their kinds', async () => {
    await db()
      .insert(appointments)
      .values({
        tutorId,
        kind: 'lesson',
        startsAt: at('2026-11-22T10:00:00Z'),
        endsAt: at('2026-11-22T10:30:00Z'),
      });
    const overlap = db()
      .insert(appointments)
      .values({
        tutorId,
        kind: 'interview',
        startsAt: at('2026-11-22T10:15:00Z'),
        endsAt: at('2026-11-22T10:45:00Z'),
      });
    expect(await failureOf(overlap)).toMatch(/appointments_no_overlap/);
    // Back to back is fine.
    await db()
      .insert(appointments)
      .values({
        tutorId,
        kind: 'demo-session',
        startsAt: at('2026-11-22T10:30:00Z'),
        endsAt: at('2026-11-22T11:00:00Z'),
      });
  });

  it('lets a released appointment give its time back', async () => {
    const [first] = await db()
      .insert(appointments)
      .values({
        tutorId,
        kind: 'lesson',
        startsAt: at('2026-11-23T10:00:00Z'),
        endsAt: at('2026-11-23T10:30:00Z'),
        releasedAt: at('2026-11-22T09:00:00Z'),
      })
      .returning();
    expect(first).toBeDefined();
    await db()
      .insert(appointments)
      .values({
        tutorId,
        kind: 'lesson',
        startsAt: at('2026-11-23T10:00:00Z'),
        endsAt: at('2026-11-23T10:30:00Z'),
      });
  });

  it('refuses overlapping slots in a weekly schedule and slots off the grid', async () => {
    await db().insert(availabilitySlots).values({ tutorId, startMinute: 600, duration: 30 });
    const overlap = db()
      .insert(availabilitySlots)
      .values({ tutorId, startMinute: 615, duration: 15 });
    expect(await failureOf(overlap)).toMatch(/availability_slots_no_overlap/);
    const offGrid = db()
      .insert(availabilitySlots)
      .values({ tutorId, startMinute: 700, duration: 15 });
    expect(await failureOf(offGrid)).toMatch(/availability_slots_minutes_check/);
    const pastFriday = db()
      .insert(availabilitySlots)
      .values({ tutorId, startMinute: 10065, duration: 30 });
    expect(await failureOf(pastFriday)).toMatch(/availability_slots_minutes_check/);
  });
});

describe.runIf(testDriver === 'postgres')('prepared statements on PostgreSQL', () => {
  /**
   * The statements `work` prepared on its connection (a transaction holds one; the pool's
   * connections keep what earlier tests prepared, so only the new ones count).
   */
  const preparedBy = (work: (tx: ReturnType<typeof db>) => Promise<unknown>) =>
    db().transaction(async (tx) => {
      const prepared = () =>
        queryRows<{ name: string; statement: string }>(
          tx,
          sql`select name, statement from pg_prepared_statements order by name`,
        );
      const before = new Set((await prepared()).map((row) => row.name));
      await work(tx);
      return (await prepared()).filter((row) => !before.has(row.name));
    });

  it('prepares a named builder statement once and runs it again by name', async () => {
    const prepared = await preparedBy(async (tx) => {
      for (const id of [-1, -2]) {
        await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`${users.id} = ${id}`)
          .prepare('test_user_by_id')
          .execute();
      }
    });
    expect(prepared).toEqual([
      { name: 'test_user_by_id', statement: 'select "id" from "users" where "users"."id" = $1' },
    ]);
  });

  it('prepares a named raw query (preparedRows) once', async () => {
    const prepared = await preparedBy(async (tx) => {
      for (const answer of [41, 42]) {
        expect(await preparedRows(tx, 'test_answer', sql`select ${answer}::int as answer`)).toEqual(
          [{ answer }],
        );
      }
    });
    expect(prepared.map((row) => row.name)).toEqual(['test_answer']);
  });

  it('prepares nothing that is not named', async () => {
    const prepared = await preparedBy(async (tx) => {
      await tx.execute(sql`select ${1}::int as answer`);
      await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.id} = ${-1}`);
    });
    expect(prepared).toEqual([]);
  });

  it('runs the public list, its total and a card as statements prepared once', async () => {
    const filters = tutorListQuerySchema.parse({ gender: 'female', sort: 'newest' });
    const prepared = await preparedBy(async (tx) => {
      for (let round = 0; round < 2; round += 1) {
        await listTutors(tx, filters, new Date());
        await tutorCard(tx, 1, new Date());
      }
    });
    expect(prepared.map((row) => row.name).sort()).toEqual([
      'tutors_card_row',
      'tutors_page_newest_g',
      'tutors_stored_total',
    ]);
  });

  it('reports a statement that fails to parse every time, not a missing prepared statement', async () => {
    const broken = () => preparedRows(db(), 'test_broken', sql`select * frm users where id = ${1}`);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await failureOf(broken())).toMatch(/syntax error/);
    }
  });
});
