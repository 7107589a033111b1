import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { firstDayOfMonth, lastDayOfMonth } from '@portal/plan/dates';
import { addIncomeLines, voidOrCorrectIncome } from './posting/writer';
import type { IncomeLine } from './posting/rows';
import { pvMoney } from '@portal/plan/money';
import type { Plan } from './plan';
import { PACE, pacer, queryArrays } from './bulk';
import { referrers } from './closing';
import { isActiveOn, standingAtEndOf, suspendedOn } from './standing';

/**
 * The monthly MTA closing (plan 4.3) for the month that ends on `lastDay`: every REPURCHASE paid in
 * the month and not canceled by its end pays up the referrer line, generation by generation, to
 * earners qualified at the end of the month. No compression: an unqualified earner's share is lost.
 * An order canceled after the month but before this run (a late run) is in the base, and its lines
 * are then reversed as of its cancel day, as the cancellation would have done had they existed (2.4).
 *
 * At a million members it is a million orders: the referrer lines are read once and walked in memory,
 * every earner's standing is read at once (the expiry from the member rows, as the daily closing reads
 * it), and the lines are written by COPY (decision 046).
 */
export async function closeMta(tx: Tx, plan: Plan, anyDayOfMonth: string): Promise<{ lines: number }> {
  const from = firstDayOfMonth(anyDayOfMonth);
  const to = lastDayOfMonth(anyDayOfMonth);
  const depth = plan.mtaRates.length;
  const pace = pacer();
  const orders = await queryArrays<[number, string, number, number, string | null]>(
    tx,
    `select o.id, o.order_no, o.pv_total, o.member_id, to_char(o.canceled_date, 'YYYY-MM-DD') from orders o
     where o.order_type = 'REPURCHASE' and o.paid_date between $1::date and $2::date
       and (o.canceled_date is null or o.canceled_date > $2::date)
     order by o.id`,
    [from, to],
  );
  if (orders.length === 0) return { lines: 0 };
  const referrerOf = await referrers(tx);
  // Each order's referrer line, generation 1 first; an order whose buyer has no referrer pays no one.
  const base: {
    orderId: number;
    orderNo: string;
    pv: number;
    canceledDate: string | null;
    chain: number[];
  }[] = [];
  const earnerSet = new Set<number>();
  for (const [k, [orderId, orderNo, pv, buyer, canceledDate]] of orders.entries()) {
    if (k % PACE === 0) await pace();
    const chain: number[] = [];
    for (
      let m = referrerOf.get(Number(buyer));
      m !== undefined && chain.length < depth;
      m = referrerOf.get(m)
    ) {
      chain.push(m);
      earnerSet.add(m);
    }
    if (chain.length > 0)
      base.push({ orderId: Number(orderId), orderNo, pv: Number(pv), canceledDate, chain });
  }
  if (base.length === 0) return { lines: 0 };

  const earners = [...earnerSet];
  // Many earners (a month of a big network): read everyone's rather than ship a huge id list.
  const many = earners.length > 10_000;
  const ownPv = await monthRepurchasePv(tx, many ? null : earners, from, to, pace);
  const titleRanks = await queryArrays<[number, number | null]>(
    tx,
    `select h.member_id, max(array_position($1::text[], h.to_title)) from title_history h
     where h.achieved_date <= $2::date ${many ? '' : 'and h.member_id = any($3::bigint[])'}
     group by h.member_id`,
    many ? [plan.titles.map((t) => t.code), to] : [plan.titles.map((t) => t.code), to, earners],
  );
  const mtaDepth = new Map(
    titleRanks.map(([id, rank]) => [Number(id), plan.titles[(rank ?? 1) - 1]!.mta_depth]),
  );
  const { expiries } = await standingAtEndOf(tx, plan, to);
  const suspended = await suspendedOn(tx, many ? null : earners, to);
  const qualifies = (earner: number, generation: number) =>
    generation <= (mtaDepth.get(earner) ?? plan.titles[0]!.mta_depth) &&
    (ownPv.get(earner) ?? 0) >= plan.params.MTA_MIN_PV &&
    isActiveOn(expiries.get(earner), to) &&
    !suspended.has(earner);

  let lines = 0;
  const income: IncomeLine[] = [];
  for (const [k, order] of base.entries()) {
    if (k % PACE === 0) await pace();
    for (const [g, earner] of order.chain.entries()) {
      const generation = g + 1;
      if (!qualifies(earner, generation)) continue;
      income.push({
        memberId: earner,
        type: 'MTA',
        source: order.orderNo,
        generation,
        orderId: order.orderId,
        amount: pvMoney(order.pv, plan.mtaRates[g]!, plan.pvThb),
        incomeDate: to,
      });
      lines++;
    }
  }
  await addIncomeLines(tx, income);
  for (const order of base) {
    if (order.canceledDate) {
      await voidOrCorrectIncome(tx, sql`type = 'MTA' and order_id = ${order.orderId}`, order.canceledDate);
    }
  }
  return { lines };
}

/**
 * MTA_MIN_PV (plan 4.3, 13): the earner's REPURCHASE PV posted in the month (orders not held, and
 * releases to SELF of lots from REPURCHASE orders) and not reversed by the month's end, of these
 * members (or everyone's). A reversal in the month of something posted in an earlier month does not
 * count against the month.
 */
async function monthRepurchasePv(
  tx: Tx,
  memberIds: number[] | null,
  from: string,
  to: string,
  pace: () => Promise<void> | undefined,
) {
  const rows = await queryArrays<[number, string]>(
    tx,
    `select p.member_id, sum(p.pv)::text from volume_postings p
     where p.repurchase and p.personal and p.kind <> 'REVERSAL'
       and p.effective_date between $1::date and $2::date
       ${memberIds ? 'and p.member_id = any($3::bigint[])' : ''}
       and not exists (select 1 from volume_postings r
         where r.natural_key = 'reversal:' || p.natural_key and r.effective_date <= $2::date)
     group by p.member_id`,
    memberIds ? [from, to, memberIds] : [from, to],
  );
  const out = new Map<number, number>();
  for (const [k, r] of rows.entries()) {
    if (k % PACE === 0) await pace();
    out.set(Number(r[0]), Number(r[1]));
  }
  return out;
}
