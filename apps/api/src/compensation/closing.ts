import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { addDays } from './dates';
import { addIncome, addPoints } from './ledger';
import { applyRate, baht, min, type Satang } from './money';
import type { Plan } from './plan';
import { expiryAsOf, isActiveOn, packagesAsOf, suspendedOn } from './standing';
import { sideBelow, type TreeIndex } from './tree';

/**
 * The daily closing of one business day (plan 3.1): cycle bonus with carry forward, qualification,
 * cap and flush, the point split, travel points (the cycles themselves). Reads only postings with
 * effective_date ≤ d and the previous day's rows, so a re-run at any later time gives the same rows.
 */
export type Reason = 'NO_PACKAGE' | 'INACTIVE' | 'SUSPENDED' | 'NOT_BINARY_QUALIFIED';

export interface ClosingRow {
  memberId: number;
  date: string;
  carryInLeft: number;
  carryInRight: number;
  newLeft: number;
  newRight: number;
  cycles: number;
  packageCode: string | null;
  cycleValue: number;
  incomePercent: string;
  maxIncomePerDay: Satang;
  gross: Satang;
  paid: Satang;
  flushed: Satang;
  pointPart: Satang;
  cashPart: Satang;
  carryOutLeft: number;
  carryOutRight: number;
  qualified: boolean;
  reason: Reason | null;
}

/** New left and right volume of every member on day d: one pass over the tree, deepest first. */
export async function newVolume(tx: Tx, tree: TreeIndex, date: string) {
  const subtree = new Float64Array(tree.size);
  const ownLeft = new Map<number, number>();
  const ownRight = new Map<number, number>();
  const { rows } = await tx.execute<{
    member_id: number;
    own_side: string | null;
    flows_up: boolean;
    pv: string;
  }>(sql`
    select member_id, own_side, flows_up, sum(pv)::text as pv from volume_postings
    where effective_date = ${date}::date group by member_id, own_side, flows_up`);
  for (const r of rows) {
    const i = tree.indexOf.get(r.member_id);
    if (i === undefined) continue;
    const pv = Number(r.pv);
    if (r.flows_up) subtree[i] = subtree[i]! + pv;
    if (r.own_side === 'left') ownLeft.set(i, (ownLeft.get(i) ?? 0) + pv);
    if (r.own_side === 'right') ownRight.set(i, (ownRight.get(i) ?? 0) + pv);
  }
  for (const i of tree.deepestFirst) {
    const p = tree.parent[i]!;
    if (p >= 0 && subtree[i] !== 0) subtree[p] = subtree[p]! + subtree[i]!;
  }
  const newLeft = (i: number) => (tree.left[i]! >= 0 ? subtree[tree.left[i]!]! : 0) + (ownLeft.get(i) ?? 0);
  const newRight = (i: number) =>
    (tree.right[i]! >= 0 ? subtree[tree.right[i]!]! : 0) + (ownRight.get(i) ?? 0);
  return { newLeft, newRight };
}

/**
 * Binary qualification at the end of d (plan 3.1): at least one personally referred member with a
 * paid, non-canceled package in each leg.
 */
export function binaryQualified(
  tree: TreeIndex,
  packaged: Map<number, string>,
  referrerOf: Map<number, number>,
) {
  const legs = new Map<number, { left: boolean; right: boolean }>();
  for (const memberId of packaged.keys()) {
    const referrer = referrerOf.get(memberId);
    if (referrer === undefined) continue;
    const x = tree.indexOf.get(memberId);
    const r = tree.indexOf.get(referrer);
    if (x === undefined || r === undefined) continue;
    const side = sideBelow(tree, x, r);
    if (!side) continue;
    const entry = legs.get(referrer) ?? { left: false, right: false };
    entry[side] = true;
    legs.set(referrer, entry);
  }
  return (memberId: number) => {
    const l = legs.get(memberId);
    return !!l && l.left && l.right;
  };
}

