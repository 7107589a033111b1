import type { Page } from '@portal/contracts/envelope';
import { pageAnswer } from '@portal/contracts/envelope';
import type { BundleItem, Product, ProductCategory, ProductKind } from '@portal/contracts/shop';
import type { Db, Tx } from '../../../db/client';
import { baht } from '@portal/plan/money';
import type { Plan } from '../../../compensation/plan';
import { pick, type Lang } from '../language';
import { shopErrors } from '../errors';
import { IMAGE_PATH } from './images';
import {
  bundlePartsOf,
  findProducts,
  imagesOf,
  productByCode,
  type BundlePart,
  type ImageRow,
  type ProductRow,
} from './repository';

/** Who looks: visitors see retail prices only; members also member prices and PV; staff everything. */
export type Audience = 'visitor' | 'member' | 'staff';
export interface CatalogView {
  lang: Lang;
  audience: Audience;
  /** The plan in force today: packages are priced by it. */
  plan: Plan;
}

export const imageUrl = (key: string) => `${IMAGE_PATH}${key.slice(key.indexOf('/') + 1)}`;

export const bundleItems = (parts: BundlePart[] | undefined, lang: Lang): BundleItem[] =>
  (parts ?? []).map((p) => ({ code: p.code, name: pick(lang, p.nameTh, p.nameEn), quantity: p.qty }));

/** A package's price and PV come from the plan, whatever the row says; null when the plan has no such package. */
export function priceOf(row: ProductRow, plan: Plan) {
  if (row.kind !== 'PACKAGE') {
    return { retail: row.retailPrice, member: row.memberPrice, pv: row.pvPerUnit, lvp: row.lvpPerUnit };
  }
  const terms = row.packageCode ? plan.packages.get(row.packageCode) : undefined;
  if (!terms) return null;
  return { retail: baht(terms.price), member: baht(terms.price), pv: terms.pv, lvp: 0 };
}

export function toProduct(
  row: ProductRow,
  images: ImageRow[] | undefined,
  parts: BundlePart[] | undefined,
  view: CatalogView,
): Product {
  const price = priceOf(row, view.plan);
  const insider = view.audience !== 'visitor';
  return {
    code: row.code,
    kind: row.kind as ProductKind,
    category: row.category as ProductCategory,
    name: pick(view.lang, row.nameTh, row.nameEn),
    name_th: row.nameTh,
    name_en: row.nameEn,
    description: pick(view.lang, row.descriptionTh, row.descriptionEn),
    description_th: row.descriptionTh,
    description_en: row.descriptionEn,
    images: (images ?? []).map((i) => ({
      id: i.id,
      url: imageUrl(i.storageKey),
      thumbnail_url: imageUrl(i.thumbnailKey),
    })),
    retail_price: price?.retail ?? row.retailPrice,
    member_price: insider ? (price?.member ?? row.memberPrice) : null,
    pv_per_unit: insider ? (price?.pv ?? row.pvPerUnit) : null,
    lvp_per_unit: insider ? (price?.lvp ?? row.lvpPerUnit) : null,
    stock: row.stock,
    in_stock: row.stock === null || row.stock > 0,
    active: row.active && price !== null,
    package_code: row.packageCode,
    bundle_items: bundleItems(parts, view.lang),
  };
}

/** Products with their pictures and bundle parts, in two more queries for the whole list. */
export async function withDetails(db: Db | Tx, rows: ProductRow[], view: CatalogView): Promise<Product[]> {
  const ids = rows.map((r) => r.id);
  const [images, parts] = await Promise.all([
    imagesOf(db, ids),
    bundlePartsOf(
      db,
      rows.filter((r) => r.kind === 'BUNDLE').map((r) => r.id),
    ),
  ]);
  return rows.map((r) => toProduct(r, images.get(r.id), parts.get(r.id), view));
}

export interface CatalogQuery {
  q?: string | undefined;
  category?: string | undefined;
  kind?: string | undefined;
  active?: boolean | undefined;
  page: number;
  per_page: number;
}

/** GET /shop/v1/products: active products only, unless staff ask for all. */
export async function listCatalog(db: Db, query: CatalogQuery, view: CatalogView): Promise<Page<Product>> {
  const { rows, total } = await findProducts(db, {
    q: query.q,
    category: query.category,
    kind: query.kind,
    active: view.audience === 'staff' ? query.active : true,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return pageAnswer(await withDetails(db, rows, view), total, query);
}

/** GET /shop/v1/products/{code}: an inactive product is not found (staff see it). */
export async function productDetail(db: Db, code: string, view: CatalogView): Promise<Product> {
  const row = await productByCode(db, code);
  if (!row || (!row.active && view.audience !== 'staff')) throw shopErrors.productNotFound();
  const [product] = await withDetails(db, [row], view);
  return product!;
}
