import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { baht, satang } from '@portal/plan/money';
import type { Plan } from '../compensation/plan';
import {
  type Actor,
  findProducts,
  type ProductRow,
  packageChoice,
  placeOrder,
  type DraftLine,
  sha256,
  shippingFee,
  shippingAddressOf,
  lockOrder,
  cancelLocked,
  taxSeller,
} from '../modules/shop';
import type { Moment } from '@portal/plan/dates';

/**
 * The demo history's orders are shop orders like any other (issue 18 item 6): placed through the
 * checkout's own `placeOrder` (the engine's order and lines, the shop's order and lines, the audit
 * line, a confirmed demo payment that pays it through the engine), refunded through the shop's own
 * cancel, so the member's orders, the community shop's orders, the staff desk and the reports read
 * the same rows.
 */

export interface HistoryItem {
  product: ProductRow;
  qty: number;
  /** A community-shop sale: the member's selling price. */
  selling?: string;
}

export interface HistoryOrder {
  member: number;
  type: 'PACKAGE' | 'UPGRADE' | 'REPURCHASE' | 'DROPSHIP';
  pkg?: string;
  items?: HistoryItem[];
  hold?: boolean;
}

interface Buyer {
  userId: number;
  name: string;
  /** The member's home (or default shipping) address: orders ship there; without one they are picked up. */
  addressId: number | null;
}

export interface HistoryShop {
  ctx: AppContext;
  plan: Plan;
  buyers: Map<number, Buyer>;
  packages: Map<string, ProductRow>;
  /** Who refunds a canceled order: the demo's staff account. */
  staff: Actor;
}

/** Guests of the demo member's community shop. */
const GUESTS = [
  { name: 'วิภาวดี ศรีสุข', telephone: '0891234567' },
  { name: 'Anan Chaiyo', telephone: '0812223344' },
  { name: 'ปริญญา ทองดี', telephone: '0865554433' },
];

export async function historyShop(ctx: AppContext, plan: Plan): Promise<HistoryShop> {
  const { rows: buyers } = await ctx.db.execute<{
    member_id: number;
    user_id: number;
    name: string;
    address_id: number | null;
  }>(sql`
    select m.id as member_id, u.id as user_id, trim(u.first_name || ' ' || u.last_name) as name,
      (select a.id from addresses a where a.user_id = u.id
        order by (a.type = 'home') desc, a.is_default desc, a.id limit 1) as address_id
    from members m join users u on u.id = m.user_id`);
  const { rows: staff } = await ctx.db.execute<{ id: number }>(
    sql`select id from users where type = 'staff' order by id limit 1`,
  );
  const { rows: packageRows } = await findProducts(ctx.db, { kind: 'PACKAGE', limit: 100, offset: 0 });
  const packages = new Map(packageRows.map((p) => [p.packageCode!, p]));
  const staffId = staff[0]?.id ?? null;
  return {
    ctx,
    plan,
    buyers: new Map(
      buyers.map((b) => [b.member_id, { userId: b.user_id, name: b.name, addressId: b.address_id }]),
    ),
    packages,
    staff: staffId ? { actor: `user:${staffId}`, userId: staffId } : { actor: 'system', userId: null },
  };
}

function lineOf(product: ProductRow, qty: number, price: string, over: Partial<DraftLine> = {}): DraftLine {
  return {
    product,
    name: product.nameTh,
    qty,
    unitPrice: satang(price),
    memberPrice: product.memberPrice,
    retailPrice: product.retailPrice,
    sellingPrice: null,
    pv: product.pvPerUnit,
    lvp: product.lvpPerUnit,
    bundleItems: [],
    ...over,
  };
}

