import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { DEFAULT_PLAN } from '@portal/plan/params';
import { bounds, memberOf, pageOfRows, window, type PageQuery, type Range } from '../paging';

/**
 * The member's income lines (plan 4, 6): WAITING, PAID or VOID, corrections as negative lines of the
 * same key; the payouts that paid them.
 */
export type StateRecord = { type: string; state: string; lines: number; amount: string };

export type IncomeTotalsRecord = {
  lines: StateRecord[] | null;
  payouts: { count: number; gross: string; wht: string; point_part: string; net: string };
};

export async function incomeTotals(
  db: Db,
  userId: number,
  q: Range,
): Promise<IncomeTotalsRecord | undefined> {
  const { from, to } = bounds(q);
  const { rows } = await db.execute<IncomeTotalsRecord>(sql`
    with me as (select ${memberOf(userId)} as id)
    select
      (select json_agg(json_build_object('type', t.type, 'state', t.state, 'lines', t.lines, 'amount', t.amount::text))
        from (select l.type, l.state, count(*)::int as lines, sum(l.amount) as amount from income_lines l, me
              where l.member_id = me.id and l.income_date between ${from} and ${to} group by l.type, l.state) t) as lines,
      (select json_build_object('count', count(*), 'gross', coalesce(sum(p.gross), 0)::numeric(16,2)::text,
          'wht', coalesce(sum(p.wht), 0)::numeric(16,2)::text, 'point_part', coalesce(sum(p.point_part), 0)::numeric(16,2)::text,
          'net', coalesce(sum(p.net), 0)::numeric(16,2)::text)
        from payouts p, me where p.member_id = me.id and p.run_date between ${from} and ${to}) as payouts`);
  return rows[0];
}

export type CurrentRecord = {
  next_payout_date: string;
  by_type: { type: string; week: string; waiting: string; due: string }[] | null;
};

/**
 * WAITING lines of the week, all of them, and those the next payout run takes: the run falls on the
 * plan's payout weekday (today's, as a run is made once the day has ended) and takes the lines up to
 * the Sunday before it (plan 6).
 */
export async function currentIncome(
  db: Db,
  userId: number,
  today: string,
  week: { from: string; to: string },
): Promise<CurrentRecord | undefined> {
  const { rows } = await db.execute<CurrentRecord>(sql`
    with day as (select ${today}::date as d),
    weekday as (select coalesce((select (v.params->>'PAYOUT_WEEKDAY')::int from plan_versions v, day
        where v.effective_from <= day.d order by v.effective_from desc, v.version desc limit 1),
      ${DEFAULT_PLAN.PAYOUT_WEEKDAY}::int) as w),
    run as (select day.d + ((weekday.w - extract(dow from day.d)::int + 7) % 7) as d from day, weekday),
    cutoff as (select run.d - (case when extract(dow from run.d)::int = 0 then 7 else extract(dow from run.d)::int end) as d from run)
    select (select d from run) as next_payout_date,
      (select json_agg(json_build_object('type', t.type, 'week', t.week::numeric(16,2)::text, 'waiting', t.waiting::numeric(16,2)::text,
          'due', t.due::numeric(16,2)::text))
        from (select l.type,
                coalesce(sum(l.amount) filter (where l.income_date between ${week.from}::date and ${week.to}::date), 0) as week,
                sum(l.amount) as waiting,
                coalesce(sum(l.amount) filter (where l.income_date <= (select d from cutoff)), 0) as due
              from income_lines l where l.member_id = ${memberOf(userId)} and l.state = 'WAITING' group by l.type) t) as by_type`);
  return rows[0];
}

export type IncomeType = 'REFERRER' | 'CASHBACK' | 'MTA' | 'DROPSHIP';

/** Lines of one type grouped by state (and by month and generation for MTA), for a summary. */
export async function typeTotals(
  db: Db,
  userId: number,
  type: IncomeType,
  q: Range,
): Promise<(StateRecord & { month: string; generation: number; quantity: number; grand_total: string })[]> {
  const { from, to } = bounds(q);
  const { rows } = await db.execute<
    StateRecord & { month: string; generation: number; quantity: number; grand_total: string }
  >(sql`
    select l.type, l.state, to_char(l.income_date, 'YYYY-MM') as month,
      case when l.type = 'MTA' then l.generation else 0 end as generation,
      count(*)::int as lines, sum(l.amount)::text as amount,
      coalesce(sum(case when l.correction then -i.qty else i.qty end), 0)::int as quantity,
      coalesce(sum((case when l.correction then -i.qty else i.qty end) * coalesce(i.selling_price, i.member_price)), 0)::numeric(16,2)::text
        as grand_total
    from income_lines l left join order_items i on i.id = l.order_item_id
    where l.member_id = ${memberOf(userId)} and l.type = ${type} and l.income_date between ${from} and ${to}
    group by l.type, l.state, 3, 4`);
  return rows;
}

export type LineRecord = {
  id: number;
  income_date: string;
  amount: string;
  state: string;
  correction: boolean;
  generation: number;
  order_no: string;
  order_type: string;
  package_code: string | null;
  order_pv: number;
  member_code: string;
  member_name: string;
  member_uuid: string;
  product_code: string | null;
  product_name: string | null;
  quantity: number | null;
  selling_price: string | null;
  member_price: string | null;
  grand_total: string | null;
};

/** The columns each type's rows show beyond the line itself. */
const DETAIL: Record<IncomeType, SQL> = {
  REFERRER: sql`, b.member_code, trim(u.first_name || ' ' || u.last_name) as member_name`,
  MTA: sql`, b.member_code, trim(u.first_name || ' ' || u.last_name) as member_name`,
  CASHBACK: sql``,
  DROPSHIP: sql`, me.member_uuid, i.product_code, i.product_name,
    case when l.correction then -i.qty else i.qty end as quantity,
    coalesce(i.selling_price, i.member_price) as selling_price, i.member_price,
    ((case when l.correction then -i.qty else i.qty end) * coalesce(i.selling_price, i.member_price))::numeric(16,2)::text as grand_total`,
};

export async function linePage(db: Db, userId: number, type: IncomeType, q: Range & PageQuery) {
  const { from, to } = bounds(q);
  const where = sql`l.member_id = ${memberOf(userId)} and l.type = ${type} and l.income_date between ${from} and ${to}`;
  return pageOfRows<LineRecord>(
    db,
    sql`select count(*) from income_lines l where ${where}`,
    sql`select l.id, l.income_date, l.amount, l.state, l.correction, l.generation,
        o.order_no, o.order_type, o.package_code, o.pv_total as order_pv ${DETAIL[type]}
      from (select * from income_lines l where ${where} order by l.income_date desc, l.id desc ${window(q)}) l
      join members me on me.id = l.member_id join orders o on o.id = l.order_id
      join members b on b.id = o.member_id join users u on u.id = b.user_id
      left join order_items i on i.id = l.order_item_id
      order by l.income_date desc, l.id desc`,
  );
}
