import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema/compensation';
import { users } from '../../../db/schema/identity';
import { members } from '../../../db/schema/network';
import { products, shopAudit, shopOrderLines, shopOrders, shopPayments } from '../../../db/schema/shop';
import { addPoints } from '../../../compensation/ledger';
import { REMARK } from '../../../compensation/remarks';
import { satang } from '@portal/plan/money';
import { containsPattern } from '../../../lib/sql';
import type { Moment } from '@portal/plan/dates';

/** An order with the shop's side of it. */
const orderColumns = {
  order: orders,
  shop: shopOrders,
  memberCode: members.memberCode,
  buyerName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
};
export type OrderRecord = {
  order: typeof orders.$inferSelect;
  shop: typeof shopOrders.$inferSelect;
  memberCode: string;
  buyerName: string;
};

const base = (db: Db | Tx) =>
  db
    .select(orderColumns)
    .from(orders)
    .innerJoin(shopOrders, eq(shopOrders.orderId, orders.id))
    .innerJoin(members, eq(members.id, orders.memberId))
    .innerJoin(users, eq(users.id, members.userId));

export async function orderByNo(db: Db | Tx, orderNo: string): Promise<OrderRecord | null> {
  const [row] = await base(db).where(eq(orders.orderNo, orderNo));
  return row ?? null;
}

export async function orderById(db: Db | Tx, orderId: number): Promise<OrderRecord | null> {
  const [row] = await base(db).where(eq(orders.id, orderId));
  return row ?? null;
}

/** The order row locked for a change of its state (cancel, fulfilment). */
export async function lockOrder(tx: Tx, orderNo: string): Promise<OrderRecord | null> {
  const [row] = await base(tx).where(eq(orders.orderNo, orderNo)).for('update', { of: orders });
  return row ?? null;
}

/** Which orders a member's list shows: the ones they bought, or the ones of their community shop. */
export interface OrderFilter {
  buyerUserId?: number;
  memberId?: number;
  channel?: 'COMMUNITY';
  status?: string | undefined;
}

export const orderWhere = (f: OrderFilter): SQL | undefined =>
  and(
    f.buyerUserId !== undefined ? eq(shopOrders.buyerUserId, f.buyerUserId) : undefined,
    f.memberId !== undefined ? eq(orders.memberId, f.memberId) : undefined,
    f.channel ? eq(shopOrders.channel, f.channel) : undefined,
    f.status ? eq(orders.status, f.status) : undefined,
  );

export async function pageOfOrders(db: Db | Tx, where: SQL | undefined, limit: number, offset: number) {
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    base(db).where(where).orderBy(desc(orders.id)).limit(limit).offset(offset),
    db
      .select({ total: count() })
      .from(orders)
      .innerJoin(shopOrders, eq(shopOrders.orderId, orders.id))
      .innerJoin(members, eq(members.id, orders.memberId))
      .innerJoin(users, eq(users.id, members.userId))
      .where(where),
  ]);
  return { rows, total };
}

/** Staff search: order number, member code, buyer or guest name, e-mail or telephone, client address. */
export function orderSearch(q: string): SQL {
  const pattern = containsPattern(q);
  return or(
    ilike(orders.orderNo, pattern),
    ilike(members.memberCode, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(sql`coalesce(${shopOrders.customer}->>'name', '')`, pattern),
    ilike(sql`coalesce(${shopOrders.customer}->>'telephone', '')`, pattern),
    ilike(users.email, pattern),
    ilike(sql`coalesce(${shopOrders.customer}->>'email', '')`, pattern),
    ilike(sql`coalesce(${shopOrders.clientAddress}, '')`, pattern),
  )!;
}

export const slipWaiting = sql`exists (select 1 from shop_payments p where p.order_id = ${orders.id} and p.state = 'submitted')`;

export interface ItemRecord {
  orderId: number;
  item: typeof orderItems.$inferSelect;
  kind: string | null;
  bundleItems: unknown;
  nameTh: string | null;
  nameEn: string | null;
}

export async function itemsOf(db: Db | Tx, orderIds: number[]): Promise<Map<number, ItemRecord[]>> {
  const out = new Map<number, ItemRecord[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      item: orderItems,
      kind: shopOrderLines.kind,
      bundleItems: shopOrderLines.bundleItems,
      nameTh: products.nameTh,
      nameEn: products.nameEn,
    })
    .from(orderItems)
    .leftJoin(shopOrderLines, eq(shopOrderLines.orderItemId, orderItems.id))
    .leftJoin(products, eq(products.id, shopOrderLines.productId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.lineNo));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push(r);
    out.set(r.orderId, list);
  }
  return out;
}