/** Computes the rows of day d (no writes). */
export async function computeClosing(
  tx: Tx,
  plan: Plan,
  tree: TreeIndex,
  date: string,
): Promise<ClosingRow[]> {
  const { newLeft, newRight } = await newVolume(tx, tree, date);
  const { rows: previous } = await tx.execute<{ member_id: number; l: string; r: string }>(sql`
    select member_id, carry_out_left::text as l, carry_out_right::text as r from closing_rows
    where closing_date = ${addDays(date, -1)}::date`);
  const carry = new Map(previous.map((p) => [p.member_id, { l: Number(p.l), r: Number(p.r) }]));

  const candidates: number[] = [];
  for (let i = 0; i < tree.size; i++) {
    const id = tree.ids[i]!;
    const c = carry.get(id);
    if (newLeft(i) !== 0 || newRight(i) !== 0 || (c && (c.l !== 0 || c.r !== 0))) candidates.push(id);
  }
  if (candidates.length === 0) return [];

  const packaged = await packagesAsOf(tx, null, date);
  const { rows: refs } = await tx.execute<{ id: number; referrer_member_id: number }>(sql`
    select id, referrer_member_id from members
    where referrer_member_id is not null and id = any(${sql.param([...packaged.keys()])}::bigint[])`);
  const qualifiedBinary = binaryQualified(
    tree,
    packaged,
    new Map(refs.map((r) => [r.id, r.referrer_member_id])),
  );
  const expiries = await expiryAsOf(tx, candidates, date, plan);
  const suspended = await suspendedOn(tx, candidates, date);

  return candidates.map((memberId) => {
    const i = tree.indexOf.get(memberId)!;
    const c = carry.get(memberId) ?? { l: 0, r: 0 };
    const nl = newLeft(i);
    const nr = newRight(i);
    const L = c.l + nl;
    const R = c.r + nr;
    const pkgCode = packaged.get(memberId) ?? null;
    const pkg = pkgCode ? plan.packages.get(pkgCode) : undefined;
    let reason: Reason | null = null;
    if (!pkg) reason = 'NO_PACKAGE';
    else if (!isActiveOn(expiries.get(memberId), date)) reason = 'INACTIVE';
    else if (suspended.has(memberId)) reason = 'SUSPENDED';
    else if (!qualifiedBinary(memberId)) reason = 'NOT_BINARY_QUALIFIED';
    const cv = pkg?.cycleValue ?? 0;
    const cycles =
      reason === null && L >= cv && R >= cv ? Math.min(Math.floor(L / cv), Math.floor(R / cv)) : 0;
    const gross = pkg
      ? applyRate(BigInt(cycles * cv) * 100n, {
          num: pkg.incomePercent.num * plan.pvThb.num,
          den: pkg.incomePercent.den * plan.pvThb.den,
        })
      : 0n;
    const cap = pkg?.cap ?? 0n;
    const paid = min(gross, cap);
    const pointPart = applyRate(paid, plan.pointSplit);
    return {
      memberId,
      date,
      carryInLeft: c.l,
      carryInRight: c.r,
      newLeft: nl,
      newRight: nr,
      cycles,
      packageCode: pkg?.code ?? null,
      cycleValue: cv,
      incomePercent: pkg?.incomePercentText ?? '0',
      maxIncomePerDay: cap,
      gross,
      paid,
      flushed: gross - paid,
      pointPart,
      cashPart: paid - pointPart,
      carryOutLeft: L - cycles * cv,
      carryOutRight: R - cycles * cv,
      qualified: reason === null,
      reason,
    };
  });
}

