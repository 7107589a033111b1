// `npm run bench:checkout -- --members N` (default 100,000; the bar is on 1,000,000): builds
// the realistic tree of bench:tree in a database of its own, then 8 concurrent clients each add to
// their cart and check out (demo payment: the order is paid and posts its PV, LVP and cashback in
// the same transaction) through the real HTTP API, while GET /health is sampled every 20 ms in the
// same run as the baseline. The clients are a process of their own (checkout-load.ts); the server
// runs here, as one API process.
// Buyers are drawn from the top and from the deepest members (thousands of levels down): a checkout
// that walked the tree would be slower for the deep ones. Figures go to stdout and
// bench-results/checkout-<N>.json. Bar (issue 7): checkout p95 ≤ 100 ms.
//
// `--during-closing [--orders M]` (issue 24): the tree, packages and M repurchases (default N / 10)
// of bench:closing's day instead, and after the quiet checkouts a second phase: the server process
// runs the business-days job's work (closeBusinessDays: that day's closing, titles and the points per
// side) as the scheduler runs it just after midnight, in a worker thread of its own
// (closeBusinessDaysApart, decision 049), while the same 8 clients keep checking out until it ends.
// Goal: checkout p95 during the closing ≤ 2× the quiet p95 of the same run, and no error; the
// closing's own time is printed. Figures go to bench-results/checkout-closing-<N>.json.
// `--closing-in-loop` runs it on the server's own event loop instead, as the job did before decision
// 049 (bench-results/checkout-closing-loop-<N>.json); `--closing-process` in a process of its own
// (closing-job.ts; bench-results/checkout-closing-apart-<N>.json).
import { execFile, fork } from 'node:child_process';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, endOfBangkokDay } from '@portal/plan/dates';
import { buildApp } from '../../apps/api/src/app';
import { closeBusinessDays } from '../../apps/api/src/compensation/days';
import { closeBusinessDaysApart } from '../../apps/api/src/jobs/engine-apart';
import type { RunRecord } from '../../apps/api/src/compensation/engine';
import { loadConfig } from '../../apps/api/src/config';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { TokenSigner } from '../../apps/api/src/lib/tokens';
import { benchDatabase } from './database';
import type { LoadBrief, LoadResult } from './checkout-load';
import { seedClosingDay } from './closing-fixture';
import { buildTree, loadTree, rng, type BuiltTree } from './tree-build';
import { arg, log, pct, stats } from './measure';

const N = arg('members', 100_000);
const CLIENTS = 8;
// 150 each (1,200 checkouts, about ten seconds): a shorter run is at the mercy of one busy second.
const PER_CLIENT = arg('checkouts', 150);
const PRODUCTS = 12;
const DURING_CLOSING = process.argv.includes('--during-closing');
const ORDERS = arg('orders', Math.round(N / 10));
const CLOSING_APART = process.argv.includes('--closing-process');
const CLOSING_IN_LOOP = !CLOSING_APART && process.argv.includes('--closing-in-loop');
const CLOSING_WHERE = CLOSING_APART
  ? 'a process of its own'
  : CLOSING_IN_LOOP
    ? "the server's event loop"
    : "a worker thread of the server's process";
/** The day the closing closes (a Wednesday: no payout run comes with it). */
const DAY = '2025-06-11';
/** GET /health is sampled this often during the checkouts: a probe of the server's latency, not a 9th client. */
const HEALTH_EVERY_MS = 20;

const bench = await benchDatabase('checkout');
/**
 * The machine's load average (1, 5, 15 minutes) at each phase's end: on a machine shared with other
 * work the latencies are at its mercy, and the figures say how busy it was.
 */
const loadAverage: Record<string, number[]> = {};
const noteLoad = (phase: string) => (loadAverage[phase] = os.loadavg().map((x) => +x.toFixed(1)));
noteLoad('start');
const { database } = bench;

