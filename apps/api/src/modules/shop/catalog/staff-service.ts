import { and, eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { staffProductBody, staffProductUpdateBody } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { bundleComponents, productImages, products } from '../../../db/schema/shop';
import { baht, satang } from '@portal/plan/money';
import { AppError, validation } from '../../../lib/errors';
import { pgError, UNIQUE_VIOLATION } from '../../../lib/sql';
import { discard, promoteUpload, stageUpload, stagingKey } from '../../../lib/storage';
import { audit, type Actor } from '../audit';
import { shopErrors } from '../errors';
import { makeProductPicture, pictureKeys } from './images';
import { productsByCodes, type ProductRow } from './repository';

type CreateBody = z.output<typeof staffProductBody>;
type UpdateBody = z.output<typeof staffProductUpdateBody>;
export const MAX_PICTURES = 10;

function checkPrices(memberPrice: string, retailPrice: string) {
  if (satang(memberPrice) > satang(retailPrice))
    throw validation('member_price', 'The member price cannot be above the retail price');
}

async function lockProduct(tx: Tx, code: string): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.code, code)).for('update');
  if (!row) throw shopErrors.productNotFound();
  return row;
}

/** A bundle holds products (never packages or other bundles); its own PV counts, not theirs. */
async function setBundle(tx: Tx, bundle: ProductRow, items: { product_code: string; quantity: number }[]) {
  if (items.length === 0) throw validation('bundle_items', 'A bundle holds at least one product');
  const parts = await productsByCodes(
    tx,
    items.map((i) => i.product_code),
  );
  for (const item of items) {
    const part = parts.find((p) => p.code === item.product_code);
    if (!part || part.kind !== 'PRODUCT' || part.id === bundle.id)
      throw validation('bundle_items', `${item.product_code} is not a product that can go in a bundle`);
  }
  await tx.delete(bundleComponents).where(eq(bundleComponents.bundleId, bundle.id));
  await tx.insert(bundleComponents).values(
    items.map((i) => ({
      bundleId: bundle.id,
      componentId: parts.find((p) => p.code === i.product_code)!.id,
      qty: i.quantity,
    })),
  );
}

/** POST /staff/v1/products */
export async function createProduct(ctx: AppContext, body: CreateBody, by: Actor): Promise<string> {
  checkPrices(body.member_price, body.retail_price);
  if (body.kind === 'PRODUCT' && body.bundle_items.length > 0)
    throw validation('bundle_items', 'Only a bundle holds other products');
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          code: body.code,
          kind: body.kind,
          category: body.category,
          nameTh: body.name_th,
          nameEn: body.name_en,
          descriptionTh: body.description_th,
          descriptionEn: body.description_en,
          retailPrice: baht(satang(body.retail_price)),
          memberPrice: baht(satang(body.member_price)),
          pvPerUnit: body.pv_per_unit,
          lvpPerUnit: body.lvp_per_unit,
          stock: body.stock,
          active: body.active,
          sortOrder: body.sort_order,
        })
        .returning();
      if (body.kind === 'BUNDLE') await setBundle(tx, row!, body.bundle_items);
      await audit(tx, by, 'product_created', { productId: row!.id }, { ...body });
      return row!.code;
    });
  } catch (err) {
    if (pgError(err).code === UNIQUE_VIOLATION)
      throw new AppError(409, 'CONFLICT', `A product with the code ${body.code} exists`, {
        code: [`A product with the code ${body.code} exists`],
      });
    throw err;
  }
}

const COLUMNS = {
  category: 'category',
  name_th: 'nameTh',
  name_en: 'nameEn',
  description_th: 'descriptionTh',
  description_en: 'descriptionEn',
  retail_price: 'retailPrice',
  member_price: 'memberPrice',
  pv_per_unit: 'pvPerUnit',
  lvp_per_unit: 'lvpPerUnit',
  stock: 'stock',
  active: 'active',
  sort_order: 'sortOrder',
} as const;
/** What the plan decides for a package; staff change its texts and whether it is sold. */
const PLAN_FIELDS = [
  'category',
  'retail_price',
  'member_price',
  'pv_per_unit',
  'lvp_per_unit',
  'stock',
  'bundle_items',
];

