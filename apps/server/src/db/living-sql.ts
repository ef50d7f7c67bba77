import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './types';

/**
 * Living SQL files: the current definition of database code (functions, triggers) kept in one
 * file beside the feature it serves, and applied again right after the migrations on every start
 * (`DatabaseHandle.migrate`). Each statement is idempotent (`CREATE OR REPLACE FUNCTION`,
 * `DROP TRIGGER IF EXISTS` then `CREATE TRIGGER`), so applying a file twice changes nothing, and
 * changing a trigger is a diff of that file, reviewed like code. The migrations that first
 * created these objects stay as they were: history, which the file overrides.
 *
 * Statements are separated as in drizzle's migrations (`--> statement-breakpoint`), since
 * PGlite runs one statement per query. `{{name}}` in the file stands for a condition the server
 * states in TypeScript (e.g. which tutors are listed), so that it is written once.
 */
export interface LivingSql {
  /** The absolute path of the .sql file. */
  file: string;
  /** What `{{name}}` stands for, rendered with its values inlined as literals. */
  substitutions?: Readonly<Record<string, SQL>>;
}

const BREAKPOINT = '--> statement-breakpoint';
const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const dialect = new PgDialect();

/** A condition as literal SQL text: only constants, never a value from a request. */
function literalSql(name: string, condition: SQL): string {
  const query = dialect.sqlToQuery(condition.inlineParams());
  if (query.params.length > 0) throw new Error(`living SQL {{${name}}} kept parameters`);
  return query.sql;
}

/** The statements of a living file, its `{{name}}`s replaced; refuses an unknown or unused name. */
export function livingStatements(living: LivingSql): string[] {
  const substitutions = living.substitutions ?? {};
  const used = new Set<string>();
  const text = readFileSync(living.file, 'utf8').replace(PLACEHOLDER, (_match, name: string) => {
    const condition = substitutions[name];
    if (!condition) throw new Error(`${living.file}: nothing given for {{${name}}}`);
    used.add(name);
    return literalSql(name, condition);
  });
  const unused = Object.keys(substitutions).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`${living.file}: {{${unused.join('}}, {{')}}} not used`);
  return text
    .split(BREAKPOINT)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

/**
 * Applies the files in one transaction: another session sees the old definitions or the new ones,
 * never a table without its trigger. Re-creating a trigger locks its table against writes for
 * the moment it takes; on PostgreSQL this runs under the migration lock, one instance at a time.
 */
export async function applyLivingSql(db: Database, files: readonly LivingSql[]): Promise<void> {
  const statements = files.flatMap(livingStatements);
  if (statements.length === 0) return;
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}
