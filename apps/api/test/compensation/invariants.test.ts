import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeClosing } from '../../src/compensation/closing';
import { addDays, lastDayOfMonth, previousSunday } from '@portal/plan/dates';
import { applyRate, baht, satang } from '@portal/plan/money';
import { DEFAULT_PLAN } from '@portal/plan/params';
import { compilePlan } from '../../src/compensation/plan';
import {
  ScenarioError,
  simulate,
  type Scenario,
  type SimulationResult,
} from '../../src/compensation/simulate';
import { loadTree } from '../../src/compensation/tree';
import { expiryAsOf } from '../../src/compensation/standing';
import { historyArb, UNFORESEEABLE, type HistoryWindow } from '../helpers/plan-histories';
import { expectedLvp, expectedMta, expectedPoints, suspendedAtEndOf } from '../helpers/plan-oracle';
import { simulatorDatabase } from '../helpers/simulator-db';

/**
 * The invariants of plan section 9 as properties over random trees and random histories
 * (fast-check): every history goes through the simulator, then the rows it wrote are checked
 * against rules computed here another way (volume by walking ancestors, not by subtree sums).
 */
const RUNS = Number(process.env.PLAN_PROPERTY_RUNS ?? 200);
const plan = compilePlan(DEFAULT_PLAN, 0);
/** Nine days of many cycles; and a month's end with everything else (MTA, KYC, upgrades, uses). */
const SHORT = { start: '2025-03-03', days: 9 };
const ACROSS_MONTH = { start: '2025-03-20', days: 16, rich: true };
const MONTH_RUNS = Number(process.env.PLAN_PROPERTY_MONTH_RUNS ?? 30);

let db: Awaited<ReturnType<typeof simulatorDatabase>>;
/** Before each history: the engine's tables, and every table that refers to them, empty; ids from the start. */
const reset = () => db.reset();
beforeAll(async () => {
  db = await simulatorDatabase();
});
afterAll(() => db.drop());

/** Signed new volume of member m on side s on day d, by walking each posting's ancestors (the slow way). */
async function newVolumeByWalking(date: string) {
  const { rows: tree } = await db.db.execute<{ id: number; parent: number | null; side: string | null }>(
    sql`select id, placement_parent_id as parent, side from members`,
  );
  const node = new Map(tree.map((t) => [t.id, t]));
  const { rows: postings } = await db.db.execute<{
    member_id: number;
    pv: number;
    flows_up: boolean;
    own_side: string | null;
  }>(sql`select member_id, pv, flows_up, own_side from volume_postings where effective_date = ${date}::date`);
  const out = new Map<string, number>();
  const add = (id: number, side: string, pv: number) =>
    out.set(`${id}:${side}`, (out.get(`${id}:${side}`) ?? 0) + pv);
  for (const p of postings) {
    if (p.own_side) add(p.member_id, p.own_side, p.pv);
    if (!p.flows_up) continue;
    let child = node.get(p.member_id)!;
    while (child.parent !== null) {
      add(child.parent, child.side!, p.pv);
      child = node.get(child.parent)!;
    }
  }
  return out;
}

