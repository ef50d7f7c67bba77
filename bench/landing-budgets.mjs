// `npm run bench:landing -w bench` (issue 24): the marketing site's budgets, measured on a served
// landing build (`npm start` serves it on LANDING_PORT) with Debian's Chromium as a mid-range
// phone: 4x CPU slowdown and DevTools' "Fast 3G" network.
//
// Budgets, per route: Largest Contentful Paint under 1.5 s, Cumulative Layout Shift under 0.05,
// JavaScript at most 30 KB gzip on content pages (every route but /pricing and /contact, which may
// hydrate React islands), total page weight at most 200 KB transferred, and Lighthouse 95 or more
// for performance, accessibility, best practices and SEO. Every figure is printed, then the
// script exits with 1 when any budget fails.
//
// Environment:
//   LANDING_URL  base URL of the served landing (default http://127.0.0.1:4300)
//   ROUTES       comma-separated paths instead of every route of the site
//   LIGHTHOUSE=0 skip Lighthouse (the browser measurements alone take a few seconds a route)
//   BUDGET_JSON=1 print the figures as JSON instead of tables
//   CHROME_PATH  the browser (default /usr/bin/chromium)
//
// Method (Playwright driving Chromium, one fresh browser context per route, so a cold cache and
// new connections each time):
// - LCP: the last 'largest-contentful-paint' entry, read once the network has been idle for
//   500 ms after `load`, plus 1 s. The observers are installed before any page script runs.
// - CLS: the largest session window of 'layout-shift' entries without recent input (gaps under
//   1 s, windows at most 5 s: the Core Web Vitals definition); the plain sum is in the JSON.
// - Bytes: CDP Network events. "Transferred" is loadingFinished's encodedDataLength (headers and
//   body as they crossed the wire); "decoded" the body after content decoding. JS "gzip" is each
//   script body compressed on its own with node:zlib at level 9, what a server precompressing
//   with `gzip -9` would send: the JS budget is judged on it, since the budget says "gzip". The
//   page weight budget is judged on what was transferred; "if gzip -9" beside it is the same
//   page with every text body replaced by its gzip -9 size, for when the server does not
//   compress.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const BASE_URL = (process.env.LANDING_URL ?? 'http://127.0.0.1:4300').replace(/\/+$/, '');
const ALL_ROUTES = [
  '/',
  '/tutor',
  '/terms',
  '/privacy',
  '/pricing',
  '/faq',
  '/faq/student',
  '/faq/tutor',
  '/contact',
  '/method',
  '/about',
];
/** Pages that may hydrate React islands, so the content-page JS budget does not apply. */
const ISLAND_ROUTES = new Set(['/pricing', '/contact']);
const ROUTES = process.env.ROUTES
  ? process.env.ROUTES.split(',').map((route) => route.trim())
  : ALL_ROUTES;
const WITH_LIGHTHOUSE = process.env.LIGHTHOUSE !== '0';
/**
 * Loads of each route: the one with the median LCP is reported. On 2 shared cores with the CPU
 * throttled 4x, one load's paint times vary by about 0.2 s with what else runs; the bytes do not.
 */
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const AS_JSON = process.env.BUDGET_JSON === '1';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const KB = 1024;
const BUDGETS = {
  lcpMs: 1500,
  cls: 0.05,
  contentJsGzipBytes: 30 * KB,
  pageBytes: 200 * KB,
  lighthouseScore: 95,
};

/** The project's launch flags for Debian's Chromium (no sandbox in containers, no GPU). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** DevTools' "Mid-tier mobile" CPU: 4x slowdown. */
const CPU_SLOWDOWN = 4;
/**
 * DevTools' "Fast 3G" (Fast3GConditions in ChromeDevTools/devtools-frontend,
 * front_end/core/sdk/NetworkManager.ts): 1.6 Mbit/s down and 750 kbit/s up, each times 0.9, and
 * 150 ms x 3.75 = 562.5 ms latency. CDP takes bytes per second.
 */
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
/** Lighthouse's mobile device (moto g power, core/config/constants.js), so both agree. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75 };
const phoneUserAgent = (chromeVersion) =>
  `Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chromeVersion} Mobile Safari/537.36`;

const NAVIGATION_TIMEOUT_MS = 60_000;
const SETTLE_MS = 1000;

const kb = (bytes) => (bytes / KB).toFixed(1);
const sum = (values) => values.reduce((total, value) => total + value, 0);

// ---------------------------------------------------------------------------------------------
// Browser measurements

/**
 * Runs in the page before its own scripts: LCP and layout-shift entries are only observable (not
 * in performance.getEntriesByType), and observing from the start keeps every entry.
 */
