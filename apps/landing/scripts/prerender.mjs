// The last step of `npm run build` (record 355): writes every page of the marketing site as HTML
// with dist-server/render.js, after `vite build` made the browser's files and `vite build --ssr`
// the renderer. It also
// - puts the stylesheet inline in every page (no request before the first paint);
// - cuts Cairo down to the glyphs the site can show (every character of the pages, the renderer
//   and the islands' scripts, which hold every text the server or a script may write later);
// - writes sitemap.xml, robots.txt, the "not found" pages, and dist/.vite/site-assets.json, from
//   which the server renders the live pages again;
// - writes a gzip and a brotli copy beside each script, style sheet and text file, which the
//   server sends to browsers that accept them.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import subsetFont from 'subset-font';

const app = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(app, 'dist');
const render = await import(pathToFileURL(join(app, 'dist-server', 'render.js')).href);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const ENTRIES = { site: 'src/site.ts', islands: { contact: 'src/islands/contact.tsx' } };
/** The weights and scripts whose fonts the first paint needs (body text and headings). */
const PRELOADED_FONTS = [/cairo-arabic-400/, /cairo-arabic-700/];

const url = (file) => `/${file}`;

/** A chunk and every chunk it imports statically, as the browser will fetch them. */
function chunkFiles(key, seen = new Set()) {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the Vite manifest has no ${key}`);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(imported, seen))];
}

/** The characters of a text, as a set. */
const charactersOf = (text) => new Set(text);

/**
 * Every character the site can show: the pages' text, and the non-Latin text of the renderer and
 * the islands (what the server or a script may write later: Arabic words, digits, marks). Latin
 * letters come from the pages only: the scripts' code is Latin too, and would fill the font.
 */
function glyphsOfSite(pages, scripts) {
  const characters = new Set();
  const add = (text, keep = () => true) => {
    for (const character of text) if (keep(character)) characters.add(character);
  };
  add('0123456789 .,:;!?()-+%/@«»');
  for (const html of pages) add(html.replace(/<[^>]*>/g, ' '));
  // Bundlers may write non-ASCII text as `\uXXXX` escapes.
  const unescape = (text) =>
    text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  const beyondLatin = (character) => character.codePointAt(0) >= 0x0600;
  for (const file of scripts) add(unescape(readFileSync(file, 'utf8')), beyondLatin);
  return [...characters].filter((character) => character.codePointAt(0) >= 0x20).join('');
}

const contentHash = (bytes) => createHash('sha256').update(bytes).digest('base64url').slice(0, 8);

/**
 * The stylesheet with each Cairo face cut to the site's glyphs (woff2 only: every browser the
 * site supports reads it) and the faces whose characters the site never shows left out.
 */
async function withSubsetFonts(css, glyphs) {
  const faces = [...css.matchAll(/@font-face\s*{[^}]*}/g)].map((match) => match[0]);
  const preloads = [];
  let result = css;
  for (const face of faces) {
    const source = face.match(/url\(([^)]+\.woff2)\)/)?.[1];
    const range = face.match(/unicode-range:\s*([^;}]+)/)?.[1];
    if (!source) throw new Error(`a @font-face without woff2: ${face}`);
    const inRange = range ? glyphsInRange(glyphs, range) : glyphs;
    if (inRange.length === 0) {
      result = result.replace(face, '');
      continue;
    }
    const original = readFileSync(join(dist, source.replace(/^\//, '')));
    const subset = await subsetFont(original, inRange, { targetFormat: 'woff2' });
    const name = source.replace(/-[\w-]{8}\.woff2$/, `-${contentHash(subset)}.woff2`);
    writeFileSync(join(dist, name.replace(/^\//, '')), subset);
    if (PRELOADED_FONTS.some((pattern) => pattern.test(name))) preloads.push(name);
    const src = `src:url(${name}) format("woff2")`;
    result = result.replace(face, face.replace(/src:[^;}]+/, src));
  }
  return { css: result, preloads };
}

/** The characters of `glyphs` inside a CSS unicode-range (`U+0600-06FF, U+200C-200E, ...`). */
function glyphsInRange(glyphs, range) {
  const spans = range.split(',').map((part) => {
    // `U+6??` is U+0600-06FF.
    const [from, to = from.replaceAll('?', 'F')] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from.replaceAll('?', '0'), 16), parseInt(to, 16)];
  });
  return [...glyphs]
    .filter((character) => {
      const code = character.codePointAt(0);
      return spans.some(([from, to]) => code >= from && code <= to);
    })
    .join('');
}

/** The fontsource files Vite copied, now replaced by the subsets. */
function removeOriginalFonts(keep) {
  const assets = join(dist, 'assets');
  for (const file of readdirSync(assets)) {
    if (/^cairo-.*\.woff2?$/.test(file) && !keep.has(`/assets/${file}`)) rmSync(join(assets, file));
  }
}

function pageFile(path) {
  return path === '/' ? join(dist, 'index.html') : join(dist, path, 'index.html');
}

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** gzip and brotli copies of the files a browser fetches as text. */
function precompress(folder) {
  for (const name of readdirSync(folder)) {
    const file = join(folder, name);
    if (statSync(file).isDirectory()) {
      if (name !== '.vite') precompress(file);
      continue;
    }
    if (!/\.(js|css|svg|xml|txt)$/.test(name)) continue;
    const bytes = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

const site = manifest[ENTRIES.site];
const islands = Object.fromEntries(
  Object.entries(ENTRIES.islands).map(([name, key]) => {
    const [script, ...imports] = chunkFiles(key).map(url);
    return [name, { script, imports }];
  }),
);
const stylesheet = readFileSync(join(dist, site.css[0]), 'utf8');

// First pass: the pages without styles, to learn which characters they show.
const draftAssets = { css: '', fontPreloads: [], siteScript: url(site.file), islands };
const drafts = await Promise.all(
  render.SITE_PAGES.map((page) => render.renderSitePage(page.path, draftAssets)),
);
const scripts = [
  join(app, 'dist-server', 'render.js'),
  ...Object.values(islands).flatMap((island) =>
    [island.script, ...island.imports].map((file) => join(dist, file)),
  ),
];
const { css, preloads } = await withSubsetFonts(stylesheet, glyphsOfSite(drafts, scripts));
removeOriginalFonts(new Set([...css.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1])));

const assets = { css, fontPreloads: preloads, siteScript: url(site.file), islands };
write(join(dist, '.vite', 'site-assets.json'), `${JSON.stringify(assets, null, 2)}\n`);
for (const page of render.SITE_PAGES) {
  write(pageFile(page.path), await render.renderSitePage(page.path, assets));
}
write(join(dist, '404.html'), await render.renderServicePage('notFound', assets));
write(
  join(dist, 'url-not-found.html'),
  await render.renderServicePage('shortLinkNotFound', assets),
);
write(join(dist, 'sitemap.xml'), render.sitemapXml());
write(join(dist, 'robots.txt'), render.robotsTxt());
precompress(dist);

const fonts = [...css.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]);
const fontBytes = fonts.reduce((sum, font) => sum + statSync(join(dist, font)).size, 0);
console.log(
  `prerendered ${render.SITE_PAGES.length} pages into ${relative(process.cwd(), dist)}; ` +
    `${fonts.length} font files, ${(fontBytes / 1024).toFixed(1)} KB, ` +
    `${charactersOf(glyphsOfSite(drafts, scripts)).size} characters`,
);
