import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { addDays } from '@portal/plan/dates';
import { applyRate, baht, min, type Satang } from '@portal/plan/money';
import type { Plan } from './plan';
import { copyRows, mapLazily, PACE, pacer, queryArrays } from './bulk';
import { noticeTitles } from './notices';
import { isActiveOn, standingAtEndOf, suspendedOn } from './standing';
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
export const newVolume = (tx: Tx, tree: TreeIndex, date: string) =>
  sumVolume(tx, tree, sql`effective_date = ${date}::date`);

/** New volume of every member after a closed day (all of it when nothing is closed yet). */
export const newVolumeSince = (tx: Tx, tree: TreeIndex, closed: string | null) =>
  sumVolume(tx, tree, closed ? sql`effective_date > ${closed}::date` : sql`true`);

async function sumVolume(tx: Tx, tree: TreeIndex, when: SQL) {
  const pace = pacer();
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
    where ${when} group by member_id, own_side, flows_up`);
  for (const [k, r] of rows.entries()) {
    if (k % PACE === 0) await pace();
    const i = tree.indexOf.get(r.member_id);
    if (i === undefined) continue;
    const pv = Number(r.pv);
    if (r.flows_up) subtree[i] = subtree[i]! + pv;
    if (r.own_side === 'left') ownLeft.set(i, (ownLeft.get(i) ?? 0) + pv);
    if (r.own_side === 'right') ownRight.set(i, (ownRight.get(i) ?? 0) + pv);
  }
  for (const i of tree.deepestFirst) {
    if (i % PACE === 0) await pace();
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
export async function binaryQualified(
  tree: TreeIndex,
  packaged: Map<number, string>,
  referrerOf: Map<number, number>,
) {
  const pace = pacer();
  const legs = new Map<number, { left: boolean; right: boolean }>();
  let k = 0;
  for (const memberId of packaged.keys()) {
    if (k++ % PACE === 0) await pace();
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

/** Every member's referrer (members without one are absent). */
export async function referrers(db: Tx): Promise<Map<number, number>> {
  const pace = pacer();
  const rows = await queryArrays<[string, string]>(
    db,
    `select id, referrer_member_id from members where referrer_member_id is not null`,
  );
  const out = new Map<number, number>();
  for (const [k, r] of rows.entries()) {
    if (k % PACE === 0) await pace();
    out.set(Number(r[0]), Number(r[1]));
  }
  return out;
}

/** Computes the rows of day d (no writes). */
export async function computeClosing(
  tx: Tx,
  plan: Plan,
  tree: TreeIndex,
  date: string,
): Promise<ClosingRow[]> {
  const pace = pacer();
  const { newLeft, newRight } = await newVolume(tx, tree, date);
  const { rows: previous } = await tx.execute<{ member_id: number; l: string; r: string }>(sql`
    select member_id, carry_out_left::text as l, carry_out_right::text as r from closing_rows
    where closing_date = ${addDays(date, -1)}::date`);
  const carry = new Map<number, { l: number; r: number }>();
  for (const [k, p] of previous.entries()) {
    if (k % PACE === 0) await pace();
    carry.set(p.member_id, { l: Number(p.l), r: Number(p.r) });
  }

  const candidates: number[] = [];
  for (let i = 0; i < tree.size; i++) {
    if (i % PACE === 0) await pace();
    const id = tree.ids[i]!;
    const c = carry.get(id);
    if (newLeft(i) !== 0 || newRight(i) !== 0 || (c && (c.l !== 0 || c.r !== 0))) candidates.push(id);
  }
  if (candidates.length === 0) return [];

  const { packaged, expiries } = await standingAtEndOf(tx, plan, date);
  const qualifiedBinary = await binaryQualified(tree, packaged, await referrers(tx));
  // Many candidates (a busy day on a big tree): read everyone's rather than ship a huge id list.
  const suspended = await suspendedOn(tx, candidates.length > 10_000 ? null : candidates, date);

  const out: ClosingRow[] = [];
  for (const [k, memberId] of candidates.entries()) {
    if (k % PACE === 0) await pace();
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
    out.push({
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
    });
  }
  return out;
}

/** Writes the rows, the CYCLE income lines and the point part; an existing row or line is kept. */
export async function writeClosing(tx: Tx, plan: Plan, rows: readonly ClosingRow[]) {
  if (rows.length === 0) return;
  const date = rows[0]!.date;
  // A day's rows are written by its one closing run, in one transaction: normally none exist yet and
  // COPY goes straight into the table. Should some exist, the rows go through a scratch table and
  // only the missing ones are added (a closing never changes a row it wrote).
  const { rows: existing } = await tx.execute(
    sql`select 1 from closing_rows where closing_date = ${date}::date limit 1`,
  );
  const target = existing.length > 0 ? 'closing_stage' : 'closing_rows';
  if (target === 'closing_stage')
    await tx.execute(sql`create temp table closing_stage (like closing_rows) on commit drop`);
  // Each row is made as COPY asks for it, a chunk at a time, not all before the first is sent.
  await copyRows(
    tx,
    target,
    CLOSING_COLUMNS,
    mapLazily(rows, (r) => [
      r.memberId,
      r.date,
      r.carryInLeft,
      r.carryInRight,
      r.newLeft,
      r.newRight,
      r.cycles,
      r.packageCode,
      r.cycleValue,
      r.incomePercent,
      baht(r.maxIncomePerDay),
      baht(r.gross),
      baht(r.paid),
      baht(r.flushed),
      baht(r.pointPart),
      baht(r.cashPart),
      r.carryOutLeft,
      r.carryOutRight,
      r.qualified ? 't' : 'f',
      r.reason,
      plan.version,
    ]),
  );
  if (target === 'closing_stage') {
    await tx.execute(sql`
      insert into closing_rows (${sql.raw(CLOSING_COLUMNS.join(', '))})
      select ${sql.raw(CLOSING_COLUMNS.join(', '))} from closing_stage
      on conflict (member_id, closing_date) do nothing`);
    await tx.execute(sql`drop table closing_stage`);
  }
  // CYCLE income (key: member, CYCLE, the date) and its point part on the point balance (plan 5.2).
  await tx.execute(sql`
    insert into income_lines (member_id, type, source, generation, amount, point_part, income_date)
    select member_id, 'CYCLE', closing_date::text, 0, paid, point_part, closing_date
    from closing_rows where closing_date = ${date}::date and paid > 0
    on conflict (member_id, type, source, generation, correction) do nothing`);
  await tx.execute(sql`
    insert into point_postings (natural_key, member_id, kind, points, remark, effective_date)
    select 'cycle:' || closing_date::text || ':' || member_id, member_id, 'CYCLE', point_part,
      'cycle bonus ' || closing_date::text, closing_date
    from closing_rows where closing_date = ${date}::date and point_part > 0
    on conflict (natural_key) do nothing`);
}

const CLOSING_COLUMNS = [
  'member_id',
  'closing_date',
  'carry_in_left',
  'carry_in_right',
  'new_left',
  'new_right',
  'cycles',
  'package_code',
  'cycle_value',
  'income_percent',
  'max_income_per_day',
  'gross',
  'paid',
  'flushed',
  'point_part',
  'cash_part',
  'carry_out_left',
  'carry_out_right',
  'qualified',
  'reason',
  'plan_version',
] as const;

/**
 * Titles at the end of day d (plan 1.3): cumulative cycles (all rows up to d) and personally referred
 * members with a package; never demoted; one history row per title passed. Only members whose
 * cycles or referrals changed on d can move: the others were judged on earlier days.
 */
export async function promoteTitles(tx: Tx, plan: Plan, date: string): Promise<number> {
  const codes = sql.param(plan.titles.map((t) => t.code));
  const { rows } = await tx.execute<{
    member_id: number;
    cycles: string;
    referrals: string;
    current: number | null;
  }>(sql`
    with moved as (
      select member_id from closing_rows where closing_date = ${date}::date and cycles > 0
      union
      select m.referrer_member_id from orders o join members m on m.id = o.member_id
      where o.order_type in ('PACKAGE', 'UPGRADE') and o.paid_date = ${date}::date and m.referrer_member_id is not null),
    cyc as (
      select c.member_id, sum(c.cycles) as cycles from closing_rows c
      where c.member_id in (select member_id from moved) and c.closing_date <= ${date}::date group by c.member_id),
    refs as (
      select r.referrer_member_id as member_id, count(*) as referrals from members r
      where r.referrer_member_id in (select member_id from moved)
        and exists (select 1 from orders o where o.member_id = r.id and o.order_type in ('PACKAGE', 'UPGRADE')
          and o.paid_date <= ${date}::date and (o.canceled_date is null or o.canceled_date > ${date}::date))
      group by r.referrer_member_id),
    reached as (
      select h.member_id, max(array_position(${codes}::text[], h.to_title)) as current from title_history h
      where h.member_id in (select member_id from moved) group by h.member_id)
    select w.member_id, coalesce(c.cycles, 0)::text as cycles, coalesce(r.referrals, 0)::text as referrals, t.current
    from moved w left join cyc c on c.member_id = w.member_id left join refs r on r.member_id = w.member_id
      left join reached t on t.member_id = w.member_id`);
  const history: [number, string, string, string][] = [];
  const titleOf = new Map<number, string>();
  for (const r of rows) {
    // Postgres arrays count from 1; no history is the first title.
    const have = r.current === null ? 0 : Number(r.current) - 1;
    let reach = 0;
    plan.titles.forEach((t, i) => {
      if (Number(r.cycles) >= t.cycles && Number(r.referrals) >= t.referrals) reach = i;
    });
    for (let k = have + 1; k <= reach; k++)
      history.push([r.member_id, plan.titles[k - 1]!.code, plan.titles[k]!.code, date]);
    if (reach > have) titleOf.set(r.member_id, plan.titles[reach]!.code);
  }
  if (history.length > 0) {
    await tx.execute(sql`
      insert into title_history (member_id, from_title, to_title, achieved_date)
      select * from unnest(${sql.param(history.map((h) => h[0]))}::bigint[], ${sql.param(history.map((h) => h[1]))}::text[],
        ${sql.param(history.map((h) => h[2]))}::text[], ${sql.param(history.map((h) => h[3]))}::date[])
      on conflict do nothing`);
    await tx.execute(sql`
      update members m set business_title = t.title
      from unnest(${sql.param([...titleOf.keys()])}::bigint[], ${sql.param([...titleOf.values()])}::text[]) as t(id, title)
      where m.id = t.id`);
    await noticeTitles(tx, date, titleOf);
  }
  return history.length;
}
