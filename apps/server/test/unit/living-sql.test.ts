import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { livingStatements } from '../../src/db/living-sql';

const dir = mkdtempSync(join(tmpdir(), 'living-sql-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const fileWith = (text: string): string => {
  files += 1;
  const file = join(dir, `${files}.sql`);
  writeFileSync(file, text);
  return file;
};

describe('livingStatements', () => {
  it('splits at the breakpoints and puts each condition in as literal SQL', () => {
    const file = fileWith(
      'CREATE OR REPLACE FUNCTION f() RETURNS boolean LANGUAGE sql AS $$ SELECT {{rule}} $$;\n' +
        '--> statement-breakpoint\n' +
        'DROP TRIGGER IF EXISTS t ON users;\n',
    );
    const rule = sql`${3} = ${sql.raw('3')} and ${"it's"} <> ''`;
    expect(livingStatements({ file, substitutions: { rule } })).toEqual([
      "CREATE OR REPLACE FUNCTION f() RETURNS boolean LANGUAGE sql AS $$ SELECT 3 = 3 and 'it''s' <> '' $$;",
      'DROP TRIGGER IF EXISTS t ON users;',
    ]);
  });

  it('refuses a placeholder nothing is given for, and a substitution the file does not use', () => {
    const file = fileWith('SELECT {{missing}};');
    expect(() => livingStatements({ file })).toThrow(/nothing given for \{\{missing\}\}/);
    const plain = fileWith('SELECT 1;');
    expect(() => livingStatements({ file: plain, substitutions: { extra: sql`true` } })).toThrow(
      /\{\{extra\}\} not used/,
    );
  });
});
