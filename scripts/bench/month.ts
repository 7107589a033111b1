// `npm run bench:month -- --members N [--orders M] [--naive-sample S]` (defaults 100,000 members, as
// many orders as members, 300): the end of a month on the tree of bench:closing (issue 24, section 3).
// month-fixture.ts seeds the tree, a package for every member and a month of repurchase orders (as
// the ledger posts a payment) in a database of its own; then the engine's own runs, each timed:
//   - the daily closing of every day of the month (their inputs: cycle lines, titles; not the goal),
//   - the MTA closing of the month (closeMonth),
//   - the payout run of the Tuesday after it, whose cutoff is the month's last day (payoutRun).
// Each of the two is measured against a naive way measured in the same run: the same rules asked one
// member at a time (per-member queries), on a sample in a transaction rolled back, scaled up to all
// of it. Each is run again, through the engine (it finds the run done) and as its bare work in a
// transaction of its own (the natural keys must leave everything as it was): the row counts and
// totals before and after must be equal, or the command fails. Goals (docs/benchmarks.md): each run
// ≤ 60 s at 1,000,000 members and ≥ 1,000,000 orders on this machine's 2 cores. Figures go to stdout
// and bench-results/month-<N>.json.
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import {
  addDays,
  endOfBangkokDay,
  firstDayOfMonth,
  lastDayOfMonth,
  previousSunday,
} from '@portal/plan/dates';
import { closeDay, closeMonth, payoutRun } from '../../apps/api/src/compensation/engine';
import { expiryAsOf, isActiveOn, payabilityOn, suspendedOn } from '../../apps/api/src/compensation/standing';
import { closeMta } from '../../apps/api/src/compensation/mta';
import {
  nextPayoutDate,
  runPayout,
  settleBatch,
  waitingBatches,
} from '../../apps/api/src/compensation/payout';
import { noticePayouts } from '../../apps/api/src/compensation/notices';
import { addIncome } from '../../apps/api/src/compensation/posting/writer';
import { planFor, type Plan } from '../../apps/api/src/compensation/plan';
import { loadTree } from '../../apps/api/src/compensation/tree';
import type { Tx } from '../../apps/api/src/db/client';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { baht, pvMoney } from '@portal/plan/money';
import { seedMonth } from './month-fixture';
import { benchDatabase } from './database';
import { rng } from './tree-build';
import { arg, argText, log } from './measure';

const N = arg('members', 100_000);
const ORDERS = arg('orders', N);
const SAMPLE = arg('naive-sample', 300);
// August 2025 ends on a Sunday: the payout run of Tuesday 2 September takes every line of the month.
const MONTH = argText('month') ?? '2025-08-01';
const FIRST = firstDayOfMonth(MONTH);
const LAST = lastDayOfMonth(MONTH);

const bench = await benchDatabase('month', 4);
const { database } = bench;
const { db, pool } = database;

/** The business clock just after the end of `day`. */
const after = (day: string) => ({
  date: addDays(day, 1),
  at: new Date(endOfBangkokDay(day).getTime() + 1),
});
const seconds = (ms: number) => +(ms / 1000).toFixed(2);
async function timed<T>(what: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const out = await what();
  return [out, performance.now() - t];
}

/** Seconds between a run's steps as it reports them (RunOptions.onStep). */
function stepClock() {
  let last = performance.now();
  const out: Record<string, number> = {};
  return {
    seconds: out,
    step: (name: string) => {
      const now = performance.now();
      out[name] = seconds(now - last);
      last = now;
    },
  };
}

/**
 * The CPU seconds a step used, the bench's process (the engine's JavaScript) and the database server
 * apart: on a machine shared with other work the wall time is at the mercy of the load, the CPU time
 * much less so.
 */
