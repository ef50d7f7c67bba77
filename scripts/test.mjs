// `npm test`: every test of the project, in order of speed:
//   1. unit and DOM tests (Vitest);
//   2. server integration tests through real HTTP on PGlite, and again on PostgreSQL when
//      DATABASE_URL is set (each test file gets its own fresh database);
//   3. the built product in Chromium (Playwright), on one process and then on two instances
//      behind nginx (PostgreSQL and Redis; skipped with the reason when they are missing).
// It ends with one summary line "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { buildWhatIsNeeded, root, run } from './lib.mjs';

const reports = join(root, 'test-results', 'summary');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [];
// Vitest's default is one worker fewer than the cores: a single one on CI's two cores, which left
// a core idle while integration files waited on their databases (record 353). TEST_WORKERS
// overrides it.
const workers = process.env.TEST_WORKERS ?? String(Math.max(2, availableParallelism() - 1));
const only = process.env.TEST_ONLY?.split(',');
const wanted = (name) => !only || only.includes(name);

async function vitest(name, projects, env = {}, maxWorkers = workers) {
  if (!wanted(name)) return;
  const outputFile = join(reports, `${name}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const code = await run(
    'npx',
    [
      'vitest',
      'run',
      ...projectArgs,
      `--maxWorkers=${maxWorkers}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${outputFile}`,
    ],
    { env },
  );
  steps.push({ name, code, ...countVitest(outputFile) });
}

function countVitest(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, failures: [] };
  const json = JSON.parse(readFileSync(file, 'utf8'));
  // Named again in the summary: a long run's log is often read from its end only.
  const failures = (json.testResults ?? []).flatMap((result) =>
    (result.assertionResults ?? [])
      .filter((assertion) => assertion.status === 'failed')
      .map((assertion) => {
        const reason = String(assertion.failureMessages?.[0] ?? '').split('\n')[0];
        return `${relative(root, result.name)} > ${assertion.fullName}: ${reason.slice(0, 300)}`;
      }),
  );
  return { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0, failures };
}

function countPlaywright(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
}

await vitest('unit', ['unit', 'dom']);
await vitest('integration-pglite', ['integration'], { TEST_DB: 'pglite' });
if (process.env.DATABASE_URL) {
  // One worker: the database server shares the two cores, and with two files at once a server's
  // close once outlived its 60 s hook (record 353).
  await vitest('integration-postgres', ['integration'], { TEST_DB: 'postgres' }, '1');
} else {
  console.log('DATABASE_URL is not set: integration tests ran on PGlite only.');
}

if (wanted('e2e')) {
  await buildWhatIsNeeded();
  const outputFile = join(reports, 'e2e.json');
  const code = await run('npx', ['playwright', 'test'], {
    cwd: join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile },
  });
  steps.push({ name: 'e2e', code, ...countPlaywright(outputFile) });
}

// 4. The journeys across two API instances behind nginx (e2e/playwright.cluster.config.ts),
//    skipped with the reason when DATABASE_URL, REDIS_URL or nginx is missing.
if (wanted('e2e-cluster')) {
  await buildWhatIsNeeded();
  const outputFile = join(reports, 'e2e-cluster.json');
  const code = await run('npx', ['playwright', 'test', '-c', 'playwright.cluster.config.ts'], {
    cwd: join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile },
  });
  steps.push({ name: 'e2e-cluster', code, ...countPlaywright(outputFile) });
}

console.log('\nTest summary');
for (const step of steps) {
  const verdict = step.code === 0 ? 'ok' : `FAILED (exit ${step.code})`;
  console.log(`  ${step.name.padEnd(22)} ${step.passed} passed, ${step.failed} failed  ${verdict}`);
  for (const failure of step.failures ?? []) console.log(`    x ${failure}`);
}
const passed = steps.reduce((sum, s) => sum + s.passed, 0);
const failed = steps.reduce((sum, s) => sum + s.failed, 0);
const broken = steps.some((s) => s.code !== 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
