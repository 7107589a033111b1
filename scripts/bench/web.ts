// `npm run bench:web` (issue 24, section 2): the portal on the phone most members use. Builds the
// portal when it is stale, starts the real server on a copy of it with a fresh embedded database and
// the demo data (a temporary DATA_DIR, a free port), and runs Lighthouse (pinned: 12.2.3, which runs
// on Node 20 and Debian's Chromium) in its mobile configuration (a Moto G Power screen, simulated
// slow 4G, 4x CPU slowdown) on the public pages and, signed in as the demo member, on three signed-in
// ones. Then it times the sign-in itself: from pressing the button on the sign-in page to the
// dashboard showing its figures, in a phone-sized context under the same throttling applied through
// the DevTools protocol (network + CPU), as it happens, not simulated.
//
//   npm run bench:web                   # every page once, three timed sign-ins
//   npm run bench:web -- --runs 3       # each page 3 times; the median run (by score) is reported
//   npm run bench:web -- --pages /auth/login,/ecommerce
//   npm run bench:web -- --sign-ins 5
//   npm run bench:web -- --base-url http://127.0.0.1:3000   # a portal already running with the demo
//
// Writes the reports to bench-results/lighthouse-<page>.html (and .json), the figures to
// bench-results/web.json, prints a table against the issue's goals and, for a page over the layout
// shift goal, the elements that shifted (Lighthouse's layout-shifts audit). A benchmark, not a test:
// not part of `npm test`; its figures depend on how busy the machine is (Lighthouse's simulation
// starts from a real trace).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { throttling, screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { ensureChromium } from '../chromium.mjs';
import { buildPortalIfStale } from '../web-build.mjs';
import { arg, argText, log } from './measure';

const root = path.resolve(import.meta.dirname, '../..');
const DEMO = { email: 'demo@portal.test', password: 'demo-pass-1234' };
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  // Lighthouse opens each page in a new tab: without these, a tab Chromium deems in the background
  // may not paint at all (NO_FCP), as chrome-launcher's defaults also say.
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--disable-background-timer-throttling',
];

