import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { bounds, memberOf, pageOfRows, window, type PageQuery, type Range } from '../paging';

/**
 * The member's closing rows (plan 3.1), keyed by (member, date), with the state of the day's CYCLE
 * income line (key: member, CYCLE, the date).
 */
export type CycleRecord = {
  date: string;
  carry_in_left: number;
  carry_in_right: number;
  new_left: number;
  new_right: number;
  package_code: string | null;
  cycle_value: number;
  income_percent: string;
  max_income_per_day: string;
  cycles: number;
  gross: string;
  paid: string;
  flushed: string;
  point_part: string;
  cash_part: string;
  carry_out_left: number;
  carry_out_right: number;
  qualified: boolean;
  reason: string | null;
  income_state: string | null;
  income_line_id: number | null;
  payout_date: string | null;
  plan_version: number;
};

const CYCLE_COLUMNS = sql`c.closing_date as date, c.carry_in_left, c.carry_in_right, c.new_left, c.new_right,
  c.package_code, c.cycle_value, c.income_percent, c.max_income_per_day, c.cycles, c.gross, c.paid, c.flushed,
  c.point_part, c.cash_part, c.carry_out_left, c.carry_out_right, c.qualified, c.reason, c.plan_version,
  l.state as income_state, l.id as income_line_id, p.run_date as payout_date`;

const WITH_INCOME = sql`left join income_lines l on l.member_id = c.member_id and l.type = 'CYCLE'
    and l.income_date = c.closing_date and l.source = c.closing_date::text and l.generation = 0 and not l.correction
  left join payouts p on p.id = l.payout_id`;

export async function cyclePage(db: Db, userId: number, q: Range & PageQuery) {
  const { from, to } = bounds(q);
  const where = sql`c.member_id = ${memberOf(userId)} and c.closing_date between ${from} and ${to}`;
  return pageOfRows<CycleRecord>(
    db,
    sql`select count(*) from closing_rows c where ${where}`,
    sql`select ${CYCLE_COLUMNS} from (select * from closing_rows c where ${where} order by c.closing_date desc ${window(q)}) c
      ${WITH_INCOME} order by c.closing_date desc`,
  );
}

export async function cycleOf(db: Db, userId: number, date: string): Promise<CycleRecord | undefined> {
  const { rows } = await db.execute<CycleRecord>(sql`
    select ${CYCLE_COLUMNS} from closing_rows c ${WITH_INCOME}
    where c.member_id = ${memberOf(userId)} and c.closing_date = ${date}::date`);
  return rows[0];
}

export type CycleTotalsRecord = {
  days: number;
  qualified_days: number;
  cycles: number;
  new_left: number;
  new_right: number;
  gross: string;
  flushed: string;
  point_part: string;
  cash_part: string;
  carry_in_left: number | null;
  carry_in_right: number | null;
  carry_out_left: number | null;
  carry_out_right: number | null;
  cumulative_cycles: number;
  /** The CYCLE income lines dated in the range, by state (decision 021). */
  lines: { state: string; lines: number; amount: string }[] | null;
};

export async function cycleTotals(db: Db, userId: number, q: Range): Promise<CycleTotalsRecord | undefined> {
  const { from, to } = bounds(q);
  const { rows } = await db.execute<CycleTotalsRecord>(sql`
    with me as (select ${memberOf(userId)} as id),
    f as materialized (select c.* from closing_rows c, me where c.member_id = me.id and c.closing_date between ${from} and ${to})
    select count(*)::int as days, count(*) filter (where qualified)::int as qualified_days,
      coalesce(sum(cycles), 0) as cycles, coalesce(sum(new_left), 0)::bigint as new_left, coalesce(sum(new_right), 0)::bigint as new_right,
      coalesce(sum(gross), 0)::numeric(16,2)::text as gross,
      coalesce(sum(flushed), 0)::numeric(16,2)::text as flushed,
      coalesce(sum(point_part), 0)::numeric(16,2)::text as point_part,
      coalesce(sum(cash_part), 0)::numeric(16,2)::text as cash_part,
      (select carry_in_left from f order by closing_date limit 1) as carry_in_left,
      (select carry_in_right from f order by closing_date limit 1) as carry_in_right,
      (select carry_out_left from f order by closing_date desc limit 1) as carry_out_left,
      (select carry_out_right from f order by closing_date desc limit 1) as carry_out_right,
      (select coalesce(sum(c.cycles), 0) from closing_rows c, me where c.member_id = me.id and c.closing_date <= ${to})
        as cumulative_cycles,
      (select json_agg(json_build_object('state', t.state, 'lines', t.lines, 'amount', t.amount::text))
        from (select l.state, count(*)::int as lines, sum(l.amount) as amount from income_lines l, me
              where l.member_id = me.id and l.type = 'CYCLE' and l.income_date between ${from} and ${to}
              group by l.state) t) as lines
    from f`);
  return rows[0];
}
