import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@talaqa/domain';
import { queryRows } from '../../src/db';
import { livingStatements } from '../../src/db/living-sql';
import { listedTutorTotals, tutorProfiles, users } from '../../src/db/schema';
import { tutorListingSql } from '../../src/modules/tutors/listing/living-sql';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';

/**
 * The living SQL file of the tutor listing (listing.sql) is what the database runs: applied after
 * the migrations on every start, again without harm, and again over a definition that drifted.
 */
let server: TestServer;
const db = () => server.app.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const statements = livingStatements(tutorListingSql);
const namesAfter = (pattern: RegExp): string[] =>
  statements.flatMap((statement) => [...statement.matchAll(pattern)].map((match) => match[1]!));
const functionNames = namesAfter(/CREATE OR REPLACE FUNCTION (\w+)/g);
const triggerNames = namesAfter(/CREATE TRIGGER (\w+)/g);

/** The bodies of the file's functions as the database holds them. */
const functionBodies = async (): Promise<Record<string, string>> => {
  const rows = await queryRows<{ name: string; body: string }>(
    db(),
    sql`select proname as name, prosrc as body from pg_proc
        where proname in ${functionNames} order by proname`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.body]));
};

/** The file's triggers as the database holds them. */
const triggerDefinitions = async (): Promise<string[]> => {
  const rows = await queryRows<{ definition: string }>(
    db(),
    sql`select pg_get_triggerdef(oid) as definition from pg_trigger
        where tgname in ${triggerNames} and not tgisinternal order by tgname`,
  );
  return rows.map((row) => row.definition);
};

/** A listed tutor (a tutor, activated and let through) written straight to the tables. */
async function insertListedTutor(name: string): Promise<number> {
  const [user] = await db()
    .insert(users)
    .values({ name, email: `${name}@example.com`, role: Role.Tutor, gender: 'female' })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  await db()
    .insert(tutorProfiles)
    .values({ userId: user.id, activated: true, bypassOnboarding: true });
  return user.id;
}

/** How many listed tutors the totals hold for "any topic, any gender, any time". */
const listedTotal = async (): Promise<number> => {
  const rows = await db().select().from(listedTutorTotals);
  return rows.find((row) => row.topicId === 0 && row.gender === '' && !row.freeOnly)?.total ?? 0;
};

describe(`the living SQL on ${testDriver}`, () => {
  it('is what the database runs after the migrations', async () => {
    expect(functionNames).toContain('listed_tutor_keys_of');
    expect(triggerNames).toContain('listed_tutor_totals_users_update');
    const bodies = await functionBodies();
    expect(Object.keys(bodies).sort()).toEqual([...functionNames].sort());
    for (const [name, body] of Object.entries(bodies)) {
      const defining = statements.find((s) => s.includes(`CREATE OR REPLACE FUNCTION ${name}(`));
      expect(defining, name).toContain(body);
    }
    expect(await triggerDefinitions()).toHaveLength(triggerNames.length);
  });

  it('states the listed rule once: the role and the profile fields from db/listed-tutor.ts', () => {
    const keysOf = statements.find((s) => s.includes('FUNCTION listed_tutor_keys_of('));
    expect(keysOf).toContain(
      `"users"."role" = ${Role.Tutor} and "tutor_profiles"."activated" and ` +
        `("tutor_profiles"."onboarded_at" is not null or "tutor_profiles"."bypass_onboarding")`,
    );
    expect(statements.join('\n')).not.toMatch(/\{\{|\}\}/);
  });

  it('changes nothing when applied again, and the totals still follow the tutors', async () => {
    const before = { bodies: await functionBodies(), triggers: await triggerDefinitions() };
    const total = await listedTotal();
    await server.app.database.migrate();
    await server.app.database.migrate();
    expect({ bodies: await functionBodies(), triggers: await triggerDefinitions() }).toEqual(
      before,
    );
    await insertListedTutor(`living-${Date.now()}`);
    expect(await listedTotal()).toBe(total + 1);
  });

  it('puts back a definition that drifted from the file on the next start', async () => {
    const living = await functionBodies();
    // A hand-made change behind the file's back: nobody would be listed any more.
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION listed_tutor_keys_of(tutor integer)
        RETURNS TABLE (topic_id integer, gender text, free_only boolean)
        LANGUAGE sql STABLE AS $$ SELECT 0, '', false WHERE false $$`),
    );
    await db().execute(sql.raw('DROP TRIGGER listed_tutor_totals_topics ON user_topics'));
    expect((await functionBodies()).listed_tutor_keys_of).not.toBe(living.listed_tutor_keys_of);

    await server.app.database.migrate();
    expect(await functionBodies()).toEqual(living);
    expect(await triggerDefinitions()).toHaveLength(triggerNames.length);
    const total = await listedTotal();
    await insertListedTutor(`drifted-${Date.now()}`);
    expect(await listedTotal()).toBe(total + 1);
  });
});
