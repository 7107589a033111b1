import { addDays } from '@portal/plan/dates';
import { baht, pvMoney, satang, type Rate } from '@portal/plan/money';
import { PlanRuleError, type Plan } from '../plan';
import { REMARK } from '../remarks';
import { isActiveOn } from '../standing';
import type { IncomeLine, LvpRow, OrderRow, Postings } from './rows';

/**
 * What the payment of an order posts (plan 2.1–2.3, 4.1, 4.2, 4.6, 5.1), decided from the facts the
 * payment reads: pure functions, each beside the section of the plan it follows.
 */

const isPackageOrder = (order: Pick<OrderRow, 'order_type'>) =>
  order.order_type === 'PACKAGE' || order.order_type === 'UPGRADE';

/**
 * Plan 13, settled points: a PACKAGE order must be the member's first; an UPGRADE must go to a higher
 * package than `current`, the one in force, in the plan's order (1.1). Checked before anything posts.
 */
export function checkPackageRules(plan: Plan, order: OrderRow, current: string | undefined): void {
  if (!isPackageOrder(order)) return;
  const target = order.package_code ? plan.packages.get(order.package_code) : undefined;
  if (!target) throw new PlanRuleError(`order ${order.order_no}: unknown package ${order.package_code}`);
  if (order.order_type === 'PACKAGE' && current) {
    throw new PlanRuleError(`order ${order.order_no}: the member already has the package ${current}`);
  }
  if (order.order_type === 'UPGRADE') {
    const from = current ? plan.packages.get(current) : undefined;
    if (!from) throw new PlanRuleError(`order ${order.order_no}: an upgrade needs a package to upgrade from`);
    if (target.rank <= from.rank) {
      throw new PlanRuleError(`order ${order.order_no}: ${target.code} is not higher than ${from.code}`);
    }
  }
}

/**
 * Plan 5.1 (a) and (b): the PV of a REPURCHASE whose buyer chose to hold it, or of any order of a
 * buyer suspended at the payment, goes into a hold lot instead of being posted (plan 2.2).
 */
export const holdsPoints = (order: OrderRow, buyerSuspended: boolean) =>
  order.pv_total > 0 && ((order.order_type === 'REPURCHASE' && order.hold_points) || buyerSuspended);

/** Plan 2.1, 2.2, 5.1: the order's PV, posted to the buyer (personal, flowing up) or held in a lot. */
export function paymentVolume(
  plan: Plan,
  order: OrderRow,
  buyerSuspended: boolean,
  date: string,
): Pick<Postings, 'volume' | 'holdLots'> {
  const repurchase = order.order_type === 'REPURCHASE';
  if (holdsPoints(order, buyerSuspended)) {
    const deadline = addDays(date, plan.params.HOLD_RELEASE_DAYS);
    return {
      holdLots: [
        {
          memberId: order.member_id,
          orderId: order.id,
          pvTotal: order.pv_total,
          createdDate: date,
          deadline,
          repurchase,
        },
      ],
    };
  }
  const source = `order:${order.id}`;
  return {
    volume: [
      {
        key: source,
        memberId: order.member_id,
        date,
        pv: order.pv_total,
        personal: true,
        flowsUp: true,
        repurchase,
        kind: 'ORDER',
        source,
        orderId: order.id,
      },
    ],
  };
}

/** Plan 2.3: a paid REPURCHASE earns its LVP (held PV or not, plan 5.1). */
export function repurchaseLvp(order: OrderRow, date: string): LvpRow[] {
  if (order.order_type !== 'REPURCHASE' || order.lvp_total <= 0) return [];
  return [
    {
      key: `order:${order.id}`,
      memberId: order.member_id,
      type: 'INCREASE',
      points: order.lvp_total,
      remark: REMARK.order(order.order_no),
      date,
      orderId: order.id,
    },
  ];
}

/** The buyer's referrer as a package payment finds them: their expiry date so far and suspension now. */
export interface ReferrerFacts {
  memberId: number;
  expiry: string | null | undefined;
  suspended: boolean;
}

