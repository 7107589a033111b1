import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { DEFAULT_PLAN } from '@portal/plan/params';
import { bounds, memberOf, type PageQuery, type Range } from '../paging';

/**
 * Balances that are sums of rows (plan 2.3 LVP, 5.2 point balance): each row with the balance after
 * it (every row of the member in date order, then in the order written), one page of the range, and
 * the balance before the range with what the range added and took away.
 */
export type BalanceRecord<N> = {
  total__: number;
  opening: N;
  increase: N;
  decrease: N;
  present__: boolean | null;
  id: number;
  date: string;
  type: string;
  points: N;
  remark: string;
  order_no: string | null;
  balance: N;
};

async function balancePage<N>(
  db: Db,
  ledger: 'lvp' | 'points',
  userId: number,
  q: Range & PageQuery,
): Promise<BalanceRecord<N>[]> {
  const { from, to } = bounds(q);
  // LVP is whole points (bigint sums, numbers); the point balance is money (numeric, text).
  const table = sql.raw(ledger === 'lvp' ? 'lvp_postings' : 'point_postings');
  const type = sql.raw(ledger === 'lvp' ? 'type' : 'kind');
  const total = (filter: string) =>
    ledger === 'lvp'
      ? sql.raw(`coalesce(sum(points) filter (where ${filter}), 0)`)
      : sql.raw(`coalesce(sum(points) filter (where ${filter}), 0)::numeric(16,2)::text`);
  const { rows } = await db.execute<BalanceRecord<N>>(sql`
    with f as materialized (
      select r.id, r.effective_date as date, r.${type} as type, r.points, r.remark, r.order_id,
        sum(r.points) over (order by r.effective_date, r.id) as balance
      from ${table} r where r.member_id = ${memberOf(userId)} and r.effective_date <= ${to}),
    marked as (select f.*, f.date >= ${from} as in_range from f)
    select t.*, p.* from (
      select count(*) filter (where in_range)::int as total__, ${total('not in_range')} as opening,
        ${total('in_range and points > 0')} as increase, ${total('in_range and points < 0')} as decrease
      from marked) t
    left join lateral (
      select m.id, m.date, m.type, m.points, m.remark, o.order_no, m.balance, true as present__
      from marked m left join orders o on o.id = m.order_id where m.in_range
      order by m.date desc, m.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}) p on true`);
  return rows;
}

export const lvpPage = (db: Db, userId: number, q: Range & PageQuery) =>
  balancePage<number>(db, 'lvp', userId, q);
export const pointPage = (db: Db, userId: number, q: Range & PageQuery) =>
  balancePage<string>(db, 'points', userId, q);

export type TitleRecord = {
  history: { from_title: string; to_title: string; achieved_date: string }[] | null;
  cumulative_cycles: number;
  referrals: number;
  titles: { code: string; cycles: number; referrals: number }[];
};

/**
 * The titles the member reached, and what the plan in force counts for the next (plan 1.3): every
 * cycle of every closing row, and the members they referred who hold a package now.
 */
export async function titleFacts(db: Db, userId: number, today: string): Promise<TitleRecord | undefined> {
  const { rows } = await db.execute<TitleRecord>(sql`
    with me as (select id from members where user_id = ${userId})
    select
      (select json_agg(json_build_object('from_title', h.from_title, 'to_title', h.to_title, 'achieved_date', h.achieved_date))
        from title_history h where h.member_id = me.id) as history,
      (select coalesce(sum(c.cycles), 0) from closing_rows c where c.member_id = me.id) as cumulative_cycles,
      (select count(*)::int from members r where r.referrer_member_id = me.id and r.package is not null) as referrals,
      coalesce((select v.params->'TITLES' from plan_versions v where v.effective_from <= ${today}::date
        order by v.effective_from desc, v.version desc limit 1), ${JSON.stringify(DEFAULT_PLAN.TITLES)}::jsonb) as titles
    from me`);
  return rows[0];
}
