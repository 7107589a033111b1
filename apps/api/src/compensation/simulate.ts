import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { addDays, endOfBangkokDay, startOfBangkokDay, type Moment } from '@portal/plan/dates';
import { runBusinessDay } from './engine';
import { postCancellation, postPayment, releaseHold, useLvp, usePoints } from './ledger';
import { baht, rateText, satang } from '@portal/plan/money';
import { PlanRuleError, planFor } from './plan';
import {
  PreparedScenario,
  ScenarioError,
  eventName,
  prepareScenario,
  type Scenario,
  type ScenarioEvent,
  type ScenarioLimits,
} from './scenario';
import { expiryAsOf, packagesAsOf } from './standing';
import { loadTree } from './tree';

/**
 * The simulation contract (plan section 13): a scenario in, the result out, computed by the same
 * posting functions and runs as the live engine, on the (scratch) database it is given. What a
 * scenario may say, and the rules it is checked against before anything runs, are in scenario.ts.
 */
export {
  ScenarioError,
  prepareScenario,
  scenarioSchema,
  type Scenario,
  type ScenarioLimits,
} from './scenario';
async function createMembers(
  db: Db,
  prepared: PreparedScenario,
  signal?: AbortSignal,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const { scenario, ordered, depth } = prepared;
  await db.transaction(async (tx) => {
    let n = 0;
    for (const m of ordered) {
      if (++n % 500 === 0) signal?.throwIfAborted();
      const verified = m.kyc_verified_on !== null;
      const { rows: u } = await tx.execute<{ id: number }>(sql`
        insert into users (email, mobile, password_hash, first_name, last_name, invitation_code, is_verifies_email,
          is_verifies_mobile, is_verifies_identity, is_verifies_bank)
        values (${`${m.code.toLowerCase()}.${n}@simulation.invalid`}, ${`09${String(n).padStart(8, '0')}`}, 'x',
          ${m.code}, 'Simulation', ${`SIM${n}`}, true, true, ${verified}, ${verified}) returning id`);
      const { rows: mem } = await tx.execute<{ id: number }>(sql`
        insert into members (user_id, member_code, referrer_member_id, placement_parent_id, side, depth, placed_at)
        values (${u[0]!.id}, ${m.code}, null, ${m.upline ? ids.get(m.upline)! : null},
          ${m.upline ? m.side! : null}, ${depth.get(m.code)!}, now()) returning id`);
      ids.set(m.code, mem[0]!.id);
      // A verified member has an approved bank account on file (payouts go to it, plan 6), approved
      // when the KYC was.
      if (verified) {
        const approved = m.kyc_verified_on ? startOfBangkokDay(m.kyc_verified_on).toISOString() : null;
        await tx.execute(sql`
          insert into bank_accounts (user_id, bank_code, account_no, account_name, account_type, status, reviewed_at)
          values (${u[0]!.id}, 'kbank', ${`10${String(n).padStart(8, '0')}`}, ${`${m.code} Simulation`}, 'savings',
            'success', ${approved}::timestamptz)`);
      }
      if (m.kyc_verified_on) {
        await tx.execute(sql`
          insert into member_kyc (member_id, status, identity_status, bank_status, decided_at)
          values (${mem[0]!.id}, 'success', 'success', 'success', ${startOfBangkokDay(m.kyc_verified_on).toISOString()}::timestamptz)`);
      }
    }
  });
  // Referrers may be listed after the members they referred: set them now that every id exists.
  for (const m of scenario.members) {
    if (m.referrer) {
      await db.execute(
        sql`update members set referrer_member_id = ${ids.get(m.referrer)!} where id = ${ids.get(m.code)!}`,
      );
    }
  }
  return ids;
}

