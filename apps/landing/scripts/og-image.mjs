// Draws the marketing site's sharing card (public/og-image.png, 1200×630, what WhatsApp,
// Facebook and X show for a shared link) and the home-screen icon (public/apple-touch-icon.png,
// 180×180). Both are committed: the build does not run this, so run `npm run og-image -w
// @talaqa/landing` after changing the brand colours, the font or the hero drawing, and look at the
// two files before committing them.
//
// It renders HTML in Chromium rather than drawing with a canvas library because only a browser
// shapes Arabic (joined letters, right to left, the shadda of تحدّث) the way the site shows it.
// Colours are read from packages/ui (theme.css and ART_COLORS) so the card cannot drift from the
// site; the drawing is the home's HeroIllustration, copied as markup because this script is plain
// Node and cannot import a .tsx file.
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const here = dirname(fileURLToPath(import.meta.url));
const landing = join(here, '..');
const ui = join(landing, '../../packages/ui/src');
const require = createRequire(import.meta.url);
const cairoDir = dirname(require.resolve('@fontsource/cairo/package.json'));

// Social sites re-encode heavier cards and some refuse them outright; flat colours keep it small.
const MAX_CARD_BYTES = 150 * 1024;

/** `--color-brand-700: #0f645e;` lines of theme.css, as { 'brand-700': '#0f645e' }. */
async function themeColours() {
  const css = await readFile(join(ui, 'theme.css'), 'utf8');
  return Object.fromEntries(
    [...css.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{3,8})\s*;/gi)].map((m) => [m[1], m[2]]),
  );
}

/** The ART_COLORS object of the shared illustrations, which adds `line` and `paper` to the theme. */
async function artColours() {
  const source = await readFile(join(ui, 'components/illustrations.tsx'), 'utf8');
  const body = /export const ART_COLORS = \{([^}]*)\}/.exec(source)?.[1];
  if (!body) throw new Error('ART_COLORS not found in packages/ui illustrations.tsx');
  return Object.fromEntries(
    [...body.matchAll(/(\w+):\s*'(#[0-9a-f]{3,8})'/gi)].map((m) => [m[1], m[2]]),
  );
}

/**
 * Cairo's @font-face rules for weights 400 and 700, Arabic and Latin subsets only, with the
 * woff2 files inlined: the page is loaded with setContent, so relative URLs would point nowhere.
 */
async function cairoFaces() {
  const faces = [];
  for (const weight of [400, 700]) {
    const css = await readFile(join(cairoDir, `${weight}.css`), 'utf8');
    for (const block of css.match(/@font-face\s*\{[^}]*\}/g) ?? []) {
      const file = /url\(\.\/files\/(cairo-(arabic|latin)-\d+-normal\.woff2)\)/.exec(block)?.[1];
      const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
      if (!file || !range) continue;
      const data = (await readFile(join(cairoDir, 'files', file))).toString('base64');
      faces.push(`@font-face {
        font-family: 'Cairo';
        font-weight: ${weight};
        font-display: block;
        src: url(data:font/woff2;base64,${data}) format('woff2');
        unicode-range: ${range};
      }`);
    }
  }
  if (faces.length !== 4) throw new Error(`expected 4 Cairo faces, found ${faces.length}`);
  return faces.join('\n');
}