async function checkInvariants(scenario: Scenario, result: SimulationResult, start: string) {
  const closings = result.closings as {
    member: string;
    date: string;
    carry_in_left: number;
    carry_in_right: number;
    new_left: number;
    new_right: number;
    cycles: number;
    cycle_value: number;
    income_percent: string;
    max_income_per_day: string;
    gross: string;
    paid: string;
    flushed: string;
    point_part: string;
    cash_part: string;
    carry_out_left: number;
    carry_out_right: number;
    qualified: boolean;
  }[];
  const byKey = new Map(closings.map((c) => [`${c.member}:${c.date}`, c]));
  const { rows: idRows } = await db.db.execute<{ id: number; code: string }>(
    sql`select id, member_code as code from members`,
  );
  const idOf = new Map(idRows.map((r) => [r.code, r.id]));

  for (const c of closings) {
    const prev = byKey.get(`${c.member}:${addDays(c.date, -1)}`);
    // 1. carry conservation
    expect(c.carry_in_left).toBe(prev?.carry_out_left ?? 0);
    expect(c.carry_in_right).toBe(prev?.carry_out_right ?? 0);
    expect(c.carry_out_left).toBe(c.carry_in_left + c.new_left - c.cycles * c.cycle_value);
    expect(c.carry_out_right).toBe(c.carry_in_right + c.new_right - c.cycles * c.cycle_value);
    // 3. cycles
    const L = c.carry_in_left + c.new_left;
    const R = c.carry_in_right + c.new_right;
    const expected =
      c.qualified && L >= c.cycle_value && R >= c.cycle_value
        ? Math.min(Math.floor(L / c.cycle_value), Math.floor(R / c.cycle_value))
        : 0;
    expect(c.cycles).toBe(expected);
    // 4. cap and 5. split
    const gross = satang(c.gross);
    const paid = satang(c.paid);
    expect(satang(c.paid) + satang(c.flushed)).toBe(gross);
    expect(paid).toBe(gross < satang(c.max_income_per_day) ? gross : satang(c.max_income_per_day));
    expect(satang(c.point_part) + satang(c.cash_part)).toBe(paid);
    expect(satang(c.point_part)).toBe(applyRate(paid, plan.pointSplit));
  }
  // 2. volume conservation, every day, every member (also members without a row: their new volume is 0)
  for (let d = start; d <= scenario.until; d = addDays(d, 1)) {
    const walked = await newVolumeByWalking(d);
    for (const [code, id] of idOf) {
      const row = byKey.get(`${code}:${d}`);
      expect(row?.new_left ?? 0).toBe(walked.get(`${id}:left`) ?? 0);
      expect(row?.new_right ?? 0).toBe(walked.get(`${id}:right`) ?? 0);
    }
  }
  // 6. idempotency and 7. time isolation: a closing computed again now, after every later event, is the same
  const tree = await loadTree(db.db);
  for (const d of [start, addDays(start, 3), addDays(start, 6)]) {
    const again = await db.db.transaction((tx) => computeClosing(tx, plan, tree, d));
    const stored = closings.filter((c) => c.date === d);
    expect(
      again
        .map((r) => [r.newLeft, r.newRight, r.cycles, baht(r.paid), r.carryOutLeft, r.carryOutRight])
        .sort(),
    ).toEqual(
      stored
        .map((c) => [c.new_left, c.new_right, c.cycles, c.paid, c.carry_out_left, c.carry_out_right])
        .sort(),
    );
  }
  // 8. ledger equality for payouts
  const income = result.income as {
    member: string;
    type: string;
    amount: string;
    income_date: string;
    state: string;
    source: string;
  }[];
  for (const p of result.payouts as {
    member: string;
    date: string;
    gross: string;
    wht: string;
    point_part: string;
    net: string;
  }[]) {
    expect(satang(p.gross)).toBe(satang(p.net) + satang(p.wht) + satang(p.point_part) + plan.transferFee);
    expect(satang(p.net) >= plan.minPayout).toBe(true);
  }
  // 14. paid lines are on or before the Sunday before their payout
  const { rows: paidLines } = await db.db.execute<{ income_date: string; run_date: string }>(sql`
    select l.income_date::text, p.run_date::text from income_lines l join payouts p on p.id = l.payout_id`);
  for (const l of paidLines) expect(l.income_date <= previousSunday(l.run_date)).toBe(true);
  // 9. reversal: a canceled order's PV, LVP and non-void income net to zero
  const { rows: canceled } = await db.db.execute<{
    id: number;
    order_no: string;
    pv: string;
    lvp: string;
    income: string;
  }>(sql`
    select o.id, o.order_no,
      (select coalesce(sum(pv), 0) from volume_postings v where v.order_id = o.id)::text as pv,
      (select coalesce(sum(points), 0) from lvp_postings l where l.order_id = o.id)::text as lvp,
      (select coalesce(sum(amount), 0) from income_lines i where i.order_id = o.id and i.state <> 'VOID')::text as income
    from orders o where o.canceled_date is not null and o.paid_date is not null`);
  for (const o of canceled) {
    expect([o.order_no, Number(o.pv), Number(o.lvp), satang(o.income)]).toEqual([o.order_no, 0, 0, 0n]);
  }
  // 10. qualification: a CYCLE line only for a qualified row
  for (const line of income.filter((l) => l.type === 'CYCLE')) {
    expect(byKey.get(`${line.member}:${line.source}`)?.qualified).toBe(true);
  }
  // 11. titles monotone, one row per title
  const seen = new Set<string>();
  for (const t of result.titles as { member: string; to: string }[]) {
    expect(seen.has(`${t.member}:${t.to}`)).toBe(false);
    seen.add(`${t.member}:${t.to}`);
  }
  // 12. hold: released + remaining = total; nothing left after the deadline
  for (const lot of result.hold_lots as {
    pv_total: number;
    pv_remaining: number;
    releases: { pv: number }[];
  }[]) {
    const released = lot.releases.reduce((n, r) => n + r.pv, 0);
    expect(lot.pv_remaining === 0 || released + lot.pv_remaining === lot.pv_total).toBe(true);
  }
  // No income line of 0.00, for any type (plan 13).
  expect(income.filter((l) => satang(l.amount) === 0n)).toEqual([]);
  // LVP and points: what the events earned and spent, with the uses of canceled orders given back.
  const lvp = expectedLvp(scenario);
  const points = expectedPoints(scenario, result);
  for (const m of result.members as { member: string; lvp_balance: number; point_balance: string }[]) {
    expect([m.member, m.lvp_balance]).toEqual([m.member, lvp.get(m.member) ?? 0]);
    expect([m.member, m.point_balance]).toEqual([m.member, baht(points.get(m.member) ?? 0n)]);
  }
  // MTA: exactly the lines the plan gives, worked out from the events.
  const ids = [...idOf.values()];
  const expiries = new Map<string, Map<number, string | null>>();
  const activeOn = (member: string, date: string) => {
    const e = expiries.get(date)!.get(idOf.get(member)!);
    return !!e && date <= e;
  };
  for (const l of income.filter((i) => i.type === 'MTA')) {
    if (!expiries.has(l.income_date))
      expiries.set(l.income_date, await expiryAsOf(db.db, ids, l.income_date, plan));
  }
  const monthEnds = [...new Set(result.closings.map((c) => lastDayOfMonth(String(c.date))))];
  for (const end of monthEnds.filter((d) => d <= scenario.until && !expiries.has(d))) {
    expiries.set(end, await expiryAsOf(db.db, ids, end, plan));
  }
  const mta = (income as ((typeof income)[number] & { generation: number | null })[])
    .filter((l) => l.type === 'MTA' && satang(l.amount) > 0n)
    .map((l) => ({
      member: l.member,
      source: l.source,
      generation: l.generation!,
      amount: l.amount,
      income_date: l.income_date,
    }));
  const key = (l: { member: string; source: string; generation: number; income_date: string }) =>
    `${l.income_date}:${l.member}:${l.source}:${l.generation}`;
  expect(mta.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
    expectedMta(scenario, result, plan, activeOn).sort((a, b) => key(a).localeCompare(key(b))),
  );
  // 14. payouts only to members verified by the run's date and not suspended at its end.
  const verifiedOn = new Map(scenario.members.map((m) => [m.code, m.kyc_verified_on]));
  for (const p of result.payouts as { member: string; date: string }[]) {
    const v = verifiedOn.get(p.member);
    expect([p.member, p.date, v === undefined || (v !== null && v <= p.date)]).toEqual([
      p.member,
      p.date,
      true,
    ]);
    const suspended = suspendedAtEndOf(scenario, p.member, p.date);
    expect([p.member, p.date, suspended]).toEqual([p.member, p.date, false]);
  }
}

