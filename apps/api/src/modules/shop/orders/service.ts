import type { Order } from '@portal/contracts/shop';
import type { Page } from '@portal/contracts/envelope';
import { pageAnswer } from '@portal/contracts/envelope';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { postCancellation } from '../../../compensation/ledger';
import { planFor, PlanRuleError } from '../../../compensation/plan';
import { AppError } from '../../../lib/errors';
import { audit, type Actor } from '../audit';
import { shopNow } from '../clock';
import { planRule, shopErrors } from '../errors';
import type { Lang } from '../language';
import {
  cancelPayment,
  lockOrder,
  orderById,
  orderByNo,
  orderWhere,
  pageOfOrders,
  paymentExpired,
  returnOrderStock,
  returnPartPayment,
  setCancelReason,
  setFulfilment,
  setOrderStatus,
  unpaidExpiredOrders,
  type OrderFilter,
  type OrderRecord,
} from './repository';
import { ordersView } from './view';
import { issueCreditNote, taxSeller, type Seller } from '../tax/service';
import type { Moment } from '@portal/plan/dates';

export async function pagedOrders(
  ctx: AppContext,
  filter: OrderFilter,
  page: { page: number; per_page: number },
  lang: Lang,
): Promise<Page<Order>> {
  const { rows, total } = await pageOfOrders(
    ctx.db,
    orderWhere(filter),
    page.per_page,
    (page.page - 1) * page.per_page,
  );
  return pageAnswer(await ordersView(ctx.db, rows, lang, ctx.config.shop), total, page);
}

/** GET /shop/v1/orders: the orders the member placed, newest first. */
export const myOrders = (
  ctx: AppContext,
  userId: number,
  q: { status?: string | undefined; page: number; per_page: number },
  lang: Lang,
) => pagedOrders(ctx, { buyerUserId: userId, status: q.status }, q, lang);

/** One order as its buyer sees it; anybody else's answers 404. */
export async function ownOrder(ctx: AppContext, userId: number, orderNo: string): Promise<OrderRecord> {
  const rec = await orderByNo(ctx.db, orderNo);
  if (!rec || rec.shop.buyerUserId !== userId) throw shopErrors.orderNotFound();
  return rec;
}

export async function orderAnswer(
  ctx: AppContext,
  orderId: number | OrderRecord,
  lang: Lang,
): Promise<Order> {
  const rec = typeof orderId === 'number' ? await orderById(ctx.db, orderId) : orderId;
  if (!rec) throw shopErrors.orderNotFound();
  const [order] = await ordersView(ctx.db, [rec], lang, ctx.config.shop);
  return order!;
}

export interface CancelOptions {
  /** A member cancels only their own order. */
  ownerUserId?: number;
  /** Staff may cancel a paid order: a refund, reversed through the engine (plan 2.4). */
  allowPaid: boolean;
  reason: string | null;
  /** The audit line's action for an unpaid order, when it says more than `order_canceled`. */
  action?: 'hold_released';
}

/**
 * Cancels an order in one transaction: the engine marks it canceled and, when it was paid, adds the
 * reversing postings dated today (plan 2.4); LVP and points spent on it come back; units not yet
 * shipped go back on the shelf; a payment still waiting is canceled. Canceling twice changes nothing.
 */
export async function cancelOrder(ctx: AppContext, orderNo: string, by: Actor, opts: CancelOptions) {
  return (await cancelWhen(ctx, orderNo, by, opts, () => Promise.resolve(true)))!;
}

/** The cancel of `cancelOrder`, done only if `still(order)` holds under the order's lock (else null). */
async function cancelWhen(
  ctx: AppContext,
  orderNo: string,
  by: Actor,
  opts: CancelOptions,
  still: (tx: Tx, orderId: number) => Promise<boolean>,
): Promise<number | null> {
  const when = await shopNow(ctx);
  return ctx.db.transaction(async (tx) => {
    const rec = await lockOrder(tx, orderNo);
    if (!rec || (opts.ownerUserId !== undefined && rec.shop.buyerUserId !== opts.ownerUserId))
      throw shopErrors.orderNotFound();
    if (rec.order.canceledDate) return rec.order.id;
    if (!(await still(tx, rec.order.id))) return null;
    return cancelLocked(tx, rec, when, by, opts, taxSeller(ctx.config));
  });
}

/**
 * The cancel itself, of an order locked by the caller (lockOrder) and not canceled yet, in the
 * caller's transaction, dated `when`: every cancel (member, staff, expiry, the demo's history) is this.
 * A refund (the order was paid) issues the credit note of its tax invoice (tax/service.ts).
 */
