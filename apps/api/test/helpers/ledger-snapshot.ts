import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { planFor } from '../../src/compensation/plan';
import { expiryAsOf, packagesAsOf } from '../../src/compensation/standing';

/**
 * Everything the engine wrote in one database, in names that do not depend on the database: members
 * by their history code, orders by their history id (the live shop numbers its orders SO…, the
 * simulator by the scenario's ids), rows sorted. Two databases that lived the same history must give
 * equal snapshots, section by section (live-vs-simulator.test.ts reads the live app's and the
 * simulator's with this one reader).
 */
export interface Names {
  /** member id → history code */
  member: Map<number, string>;
  /** order number → history order id */
  order: Map<string, string>;
}

type Row = Record<string, unknown>;

export interface LedgerSnapshot {
  orders: Row[];
  volume: Row[];
  closings: Row[];
  income: Row[];
  payouts: Row[];
  payoutHolds: Row[];
  titles: Row[];
  holdLots: Row[];
  lvp: Row[];
  points: Row[];
  members: Row[];
}

const key = (r: Row) => JSON.stringify(Object.values(r));
const sorted = (rows: Row[]) => rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

export async function ledgerSnapshot(db: Db, names: Names, until: string): Promise<LedgerSnapshot> {
  const ids = [...names.member.keys()];
  const member = (id: unknown) => names.member.get(Number(id)) ?? `?member ${String(id)}`;
  const order = (no: unknown) =>
    no === null ? null : (names.order.get(String(no)) ?? `?order ${String(no)}`);
  /** An order number inside a remark ("use in order SO…", "refund LVP order R3") as its history id. */
  const remark = (text: unknown) =>
    String(text).replace(/(order )(\S+)$/, (_, pre: string, no: string) => `${pre}${order(no)}`);
  const q = async (query: ReturnType<typeof sql>) => (await db.execute<Row>(query)).rows;
  const anyId = sql`any(${sql.param(ids)}::bigint[])`;
  const mine = sql`member_id = ${anyId}`;

  const orders = (
    await q(sql`
      select member_id, order_no, order_type, package_code, hold_points, pv_total, lvp_total, paid_date::text,
        canceled_date::text, status = 'canceled' as canceled
      from orders where ${mine}`)
  ).map((r) => ({ ...r, member_id: member(r.member_id), order_no: order(r.order_no) }));

  const volume = (
    await q(sql`
      select v.member_id, v.effective_date::text, v.pv, v.personal, v.flows_up, v.own_side, v.repurchase, v.kind,
        o.order_no
      from volume_postings v left join orders o on o.id = v.order_id where v.member_id = ${anyId}`)
  ).map((r) => ({ ...r, member_id: member(r.member_id), order_no: order(r.order_no) }));

  const closings = (
    await q(sql`
      select member_id, closing_date::text, carry_in_left, carry_in_right, new_left, new_right, cycles, cycle_value,
        income_percent::text, max_income_per_day::text, gross::text, paid::text, flushed::text, point_part::text,
        cash_part::text, carry_out_left, carry_out_right, qualified, reason
      from closing_rows where ${mine}`)
  ).map((r) => ({ ...r, member_id: member(r.member_id) }));

  const income = (
    await q(sql`
      select l.member_id, l.type, l.amount::text, l.point_part::text, l.income_date::text, l.state, l.source,
        l.generation, l.correction, l.voided_date::text, o.order_no, p.run_date::text as paid_in
      from income_lines l left join orders o on o.id = l.order_id left join payouts p on p.id = l.payout_id
      where l.member_id = ${anyId}`)
  ).map((r) => ({
    ...r,
    member_id: member(r.member_id),
    // CYCLE lines are named by their closing date, the others by their order.
    source: r.type === 'CYCLE' ? r.source : order(r.source),
    order_no: order(r.order_no),
  }));

  const payouts = (
    await q(sql`
      select run_date::text, member_id, gross::text, wht::text, point_part::text, fee::text, net::text
      from payouts where ${mine}`)
  ).map((r) => ({ ...r, member_id: member(r.member_id) }));

  const payoutHolds = (
    await q(sql`select run_date::text, member_id, gross::text, reason from payout_holds where ${mine}`)
  ).map((r) => ({ ...r, member_id: member(r.member_id) }));

  const titles = (
    await q(sql`select member_id, from_title, to_title, achieved_date::text from title_history where ${mine}`)
  ).map((r) => ({ ...r, member_id: member(r.member_id) }));

  const holdLots = (
    await q(sql`
      select l.member_id, o.order_no, l.pv_total, l.created_date::text, l.deadline::text, l.canceled_date::text,
        l.repurchase,
        (select coalesce(json_agg(json_build_array(r.release_date::text, r.pv, r.target, r.auto) order by r.id), '[]')
          from hold_releases r where r.lot_id = l.id) as releases
      from hold_lots l join orders o on o.id = l.order_id where l.member_id = ${anyId}`)
  ).map((r) => ({ ...r, member_id: member(r.member_id), order_no: order(r.order_no) }));

  const lvp = (
    await q(sql`select member_id, type, points, remark, effective_date::text from lvp_postings where ${mine}`)
  ).map((r) => ({ ...r, member_id: member(r.member_id), remark: remark(r.remark) }));

  const points = (
    await q(
      sql`select member_id, kind, points::text, remark, effective_date::text from point_postings where ${mine}`,
    )
  ).map((r) => ({ ...r, member_id: member(r.member_id), remark: remark(r.remark) }));

  // Standing after the last day: the package and expiry the ledger gives, the member row's copy, balances.
  const plan = await planFor(db, until);
  const packages = await packagesAsOf(db, ids, until);
  const expiries = await expiryAsOf(db, ids, until, plan);
  const rows = await q(sql`
    select m.id, m.package, m.expiry_date::text,
      (select coalesce(sum(points), 0) from lvp_postings p where p.member_id = m.id)::text as lvp_balance,
      (select coalesce(sum(points), 0) from point_postings p where p.member_id = m.id)::text as point_balance
    from members m where m.id = ${anyId}`);
  const members = rows.map((r) => ({
    member: member(r.id),
    package: packages.get(Number(r.id)) ?? null,
    expiry: expiries.get(Number(r.id)) ?? null,
    row_package: r.package ?? null,
    row_expiry: r.expiry_date ?? null,
    lvp_balance: r.lvp_balance,
    point_balance: r.point_balance,
  }));

  return {
    orders: sorted(orders),
    volume: sorted(volume),
    closings: sorted(closings),
    income: sorted(income),
    payouts: sorted(payouts),
    payoutHolds: sorted(payoutHolds),
    titles: sorted(titles),
    holdLots: sorted(holdLots),
    lvp: sorted(lvp),
    points: sorted(points),
    members: sorted(members),
  };
}

/**
 * The rows of each section that only one side has (a multiset difference: a row twice on one side
 * and once on the other counts once), at most 12 per side: what differs, without the equal rows.
 */
export function differences(live: LedgerSnapshot, simulated: LedgerSnapshot) {
  const out: Record<string, { live_only: unknown[]; simulator_only: unknown[] }> = {};
  for (const k of Object.keys(live) as (keyof LedgerSnapshot)[]) {
    if (isDeepStrictEqual(live[k], simulated[k])) continue;
    const count = new Map<string, number>();
    for (const r of simulated[k]) count.set(JSON.stringify(r), (count.get(JSON.stringify(r)) ?? 0) + 1);
    const liveOnly = live[k].filter((r) => {
      const n = count.get(JSON.stringify(r)) ?? 0;
      if (n > 0) count.set(JSON.stringify(r), n - 1);
      return n === 0;
    });
    const simOnly = [...count].flatMap(([r, n]) => Array<unknown>(n).fill(JSON.parse(r)));
    out[k] = { live_only: liveOnly.slice(0, 12), simulator_only: simOnly.slice(0, 12) };
  }
  return out;
}
