import type { Cart, CartItem, CartUnavailableReason } from '@portal/contracts/shop';
import type { Db } from '../../../db/client';
import { baht, satang } from '@portal/plan/money';
import { AppError } from '../../../lib/errors';
import { memberIdOfUser } from '../../accounts';
import { imagesOf, productByCode } from '../catalog/repository';
import { imageUrl, priceOf, type CatalogView } from '../catalog/service';
import { currentPackage, packageChoice } from '../checkout/packages';
import { pick } from '../language';
import { shopErrors } from '../errors';
import {
  addToCart,
  cartLines,
  removeFromCart,
  removePackages,
  setCartQuantity,
  type CartLine,
} from './repository';
import type { Moment } from '@portal/plan/dates';

/**
 * The cart as the member sees it: member prices, a package at the price the member would pay now
 * (the difference for an upgrade), and whether each line can be bought as it stands.
 */
export async function cartOf(db: Db, userId: number, view: CatalogView, now: Moment): Promise<Cart> {
  const lines = await cartLines(db, userId);
  const images = await imagesOf(
    db,
    lines.map((l) => l.product.id),
  );
  const hasPackage = lines.some((l) => l.product.kind === 'PACKAGE');
  const memberId = hasPackage ? await memberIdOfUser(db, userId) : null;
  const current = memberId ? await currentPackage(db, memberId, now.date) : null;

  const items: CartItem[] = lines.map(({ product: p, quantity }) => {
    const price = priceOf(p, view.plan);
    let unit = price ? satang(price.member) : 0n;
    let pv = price?.pv ?? 0;
    let reason: CartUnavailableReason | null = price !== null && p.active ? null : 'not_sold';
    if (p.kind === 'PACKAGE' && p.packageCode) {
      try {
        const choice = packageChoice(view.plan, current, p.packageCode);
        unit = choice.price;
        pv = choice.pv;
      } catch {
        reason ??= 'not_an_upgrade';
      }
    }
    if (p.stock !== null && p.stock < quantity) reason ??= 'out_of_stock';
    const thumbnail = images.get(p.id)?.[0]?.thumbnailKey;
    return {
      product_code: p.code,
      kind: p.kind as CartItem['kind'],
      name: pick(view.lang, p.nameTh, p.nameEn),
      image: thumbnail ? imageUrl(thumbnail) : null,
      quantity,
      unit_price: baht(unit),
      line_total: baht(unit * BigInt(quantity)),
      pv_per_unit: pv,
      lvp_per_unit: price?.lvp ?? 0,
      stock: p.stock,
      available: reason === null,
      unavailable_reason: reason,
    };
  });
  return {
    items,
    total_quantity: items.reduce((n, i) => n + i.quantity, 0),
    subtotal: baht(items.reduce((n, i) => n + satang(i.line_total), 0n)),
    pv_total: items.reduce((n, i) => n + i.pv_per_unit * i.quantity, 0),
    lvp_total: items.reduce((n, i) => n + i.lvp_per_unit * i.quantity, 0),
    package_with_products: hasPackage && items.length > 1,
  };
}

async function buyable(db: Db, code: string) {
  const product = await productByCode(db, code);
  if (!product || !product.active) throw shopErrors.unavailable(code);
  return product;
}

function checkQuantity(line: Pick<CartLine, 'product'>, quantity: number) {
  const p = line.product;
  if (p.kind === 'PACKAGE' && quantity > 1) {
    throw new AppError(422, 'VALIDATION_ERROR', 'A package is bought one at a time', {
      quantity: ['A package is bought one at a time'],
    });
  }
  if (p.stock !== null && quantity > p.stock) throw shopErrors.outOfStock(p.code, p.stock);
}

/** POST /shop/v1/cart/items: adds to the line; a package replaces the package already in the cart. */
export async function addItem(db: Db, userId: number, code: string, quantity: number) {
  const product = await buyable(db, code);
  const existing = (await cartLines(db, userId)).find((l) => l.product.id === product.id);
  checkQuantity({ product }, (existing?.quantity ?? 0) + quantity);
  if (product.kind === 'PACKAGE' && !existing) await removePackages(db, userId);
  await addToCart(db, userId, product.id, quantity);
}

/** PUT /shop/v1/cart/items/{productCode}: sets the quantity of a line that is in the cart. */
export async function setItem(db: Db, userId: number, code: string, quantity: number) {
  const product = await productByCode(db, code);
  if (!product) throw shopErrors.productNotFound();
  checkQuantity({ product }, quantity);
  if (!(await setCartQuantity(db, userId, product.id, quantity))) throw shopErrors.productNotFound();
}

/** DELETE /shop/v1/cart/items/{productCode} */
export async function removeItem(db: Db, userId: number, code: string) {
  const product = await productByCode(db, code);
  if (!product || !(await removeFromCart(db, userId, product.id))) throw shopErrors.productNotFound();
}
