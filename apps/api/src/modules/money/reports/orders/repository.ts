import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { bounds, memberOf, pageOfRows, window, type PageQuery, type Range } from '../paging';

/**
 * The member's orders and their lines (plan 2.1): the engine's `orders` and `order_items`, the
 * shop's side of them (bundle items, payment, delivery) and what each order wrote to the ledger.
 */

/**
 * The business date an order is listed on: its payment's, else its cancellation's, else the Bangkok
 * date it was placed (indexed with the member, migration report_indexes).
 */
const ORDER_DATE = sql`coalesce(o.paid_date, o.canceled_date, (o.created_at at time zone 'Asia/Bangkok')::date)`;
const ISO = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type OrderRecord = {
  id: number;
  order_no: string;
  order_type: string;
  package_code: string | null;
  status: string;
  payment_status: string;
  hold_points: boolean;
  order_date: string;
  payment_date: string | null;
  canceled_date: string | null;
  item_count: number;
  subtotal: string;
  shipping_amount: string;
  vat_amount: string;
  total_amount: string;
  lvp_used: number;
  points_used: string;
  net_amount: string;
  pv_total: number;
  lvp_total: number;
  created_at: string;
};

const ORDER_COLUMNS = sql`o.id, o.order_no, o.order_type, o.package_code, o.status, o.payment_status, o.hold_points,
  ${ORDER_DATE} as order_date, o.paid_date as payment_date, o.canceled_date,
  (select count(*)::int from order_items i where i.order_id = o.id) as item_count,
  o.subtotal, o.shipping_amount, o.vat_amount, o.total_amount, o.lvp_used, o.points_used, o.net_amount,
  o.pv_total, o.lvp_total, ${ISO('o.created_at')} as created_at`;

export async function orderPage(
  db: Db,
  userId: number,
  q: Range & PageQuery & { status?: string | undefined; order_type?: string | undefined },
) {
  const { from, to } = bounds(q);
  const where = sql`o.member_id = ${memberOf(userId)} and ${ORDER_DATE} between ${from} and ${to}
    and (${q.status ?? null}::text is null or o.status = ${q.status ?? null})
    and (${q.order_type ?? null}::text is null or o.order_type = ${q.order_type ?? null})`;
  return pageOfRows<OrderRecord>(
    db,
    sql`select count(*) from orders o where ${where}`,
    sql`select ${ORDER_COLUMNS} from (select o.* from orders o where ${where}
      order by ${ORDER_DATE} desc, o.id desc ${window(q)}) o order by order_date desc, o.id desc`,
  );
}

export type OrderTotalsRecord = {
  orders: number;
  paid_orders: number;
  pending_orders: number;
  canceled_orders: number;
  subtotal: string;
  shipping_amount: string;
  vat_amount: string;
  total_amount: string;
  lvp_used: number;
  points_used: string;
  net_amount: string;
  pv_total: number;
  lvp_total: number;
  by_type: { order_type: string; orders: number; total_amount: string; pv_total: number }[] | null;
};

/** The money of paid orders that stand, and the count of every order, in the range. */
export async function orderTotals(db: Db, userId: number, q: Range): Promise<OrderTotalsRecord | undefined> {
  const { from, to } = bounds(q);
  const { rows } = await db.execute<OrderTotalsRecord>(sql`
    with f as materialized (
      select o.*, o.paid_date is not null and o.canceled_date is null as stands from orders o
      where o.member_id = ${memberOf(userId)} and ${ORDER_DATE} between ${from} and ${to})
    select count(*)::int as orders, count(*) filter (where stands)::int as paid_orders,
      count(*) filter (where paid_date is null and canceled_date is null)::int as pending_orders,
      count(*) filter (where canceled_date is not null)::int as canceled_orders,
      coalesce(sum(subtotal) filter (where stands), 0)::numeric(16,2)::text as subtotal,
      coalesce(sum(shipping_amount) filter (where stands), 0)::numeric(16,2)::text as shipping_amount,
      coalesce(sum(vat_amount) filter (where stands), 0)::numeric(16,2)::text as vat_amount,
      coalesce(sum(total_amount) filter (where stands), 0)::numeric(16,2)::text as total_amount,
      coalesce(sum(lvp_used) filter (where stands), 0) as lvp_used,
      coalesce(sum(points_used) filter (where stands), 0)::numeric(16,2)::text as points_used,
      coalesce(sum(net_amount) filter (where stands), 0)::numeric(16,2)::text as net_amount,
      coalesce(sum(pv_total) filter (where stands), 0) as pv_total,
      coalesce(sum(lvp_total) filter (where stands), 0) as lvp_total,
      (select json_agg(json_build_object('order_type', t.order_type, 'orders', t.n,
          'total_amount', t.amount::numeric(16,2)::text, 'pv_total', t.pv) order by t.order_type)
        from (select order_type, count(*)::int as n, sum(total_amount) as amount, sum(pv_total) as pv
              from f where stands group by order_type) t) as by_type
    from f`);
  return rows[0];
}

export type ItemRecord = {
  id: number;
  order_id: number;
  order_no: string;
  order_type: string;
  order_status: string;
  payment_status: string;
  payment_date: string | null;
  canceled_date: string | null;
  line_no: number;
  product_code: string;
  product_name: string;
  quantity: number;
  unit_price: string;
  line_total: string;
  pv_per_unit: number;
  lvp_per_unit: number;
  pv_total: number;
  lvp_total: number;
};

