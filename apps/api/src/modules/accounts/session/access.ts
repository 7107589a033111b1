import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import type { RevocationStore } from '../../../lib/revocations';

/**
 * Ending access tokens before they expire (decision 011). The database keeps what was ended
 * (revoked refresh-token families, `users.tokens_valid_after`) so a restart reloads it; the
 * revocation store is what every request checks.
 */

/** How long a revocation must be remembered: as long as an access token lives, plus clock slack. */
export const revocationTtlMs = (ctx: Pick<AppContext, 'config'>) => (ctx.config.accessTokenTtl + 60) * 1000;

/** The sessions (refresh-token families) end: their access tokens stop working now. */
export async function endSessions(ctx: AppContext, familyIds: readonly string[]): Promise<void> {
  if (familyIds.length > 0) await ctx.revocations.revokeSessions(familyIds, revocationTtlMs(ctx));
}

/** Marks, in the caller's transaction, that the users' current access tokens are over. */
export async function stampTokensValidAfter(db: Db | Tx, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(
    sql`update users set tokens_valid_after = now() where id = any(${sql.param([...userIds])}::bigint[])`,
  );
}

/**
 * Every access token the users hold stops working now (logout everywhere, deactivation, a change of
 * standing); a refresh, where the session still lives, gives a token with the new standing.
 */
export async function endUserAccess(
  ctx: AppContext,
  userIds: readonly number[],
  tx: Db | Tx = ctx.db,
): Promise<void> {
  await stampTokensValidAfter(tx, userIds);
  await endAccessStamped(ctx, userIds);
}

/** For users already stamped in the database (by a job's transaction): end their tokens in the store. */
export async function endAccessStamped(
  ctx: Pick<AppContext, 'config' | 'revocations'>,
  userIds: readonly number[],
): Promise<void> {
  const at = Date.now();
  for (const id of userIds) await ctx.revocations.revokeUserBefore(id, at, revocationTtlMs(ctx));
}

/** At start: what was ended within an access token's lifetime is ended again in the store. */
export async function loadRevocations(db: Db, store: RevocationStore, ttlMs: number): Promise<void> {
  const since = sql`now() - make_interval(secs => ${ttlMs / 1000})`;
  const families = await db.execute<{ family_id: string }>(
    sql`select distinct family_id from refresh_tokens where revoked_at > ${since}`,
  );
  await store.revokeSessions(
    families.rows.map((r) => r.family_id),
    ttlMs,
  );
  const users = await db.execute<{ id: number; at: string }>(
    sql`select id, (extract(epoch from tokens_valid_after) * 1000)::bigint::text as at from users where tokens_valid_after > ${since}`,
  );
  for (const u of users.rows) await store.revokeUserBefore(Number(u.id), Number(u.at), ttlMs);
}
