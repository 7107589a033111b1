import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  addDays,
  endOfBangkokDay,
  isLastDayOfMonth,
  startOfBangkokDay,
  weekday,
  type Moment,
} from '@portal/plan/dates';
import { PACE, pacer } from './bulk';
import { computeClosing, promoteTitles, writeClosing } from './closing';
import { releaseDueHolds } from './ledger';
import { baht, sum } from '@portal/plan/money';
import { closeMta } from './mta';
import { noticeHoldDeadlines } from './notices';
import { runPayout } from './payout';
import { refreshVolumePreview } from './preview';
import { PlanRuleError, planFor, type Plan } from './plan';
import { loadTree, type TreeIndex } from './tree';

/**
 * The engine's runs (docs/plan.md E2): each is one transaction that writes its rows and a record of itself
 * (type, business date, plan version, who, when, counts, totals). A run killed half-way leaves
 * nothing; a run already done is not done again; two processes racing for one run serialise on a
 * lock, and the second finds it done.
 */
export type RunType = 'DAILY' | 'MTA' | 'HOLD_DEADLINE' | 'PAYOUT';

export interface RunOptions {
  /** `scheduler`, `simulator`, or `staff:<user id>`. */
  startedBy: string;
  /** The business clock's now: a day can be closed only after it has ended. */
  now: Moment;
  /** The placement tree, when the caller already has it (a simulation, a run of several days). */
  tree?: TreeIndex;
  /** Refresh the points per side members read (volume_preview) after the closing; default yes. */
  preview?: boolean;
  /** Told as each step of a run ends (the payout run's): what the benchmarks print per step. */
  onStep?: (step: string) => void;
}

export interface RunRecord {
  id: number;
  type: RunType;
  businessDate: string;
  planVersion: number;
  status: 'done';
  alreadyDone: boolean;
  counts: Record<string, number>;
  totals: Record<string, string>;
}

async function doneRun(tx: Tx, type: RunType, date: string) {
  const { rows } = await tx.execute<{
    id: number;
    plan_version: number;
    counts: Record<string, number>;
    totals: Record<string, string>;
  }>(
    sql`select id, plan_version, counts, totals from engine_runs where type = ${type} and business_date = ${date}::date and status = 'done'`,
  );
  return rows[0];
}

