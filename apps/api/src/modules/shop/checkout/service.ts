import { and, eq, sql } from 'drizzle-orm';
import type { CheckoutBody, ShippingAddress } from '@portal/contracts/shop';
import type { OrderQuote } from '@portal/contracts/shop-quote';
import type { z } from 'zod';
import type { checkoutBody } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { addresses } from '../../../db/schema/profile';
import { satang } from '@portal/plan/money';
import { planFor, PlanRuleError } from '../../../compensation/plan';
import { AppError, validation } from '../../../lib/errors';
import { memberIdOfUser } from '../../accounts';
import { selectAddresses } from '../../profile';
import type { Actor } from '../audit';
import { bundlePartsOf } from '../catalog/repository';
import { bundleItems, priceOf } from '../catalog/service';
import { cartLines, clearCart } from '../cart/repository';
import { shopNow } from '../clock';
import { planRule, shopErrors } from '../errors';
import { pick, type Lang } from '../language';
import { checkHolds, type Holder } from '../holds/service';
import { isOffered } from '../payments/providers';
import { currentPackage, packageChoice } from './packages';
import { checkDraft, placeOrder, type DraftLine, type OrderDraft } from './place';
import { shippingFee, subtotalOf } from './pricing';
import { quoteOf, readOnly } from './quote';
import { findByIdempotencyKey, lockScope, pendingPackageOrder } from './repository';
import type { Moment } from '@portal/plan/dates';

export type CheckoutInput = z.output<typeof checkoutBody>;
export type { CheckoutBody };

export interface Placed {
  orderId: number;
  orderNo: string;
  /** The same Idempotency-Key was sent before: this is that order, nothing new was written. */
  replayed: boolean;
}

/** The payment method must be one the shop offers now (its settings): for an order and its quote alike. */
export function mustBeOffered(ctx: AppContext, method: string) {
  if (!isOffered(ctx.config.shop, method)) throw shopErrors.methodUnavailable(method);
}

/** The same key again: the order it made, if the request is the same; another request is refused. */
export async function replay(tx: Tx, scope: string, key: string, hash: string): Promise<Placed | null> {
  const existing = await findByIdempotencyKey(tx, scope, key);
  if (!existing) return null;
  if (existing.requestHash !== hash) {
    throw new AppError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used for another request; send a new key for a new order',
    );
  }
  return { orderId: existing.orderId, orderNo: existing.orderNo, replayed: true };
}

/** A snapshot of one of the member's own addresses: an address of someone else is not theirs to use. */
export async function shippingAddressOf(tx: Tx, userId: number, addressId: number, recipient: string) {
  const [address] = await selectAddresses(tx, and(eq(addresses.userId, userId), eq(addresses.id, addressId)));
  if (!address) throw validation('delivery.address_id', 'Choose one of your addresses');
  const line = [address.number, address.building, address.alley, address.street].filter(Boolean).join(' ');
  const snapshot: ShippingAddress = {
    recipient,
    telephone: address.telephone,
    address_line: line,
    subdistrict: address.subdistrict?.name_th ?? address.subdistrict_name,
    district: address.district?.name_th ?? address.district_name,
    province: address.province?.name_th ?? address.province_name,
    post_code: address.post_code,
    country: address.country.name_en,
  };
  return snapshot;
}

async function buyerName(tx: Tx, userId: number) {
  const { rows } = await tx.execute<{ name: string }>(
    sql`select trim(first_name || ' ' || last_name) as name from users where id = ${userId}`,
  );
  return rows[0]?.name ?? '';
}

export type Draft = Omit<OrderDraft, 'idempotency'>;

/** A member's unpaid orders are counted by account (their checkouts already run one at a time). */
const memberHolder = (userId: number): Holder => ({ buyerUserId: userId, guest: null, address: null });

/**
 * The member's cart as an order draft, with every rule the checkout enforces before it writes: the
 * cart decides the order type (products are a REPURCHASE; one package alone is the first PACKAGE
 * or an UPGRADE sold as the difference, plan 1.1), the address must be the member's own, and the
 * delivery sets the fee. `lock` holds the cart's rows until the order is written (not in a quote).
 */
