import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { refreshTokens } from '../../../db/schema/identity';
import { sha256, urlToken } from '../../../lib/random';

export interface IssuedRefresh {
  token: string;
  familyId: string;
}

export async function issueRefreshToken(
  db: Db | Tx,
  p: {
    userId: number;
    clientId: string;
    ttlSeconds: number;
    familyId?: string;
    userAgent?: string;
    ip?: string;
  },
): Promise<IssuedRefresh> {
  const token = urlToken(32);
  const familyId = p.familyId ?? randomUUID();
  await db.insert(refreshTokens).values({
    userId: p.userId,
    familyId,
    tokenHash: sha256(token),
    clientId: p.clientId,
    userAgent: p.userAgent?.slice(0, 300),
    ip: p.ip,
    expiresAt: new Date(Date.now() + p.ttlSeconds * 1000),
  });
  return { token, familyId };
}

export type RotateResult =
  | { ok: true; userId: number; familyId: string; clientId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }
  | { ok: false; reason: 'reused'; familyId: string };

/**
 * Marks a refresh token used, once. A token seen a second time means it was stolen or replayed:
 * the whole family (every token of that sign-in) is revoked.
 */
export async function consumeRefreshToken(db: Db, token: string, clientId: string): Promise<RotateResult> {
  const hash = sha256(token);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash))
      .for('update');
    // A token presented by another client is treated as unknown and left untouched, so a confused
    // client cannot burn the real one's token and make its next refresh look like a replay.
    if (!row || row.clientId !== clientId) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (row.usedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { ok: false, reason: 'reused', familyId: row.familyId } as const;
    }
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    return { ok: true, userId: row.userId, familyId: row.familyId, clientId: row.clientId } as const;
  });
}

/**
 * Revokes every live refresh token of the user, except those of `keepFamily` when given, and
 * answers the families (sign-in sessions) it ended, whose access tokens must end too (access.ts).
 */
export async function revokeUserSessions(
  db: Db | Tx,
  userId: number,
  keepFamily?: string,
): Promise<string[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamily ? ne(refreshTokens.familyId, keepFamily) : undefined,
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((r) => r.familyId))];
}

export async function familyOf(db: Db | Tx, token: string): Promise<string | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  return row?.familyId ?? null;
}

/** The user's signed-in devices: one per refresh-token family still alive, the newest first. */
export async function liveFamilies(db: Db, userId: number) {
  const { rows } = await db.execute<{
    family_id: string;
    user_agent: string | null;
    ip: string | null;
    signed_in_at: Date;
    last_active_at: Date;
  }>(sql`
    select family_id, (array_agg(user_agent order by created_at desc))[1] as user_agent,
      (array_agg(ip order by created_at desc))[1] as ip,
      min(created_at) as signed_in_at, max(created_at) as last_active_at
    from refresh_tokens
    where user_id = ${userId}
    group by family_id
    having bool_or(revoked_at is null and used_at is null and expires_at > now())
    order by max(created_at) desc`);
  return rows;
}

/** Revokes every live family of the user but `keepFamilyId`; answers the families revoked. */
export async function revokeOtherFamilies(db: Db, userId: number, keepFamilyId: string): Promise<string[]> {
  const { rows } = await db.execute<{ family_id: string }>(sql`
    update refresh_tokens set revoked_at = now()
    where user_id = ${userId} and family_id::text <> ${keepFamilyId} and revoked_at is null
    returning family_id`);
  return [...new Set(rows.map((r) => r.family_id))];
}

/** Ends one family of the user's refresh tokens; false when it is not theirs or already ended. */
export async function revokeFamily(db: Db, userId: number, familyId: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`
    update refresh_tokens set revoked_at = now()
    where user_id = ${userId} and family_id = ${familyId}::uuid and revoked_at is null
    returning id`);
  return rows.length > 0;
}
