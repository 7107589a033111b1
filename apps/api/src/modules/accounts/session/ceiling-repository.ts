import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';

/**
 * The per-account ceiling's rows (decision 013): consecutive failed sign-ins of an account from any
 * address (`sign_in_failures`) and the browsers that signed in to it (`known_devices`, by the
 * SHA-256 of their cookie's token). SQL only; the rules are in ceiling.ts.
 */

/** How many sign-ins of this account failed in a row (0: none since the last success or new password). */
export async function failuresOf(db: Db, account: string): Promise<number> {
  const { rows } = await db.execute<{ failures: number }>(
    sql`select failures from sign_in_failures where account = ${account}`,
  );
  return rows[0]?.failures ?? 0;
}

/** One more failure, in one statement (two processes counting at once both count). */
export async function addFailure(db: Db, account: string): Promise<void> {
  await db.execute(sql`
    insert into sign_in_failures (account, failures, last_failed_at) values (${account}, 1, now())
    on conflict (account) do update set failures = sign_in_failures.failures + 1, last_failed_at = now()`);
}

export async function clearFailures(db: Db | Tx, account: string): Promise<void> {
  await db.execute(sql`delete from sign_in_failures where account = ${account}`);
}

/** The accounts a device token has signed in to within `days` (none for an unknown token). */
export async function usersOfDevice(db: Db, tokenHash: string, days: number): Promise<number[]> {
  const { rows } = await db.execute<{ user_id: string | number }>(sql`
    select user_id from known_devices
    where token_hash = ${tokenHash} and last_seen_at > now() - make_interval(days => ${days})`);
  return rows.map((r) => Number(r.user_id));
}

/** Records (or refreshes) a device of a user, keeping the user's `keep` most recent devices. */
export async function rememberDevice(db: Db, userId: number, tokenHash: string, keep: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into known_devices (token_hash, user_id) values (${tokenHash}, ${userId})
      on conflict (token_hash, user_id) do update set last_seen_at = now()`);
    await tx.execute(sql`
      delete from known_devices where user_id = ${userId} and token_hash not in (
        select token_hash from known_devices where user_id = ${userId}
        order by last_seen_at desc limit ${keep})`);
  });
}
