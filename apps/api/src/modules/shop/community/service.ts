import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { Page } from '@portal/contracts/envelope';
import { lastPage } from '@portal/contracts/envelope';
import type {
  CommunityProduct,
  guestCheckoutBody,
  SellingPrice,
  ShippingAddress,
} from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { baht, satang, type Satang } from '../../../compensation/money';
import { AppError } from '../../../lib/errors';
import type { Actor } from '../audit';
import { bundlePartsOf, productByCode, productsByCodes, type ProductRow } from '../catalog/repository';
import { bundleItems, withDetails, type CatalogView } from '../catalog/service';
import { lockScope, rotateGuestKey, sellingPricesOf } from '../checkout/repository';
import { placeOrder, type DraftLine } from '../checkout/place';
import { guestKey, sha256, shippingFee } from '../checkout/pricing';
import { replay, type Placed } from '../checkout/service';
import { shopNow } from '../clock';
import { shopErrors } from '../errors';
import { pick, type Lang } from '../language';
import { isOffered } from '../payments/providers';
import { orderByNo, type OrderRecord } from '../orders/repository';
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
  return {
    items: items.map((p, i) => ({
      ...p,
      selling_price: baht(sellingPriceOf(rows[i]!, chosen.get(rows[i]!.id))),
    })),
    pagination: {
      page: query.page,
      per_page: query.per_page,
      total,
      last_page: lastPage(total, query.per_page),
    },
  };
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

/**
 * A guest's order in a member's community shop (plan 4.6): a DROPSHIP order of that member at the
 * member's selling prices, paid by the guest. The answer carries the key that reads and pays it; the
 * same Idempotency-Key answers the same order (with a fresh key: the one before stops working).
 */
export async function guestCheckout(
  ctx: AppContext,
  input: { shopCode: string; key: string; hash: string; body: GuestInput; lang: Lang; by: Actor },
): Promise<Placed & { guestKey: string }> {
  const { body } = input;
  if (!isOffered(ctx.config.shop, body.payment_method))
    throw shopErrors.methodUnavailable(body.payment_method);
  const when = await shopNow(ctx);
  const seller = await shopOf(ctx.db, input.shopCode);
  const scope = `shop:${seller.memberId}`;
  return ctx.db.transaction(async (tx) => {
    await lockScope(tx, `${scope}:${input.key}`);
    const key = guestKey();
    const again = await replay(tx, scope, input.key, input.hash);
    if (again) {
      await rotateGuestKey(tx, again.orderId, sha256(key));
      return { ...again, guestKey: key };
    }
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
        name: pick(input.lang, product.nameTh, product.nameEn),
        qty,
        unitPrice: price,
        memberPrice: product.memberPrice,
        retailPrice: product.retailPrice,
        sellingPrice: baht(price),
        pv: product.pvPerUnit,
        lvp: 0,
        bundleItems: bundleItems(parts.get(product.id), input.lang),
      };
    });
    const address: ShippingAddress | null =
      body.delivery.method === 'shipping'
        ? {
            recipient: body.delivery.address.recipient,
            telephone: body.delivery.address.telephone,
            address_line: body.delivery.address.address_line,
            subdistrict: body.delivery.address.subdistrict ?? null,
            district: body.delivery.address.district ?? null,
            province: body.delivery.address.province,
            post_code: body.delivery.address.post_code,
            country: 'Thailand',
          }
        : null;
    const subtotal = lines.reduce((n, l) => n + l.unitPrice * BigInt(l.qty), 0n);
    const placed = await placeOrder(
      tx,
      ctx,
      {
        memberId: seller.memberId,
        orderType: 'DROPSHIP',
        packageCode: null,
        holdPoints: false,
        lines,
        delivery: { method: body.delivery.method, address },
        shipping: shippingFee(body.delivery.method, subtotal, ctx.config.shop),
        useLvp: 0,
        usePoints: 0n,
        channel: 'COMMUNITY',
        buyerUserId: null,
        idempotency: { scope, key: input.key, hash: input.hash },
        customer: {
          name: body.customer.name,
          telephone: body.customer.telephone,
          email: body.customer.email ?? null,
        },
        guestKeyHash: sha256(key),
        paymentMethod: body.payment_method,
        takesStock: true,
      },
      when,
      input.by,
    );
    return { orderId: placed.orderId, orderNo: placed.orderNo, replayed: false, guestKey: key };
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