async function inRun(
  db: Db,
  type: RunType,
  date: string,
  opts: RunOptions,
  work: (tx: Tx, plan: Plan) => Promise<{ counts: Record<string, number>; totals?: Record<string, string> }>,
): Promise<RunRecord> {
  return db.transaction(async (tx) => {
    // One run at a time, whatever process asks: the second waits here, then finds it done.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('engine-closing'))`);
    const existing = await doneRun(tx, type, date);
    if (existing) {
      return {
        id: existing.id,
        type,
        businessDate: date,
        planVersion: existing.plan_version,
        status: 'done',
        alreadyDone: true,
        counts: existing.counts,
        totals: existing.totals,
      };
    }
    if (opts.now.at.getTime() <= endOfBangkokDay(date).getTime()) {
      throw new PlanRuleError(`${type} ${date}: the day has not ended yet`);
    }
    const plan = await planFor(tx, date);
    const started = new Date();
    const { counts, totals = {} } = await work(tx, plan);
    // finished_at is the clock's time: now() is the transaction's start, before `started`.
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into engine_runs (type, business_date, plan_version, status, started_by, started_at, finished_at, counts, totals)
      values (${type}, ${date}, ${plan.version}, 'done', ${opts.startedBy}, ${started.toISOString()}::timestamptz, clock_timestamp(),
        ${JSON.stringify(counts)}::jsonb, ${JSON.stringify(totals)}::jsonb)
      returning id`);
    return {
      id: rows[0]!.id,
      type,
      businessDate: date,
      planVersion: plan.version,
      status: 'done',
      alreadyDone: false,
      counts,
      totals,
    };
  });
}

/** Whether anything the closing of `date` would read happened before it (then day − 1 must be closed). */
async function hasActivityBefore(tx: Tx, date: string) {
  const { rows } = await tx.execute(sql`
    select 1 from volume_postings where effective_date < ${date}::date
    union all select 1 from closing_rows where closing_date < ${date}::date limit 1`);
  return rows.length > 0;
}

/** The hold lots whose deadline is `date` release what is left to SELF, before that day's closing. */
export const releaseDeadlines = (db: Db, date: string, opts: RunOptions) =>
  inRun(db, 'HOLD_DEADLINE', date, opts, async (tx, plan) => ({
    counts: {
      lots: await releaseDueHolds(tx, plan, { date, at: startOfBangkokDay(date) }),
      reminded: await noticeHoldDeadlines(tx, date),
    },
  }));

/** The daily closing of `date` (plan 3.1, 1.3): never before the previous day, never before it ended. */
export const closeDay = (db: Db, date: string, opts: RunOptions) =>
  inRun(db, 'DAILY', date, opts, async (tx, plan) => {
    const previous = addDays(date, -1);
    if (!(await doneRun(tx, 'DAILY', previous)) && (await hasActivityBefore(tx, date))) {
      throw new PlanRuleError(`DAILY ${date}: close ${previous} first`);
    }
    const tree = opts.tree ?? (await loadTree(tx));
    const rows = await computeClosing(tx, plan, tree, date);
    await writeClosing(tx, plan, rows);
    const promoted = await promoteTitles(tx, plan, date);
    const pace = pacer();
    const counts = { rows: rows.length, qualified: 0, cycles: 0, paid_members: 0, promotions: promoted };
    let paid = 0n;
    let flushed = 0n;
    let pointPart = 0n;
    for (const [k, r] of rows.entries()) {
      if (k % PACE === 0) await pace();
      if (r.qualified) counts.qualified++;
      counts.cycles += r.cycles;
      if (r.paid > 0n) counts.paid_members++;
      paid += r.paid;
      flushed += r.flushed;
      pointPart += r.pointPart;
    }
    return { counts, totals: { paid: baht(paid), flushed: baht(flushed), point_part: baht(pointPart) } };
  });

/** The MTA closing of the month that ends on `date`. */
export const closeMonth = (db: Db, date: string, opts: RunOptions) =>
  inRun(db, 'MTA', date, opts, async (tx, plan) => ({ counts: await closeMta(tx, plan, date) }));

/** The payout run of `date` (a payout weekday). */
export const payoutRun = (db: Db, date: string, opts: RunOptions) =>
  inRun(db, 'PAYOUT', date, opts, async (tx, plan) => {
    const { paid, heldBack } = await runPayout(tx, plan, date, opts.onStep);
    return {
      counts: { paid: paid.length, held_back: heldBack.length },
      totals: {
        gross: baht(sum(paid.map((p) => p.gross))),
        wht: baht(sum(paid.map((p) => p.wht))),
        point_part: baht(sum(paid.map((p) => p.pointPart))),
        net: baht(sum(paid.map((p) => p.net))),
      },
    };
  });

/**
 * Everything that happens at the end of a business day, in the plan's order (section 13): hold
 * deadlines, the daily closing and titles, the MTA closing on the last day of a month, the payout
 * run on the payout weekday.
 */
export async function runBusinessDay(db: Db, date: string, opts: RunOptions): Promise<RunRecord[]> {
  const runs: RunRecord[] = [];
  runs.push(await releaseDeadlines(db, date, opts));
  const closing = await closeDay(db, date, opts);
  runs.push(closing);
  if (opts.preview !== false && !closing.alreadyDone) await refreshVolumePreview(db);
  if (isLastDayOfMonth(date)) runs.push(await closeMonth(db, date, opts));
  const plan = await planFor(db, date);
  if (weekday(date) === plan.params.PAYOUT_WEEKDAY) runs.push(await payoutRun(db, date, opts));
  return runs;
}