export async function auditOf(db: Db | Tx, orderId: number) {
  return db
    .select({
      action: shopAudit.action,
      actor: shopAudit.actor,
      actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      detail: shopAudit.detail,
      createdAt: shopAudit.createdAt,
    })
    .from(shopAudit)
    .leftJoin(users, eq(users.id, shopAudit.actorUserId))
    .where(eq(shopAudit.orderId, orderId))
    .orderBy(asc(shopAudit.createdAt), asc(shopAudit.id));
}

export async function setOrderStatus(tx: Tx, orderId: number, status: string) {
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
}

export async function setFulfilment(
  tx: Tx,
  orderId: number,
  values: Partial<typeof shopOrders.$inferInsert>,
) {
  await tx.update(shopOrders).set(values).where(eq(shopOrders.orderId, orderId));
}

/** Units of a canceled order back on the shelf, once. */
export async function returnOrderStock(tx: Tx, orderId: number) {
  const { rows } = await tx.execute<{ order_id: number }>(sql`
    update shop_orders set stock_returned_at = now() where order_id = ${orderId} and stock_returned_at is null
    returning order_id`);
  if (!rows[0]) return;
  await tx.execute(sql`
    update products p set stock = p.stock + i.qty, updated_at = now()
    from order_items i join shop_order_lines l on l.order_item_id = i.id
    where i.order_id = ${orderId} and p.id = l.product_id and p.stock is not null`);
}

export async function cancelPayment(tx: Tx, orderId: number) {
  await tx
    .update(shopPayments)
    .set({ state: 'canceled', updatedAt: new Date() })
    .where(and(eq(shopPayments.orderId, orderId), sql`${shopPayments.state} <> 'confirmed'`));
}

/**
 * LVP and points spent on an order that is canceled before it was paid go back to the member.
 * The engine's postCancellation returns them only for a paid order (its gap); these rows carry the
 * engine's own natural keys and remarks (`refund:<order id>`), so they are written once whoever
 * writes them, and the ledger reads the same as for a paid order.
 */
export async function returnPartPayment(
  tx: Tx,
  order: { id: number; orderNo: string; memberId: number; lvpUsed: number; pointsUsed: string },
  when: Moment,
) {
  if (order.lvpUsed > 0) {
    await tx.execute(sql`
      insert into lvp_postings (natural_key, member_id, type, points, remark, order_id, effective_date)
      values (${`refund:${order.id}`}, ${order.memberId}, 'INCREASE', ${order.lvpUsed},
        ${REMARK.refundLvpOrder(order.orderNo)}, ${order.id}, ${when.date})
      on conflict (natural_key) do nothing`);
  }
  const points = satang(order.pointsUsed);
  if (points > 0n) {
    await addPoints(
      tx,
      `refund:${order.id}`,
      order.memberId,
      'REFUND',
      points,
      REMARK.refundOrder(order.orderNo),
      when.date,
      order.id,
    );
  }
}

/**
 * Orders whose payment still waits for the buyer (no slip sent, or the slip rejected) past its
 * time: their numbers, oldest first. A slip waiting for staff is not the buyer's delay.
 */
export async function unpaidExpiredOrders(db: Db | Tx, at: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ orderNo: orders.orderNo })
    .from(shopPayments)
    .innerJoin(orders, eq(orders.id, shopPayments.orderId))
    .where(
      and(
        inArray(shopPayments.state, ['pending', 'rejected']),
        sql`${shopPayments.expiresAt} <= ${at.toISOString()}::timestamptz`,
        sql`${orders.canceledDate} is null`,
        sql`${orders.paymentStatus} <> 'paid'`,
      ),
    )
    .orderBy(asc(shopPayments.expiresAt))
    .limit(limit);
  return rows.map((r) => r.orderNo);
}

/** Whether an order's payment still waits for the buyer past `at` (read under the order's lock). */
export async function paymentExpired(tx: Tx, orderId: number, at: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: shopPayments.id })
    .from(shopPayments)
    .where(
      and(
        eq(shopPayments.orderId, orderId),
        inArray(shopPayments.state, ['pending', 'rejected']),
        sql`${shopPayments.expiresAt} <= ${at.toISOString()}::timestamptz`,
      ),
    );
  return row !== undefined;
}

export async function setCancelReason(tx: Tx, orderId: number, reason: string): Promise<void> {
  await tx.update(orders).set({ cancelReason: reason }).where(eq(orders.id, orderId));
}