function observeVitals() {
  const vitals = { lcp: null, shifts: [] };
  window.__landingBudgets = vitals;
  const describe = (element) => {
    if (!element) return null;
    const id = element.id ? `#${element.id}` : '';
    const classes = typeof element.className === 'string' ? element.className.slice(0, 60) : '';
    const classAttribute = classes ? ` class="${classes}"` : '';
    const text = (element.textContent ?? '').trim().slice(0, 40);
    return `<${element.tagName.toLowerCase()}${id}${classAttribute}> ${text}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = {
        startTime: entry.startTime,
        size: entry.size,
        url: entry.url,
        element: describe(entry.element),
      };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      // What moved, so a failing CLS can be traced to its elements.
      const moved = (entry.sources ?? []).map((source) => describe(source.node)).filter(Boolean);
      vitals.shifts.push({ startTime: entry.startTime, value: entry.value, moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** CLS as Core Web Vitals define it: the worst session window (gaps < 1 s, at most 5 s long). */
function sessionWindowCls(shifts) {
  let worst = 0;
  let windowValue = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const { startTime, value } of shifts) {
    if (startTime - previous >= 1000 || startTime - windowStart >= 5000) {
      windowValue = 0;
      windowStart = startTime;
    }
    windowValue += value;
    previous = startTime;
    worst = Math.max(worst, windowValue);
  }
  return worst;
}

/** Records every request of the page from CDP Network events, keyed by requestId. */
function recordNetwork(cdp) {
  const requests = new Map();
  const entry = (requestId) => {
    if (!requests.has(requestId)) requests.set(requestId, { decoded: 0, transferred: 0 });
    return requests.get(requestId);
  };
  cdp.on('Network.requestWillBeSent', ({ requestId, request, redirectResponse }) => {
    // A redirect reuses the requestId: the answered hop is kept as a request of its own.
    if (redirectResponse) {
      const hop = { ...entry(requestId), transferred: redirectResponse.encodedDataLength };
      requests.set(`${requestId}#${requests.size}`, { ...hop, finished: true });
      requests.delete(requestId);
    }
    Object.assign(entry(requestId), { url: request.url });
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    Object.assign(entry(requestId), { type, status: response.status, mimeType: response.mimeType });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    entry(requestId).decoded += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    Object.assign(entry(requestId), { transferred: encodedDataLength, finished: true });
  });
  cdp.on('Network.loadingFailed', ({ requestId, errorText }) => {
    Object.assign(entry(requestId), { failed: errorText });
  });
  return requests;
}

const isTextMime = (mimeType = '') => /^text\/|javascript|json|xml|svg/.test(mimeType);

/** The body of a finished response, as bytes (CDP sends binary bodies in base64). */
async function responseBody(cdp, requestId) {
  const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
  return Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
}

/** Adds gzip -9 sizes to the finished text responses (scripts, styles, HTML, JSON, SVG). */
async function addGzipSizes(cdp, requests) {
  for (const [requestId, request] of requests) {
    if (!request.finished || request.failed || !isTextMime(request.mimeType)) continue;
    if (requestId.includes('#')) continue; // a redirect hop: its body is not kept
    try {
      const body = await responseBody(cdp, requestId);
      request.bodyBytes = body.length;
      request.gzip9 = gzipSync(body, { level: 9 }).length;
    } catch {
      // A body Chromium did not keep (e.g. evicted) is left out of the gzip figures, not guessed.
      request.gzipUnknown = true;
    }
  }
}

