import type { BundleItem, ShippingAddress } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { lvpBalance, pointBalance, useLvp, usePoints } from '../../../compensation/ledger';
import { baht, type Satang } from '@portal/plan/money';
import { PlanRuleError, type Plan } from '../../../compensation/plan';
import { AppError } from '../../../lib/errors';
import type { Actor } from '../audit';
import { stockOf, takeStock, type ProductRow } from '../catalog/repository';
import { shopErrors } from '../errors';
import { holdWindow } from '../holds/rules';
import { providerFor } from '../payments/providers';
import { insertPayment } from '../payments/repository';
import { paidAtOnce, payOrder } from '../payments/service';
import { paymentReference, priceDraft, type Priced } from './pricing';
import { insertOrderRecords } from './repository';
import { taxSeller } from '../tax/service';
import type { Moment } from '@portal/plan/dates';

export interface DraftLine {
  product: ProductRow;
  name: string;
  qty: number;
  unitPrice: Satang;
  memberPrice: string;
  retailPrice: string;
  sellingPrice: string | null;
  pv: number;
  lvp: number;
  bundleItems: BundleItem[];
}

/** Everything an order needs, decided by the checkout that builds it (member, guest or API). */
export interface OrderDraft {
  memberId: number;
  orderType: 'PACKAGE' | 'UPGRADE' | 'REPURCHASE' | 'DROPSHIP';
  packageCode: string | null;
  holdPoints: boolean;
  lines: DraftLine[];
  delivery: { method: 'shipping' | 'pickup'; address: ShippingAddress | null };
  shipping: Satang;
  useLvp: number;
  usePoints: Satang;
  channel: 'MEMBER' | 'COMMUNITY' | 'API';
  buyerUserId: number | null;
  idempotency: { scope: string; key: string; hash: string };
  customer: { name: string; telephone: string; email: string | null } | null;
  guestKeyHash: string | null;
  /** null: paid elsewhere already (the network API records a sale made in another shop). */
  paymentMethod: 'demo' | 'transfer' | 'promptpay' | null;
  /** Whether the units leave this shop's shelf. */
  takesStock: boolean;
  /** The plan in force, when the caller has read it already. */
  plan?: Plan;
  /** The client's address (unpaid guest orders are capped per address); none for the seed and the API. */
  clientAddress?: string | null;
}

const lvpShort = (lvp: number) =>
  new AppError(422, 'INSUFFICIENT_LVP', `You do not have ${lvp} LVP to use`, {
    use_lvp: [`You do not have ${lvp} LVP to use`],
  });
const pointsShort = (points: Satang) => {
  const message = `Your point balance does not cover ${baht(points)}`;
  return new AppError(422, 'INSUFFICIENT_POINTS', message, { use_points: [message] });
};

/**
 * What `placeOrder` would refuse once it writes, checked by reading only (a quote): the part
 * payment against the balances (the engine's rule: at most the balance), then the stock, in the
 * order `placeOrder` meets them, with the same errors. Returns the draft's price.
 */
export async function checkDraft(tx: Tx, draft: Omit<OrderDraft, 'idempotency'>): Promise<Priced> {
  const money = priceDraft(draft);
  if (money.lvpUsed > 0 && money.lvpUsed > (await lvpBalance(tx, draft.memberId)))
    throw lvpShort(money.lvpUsed);
  if (money.pointsUsed > 0n && money.pointsUsed > (await pointBalance(tx, draft.memberId)))
    throw pointsShort(money.pointsUsed);
  if (draft.takesStock) {
    for (const line of [...draft.lines].sort((a, b) => a.product.id - b.product.id)) {
      const left = await stockOf(tx, line.product.id);
      if (left !== null && left < line.qty) throw shopErrors.outOfStock(line.product.code, left);
    }
  }
  return money;
}

/**
 * Writes an order in the caller's transaction: the engine's order and lines, the shop's side, the
 * part payment from LVP and the point balance (the engine's own checks: never more than the
 * balance), the payment (paid at once by `demo`, or by points and LVP when nothing is left), and
 * last the stock, so the rows of popular products stay locked only until the commit.
 */
