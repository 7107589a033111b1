import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { firstDayOfMonth, lastDayOfMonth } from '@portal/plan/dates';
import { addIncome, voidOrCorrectIncome } from './posting/writer';
import { pvMoney } from '@portal/plan/money';
import type { Plan } from './plan';
import { expiryAsOf, isActiveOn, suspendedOn } from './standing';

/**
 * The monthly MTA closing (plan 4.3) for the month that ends on `lastDay`: every REPURCHASE paid in
 * the month and not canceled by its end pays up the referrer line, generation by generation, to
 * earners qualified at the end of the month. No compression: an unqualified earner's share is lost.
 * An order canceled after the month but before this run (a late run) is in the base, and its lines
 * are then reversed as of its cancel day, as the cancellation would have done had they existed (2.4).
 */
export async function closeMta(tx: Tx, plan: Plan, anyDayOfMonth: string): Promise<{ lines: number }> {
  const from = firstDayOfMonth(anyDayOfMonth);
  const to = lastDayOfMonth(anyDayOfMonth);
  const depth = plan.mtaRates.length;
  const { rows: base } = await tx.execute<{
    order_id: number;
    order_no: string;
    pv: number;
    canceled_date: string | null;
    chain: number[];
  }>(sql`
    with recursive up as (
      select o.id as order_id, m.referrer_member_id as earner, 1 as generation
      from orders o join members m on m.id = o.member_id
      where o.order_type = 'REPURCHASE' and o.paid_date between ${from}::date and ${to}::date
        and (o.canceled_date is null or o.canceled_date > ${to}::date) and m.referrer_member_id is not null
      union all
      select up.order_id, m.referrer_member_id, up.generation + 1 from up join members m on m.id = up.earner
      where up.generation < ${depth} and m.referrer_member_id is not null)
    select o.id as order_id, o.order_no, o.pv_total as pv, to_char(o.canceled_date, 'YYYY-MM-DD') as canceled_date,
      array_agg(up.earner order by up.generation) as chain
    from orders o join up on up.order_id = o.id group by o.id order by o.id`);
  if (base.length === 0) return { lines: 0 };

  const earners = [...new Set(base.flatMap((b) => b.chain.map(Number)))];
  // MTA_MIN_PV (plan 4.3, 13): the earner's REPURCHASE PV posted in the month (orders not held, and
  // releases to SELF of lots from REPURCHASE orders) and not reversed by the month's end. A reversal in
  // the month of something posted in an earlier month does not count against the month.
  const { rows: own } = await tx.execute<{ member_id: number; pv: string }>(sql`
    select p.member_id, sum(p.pv)::text as pv from volume_postings p
    where p.repurchase and p.personal and p.kind <> 'REVERSAL'
      and p.effective_date between ${from}::date and ${to}::date
      and p.member_id = any(${sql.param(earners)}::bigint[])
      and not exists (select 1 from volume_postings r
        where r.natural_key = 'reversal:' || p.natural_key and r.effective_date <= ${to}::date)
    group by p.member_id`);
  const ownPv = new Map(own.map((r) => [r.member_id, Number(r.pv)]));
  const { rows: titles } = await tx.execute<{ member_id: number; rank: number | null }>(sql`
    select h.member_id, max(array_position(${sql.param(plan.titles.map((t) => t.code))}::text[], h.to_title)) as rank
    from title_history h where h.achieved_date <= ${to}::date and h.member_id = any(${sql.param(earners)}::bigint[])
    group by h.member_id`);
  const mtaDepth = new Map(titles.map((t) => [t.member_id, plan.titles[(t.rank ?? 1) - 1]!.mta_depth]));
  const expiries = await expiryAsOf(tx, earners, to, plan);
  const suspended = await suspendedOn(tx, earners, to);
  const qualifies = (earner: number, generation: number) =>
    generation <= (mtaDepth.get(earner) ?? plan.titles[0]!.mta_depth) &&
    (ownPv.get(earner) ?? 0) >= plan.params.MTA_MIN_PV &&
    isActiveOn(expiries.get(earner), to) &&
    !suspended.has(earner);

  let lines = 0;
  for (const order of base) {
    for (const [g, earnerRaw] of order.chain.entries()) {
      const earner = Number(earnerRaw);
      const generation = g + 1;
      if (!qualifies(earner, generation)) continue;
      await addIncome(tx, {
        memberId: earner,
        type: 'MTA',
        source: order.order_no,
        generation,
        orderId: order.order_id,
        amount: pvMoney(order.pv, plan.mtaRates[g]!, plan.pvThb),
        incomeDate: to,
      });
      lines++;
    }
    if (order.canceled_date) {
      await voidOrCorrectIncome(tx, sql`type = 'MTA' and order_id = ${order.order_id}`, order.canceled_date);
    }
  }
  return { lines };
}
