import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { verifications } from '../../../db/schema/identity';
import { otpCode, refCode, sha256, urlToken } from '../../../lib/random';

export type VerificationRow = typeof verifications.$inferSelect;
export type Purpose = 'onboarding' | 'reset-password' | 'change-email' | 'change-mobile';

export interface Created {
  row: VerificationRow;
  code: string;
  token: string | null;
}

/** Kills every live code for the target and purpose, then stores a fresh one (hashed). */
export async function createVerification(
  db: Db | Tx,
  p: {
    userId: number | null;
    purpose: Purpose;
    channel: 'sms' | 'email';
    target: string;
    ttlSeconds: number;
    withToken?: boolean;
  },
): Promise<Created> {
  const code = otpCode();
  const token = p.withToken ? urlToken(32) : null;
  const row = await db.transaction(async (tx) => {
    await tx
      .update(verifications)
      .set({ killedAt: new Date() })
      .where(
        and(
          eq(verifications.target, p.target),
          eq(verifications.purpose, p.purpose),
          isNull(verifications.usedAt),
          isNull(verifications.killedAt),
        ),
      );
    const [created] = await tx
      .insert(verifications)
      .values({
        userId: p.userId,
        purpose: p.purpose,
        channel: p.channel,
        target: p.target,
        codeHash: sha256(code),
        tokenHash: token ? sha256(token) : null,
        refCode: refCode(),
        expiresAt: new Date(Date.now() + p.ttlSeconds * 1000),
      })
      .returning();
    return created!;
  });
  return { row, code, token };
}

/** The newest code sent to the target for the purpose, if it is younger than `seconds`. */
export async function recentVerification(db: Db, target: string, purpose: Purpose, seconds: number) {
  const [row] = await db
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.target, target),
        eq(verifications.purpose, purpose),
        gt(verifications.createdAt, new Date(Date.now() - seconds * 1000)),
      ),
    )
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return row ?? null;
}

export const findVerification = async (db: Db | Tx, id: string) =>
  (await db.select().from(verifications).where(eq(verifications.id, id)))[0] ?? null;

export const findByToken = async (db: Db | Tx, token: string) =>
  (
    await db
      .select()
      .from(verifications)
      .where(eq(verifications.tokenHash, sha256(token)))
  )[0] ?? null;

export const isLive = (row: VerificationRow) =>
  !row.usedAt && !row.killedAt && row.expiresAt.getTime() > Date.now();

export type CodeCheck = 'ok' | 'wrong' | 'dead';

/**
 * Counts the try before comparing, atomically, so parallel guesses cannot exceed the limit;
 * the try that reaches the limit kills the code.
 */
export async function checkCode(
  db: Db | Tx,
  row: VerificationRow,
  code: string,
  maxAttempts: number,
): Promise<CodeCheck> {
  const [counted] = await db
    .update(verifications)
    .set({ attempts: sql`${verifications.attempts} + 1` })
    .where(
      and(
        eq(verifications.id, row.id),
        isNull(verifications.usedAt),
        isNull(verifications.killedAt),
        sql`${verifications.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ attempts: verifications.attempts });
  if (!counted) return 'dead';
  const a = Buffer.from(sha256(code));
  const b = Buffer.from(row.codeHash ?? '');
  const right = row.userId !== null && a.length === b.length && timingSafeEqual(a, b);
  if (right) return 'ok';
  if (counted.attempts >= maxAttempts) {
    await db.update(verifications).set({ killedAt: new Date() }).where(eq(verifications.id, row.id));
  }
  return 'wrong';
}

/** Single use: only the first caller gets true. */
export async function markUsed(db: Db | Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(verifications)
    .set({ usedAt: new Date() })
    .where(and(eq(verifications.id, id), isNull(verifications.usedAt), isNull(verifications.killedAt)))
    .returning({ id: verifications.id });
  return rows.length > 0;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${shown}${'*'.repeat(Math.max(3, local.length - shown.length))}@${domain}`;
}

export const maskMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-3)}`;
