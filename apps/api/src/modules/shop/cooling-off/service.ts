import {
  COOLING_OFF_DAYS,
  REFUND_DAYS,
  type CoolingOff,
  type CoolingOffState,
  type StaffCoolingOffRow,
} from '@portal/contracts/sale-document';
import { addDays, bangkokDate } from '@portal/plan/dates';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { audit, type Actor } from '../audit';
import { shopNow } from '../clock';
import { shopErrors } from '../errors';
import { lockOrder, returnOrderStock, type OrderRecord } from '../orders/repository';
import { cancelLocked } from '../orders/service';
import { taxSeller } from '../tax/service';
import { insertRequest, requestOf, requestsForDesk, setRequest, type CoolingOffRow } from './repository';

/**
 * Cancelling within the cooling-off period of the Direct Sales and Direct Marketing Act (issue 22
 * item 4, decision 042). The buyer (a member, or a guest with the order key) asks within
 * COOLING_OFF_DAYS of the delivery; staff record the goods received back (their units go back on
 * the shelf) and refund: the shop's own cancel of a paid order (cancelLocked), which reverses the
 * order's PV, LVP and income through the engine exactly as the desk's refund does, and issues the
 * credit note. The refund is due REFUND_DAYS after the request.
 */

const conflict = (message: string, field?: string) =>
  new AppError(409, 'ORDER_STATUS_CONFLICT', message, field ? { [field]: [message] } : undefined);

/** The period's last day: the delivery's business day plus COOLING_OFF_DAYS; null before delivery. */
export const periodEnd = (rec: OrderRecord): string | null =>
  rec.shop.deliveredAt ? addDays(bangkokDate(rec.shop.deliveredAt), COOLING_OFF_DAYS) : null;

function view(rec: OrderRecord, r: CoolingOffRow): CoolingOff {
  return {
    order_no: rec.order.orderNo,
    requested_at: r.requestedAt.toISOString(),
    reason: r.reason,
    period_ends_on: r.periodEndsOn,
    refund_due_on: r.refundDueOn,
    goods_received_at: r.goodsReceivedAt?.toISOString() ?? null,
    refunded_at: r.refundedAt?.toISOString() ?? null,
  };
}

/** Where an order stands: its request, or whether the buyer may still ask and until when. */
export async function coolingOffState(ctx: AppContext, rec: OrderRecord): Promise<CoolingOffState> {
  const request = await requestOf(ctx.db, rec.order.id);
  const ends = periodEnd(rec);
  const { date: today } = await shopNow(ctx);
  return {
    request: request ? view(rec, request) : null,
    available:
      request === null &&
      rec.order.status === 'delivered' &&
      rec.order.paymentStatus === 'paid' &&
      !rec.order.canceledDate &&
      ends !== null &&
      today <= ends,
    period_ends_on: ends,
  };
}

/**
 * The buyer's request: a delivered, paid order within its period. After the period it is refused
 * with the day it ended; asked twice, the first request answers (`created` false).
 */
export async function requestCoolingOff(
  ctx: AppContext,
  orderNo: string,
  reason: string | null,
  by: Actor,
): Promise<{ created: boolean }> {
  const when = await shopNow(ctx);
  return ctx.db.transaction(async (tx) => {
    const rec = await lockOrder(tx, orderNo);
    if (!rec) throw shopErrors.orderNotFound();
    if (await requestOf(tx, rec.order.id)) return { created: false };
    if (rec.order.canceledDate) throw conflict('This order was canceled already');
    const ends = periodEnd(rec);
    if (rec.order.status !== 'delivered' || ends === null)
      throw conflict(
        'The period to cancel starts when the goods are delivered: cancel an order not delivered yet instead',
      );
    if (when.date > ends)
      throw conflict(
        `The ${COOLING_OFF_DAYS}-day period to cancel this order ended on ${ends}`,
        'period_ends_on',
      );
    await insertRequest(tx, {
      orderId: rec.order.id,
      requestedAt: when.at,
      requestedBy: by.actor,
      reason,
      periodEndsOn: ends,
      refundDueOn: addDays(when.date, REFUND_DAYS),
    });
    await audit(tx, by, 'cooling_off_requested', { orderId: rec.order.id }, { reason, period_ends_on: ends });
    return { created: true };
  });
}

async function lockedRequest(ctx: AppContext, tx: Parameters<typeof lockOrder>[0], orderNo: string) {
  const rec = await lockOrder(tx, orderNo);
  if (!rec) throw shopErrors.orderNotFound();
  const request = await requestOf(tx, rec.order.id);
  if (!request) throw new AppError(404, 'NOT_FOUND', 'No cancellation was asked for this order');
  return { rec, request };
}

/** Staff record the goods received back: their units go back on the shelf (once). */
export async function goodsReceived(ctx: AppContext, orderNo: string, staff: Actor) {
  const when = await shopNow(ctx);
  await ctx.db.transaction(async (tx) => {
    const { rec, request } = await lockedRequest(ctx, tx, orderNo);
    if (request.goodsReceivedAt) return;
    await setRequest(tx, rec.order.id, { goodsReceivedAt: when.at, goodsReceivedBy: staff.userId });
    if (rec.shop.channel !== 'API') await returnOrderStock(tx, rec.order.id);
    await audit(tx, staff, 'cooling_off_goods_received', { orderId: rec.order.id });
  });
}

export const COOLING_OFF_REASON =
  'ยกเลิกภายในระยะเวลาเลิกสัญญาตาม พ.ร.บ.ขายตรงฯ (canceled within the cooling-off period)';

/**
 * Staff refund a request whose goods came back: the order is canceled as the desk's refund cancels
 * a paid order (engine reversal dated today, credit note), in one transaction with the request's
 * refund stamp. A second refund changes nothing.
 */
export async function refundCoolingOff(ctx: AppContext, orderNo: string, staff: Actor) {
  const when = await shopNow(ctx);
  await ctx.db.transaction(async (tx) => {
    const { rec, request } = await lockedRequest(ctx, tx, orderNo);
    if (request.refundedAt) return;
    if (!request.goodsReceivedAt) throw conflict('Record the goods received back before the refund');
    if (!rec.order.canceledDate) {
      const reason = request.reason ? `${COOLING_OFF_REASON}: ${request.reason}` : COOLING_OFF_REASON;
      await cancelLocked(tx, rec, when, staff, { allowPaid: true, reason }, taxSeller(ctx.config));
    }
    await setRequest(tx, rec.order.id, { refundedAt: when.at, refundedBy: staff.userId });
  });
}

/** The desk's list of requests (open: not refunded yet), with the buyer and the amount. */
export async function deskRequests(ctx: AppContext, open: boolean): Promise<StaffCoolingOffRow[]> {
  const rows = await requestsForDesk(ctx.db, open);
  return rows.map((r) => ({
    order_no: r.orderNo,
    requested_at: r.request.requestedAt.toISOString(),
    reason: r.request.reason,
    period_ends_on: r.request.periodEndsOn,
    refund_due_on: r.request.refundDueOn,
    goods_received_at: r.request.goodsReceivedAt?.toISOString() ?? null,
    refunded_at: r.request.refundedAt?.toISOString() ?? null,
    buyer_name: r.buyerName,
    total_amount: r.total,
    channel: r.channel,
  }));
}