/** Writes the rows, the CYCLE income lines and the point part; an existing row or line is kept. */
export async function writeClosing(tx: Tx, plan: Plan, rows: readonly ClosingRow[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    const part = rows.slice(i, i + 1000);
    const col = <T>(f: (r: ClosingRow) => T) => sql.param(part.map(f));
    await tx.execute(sql`
      insert into closing_rows (member_id, closing_date, carry_in_left, carry_in_right, new_left, new_right, cycles,
        package_code, cycle_value, income_percent, max_income_per_day, gross, paid, flushed, point_part, cash_part,
        carry_out_left, carry_out_right, qualified, reason, plan_version)
      select * from unnest(${col((r) => r.memberId)}::bigint[], ${col((r) => r.date)}::date[],
        ${col((r) => r.carryInLeft)}::bigint[], ${col((r) => r.carryInRight)}::bigint[],
        ${col((r) => r.newLeft)}::bigint[], ${col((r) => r.newRight)}::bigint[], ${col((r) => r.cycles)}::int[],
        ${col((r) => r.packageCode)}::text[], ${col((r) => r.cycleValue)}::int[], ${col((r) => r.incomePercent)}::numeric[],
        ${col((r) => baht(r.maxIncomePerDay))}::numeric[], ${col((r) => baht(r.gross))}::numeric[],
        ${col((r) => baht(r.paid))}::numeric[], ${col((r) => baht(r.flushed))}::numeric[],
        ${col((r) => baht(r.pointPart))}::numeric[], ${col((r) => baht(r.cashPart))}::numeric[],
        ${col((r) => r.carryOutLeft)}::bigint[], ${col((r) => r.carryOutRight)}::bigint[],
        ${col((r) => r.qualified)}::boolean[], ${col((r) => r.reason)}::text[],
        ${col(() => plan.version)}::int[])
      on conflict (member_id, closing_date) do nothing`);
  }
  for (const r of rows) {
    if (r.paid <= 0n) continue;
    await addIncome(tx, {
      memberId: r.memberId,
      type: 'CYCLE',
      source: r.date,
      amount: r.paid,
      pointPart: r.pointPart,
      incomeDate: r.date,
    });
    if (r.pointPart > 0n) {
      await addPoints(
        tx,
        `cycle:${r.date}:${r.memberId}`,
        r.memberId,
        'CYCLE',
        r.pointPart,
        `cycle bonus ${r.date}`,
        r.date,
      );
    }
  }
}

/**
 * Titles at the end of day d (plan 1.3): cumulative cycles (all rows up to d) and personally referred
 * members with a package; never demoted; one history row per title passed.
 */
export async function promoteTitles(tx: Tx, plan: Plan, date: string): Promise<number> {
  const packaged = await packagesAsOf(tx, null, date);
  const { rows } = await tx.execute<{
    member_id: number;
    cycles: string;
    referrals: string;
    current: string | null;
  }>(sql`
    with cyc as (
      select member_id, sum(cycles) as cycles from closing_rows where closing_date <= ${date}::date
      group by member_id having sum(cycles) > 0),
    refs as (
      select referrer_member_id as member_id, count(*) as referrals from members
      where referrer_member_id is not null and id = any(${sql.param([...packaged.keys()])}::bigint[])
      group by referrer_member_id),
    who as (select member_id from cyc union select member_id from refs)
    select w.member_id, coalesce(c.cycles, 0)::text as cycles, coalesce(r.referrals, 0)::text as referrals,
      (select max(array_position(${sql.param(plan.titles.map((t) => t.code))}::text[], h.to_title))
        from title_history h where h.member_id = w.member_id)::text as current
    from who w left join cyc c on c.member_id = w.member_id left join refs r on r.member_id = w.member_id`);
  let promoted = 0;
  for (const r of rows) {
    // Postgres arrays count from 1; no history is the first title.
    const have = r.current === null ? 0 : Number(r.current) - 1;
    let reach = 0;
    plan.titles.forEach((t, i) => {
      if (Number(r.cycles) >= t.cycles && Number(r.referrals) >= t.referrals) reach = i;
    });
    for (let k = have + 1; k <= reach; k++) {
      await tx.execute(sql`
        insert into title_history (member_id, from_title, to_title, achieved_date)
        values (${r.member_id}, ${plan.titles[k - 1]!.code}, ${plan.titles[k]!.code}, ${date})
        on conflict do nothing`);
      promoted++;
    }
    if (reach > have) {
      await tx.execute(
        sql`update members set business_title = ${plan.titles[reach]!.code} where id = ${r.member_id}`,
      );
    }
  }
  return promoted;
}