try {
  const t0 = performance.now();
  await migrateDatabase(database.db);
  let tree: BuiltTree;
  if (DURING_CLOSING) {
    tree = await seedClosingDay(database, {
      members: N,
      orders: ORDERS,
      day: DAY,
      random: rng(20251123),
      log,
    });
  } else {
    log(`Building a ${N.toLocaleString('en')}-member tree in memory`);
    tree = buildTree(N, rng(2569));
    log(`  depth: max ${tree.maxDepth}, mean ${tree.meanDepth.toFixed(1)}`);
    await loadTree(database.pool, tree, log);
  }
  log(`  built and loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  await database.pool.query(
    `insert into products (code, kind, category, name_th, name_en, retail_price, member_price, pv_per_unit, lvp_per_unit, stock)
     select 'BENCH' || i, 'PRODUCT', 'health', 'สินค้า ' || i, 'Product ' || i, 500, 400, 100 + i, 5, 10000000
     from generate_series(1, $1) i`,
    [PRODUCTS],
  );
  await database.pool.query('analyze');

  // Half the buyers near the top, half among the deepest members of the tree.
  const byDepth = Array.from({ length: N }, (_, i) => i).sort((a, b) => tree.depth[b]! - tree.depth[a]!);
  const deep = byDepth.slice(0, CLIENTS / 2);
  const shallow = byDepth.slice(-CLIENTS / 2 - 1, -1);
  const buyers = [...shallow, ...deep];
  log(`  buyers at depths ${buyers.map((i) => tree.depth[i]).join(', ')}`);

  const secret = 'bench-secret'.padEnd(48, 'x');
  const config = loadConfig({
    DATA_DIR: bench.dir,
    DATABASE_URL: bench.url,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_GLOBAL: '100000000',
  });
  const app = await buildApp({ config, database, jwtSecret: secret, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const signer = new TokenSigner(secret, 3600, 3600);
  const tokenFor = async (index: number) =>
    (
      await signer.userToken({
        userId: index + 1,
        userType: 'member',
        clientId: 'portal-web',
        sessionId: randomUUID(),
        suspension: 'none',
      })
    ).token;
  const tokens = await Promise.all(buyers.map(tokenFor));

  // The clients run in a process of their own (checkout-load.ts), as a load generator would.
  log(
    `Warming up, one client alone, then ${CLIENTS} clients × ${PER_CLIENT} checkouts with GET /health every ${HEALTH_EVERY_MS} ms`,
  );
  const brief: LoadBrief = {
    origin,
    tokens,
    perClient: PER_CLIENT,
    products: PRODUCTS,
    seed: 2569,
    healthEveryMs: HEALTH_EVERY_MS,
    duringClosing: DURING_CLOSING,
  };
  const load = fork(path.join(import.meta.dirname, 'checkout-load.ts'), [JSON.stringify(brief)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  // How long the server's event loop was held up (every request waits meanwhile), per phase.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const delays: Record<string, ReturnType<typeof delayFigures>> = {};
  let stdout = '';
  load.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  const exited = new Promise<number | null>((resolve) => load.on('exit', resolve));
  // The closing, in this (the server's) process as the scheduler's job runs it, once the quiet
  // checkouts are done; the load checks out until it ends.
  let closing: { ms: number; runs: Awaited<ReturnType<typeof closeBusinessDays>> } | null = null;
  load.on('message', (m) => {
    if (m !== 'quiet-done') return;
    delays.quiet = delayFigures(loopDelay);
    noteLoad('quiet_done');
    loopDelay.reset();
    log(`Closing ${DAY} in ${CLOSING_WHERE} while the clients check out`);
    const started = performance.now();
    const done = (runs: Awaited<ReturnType<typeof closeBusinessDays>>) => {
      closing = { ms: performance.now() - started, runs };
      delays.closing = delayFigures(loopDelay);
      noteLoad('closing_done');
      log(`  closed in ${(closing.ms / 1000).toFixed(1)} s`);
      load.send('closing-done');
    };
    const failed = (e: unknown) => {
      log(`  the closing failed: ${String(e)}`);
      load.kill();
    };
    if (CLOSING_APART) {
      execFile(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'closing-job.ts'), bench.url, DAY],
        { maxBuffer: 1 << 26 },
        (error, out) => (error ? failed(error) : done((JSON.parse(out) as { runs: RunRecord[] }).runs)),
      );
    } else {
      const now = { date: addDays(DAY, 1), at: new Date(endOfBangkokDay(DAY).getTime() + 1) };
      const work = CLOSING_IN_LOOP
        ? closeBusinessDays(database.db, now, 'bench')
        : closeBusinessDaysApart(bench.url, now, 'bench');
      void work.then(done, failed);
    }
    load.send('closing-started');
  });
  const code = await exited;
  if (code !== 0) throw new Error(`the load process ended with ${code}`);
  const {
    perClient,
    alone,
    healthAlone,
    healthDuring,
    seconds,
    closing: during,
  } = JSON.parse(stdout) as LoadResult;

  const { rows } = await database.pool.query<{ orders: number; paid: number; postings: number }>(
    `select count(*)::int as orders, count(*) filter (where payment_status = 'paid')::int as paid,
       (select count(*)::int from volume_postings) as postings from orders`,
  );
  await app.close();

  const { rows: written } = await database.pool.query<{ closing_rows: number; runs: unknown[] }>(
    `select (select count(*)::int from closing_rows where closing_date = $1) as closing_rows,
       (select json_agg(json_build_object('type', type, 'seconds', extract(epoch from finished_at - started_at)::float, 'counts', counts))
          from engine_runs where business_date = $1) as runs`,
    [DAY],
  );
  const checkout = perClient.flatMap((p) => p.checkout);
  const closingFigures = during && closing ? duringClosing(checkout, during, closing, written[0]) : null;
  const shallowCheckouts = perClient.slice(0, CLIENTS / 2).flatMap((p) => p.checkout);
  const deepCheckouts = perClient.slice(CLIENTS / 2).flatMap((p) => p.checkout);
  const result = {
    members: N,
    machine: {
      cores: os.cpus().length,
      node: process.version,
      database: bench.external ? 'external' : 'embedded PostgreSQL 18',
      load_average: { ...loadAverage, end: noteLoad('end') },
    },
    tree: { max_depth: tree.maxDepth, mean_depth: +tree.meanDepth.toFixed(1) },
    buyer_depths: { shallow: shallow.map((i) => tree.depth[i]), deep: deep.map((i) => tree.depth[i]) },
    checkout_8_clients: stats(checkout),
    checkout_shallow_buyers: stats(shallowCheckouts),
    checkout_deep_buyers: stats(deepCheckouts),
    cart_add_8_clients: stats(perClient.flatMap((p) => p.cart)),
    checkout_1_client: stats(alone.checkout),
    checkouts_per_second: +(checkout.length / seconds).toFixed(1),
    health_alone: stats(healthAlone),
    health_during_checkouts: stats(healthDuring),
    checkout_p95_over_health_p95: +(pct(checkout, 95) / pct(healthDuring, 95)).toFixed(1),
    orders: rows[0],
    ...closingFigures,
    event_loop_delay: delays,
    bars: {
      checkout_p95_le_100ms: pct(checkout, 95) <= 100,
      // A walk up thousands of ancestors would make the deepest buyers' checkouts far slower.
      deep_buyers_not_slower_than_2x: pct(deepCheckouts, 95) <= 2 * Math.max(pct(shallowCheckouts, 95), 5),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync('bench-results', { recursive: true });
  const file = DURING_CLOSING
    ? `checkout-closing-${CLOSING_APART ? 'apart-' : CLOSING_IN_LOOP ? 'loop-' : ''}${N}`
    : `checkout-${N}`;
  fs.writeFileSync(`bench-results/${file}.json`, JSON.stringify(result, null, 2));
  if (DURING_CLOSING && !closingFigures?.closing_goals.met) process.exitCode = 1;
} finally {
  await bench.close();
}

/** The event loop's delays (the histogram is in nanoseconds). */
function delayFigures(h: IntervalHistogram) {
  return {
    p50_ms: +(h.percentile(50) / 1e6).toFixed(1),
    p99_ms: +(h.percentile(99) / 1e6).toFixed(1),
    max_ms: +(h.max / 1e6).toFixed(1),
  };
}

/** The figures of the phase during the closing, against the quiet phase's of the same run. */
function duringClosing(
  quiet: number[],
  during: NonNullable<LoadResult['closing']>,
  closing: { ms: number; runs: Awaited<ReturnType<typeof closeBusinessDays>> },
  written: { closing_rows: number; runs: unknown[] } | undefined,
) {
  const checkouts = during.perClient.flatMap((p) => p.checkout);
  const ratio = +(pct(checkouts, 95) / pct(quiet, 95)).toFixed(2);
  return {
    closing: {
      day: DAY,
      orders: ORDERS,
      in: CLOSING_WHERE,
      seconds: +(closing.ms / 1000).toFixed(1),
      closing_rows: written?.closing_rows,
      runs: written?.runs,
    },
    checkout_during_closing: stats(checkouts),
    cart_add_during_closing: stats(during.perClient.flatMap((p) => p.cart)),
    checkouts_per_second_during_closing: +(checkouts.length / during.seconds).toFixed(1),
    health_during_closing: stats(during.health),
    errors_during_closing: during.errors,
    first_error: during.firstError,
    closing_goals: {
      p95_during_over_quiet: ratio,
      met: ratio <= 2 && during.errors === 0,
    },
  };
}
