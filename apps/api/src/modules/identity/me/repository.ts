import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema/identity';

export async function identityVerified(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ verified: users.isVerifiesIdentity })
    .from(users)
    .where(eq(users.id, userId));
  return !!row?.verified;
}

export async function updateUser(tx: Tx, userId: number, values: Partial<typeof users.$inferInsert>) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The user's password hash, or null when the user does not exist. */
export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row ? row.hash : null;
}

export async function setPassword(tx: Tx, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}
