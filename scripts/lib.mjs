// Small helpers shared by the root scripts (start, dev, test). Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, { env = {}, cwd = root } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-server') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The workspaces whose build output is missing or older than their sources (or a package they use). */
export function staleBuilds() {
  const shared = Math.max(
    newestMtime(join(root, 'packages')),
    newestMtime(join(root, 'package-lock.json')),
  );
  const targets = [
    { workspace: '@talaqa/server', dir: 'apps/server', output: 'apps/server/dist/main.js' },
    { workspace: '@talaqa/web', dir: 'apps/web', output: 'apps/web/dist/index.html' },
    { workspace: '@talaqa/admin', dir: 'apps/admin', output: 'apps/admin/dist/index.html' },
    { workspace: '@talaqa/landing', dir: 'apps/landing', output: 'apps/landing/dist/index.html' },
  ];
  return targets
    .filter(({ dir, output }) => {
      const built = newestMtime(join(root, output));
      return built === 0 || built < Math.max(shared, newestMtime(join(root, dir)));
    })
    .map(({ workspace }) => workspace);
}

/** Builds whatever is stale; exits the process when a build fails. */
export async function buildWhatIsNeeded() {
  const stale = staleBuilds();
  if (stale.length === 0) return;
  console.log(`Building ${stale.join(', ')} ...`);
  const args = ['run', 'build', ...stale.flatMap((w) => ['-w', w])];
  const code = await run('npm', args);
  if (code !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(code);
  }
}