async function property(window: HistoryWindow, runs: number) {
  let simulated = 0;
  const seen = {
    cycles: 0,
    capped: 0,
    cancellations: 0,
    releases: 0,
    payouts: 0,
    titles: 0,
    negativeCarry: 0,
    mta: 0,
    uses: 0,
    upgrades: 0,
  };
  await fc.assert(
    fc.asyncProperty(historyArb(window), async (scenario) => {
      await reset();
      let result: SimulationResult;
      try {
        result = await simulate(db.db, scenario);
      } catch (err) {
        // Only what a generator cannot foresee (a balance, a release by a suspended member) skips a history.
        fc.pre(!(err instanceof ScenarioError && UNFORESEEABLE.test(err.message)));
        throw err;
      }
      simulated++;
      const rows = result.closings as {
        cycles: number;
        flushed: string;
        carry_out_left: number;
        carry_out_right: number;
      }[];
      const has = (type: string) => scenario.events.some((e) => e.type === type);
      if (rows.some((r) => r.cycles > 0)) seen.cycles++;
      if (rows.some((r) => r.flushed !== '0.00')) seen.capped++;
      if (rows.some((r) => r.carry_out_left < 0 || r.carry_out_right < 0)) seen.negativeCarry++;
      if (has('cancel')) seen.cancellations++;
      if (has('release')) seen.releases++;
      if (has('use_lvp') || has('use_points')) seen.uses++;
      if (scenario.events.some((e) => e.type === 'order' && e.order_type === 'UPGRADE')) seen.upgrades++;
      if ((result.income as { type: string }[]).some((l) => l.type === 'MTA')) seen.mta++;
      if (result.payouts.length > 0) seen.payouts++;
      if (result.titles.length > 0) seen.titles++;
      await checkInvariants(scenario, result, window.start);
    }),
    {
      numRuns: runs,
      seed: process.env.PLAN_PROPERTY_SEED ? Number(process.env.PLAN_PROPERTY_SEED) : undefined,
    },
  );
  console.log(
    `plan invariants from ${window.start}, ${window.days} days: ${simulated} histories; ${Object.entries(seen)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  expect(simulated).toBeGreaterThanOrEqual(runs * 0.8);
  return seen;
}

describe('plan invariants (section 9) over random histories', () => {
  it(`when ${RUNS} random histories of nine days are simulated then every invariant holds`, async () => {
    const seen = await property(SHORT, RUNS);
    // The generator must reach the interesting cases, or the properties prove little.
    expect(seen.cycles).toBeGreaterThan(RUNS / 4);
    expect(seen.cancellations).toBeGreaterThan(RUNS / 4);
  }, 900_000);

  const acrossRuns = MONTH_RUNS;
  it(`when ${acrossRuns} histories across a month's end (MTA, KYC dates, upgrades, LVP and points spent on orders canceled later) are simulated then every invariant holds`, async () => {
    const seen = await property(ACROSS_MONTH, acrossRuns);
    expect(seen.mta).toBeGreaterThan(acrossRuns / 5);
    expect(seen.uses).toBeGreaterThan(acrossRuns / 4);
    expect(seen.upgrades).toBeGreaterThan(acrossRuns / 5);
    expect(seen.cancellations).toBeGreaterThan(acrossRuns / 4);
  }, 900_000);
});
