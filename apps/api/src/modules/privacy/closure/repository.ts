import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema/identity';
import { members } from '../../../db/schema/network';
import { closureRequests } from '../../../db/schema/privacy';

export type ClosureRow = typeof closureRequests.$inferSelect;

export async function latestRequest(db: Db | Tx, userId: number): Promise<ClosureRow | null> {
  const [row] = await db
    .select()
    .from(closureRequests)
    .where(eq(closureRequests.userId, userId))
    .orderBy(desc(closureRequests.requestedAt), desc(closureRequests.id))
    .limit(1);
  return row ?? null;
}

export async function insertRequest(db: Db | Tx, userId: number, reason: string | null) {
  const [row] = await db
    .insert(closureRequests)
    .values({
      userId,
      reason,
      memberCode: sql`(select member_code from ${members} where ${members.userId} = ${userId})`,
    })
    .returning();
  return row!;
}

export async function lockRequest(tx: Tx, id: number): Promise<ClosureRow | null> {
  const [row] = await tx.select().from(closureRequests).where(eq(closureRequests.id, id)).for('update');
  return row ?? null;
}

export async function decideRequest(
  tx: Tx,
  id: number,
  decision: { state: 'approved' | 'rejected'; by: number; note: string | null },
) {
  await tx
    .update(closureRequests)
    .set({
      state: decision.state,
      decidedBy: decision.by,
      decidedAt: sql`now()`,
      decisionNote: decision.note,
    })
    .where(eq(closureRequests.id, id));
}

const staffName = sql<string | null>`(select s.first_name || ' ' || s.last_name from ${users} s
  where s.id = ${closureRequests.decidedBy})`;

export async function requestPage(
  db: Db,
  query: { state: 'pending' | 'approved' | 'rejected' | 'all'; page: number; per_page: number },
) {
  const where = query.state === 'all' ? undefined : eq(closureRequests.state, query.state);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(closureRequests).where(where);
  const rows = await db
    .select({
      request: closureRequests,
      name: sql<string>`case when ${users.closedAt} is null then ${users.firstName} || ' ' || ${users.lastName} else '' end`,
      decidedBy: staffName,
    })
    .from(closureRequests)
    .innerJoin(users, eq(users.id, closureRequests.userId))
    .where(where)
    .orderBy(
      query.state === 'pending' ? closureRequests.requestedAt : desc(closureRequests.requestedAt),
      closureRequests.id,
    )
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { rows, total };
}

export async function requestById(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      request: closureRequests,
      name: sql<string>`case when ${users.closedAt} is null then ${users.firstName} || ' ' || ${users.lastName} else '' end`,
      decidedBy: staffName,
    })
    .from(closureRequests)
    .innerJoin(users, eq(users.id, closureRequests.userId))
    .where(and(eq(closureRequests.id, id)));
  return row ?? null;
}

/** The member's own orders still on their way: closing now would erase the address they go to. */
export async function openOrders(tx: Tx, userId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from orders o join shop_orders s on s.order_id = o.id
    where s.buyer_user_id = ${userId} and o.status in ('pending_payment','paid','packing','shipped')`);
  return rows[0]?.n ?? 0;
}

/** Where the member is told of the closure, read before it is erased. */
export async function contactOf(tx: Tx, userId: number) {
  const [row] = await tx
    .select({
      firstName: users.firstName,
      email: users.email,
      mobile: users.mobile,
      emailVerified: users.isVerifiesEmail,
      mobileVerified: users.isVerifiesMobile,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The files to delete once the erasure has committed: documents and the avatar. */
export async function filesOf(tx: Tx, userId: number) {
  const { rows } = await tx.execute<{ key: string }>(sql`
    select storage_key as key from documents where user_id = ${userId}`);
  const { rows: avatar } = await tx.execute<{ original: string | null; thumbnail: string | null }>(sql`
    select avatar_original as original, avatar_thumbnail as thumbnail from users where id = ${userId}`);
  return { documents: rows.map((r) => r.key), avatars: [avatar[0]?.original, avatar[0]?.thumbnail] };
}

/**
 * Erases or replaces the member's personal data in the caller's transaction (decision 044): what
 * identifies them goes; the ledger (orders, income, payouts, tax documents, WHT certificates), the
 * KYC decisions and the member's node in the tree stay, under a name that identifies no one.
 */
export async function erasePersonalData(tx: Tx, userId: number): Promise<void> {
  const memberId = sql`(select id from members where user_id = ${userId})`;
  await tx.execute(sql`
    update users set
      first_name = 'บัญชีที่ปิดแล้ว', last_name = '',
      email = 'closed-' || id || '@closed.invalid', mobile = 'closed-' || id,
      password_hash = '!closed', birthday = null, identity_type = null, identity_value = null,
      avatar_original = null, avatar_thumbnail = null,
      notify_email = false, notify_sms = false, is_active = false,
      is_verifies_email = false, is_verifies_mobile = false, mobile_verified_at = null, email_verified_at = null,
      deleted_at = coalesce(deleted_at, now()), closed_at = now(), tokens_valid_after = now(), updated_at = now()
    where id = ${userId}`);
  for (const statement of [
    sql`delete from addresses where user_id = ${userId}`,
    sql`delete from bank_accounts where user_id = ${userId}`,
    // document_views keep their lines (the document's type stays; its id becomes null).
    sql`delete from documents where user_id = ${userId}`,
    sql`delete from refresh_tokens where user_id = ${userId}`,
    sql`delete from known_devices where user_id = ${userId}`,
    sql`delete from passkeys where user_id = ${userId}`,
    sql`delete from passkey_challenges where user_id = ${userId}`,
    sql`delete from verifications where user_id = ${userId}`,
    sql`delete from notifications where user_id = ${userId}`,
    sql`delete from message_outbox where user_id = ${userId}`,
    sql`delete from shop_login_codes where user_id = ${userId}`,
    sql`delete from cart_items where user_id = ${userId}`,
    sql`delete from sign_in_failures where account = 'user:' || ${userId}`,
    // Their orders stay (the ledger); where they were delivered to does not.
    sql`update shop_orders set shipping_address = null, client_address = null where buyer_user_id = ${userId}`,
    // A transfer stays with its amounts; the account it went to is kept as its last four digits.
    sql`update payouts set account_no = case when account_no is null then null else 'xxxxxx' || right(account_no, 4) end,
          account_name = null
        where member_id = ${memberId}`,
    sql`update closure_requests set reason = null where user_id = ${userId}`,
    // What they accepted stays on record; from where does not.
    sql`update consents set ip = null where user_id = ${userId}`,
  ]) {
    await tx.execute(statement);
  }
}