function cpuMeter() {
  const node0 = process.cpuUsage();
  const db0 = bench.cpuSeconds();
  return () => {
    const node = process.cpuUsage(node0);
    const db1 = bench.cpuSeconds();
    return {
      node_s: +((node.user + node.system) / 1e6).toFixed(1),
      database_s: db0 === null || db1 === null ? null : +(db1 - db0).toFixed(1),
    };
  };
}

/** Row counts and totals of everything the MTA closing and the payout run write. */
async function snapshot() {
  const { rows } = await pool.query<Record<string, string>>(`
    select
      (select count(*) from income_lines)::text as income_lines,
      (select coalesce(sum(amount), 0)::text from income_lines) as income_total,
      (select count(*) from income_lines where type = 'MTA')::text as mta_lines,
      (select coalesce(sum(amount), 0)::text from income_lines where type = 'MTA') as mta_total,
      (select count(*) from income_lines where state = 'PAID')::text as paid_lines,
      (select coalesce(sum(amount), 0)::text from income_lines where state = 'PAID') as paid_total,
      (select count(*) from income_lines where state = 'VOID')::text as void_lines,
      (select count(*) from payouts)::text as payouts,
      (select coalesce(sum(net), 0)::text || ' ' || coalesce(sum(gross), 0)::text || ' ' || coalesce(sum(wht), 0)::text
         from payouts) as payout_net_gross_wht,
      (select count(*) from payout_holds)::text as payout_holds,
      (select coalesce(sum(gross), 0)::text from payout_holds) as held_gross,
      (select count(*) from notifications)::text as notifications,
      (select count(*) from engine_runs)::text as engine_runs`);
  return rows[0]!;
}

const same = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).every((k) => a[k] === b[k]);

class RolledBack extends Error {}
/** `work` in a transaction that is rolled back: a measurement that leaves nothing behind. */
async function rolledBack(work: (tx: Tx) => Promise<void>) {
  try {
    await db.transaction(async (tx) => {
      await work(tx);
      throw new RolledBack();
    });
  } catch (e) {
    if (!(e instanceof RolledBack)) throw e;
  }
}

/**
 * The naive MTA closing of one order: its buyer's referrer line walked one query per generation, and
 * each earner's qualification asked of the standing functions one member at a time (own repurchase PV
 * of the month, title, expiry, suspension), then the line written alone.
 */
async function naiveMtaOrder(tx: Tx, plan: Plan, orderId: number) {
  const codes = plan.titles.map((t) => t.code);
  const { rows } = await tx.execute<{ order_no: string; pv: number; member_id: number }>(
    sql`select order_no, pv_total as pv, member_id from orders where id = ${orderId}`,
  );
  const order = rows[0]!;
  let member = Number(order.member_id);
  for (let generation = 1; generation <= plan.mtaRates.length; generation++) {
    const { rows: up } = await tx.execute<{ referrer: number | null }>(
      sql`select referrer_member_id as referrer from members where id = ${member}`,
    );
    const earner = up[0]?.referrer;
    if (earner === null || earner === undefined) break;
    member = Number(earner);
    const { rows: own } = await tx.execute<{ pv: string }>(sql`
      select coalesce(sum(p.pv), 0)::text as pv from volume_postings p
      where p.member_id = ${member} and p.repurchase and p.personal and p.kind <> 'REVERSAL'
        and p.effective_date between ${FIRST}::date and ${LAST}::date
        and not exists (select 1 from volume_postings r
          where r.natural_key = 'reversal:' || p.natural_key and r.effective_date <= ${LAST}::date)`);
    const { rows: title } = await tx.execute<{ rank: number | null }>(sql`
      select max(array_position(${sql.param(codes)}::text[], to_title)) as rank from title_history
      where member_id = ${member} and achieved_date <= ${LAST}::date`);
    const depth = plan.titles[(title[0]?.rank ?? 1) - 1]!.mta_depth;
    const expiry = (await expiryAsOf(tx, [member], LAST, plan)).get(member);
    const isSuspended = (await suspendedOn(tx, [member], LAST)).has(member);
    if (
      generation <= depth &&
      Number(own[0]!.pv) >= plan.params.MTA_MIN_PV &&
      isActiveOn(expiry, LAST) &&
      !isSuspended
    ) {
      await addIncome(tx, {
        memberId: member,
        type: 'MTA',
        source: order.order_no,
        generation,
        orderId,
        amount: pvMoney(order.pv, plan.mtaRates[generation - 1]!, plan.pvThb),
        incomeDate: LAST,
      });
    }
  }
}

