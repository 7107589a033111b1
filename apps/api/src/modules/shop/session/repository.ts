import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shopLoginCodes } from '../../../db/schema/shop';

export async function insertLoginCode(db: Db, codeHash: string, userId: number, expiresAt: Date) {
  await db.insert(shopLoginCodes).values({ codeHash, userId, expiresAt });
  // Spent and expired codes are worth nothing: drop this user's old ones as they go.
  await db
    .delete(shopLoginCodes)
    .where(
      and(
        eq(shopLoginCodes.userId, userId),
        or(
          sql`${shopLoginCodes.usedAt} is not null`,
          lt(shopLoginCodes.expiresAt, sql`now() - interval '1 hour'`),
        ),
      ),
    );
}

/**
 * Marks the code used and answers its user, in one statement: of two racing exchanges of the same
 * code only one gets a row back. An unknown, used or expired code answers null.
 */
export async function consumeLoginCode(db: Db, codeHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(shopLoginCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(shopLoginCodes.codeHash, codeHash),
        isNull(shopLoginCodes.usedAt),
        gt(shopLoginCodes.expiresAt, now),
      ),
    )
    .returning({ userId: shopLoginCodes.userId });
  return row?.userId ?? null;
}