/** A new phone-sized context (cold cache, own connections) with the CPU and network throttled. */
async function throttledPage(browser) {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: phoneUserAgent(browser.version()),
    locale: 'ar-EG',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await page.addInitScript(observeVitals);
  return { context, page, cdp };
}

/** Sums the network records into the figures the budgets speak of. */
function summarizeNetwork(requests) {
  const all = [...requests.values()].filter((request) => !/^(data|blob):/.test(request.url ?? ''));
  const scripts = all.filter((request) => request.type === 'Script');
  const fonts = all.filter((request) => request.type === 'Font');
  // The page as it would cross the wire if every text body were sent gzip -9: headers as sent.
  const ifGzip9 = (request) =>
    request.gzip9 === undefined
      ? request.transferred
      : request.transferred - Math.min(request.bodyBytes, request.transferred) + request.gzip9;
  return {
    requests: all.length,
    failedRequests: all.filter((request) => request.failed).map((r) => `${r.url}: ${r.failed}`),
    transferredBytes: sum(all.map((request) => request.transferred)),
    decodedBytes: sum(all.map((request) => request.decoded)),
    ifGzip9Bytes: sum(all.map(ifGzip9)),
    js: {
      files: scripts.length,
      // A script whose body was not kept counts uncompressed: the budget errs towards failing.
      gzip9Bytes: sum(scripts.map((request) => request.gzip9 ?? request.decoded)),
      gzipUnknown: scripts.filter((request) => request.gzipUnknown).length,
      transferredBytes: sum(scripts.map((request) => request.transferred)),
      decodedBytes: sum(scripts.map((request) => request.decoded)),
    },
    fonts: { files: fonts.length, transferredBytes: sum(fonts.map((r) => r.transferred)) },
    list: all.map(({ url, type, status, transferred, decoded, gzip9 }) => ({
      url,
      type,
      status,
      transferred,
      decoded,
      gzip9,
    })),
  };
}

