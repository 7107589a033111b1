import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { Page } from '@portal/contracts/envelope';
import { pageAnswer } from '@portal/contracts/envelope';
import type {
  CommunityProduct,
  guestCheckoutBody,
  SellingPrice,
  ShippingAddress,
} from '@portal/contracts/shop';
import type { guestQuoteBody, OrderQuote } from '@portal/contracts/shop-quote';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { baht, satang, type Satang } from '@portal/plan/money';
import { AppError } from '../../../lib/errors';
import type { Actor } from '../audit';
import { bundlePartsOf, productByCode, productsByCodes, type ProductRow } from '../catalog/repository';
import { bundleItems, withDetails, type CatalogView } from '../catalog/service';
import { lockScope, rotateGuestKey, sellingPricesOf } from '../checkout/repository';
import { checkDraft, placeOrder, type DraftLine, type OrderDraft } from '../checkout/place';
import { guestKey, sha256, shippingFee, subtotalOf } from '../checkout/pricing';
import { quoteOf, readOnly } from '../checkout/quote';
import { mustBeOffered, replay, type Placed } from '../checkout/service';
import { shopNow } from '../clock';
import { shopErrors } from '../errors';
import { checkHolds, type Holder } from '../holds/service';
import { pick, type Lang } from '../language';
import { orderByNo, type OrderRecord } from '../orders/repository';
import { queueSaleDocumentLink } from '../sale-document/service';
import { messagesQueued } from '../../accounts';
import {
  clearSellingPrice,
  sellableProducts,
  sellerByShopCode,
  setSellingPrice,
  type Seller,
} from './repository';

/** The price a community shop sells at (plan 4.6): the member's choice kept within member ≤ price ≤ retail; retail when none. */
export function sellingPriceOf(product: ProductRow, chosen: string | undefined): Satang {
  const member = satang(product.memberPrice);
  const retail = satang(product.retailPrice);
  if (chosen === undefined) return retail;
  const price = satang(chosen);
  return price < member ? member : price > retail ? retail : price;
}

export async function shopOf(db: Db, code: string): Promise<Seller> {
  const seller = await sellerByShopCode(db, code);
  if (!seller) throw new AppError(404, 'INVALID_INVITATION_CODE', 'Invalid invitation code');
  return seller;
}

/** GET /shop/v1/community/{shopCode}/products: the catalog at this member's selling prices. */
export async function communityCatalog(
  db: Db,
  seller: Seller,
  query: { category?: string | undefined; page: number; per_page: number },
  view: CatalogView,
): Promise<Page<CommunityProduct>> {
  const { rows, total } = await sellableProducts(
    db,
    query.per_page,
    (query.page - 1) * query.per_page,
    query.category,
  );
  const chosen = await sellingPricesOf(db, seller.memberId);
  const items = await withDetails(db, rows, view);
  return pageAnswer(
    items.map((p, i) => ({
      ...p,
      selling_price: baht(sellingPriceOf(rows[i]!, chosen.get(rows[i]!.id))),
    })),
    total,
    query,
  );
}

const sellingRow = (p: ProductRow, chosen: string | undefined, lang: Lang): SellingPrice => ({
  product_code: p.code,
  name: pick(lang, p.nameTh, p.nameEn),
  member_price: p.memberPrice,
  retail_price: p.retailPrice,
  selling_price: baht(sellingPriceOf(p, chosen)),
  custom: chosen !== undefined,
});

/** GET /shop/v1/me/selling-prices: every product the member's shop sells, at the member's price. */
export async function mySellingPrices(db: Db, memberId: number, lang: Lang): Promise<SellingPrice[]> {
  const { rows } = await sellableProducts(db, 1000, 0);
  const chosen = await sellingPricesOf(db, memberId);
  return rows.map((p) => sellingRow(p, chosen.get(p.id), lang));
}

/** PUT /shop/v1/me/selling-prices/{code}: member price ≤ selling price ≤ retail price, else 422. */
export async function chooseSellingPrice(
  db: Db,
  memberId: number,
  code: string,
  price: string | null,
  lang: Lang,
) {
  const product = await productByCode(db, code);
  if (!product || !product.active || product.kind === 'PACKAGE') throw shopErrors.productNotFound();
  if (price === null) {
    await clearSellingPrice(db, memberId, product.id);
    return sellingRow(product, undefined, lang);
  }
  const value = satang(price);
  if (value < satang(product.memberPrice) || value > satang(product.retailPrice)) {
    const message = `The selling price must be between ${product.memberPrice} and ${product.retailPrice}`;
    throw new AppError(422, 'SELLING_PRICE_OUT_OF_RANGE', message, { selling_price: [message] });
  }
  await setSellingPrice(db, memberId, product.id, baht(value));
  return sellingRow(product, baht(value), lang);
}

type GuestInput = z.output<typeof guestCheckoutBody>;
type GuestQuoteInput = z.output<typeof guestQuoteBody>;

/**
 * A guest's cart in a member's community shop as an order draft (plan 4.6): a DROPSHIP order of
 * that member at the member's selling prices, with every rule the checkout enforces before it
 * writes. The quote may leave the customer and the address blank; the order may not (its body).
 */
