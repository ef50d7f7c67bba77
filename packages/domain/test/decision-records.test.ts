import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The decision records (docs/decisions/NNN-title.md) are cited by number from code comments:
// the index must list each, numbers must be unique, and every cited record must exist.
const root = join(import.meta.dirname, '..', '..', '..');
const folder = join(root, 'docs', 'decisions');
const records = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));

describe('decision records', () => {
  it('has one record per number, each listed in the index', () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
    const index = readFileSync(join(folder, 'README.md'), 'utf8');
    const unlisted = records.filter((name) => !index.includes(`](${name})`));
    expect(unlisted).toEqual([]);
  });

  it('every record starts with a title and says its status', () => {
    for (const name of records) {
      const text = readFileSync(join(folder, name), 'utf8');
      expect(text, name).toMatch(/^# .+\n\nStatus: .+/);
    }
  });

  it('every record cited from the code exists', () => {
    const cited = [...sourceFiles(root)].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/decisions\/(\d{3}-[a-z0-9-]+\.md)/g)].map(
        (match) => `${file.slice(root.length + 1)}: ${match[1]}`,
      ),
    );
    expect(cited.length).toBeGreaterThan(0);
    const missing = cited.filter((entry) => !records.includes(entry.split(': ')[1] ?? ''));
    expect(missing).toEqual([]);
  });
});

function* sourceFiles(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    if (['node_modules', 'dist', '.git', '.data', 'test-results'].includes(name)) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mjs|js|md|sql)$/.test(name)) yield path;
  }
}