async function applyEvent(
  tx: Tx,
  e: ScenarioEvent,
  when: Moment,
  members: Map<string, number>,
  orders: Map<string, number>,
) {
  const plan = await planFor(tx, when.date);
  const member = (c: string) => {
    const id = members.get(c);
    if (id === undefined) throw new PlanRuleError(`unknown member ${c}`);
    return id;
  };
  const order = (c: string) => {
    const id = orders.get(c);
    if (id === undefined) throw new PlanRuleError(`unknown order ${c}`);
    return id;
  };
  switch (e.type) {
    case 'order': {
      if (orders.has(e.id)) throw new PlanRuleError(`order ${e.id} exists already`);
      const buyer = member(e.member);
      let pv = e.pv ?? 0;
      let lvp = e.lvp ?? 0;
      let packageCode: string | null = null;
      const items = e.items ?? [];
      if (e.order_type === 'PACKAGE' || e.order_type === 'UPGRADE') {
        const target = e.package ? plan.packages.get(e.package) : undefined;
        if (!target) throw new PlanRuleError(`unknown package ${e.package ?? '(none)'}`);
        packageCode = target.code;
        pv = target.pv;
        if (e.order_type === 'UPGRADE') {
          const current = (await packagesAsOf(tx, [buyer], when.date)).get(buyer);
          const from = current ? plan.packages.get(current) : undefined;
          pv = target.pv - (from?.pv ?? 0);
        }
      } else if (items.length > 0 && (e.pv !== undefined || e.lvp !== undefined)) {
        throw new PlanRuleError(`order ${e.id} gives both pv/lvp and items: give one or the other`);
      } else if (items.length > 0) {
        pv = items.reduce((n, i) => n + i.pv * i.qty, 0);
        lvp = items.reduce((n, i) => n + (i.lvp ?? 0) * i.qty, 0);
      }
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into orders (order_no, member_id, order_type, package_code, hold_points, pv_total, lvp_total)
        values (${e.id}, ${buyer}, ${e.order_type}, ${packageCode}, ${e.hold ?? false}, ${pv}, ${lvp}) returning id`);
      const orderId = rows[0]!.id;
      for (const [i, item] of items.entries()) {
        await tx.execute(sql`
          insert into order_items (order_id, line_no, product_code, product_name, qty, unit_price, member_price,
            retail_price, selling_price, pv_per_unit, lvp_per_unit)
          values (${orderId}, ${i + 1}, ${item.product_code}, ${item.product_name ?? ''}, ${item.qty},
            ${baht(satang(item.selling_price ?? item.member_price ?? '0'))}, ${baht(satang(item.member_price ?? '0'))},
            ${baht(satang(item.retail_price ?? '0'))}, ${item.selling_price ? baht(satang(item.selling_price)) : null},
            ${item.pv}, ${item.lvp ?? 0})`);
      }
      orders.set(e.id, orderId);
      await postPayment(tx, plan, orderId, when);
      return;
    }
    case 'cancel':
      if (!(await postCancellation(tx, plan, order(e.order), when))) {
        throw new PlanRuleError(`order ${e.order} is canceled already`);
      }
      return;
    case 'release': {
      const { rows } = await tx.execute<{ id: number }>(
        sql`select id from hold_lots where order_id = ${order(e.order)}`,
      );
      if (!rows[0]) throw new PlanRuleError(`order ${e.order} has no hold lot`);
      await releaseHold(tx, plan, rows[0].id, e.pv, e.target, when);
      return;
    }
    // A use names the order it pays for (which may be outside the scenario); cancelling that order
    // gives back what it used (plan 2.3, 5.2, 13).
    case 'use_lvp':
      await useLvp(tx, member(e.member), e.points, e.order, when, orders.get(e.order) ?? null);
      return;
    case 'use_points':
      await usePoints(
        tx,
        member(e.member),
        satang(String(e.points)),
        e.order,
        when,
        orders.get(e.order) ?? null,
      );
      return;
    case 'suspend':
    case 'unsuspend': {
      const suspend = e.type === 'suspend';
      await tx.execute(sql`
        insert into suspension_entries (member_id, period, status, suspended_at, message, message_th, created_at)
        values (${member(e.member)}, ${suspend ? 'suspended' : 'cancelled'}, ${suspend ? 'active' : 'cancelled'},
          ${suspend ? when.at.toISOString() : null}::timestamptz, ${suspend ? 'Suspended' : 'Suspension lifted'},
          ${suspend ? 'ระงับ' : 'ยกเลิกการระงับ'}, ${when.at.toISOString()}::timestamptz)`);
      return;
    }
  }
}

export interface SimulateOptions {
  /** Stops the run between days (and while members are created) when it aborts: the client left, or time ran out. */
  signal?: AbortSignal;
  /** What the scenario may hold at most; none when absent (the command line). */
  limits?: ScenarioLimits;
}

/**
 * Runs a scenario on `db`, which must be a fresh, migrated database of its own. `input` may be checked
 * already (prepareScenario, before a database is made for it).
 */
export async function simulate(
  db: Db,
  input: unknown,
  opts: SimulateOptions = {},
): Promise<SimulationResult> {
  const prepared = input instanceof PreparedScenario ? input : prepareScenario(input, opts.limits);
  const { scenario, params, events } = prepared;
  if (params) {
    await db.execute(sql`insert into plan_versions (effective_from, params, note)
      values ('1900-01-01', ${JSON.stringify(params)}::jsonb, 'scenario')`);
  }
  const signal = opts.signal;
  const members = await createMembers(db, prepared, signal);
  if (events.length === 0) return collect(db, scenario, members);
  const orders = new Map<string, number>();
  const tree = await loadTree(db);
  let next = 0;
  for (let d = events[0]!.e.date; d <= scenario.until; d = addDays(d, 1)) {
    signal?.throwIfAborted();
    let i = 0;
    while (next < events.length && events[next]!.e.date === d) {
      const { e, index } = events[next]!;
      const when = { date: d, at: new Date(startOfBangkokDay(d).getTime() + ++i * 1000) };
      try {
        await db.transaction((tx) => applyEvent(tx, e, when, members, orders));
      } catch (err) {
        if (err instanceof PlanRuleError) throw new ScenarioError(`${eventName(e, index)}: ${err.message}`);
        throw err;
      }
      next++;
    }
    const now = { date: addDays(d, 1), at: new Date(endOfBangkokDay(d).getTime() + 1) };
    await runBusinessDay(db, d, { startedBy: 'simulator', now, tree, preview: false });
  }
  return collect(db, scenario, members);
}

export interface SimulationResult {
  closings: Record<string, unknown>[];
  income: Record<string, unknown>[];
  payouts: Record<string, unknown>[];
  titles: Record<string, unknown>[];
  hold_lots: Record<string, unknown>[];
  members: Record<string, unknown>[];
}

const money2 = (v: string) => baht(satang(v));

async function collect(db: Db, scenario: Scenario, members: Map<string, number>): Promise<SimulationResult> {
  const codeOf = new Map([...members].map(([c, id]) => [id, c]));
  const plan = await planFor(db, scenario.until);

  const { rows: closings } = await db.execute<Record<string, string | number | boolean | null>>(sql`
    select member_id, closing_date::text as date, carry_in_left, carry_in_right, new_left, new_right, cycles, cycle_value,
      income_percent::text, max_income_per_day::text, gross::text, paid::text, flushed::text, point_part::text,
      cash_part::text, carry_out_left, carry_out_right, qualified, reason from closing_rows`);
  const { rows: income } = await db.execute<Record<string, string | number | boolean | null>>(sql`
    select member_id, type, amount::text, income_date::text, state, source, generation from income_lines`);
  const { rows: payouts } = await db.execute<Record<string, string | number>>(sql`
    select member_id, run_date::text as date, gross::text, wht::text, point_part::text, net::text from payouts`);
  const { rows: titles } = await db.execute<Record<string, string | number>>(sql`
    select member_id, from_title, to_title, achieved_date::text as date from title_history`);
  const { rows: lots } = await db.execute<{
    id: number;
    order_no: string;
    member_id: number;
    pv_total: number;
    canceled: boolean;
    releases: { date: string; pv: number; target: string; auto: boolean }[] | null;
  }>(sql`
    select l.id, o.order_no, l.member_id, l.pv_total, l.canceled_date is not null as canceled,
      (select json_agg(json_build_object('date', r.release_date::text, 'pv', r.pv, 'target', r.target, 'auto', r.auto) order by r.release_date, r.id)
        from hold_releases r where r.lot_id = l.id) as releases
    from hold_lots l join orders o on o.id = l.order_id order by l.id`);

  const ids = [...members.values()];
  const packages = await packagesAsOf(db, ids, scenario.until);
  const expiries = await expiryAsOf(db, ids, scenario.until, plan);
  const { rows: states } = await db.execute<{
    id: number;
    title: string | null;
    cycles: string;
    lvp: string;
    points: string;
  }>(sql`
    select m.id,
      (select h.to_title from title_history h where h.member_id = m.id
        order by array_position(${sql.param(plan.titles.map((t) => t.code))}::text[], h.to_title) desc limit 1) as title,
      (select coalesce(sum(cycles), 0) from closing_rows c where c.member_id = m.id)::text as cycles,
      (select coalesce(sum(points), 0) from lvp_postings p where p.member_id = m.id)::text as lvp,
      (select coalesce(sum(points), 0) from point_postings p where p.member_id = m.id)::text as points
    from members m where m.id = any(${sql.param(ids)}::bigint[])`);
  const state = new Map(states.map((s) => [s.id, s]));

  const code = (id: unknown) => codeOf.get(Number(id)) ?? String(id);
  const sortBy = <T>(rows: T[], key: (r: T) => (string | number)[]) =>
    rows.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      for (let i = 0; i < ka.length; i++) {
        if (ka[i]! < kb[i]!) return -1;
        if (ka[i]! > kb[i]!) return 1;
      }
      return 0;
    });

  return {
    closings: sortBy(
      closings.map((r) => ({
        member: code(r.member_id),
        date: String(r.date),
        carry_in_left: Number(r.carry_in_left),
        carry_in_right: Number(r.carry_in_right),
        new_left: Number(r.new_left),
        new_right: Number(r.new_right),
        cycles: Number(r.cycles),
        cycle_value: Number(r.cycle_value),
        income_percent: rateText(String(r.income_percent)),
        max_income_per_day: money2(String(r.max_income_per_day)),
        gross: money2(String(r.gross)),
        paid: money2(String(r.paid)),
        flushed: money2(String(r.flushed)),
        point_part: money2(String(r.point_part)),
        cash_part: money2(String(r.cash_part)),
        carry_out_left: Number(r.carry_out_left),
        carry_out_right: Number(r.carry_out_right),
        qualified: Boolean(r.qualified),
        reason: (r.reason as string | null) ?? null,
      })),
      (r) => [r.date, r.member],
    ),
    income: sortBy(
      income.map((r) => ({
        member: code(r.member_id),
        type: String(r.type),
        amount: money2(String(r.amount)),
        income_date: String(r.income_date),
        state: String(r.state),
        source: String(r.source),
        generation: r.type === 'MTA' ? Number(r.generation) : null,
      })),
      (r) => [r.income_date, r.member, r.type, r.source],
    ),
    payouts: sortBy(
      payouts.map((r) => ({
        member: code(r.member_id),
        date: String(r.date),
        gross: money2(String(r.gross)),
        wht: money2(String(r.wht)),
        point_part: money2(String(r.point_part)),
        net: money2(String(r.net)),
      })),
      (r) => [r.date, r.member],
    ),
    titles: sortBy(
      titles.map((r) => ({ member: code(r.member_id), from: r.from_title, to: r.to_title, date: r.date })),
      (r) => [String(r.date), r.member, plan.titles.findIndex((t) => t.code === r.to)],
    ),
    hold_lots: lots.map((l) => {
      const releases = l.releases ?? [];
      const released = releases.reduce((n, r) => n + r.pv, 0);
      return {
        order: l.order_no,
        member: code(l.member_id),
        pv_total: l.pv_total,
        pv_remaining: l.canceled ? 0 : l.pv_total - released,
        releases,
      };
    }),
    members: scenario.members.map((m) => {
      const id = members.get(m.code)!;
      const s = state.get(id)!;
      return {
        member: m.code,
        package: packages.get(id) ?? 'NONE',
        title: s.title ?? plan.titles[0]!.code,
        expiry_date: expiries.get(id) ?? null,
        cumulative_cycles: Number(s.cycles),
        travel_points: Number(s.cycles),
        lvp_balance: Number(s.lvp),
        point_balance: money2(s.points),
      };
    }),
  };
}
