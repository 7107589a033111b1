import { and, eq } from 'drizzle-orm';
import type { PackageOffers } from '@portal/contracts/shop';
import type { Db, Tx } from '../../../db/client';
import { products } from '../../../db/schema/shop';
import { baht, type Satang } from '@portal/plan/money';
import type { AppContext } from '../../../context';
import { PlanRuleError, planFor, type Plan } from '../../../compensation/plan';
import { packagesAsOf } from '../../../compensation/standing';
import { memberIdOfUser } from '../../accounts';
import type { CatalogView } from '../catalog/service';
import { shopNow } from '../clock';
import { pick } from '../language';
import type { Moment } from '@portal/plan/dates';

export interface PackageChoice {
  orderType: 'PACKAGE' | 'UPGRADE';
  packageCode: string;
  /** What the member pays: the price, or the difference for an upgrade (plan 1.1). */
  price: Satang;
  pv: number;
}

/** The package in force for the member today (the engine's rule: paid and not canceled). */
export async function currentPackage(db: Db | Tx, memberId: number, date: string): Promise<string | null> {
  return (await packagesAsOf(db, [memberId], date)).get(memberId) ?? null;
}

/** A first package, or an upgrade sold as the difference in price and PV; anything else breaks the plan. */
export function packageChoice(plan: Plan, current: string | null, target: string): PackageChoice {
  const to = plan.packages.get(target);
  if (!to) throw new PlanRuleError(`the plan has no package ${target}`);
  if (!current) return { orderType: 'PACKAGE', packageCode: target, price: to.price, pv: to.pv };
  const from = plan.packages.get(current);
  if (!from || to.rank <= from.rank) {
    throw new PlanRuleError(`${target} is not an upgrade of your package ${current}`);
  }
  return { orderType: 'UPGRADE', packageCode: target, price: to.price - from.price, pv: to.pv - from.pv };
}

/** GET /shop/v1/me/packages */
export async function packageOffersOf(
  db: Db,
  userId: number,
  view: CatalogView,
  now: Moment,
): Promise<PackageOffers> {
  const memberId = await memberIdOfUser(db, userId);
  const current = memberId ? await currentPackage(db, memberId, now.date) : null;
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.kind, 'PACKAGE'), eq(products.active, true)));
  const offers = [...view.plan.packages.values()].flatMap((terms) => {
    const row = rows.find((r) => r.packageCode === terms.code);
    if (!row) return [];
    let choice: PackageChoice | null = null;
    try {
      choice = memberId ? packageChoice(view.plan, current, terms.code) : null;
    } catch {
      choice = null;
    }
    return [
      {
        code: terms.code,
        product_code: row.code,
        name: pick(view.lang, row.nameTh, row.nameEn),
        price: baht(terms.price),
        pv: terms.pv,
        price_to_pay: choice ? baht(choice.price) : null,
        pv_to_get: choice?.pv ?? null,
        order_type: choice?.orderType ?? null,
      },
    ];
  });
  return { current, packages: offers };
}

const PACKAGE_NAMES: Record<string, { th: string; en: string }> = {
  STARTER: { th: 'แพ็กเกจสตาร์ทเตอร์', en: 'Starter package' },
  SILVER: { th: 'แพ็กเกจซิลเวอร์', en: 'Silver package' },
  GOLD: { th: 'แพ็กเกจโกลด์', en: 'Gold package' },
  PLATINUM: { th: 'แพ็กเกจแพลทินัม', en: 'Platinum package' },
};

/**
 * Every package of the plan is a product of kind PACKAGE (code `PKG-<code>`); missing ones are
 * added, existing ones left as staff edited them. Their price and PV are always the plan's.
 */
export async function ensurePackageProducts(db: Db | Tx, plan: Plan): Promise<void> {
  let order = 0;
  for (const terms of plan.packages.values()) {
    const names = PACKAGE_NAMES[terms.code] ?? { th: `แพ็กเกจ ${terms.code}`, en: `${terms.code} package` };
    await db
      .insert(products)
      .values({
        code: `PKG-${terms.code}`,
        kind: 'PACKAGE',
        category: 'package',
        nameTh: names.th,
        nameEn: names.en,
        // The price and PV are shown beside it, formatted in the reader's language: not repeated here.
        descriptionTh: 'แพ็กเกจธุรกิจพร้อมชุดผลิตภัณฑ์เริ่มต้น',
        descriptionEn: 'Business package with a starter set of products',
        retailPrice: baht(terms.price),
        memberPrice: baht(terms.price),
        pvPerUnit: terms.pv,
        lvpPerUnit: 0,
        stock: null,
        packageCode: terms.code,
        sortOrder: ++order,
      })
      .onConflictDoNothing();
  }
}

/** At start-up: every package of today's plan is sold as a product of its own kind. */
export async function preparePackageProducts(ctx: AppContext): Promise<void> {
  await ensurePackageProducts(ctx.db, await planFor(ctx.db, (await shopNow(ctx)).date));
}
