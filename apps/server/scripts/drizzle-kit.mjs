// Runs drizzle-kit so that it finds drizzle-orm: `node scripts/drizzle-kit.mjs generate` is
// `drizzle-kit generate`. npm hoisted drizzle-kit to the repository root but left drizzle-orm in
// apps/server/node_modules, out of drizzle-kit's sight. NODE_PATH covers its require() calls and a
// resolve hook (resolve-drizzle-orm.mjs) its import() calls.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverModules = fileURLToPath(new URL('../node_modules', import.meta.url));
const kitBin = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
const hook = new URL('./resolve-drizzle-orm.mjs', import.meta.url).href;
const registration = `import { register } from 'node:module'; register(${JSON.stringify(hook)});`;

const result = spawnSync(
  process.execPath,
  [
    '--import',
    `data:text/javascript,${encodeURIComponent(registration)}`,
    kitBin,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, NODE_PATH: serverModules } },
);
process.exit(result.status ?? 1);