/** HeroIllustration of src/features/home/illustrations.tsx, its 480×380 box unchanged. */
function heroArt(C, width) {
  const SKIN = '#e8b48a';
  const SKIN_DARK = '#b97a52';
  const HAIR = '#2b1d16';
  return `<svg viewBox="0 0 480 380" width="${width}" height="${(width * 380) / 480}" aria-hidden="true">
    <circle cx="250" cy="200" r="160" fill="${C.brand100}" />
    <circle cx="402" cy="84" r="26" fill="${C.accent300}" />
    <rect x="40" y="318" width="420" height="14" rx="7" fill="${C.brand800}" />
    <path d="M196 310h236l-14-16H210z" fill="${C.ink}" />
    <rect x="212" y="150" width="204" height="146" rx="12" fill="${C.ink}" />
    <rect x="222" y="160" width="184" height="124" rx="6" fill="${C.brand50}" />
    <path d="M266 284c0-36 22-52 48-52s48 16 48 52z" fill="${C.brand600}" />
    <path d="M304 228h20v12a10 10 0 0 1-20 0z" fill="${SKIN_DARK}" />
    <circle cx="314" cy="206" r="24" fill="${SKIN_DARK}" />
    <path d="M290 204c0-18 11-28 25-28s24 9 24 24c-10-2-22-8-28-16-4 9-12 16-21 20z" fill="${HAIR}" />
    <circle cx="305" cy="208" r="2.5" fill="${HAIR}" />
    <circle cx="323" cy="208" r="2.5" fill="${HAIR}" />
    <path d="M306 218q8 7 16 0" fill="none" stroke="${HAIR}" stroke-width="2.5" stroke-linecap="round" />
    <circle cx="392" cy="172" r="4" fill="#ef4444" />
    <path d="M70 318c0-62 26-98 72-98s60 40 62 98z" fill="${C.accent500}" />
    <path d="M156 262c22 4 42 18 60 40" fill="none" stroke="${C.accent500}" stroke-width="20" stroke-linecap="round" />
    <circle cx="216" cy="302" r="9" fill="${SKIN}" />
    <path d="M128 204h24v22a12 12 0 0 1-24 0z" fill="${SKIN}" />
    <circle cx="142" cy="176" r="32" fill="${SKIN}" />
    <path d="M106 180c-4-30 14-48 38-48 20 0 34 12 34 30-16 0-30-6-40-16-2 14-14 26-32 34z" fill="${HAIR}" />
    <path d="M108 176c-8 30-4 56 6 70 8-12 10-40 8-62z" fill="${HAIR}" />
    <circle cx="162" cy="178" r="3" fill="${HAIR}" />
    <path d="M160 196q6 3 11-1" fill="none" stroke="${HAIR}" stroke-width="2.5" stroke-linecap="round" />
    <path d="M286 44h118a14 14 0 0 1 14 14v38a14 14 0 0 1-14 14h-68l-18 18v-18h-32a14 14 0 0 1-14-14V58a14 14 0 0 1 14-14z" fill="${C.brand600}" />
    <text x="345" y="86" text-anchor="middle" font-size="26" font-weight="700" fill="${C.paper}" direction="ltr">Hello!</text>
    <path d="M84 66h112a14 14 0 0 1 14 14v34a14 14 0 0 1-14 14h-66l-18 16v-16H84a14 14 0 0 1-14-14V80a14 14 0 0 1 14-14z" fill="${C.paper}" stroke="${C.brand800}" stroke-width="3" />
    <text x="140" y="106" text-anchor="middle" font-size="24" font-weight="700" fill="${C.brand800}" direction="rtl">أهلًا!</text>
    <g font-weight="700" text-anchor="middle">
      <circle cx="240" cy="92" r="18" fill="${C.accent100}" />
      <text x="240" y="100" font-size="22" fill="${C.accent500}" direction="ltr">A</text>
      <circle cx="262" cy="132" r="14" fill="${C.paper}" />
      <text x="262" y="139" font-size="18" fill="${C.brand600}" direction="rtl">ب</text>
      <circle cx="36" cy="226" r="16" fill="${C.paper}" />
      <text x="36" y="233" font-size="18" fill="${C.brand600}" direction="ltr">b</text>
      <circle cx="446" cy="236" r="16" fill="${C.accent100}" />
      <text x="446" y="244" font-size="20" fill="${C.accent500}" direction="rtl">أ</text>
    </g>
  </svg>`;
}

/** The favicon's mark (public/favicon.svg): ط in white on a brand-700 tile. */
function mark(T, size, radius) {
  return `<div class="mark" style="width:${size}px;height:${size}px;border-radius:${radius}px;
    background:${T['brand-700']};font-size:${size * 0.58}px">ط</div>`;
}

