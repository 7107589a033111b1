import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { cartItems, products } from '../../../db/schema/shop';
import type { ProductRow } from '../catalog/repository';

export interface CartLine {
  product: ProductRow;
  quantity: number;
}

/** The cart's lines; `lock` holds them until the checkout that reads them commits. */
export async function cartLines(db: Db | Tx, userId: number, lock = false): Promise<CartLine[]> {
  const query = db
    .select({ product: products, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(products.code));
  return lock ? query.for('update', { of: cartItems }) : query;
}

/** Adds to the line (or starts it); the new quantity. */
export async function addToCart(
  db: Db | Tx,
  userId: number,
  productId: number,
  qty: number,
): Promise<number> {
  const { rows } = await db.execute<{ quantity: number }>(sql`
    insert into cart_items (user_id, product_id, quantity) values (${userId}, ${productId}, ${qty})
    on conflict (user_id, product_id) do update
      set quantity = least(cart_items.quantity + excluded.quantity, 999), updated_at = now()
    returning quantity`);
  return rows[0]!.quantity;
}

export async function setCartQuantity(db: Db | Tx, userId: number, productId: number, qty: number) {
  const rows = await db
    .update(cartItems)
    .set({ quantity: qty, updatedAt: new Date() })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .returning({ quantity: cartItems.quantity });
  return rows.length > 0;
}

export async function removeFromCart(db: Db | Tx, userId: number, productId: number) {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .returning({ productId: cartItems.productId });
  return rows.length > 0;
}

/** Drops the package lines of a cart (a cart holds one package at most). */
export async function removePackages(db: Db | Tx, userId: number) {
  await db.execute(sql`
    delete from cart_items c using products p
    where c.user_id = ${userId} and p.id = c.product_id and p.kind = 'PACKAGE'`);
}

export async function clearCart(tx: Tx, userId: number) {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
}
