import { satang } from '@portal/plan/money';
import { PlanRuleError } from '../plan';
import { REMARK } from '../remarks';
import type { LvpRow, OrderRow, PointRow, VolumeRow } from './rows';

/**
 * What a cancellation posts (plan 2.3, 2.4, 5.1, 5.2): never an edit of a posting, only reversing rows
 * dated the day it happens. Pure functions; ledger.ts reads the facts and writes the rows. Income of
 * the order (VOID while waiting, a negative line once paid, plan 2.4) is a statement over its lines:
 * writer.ts voidOrCorrectIncome.
 */

/**
 * Plan 13, settled points: a paid PACKAGE order whose upgrade still stands cannot be canceled (cancel
 * the upgrade first).
 */
export function checkCancellation(order: OrderRow, upgradeStands: boolean): void {
  if (order.order_type === 'PACKAGE' && order.payment_status === 'paid' && upgradeStands) {
    throw new PlanRuleError(`order ${order.order_no}: cancel the upgrade of this package first`);
  }
}

/** Whether the cancellation must ask if an upgrade stands (checkCancellation): a paid PACKAGE only. */
export const asksForUpgrade = (order: OrderRow) =>
  order.order_type === 'PACKAGE' && order.payment_status === 'paid';

/** Plan 2.4: a paid order becomes refunded; an unpaid one keeps its payment status. */
export const canceledPaymentStatus = (order: OrderRow) =>
  order.payment_status === 'paid' ? 'refunded' : order.payment_status;

/** A volume posting of the order as stored: its own, or one of a release from its hold lot. */
export type PostedVolume = {
  natural_key: string;
  member_id: number;
  pv: number;
  personal: boolean;
  flows_up: boolean;
  own_side: 'left' | 'right' | null;
  repurchase: boolean;
  source: string;
};

/**
 * Plan 2.4 and 5.1: each volume posting of the order (its own PV, and the PV released from its hold
 * lot, on the targets it went to) reversed on the cancel date, as it was posted (personal, side,
 * flowing up): the next closing absorbs it, and carry may go negative.
 */
export function volumeReversals(orderId: number, posted: readonly PostedVolume[], date: string): VolumeRow[] {
  return posted.map((p) => ({
    key: `reversal:${p.natural_key}`,
    memberId: p.member_id,
    date,
    pv: -p.pv,
    personal: p.personal,
    flowsUp: p.flows_up,
    ownSide: p.own_side,
    repurchase: p.repurchase,
    kind: 'REVERSAL',
    source: p.source,
    orderId,
  }));
}

/** Plan 2.3, 2.4: the LVP a paid REPURCHASE earned is taken back (DECREASE `cancel order {no}`). */
export function lvpTakenBack(order: OrderRow, date: string): LvpRow[] {
  if (order.order_type !== 'REPURCHASE' || order.lvp_total <= 0) return [];
  return [
    {
      key: `cancel:${order.id}`,
      memberId: order.member_id,
      type: 'DECREASE',
      points: -order.lvp_total,
      remark: REMARK.cancelOrder(order.order_no),
      date,
      orderId: order.id,
    },
  ];
}

/** The uses of LVP and points that paid for the order (its `use:{order no}` rows; negative), by whom. */
export interface UsesOfOrder {
  lvp: readonly { member_id: number; points: number }[];
  /** Points as the numeric column's text. */
  points: readonly { member_id: number; points: string }[];
}

/**
 * Plan 2.3, 2.4, 5.2 and 13: the LVP and points spent on the order come back on its cancel date, paid
 * or not (the shop spends them at checkout), to the member who spent them: INCREASE `refund LVP order
 * {no}` and a REFUND row of the points.
 */
export function usesRefunded(
  order: Pick<OrderRow, 'id' | 'order_no'>,
  uses: UsesOfOrder,
  date: string,
): { lvp: LvpRow[]; points: PointRow[] } {
  const key = `refund:${order.id}`;
  return {
    lvp: uses.lvp.map((u) => ({
      key,
      memberId: u.member_id,
      type: 'INCREASE',
      points: -u.points,
      remark: REMARK.refundLvpOrder(order.order_no),
      date,
      orderId: order.id,
    })),
    points: uses.points.map((u) => ({
      key,
      memberId: u.member_id,
      kind: 'REFUND',
      points: -satang(u.points),
      remark: REMARK.refundOrder(order.order_no),
      date,
      orderId: order.id,
    })),
  };
}