function page(fonts, T, body, { width, height, background }) {
  return `<!doctype html>
<html lang="ar-EG" dir="rtl">
<head>
<meta charset="utf-8" />
<style>
  ${fonts}
  * { box-sizing: border-box; margin: 0; }
  html, body { width: ${width}px; height: ${height}px; overflow: hidden; }
  body {
    font-family: 'Cairo';
    color: ${T.ink};
    background: ${background};
    -webkit-font-smoothing: antialiased;
  }
  .mark {
    display: flex; align-items: center; justify-content: center; flex-shrink: 0;
    color: #fff; font-weight: 700; line-height: 1;
  }
</style>
</head>
<body>${body}</body>
</html>`;
}

function card(T, A) {
  return `
  <style>
    .card { position: relative; width: 1200px; height: 630px; display: flex; align-items: center;
      gap: 28px; padding: 0 64px 18px 36px; }
    .words { flex: 1; display: flex; flex-direction: column; gap: 20px; }
    .brand { display: flex; align-items: center; gap: 26px; }
    .name { font-size: 132px; font-weight: 700; line-height: 1.1; color: ${T['brand-800']}; }
    .tagline { font-size: 50px; font-weight: 700; line-height: 1.45; color: ${T.ink}; }
    .details { display: flex; align-items: center; gap: 16px; font-size: 27px; font-weight: 400;
      line-height: 1.5; color: ${T.muted}; white-space: nowrap; }
    .dot { width: 10px; height: 10px; border-radius: 50%; background: ${T['accent-400']}; }
    .art { flex-shrink: 0; }
    .band { position: absolute; inset: auto 0 0 0; height: 18px; background: ${T['brand-700']}; }
  </style>
  <main class="card">
    <div class="words">
      <div class="brand">${mark(T, 112, 28)}<h1 class="name">طلاقة</h1></div>
      <p class="tagline">تحدّث الإنجليزية بطلاقة<br />مع معلمين تثق بهم</p>
      <p class="details">
        <span>دروس فردية مباشرة عبر الفيديو</span><span class="dot" aria-hidden="true"></span><span>الأسعار بالجنيه المصري</span>
      </p>
    </div>
    <div class="art">${heroArt(A, 430)}</div>
    <div class="band"></div>
  </main>`;
}

/**
 * Waits for Cairo and fails rather than shoot a card in a fallback font. Faces load lazily, so
 * both weights are asked for by name (the icon uses only 700) before `document.fonts.ready`.
 */
async function settle(tab) {
  const missing = await tab.evaluate(async () => {
    const wanted = ['400 30px Cairo', '700 50px Cairo'];
    const sample = 'طلاقة Hello';
    await Promise.all(wanted.map((font) => document.fonts.load(font, sample)));
    await document.fonts.ready;
    return wanted.filter((font) => !document.fonts.check(font, sample));
  });
  if (missing.length > 0) throw new Error(`Cairo did not load: ${missing.join(', ')}`);
}

async function shoot(browser, html, { width, height, path }) {
  const tab = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  await tab.setContent(html, { waitUntil: 'load' });
  await settle(tab);
  await tab.screenshot({ path, type: 'png', clip: { x: 0, y: 0, width, height } });
  await tab.close();
  const { size } = await stat(path);
  console.log(`${path}: ${width}×${height}, ${(size / 1024).toFixed(1)} KB`);
  return size;
}

const [T, A, fonts] = await Promise.all([themeColours(), artColours(), cairoFaces()]);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const cardBytes = await shoot(
    browser,
    page(fonts, T, card(T, A), { width: 1200, height: 630, background: T['brand-50'] }),
    { width: 1200, height: 630, path: join(landing, 'public/og-image.png') },
  );
  if (cardBytes > MAX_CARD_BYTES) {
    throw new Error(`og-image.png is ${cardBytes} bytes, over ${MAX_CARD_BYTES}`);
  }
  // iOS rounds the corners itself and shows transparency as black, so the tile is full bleed.
  await shoot(
    browser,
    page(fonts, T, mark(T, 180, 0), { width: 180, height: 180, background: T['brand-700'] }),
    { width: 180, height: 180, path: join(landing, 'public/apple-touch-icon.png') },
  );
} finally {
  await browser.close();
}
