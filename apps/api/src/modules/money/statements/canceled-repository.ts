import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bounds, memberOf, pageOfRows, window, type PageQuery, type Range } from '../reports/paging';

/**
 * The member's canceled orders and what each cancellation wrote to the member's own ledger (plan
 * 2.4): reversing volume postings, LVP and point refunds, voided and corrected income lines.
 */

export type CanceledRecord = {
  id: number;
  order_no: string;
  order_type: string;
  order_date: string;
  payment_date: string | null;
  canceled_date: string;
  cancel_reason: string | null;
  total_amount: string;
  pv_total: number;
  lvp_total: number;
  volume: { date: string; pv: number; personal: boolean; side: 'left' | 'right' | null }[] | null;
  lvp: { date: string; type: string; points: number; remark: string }[] | null;
  points: { date: string; kind: string; points: string; remark: string }[] | null;
  income: { type: string; date: string; amount: string; effect: 'VOID' | 'CORRECTION' }[] | null;
  hold_pv_removed: number;
};

const COLUMNS = sql`o.id, o.order_no, o.order_type,
  coalesce(o.paid_date, (o.created_at at time zone 'Asia/Bangkok')::date)::text as order_date,
  o.paid_date::text as payment_date, o.canceled_date::text, o.cancel_reason, o.total_amount::text, o.pv_total, o.lvp_total,
  (select json_agg(json_build_object('date', v.effective_date, 'pv', v.pv, 'personal', v.personal, 'side', v.own_side)
     order by v.id) from volume_postings v
   where v.order_id = o.id and v.member_id = o.member_id and v.kind = 'REVERSAL') as volume,
  (select json_agg(json_build_object('date', l.effective_date, 'type', l.type, 'points', l.points, 'remark', l.remark)
     order by l.id) from lvp_postings l
   where l.order_id = o.id and l.member_id = o.member_id
     and l.natural_key in ('refund:' || o.id, 'cancel:' || o.id)) as lvp,
  (select json_agg(json_build_object('date', p.effective_date, 'kind', p.kind, 'points', p.points::numeric(14,2)::text,
       'remark', p.remark) order by p.id) from point_postings p
   where p.order_id = o.id and p.member_id = o.member_id and p.natural_key = 'refund:' || o.id) as points,
  (select json_agg(json_build_object('type', i.type,
       'date', case when i.correction then i.income_date else i.voided_date end,
       'amount', i.amount::numeric(14,2)::text, 'effect', case when i.correction then 'CORRECTION' else 'VOID' end)
     order by i.id) from income_lines i
   where i.order_id = o.id and i.member_id = o.member_id and (i.correction or i.state = 'VOID')) as income,
  coalesce((select h.pv_total - coalesce((select sum(r.pv) from hold_releases r where r.lot_id = h.id), 0)
     from hold_lots h where h.order_id = o.id and h.canceled_date is not null), 0)::int as hold_pv_removed`;

export async function canceledPage(db: Db, userId: number, q: Range & PageQuery) {
  const { from, to } = bounds(q);
  const where = sql`o.member_id = ${memberOf(userId)} and o.canceled_date is not null
    and o.canceled_date between ${from} and ${to}`;
  return pageOfRows<CanceledRecord>(
    db,
    sql`select count(*) from orders o where ${where}`,
    sql`select ${COLUMNS} from (select o.* from orders o where ${where}
      order by o.canceled_date desc, o.id desc ${window(q)}) o order by o.canceled_date desc, o.id desc`,
  );
}
