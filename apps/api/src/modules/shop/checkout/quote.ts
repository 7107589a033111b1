import type { OrderQuote } from '@portal/contracts/shop-quote';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { baht } from '@portal/plan/money';
import { PlanRuleError } from '../../../compensation/plan';
import { planRule } from '../errors';
import type { OrderDraft } from './place';
import type { Priced } from './pricing';

/**
 * A quote's reads run in a READ ONLY transaction: PostgreSQL itself refuses any write, so a quote
 * can never leave an order, a reservation, a spent balance or an idempotency record behind.
 */
export async function readOnly<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work, { accessMode: 'read only' });
  } catch (err) {
    if (err instanceof PlanRuleError) return planRule(err);
    throw err;
  }
}

/** A priced draft as the order it would become: the same fields, lines and amounts as the order's answer. */
export function quoteOf(draft: Omit<OrderDraft, 'idempotency'>, money: Priced): OrderQuote {
  return {
    order_type: draft.orderType,
    package_code: draft.packageCode,
    hold_points: draft.holdPoints,
    items: draft.lines.map((l, i) => ({
      line_no: i + 1,
      product_code: l.product.code,
      product_name: l.name,
      kind: l.product.kind as OrderQuote['items'][number]['kind'],
      quantity: l.qty,
      unit_price: baht(l.unitPrice),
      line_total: baht(l.unitPrice * BigInt(l.qty)),
      member_price: l.memberPrice,
      retail_price: l.retailPrice,
      selling_price: l.sellingPrice,
      pv_per_unit: l.pv,
      lvp_per_unit: l.lvp,
      bundle_items: l.bundleItems,
    })),
    subtotal: baht(money.subtotal),
    shipping_amount: baht(money.shipping),
    vat_amount: baht(money.vat),
    total_amount: baht(money.total),
    lvp_used: money.lvpUsed,
    points_used: baht(money.pointsUsed),
    net_amount: baht(money.net),
    pv_total: money.pvTotal,
    lvp_total: money.lvpTotal,
    delivery_method: draft.delivery.method,
    payment_method: money.method,
  };
}