/** Loads one route as a throttled phone and returns its vitals and bytes. */
async function measureRoute(browser, route) {
  const { context, page, cdp } = await throttledPage(browser);
  const requests = recordNetwork(cdp);
  try {
    const response = await page.goto(BASE_URL + route, {
      waitUntil: 'load',
      timeout: NAVIGATION_TIMEOUT_MS,
    });
    // Late fetches (the pricing page's plans) can still move the largest paint or shift layout.
    // A page that never goes idle (polling) is still measured, once the wait times out.
    await page.waitForLoadState('networkidle', { timeout: NAVIGATION_TIMEOUT_MS }).catch(() => {});
    await page.waitForTimeout(SETTLE_MS);
    const vitals = await page.evaluate(() => ({
      ...window.__landingBudgets,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    await addGzipSizes(cdp, requests);
    return {
      status: response?.status() ?? null,
      lcpMs: vitals.lcp?.startTime ?? null,
      lcpElement: vitals.lcp?.element ?? null,
      lcpUrl: vitals.lcp?.url || null,
      fcpMs: vitals.fcp,
      cls: sessionWindowCls(vitals.shifts),
      clsSum: sum(vitals.shifts.map((shift) => shift.value)),
      shifts: vitals.shifts,
      ...summarizeNetwork(requests),
    };
  } finally {
    await context.close();
  }
}

async function measureAll(routes) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  const results = {};
  try {
    for (const route of routes) {
      try {
        const loads = [];
        for (let run = 0; run < RUNS; run += 1) loads.push(await measureRoute(browser, route));
        loads.sort((a, b) => (a.lcpMs ?? Infinity) - (b.lcpMs ?? Infinity));
        const median = loads[Math.floor(loads.length / 2)];
        results[route] = { ...median, lcpRunsMs: loads.map((load) => load.lcpMs) };
      } catch (error) {
        results[route] = { error: String(error?.message ?? error) };
      }
    }
    return { chromiumVersion: browser.version(), results };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Audits that cost a category points: weighted, scored, and below a full score. */
function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .map(({ ref, audit }) => ({
      id: ref.id,
      weight: ref.weight,
      score: audit.score,
      title: audit.title,
      displayValue: audit.displayValue ?? '',
    }));
}

/** Lighthouse's default mobile run (simulated slow 4G, 4x CPU) of one route, in its own Chromium. */
async function lighthouseRoute(lighthouse, launch, route) {
  const chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(BASE_URL + route, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = result.lhr;
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => {
        const score = lhr.categories[id]?.score;
        return [id, typeof score === 'number' ? Math.round(score * 100) : null];
      }),
    );
    const failing = Object.fromEntries(
      CATEGORIES.filter((id) => (scores[id] ?? 0) < BUDGETS.lighthouseScore).map((id) => [
        id,
        failingAudits(lhr, id),
      ]),
    );
    return {
      version: lhr.lighthouseVersion,
      scores,
      failing,
      runtimeError: lhr.runtimeError?.message ?? null,
      warnings: lhr.runWarnings ?? [],
    };
  } finally {
    chrome.kill();
  }
}

async function lighthouseAll(routes) {
  // Imported only when wanted: Lighthouse takes a while to load and LIGHTHOUSE=0 skips it.
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const results = {};
  for (const route of routes) {
    try {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): one more try, not a pass.
      let result = await lighthouseRoute(lighthouse, launch, route);
      if (result.runtimeError) result = await lighthouseRoute(lighthouse, launch, route);
      results[route] = result;
    } catch (error) {
      results[route] = { error: String(error?.message ?? error) };
    }
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Budgets and report

/** Each budget of one route: its value, its limit and whether it holds (null: not applicable). */
function judge(route, measured, lighthouse) {
  const checks = [];
  const check = (name, value, pass) => checks.push({ name, value, pass });
  if (measured.error) check('measurement', measured.error, false);
  else {
    check('LCP', measured.lcpMs, measured.lcpMs !== null && measured.lcpMs < BUDGETS.lcpMs);
    check('CLS', measured.cls, measured.cls < BUDGETS.cls);
    check(
      'JS gzip',
      measured.js.gzip9Bytes,
      ISLAND_ROUTES.has(route) ? null : measured.js.gzip9Bytes <= BUDGETS.contentJsGzipBytes,
    );
    check('page weight', measured.transferredBytes, measured.transferredBytes <= BUDGETS.pageBytes);
    if (measured.status !== 200) check('HTTP status', measured.status, false);
  }
  if (lighthouse?.error || lighthouse?.runtimeError) {
    check('Lighthouse', lighthouse.error ?? lighthouse.runtimeError, false);
  } else if (lighthouse) {
    for (const id of CATEGORIES) {
      const score = lighthouse.scores[id];
      check(`Lighthouse ${id}`, score, score !== null && score >= BUDGETS.lighthouseScore);
    }
  }
  return checks;
}

const lighthouseCell = (lh) => {
  if (!lh) return 'not run';
  if (lh.error || lh.runtimeError) return 'error';
  return CATEGORIES.map((id) => lh.scores[id] ?? '-').join(' / ');
};
const mark = (pass) => (pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL');
const row = (cells) => `| ${cells.join(' | ')} |`;

function printTables(routes, report) {
  const header = ['route', 'LCP ms', 'FCP ms', 'CLS', 'JS KB gzip -9', 'JS KB sent'];
  header.push('page KB sent', 'page KB if gzip -9', 'page KB decoded', 'fonts KB sent');
  header.push('requests', 'Lighthouse perf / a11y / b.p. / SEO', 'budgets');
  console.log(row(header));
  console.log(row(header.map(() => '---')));
  for (const route of routes) {
    const m = report.measured[route];
    const verdict = report.verdicts[route].every((c) => c.pass !== false) ? 'PASS' : 'FAIL';
    if (m.error) {
      console.log(row([route, `error: ${m.error}`, ...Array(10).fill(''), verdict]));
      continue;
    }
    const js = ISLAND_ROUTES.has(route) ? `${kb(m.js.gzip9Bytes)} (island)` : kb(m.js.gzip9Bytes);
    console.log(
      row([
        route,
        m.lcpMs === null ? 'none' : Math.round(m.lcpMs),
        m.fcpMs === null ? 'none' : Math.round(m.fcpMs),
        m.cls.toFixed(3),
        js,
        kb(m.js.transferredBytes),
        kb(m.transferredBytes),
        kb(m.ifGzip9Bytes),
        kb(m.decodedBytes),
        kb(m.fonts.transferredBytes),
        m.requests,
        lighthouseCell(report.lighthouse?.[route]),
        verdict,
      ]),
    );
  }
  console.log('');
  for (const route of routes) printRouteDetail(route, report);
}

function printRouteDetail(route, report) {
  const m = report.measured[route];
  const lh = report.lighthouse?.[route];
  const checks = report.verdicts[route].map((c) => `${c.name} ${mark(c.pass)}`);
  console.log(`${route}: ${checks.join(', ')}`);
  if (!m.error) {
    console.log(`  LCP element: ${m.lcpElement ?? 'none'}${m.lcpUrl ? ` (${m.lcpUrl})` : ''}`);
    if (m.lcpRunsMs)
      console.log(
        `  LCP of the ${m.lcpRunsMs.length} loads (ms): ${m.lcpRunsMs.map(Math.round).join(', ')}`,
      );
    if (m.failedRequests.length) console.log(`  failed requests: ${m.failedRequests.join('; ')}`);
    const worst = [...m.shifts].sort((a, b) => b.value - a.value)[0];
    if (worst) {
      const at = `${Math.round(worst.startTime)} ms`;
      console.log(
        `  largest shift: ${worst.value.toFixed(3)} at ${at}: ${worst.moved.join(' | ')}`,
      );
    }
  }
  if (!lh) return;
  if (lh.error || lh.runtimeError) {
    console.log(`  Lighthouse error: ${lh.error ?? lh.runtimeError}`);
    return;
  }
  const scores = CATEGORIES.map((id) => `${id} ${lh.scores[id] ?? 'none'}`).join(', ');
  console.log(`  Lighthouse ${lh.version}: ${scores}`);
  for (const [category, audits] of Object.entries(lh.failing)) {
    for (const audit of audits) {
      const value = audit.displayValue ? `: ${audit.displayValue}` : '';
      console.log(
        `    [${category}] ${audit.id} (weight ${audit.weight}, score ${audit.score}) ${audit.title}${value}`,
      );
    }
  }
  for (const warning of lh.warnings) console.log(`  Lighthouse warning: ${warning}`);
}

/** The machine, for the results file: cores, CPU model, memory. */
function machine() {
  const model = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1];
  const cores = execFileSync('nproc', { encoding: 'utf8' }).trim();
  return {
    cores: Number(cores),
    cpu: model ?? cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
  };
}

async function main() {
  const started = new Date().toISOString();
  const { chromiumVersion, results: measured } = await measureAll(ROUTES);
  const lighthouse = WITH_LIGHTHOUSE ? await lighthouseAll(ROUTES) : null;
  const verdicts = Object.fromEntries(
    ROUTES.map((route) => [route, judge(route, measured[route], lighthouse?.[route])]),
  );
  const report = {
    started,
    baseUrl: BASE_URL,
    machine: machine(),
    chromiumVersion,
    throttling: { cpuSlowdown: CPU_SLOWDOWN, network: FAST_3G, phone: PHONE },
    budgets: BUDGETS,
    measured,
    lighthouse,
    verdicts,
  };
  const failed = Object.values(verdicts).some((checks) => checks.some((c) => c.pass === false));
  if (AS_JSON) console.log(JSON.stringify(report, null, 2));
  else {
    const { cores, cpu, memoryGiB, node } = report.machine;
    console.log(
      `${started} ${BASE_URL}: ${cores} x ${cpu}, ${memoryGiB} GiB, Node ${node}, Chromium ${chromiumVersion}; ` +
        `${CPU_SLOWDOWN}x CPU, Fast 3G (562.5 ms, 1.44 Mbit/s down, 675 kbit/s up), ${PHONE.width}x${PHONE.height} @${PHONE.deviceScaleFactor}\n`,
    );
    printTables(ROUTES, report);
    console.log(failed ? '\nSome budgets FAIL.' : '\nEvery budget holds.');
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
