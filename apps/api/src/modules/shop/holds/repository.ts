import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { orders } from '../../../db/schema/compensation';
import { shopOrders } from '../../../db/schema/shop';
import type { UnpaidCounts } from './rules';

/** A payment still open: waiting for the buyer, for the provider, or for staff to read a slip. */
const OPEN = sql.raw(`('pending','submitted','rejected')`);

/** Who a new order's hold is counted against (see rules.ts `UnpaidCounts`). */
export interface Holder {
  buyerUserId: number | null;
  guest: { telephone: string | null; email: string | null } | null;
  address: string | null;
}

/** The holder's unpaid orders still holding units, counted in one read of the open payments. */
export async function unpaidCounts(db: Db | Tx, h: Holder): Promise<UnpaidCounts> {
  const email = h.guest?.email?.toLowerCase() ?? null;
  const telephone = h.guest?.telephone ?? null;
  const { rows } = await db.execute<{ member: number; guest: number; address: number }>(sql`
    select
      count(*) filter (where s.channel = 'MEMBER' and s.buyer_user_id = ${h.buyerUserId}::bigint)::int as member,
      count(*) filter (where s.channel = 'COMMUNITY' and (s.customer->>'telephone' = ${telephone}::text
        or lower(s.customer->>'email') = ${email}::text))::int as guest,
      count(*) filter (where s.channel = 'COMMUNITY' and s.client_address = ${h.address}::text)::int as address
    from shop_payments p
    join shop_orders s on s.order_id = p.order_id
    join orders o on o.id = p.order_id
    where p.state in ${OPEN} and o.canceled_date is null and o.payment_status <> 'paid'
      and s.stock_returned_at is null`);
  const r = rows[0] ?? { member: 0, guest: 0, address: 0 };
  return {
    member: h.buyerUserId === null ? null : Number(r.member),
    guest: h.guest && (telephone || email) ? Number(r.guest) : null,
    address: h.guest && h.address ? Number(r.address) : null,
  };
}

/**
 * Serialises the checkouts of one holder (its e-mail, telephone, address), so two at once cannot
 * both pass the count. Taken in a fixed order: two checkouts sharing two keys never wait crosswise.
 */
export async function lockHolder(tx: Tx, h: Holder) {
  const keys = [
    h.guest?.telephone ? `tel:${h.guest.telephone}` : null,
    h.guest?.email ? `email:${h.guest.email.toLowerCase()}` : null,
    h.guest && h.address ? `address:${h.address}` : null,
  ]
    .filter((k): k is string => k !== null)
    .sort();
  for (const key of keys)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop-hold'), hashtext(${key}))`);
}

/** Orders not paid, not canceled, whose units are off the shelf while a payment is open (the staff filter). */
export const holdingStock = sql`(${orders.canceledDate} is null and ${orders.paymentStatus} <> 'paid'
  and ${shopOrders.stockReturnedAt} is null and ${shopOrders.channel} <> 'API'
  and exists (select 1 from shop_payments p where p.order_id = ${orders.id} and p.state in ${OPEN}))`;

/** Units each order took off the shelf (its lines' quantities). */
export async function unitsOf(db: Db | Tx, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.execute<{ order_id: number; units: number }>(sql`
    select order_id, sum(qty)::int as units from order_items
    where order_id = any(${sql.param(orderIds)}::bigint[]) group by order_id`);
  return new Map(rows.map((r) => [Number(r.order_id), Number(r.units)]));
}
