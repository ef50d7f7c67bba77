import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_PACKAGE = '@talaqa/server';

/**
 * Walks up from this module to the folder holding the server's package.json. The same code runs
 * from src/ (tsx, vitest) and bundled into dist/main.js, at different depths, so a fixed number
 * of `..` would be right for one and wrong for the other.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (readPackageName(join(dir, 'package.json')) === SERVER_PACKAGE) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the ${SERVER_PACKAGE} package folder`);
    dir = parent;
  }
}

function readPackageName(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || !('name' in parsed)) return undefined;
  return typeof parsed.name === 'string' ? parsed.name : undefined;
}

/** apps/server */
export const SERVER_ROOT = findServerRoot();
/** The monorepo root: apps/server is two levels below it. */
export const REPO_ROOT = join(SERVER_ROOT, '..', '..');
/** SQL migrations, shared by the PGlite and PostgreSQL drivers. */
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
/** The portraits drawn for the demo tutors (SVG), stored as their images by the demo seed. */
export const DEMO_PORTRAITS_DIR = join(SERVER_ROOT, 'src', 'demo', 'portraits');