export async function memberDraft(
  tx: Tx,
  ctx: AppContext,
  input: { userId: number; body: CheckoutInput; lang: Lang; when: Moment; lock: boolean },
): Promise<Draft> {
  const { userId, body, when } = input;
  const memberId = await memberIdOfUser(tx, userId);
  if (memberId === null) throw shopErrors.noMember();
  const plan = await planFor(tx, when.date);
  const lines = await cartLines(tx, userId, input.lock);
  if (lines.length === 0) throw shopErrors.cartEmpty();
  for (const { product } of lines) {
    if (!product.active || !priceOf(product, plan)) throw shopErrors.unavailable(product.code);
  }

  const packages = lines.filter((l) => l.product.kind === 'PACKAGE');
  let orderType: 'PACKAGE' | 'UPGRADE' | 'REPURCHASE' = 'REPURCHASE';
  let packageCode: string | null = null;
  const draftLines: DraftLine[] = [];
  const parts = await bundlePartsOf(
    tx,
    lines.filter((l) => l.product.kind === 'BUNDLE').map((l) => l.product.id),
  );
  if (packages.length > 0) {
    if (lines.length > 1 || packages[0]!.quantity !== 1) {
      throw validation('order_type', 'A package is bought on its own, one at a time');
    }
    const product = packages[0]!.product;
    const pending = await pendingPackageOrder(tx, memberId);
    if (pending) throw new AppError(409, 'PLAN_RULE', `Pay or cancel your package order ${pending} first`);
    let choice;
    try {
      choice = packageChoice(plan, await currentPackage(tx, memberId, when.date), product.packageCode!);
    } catch (err) {
      return planRule(err);
    }
    orderType = choice.orderType;
    packageCode = choice.packageCode;
    draftLines.push({
      product,
      name: pick(input.lang, product.nameTh, product.nameEn),
      qty: 1,
      unitPrice: choice.price,
      memberPrice: priceOf(product, plan)!.member,
      retailPrice: priceOf(product, plan)!.retail,
      sellingPrice: null,
      pv: choice.pv,
      lvp: 0,
      bundleItems: [],
    });
  } else {
    for (const { product, quantity } of lines) {
      draftLines.push({
        product,
        name: pick(input.lang, product.nameTh, product.nameEn),
        qty: quantity,
        unitPrice: satang(product.memberPrice),
        memberPrice: product.memberPrice,
        retailPrice: product.retailPrice,
        sellingPrice: null,
        pv: product.pvPerUnit,
        lvp: product.lvpPerUnit,
        bundleItems: bundleItems(parts.get(product.id), input.lang),
      });
    }
  }
  if (body.order_type && body.order_type !== orderType) {
    throw validation('order_type', `Your cart makes a ${orderType} order, not ${body.order_type}`);
  }
  if (body.hold_points && orderType !== 'REPURCHASE') {
    throw validation('hold_points', 'Only the points of a repurchase can be put on hold');
  }

  const address =
    body.delivery.method === 'shipping'
      ? await shippingAddressOf(tx, userId, body.delivery.address_id, await buyerName(tx, userId))
      : null;
  return {
    memberId,
    orderType,
    packageCode,
    holdPoints: body.hold_points,
    lines: draftLines,
    delivery: { method: body.delivery.method, address },
    shipping: shippingFee(body.delivery.method, subtotalOf(draftLines), ctx.config.shop),
    useLvp: body.use_lvp,
    usePoints: satang(body.use_points),
    channel: 'MEMBER',
    buyerUserId: userId,
    customer: null,
    guestKeyHash: null,
    paymentMethod: body.payment_method,
    takesStock: true,
    plan,
  };
}

/**
 * POST /shop/v1/orders: the member's cart becomes one order, in one transaction. A member's
 * checkouts run one at a time; the same Idempotency-Key answers the order it made.
 */
export async function memberCheckout(
  ctx: AppContext,
  input: {
    userId: number;
    key: string;
    hash: string;
    body: CheckoutInput;
    lang: Lang;
    by: Actor;
    ip: string | null;
  },
): Promise<Placed> {
  const { userId, body } = input;
  const scope = `user:${userId}`;
  mustBeOffered(ctx, body.payment_method);
  const when = await shopNow(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockScope(tx, scope);
    const again = await replay(tx, scope, input.key, input.hash);
    if (again) return again;
    const draft = await memberDraft(tx, ctx, { userId, body, lang: input.lang, when, lock: true });
    await checkHolds(tx, ctx.config.shop, draft, 'member', memberHolder(userId), true);
    let placed;
    try {
      placed = await placeOrder(
        tx,
        ctx,
        { ...draft, clientAddress: input.ip, idempotency: { scope, key: input.key, hash: input.hash } },
        when,
        input.by,
      );
    } catch (err) {
      if (err instanceof PlanRuleError) return planRule(err);
      throw err;
    }
    await clearCart(tx, userId);
    return { orderId: placed.orderId, orderNo: placed.orderNo, replayed: false };
  });
}

/**
 * POST /shop/v1/orders/quote: what the same body would order and charge now, from the same draft
 * and pricing as the checkout, with the same refusals; read only (no order, stock, balance spent
 * or idempotency record).
 */
export async function memberQuote(
  ctx: AppContext,
  input: { userId: number; body: CheckoutInput; lang: Lang },
): Promise<OrderQuote> {
  mustBeOffered(ctx, input.body.payment_method);
  const when = await shopNow(ctx);
  return readOnly(ctx, async (tx) => {
    const draft = await memberDraft(tx, ctx, { ...input, when, lock: false });
    await checkHolds(tx, ctx.config.shop, draft, 'member', memberHolder(input.userId), false);
    return quoteOf(draft, await checkDraft(tx, draft));
  });
}
