import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { passkeyChallenges, passkeys } from '../../../db/schema/passkeys';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'register' | 'authenticate';

/** A new challenge row (expired ones are swept first, so the table holds only live ceremonies). */
export async function insertChallenge(
  db: Db | Tx,
  c: { userId: number | null; purpose: ChallengePurpose; challenge: string; expiresAt: Date },
): Promise<string> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`));
  const [row] = await db
    .insert(passkeyChallenges)
    .values({ userId: c.userId, purpose: c.purpose, challenge: c.challenge, expiresAt: c.expiresAt })
    .returning({ id: passkeyChallenges.id });
  return row!.id;
}

/** Takes a live challenge once: deleted whether the answer then passes or not. */
export async function takeChallenge(
  db: Db | Tx,
  id: string,
  purpose: ChallengePurpose,
): Promise<{ userId: number | null; challenge: string } | null> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.id, id),
        eq(passkeyChallenges.purpose, purpose),
        sql`${passkeyChallenges.expiresAt} > now()`,
      ),
    )
    .returning({ userId: passkeyChallenges.userId, challenge: passkeyChallenges.challenge });
  return row ?? null;
}

export async function passkeysOfUser(db: Db | Tx, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.id));
}

export async function passkeyByCredential(db: Db | Tx, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

export async function insertPasskey(db: Db | Tx, p: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(p).returning();
  return row!;
}

/** After a sign-in: the authenticator's new signature count and the time. */
export async function markUsed(db: Db | Tx, id: number, counter: number): Promise<void> {
  await db
    .update(passkeys)
    .set({ counter, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, id));
}

export async function deletePasskey(db: Db | Tx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
