import type { Page } from '@portal/contracts/envelope';
import { pageAnswer } from '@portal/contracts/envelope';
import type {
  OrderDetail,
  OrderItemDetail,
  OrderItemRow,
  OrderListQuery,
  OrderRow,
  OrderSummary,
  ReportListQuery,
  ReportRangeQuery,
} from '@portal/contracts/reports';
import type { Db } from '../../../../db/client';
import { notFound } from '../../../../lib/errors';
import { remarkFields } from '../../../../compensation/remarks';
import { rangeOf } from '../paging';
import {
  itemOf,
  itemPage,
  orderOf,
  orderPage,
  orderTotals,
  type ItemDetailRecord,
  type ItemRecord,
  type OrderRecord,
} from './repository';

/**
 * The orders reports (portal spec "Report rows": order number, type, amounts, items with points per
 * unit, payment date, order and payment status, bundle items). Another member's order or line does
 * not exist as far as this member can tell (404).
 */
type OrderType = OrderRow['order_type'];

const toOrderRow = (r: OrderRecord): OrderRow => ({
  id: r.id,
  order_no: r.order_no,
  order_type: r.order_type as OrderType,
  package_code: r.package_code,
  status: r.status as OrderRow['status'],
  payment_status: r.payment_status as OrderRow['payment_status'],
  hold_points: r.hold_points,
  order_date: r.order_date,
  payment_date: r.payment_date,
  canceled_date: r.canceled_date,
  item_count: r.item_count,
  subtotal: r.subtotal,
  shipping_amount: r.shipping_amount,
  vat_amount: r.vat_amount,
  total_amount: r.total_amount,
  lvp_used: r.lvp_used,
  points_used: r.points_used,
  net_amount: r.net_amount,
  pv_total: r.pv_total,
  lvp_total: r.lvp_total,
  created_at: r.created_at,
});

const toItemRow = (r: ItemRecord): OrderItemRow => ({
  id: r.id,
  order_id: r.order_id,
  order_no: r.order_no,
  order_type: r.order_type as OrderType,
  order_status: r.order_status as OrderItemRow['order_status'],
  payment_status: r.payment_status as OrderItemRow['payment_status'],
  payment_date: r.payment_date,
  canceled_date: r.canceled_date,
  line_no: r.line_no,
  product_code: r.product_code,
  product_name: r.product_name,
  quantity: r.quantity,
  unit_price: r.unit_price,
  line_total: r.line_total,
  pv_per_unit: r.pv_per_unit,
  lvp_per_unit: r.lvp_per_unit,
  pv_total: r.pv_total,
  lvp_total: r.lvp_total,
});

const detailFields = (
  r: Pick<ItemDetailRecord, 'kind' | 'member_price' | 'retail_price' | 'selling_price' | 'bundle_items'>,
) => ({
  kind: r.kind ?? 'PRODUCT',
  member_price: r.member_price,
  retail_price: r.retail_price,
  selling_price: r.selling_price,
  bundle_items: r.bundle_items ?? [],
});

export async function listOrders(db: Db, userId: number, q: OrderListQuery): Promise<Page<OrderRow>> {
  const { items, total } = await orderPage(db, userId, q);
  return pageAnswer(items.map(toOrderRow), total, q);
}

export async function orderSummary(db: Db, userId: number, q: ReportRangeQuery): Promise<OrderSummary> {
  const r = await orderTotals(db, userId, q);
  return {
    ...rangeOf(q),
    orders: r?.orders ?? 0,
    paid_orders: r?.paid_orders ?? 0,
    pending_orders: r?.pending_orders ?? 0,
    canceled_orders: r?.canceled_orders ?? 0,
    subtotal: r?.subtotal ?? '0.00',
    shipping_amount: r?.shipping_amount ?? '0.00',
    vat_amount: r?.vat_amount ?? '0.00',
    total_amount: r?.total_amount ?? '0.00',
    lvp_used: r?.lvp_used ?? 0,
    points_used: r?.points_used ?? '0.00',
    net_amount: r?.net_amount ?? '0.00',
    pv_total: r?.pv_total ?? 0,
    lvp_total: r?.lvp_total ?? 0,
    by_type: (r?.by_type ?? []).map((t) => ({ ...t, order_type: t.order_type as OrderType })),
  };
}

export async function orderDetail(db: Db, userId: number, orderId: number): Promise<OrderDetail> {
  const r = await orderOf(db, userId, orderId);
  if (!r) throw notFound();
  return {
    ...toOrderRow(r),
    items: r.items.map((i) => ({
      id: i.id,
      line_no: i.line_no,
      product_code: i.product_code,
      product_name: i.product_name,
      quantity: i.quantity,
      unit_price: i.unit_price,
      line_total: i.line_total,
      pv_per_unit: i.pv_per_unit,
      lvp_per_unit: i.lvp_per_unit,
      pv_total: i.pv_total,
      lvp_total: i.lvp_total,
      ...detailFields(i),
    })),
    payment: r.payment,
    delivery_method: r.delivery_method,
    tracking_no: r.tracking_no,
    carrier: r.carrier,
    cancel_reason: r.cancel_reason,
    ledger: {
      volume: (r.volume ?? []).map((v) => ({
        ...v,
        kind: v.kind as OrderDetail['ledger']['volume'][number]['kind'],
      })),
      lvp: (r.lvp ?? []).map((v) => ({
        ...v,
        type: v.type as OrderDetail['ledger']['lvp'][number]['type'],
        ...remarkFields(v.remark, v.type),
      })),
      points: (r.points ?? []).map((v) => ({
        ...v,
        kind: v.kind as OrderDetail['ledger']['points'][number]['kind'],
        ...remarkFields(v.remark, v.kind),
      })),
      income: r.income.map((l) => ({
        ...l,
        type: l.type as OrderDetail['ledger']['income'][number]['type'],
        state: l.state as OrderDetail['ledger']['income'][number]['state'],
      })),
    },
  };
}

export async function listItems(db: Db, userId: number, q: ReportListQuery): Promise<Page<OrderItemRow>> {
  const { items, total } = await itemPage(db, userId, q);
  return pageAnswer(items.map(toItemRow), total, q);
}

export async function itemDetail(db: Db, userId: number, itemId: number): Promise<OrderItemDetail> {
  const r = await itemOf(db, userId, itemId);
  if (!r) throw notFound();
  return { ...toItemRow(r), ...detailFields(r), hold_points: r.hold_points };
}
