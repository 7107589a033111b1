import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { lastPage, type Page } from '@portal/contracts/envelope';
import type { StaffOrder, staffOrderQuery, staffOrderRow } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { orders } from '../../../db/schema/compensation';
import type { Actor } from '../../shop/audit';
import { shopNow } from '../../shop/clock';
import { shopErrors } from '../../shop/errors';
import type { Lang } from '../../shop/language';
import { orderByNo, orderSearch, pageOfOrders, slipWaiting } from '../../shop/orders/repository';
import { staffOrderView } from '../../shop/orders/view';
import { paymentsOf } from '../../shop/payments/repository';
import { confirmSlip, rejectSlip } from '../../shop/payments/service';

/**
 * The orders desk (/staff/v1/orders): find orders, confirm or reject transfer slips; fulfilment,
 * cancellation and refunds are the shop's own (orders/service.ts). Every action is in the order's
 * audit trail.
 */
type Row = z.infer<typeof staffOrderRow>;

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
export async function deskOrders(ctx: AppContext, q: z.output<typeof staffOrderQuery>): Promise<Page<Row>> {
  const where: SQL | undefined = and(
    q.q ? orderSearch(q.q) : undefined,
    q.status ? eq(orders.status, q.status) : undefined,
    q.payment_status ? eq(orders.paymentStatus, q.payment_status) : undefined,
    q.order_type ? eq(orders.orderType, q.order_type) : undefined,
    q.slip_waiting === 'true' ? slipWaiting : undefined,
  );
  const { rows, total } = await pageOfOrders(ctx.db, where, q.per_page, (q.page - 1) * q.per_page);
  const payments = await paymentsOf(
    ctx.db,
    rows.map((r) => r.order.id),
  );
  return {
    items: rows.map((r) => {
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
      };
    }),
    pagination: { page: q.page, per_page: q.per_page, total, last_page: lastPage(total, q.per_page) },
  };
}

/** The waiting slip is confirmed: the order is paid and posts its points (once: a second time pays nothing). */
export async function confirmOrderSlip(ctx: AppContext, orderNo: string, by: Actor) {
  const rec = await orderOf(ctx, orderNo);
  const when = await shopNow(ctx);
  await ctx.db.transaction((tx) => confirmSlip(tx, rec.order.id, when, by));
}

/** The waiting slip is rejected with a reason the buyer sees. */
export async function rejectOrderSlip(ctx: AppContext, orderNo: string, reason: string, by: Actor) {
  const rec = await orderOf(ctx, orderNo);
  await ctx.db.transaction((tx) => rejectSlip(tx, rec.order.id, reason, by));
}

/** The order's id, for its slip files. */
export const deskOrderId = async (ctx: AppContext, orderNo: string) => (await orderOf(ctx, orderNo)).order.id;