interface PageSpec {
  path: string;
  signedIn: boolean;
}
const ALL_PAGES: PageSpec[] = [
  { path: '/auth/login', signedIn: false },
  { path: '/manuals', signedIn: false },
  { path: '/ecommerce', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/organization', signedIn: true },
  { path: '/reports/cycle_bonus', signedIn: true },
];
/** The goals of issue 24: public pages and signed-in ones. */
const GOALS = {
  public: { score: 95, lcpMs: 2000, cls: 0.1 },
  signedIn: { lcpMs: 2500, tbtMs: 200, cls: 0.1 },
};
const RUNS = arg('runs', 1);
const SIGN_INS = arg('sign-ins', 3);
const only = argText('pages')?.split(',');
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.path)) : ALL_PAGES;
/** Lighthouse's mobile throttling, as DevTools applies it (the "applied" equivalent of the simulation). */
const SLOW_4G = throttling.mobileSlow4G;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server, as `npm start` runs it, on its own data directory with the demo network. */
async function startServer(webDist: string, dataDir: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Never DATABASE_URL: the benchmark runs on its own throw-away embedded database.
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DEMO_SEED: 'true',
      PUBLIC_URL: baseUrl,
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_GLOBAL: '100000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  server.stdout?.on('data', (c) => (out += c));
  server.stderr?.on('data', (c) => (out += c));
  // Seeding the demo's 90 days of history takes a while, more on a busy machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${out}`);
    try {
      if ((await fetch(`${baseUrl}/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  return { baseUrl, stop };
}

/** Signs the demo member in through the sign-in page, in the given context, until the dashboard. */
async function signInThroughPage(context: BrowserContext, baseUrl: string) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByTestId('login-username').fill(DEMO.email);
  await page.getByTestId('login-password').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard/, { timeout: 60_000 });
  await page.close();
}

/** The figures the dashboard shows once its data is in: every one must be on screen with text. */
const DASHBOARD_FIGURES = [
  'income-week-earned',
  'income-month-earned',
  'income-all-earned',
  'next-payout-amount',
  'standing-personal-pv',
  'standing-left',
  'standing-right',
  'standing-travel-total',
];

/**
 * One timed sign-in on a fresh phone-sized context (empty cache, no cookies): the sign-in page is
 * loaded and settled first, then the clock runs from the click until every dashboard figure shows.
 */
async function timeSignIn(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: screenEmulationMetrics.mobile.width, height: screenEmulationMetrics.mobile.height },
    deviceScaleFactor: screenEmulationMetrics.mobile.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
    locale: 'th-TH',
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(240_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.requestLatencyMs,
      downloadThroughput: (SLOW_4G.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdownMultiplier });
    await page.goto(`${baseUrl}/auth/login`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-username').fill(DEMO.email);
    await page.getByTestId('login-password').fill(DEMO.password);
    const submit = page.getByTestId('login-submit');
    await submit.waitFor({ state: 'visible' });
    const started = performance.now();
    await submit.click();
    await page.waitForURL(/\/dashboard/);
    // A function, not a string (the portal's CSP has no 'unsafe-eval'); this file is type-checked
    // without the DOM's types, hence the narrow view of the document.
    type Doc = { querySelector(s: string): { offsetParent: unknown; innerText: string } | null };
    await page.waitForFunction(
      (ids) =>
        ids.every((id) => {
          const el = (globalThis as unknown as { document: Doc }).document.querySelector(
            `[data-testid="${id}"]`,
          );
          return el !== null && el.offsetParent !== null && /\d/.test(el.innerText);
        }),
      DASHBOARD_FIGURES,
      { polling: 'raf' },
    );
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

interface PageResult {
  path: string;
  signedIn: boolean;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  lcpElement: string | null;
  shifts: { element: string; score: number }[];
  cpuIndex: number;
  report: string;
  meets: boolean;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface TraceEvent {
  name: string;
  ts: number;
  args?: { data?: { score?: number; impacted_nodes?: { old_rect: number[]; new_rect: number[] }[] } };
}

/**
 * The layout shifts as the trace recorded them: Lighthouse 12.2's layout-shifts audit fails on
 * Chromium 156's traces (its trace engine), so the boxes that moved (x, y, width, height before and
 * after, in CSS pixels) stand in for the elements.
 */
function shiftsFromTrace(events: TraceEvent[]): { element: string; score: number }[] {
  return events
    .filter((e) => e.name === 'LayoutShift' && (e.args?.data?.score ?? 0) > 0)
    .map((e) => ({
      element: (e.args?.data?.impacted_nodes ?? [])
        .map((n) => `[${n.old_rect.join(',')}] -> [${n.new_rect.join(',')}]`)
        .join(' '),
      score: +(e.args?.data?.score ?? 0).toFixed(3),
    }))
    .sort((a, b) => b.score - a.score);
}

function summarize(spec: PageSpec, lhr: Lhr, report: string, trace: TraceEvent[]): PageResult {
  const audit = (id: string) => lhr.audits[id];
  const num = (id: string) => audit(id)?.numericValue ?? NaN;
  const items = (id: string) =>
    ((audit(id)?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []) as {
      node?: { selector?: string; snippet?: string };
      score?: number;
      items?: { node?: { selector?: string; snippet?: string } }[];
    }[];
  const lcpNode = items('largest-contentful-paint-element')[0]?.items?.[0]?.node;
  const result = {
    path: spec.path,
    signedIn: spec.signedIn,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(num('largest-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    cls: +num('cumulative-layout-shift').toFixed(3),
    fcpMs: Math.round(num('first-contentful-paint')),
    lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet ?? ''}`.trim() : null,
    shifts: audit('layout-shifts')?.details
      ? items('layout-shifts').map((i) => ({
          element: `${i.node?.selector ?? '?'} ${i.node?.snippet ?? ''}`.trim(),
          score: +(i.score ?? 0).toFixed(3),
        }))
      : shiftsFromTrace(trace),
    cpuIndex: Math.round(lhr.environment.benchmarkIndex),
    report,
    meets: false,
  };
  const goal = spec.signedIn ? GOALS.signedIn : GOALS.public;
  result.meets =
    result.lcpMs <= goal.lcpMs &&
    result.cls <= goal.cls &&
    ('score' in goal ? result.score >= goal.score : true) &&
    ('tbtMs' in goal ? result.tbtMs <= goal.tbtMs : true);
  return result;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

const given = argText('base-url');
const chromiumPath = ensureChromium({ log });
if (!chromiumPath) process.exit(1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
// Run as root, the embedded PostgreSQL runs as "postgres" and must reach its folder inside this one.
fs.chmodSync(dataDir, 0o755);
const webDist = path.join(dataDir, 'web');
// The server serves a copy, so a rebuild while this runs cannot swap the chunks under the pages.
if (!given) fs.cpSync(buildPortalIfStale({ log }), webDist, { recursive: true });
const outDir = path.join(root, 'bench-results');
fs.mkdirSync(outDir, { recursive: true });

let server: { baseUrl: string; stop: () => Promise<void> } | undefined;
let lhContext: BrowserContext | undefined;
let timingBrowser: Browser | undefined;
const results: PageResult[] = [];
const signIns: number[] = [];
try {
  if (given) server = { baseUrl: given.replace(/\/$/, ''), stop: async () => undefined };
  else {
    log('Starting the portal with the demo data (a fresh embedded database)…');
    const t0 = performance.now();
    server = await startServer(webDist, path.join(dataDir, 'data'));
    log(`Ready in ${((performance.now() - t0) / 1000).toFixed(1)} s at ${server.baseUrl}`);
  }

  // The browser Lighthouse drives, reached by its DevTools port; its default profile holds the
  // demo member's session for the signed-in pages (Lighthouse clears the cache, service workers and
  // cache storage before each page, not cookies).
  const port = await freePort();
  lhContext = await chromium.launchPersistentContext(path.join(dataDir, 'profile'), {
    executablePath: chromiumPath,
    headless: false, // --headless=new among the flags
    viewport: null,
    args: [...FLAGS, `--remote-debugging-port=${port}`],
  });
  let signedIn = false;
  for (const spec of PAGES) {
    if (spec.signedIn && !signedIn) {
      await signInThroughPage(lhContext, server.baseUrl);
      signedIn = true;
    }
    const runs: PageResult[] = [];
    const name = spec.path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
    for (let i = 0; i < RUNS; i++) {
      log(`Lighthouse (mobile) ${spec.path}${RUNS > 1 ? ` run ${i + 1} of ${RUNS}` : ''}…`);
      // On a busy machine a page may take longer than Lighthouse's 30 s to paint (NO_FCP): it waits
      // longer (the simulated figures do not depend on it) and tries again, twice.
      const measure = async () => {
        for (let attempt = 1; ; attempt++) {
          const runner = await lighthouse(`${server!.baseUrl}${spec.path}`, {
            port,
            output: ['html', 'json'],
            logLevel: 'error',
            onlyCategories: ['performance'],
            maxWaitForFcp: 90_000,
            maxWaitForLoad: 120_000,
          });
          if (!runner) throw new Error(`Lighthouse gave no result for ${spec.path}`);
          const failed = runner.lhr.runtimeError;
          if (!failed) return runner;
          if (failed.code !== 'NO_FCP' || attempt === 3) throw new Error(`${spec.path}: ${failed.message}`);
          log(`  ${failed.code}, again`);
        }
      };
      let runner = await measure();
      let landed = new URL(runner.lhr.finalDisplayedUrl).pathname;
      if (landed !== spec.path && spec.signedIn && landed.startsWith('/auth/login')) {
        // The session did not last through the runs before (a refresh in flight when Lighthouse
        // moved on rotates the token the browser never stored): sign in again and measure again.
        log(`  ${spec.path} ended on the sign-in page: signing in again`);
        await signInThroughPage(lhContext, server.baseUrl);
        runner = await measure();
        landed = new URL(runner.lhr.finalDisplayedUrl).pathname;
      }
      if (landed !== spec.path) throw new Error(`${spec.path} ended on ${landed}`);
      const file = path.join(outDir, `lighthouse-${name}${RUNS > 1 ? `-${i + 1}` : ''}`);
      const [html, json] = runner.report as string[];
      fs.writeFileSync(`${file}.html`, html!);
      fs.writeFileSync(`${file}.json`, json!);
      const trace = (runner.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace?.traceEvents ?? [];
      runs.push(summarize(spec, runner.lhr, path.relative(root, `${file}.html`), trace));
    }
    // The median run by score (Lighthouse's own advice for several runs).
    const byScore = [...runs].sort((a, b) => a.score - b.score);
    results.push(byScore[Math.floor(byScore.length / 2)]!);
  }
  await lhContext.close();
  lhContext = undefined;

  timingBrowser = await chromium.launch({ executablePath: chromiumPath, headless: false, args: FLAGS });
  for (let i = 0; i < SIGN_INS; i++) {
    log(`Timed sign-in ${i + 1} of ${SIGN_INS} (slow 4G, 4x CPU slowdown)…`);
    signIns.push(await timeSignIn(timingBrowser, server.baseUrl));
  }
} finally {
  await lhContext?.close().catch(() => undefined);
  await timingBrowser?.close().catch(() => undefined);
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const lines = [
  '',
  'Lighthouse 12.2.3, mobile (Moto G Power screen, simulated slow 4G, 4x CPU slowdown), Chromium ' +
    execFileSync(chromiumPath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim(),
  '',
  `${'page'.padEnd(24)}${'score'.padStart(7)}${'LCP'.padStart(10)}${'TBT'.padStart(12)}${'CLS'.padStart(8)}${'CPU'.padStart(7)}   goal`,
];
for (const r of results) {
  const goal = r.signedIn
    ? `LCP ≤ ${s(GOALS.signedIn.lcpMs)}, TBT ≤ ${GOALS.signedIn.tbtMs} ms, CLS ≤ ${GOALS.signedIn.cls}`
    : `score ≥ ${GOALS.public.score}, LCP ≤ ${s(GOALS.public.lcpMs)}, CLS ≤ ${GOALS.public.cls}`;
  lines.push(
    `${(r.path + (r.signedIn ? ' *' : '')).padEnd(24)}${String(r.score).padStart(7)}${s(r.lcpMs).padStart(10)}` +
      `${`${r.tbtMs} ms`.padStart(12)}${r.cls.toFixed(3).padStart(8)}${String(r.cpuIndex).padStart(7)}` +
      `   ${r.meets ? 'met' : 'MISSED'} (${goal})`,
  );
}
lines.push(
  "(* signed in as the demo member; CPU: Lighthouse's benchmark index of this machine during the page,",
  "  about 1,000 and more on a quiet desktop: far below it, the figures say more about the machine's load)",
  '',
);
for (const r of results) {
  if (r.lcpElement) lines.push(`${r.path} LCP element: ${r.lcpElement.slice(0, 140)}`);
  for (const shift of r.shifts.slice(0, 3))
    lines.push(`${r.path} layout shift ${shift.score}: ${shift.element.slice(0, 160)}`);
}
if (signIns.length) {
  lines.push(
    '',
    `Sign-in to a dashboard with its figures (slow 4G + 4x CPU applied through DevTools), ${signIns.length} runs: ` +
      `median ${s(median(signIns))}, each ${signIns.map(s).join(', ')}`,
  );
}
lines.push('', `Reports: ${results.map((r) => r.report).join(', ')}`);
console.log(lines.join('\n'));
fs.writeFileSync(
  path.join(outDir, 'web.json'),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      lighthouse: '12.2.3',
      cores: os.cpus().length,
      goals: GOALS,
      pages: results,
      sign_in_to_dashboard_ms: signIns.map(Math.round),
      sign_in_median_ms: Math.round(median(signIns)),
    },
    null,
    2,
  ),
);
