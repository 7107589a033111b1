import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
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
