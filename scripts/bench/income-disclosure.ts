// The income disclosure's one statement at scale (issue 18, item 8): a year of a large network, a
// package for every member, repurchases and refunds, income lines (some VOID) and titles, then the
// year's figures computed cold and warm, and the check a kept answer costs (canceled orders counted).
//   npx tsx scripts/bench/income-disclosure.ts -- --members 200000 --lines 20 --orders 3
// (BENCH_DATABASE_URL=postgres://… to run on another server; else an embedded one in a temp dir.)
import { DEFAULT_PLAN } from '@portal/plan/params';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { sql } from 'drizzle-orm';
import {
  cancellationCount,
  disclosureGroups,
  disclosureStatement,
} from '../../apps/api/src/modules/network/public/income-disclosure-repository';
import { benchDatabase } from './database';
import { arg, log, stats } from './measure';
import { buildTree, loadTree, rng } from './tree-build';

const N = arg('members', 200_000);
const LINES = arg('lines', 20);
const ORDERS = arg('orders', 3);
const YEAR = '2025';

const bench = await benchDatabase('disclosure');
try {
  const { database } = bench;
  await migrateDatabase(database.db);
  const random = rng(18);
  await loadTree(database.pool, buildTree(N, random), log);
  const c = await database.pool.connect();
  try {
    await c.query('set synchronous_commit = off');
    log(`Packages for ${N.toLocaleString('en')} members, ${ORDERS} repurchases each (1 in 20 refunded)`);
    await c.query(
      `insert into orders (id, order_no, member_id, order_type, package_code, status, payment_status, pv_total,
         total_amount, paid_at, paid_date)
       select id, 'P' || id, id, 'PACKAGE', 'SILVER', 'paid', 'paid', 1500, 5000, now(),
         $2::date + (id % 300)::int
       from generate_series(1, $1::bigint) id`,
      [N, `${YEAR}-01-01`],
    );
    await c.query(
      `insert into orders (id, order_no, member_id, order_type, status, payment_status, pv_total, total_amount,
         paid_at, paid_date, canceled_date)
       select $1::bigint + k, 'R' || k, 1 + (k % $1::bigint), 'REPURCHASE', 'paid',
         case when k % 20 = 0 then 'refunded' else 'paid' end, 200, 700 + (k % 9) * 100, now(),
         $3::date + (k % 360)::int, case when k % 20 = 0 then $3::date + (k % 360)::int + 3 end
       from generate_series(1, $1::bigint * $2::int) k`,
      [N, ORDERS, `${YEAR}-01-01`],
    );
    log(
      `${(N * LINES).toLocaleString('en')} income lines in ${YEAR} (skewed: few members earn most; 1 in 50 VOID)`,
    );
    await c.query(
      `insert into income_lines (member_id, type, source, generation, amount, income_date, state, voided_date)
       select m, 'CYCLE', 'day:' || g, 0, round((1000 / (1 + m % 997)::numeric) * (1 + g % 7), 2),
         $3::date + (g % 365)::int,
         case when (m + g) % 50 = 0 then 'VOID' else 'PAID' end,
         case when (m + g) % 50 = 0 then $3::date + (g % 365)::int end
       from generate_series(1, $1::bigint) m, generate_series(1, $2::int) g
       where m % 3 <> 0`,
      [N, LINES, `${YEAR}-01-01`],
    );
    await c.query(
      `insert into title_history (member_id, from_title, to_title, achieved_date)
       select m, 'MEMBER', 'SUPERVISOR', $2::date from generate_series(1, $1::bigint, 50) m`,
      [N, `${YEAR}-06-30`],
    );
    await c.query('analyze');
  } finally {
    c.release();
  }
  const titles = DEFAULT_PLAN.TITLES.map((t) => t.code);
  const runs: number[] = [];
  let overall: unknown;
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    const groups = await disclosureGroups(database.db, `${YEAR}-01-01`, `${YEAR}-12-31`, titles);
    runs.push(performance.now() - t0);
    overall = groups.find((g) => g.grp === null);
  }
  if (process.env.EXPLAIN) {
    // As disclosureGroups runs it: WORK_MEM=4MB shows the server's default instead.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local work_mem = '${process.env.WORK_MEM ?? '64MB'}'`));
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain (analyze, buffers) ${disclosureStatement(`${YEAR}-01-01`, `${YEAR}-12-31`, titles)}`,
      );
    });
    log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  const checks: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await cancellationCount(database.db);
    checks.push(performance.now() - t0);
  }
  console.log(
    JSON.stringify(
      {
        members: N,
        income_lines: Math.round((N * 2 * LINES) / 3),
        orders: N * (1 + ORDERS),
        disclosure_ms: { first: Math.round(runs[0]!), warm: stats(runs.slice(1)) },
        kept_answer_check_ms: stats(checks),
        overall,
      },
      null,
      1,
    ),
  );
} finally {
  await bench.close();
}
