import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { bundleComponents, productImages, products } from '../../../db/schema/shop';
import { containsPattern } from '../../../lib/sql';

export type ProductRow = typeof products.$inferSelect;
export interface ImageRow {
  id: number;
  storageKey: string;
  thumbnailKey: string;
}
export interface BundlePart {
  code: string;
  nameTh: string;
  nameEn: string;
  qty: number;
}

export interface ProductFilter {
  q?: string | undefined;
  category?: string | undefined;
  kind?: string | undefined;
  active?: boolean | undefined;
  limit: number;
  offset: number;
}

export async function findProducts(db: Db | Tx, f: ProductFilter) {
  const pattern = f.q ? containsPattern(f.q) : null;
  const where: SQL | undefined = and(
    f.active === undefined ? undefined : eq(products.active, f.active),
    f.category ? eq(products.category, f.category) : undefined,
    f.kind ? eq(products.kind, f.kind) : undefined,
    pattern
      ? or(ilike(products.nameTh, pattern), ilike(products.nameEn, pattern), ilike(products.code, pattern))
      : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.sortOrder), asc(products.code))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total };
}

export async function productByCode(db: Db | Tx, code: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.code, code));
  return row ?? null;
}

export async function productsByCodes(db: Db | Tx, codes: string[]): Promise<ProductRow[]> {
  if (codes.length === 0) return [];
  return db.select().from(products).where(inArray(products.code, codes));
}

export async function imagesOf(db: Db | Tx, productIds: number[]): Promise<Map<number, ImageRow[]>> {
  const out = new Map<number, ImageRow[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({
      productId: productImages.productId,
      id: productImages.id,
      storageKey: productImages.storageKey,
      thumbnailKey: productImages.thumbnailKey,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.position), asc(productImages.id));
  for (const { productId, ...image } of rows) {
    const list = out.get(productId) ?? [];
    list.push(image);
    out.set(productId, list);
  }
  return out;
}

export async function bundlePartsOf(db: Db | Tx, bundleIds: number[]): Promise<Map<number, BundlePart[]>> {
  const out = new Map<number, BundlePart[]>();
  if (bundleIds.length === 0) return out;
  const rows = await db
    .select({
      bundleId: bundleComponents.bundleId,
      code: products.code,
      nameTh: products.nameTh,
      nameEn: products.nameEn,
      qty: bundleComponents.qty,
    })
    .from(bundleComponents)
    .innerJoin(products, eq(products.id, bundleComponents.componentId))
    .where(inArray(bundleComponents.bundleId, bundleIds))
    .orderBy(asc(products.code));
  for (const { bundleId, ...part } of rows) {
    const list = out.get(bundleId) ?? [];
    list.push(part);
    out.set(bundleId, list);
  }
  return out;
}

/**
 * Takes `qty` units off the shelf only if they are there (never oversells: concurrent takers wait
 * on the row and see what the first left). Null when there were not enough; the units left otherwise.
 */
export async function takeStock(
  tx: Tx,
  productId: number,
  qty: number,
): Promise<number | null | 'uncounted'> {
  const { rows } = await tx.execute<{ stock: number | null }>(sql`
    update products set stock = stock - ${qty}, updated_at = now()
    where id = ${productId} and (stock is null or stock >= ${qty}) returning stock`);
  if (!rows[0]) return null;
  return rows[0].stock ?? 'uncounted';
}

export async function returnStock(tx: Tx, productId: number, qty: number) {
  await tx.execute(sql`
    update products set stock = stock + ${qty}, updated_at = now() where id = ${productId} and stock is not null`);
}

export async function stockOf(db: Db | Tx, productId: number): Promise<number | null> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? null;
}
