import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { type orderItems, orders } from '../../../db/schema/compensation';
import { sellingPrices, shopOrders } from '../../../db/schema/shop';

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

/** An unpaid PACKAGE or UPGRADE order of the member, which a second one would collide with at payment. */
export async function pendingPackageOrder(tx: Tx, memberId: number): Promise<string | null> {
  const { rows } = await tx.execute<{ order_no: string }>(sql`
    select order_no from orders where member_id = ${memberId} and order_type in ('PACKAGE','UPGRADE')
      and payment_status = 'pending' and canceled_date is null limit 1`);
  return rows[0]?.order_no ?? null;
}

export type OrderInsert = Omit<typeof orders.$inferInsert, 'orderNo'>;
export type OrderItemInsert = Omit<typeof orderItems.$inferInsert, 'orderId'>;
export type ShopOrderInsert = Omit<typeof shopOrders.$inferInsert, 'orderId'>;

export interface OrderRecords {
  /** The business date: the order number is `SO` + YYMMDD + six digits of the sequence. */
  date: string;
  order: OrderInsert;
  lines: { item: OrderItemInsert; productId: number; kind: string; bundleItems: unknown[] }[];
  shop: ShopOrderInsert;
  /** The audit line that records the order (shop_audit, with its `order_no`), written with it. */
  audit: { actor: string; actorUserId: number | null; action: string; detail: Record<string, unknown> };
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/**
 * An order as the shop writes it: the engine's order and lines, the shop's side of each, and the
 * audit line, in one statement (one round trip): each insert is a data-modifying WITH query fed by
 * the order's new id.
 */
export async function insertOrderRecords(
  tx: Tx,
  r: OrderRecords,
): Promise<{ orderId: number; orderNo: string }> {
  const o = r.order;
  const s = r.shop;
  const prefix = `SO${r.date.slice(2, 4)}${r.date.slice(5, 7)}${r.date.slice(8, 10)}`;
  const items = sql.join(
    r.lines.map(
      ({ item: i, productId, kind, bundleItems }) =>
        sql`(${i.lineNo}::int, ${i.productCode}::text, ${i.productName ?? ''}::text, ${i.qty}::int, ${i.unitPrice ?? '0'}::numeric,
          ${i.memberPrice ?? '0'}::numeric, ${i.retailPrice ?? '0'}::numeric, ${i.sellingPrice ?? null}::numeric,
          ${i.pvPerUnit ?? 0}::int, ${i.lvpPerUnit ?? 0}::int, ${productId}::bigint, ${kind}::text, ${json(bundleItems)}::jsonb)`,
    ),
    sql`, `,
  );
  const { rows } = await tx.execute<{ id: number; order_no: string }>(sql`
    with o as (
      insert into orders (order_no, member_id, order_type, package_code, hold_points, pv_total, lvp_total, subtotal,
        shipping_amount, vat_amount, total_amount, lvp_used, points_used, net_amount)
      values (${prefix} || lpad(nextval('shop_order_no_seq')::text, 6, '0'), ${o.memberId}, ${o.orderType},
        ${o.packageCode ?? null}, ${o.holdPoints ?? false}, ${o.pvTotal ?? 0}, ${o.lvpTotal ?? 0}, ${o.subtotal ?? '0'},
        ${o.shippingAmount ?? '0'}, ${o.vatAmount ?? '0'}, ${o.totalAmount ?? '0'}, ${o.lvpUsed ?? 0},
        ${o.pointsUsed ?? '0'}, ${o.netAmount ?? '0'})
      returning id, order_no),
    v (line_no, product_code, product_name, qty, unit_price, member_price, retail_price, selling_price, pv_per_unit,
      lvp_per_unit, product_id, kind, bundle_items) as (values ${items}),
    i as (
      insert into order_items (order_id, line_no, product_code, product_name, qty, unit_price, member_price,
        retail_price, selling_price, pv_per_unit, lvp_per_unit)
      select o.id, v.line_no, v.product_code, v.product_name, v.qty, v.unit_price, v.member_price, v.retail_price,
        v.selling_price, v.pv_per_unit, v.lvp_per_unit
      from o cross join v
      returning id, line_no),
    l as (
      insert into shop_order_lines (order_item_id, product_id, kind, bundle_items)
      select i.id, v.product_id, v.kind, v.bundle_items from i join v on v.line_no = i.line_no),
    s as (
      insert into shop_orders (order_id, channel, buyer_user_id, idempotency_scope, idempotency_key, request_hash,
        delivery_method, shipping_address, customer, guest_key_hash, payment_method, client_address)
      select o.id, ${s.channel}, ${s.buyerUserId ?? null}::bigint, ${s.idempotencyScope}, ${s.idempotencyKey},
        ${s.requestHash}, ${s.deliveryMethod}, ${json(s.shippingAddress)}::jsonb, ${json(s.customer)}::jsonb,
        ${s.guestKeyHash ?? null}, ${s.paymentMethod}, ${s.clientAddress ?? null}::text
      from o),
    a as (
      insert into shop_audit (order_id, actor, actor_user_id, action, detail)
      select o.id, ${r.audit.actor}, ${r.audit.actorUserId}::bigint, ${r.audit.action},
        jsonb_build_object('order_no', o.order_no) || ${json(r.audit.detail)}::jsonb
      from o)
    select id, order_no from o`);
  return { orderId: rows[0]!.id, orderNo: rows[0]!.order_no };
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
