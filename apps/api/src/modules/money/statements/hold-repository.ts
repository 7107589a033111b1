import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { memberOf, pageOfRows, window, type PageQuery, type Range, bounds } from '../reports/paging';

/** The member's hold lots (plan 5.1): `hold_lots` with the sum of their `hold_releases`. */

export type LotRecord = {
  id: number;
  member_id: number;
  order_id: number;
  order_no: string;
  created_date: string;
  deadline: string;
  canceled_date: string | null;
  pv_total: number;
  pv_released: number;
};

const LOT_COLUMNS = sql`l.id, l.member_id, l.order_id, o.order_no, l.created_date::text, l.deadline::text,
  l.canceled_date::text, l.pv_total,
  coalesce((select sum(r.pv) from hold_releases r where r.lot_id = l.id), 0)::int as pv_released`;

export async function lotPage(db: Db, userId: number, q: Range & PageQuery) {
  const { from, to } = bounds(q);
  const where = sql`l.member_id = ${memberOf(userId)} and l.created_date between ${from} and ${to}`;
  return pageOfRows<LotRecord>(
    db,
    sql`select count(*) from hold_lots l where ${where}`,
    sql`select ${LOT_COLUMNS} from (select l.* from hold_lots l where ${where}
      order by l.created_date desc, l.id desc ${window(q)}) l join orders o on o.id = l.order_id
      order by l.created_date desc, l.id desc`,
  );
}

/** One lot of the signed-in member (another member's lot is not found); `lock` for a release. */
export async function lotOf(db: Db | Tx, userId: number, lotId: number, lock = false) {
  if (lock) {
    await db.execute(
      sql`select 1 from hold_lots where id = ${lotId} and member_id = ${memberOf(userId)} for update`,
    );
  }
  const { rows } = await db.execute<LotRecord>(sql`
    select ${LOT_COLUMNS} from hold_lots l join orders o on o.id = l.order_id
    where l.id = ${lotId} and l.member_id = ${memberOf(userId)}`);
  return rows[0];
}

export type ReleaseRecord = { id: number; release_date: string; pv: number; target: string; auto: boolean };

export async function releasesOf(db: Db | Tx, lotId: number): Promise<ReleaseRecord[]> {
  const { rows } = await db.execute<ReleaseRecord>(sql`
    select id, release_date::text, pv, target, auto from hold_releases where lot_id = ${lotId}
    order by release_date desc, id desc`);
  return rows;
}
