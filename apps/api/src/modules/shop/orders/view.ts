import type { BundleItem, Order, Payment, ShippingAddress, StaffOrder } from '@portal/contracts/shop';
import type { ShopSettings } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { baht, satang } from '@portal/plan/money';
import { withTypeExtension } from '../../../lib/uploads';
import { pick, type Lang } from '../language';
import { providerFor, type PaymentKind } from '../payments/providers';
import { paymentsOf, slipsOf, type PaymentRow, type SlipRow } from '../payments/repository';
import { auditOf, itemsOf, type ItemRecord, type OrderRecord } from './repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function paymentView(settings: ShopSettings, p: PaymentRow | undefined, slips: SlipRow[]): Payment | null {
  if (!p) return null;
  const waiting = p.state !== 'confirmed' && p.state !== 'canceled';
  const instructions = waiting
    ? providerFor(settings, p.method as PaymentKind).instructions({
        reference: p.reference,
        amount: p.amount,
      })
    : { promptpay_payload: null, transfer_to: null };
  return {
    method: p.method as Payment['method'],
    state: p.state as Payment['state'],
    amount: p.amount,
    reference: p.reference,
    expires_at: iso(p.expiresAt),
    confirmed_at: iso(p.confirmedAt),
    ...instructions,
    slips: slips.map((s) => ({
      id: s.id,
      file_name: withTypeExtension(s.fileName, s.mimeType),
      status: s.status as 'submitted' | 'confirmed' | 'rejected',
      reason: s.reason,
      uploaded_at: s.createdAt.toISOString(),
    })),
  };
}

function itemView(r: ItemRecord, lang: Lang): Order['items'][number] {
  const i = r.item;
  return {
    line_no: i.lineNo,
    product_code: i.productCode,
    product_name: r.nameTh !== null && r.nameEn !== null ? pick(lang, r.nameTh, r.nameEn) : i.productName,
    kind: (r.kind ?? 'PRODUCT') as Order['items'][number]['kind'],
    quantity: i.qty,
    unit_price: i.unitPrice,
    line_total: baht(satang(i.unitPrice) * BigInt(i.qty)),
    member_price: i.memberPrice,
    retail_price: i.retailPrice,
    selling_price: i.sellingPrice,
    pv_per_unit: i.pvPerUnit,
    lvp_per_unit: i.lvpPerUnit,
    bundle_items: (r.bundleItems ?? []) as BundleItem[],
  };
}

export function toOrder(
  rec: OrderRecord,
  items: ItemRecord[],
  payment: PaymentRow | undefined,
  slips: SlipRow[],
  lang: Lang,
  settings: ShopSettings,
): Order {
  const o = rec.order;
  const s = rec.shop;
  return {
    order_no: o.orderNo,
    order_type: o.orderType as Order['order_type'],
    channel: s.channel as Order['channel'],
    package_code: o.packageCode,
    status: o.status as Order['status'],
    payment_status: o.paymentStatus as Order['payment_status'],
    hold_points: o.holdPoints,
    items: items.map((i) => itemView(i, lang)),
    subtotal: o.subtotal,
    shipping_amount: o.shippingAmount,
    vat_amount: o.vatAmount,
    total_amount: o.totalAmount,
    lvp_used: o.lvpUsed,
    points_used: o.pointsUsed,
    net_amount: o.netAmount,
    pv_total: o.pvTotal,
    lvp_total: o.lvpTotal,
    delivery: {
      method: s.deliveryMethod as 'shipping' | 'pickup',
      address: (s.shippingAddress as ShippingAddress | null) ?? null,
    },
    tracking_no: s.trackingNo,
    carrier: s.carrier,
    payment: paymentView(settings, payment, payment ? slips : []),
    created_at: o.createdAt.toISOString(),
    paid_at: iso(o.paidAt),
    payment_date: o.paidDate,
    canceled_at: iso(o.canceledAt),
    canceled_date: o.canceledDate,
    cancel_reason: o.cancelReason,
    packed_at: iso(s.packedAt),
    shipped_at: iso(s.shippedAt),
    delivered_at: iso(s.deliveredAt),
  };
}

/** Orders as answered: items, payments and slips in three queries for the whole page. */
export async function ordersView(
  db: Db | Tx,
  records: OrderRecord[],
  lang: Lang,
  settings: ShopSettings,
): Promise<Order[]> {
  const ids = records.map((r) => r.order.id);
  const [items, payments] = await Promise.all([itemsOf(db, ids), paymentsOf(db, ids)]);
  // Only transfers have slips.
  const slips = await slipsOf(
    db,
    [...payments.values()].filter((p) => p.method === 'transfer').map((p) => p.id),
  );
  return records.map((r) => {
    const payment = payments.get(r.order.id);
    return toOrder(
      r,
      items.get(r.order.id) ?? [],
      payment,
      payment ? (slips.get(payment.id) ?? []) : [],
      lang,
      settings,
    );
  });
}

/** What staff see: the order, who bought it (member or guest), and its audit trail. */
export async function staffOrderView(
  db: Db | Tx,
  rec: OrderRecord,
  lang: Lang,
  settings: ShopSettings,
): Promise<StaffOrder> {
  const [order] = await ordersView(db, [rec], lang, settings);
  const customer = rec.shop.customer as { name: string; telephone: string; email: string | null } | null;
  const trail = await auditOf(db, rec.order.id);
  return {
    ...order!,
    buyer: { member_code: rec.memberCode, name: rec.buyerName, user_id: rec.shop.buyerUserId },
    customer: customer
      ? { name: customer.name, telephone: customer.telephone, email: customer.email ?? null }
      : null,
    audit: trail.map((a) => ({
      action: a.action,
      actor: a.actor,
      actor_name: a.actorName,
      detail: (a.detail ?? {}) as Record<string, unknown>,
      created_at: a.createdAt.toISOString(),
    })),
  };
}
