import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { pageAnswer, type Page } from '@portal/contracts/envelope';
import type { StaffOrder } from '@portal/contracts/shop';
import type { staffOrderListQuery, staffOrderListRow } from '@portal/contracts/shop-holds';
import type { AppContext } from '../../../context';
import { orders } from '../../../db/schema/compensation';
import type { Actor } from '../audit';
import { shopNow } from '../clock';
import { shopErrors } from '../errors';
import type { Lang } from '../language';
import { holdingStock, unitsOf } from '../holds/repository';
import { orderByNo, orderSearch, pageOfOrders, slipWaiting, type OrderRecord } from './repository';
import { cancelOrder } from './service';
import { staffOrderView } from './view';
import { paymentsOf, type PaymentRow } from '../payments/repository';
import { confirmSlip, rejectSlip } from '../payments/service';
import { taxSeller } from '../tax/service';

/**
 * The orders desk (/staff/v1/orders): find orders, confirm or reject transfer slips; fulfilment,
 * cancellation and refunds are the shop's own (orders/service.ts). Every action is in the order's
 * audit trail.
 */
type Row = z.infer<typeof staffOrderListRow>;

async function orderOf(ctx: AppContext, orderNo: string) {
  const rec = await orderByNo(ctx.db, orderNo);
  if (!rec) throw shopErrors.orderNotFound();
  return rec;
}

/** One order as staff see it: who bought it, its payment and slips, its audit trail. */
export async function deskOrder(ctx: AppContext, orderNo: string, lang: Lang): Promise<StaffOrder> {
  return staffOrderView(ctx.db, await orderOf(ctx, orderNo), lang, ctx.config.shop);
}

/** Orders found by number, member, buyer or guest, narrowed by status, payment, type, a slip waiting. */
export async function deskOrders(
  ctx: AppContext,
  q: z.output<typeof staffOrderListQuery>,
): Promise<Page<Row>> {
  const where: SQL | undefined = and(
    q.q ? orderSearch(q.q) : undefined,
    q.status ? eq(orders.status, q.status) : undefined,
    q.payment_status ? eq(orders.paymentStatus, q.payment_status) : undefined,
    q.order_type ? eq(orders.orderType, q.order_type) : undefined,
    q.slip_waiting === 'true' ? slipWaiting : undefined,
    q.holding === 'true' ? holdingStock : undefined,
  );
  const { rows, total } = await pageOfOrders(ctx.db, where, q.per_page, (q.page - 1) * q.per_page);
  const ids = rows.map((r) => r.order.id);
  const [payments, units] = await Promise.all([paymentsOf(ctx.db, ids), unitsOf(ctx.db, ids)]);
  return pageAnswer(
    rows.map((r) => {
      const customer = r.shop.customer as { name: string } | null;
      const payment = payments.get(r.order.id);
      return {
        order_no: r.order.orderNo,
        order_type: r.order.orderType as Row['order_type'],
        channel: r.shop.channel as Row['channel'],
        status: r.order.status as Row['status'],
        payment_status: r.order.paymentStatus as Row['payment_status'],
        total_amount: r.order.totalAmount,
        net_amount: r.order.netAmount,
        created_at: r.order.createdAt.toISOString(),
        paid_at: r.order.paidAt?.toISOString() ?? null,
        buyer_name: customer?.name ?? r.buyerName,
        member_code: r.memberCode,
        payment_method: payment?.method ?? r.shop.paymentMethod,
        slip_waiting: payment?.state === 'submitted',
        hold: holdOf(r, payment, units.get(r.order.id) ?? 0),
      };
    }),
    total,
    q,
  );
}

/** An unpaid order's hold on the shelf, as the desk shows it (null when it holds nothing). */
function holdOf(r: OrderRecord, payment: PaymentRow | undefined, units: number): Row['hold'] {
  const open = payment && ['pending', 'submitted', 'rejected'].includes(payment.state);
  const holds = open && !r.order.canceledDate && r.order.paymentStatus !== 'paid' && !r.shop.stockReturnedAt;
  if (!holds || r.shop.channel === 'API') return null;
  return {
    expires_at: payment.expiresAt?.toISOString() ?? null,
    slip_waiting: payment.state === 'submitted',
    units,
    client_address: r.shop.clientAddress,
  };
}

/**
 * Staff release an unpaid order's hold: the order is canceled as the buyer's cancel does it (units
 * back on the shelf, LVP and points back, the payment canceled), audited `hold_released` with the
 * reason. A paid order is not released (409: a refund is the cancel's).
 */
export async function releaseHold(ctx: AppContext, orderNo: string, reason: string, by: Actor) {
  await cancelOrder(ctx, orderNo, by, { allowPaid: false, reason, action: 'hold_released' });
}

/** The waiting slip is confirmed: the order is paid and posts its points (once: a second time pays nothing). */
export async function confirmOrderSlip(ctx: AppContext, orderNo: string, by: Actor) {
  const rec = await orderOf(ctx, orderNo);
  const when = await shopNow(ctx);
  await ctx.db.transaction((tx) => confirmSlip(tx, rec.order.id, when, by, taxSeller(ctx.config)));
}

/** The waiting slip is rejected with a reason the buyer sees. */
export async function rejectOrderSlip(ctx: AppContext, orderNo: string, reason: string, by: Actor) {
  const rec = await orderOf(ctx, orderNo);
  await ctx.db.transaction((tx) => rejectSlip(tx, rec.order.id, reason, by));
}

/** The order's id, for its slip files. */
export const deskOrderId = async (ctx: AppContext, orderNo: string) => (await orderOf(ctx, orderNo)).order.id;