/** PUT /staff/v1/products/{code}: the fields given change; the audit keeps each before and after. */
export async function updateProduct(ctx: AppContext, code: string, body: UpdateBody, by: Actor) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockProduct(tx, code);
    if (row.kind === 'PACKAGE') {
      const planned = PLAN_FIELDS.find((f) => (body as Record<string, unknown>)[f] !== undefined);
      if (planned) throw validation(planned, "A package's price, PV and stock come from the plan");
    }
    if (body.bundle_items !== undefined && row.kind !== 'BUNDLE')
      throw validation('bundle_items', 'Only a bundle holds other products');
    const set: Partial<typeof products.$inferInsert> = {};
    const changes: Record<string, [unknown, unknown]> = {};
    for (const [field, column] of Object.entries(COLUMNS) as [
      keyof typeof COLUMNS,
      (typeof COLUMNS)[keyof typeof COLUMNS],
    ][]) {
      let value = body[field];
      if (value === undefined) continue;
      if (field === 'retail_price' || field === 'member_price') value = baht(satang(value as string));
      if (row[column] === value) continue;
      (set as Record<string, unknown>)[column] = value;
      changes[field] = [row[column], value];
    }
    checkPrices(set.memberPrice ?? row.memberPrice, set.retailPrice ?? row.retailPrice);
    if (Object.keys(set).length > 0) {
      await tx
        .update(products)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(products.id, row.id));
    }
    if (body.bundle_items !== undefined) {
      await setBundle(tx, row, body.bundle_items);
      changes.bundle_items = [null, body.bundle_items];
    }
    if (Object.keys(changes).length > 0)
      await audit(tx, by, 'product_updated', { productId: row.id }, { code, changes });
  });
}

/** A picture checked by its bytes, re-encoded, staged, its row committed, then moved into place. */
export async function addPicture(ctx: AppContext, code: string, data: Buffer, by: Actor) {
  const picture = await makeProductPicture(data, ctx.config.uploadMaxBytes);
  const keys = pictureKeys(picture.ext);
  await stageUpload(ctx.storage, keys.original, picture.original);
  try {
    await stageUpload(ctx.storage, keys.thumbnail, picture.thumbnail);
    await ctx.db.transaction(async (tx) => {
      const row = await lockProduct(tx, code);
      const [{ n, last } = { n: 0, last: null }] = await tx
        .select({ n: sql<number>`count(*)::int`, last: max(productImages.position) })
        .from(productImages)
        .where(eq(productImages.productId, row.id));
      if (n >= MAX_PICTURES)
        throw validation('file', `A product has at most ${MAX_PICTURES} pictures; remove one first`);
      const [image] = await tx
        .insert(productImages)
        .values({
          productId: row.id,
          storageKey: keys.original,
          thumbnailKey: keys.thumbnail,
          position: (last ?? -1) + 1,
        })
        .returning({ id: productImages.id });
      await audit(tx, by, 'picture_added', { productId: row.id }, { code, image_id: image!.id });
    });
  } catch (err) {
    await discard(ctx.storage, [stagingKey(keys.original), stagingKey(keys.thumbnail)]);
    throw err;
  }
  await promoteUpload(ctx.storage, keys.original);
  await promoteUpload(ctx.storage, keys.thumbnail);
}

export async function removePicture(ctx: AppContext, code: string, imageId: number, by: Actor) {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await lockProduct(tx, code);
    const [image] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, row.id)))
      .returning();
    if (!image) throw shopErrors.productNotFound();
    await audit(tx, by, 'picture_removed', { productId: row.id }, { code, image_id: imageId });
    return image;
  });
  // After the commit: a failed delete leaves a file no row references, which the start-up sweep removes.
  await discard(ctx.storage, [removed.storageKey, removed.thumbnailKey]);
}
