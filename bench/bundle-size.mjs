// `npm run bench:bundle` (issue 20, Performance): the JavaScript each app loads before its first
// page, gzipped. Builds nothing: run `npm run build -w @talaqa/web` (and the landing and admin
// builds for their reference figures) first.
//
// "Initial" is what the built index.html makes the browser fetch before anything lazy: the entry
// script, and every chunk it imports statically, followed through the Vite manifest
// (dist/.vite/manifest.json: `imports`, never `dynamicImports`). Vite writes those same chunks
// as <link rel="modulepreload">, so the two lists are compared and a difference is reported.
// Each file is gzipped on its own with node:zlib at level 9 (the figure a server precompressing
// with `gzip -9` sends; on-the-fly compression at a lower level sends a little more), and the
// level-6 figure (zlib's and most servers' default) is printed beside it.
//
// BUNDLE_BUDGET_KB (default 150) is the main app's budget: above it the script exits with 1, and
// also when the main app's measurement cannot be trusted (no manifest, or index.html and the
// manifest disagree on the initial files), so the budget is guarded
// (docs/decisions/308-first-load-without-schemas.md).
// BUNDLE_JSON=1 prints the figures as JSON instead of tables.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 150);
const APPS = [
  { name: 'web', main: true },
  { name: 'landing', main: false },
  { name: 'admin', main: false },
];

const kb = (bytes) => bytes / 1024;
const fmt = (bytes) => kb(bytes).toFixed(2);

/** The src/href of the module script and the modulepreload links of a built index.html. */
function htmlScripts(html) {
  const entries = [...html.matchAll(/<script\b[^>]*type="module"[^>]*\bsrc="([^"]+)"/g)].map(
    (match) => match[1],
  );
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map(
    (match) => match[1],
  );
  return { entries, preloads };
}

/** Files (relative to dist) of the entry chunks and everything they import statically. */
function manifestInitial(manifest) {
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

const stripBase = (url) => url.replace(/^\//, '');

function measureApp({ name }) {
  const dist = join(root, 'apps', name, 'dist');
  const htmlPath = join(dist, 'index.html');
  if (!existsSync(htmlPath)) return { name, built: false };
  const { entries, preloads } = htmlScripts(readFileSync(htmlPath, 'utf8'));
  const fromHtml = [...entries, ...preloads].map(stripBase);
  const manifestPath = join(dist, '.vite', 'manifest.json');
  const fromManifest = existsSync(manifestPath)
    ? manifestInitial(JSON.parse(readFileSync(manifestPath, 'utf8')))
    : null;
  const files = [...new Set([...(fromManifest ?? []), ...fromHtml])];
  const mismatch = fromManifest
    ? files.filter((file) => !fromManifest.includes(file) || !fromHtml.includes(file))
    : [];
  const rows = files
    .map((file) => {
      const source = readFileSync(join(dist, file));
      return {
        file,
        raw: source.length,
        gzip9: gzipSync(source, { level: 9 }).length,
        gzip6: gzipSync(source, { level: 6 }).length,
      };
    })
    .sort((a, b) => b.gzip9 - a.gzip9);
  const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
  return {
    name,
    built: true,
    manifest: fromManifest !== null,
    mismatch,
    rows,
    raw: total('raw'),
    gzip9: total('gzip9'),
    gzip6: total('gzip6'),
  };
}

const results = APPS.map((app) => ({ ...measureApp(app), main: app.main }));

if (process.env.BUNDLE_JSON === '1') {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const result of results) {
    console.log(`\n## ${result.name}${result.main ? ' (main app)' : ' (reference)'}\n`);
    if (!result.built) {
      console.log(`not built: run \`npm run build -w @talaqa/${result.name}\` first`);
      continue;
    }
    if (!result.manifest) console.log('(no .vite/manifest.json: index.html links only)\n');
    console.log('| initial file | raw KB | gzip -9 KB | gzip -6 KB |');
    console.log('|---|---:|---:|---:|');
    for (const row of result.rows) {
      console.log(`| ${row.file} | ${fmt(row.raw)} | ${fmt(row.gzip9)} | ${fmt(row.gzip6)} |`);
    }
    console.log(
      `| **total (${String(result.rows.length)} files)** | ${fmt(result.raw)} | **${fmt(result.gzip9)}** | ${fmt(result.gzip6)} |`,
    );
    if (result.mismatch.length > 0) {
      console.log(`\nindex.html and the manifest disagree on: ${result.mismatch.join(', ')}`);
    }
  }
}

const main = results.find((result) => result.main);
if (!main?.built) {
  console.error('\nthe main app is not built: run `npm run build -w @talaqa/web` first');
  process.exit(1);
}
const verdict = kb(main.gzip9) <= budgetKb ? 'within' : 'OVER';
console.log(
  `\nmain app initial JavaScript: ${fmt(main.gzip9)} KB gzip -9 (${verdict} the ${String(budgetKb)} KB budget; KB = 1024 bytes)`,
);
if (verdict === 'OVER') process.exitCode = 1;
if (!main.manifest || main.mismatch.length > 0) {
  console.error(
    "\nthe main app's initial files are uncertain (no manifest, or index.html disagrees with it)",
  );
  process.exitCode = 1;
}
