import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema/compensation';
import { sellingPrices, shopOrderLines, shopOrders } from '../../../db/schema/shop';

/** Serialises what must not run twice at once (one member's checkouts; one idempotency key). */
export async function lockScope(tx: Tx, scope: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop-checkout'), hashtext(${scope}))`);
}

export async function findByIdempotencyKey(tx: Tx, scope: string, key: string) {
  const [row] = await tx
    .select({ orderId: shopOrders.orderId, requestHash: shopOrders.requestHash, orderNo: orders.orderNo })
    .from(shopOrders)
    .innerJoin(orders, eq(orders.id, shopOrders.orderId))
    .where(and(eq(shopOrders.idempotencyScope, scope), eq(shopOrders.idempotencyKey, key)));
  return row ?? null;
}

/** `SO` + the business date as YYMMDD + six digits of the sequence. */
export async function nextOrderNo(tx: Tx, date: string): Promise<string> {
  const { rows } = await tx.execute<{ n: string }>(
    sql`select lpad(nextval('shop_order_no_seq')::text, 6, '0') as n`,
  );
  return `SO${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}${rows[0]!.n}`;
}

/** An unpaid PACKAGE or UPGRADE order of the member, which a second one would collide with at payment. */
export async function pendingPackageOrder(tx: Tx, memberId: number): Promise<string | null> {
  const { rows } = await tx.execute<{ order_no: string }>(sql`
    select order_no from orders where member_id = ${memberId} and order_type in ('PACKAGE','UPGRADE')
      and payment_status = 'pending' and canceled_date is null limit 1`);
  return rows[0]?.order_no ?? null;
}

export type OrderInsert = typeof orders.$inferInsert;
export type OrderItemInsert = Omit<typeof orderItems.$inferInsert, 'orderId'>;

export async function insertOrder(tx: Tx, values: OrderInsert): Promise<number> {
  const [row] = await tx.insert(orders).values(values).returning({ id: orders.id });
  return row!.id;
}

export async function insertLines(
  tx: Tx,
  orderId: number,
  lines: { item: OrderItemInsert; productId: number; kind: string; bundleItems: unknown[] }[],
) {
  const items = await tx
    .insert(orderItems)
    .values(lines.map((l) => ({ ...l.item, orderId })))
    .returning({ id: orderItems.id, lineNo: orderItems.lineNo });
  await tx.insert(shopOrderLines).values(
    lines.map((l) => ({
      orderItemId: items.find((i) => i.lineNo === l.item.lineNo)!.id,
      productId: l.productId,
      kind: l.kind,
      bundleItems: l.bundleItems,
    })),
  );
}

export async function insertShopOrder(tx: Tx, values: typeof shopOrders.$inferInsert) {
  await tx.insert(shopOrders).values(values);
}

export async function rotateGuestKey(tx: Tx, orderId: number, keyHash: string) {
  await tx.update(shopOrders).set({ guestKeyHash: keyHash }).where(eq(shopOrders.orderId, orderId));
}

/** A member's chosen community-shop prices for these products. */
export async function sellingPricesOf(tx: Db | Tx, memberId: number): Promise<Map<number, string>> {
  const rows = await tx
    .select({ productId: sellingPrices.productId, price: sellingPrices.price })
    .from(sellingPrices)
    .where(eq(sellingPrices.memberId, memberId));
  return new Map(rows.map((r) => [r.productId, r.price]));
}