export async function placeOrder(
  tx: Tx,
  ctx: AppContext,
  draft: OrderDraft,
  when: Moment,
  by: Actor,
): Promise<{ orderId: number; orderNo: string; totals: Priced }> {
  const money = priceDraft(draft);
  const method = money.method;
  const { orderId, orderNo } = await insertOrderRecords(tx, {
    date: when.date,
    order: {
      memberId: draft.memberId,
      orderType: draft.orderType,
      packageCode: draft.packageCode,
      holdPoints: draft.holdPoints,
      pvTotal: money.pvTotal,
      lvpTotal: money.lvpTotal,
      subtotal: baht(money.subtotal),
      shippingAmount: baht(money.shipping),
      vatAmount: baht(money.vat),
      totalAmount: baht(money.total),
      lvpUsed: money.lvpUsed,
      pointsUsed: baht(money.pointsUsed),
      netAmount: baht(money.net),
    },
    lines: draft.lines.map((l, i) => ({
      productId: l.product.id,
      kind: l.product.kind,
      bundleItems: l.bundleItems,
      item: {
        lineNo: i + 1,
        productCode: l.product.code,
        productName: l.name,
        qty: l.qty,
        unitPrice: baht(l.unitPrice),
        memberPrice: l.memberPrice,
        retailPrice: l.retailPrice,
        sellingPrice: l.sellingPrice,
        pvPerUnit: l.pv,
        lvpPerUnit: l.lvp,
      },
    })),
    shop: {
      channel: draft.channel,
      buyerUserId: draft.buyerUserId,
      idempotencyScope: draft.idempotency.scope,
      idempotencyKey: draft.idempotency.key,
      requestHash: draft.idempotency.hash,
      deliveryMethod: draft.delivery.method,
      shippingAddress: draft.delivery.address,
      customer: draft.customer,
      guestKeyHash: draft.guestKeyHash,
      paymentMethod: method ?? 'external',
      clientAddress: draft.clientAddress ?? null,
    },
    audit: {
      actor: by.actor,
      actorUserId: by.userId,
      action: 'order_placed',
      detail: { channel: draft.channel },
    },
  });

  if (money.lvpUsed > 0) {
    try {
      await useLvp(tx, draft.memberId, money.lvpUsed, orderNo, when, orderId);
    } catch (err) {
      if (!(err instanceof PlanRuleError)) throw err;
      throw lvpShort(money.lvpUsed);
    }
  }
  if (money.pointsUsed > 0n) {
    try {
      await usePoints(tx, draft.memberId, money.pointsUsed, orderNo, when, orderId);
    } catch (err) {
      if (!(err instanceof PlanRuleError)) throw err;
      throw pointsShort(money.pointsUsed);
    }
  }

  const seller = taxSeller(ctx.config);
  if (method === null) {
    await payOrder(tx, orderId, when, seller, by, draft.plan);
  } else {
    const payment = { orderId, method, amount: baht(money.net), reference: paymentReference() };
    if (providerFor(ctx.config.shop, method).paysAtOnce) {
      await paidAtOnce(tx, payment, when, { actor: `provider:${method}`, userId: null }, seller, draft.plan);
    } else {
      // The units are held for a time that fits the payment kind (issue 19): short until a slip or the callback.
      const kind = method === 'transfer' ? 'transfer' : 'promptpay';
      await insertPayment(tx, { ...payment, ...holdWindow(kind, when.at, ctx.config.shop) });
    }
  }

  if (draft.takesStock) {
    // One product at a time in id order: two checkouts never wait on each other crosswise.
    for (const line of [...draft.lines].sort((a, b) => a.product.id - b.product.id)) {
      const left = await takeStock(tx, line.product.id, line.qty);
      if (left === null)
        throw shopErrors.outOfStock(line.product.code, (await stockOf(tx, line.product.id)) ?? 0);
    }
  }
  return { orderId, orderNo, totals: money };
}