/** One order of the history placed as the shop places it, paid at once by the demo provider. */
export async function placeHistoryOrder(
  tx: Tx,
  shop: HistoryShop,
  n: number,
  e: HistoryOrder,
  when: Moment,
): Promise<{ orderId: number; orderNo: string }> {
  const buyer = shop.buyers.get(e.member)!;
  let lines: DraftLine[];
  if (e.type === 'PACKAGE' || e.type === 'UPGRADE') {
    const product = shop.packages.get(e.pkg!)!;
    const choice = packageChoice(shop.plan, e.type === 'UPGRADE' ? 'STARTER' : null, e.pkg!);
    lines = [lineOf(product, 1, baht(choice.price), { pv: choice.pv, lvp: 0 })];
  } else {
    lines = (e.items ?? []).map((i) =>
      e.type === 'DROPSHIP'
        ? lineOf(i.product, i.qty, i.selling!, { sellingPrice: i.selling!, lvp: 0 })
        : lineOf(i.product, i.qty, i.product.memberPrice),
    );
  }
  const community = e.type === 'DROPSHIP';
  const guest = GUESTS[n % GUESTS.length]!;
  const address =
    !community && buyer.addressId !== null
      ? await shippingAddressOf(tx, buyer.userId, buyer.addressId, buyer.name)
      : null;
  const method = address ? 'shipping' : 'pickup';
  const subtotal = lines.reduce((s, l) => s + l.unitPrice * BigInt(l.qty), 0n);
  const key = `demo-history-${n}`;
  return placeOrder(
    tx,
    shop.ctx,
    {
      memberId: e.member,
      orderType: e.type,
      packageCode: e.pkg ?? null,
      holdPoints: e.hold ?? false,
      lines,
      delivery: { method, address },
      shipping: shippingFee(method, subtotal, shop.ctx.config.shop),
      useLvp: 0,
      usePoints: 0n,
      channel: community ? 'COMMUNITY' : 'MEMBER',
      buyerUserId: community ? null : buyer.userId,
      idempotency: {
        scope: community ? `shop:${e.member}` : `user:${buyer.userId}`,
        key,
        hash: sha256(key),
      },
      customer: community ? { ...guest, email: null } : null,
      guestKeyHash: null,
      paymentMethod: 'demo',
      // The shelf is uncounted while the history runs (uncountStock): nothing to take.
      takesStock: false,
      plan: shop.plan,
    },
    when,
    community ? { actor: 'guest', userId: null } : { actor: `user:${buyer.userId}`, userId: buyer.userId },
  );
}

/** A paid order of the history refunded by staff, as the orders desk does it. */
export async function refundHistoryOrder(tx: Tx, shop: HistoryShop, orderNo: string, when: Moment) {
  const rec = (await lockOrder(tx, orderNo))!;
  await cancelLocked(
    tx,
    rec,
    when,
    shop.staff,
    { allowPaid: true, reason: 'ลูกค้าขอยกเลิกคำสั่งซื้อ (Customer asked to cancel)' },
    taxSeller(shop.ctx.config),
  );
}

/**
 * While the history runs the shelf is uncounted (the history sells more than the demo stocks, and a
 * refund puts nothing back); afterwards each product has the stock the catalog seeded: what is on
 * the shelf today.
 */
export async function uncountStock(db: Db): Promise<() => Promise<void>> {
  const { rows } = await db.execute<{ id: number; stock: number }>(
    sql`select id, stock from products where stock is not null`,
  );
  await db.execute(sql`update products set stock = null where stock is not null`);
  return async () => {
    for (const r of rows) await db.execute(sql`update products set stock = ${r.stock} where id = ${r.id}`);
  };
}

/**
 * The shop's rows carry the history's own times (they were written today): each order, its shop
 * side, payment and audit lines dated when it was placed, paid and refunded. Orders sent to an
 * address, paid more than `deliveredAfterDays` before today and not canceled were packed, shipped
 * and delivered, as the staff desk records it (the desk's steps, the audit lines they leave); newer
 * ones, and those to be picked up, wait on the desk.
 */
export async function settleHistoryOrders(db: Db, today: string, deliveredAfterDays: number, staff: Actor) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update orders set created_at = paid_at, updated_at = coalesce(canceled_at, paid_at)
      where paid_at is not null`);
    await tx.execute(sql`
      update shop_orders s set created_at = o.paid_at from orders o where o.id = s.order_id and o.paid_at is not null`);
    await tx.execute(sql`
      update shop_payments p set created_at = o.paid_at, updated_at = o.paid_at
      from orders o where o.id = p.order_id and o.paid_at is not null`);
    await tx.execute(sql`
      update shop_audit a set created_at = case when a.action = 'order_refunded' then o.canceled_at else o.paid_at end
      from orders o where o.id = a.order_id and o.paid_at is not null`);
    await tx.execute(sql`
      with done as (
        update shop_orders s set
          packed_at = o.paid_at + interval '1 day',
          shipped_at = o.paid_at + interval '1 day 4 hours',
          tracking_no = 'EF' || lpad(o.id::text, 9, '0') || 'TH',
          carrier = 'ไปรษณีย์ไทย',
          delivered_at = o.paid_at + interval '3 days'
        from orders o
        where o.id = s.order_id and s.delivery_method = 'shipping' and o.status = 'paid' and o.canceled_date is null
          and o.paid_date < ${today}::date - ${deliveredAfterDays}::int
        returning s.*),
      moved as (
        update orders o set status = 'delivered', updated_at = done.delivered_at from done where o.id = done.order_id)
      insert into shop_audit (order_id, actor, actor_user_id, action, detail, created_at)
      select done.order_id, ${staff.actor}, ${staff.userId}::bigint, step.action, step.detail, step.at
      from done cross join lateral (values
        ('order_packing', jsonb_build_object('from', 'paid'), done.packed_at),
        ('order_shipped', jsonb_build_object('from', 'packing', 'tracking_no', done.tracking_no, 'carrier', done.carrier),
          done.shipped_at),
        ('order_delivered', jsonb_build_object('from', 'shipped'), done.delivered_at)) as step(action, detail, at)`);
  });
}