export async function cancelLocked(
  tx: Tx,
  rec: OrderRecord,
  when: Moment,
  by: Actor,
  opts: Pick<CancelOptions, 'allowPaid' | 'reason' | 'action'>,
  seller: Seller,
): Promise<number> {
  const o = rec.order;
  const paid = o.paymentStatus === 'paid';
  if (paid && !opts.allowPaid) throw shopErrors.notCancelable(o.status);
  const plan = await planFor(tx, when.date);
  try {
    await postCancellation(tx, plan, o.id, when);
  } catch (err) {
    if (err instanceof PlanRuleError) planRule(err);
    throw err;
  }
  if (opts.reason) await setCancelReason(tx, o.id, opts.reason);
  if (paid) await issueCreditNote(tx, o.id, when, opts.reason, seller, by);
  if (!paid) await returnPartPayment(tx, o, when);
  const shipped = o.status === 'shipped' || o.status === 'delivered';
  if (rec.shop.channel !== 'API' && !shipped) await returnOrderStock(tx, o.id);
  await cancelPayment(tx, o.id);
  await audit(
    tx,
    by,
    paid ? 'order_refunded' : (opts.action ?? 'order_canceled'),
    { orderId: o.id },
    { reason: opts.reason, date: when.date, stock_returned: rec.shop.channel !== 'API' && !shipped },
  );
  return o.id;
}

const EXPIRED_REASON = 'The time to pay ran out';
const SCHEDULER: Actor = { actor: 'scheduler', userId: null };

/**
 * Orders whose payment the buyer did not make in time are canceled as a member's cancel does it:
 * units back on the shelf, LVP and points spent on them returned, the payment canceled. The time is
 * the payment's `expires_at`, set per kind (holds/rules.ts: a transfer without a slip
 * SHOP_TRANSFER_NO_SLIP_MINUTES, PromptPay SHOP_PROMPTPAY_MINUTES, a transfer whose slip was
 * rejected the full SHOP_PAYMENT_HOURS); a slip waiting for staff is never expired. Each in its own
 * transaction; running it again changes nothing.
 */
export async function expireUnpaidOrders(
  ctx: AppContext,
  at: Date,
  batch = 200,
): Promise<{ canceled: number; failed: string[] }> {
  let canceled = 0;
  const failed: string[] = [];
  for (;;) {
    const due = (await unpaidExpiredOrders(ctx.db, at, batch + failed.length)).filter(
      (no) => !failed.includes(no),
    );
    let done = 0;
    for (const orderNo of due) {
      try {
        // Under the lock: a slip sent or a payment confirmed meanwhile keeps the order.
        const id = await cancelWhen(
          ctx,
          orderNo,
          SCHEDULER,
          { allowPaid: false, reason: EXPIRED_REASON },
          (tx, orderId) => paymentExpired(tx, orderId, at),
        );
        if (id !== null) done++;
      } catch (err) {
        // One order the plan will not cancel (a package with a later upgrade) stops no other.
        if (!(err instanceof AppError)) throw err;
        failed.push(orderNo);
      }
    }
    canceled += done;
    if (due.length < batch || done === 0) return { canceled, failed };
  }
}

const NEXT: Record<'packing' | 'shipped' | 'delivered', string[]> = {
  packing: ['paid'],
  shipped: ['paid', 'packing'],
  delivered: ['shipped'],
};

/** Staff move a paid order along: packing, shipped (with its tracking number), delivered. */
export async function fulfil(
  ctx: AppContext,
  orderNo: string,
  to: 'packing' | 'shipped' | 'delivered',
  by: Actor,
  tracking?: { tracking_no: string; carrier?: string | undefined },
) {
  // On the business clock, as every shop event: the delivery starts the cooling-off period (cooling-off/).
  const { at: now } = await shopNow(ctx);
  return ctx.db.transaction(async (tx) => {
    const rec = await lockOrder(tx, orderNo);
    if (!rec) throw shopErrors.orderNotFound();
    const from = rec.order.status;
    if (!NEXT[to].includes(from))
      throw shopErrors.statusConflict(`An order that is ${from} cannot become ${to}`);
    await setOrderStatus(tx, rec.order.id, to);
    await setFulfilment(
      tx,
      rec.order.id,
      to === 'packing'
        ? { packedAt: now }
        : to === 'shipped'
          ? { shippedAt: now, trackingNo: tracking!.tracking_no, carrier: tracking!.carrier ?? null }
          : { deliveredAt: now },
    );
    await audit(tx, by, `order_${to}`, { orderId: rec.order.id }, { from, ...(tracking ?? {}) });
    return rec.order.id;
  });
}
