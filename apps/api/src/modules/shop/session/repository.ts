import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shopLoginCodes } from '../../../db/schema/shop';

export async function insertLoginCode(
  db: Db,
  code: { codeHash: string; userId: number; sessionId: string; expiresAt: Date },
) {
  await db.insert(shopLoginCodes).values(code);
  // Spent and expired codes are worth nothing: drop this user's old ones as they go.
  await db
    .delete(shopLoginCodes)
    .where(
      and(
        eq(shopLoginCodes.userId, code.userId),
        or(
          sql`${shopLoginCodes.usedAt} is not null`,
          lt(shopLoginCodes.expiresAt, sql`now() - interval '1 hour'`),
        ),
      ),
    );
}

export type Consumed = { userId: number } | { refused: 'unknown' | 'session_ended' };

/**
 * Marks the code used and answers its user, in one statement, only while the session that asked
 * for it lives (decision 011): its refresh-token family is neither revoked nor expired, and the
 * user's access was not cut off (logout, password reset, deactivation, a change of standing) since
 * the code was made. Of two racing exchanges of the same code only one gets a row back. A refused
 * code is left as it was.
 */
export async function consumeLoginCode(db: Db, codeHash: string, now: Date): Promise<Consumed> {
  const at = now.toISOString();
  const { rows } = await db.execute<{ user_id: number | null; found: boolean; alive: boolean }>(sql`
    with c as (
      select code_hash, user_id, session_id, created_at from shop_login_codes
      where code_hash = ${codeHash} and used_at is null and expires_at > ${at}::timestamptz),
    live as (
      select c.code_hash from c
      where exists (select 1 from refresh_tokens r where r.family_id = c.session_id and r.user_id = c.user_id
          and r.revoked_at is null and r.expires_at > now())
        and not exists (select 1 from users u where u.id = c.user_id and u.tokens_valid_after >= c.created_at)),
    u as (
      update shop_login_codes set used_at = ${at}::timestamptz
      where code_hash in (select code_hash from live) and used_at is null
      returning user_id)
    select (select user_id from u) as user_id, exists (select 1 from c) as found,
      exists (select 1 from live) as alive`);
  const r = rows[0];
  if (r?.user_id != null) return { userId: Number(r.user_id) };
  return { refused: r?.found && !r.alive ? 'session_ended' : 'unknown' };
}
