import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { bounds, type Range } from '../paging';

/**
 * PV as the member reads it (plan 2.2, 10). A leg's new volume of a closed day is the closing row's
 * `new_left`/`new_right` (the closing summed the subtree's postings of that day); the volume after
 * the last closing is volume_preview's points per side minus the carry of that closing.
 */

/**
 * The member, the date the preview was taken after (the last closing), and the volume not closed
 * yet on each side. `today`: the business date; the open volume counts when the range reaches it.
 */
const open = (userId: number, q: Range, today: string) => {
  const { from, to } = bounds(q);
  return sql`
    me as (select id, left_team, right_team from members where user_id = ${userId}),
    closed_to as (select coalesce((select as_of from volume_preview limit 1),
      (select max(business_date) from engine_runs where type = 'DAILY' and status = 'done')) as d),
    open_volume as (
      select coalesce(vp.left_points, 0) - coalesce(c.carry_out_left, 0) as left_pv,
        coalesce(vp.right_points, 0) - coalesce(c.carry_out_right, 0) as right_pv,
        vp.left_points, vp.right_points,
        ${to} > coalesce((select d from closed_to), '0001-01-01'::date) and ${from} <= ${today}::date as in_range
      from me left join volume_preview vp on vp.member_id = me.id
      left join closing_rows c on c.member_id = me.id and c.closing_date = (select d from closed_to))`;
};

export type PointTotalsRecord = {
  personal_pv: number;
  closed_left: number;
  closed_right: number;
  open_left: number;
  open_right: number;
  open_in_range: boolean;
  current_left: number;
  current_right: number;
  lvp_balance: number;
  point_balance: string;
};

export async function pointTotals(
  db: Db,
  userId: number,
  q: Range,
  today: string,
): Promise<PointTotalsRecord | undefined> {
  const { from, to } = bounds(q);
  const { rows } = await db.execute<PointTotalsRecord>(sql`
    with ${open(userId, q, today)}
    select
      (select coalesce(sum(v.pv), 0) from volume_postings v
        where v.member_id = me.id and v.personal and v.effective_date between ${from} and ${to}) as personal_pv,
      c.closed_left, c.closed_right, ov.left_pv as open_left, ov.right_pv as open_right, ov.in_range as open_in_range,
      coalesce(ov.left_points, 0) as current_left, coalesce(ov.right_points, 0) as current_right,
      (select coalesce(sum(l.points), 0) from lvp_postings l where l.member_id = me.id and l.effective_date <= ${to}) as lvp_balance,
      (select coalesce(sum(p.points), 0)::numeric(16,2)::text from point_postings p
        where p.member_id = me.id and p.effective_date <= ${to}) as point_balance
    from me cross join open_volume ov
    cross join lateral (select coalesce(sum(r.new_left), 0)::bigint as closed_left, coalesce(sum(r.new_right), 0)::bigint as closed_right
      from closing_rows r where r.member_id = me.id and r.closing_date between ${from} and ${to}) c`);
  return rows[0];
}

export type OrganizeRecord = {
  left_team: number;
  right_team: number;
  days: { date: string; left_pv: number; right_pv: number }[] | null;
  open_left: number;
  open_right: number;
  open_in_range: boolean;
};

/** My closed days with new volume in the range, and the volume not closed yet. */
export async function organizeDays(
  db: Db,
  userId: number,
  q: Range,
  today: string,
): Promise<OrganizeRecord | undefined> {
  const { from, to } = bounds(q);
  const { rows } = await db.execute<OrganizeRecord>(sql`
    with ${open(userId, q, today)}
    select me.left_team, me.right_team, ov.left_pv as open_left, ov.right_pv as open_right, ov.in_range as open_in_range,
      (select json_agg(json_build_object('date', r.closing_date, 'left_pv', r.new_left, 'right_pv', r.new_right)
          order by r.closing_date desc)
        from closing_rows r where r.member_id = me.id and r.closing_date between ${from} and ${to}
          and (r.new_left <> 0 or r.new_right <> 0)) as days
    from me cross join open_volume ov`);
  return rows[0];
}
