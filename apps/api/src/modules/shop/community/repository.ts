import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema/identity';
import { members } from '../../../db/schema/network';
import { products, sellingPrices } from '../../../db/schema/shop';

export interface Seller {
  memberId: number;
  userId: number;
  memberCode: string;
  memberUuid: string;
  firstName: string;
  lastName: string;
  invitationCode: string;
}

const sellerColumns = {
  memberId: members.id,
  userId: users.id,
  memberCode: members.memberCode,
  memberUuid: members.memberUuid,
  firstName: users.firstName,
  lastName: users.lastName,
  invitationCode: users.invitationCode,
};

/** The member whose community shop this is: an active account's invitation code. */
export async function sellerByShopCode(db: Db | Tx, code: string): Promise<Seller | null> {
  const [row] = await db
    .select(sellerColumns)
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(
      sql`${users.invitationCode} = ${code.toUpperCase()} and ${users.isActive} and ${users.deletedAt} is null`,
    );
  return (row as Seller | undefined) ?? null;
}

export async function sellerByUuid(db: Db | Tx, uuid: string): Promise<Seller | null> {
  const [row] = await db
    .select(sellerColumns)
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.memberUuid, uuid));
  return (row as Seller | undefined) ?? null;
}

/** Products a community shop sells: active products and bundles (packages are the members' own business). */
export const sellable = and(eq(products.active, true), inArray(products.kind, ['PRODUCT', 'BUNDLE']));

export async function sellableProducts(db: Db | Tx, limit: number, offset: number, category?: string) {
  const where = and(sellable, category ? eq(products.category, category) : undefined);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.sortOrder), asc(products.code))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total };
}

export async function setSellingPrice(db: Db | Tx, memberId: number, productId: number, price: string) {
  await db
    .insert(sellingPrices)
    .values({ memberId, productId, price })
    .onConflictDoUpdate({
      target: [sellingPrices.memberId, sellingPrices.productId],
      set: { price, updatedAt: new Date() },
    });
}

export async function clearSellingPrice(db: Db | Tx, memberId: number, productId: number) {
  await db
    .delete(sellingPrices)
    .where(and(eq(sellingPrices.memberId, memberId), eq(sellingPrices.productId, productId)));
}