/** Whether a payment asks for its referrer's facts: only a PACKAGE or UPGRADE pays a referrer (plan 4.1). */
export const paysReferrer = isPackageOrder;

/** Plan 4.1: the referrer earns when active (1.2) on the payment date and not suspended at its moment. */
export const referrerEarns = (referrer: ReferrerFacts, date: string) =>
  isActiveOn(referrer.expiry, date) && !referrer.suspended;

/** Plan 4.1: REFERRER_PCT of the order's PV to the buyer's referrer, one level, when they earn. */
export function referrerBonus(
  plan: Plan,
  order: OrderRow,
  referrer: ReferrerFacts | null,
  date: string,
): IncomeLine[] {
  if (!paysReferrer(order) || !referrer || !referrerEarns(referrer, date)) return [];
  return [pvBonus(plan, order, referrer.memberId, 'REFERRER', plan.referrerPct, date)];
}

/** Plan 4.2: CASHBACK_PCT of a REPURCHASE's PV to its buyer (held PV or not), unless suspended. */
export function cashback(plan: Plan, order: OrderRow, buyerSuspended: boolean, date: string): IncomeLine[] {
  if (order.order_type !== 'REPURCHASE' || buyerSuspended) return [];
  return [pvBonus(plan, order, order.member_id, 'CASHBACK', plan.cashbackPct, date)];
}

/** Plan 4: `pct` × the order's PV × PV_THB, rounded half-up once, to `memberId`, dated the payment. */
const pvBonus = (
  plan: Plan,
  order: OrderRow,
  memberId: number,
  type: 'REFERRER' | 'CASHBACK',
  pct: Rate,
  date: string,
): IncomeLine => ({
  memberId,
  type,
  source: order.order_no,
  orderId: order.id,
  amount: pvMoney(order.pv_total, pct, plan.pvThb),
  incomeDate: date,
});

/** A line of a DROPSHIP order, with its prices as stored. */
export type DropshipItem = {
  id: number;
  line_no: number;
  qty: number;
  selling_price: string | null;
  member_price: string;
};

/**
 * Plan 4.6: a DROPSHIP line earns its seller (selling price − member price) × quantity, one line per
 * order item; a sale margin, not a bonus, so a suspended seller is paid too (13). Below the member
 * price is a rule error.
 */
export function dropshipMargin(order: OrderRow, items: readonly DropshipItem[], date: string): IncomeLine[] {
  if (order.order_type !== 'DROPSHIP') return [];
  return items.map((item) => {
    const selling = satang(item.selling_price ?? item.member_price);
    if (selling < satang(item.member_price)) {
      throw new PlanRuleError(
        `order ${order.order_no}: item ${item.line_no} is sold at ${baht(selling)}, below its member price ${item.member_price}`,
      );
    }
    return {
      memberId: order.member_id,
      type: 'DROPSHIP',
      source: order.order_no,
      generation: item.line_no,
      orderId: order.id,
      orderItemId: item.id,
      amount: (selling - satang(item.member_price)) * BigInt(item.qty),
      incomeDate: date,
    };
  });
}

/** What the payment of an order reads before it posts. */
export interface PaymentFacts {
  /** The buyer is suspended at the payment's moment (plan 13: "suspended" for orders). */
  buyerSuspended: boolean;
  /** The buyer's referrer, when the order pays one (paysReferrer) and the buyer has one. */
  referrer: ReferrerFacts | null;
  /** The order's lines, for a DROPSHIP order. */
  items: readonly DropshipItem[];
}

/** Plan 2.1–2.3, 4.1, 4.2, 4.6, 5.1: everything the payment of an order posts, dated the payment's date. */
export function paymentPostings(plan: Plan, order: OrderRow, facts: PaymentFacts, date: string): Postings {
  return {
    ...paymentVolume(plan, order, facts.buyerSuspended, date),
    lvp: repurchaseLvp(order, date),
    income: [
      ...referrerBonus(plan, order, facts.referrer, date),
      ...cashback(plan, order, facts.buyerSuspended, date),
      ...dropshipMargin(order, facts.items, date),
    ],
  };
}
