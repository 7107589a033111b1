// `npm run measure:bundle`: the JavaScript a browser downloads for the sign-in page, measured end to
// end. Builds the portal when it is missing or older than its sources, starts the real server on a
// copy of it (embedded PostgreSQL in a temporary directory, no demo data), opens each page in a fresh
// headless Chromium context (empty cache, the browser's own Accept-Encoding) and adds up what the
// browser received for every script: compressed body plus response headers, as DevTools' "transferred".
// The bar (docs/benchmarks.md): <= 150 kB over the wire. A benchmark, not a test: it prints the figures and
// exits 1 when a page is over the budget. `npm run check:bundle` (part of `npm test`) checks the same
// files without a browser, from the build's manifest: brotli bodies only, about 2 kB less.
//
//   npm run measure:bundle                 # build if needed, measure, print
//   npm run measure:bundle -- --json       # the same figures as JSON
//   npm run measure:bundle -- --dist DIR   # measure another build (e.g. one of an older commit)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium.mjs';
import { buildPortalIfStale } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const BUDGET = 150_000;
/**
 * Measured once with this script on commit 4476b16 (issue 11), before assets were compressed and
 * before the signed-out visit to /dashboard stopped loading the signed-in pages.
 */
const BEFORE = { '/auth/login': 776_228, '/dashboard': 1_014_465 };
const PAGES = [
  { path: '/auth/login', label: '/auth/login' },
  { path: '/dashboard', label: '/dashboard signed out', landsOn: '/auth/login' },
];

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const distArg = argv.includes('--dist') ? argv[argv.indexOf('--dist') + 1] : undefined;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(webDist, dataDir) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Never DATABASE_URL: the measurement runs on its own throw-away embedded database.
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (c) => (log += c));
  server.stderr.on('data', (c) => (log += c));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  return { baseUrl, stop };
}

/** Every script response of one page load, from Chromium's own network events. */
async function measurePage(browser, baseUrl, page) {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'th-TH' });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map();
  const scripts = [];
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    responses.set(requestId, response);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (!response || !/javascript/i.test(response.mimeType)) return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    scripts.push({
      file: new URL(response.url).pathname,
      transferred: encodedDataLength,
      encoding: headers['content-encoding'] ?? 'none',
    });
  });
  await tab.goto(page.path);
  // Signed out, both pages end on the sign-in form; wait until nothing more is on its way.
  await tab.getByTestId('login-username').waitFor({ state: 'visible', timeout: 60_000 });
  await tab.waitForLoadState('networkidle');
  const landed = new URL(tab.url()).pathname;
  if (page.landsOn && landed !== page.landsOn) throw new Error(`${page.path} landed on ${landed}`);
  await context.close();
  scripts.sort((a, b) => b.transferred - a.transferred);
  return { transferred: scripts.reduce((sum, s) => sum + s.transferred, 0), scripts };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const dist = distArg
  ? path.resolve(distArg)
  : buildPortalIfStale({ log: (line) => !json && console.log(line) });
const chromiumPath = ensureChromium();
if (!chromiumPath) process.exit(1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-measure-'));
// The server serves a copy, so a rebuild while this runs cannot swap the chunks under the pages.
const webDist = path.join(dataDir, 'web');
fs.cpSync(dist, webDist, { recursive: true });
let server;
let browser;
const results = [];
try {
  server = await startServer(webDist, dataDir);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  for (const page of PAGES) {
    const measured = await measurePage(browser, server.baseUrl, page);
    results.push({ ...page, before: BEFORE[page.path], ...measured });
  }
} finally {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (json) {
  console.log(JSON.stringify({ budget: BUDGET, pages: results }, null, 2));
} else {
  console.log(
    '\nJavaScript over the wire in headless Chromium (compressed bodies plus headers, empty cache)\n',
  );
  for (const r of results) {
    console.log(`${r.label}: ${r.scripts.length} scripts`);
    for (const s of r.scripts)
      console.log(`  ${kB(s.transferred).padStart(9)}  ${s.encoding.padEnd(4)}  ${s.file}`);
  }
  console.log('');
  console.log(`${'page'.padEnd(24)}${'before'.padStart(11)}${'now'.padStart(11)}${'budget'.padStart(11)}`);
  for (const r of results) {
    const flag = r.transferred > BUDGET ? '  OVER BUDGET' : '';
    console.log(
      `${r.label.padEnd(24)}${kB(r.before).padStart(11)}${kB(r.transferred).padStart(11)}${kB(BUDGET).padStart(11)}${flag}`,
    );
  }
}
if (results.some((r) => r.transferred > BUDGET)) process.exitCode = 1;
