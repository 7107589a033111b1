import type { Moment } from '@portal/plan/dates';
import { baht, type Satang } from '@portal/plan/money';
import { PlanRuleError } from '../plan';
import { REMARK } from '../remarks';
import type { LvpRow, PointRow } from './rows';

/**
 * LVP and the point balance spent on an order, and staff adjustments (plan 2.3, 5.2, 13): pure
 * functions from the balance and what the order used already; ledger.ts reads those and writes.
 */

/** Plan 13, settled points: an order is paid with LVP at most once and with points at most once. */
export function checkFirstUse(usedAlready: boolean, orderNo: string, what: 'LVP' | 'points'): void {
  if (usedAlready)
    throw new PlanRuleError(`${what} of order ${orderNo}: the order is paid with ${what} already`);
}

/** The natural key of an order's use of LVP or points (one of each). */
export const useKey = (orderNo: string) => `use:${orderNo}`;

/** Plan 2.3: LVP as part payment, whole points, never more than the balance (DECREASE `use in order {no}`). */
export function lvpUse(
  memberId: number,
  points: number,
  balance: number,
  orderNo: string,
  date: string,
  orderId: number | null,
): LvpRow {
  if (!Number.isInteger(points) || points < 1 || points > balance) {
    throw new PlanRuleError(`LVP of order ${orderNo}: ${points} is more than the balance ${balance}`);
  }
  return {
    key: useKey(orderNo),
    memberId,
    type: 'DECREASE',
    points: -points,
    remark: REMARK.useInOrder(orderNo),
    date,
    orderId,
  };
}

/** Plan 5.2: the point balance as part payment, never more than the balance (USE `use in order {no}`). */
export function pointUse(
  memberId: number,
  points: Satang,
  balance: Satang,
  orderNo: string,
  date: string,
  orderId: number | null,
): PointRow {
  if (points <= 0n || points > balance) {
    throw new PlanRuleError(
      `points of order ${orderNo}: ${baht(points)} is more than the balance ${baht(balance)}`,
    );
  }
  return {
    key: useKey(orderNo),
    memberId,
    kind: 'USE',
    points: -points,
    remark: REMARK.useInOrder(orderNo),
    date,
    orderId,
  };
}

/** Plan 2.3: a staff adjustment of LVP (type OTHER, either sign), its remark mandatory, signed by its author. */
export function lvpAdjustment(
  memberId: number,
  points: number,
  remark: string,
  when: Moment,
  staffUserId: number,
): LvpRow {
  if (!remark.trim()) throw new PlanRuleError('an adjustment needs a remark');
  return {
    key: `other:${when.at.getTime()}:${memberId}`,
    memberId,
    type: 'OTHER',
    points,
    remark,
    date: when.date,
    orderId: null,
    createdBy: staffUserId,
  };
}