/** The naive payout of one member: their batch, their standing, their payout, lines and notice, alone. */
async function naivePayoutMember(tx: Tx, plan: Plan, runDate: string, memberId: number) {
  const [batch] = await waitingBatches(tx, runDate, {
    memberIds: [memberId],
    yearSoFar: plan.whtMethod === 'ANNUALISED',
  });
  if (!batch) return;
  const payee = (await payabilityOn(tx, [memberId], runDate)).get(memberId);
  const s = settleBatch(plan, runDate, batch, payee);
  if (s.held !== null || !payee?.payable) {
    await tx.execute(sql`
      insert into payout_holds (run_date, member_id, gross, reason)
      values (${runDate}, ${memberId}, ${baht(s.gross)}, ${s.held === 'KYC' || s.held === 'SUSPENDED' || s.held === null ? 'NOT_PAYABLE' : s.held})
      on conflict do nothing`);
    return;
  }
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into payouts (run_date, member_id, gross, wht, point_part, fee, net, bank_code, account_no, account_name)
    values (${runDate}, ${memberId}, ${baht(s.gross)}, ${baht(s.wht)}, ${baht(s.pointPart)}, ${baht(s.fee)}, ${baht(s.net)},
      ${payee.account.bankCode}, ${payee.account.accountNo}, ${payee.account.accountName})
    returning id`);
  await tx.execute(sql`
    update income_lines set state = 'PAID', payout_id = ${rows[0]!.id}
    where member_id = ${memberId} and state = 'WAITING' and income_date <= ${previousSunday(runDate)}::date`);
  await noticePayouts(tx, runDate, [{ memberId, ...s, account: payee.account }]);
}

/** A random sample of `k` of `xs` (seeded). */
function sample<T>(xs: readonly T[], k: number, random: () => number): T[] {
  const copy = [...xs];
  for (let i = 0; i < Math.min(k, copy.length); i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, k);
}

const loadStart = os.loadavg();
try {
  await migrateDatabase(db);
  const random = rng(20260101);
  const [seeded, seedMs] = await timed(() =>
    seedMonth(database, { members: N, orders: ORDERS, month: MONTH, random, log }),
  );
  log(`  seeded in ${seconds(seedMs)} s`);
  const plan = await planFor(db, LAST);
  const runDate = nextPayoutDate(addDays(LAST, 1), plan.params.PAYOUT_WEEKDAY);

  // ---- the daily closings of the month: the cycle lines and titles the MTA and payout read ----
  const dailyMeter = cpuMeter();
  const tree = await loadTree(db);
  const daily: { day: string; s: number; rows: number; cycles: number; promotions: number }[] = [];
  for (const day of seeded.days) {
    const [run, ms] = await timed(() =>
      closeDay(db, day, { startedBy: 'bench', now: after(day), tree, preview: false }),
    );
    daily.push({
      day,
      s: seconds(ms),
      rows: run.counts.rows ?? 0,
      cycles: run.counts.cycles ?? 0,
      promotions: run.counts.promotions ?? 0,
    });
    log(`  closed ${day} in ${seconds(ms)} s: ${JSON.stringify(run.counts)}`);
  }
  const dailyCpu = dailyMeter();
  await pool.query('vacuum analyze');
  const titles = await pool.query<{ to_title: string; n: number }>(
    `select to_title, count(*)::int as n from title_history group by to_title order by 2 desc`,
  );

  // ---- MTA: naive on a sample (rolled back), then the engine's run, then the re-runs ----
  const { rows: monthOrders } = await pool.query<{ id: string }>(
    `select id from orders where order_type = 'REPURCHASE' and paid_date between $1 and $2`,
    [FIRST, LAST],
  );
  const mtaSample = sample(
    monthOrders.map((r) => Number(r.id)),
    SAMPLE,
    random,
  );
  log(`MTA, naive: ${mtaSample.length} orders one by one (rolled back)`);
  let naiveMtaMs = 0;
  await rolledBack(async (tx) => {
    const t = performance.now();
    for (const id of mtaSample) await naiveMtaOrder(tx, plan, id);
    naiveMtaMs = performance.now() - t;
  });
  const naiveMtaAllMs = (naiveMtaMs / mtaSample.length) * monthOrders.length;

  const beforeMta = await snapshot();
  log(`MTA closing of ${LAST}`);
  const mtaMeter = cpuMeter();
  const [mta, mtaMs] = await timed(() => closeMonth(db, LAST, { startedBy: 'bench', now: after(LAST) }));
  const mtaCpu = mtaMeter();
  log(`  ${seconds(mtaMs)} s: ${JSON.stringify(mta.counts)}`);
  const afterMta = await snapshot();
  const [mtaAgain, mtaRerunMs] = await timed(() =>
    closeMonth(db, LAST, { startedBy: 'bench', now: after(LAST) }),
  );
  const [mtaBare, mtaBareMs] = await timed(() => db.transaction((tx) => closeMta(tx, plan, LAST)));
  const afterMtaRerun = await snapshot();
  log(
    `  re-run ${seconds(mtaRerunMs)} s (found done: ${mtaAgain.alreadyDone}), bare work again ${seconds(mtaBareMs)} s`,
  );

  // ---- payout: naive on a sample (rolled back), then the engine's run, then the re-runs ----
  const { rows: payees } = await pool.query<{ member_id: string }>(
    `select distinct member_id from income_lines where state = 'WAITING' and income_date <= $1`,
    [previousSunday(runDate)],
  );
  const payoutSample = sample(
    payees.map((r) => Number(r.member_id)),
    SAMPLE,
    random,
  );
  log(`Payout, naive: ${payoutSample.length} members one by one (rolled back)`);
  let naivePayoutMs = 0;
  await rolledBack(async (tx) => {
    const t = performance.now();
    for (const id of payoutSample) await naivePayoutMember(tx, plan, runDate, id);
    naivePayoutMs = performance.now() - t;
  });
  const naivePayoutAllMs = (naivePayoutMs / payoutSample.length) * payees.length;

  log(`Payout run of ${runDate}`);
  const payoutMeter = cpuMeter();
  const payoutSteps = stepClock();
  const [payout, payoutMs] = await timed(() =>
    payoutRun(db, runDate, { startedBy: 'bench', now: after(runDate), onStep: payoutSteps.step }),
  );
  const payoutCpu = payoutMeter();
  log(`  ${seconds(payoutMs)} s: ${JSON.stringify(payout.counts)} ${JSON.stringify(payout.totals)}`);
  for (const [step, s] of Object.entries(payoutSteps.seconds)) log(`    ${step}: ${s} s`);
  const afterPayout = await snapshot();
  const [payoutAgain, payoutRerunMs] = await timed(() =>
    payoutRun(db, runDate, { startedBy: 'bench', now: after(runDate) }),
  );
  const [payoutBare, payoutBareMs] = await timed(() => db.transaction((tx) => runPayout(tx, plan, runDate)));
  const afterPayoutRerun = await snapshot();
  log(
    `  re-run ${seconds(payoutRerunMs)} s (found done: ${payoutAgain.alreadyDone}), bare work again ${seconds(payoutBareMs)} s`,
  );
  const { rows: holds } = await pool.query<{ reason: string; n: number }>(
    `select reason, count(*)::int as n from payout_holds where run_date = $1 group by reason order by 1`,
    [runDate],
  );

  const mtaUnchanged =
    mtaAgain.alreadyDone && same(afterMta, afterMtaRerun) && mtaBare.lines === mta.counts.lines;
  const payoutUnchanged =
    payoutAgain.alreadyDone && same(afterPayout, afterPayoutRerun) && payoutBare.paid.length === 0;
  const result = {
    members: N,
    orders: seeded.orders,
    month: [FIRST, LAST],
    machine: {
      cores: os.cpus().length,
      node: process.version,
      database: bench.external ? 'external' : 'embedded PostgreSQL 18',
      load_average_start: loadStart.map((x) => +x.toFixed(1)),
      load_average_end: os.loadavg().map((x) => +x.toFixed(1)),
    },
    tree: { max_depth: seeded.tree.maxDepth, mean_depth: +seeded.tree.meanDepth.toFixed(1) },
    seed_s: seconds(seedMs),
    daily_closings: {
      days: daily.length,
      total_s: +daily.reduce((s, d) => s + d.s, 0).toFixed(1),
      cpu: dailyCpu,
      max_s: Math.max(...daily.map((d) => d.s)),
      rows: daily.reduce((s, d) => s + d.rows, 0),
      cycles: daily.reduce((s, d) => s + d.cycles, 0),
      promotions: daily.reduce((s, d) => s + d.promotions, 0),
      titles: Object.fromEntries(titles.rows.map((r) => [r.to_title, r.n])),
    },
    mta: {
      s: seconds(mtaMs),
      cpu: mtaCpu,
      counts: mta.counts,
      lines_written: Number(afterMta.mta_lines) - Number(beforeMta.mta_lines),
      total: afterMta.mta_total,
      rerun_s: seconds(mtaRerunMs),
      rerun_found_done: mtaAgain.alreadyDone,
      bare_rerun_s: seconds(mtaBareMs),
      unchanged_by_reruns: mtaUnchanged,
      naive: {
        sample_orders: mtaSample.length,
        per_order_ms: +(naiveMtaMs / mtaSample.length).toFixed(2),
        all_orders_s: seconds(naiveMtaAllMs),
      },
      ratio_naive_over_run: +(naiveMtaAllMs / mtaMs).toFixed(1),
    },
    payout: {
      run_date: runDate,
      s: seconds(payoutMs),
      steps_s: payoutSteps.seconds,
      cpu: payoutCpu,
      counts: payout.counts,
      totals: payout.totals,
      held_back: Object.fromEntries(holds.map((h) => [h.reason, h.n])),
      members_with_waiting_lines: payees.length,
      lines_paid: Number(afterPayout.paid_lines),
      rerun_s: seconds(payoutRerunMs),
      rerun_found_done: payoutAgain.alreadyDone,
      bare_rerun_s: seconds(payoutBareMs),
      unchanged_by_reruns: payoutUnchanged,
      naive: {
        sample_members: payoutSample.length,
        per_member_ms: +(naivePayoutMs / payoutSample.length).toFixed(2),
        all_members_s: seconds(naivePayoutAllMs),
      },
      ratio_naive_over_run: +(naivePayoutAllMs / payoutMs).toFixed(1),
    },
    goals: {
      mta_le_60s: mtaMs <= 60_000,
      payout_le_60s: payoutMs <= 60_000,
      reruns_change_nothing: mtaUnchanged && payoutUnchanged,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(`bench-results/month-${N}.json`, JSON.stringify(result, null, 2) + '\n');
  if (!mtaUnchanged || !payoutUnchanged) {
    log('A re-run changed something:');
    log(JSON.stringify({ afterMta, afterMtaRerun, afterPayout, afterPayoutRerun }, null, 2));
    process.exitCode = 1;
  }
} finally {
  const keep = process.argv.includes('--keep');
  if (keep) log(`kept: ${bench.url}`);
  await bench.close({ keep });
}
