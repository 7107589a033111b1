// `npm run bench:closing -- --members N --orders M` (defaults 100,000 and 10,000): builds a realistic
// tree (scripts/bench/tree-build.ts) in a database of its own, gives every member a package paid the
// day before (that day marked closed), pays M repurchase orders on the closing day, and runs the daily
// closing of the real engine (the bar of docs/benchmarks.md: ≤ 30 s at 1,000,000 members and 100,000
// orders). Then: the re-run (it finds the day closed), a recomputation compared row by row, and the naive
// alternative — each order's PV posted to its ancestors one by one in SQL — timed on a sample of orders in
// the same run and scaled to all of them, with the ratio. Figures go to stdout and
// bench-results/closing-<N>.json.
import fs from 'node:fs';
import { closeDay } from '../../apps/api/src/compensation/engine';
import { computeClosing } from '../../apps/api/src/compensation/closing';
import { addDays, endOfBangkokDay } from '@portal/plan/dates';
import { planFor } from '../../apps/api/src/compensation/plan';
import { loadTree as loadTreeIndex } from '../../apps/api/src/compensation/tree';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { seedClosingDay } from './closing-fixture';
import { benchDatabase } from './database';
import { rng } from './tree-build';
import { arg, log } from './measure';

const N = arg('members', 100_000);
const ORDERS = arg('orders', 10_000);
const NAIVE_SAMPLE = Math.min(ORDERS, arg('naive-sample', 500));
const DAY = '2025-06-10';
const bench = await benchDatabase('closing', 4);
const { database } = bench;

try {
  await migrateDatabase(database.db);
  const tree = await seedClosingDay(database, {
    members: N,
    orders: ORDERS,
    day: DAY,
    random: rng(20251123),
    log,
  });

  const now = { date: addDays(DAY, 1), at: new Date(endOfBangkokDay(DAY).getTime() + 1) };
  log(`Closing ${DAY}`);
  const t0 = performance.now();
  const run = await closeDay(database.db, DAY, { startedBy: 'bench', now });
  const closingMs = performance.now() - t0;
  const written = await database.pool.query<{ rows: string; lines: string; points: string }>(
    `select (select count(*) from closing_rows where closing_date = $1) as rows,
            (select count(*) from income_lines where income_date = $1 and type = 'CYCLE') as lines,
            (select count(*) from point_postings where effective_date = $1) as points`,
    [DAY],
  );
  log(`  ${(closingMs / 1000).toFixed(1)} s: ${JSON.stringify(run.counts)}`);

  log('Re-run of the same day');
  const t1 = performance.now();
  const again = await closeDay(database.db, DAY, { startedBy: 'bench', now });
  const rerunMs = performance.now() - t1;

  log('Recomputation, compared with the rows written');
  const t2 = performance.now();
  const recomputed = await database.db.transaction(async (tx) =>
    computeClosing(tx, await planFor(tx, DAY), await loadTreeIndex(tx), DAY),
  );
  const recomputeMs = performance.now() - t2;
  const stored = await database.pool.query<{
    member_id: number;
    carry_out_left: number;
    carry_out_right: number;
    paid: string;
  }>(
    `select member_id, carry_out_left, carry_out_right, paid::text from closing_rows where closing_date = $1`,
    [DAY],
  );
  const byMember = new Map(stored.rows.map((r) => [Number(r.member_id), r]));
  const identical =
    recomputed.length === stored.rows.length &&
    recomputed.every((r) => {
      const s = byMember.get(r.memberId);
      return (
        s &&
        Number(s.carry_out_left) === r.carryOutLeft &&
        Number(s.carry_out_right) === r.carryOutRight &&
        s.paid === (Number(r.paid) / 100).toFixed(2)
      );
    });

  log(
    `Naive alternative on ${NAIVE_SAMPLE.toLocaleString('en')} orders: each order's PV posted to every ancestor, one by one`,
  );
  await database.pool.query(
    `create unlogged table naive_volume (member_id bigint, side text, pv bigint, primary key (member_id, side))`,
  );
  const t3 = performance.now();
  const cn = await database.pool.connect();
  try {
    const sample = await cn.query<{ member_id: number; pv: number }>(
      `select member_id, pv from volume_postings where effective_date = $1 order by id limit $2`,
      [DAY, NAIVE_SAMPLE],
    );
    for (const o of sample.rows) {
      await cn.query(
        `with recursive up(id, parent, side) as (
           select id, placement_parent_id, side from members where id = $1
           union all select m.id, m.placement_parent_id, m.side from members m join up on m.id = up.parent)
         insert into naive_volume (member_id, side, pv)
         select parent, side, $2 from up where parent is not null
         on conflict (member_id, side) do update set pv = naive_volume.pv + excluded.pv`,
        [o.member_id, o.pv],
      );
    }
  } finally {
    cn.release();
  }
  const naiveSampleMs = performance.now() - t3;
  const naiveAllMs = (naiveSampleMs / NAIVE_SAMPLE) * ORDERS;

  const result = {
    members: N,
    orders: ORDERS,
    tree: { max_depth: tree.maxDepth, mean_depth: +tree.meanDepth.toFixed(1) },
    closing_s: +(closingMs / 1000).toFixed(2),
    rows_written: {
      closing_rows: Number(written.rows[0]!.rows),
      cycle_income_lines: Number(written.rows[0]!.lines),
      point_postings: Number(written.rows[0]!.points),
    },
    counts: run.counts,
    totals: run.totals,
    rerun_s: +(rerunMs / 1000).toFixed(3),
    rerun_found_done: again.alreadyDone,
    recompute_s: +(recomputeMs / 1000).toFixed(2),
    recompute_identical: identical,
    naive: {
      sample_orders: NAIVE_SAMPLE,
      sample_s: +(naiveSampleMs / 1000).toFixed(2),
      per_order_ms: +(naiveSampleMs / NAIVE_SAMPLE).toFixed(2),
      all_orders_s: +(naiveAllMs / 1000).toFixed(1),
    },
    ratio_naive_over_closing: +(naiveAllMs / closingMs).toFixed(1),
    bars: { closing_s_max: 30, ratio_min: 20 },
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(`bench-results/closing-${N}.json`, JSON.stringify(result, null, 2) + '\n');
} finally {
  // --keep leaves the database for a closer look (with BENCH_DATABASE_URL: the server stays up).
  const keep = process.argv.includes('--keep');
  if (keep) log(`kept: ${bench.url}`);
  await bench.close({ keep });
}
