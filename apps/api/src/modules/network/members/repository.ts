import { eq, sql } from 'drizzle-orm';
import type { SuspensionEntry } from '@portal/contracts/identity';
import type { MemberBrief, NetworkMember, Side } from '@portal/contracts/network';
import type { z } from 'zod';
import type { manageMemberBody, manageMemberUpdate, memberSyncBody } from '@portal/contracts/network';
import { isActiveOn } from '../../../compensation/standing';
import { loadFacts, currentStatus } from '../../profile';
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema/identity';
import { members } from '../../../db/schema/network';

/** Columns every member query selects, joined with its user. */
export const BRIEF_COLUMNS = sql.raw(`
  m.id, m.member_code, m.user_id, u.first_name, u.last_name, u.avatar_thumbnail, u.gender`);

export type BriefRow = {
  id: number;
  member_code: string;
  user_id: number;
  first_name: string;
  last_name: string;
  avatar_thumbnail: string | null;
  gender: string;
};

export const toBrief = (r: BriefRow): MemberBrief => ({
  id: r.id,
  member_code: r.member_code,
  first_name: r.first_name,
  last_name: r.last_name,
  avatar_id: r.user_id,
  avatar_thumbnail: r.avatar_thumbnail,
  gender: r.gender as MemberBrief['gender'],
});

/** `1, 2, 3` as bound parameters, for `in (...)`. */
export const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export async function briefs(db: Db | Tx, ids: number[]): Promise<Map<number, MemberBrief>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<BriefRow>(sql`
    select ${BRIEF_COLUMNS} from members m join users u on u.id = m.user_id
    where m.id in (${idList(ids)})`);
  return new Map(rows.map((r) => [r.id, toBrief(r)]));
}

export type MemberRow = BriefRow & {
  user_id: number;
  member_uuid: string;
  email: string;
  mobile: string;
  package: string | null;
  business_title: string | null;
  point: string;
  depth: number | null;
  referrer_member_id: number | null;
  placement_parent_id: number | null;
  side: Side | null;
  created_at: Date;
  placed_at: Date | null;
  expiry_date: string | null;
  is_verifies_identity: boolean;
  is_verifies_bank: boolean;
  left_team: number;
  right_team: number;
  left_points: string;
  right_points: string;
  /** The entries as json_agg wrote them: the contract's fields, timestamps in PostgreSQL's text. */
  suspension: SuspensionEntry[] | null;
};

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export async function findMember(
  db: Db | Tx,
  where: { userId: number } | { memberId: number },
): Promise<MemberRow | null> {
  const cond = 'userId' in where ? sql`m.user_id = ${where.userId}` : sql`m.id = ${where.memberId}`;
  const { rows } = await db.execute<MemberRow>(sql`
    select ${BRIEF_COLUMNS}, m.member_uuid, u.email, u.mobile, m.package, m.business_title, m.point::text,
      m.depth, m.referrer_member_id, m.placement_parent_id, m.side,
      m.created_at, m.placed_at, m.expiry_date::text, u.is_verifies_identity, u.is_verifies_bank,
      m.left_team, m.right_team, coalesce(vp.left_points, 0)::numeric(16,2)::text as left_points, coalesce(vp.right_points, 0)::numeric(16,2)::text as right_points,
      (select json_agg(s order by s.created_at desc, s.id desc) from suspension_entries s where s.member_id = m.id) as suspension
    from members m join users u on u.id = m.user_id left join volume_preview vp on vp.member_id = m.id
    where ${cond} and u.deleted_at is null`);
  return rows[0] ?? null;
}

export const suspensionOf = (row: MemberRow): SuspensionEntry[] =>
  (row.suspension ?? []).map((s) => ({
    id: s.id,
    period: s.period,
    status: s.status,
    days_left: s.days_left,
    suspended_at: iso(s.suspended_at),
    message: s.message,
    message_th: s.message_th,
    created_at: iso(s.created_at)!,
  }));

/** The member as the network API shows it; `today` is the business date its activity is read on. */
export async function toNetworkMember(db: Db | Tx, row: MemberRow, today: string): Promise<NetworkMember> {
  // The KYC status is the profile's own computation, so both APIs always agree.
  const facts = await loadFacts(db, { memberId: row.id });
  const related = await briefs(
    db,
    [row.referrer_member_id, row.placement_parent_id].filter((x): x is number => x !== null),
  );
  return {
    ...toBrief(row),
    user_id: row.user_id,
    member_uuid: row.member_uuid,
    franchise_code: row.member_code,
    email: row.email,
    phone_number: row.mobile,
    package: row.package,
    business_title: row.business_title,
    point: row.point,
    is_active: isActiveOn(row.expiry_date, today),
    is_placed: row.depth !== null,
    referrer: row.referrer_member_id ? (related.get(row.referrer_member_id) ?? null) : null,
    upline: row.placement_parent_id ? (related.get(row.placement_parent_id) ?? null) : null,
    side: row.side,
    register_date: iso(row.created_at)!,
    placed_at: iso(row.placed_at),
    expiry_date: row.expiry_date,
    kyc_status: facts ? currentStatus(facts) : 'draft',
    suspension: suspensionOf(row),
  };
}

export async function updateUserNames(db: Db | Tx, userId: number, b: z.infer<typeof memberSyncBody>) {
  await db
    .update(users)
    .set({
      firstName: b.first_name,
      lastName: b.last_name,
      email: b.email?.toLowerCase(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export async function userExists(db: Db | Tx, userId: number): Promise<boolean> {
  const [user] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return !!user && !user.deletedAt;
}

/**
 * Inserts the member of a user unless the user has one; without a referrer the member starts a tree
 * of its own (its top, placed at depth 0, its own jump pointer). Answers whether it was created.
 */
export async function insertMember(
  db: Db,
  b: z.infer<typeof manageMemberBody>,
  createdBy: number | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(members)
      .values({
        userId: b.user_id,
        memberCode: sql`'M' || lpad(nextval('member_code_seq')::text, 7, '0')`,
        referrerMemberId: b.referrer_member_id ?? null,
        package: b.package ?? null,
        businessTitle: b.business_title ?? null,
        expiryDate: b.expiry_date ?? null,
        isActive: b.is_active ?? true,
        createdBy,
        ...(b.referrer_member_id ? {} : { depth: 0, placedAt: new Date() }),
      })
      .onConflictDoNothing({ target: members.userId })
      .returning({ id: members.id });
    if (created && !b.referrer_member_id) {
      await tx.update(members).set({ jumpId: created.id }).where(eq(members.id, created.id));
    }
    return !!created;
  });
}

export async function updateMember(
  db: Db | Tx,
  memberId: number,
  b: z.infer<typeof manageMemberUpdate>,
  updatedBy: number | null,
): Promise<boolean> {
  const updated = await db
    .update(members)
    .set({
      package: b.package,
      businessTitle: b.business_title,
      expiryDate: b.expiry_date,
      isActive: b.is_active,
      updatedAt: new Date(),
      updatedBy,
    })
    .where(eq(members.id, memberId))
    .returning({ id: members.id });
  return updated.length > 0;
}