const ITEM_COLUMNS = sql`i.id, o.id as order_id, o.order_no, o.order_type, o.status as order_status, o.payment_status,
  o.paid_date as payment_date, o.canceled_date, i.line_no, i.product_code, i.product_name, i.qty as quantity,
  i.unit_price, (i.unit_price * i.qty)::numeric(16,2)::text as line_total, i.pv_per_unit, i.lvp_per_unit,
  i.pv_per_unit * i.qty as pv_total, i.lvp_per_unit * i.qty as lvp_total`;

/** Lines of the member's orders paid in the range (only a payment gives points). */
export async function itemPage(db: Db, userId: number, q: Range & PageQuery) {
  const { from, to } = bounds(q);
  const where = sql`o.member_id = ${memberOf(userId)} and o.paid_date between ${from} and ${to}`;
  return pageOfRows<ItemRecord>(
    db,
    sql`select count(*) from orders o join order_items i on i.order_id = o.id where ${where}`,
    sql`select ${ITEM_COLUMNS} from orders o join order_items i on i.order_id = o.id where ${where}
      order by o.paid_date desc, o.id desc, i.line_no ${window(q)}`,
  );
}

export type ItemDetailRecord = ItemRecord & {
  kind: string | null;
  member_price: string;
  retail_price: string;
  selling_price: string | null;
  hold_points: boolean;
  bundle_items: { code: string; name: string; quantity: number }[] | null;
};

export async function itemOf(db: Db, userId: number, itemId: number): Promise<ItemDetailRecord | undefined> {
  const { rows } = await db.execute<ItemDetailRecord>(sql`
    select ${ITEM_COLUMNS}, l.kind, i.member_price, i.retail_price, i.selling_price, o.hold_points, l.bundle_items
    from order_items i join orders o on o.id = i.order_id left join shop_order_lines l on l.order_item_id = i.id
    where i.id = ${itemId} and o.member_id = ${memberOf(userId)}`);
  return rows[0];
}

export type OrderDetailRecord = OrderRecord & {
  items: (Omit<
    ItemDetailRecord,
    'order_id' | 'order_no' | 'order_type' | 'order_status' | 'payment_status'
  > & {
    unit_price: string;
  })[];
  payment: { method: string; state: string } | null;
  delivery_method: string | null;
  tracking_no: string | null;
  carrier: string | null;
  cancel_reason: string | null;
  volume: { date: string; pv: number; kind: string }[] | null;
  lvp: { date: string; type: string; points: number; remark: string }[] | null;
  points: { date: string; kind: string; points: string; remark: string }[] | null;
  income: {
    id: number;
    type: string;
    income_date: string;
    amount: string;
    state: string;
    correction: boolean;
  }[];
};

/**
 * One order of the member with its lines, payment and delivery, and every row it wrote to the
 * member's own ledger (a canceled order shows its reversals there).
 */
export async function orderOf(
  db: Db,
  userId: number,
  orderId: number,
): Promise<OrderDetailRecord | undefined> {
  const { rows } = await db.execute<OrderDetailRecord>(sql`
    select ${ORDER_COLUMNS},
      coalesce((select json_agg(json_build_object('id', i.id, 'line_no', i.line_no, 'product_code', i.product_code,
          'product_name', i.product_name, 'quantity', i.qty, 'unit_price', i.unit_price::text,
          'line_total', (i.unit_price * i.qty)::numeric(16,2)::text, 'pv_per_unit', i.pv_per_unit,
          'lvp_per_unit', i.lvp_per_unit, 'pv_total', i.pv_per_unit * i.qty, 'lvp_total', i.lvp_per_unit * i.qty,
          'kind', l.kind, 'member_price', i.member_price::text, 'retail_price', i.retail_price::text,
          'selling_price', i.selling_price::text, 'bundle_items', l.bundle_items) order by i.line_no)
        from order_items i left join shop_order_lines l on l.order_item_id = i.id where i.order_id = o.id), '[]') as items,
      (select json_build_object('method', p.method, 'state', p.state) from shop_payments p where p.order_id = o.id) as payment,
      s.delivery_method, s.tracking_no, s.carrier, o.cancel_reason,
      (select json_agg(json_build_object('date', v.effective_date, 'pv', v.pv, 'kind', v.kind) order by v.id)
        from volume_postings v where v.member_id = o.member_id and v.order_id = o.id) as volume,
      (select json_agg(json_build_object('date', v.effective_date, 'type', v.type, 'points', v.points, 'remark', v.remark) order by v.id)
        from lvp_postings v where v.member_id = o.member_id and v.order_id = o.id) as lvp,
      (select json_agg(json_build_object('date', v.effective_date, 'kind', v.kind, 'points', v.points::text, 'remark', v.remark) order by v.id)
        from point_postings v where v.member_id = o.member_id and v.order_id = o.id) as points,
      coalesce((select json_agg(json_build_object('id', l.id, 'type', l.type, 'income_date', l.income_date,
          'amount', l.amount::text, 'state', l.state, 'correction', l.correction) order by l.id)
        from income_lines l where l.member_id = o.member_id and l.order_id = o.id), '[]') as income
    from orders o left join shop_orders s on s.order_id = o.id
    where o.id = ${orderId} and o.member_id = ${memberOf(userId)}`);
  return rows[0];
}