async function guestDraft(
  tx: Tx,
  ctx: AppContext,
  seller: Seller,
  body: GuestQuoteInput,
  lang: Lang,
): Promise<Omit<OrderDraft, 'idempotency' | 'guestKeyHash'>> {
  const wanted = new Map<string, number>();
  for (const item of body.items)
    wanted.set(item.product_code, (wanted.get(item.product_code) ?? 0) + item.quantity);
  const found = await productsByCodes(tx, [...wanted.keys()]);
  const chosen = await sellingPricesOf(tx, seller.memberId);
  const parts = await bundlePartsOf(
    tx,
    found.filter((p) => p.kind === 'BUNDLE').map((p) => p.id),
  );
  const lines: DraftLine[] = [...wanted].map(([code, qty]) => {
    const product = found.find((p) => p.code === code);
    if (!product || !product.active || product.kind === 'PACKAGE') throw shopErrors.unavailable(code);
    const price = sellingPriceOf(product, chosen.get(product.id));
    return {
      product,
      name: pick(lang, product.nameTh, product.nameEn),
      qty,
      unitPrice: price,
      memberPrice: product.memberPrice,
      retailPrice: product.retailPrice,
      sellingPrice: baht(price),
      pv: product.pvPerUnit,
      lvp: 0,
      bundleItems: bundleItems(parts.get(product.id), lang),
    };
  });
  const given = body.delivery.method === 'shipping' ? body.delivery.address : undefined;
  const address: ShippingAddress | null = given
    ? {
        recipient: given.recipient,
        telephone: given.telephone,
        address_line: given.address_line,
        subdistrict: given.subdistrict ?? null,
        district: given.district ?? null,
        province: given.province,
        post_code: given.post_code,
        country: 'Thailand',
      }
    : null;
  return {
    memberId: seller.memberId,
    orderType: 'DROPSHIP',
    packageCode: null,
    holdPoints: false,
    lines,
    delivery: { method: body.delivery.method, address },
    shipping: shippingFee(body.delivery.method, subtotalOf(lines), ctx.config.shop),
    useLvp: 0,
    usePoints: 0n,
    channel: 'COMMUNITY',
    buyerUserId: null,
    customer: body.customer
      ? { name: body.customer.name, telephone: body.customer.telephone, email: body.customer.email ?? null }
      : null,
    paymentMethod: body.payment_method,
    takesStock: true,
  };
}

/** A guest's unpaid orders are counted by their telephone, their e-mail and the client's address. */
const guestHolder = (body: GuestQuoteInput, ip: string | null): Holder => ({
  buyerUserId: null,
  guest: { telephone: body.customer?.telephone ?? null, email: body.customer?.email ?? null },
  address: ip,
});

/**
 * A guest's order in a member's community shop, paid by the guest. The answer carries the key that
 * reads and pays it; the same Idempotency-Key answers the same order (with a fresh key: the one
 * before stops working).
 */
export async function guestCheckout(
  ctx: AppContext,
  input: {
    shopCode: string;
    key: string;
    hash: string;
    body: GuestInput;
    lang: Lang;
    by: Actor;
    ip: string | null;
  },
): Promise<Placed & { guestKey: string }> {
  const { body } = input;
  mustBeOffered(ctx, body.payment_method);
  const when = await shopNow(ctx);
  const seller = await shopOf(ctx.db, input.shopCode);
  const scope = `shop:${seller.memberId}`;
  // The sale document's link goes with the order (decision 041): the guest's key in the link is
  // the one this answer carries, so a replay, which makes the key before stop working, sends it again.
  const link = (tx: Tx, orderNo: string, key: string) =>
    body.customer
      ? queueSaleDocumentLink(tx, ctx, {
          orderNo,
          shopCode: input.shopCode,
          guestKey: key,
          customer: body.customer,
          lang: input.lang,
        })
      : Promise.resolve();
  const placed = await ctx.db.transaction(async (tx) => {
    await lockScope(tx, `${scope}:${input.key}`);
    const key = guestKey();
    const again = await replay(tx, scope, input.key, input.hash);
    if (again) {
      await rotateGuestKey(tx, again.orderId, sha256(key));
      await link(tx, again.orderNo, key);
      return { ...again, guestKey: key };
    }
    const draft = { ...(await guestDraft(tx, ctx, seller, body, input.lang)), guestKeyHash: null };
    await checkHolds(tx, ctx.config.shop, draft, 'guest', guestHolder(body, input.ip), true);
    const placed = await placeOrder(
      tx,
      ctx,
      {
        ...draft,
        clientAddress: input.ip,
        idempotency: { scope, key: input.key, hash: input.hash },
        guestKeyHash: sha256(key),
      },
      when,
      input.by,
    );
    await link(tx, placed.orderNo, key);
    return { orderId: placed.orderId, orderNo: placed.orderNo, replayed: false, guestKey: key };
  });
  messagesQueued();
  return placed;
}

/**
 * POST /shop/v1/community/{shopCode}/orders/quote: what the guest's body would order and charge
 * now, from the same draft and pricing as the guest checkout, with the same refusals; read only.
 */
export async function guestQuote(
  ctx: AppContext,
  input: { shopCode: string; body: GuestQuoteInput; lang: Lang; ip: string | null },
): Promise<OrderQuote> {
  mustBeOffered(ctx, input.body.payment_method);
  const seller = await shopOf(ctx.db, input.shopCode);
  return readOnly(ctx, async (tx) => {
    const draft = { ...(await guestDraft(tx, ctx, seller, input.body, input.lang)), guestKeyHash: null };
    await checkHolds(tx, ctx.config.shop, draft, 'guest', guestHolder(input.body, input.ip), false);
    return quoteOf(draft, await checkDraft(tx, draft));
  });
}

/** A community-shop order read with its guest key; without the right key it does not exist. */
export async function guestOrder(db: Db, orderNo: string, key: unknown): Promise<OrderRecord> {
  const rec = await orderByNo(db, orderNo);
  const stored = rec?.shop.guestKeyHash;
  if (!rec || !stored || typeof key !== 'string' || key.length > 100) throw shopErrors.orderNotFound();
  const given = Buffer.from(sha256(key), 'hex');
  if (!timingSafeEqual(given, Buffer.from(stored, 'hex'))) throw shopErrors.orderNotFound();
  return rec;
}
