import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SuspensionEntry, User } from '@portal/contracts/identity';
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema/identity';
import { members, suspensionEntries } from '../../../db/schema/network';
import { containsPattern } from '../../../lib/sql';

export type UserRow = typeof users.$inferSelect;
type MemberRow = typeof members.$inferSelect;
type SuspensionRow = typeof suspensionEntries.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSuspension(s: SuspensionRow): SuspensionEntry {
  return {
    id: s.id,
    period: s.period as SuspensionEntry['period'],
    status: s.status as SuspensionEntry['status'],
    days_left: s.daysLeft,
    suspended_at: iso(s.suspendedAt),
    message: s.message,
    message_th: s.messageTh,
    created_at: s.createdAt.toISOString(),
  };
}

export function toUser(u: UserRow, m: MemberRow | null, suspension: SuspensionRow[]): User {
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    birthday: u.birthday,
    gender: u.gender as User['gender'],
    is_active: u.isActive,
    type: u.type as User['type'],
    mobile: u.mobile,
    images: { avatar: { original: u.avatarOriginal, thumbnail: u.avatarThumbnail } },
    invitation_code: u.invitationCode,
    is_verifies_email: u.isVerifiesEmail,
    is_verifies_mobile: u.isVerifiesMobile,
    is_verifies_identity: u.isVerifiesIdentity,
    is_verifies_bank: u.isVerifiesBank,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    mobile_verified_at: iso(u.mobileVerifiedAt),
    email_verified_at: iso(u.emailVerifiedAt),
    identity_type: u.identityType,
    identity_value: u.identityValue,
    country_id: u.countryId,
    is_sync: u.isSync,
    authen_type_default: u.authenTypeDefault as User['authen_type_default'],
    language: u.language as User['language'],
    notification_preferences: { email: u.notifyEmail, sms: u.notifySms },
    member: m
      ? {
          id: m.id,
          memberCode: m.memberCode,
          member_uuid: m.memberUuid,
          first_name: u.firstName,
          last_name: u.lastName,
          phone_number: u.mobile,
          email: u.email,
          birthday: u.birthday,
          gender: u.gender,
          referrer_member_id: m.referrerMemberId,
          is_placed: m.depth !== null,
          suspension: suspension.map(toSuspension),
        }
      : null,
  };
}

interface SuspensionJson {
  id: number;
  member_id: number;
  period: string;
  status: string;
  days_left: number | null;
  suspended_at: string | null;
  message: string;
  message_th: string;
  created_at: string;
}

const fromJson = (s: SuspensionJson): SuspensionRow => ({
  id: s.id,
  memberId: s.member_id,
  period: s.period,
  status: s.status,
  daysLeft: s.days_left,
  suspendedAt: s.suspended_at ? new Date(s.suspended_at) : null,
  message: s.message,
  messageTh: s.message_th,
  createdAt: new Date(s.created_at),
});

/**
 * Users with their member and suspension entries (newest first), in the order of `ids`.
 * One round trip: /me is the hottest call of the portal.
 */
const userSelection = () => ({
  u: users,
  m: members,
  suspension: sql<SuspensionJson[] | null>`(
    select json_agg(s order by s.created_at desc, s.id desc)
    from ${suspensionEntries} s where s.member_id = ${members.id})`,
});

/** The one-user load, built and planned once per database handle (it serves every /me). */
const preparedLoad = new WeakMap<Db | Tx, ReturnType<typeof prepareLoad>>();
const prepareLoad = (db: Db | Tx) =>
  db
    .select(userSelection())
    .from(users)
    .leftJoin(members, eq(members.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .prepare('load_user');

export async function loadUsers(db: Db | Tx, ids: number[]): Promise<User[]> {
  if (ids.length === 0) return [];
  let prepared = ids.length === 1 ? preparedLoad.get(db) : undefined;
  if (ids.length === 1 && !prepared) preparedLoad.set(db, (prepared = prepareLoad(db)));
  const rows = prepared
    ? await prepared.execute({ id: ids[0] })
    : await db
        .select(userSelection())
        .from(users)
        .leftJoin(members, eq(members.userId, users.id))
        .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  const byId = new Map(rows.map((r) => [r.u.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toUser(r.u, r.m, (r.suspension ?? []).map(fromJson))] : [];
  });
}

export async function loadUser(db: Db | Tx, id: number): Promise<User | null> {
  return (await loadUsers(db, [id]))[0] ?? null;
}

/** The user's row (deleted ones too: callers decide), or null. */
export async function userRowById(db: Db | Tx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByIdentifier(db: Db | Tx, identifier: { email?: string; mobile?: string }) {
  const cond = identifier.email
    ? sql`lower(${users.email}) = ${identifier.email.toLowerCase()}`
    : eq(users.mobile, identifier.mobile ?? '');
  const [row] = await db
    .select()
    .from(users)
    .where(and(cond, isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Staff search: e-mail, mobile, name or member code; deleted users are never listed. Oldest first. */
export async function pageOfUserIds(db: Db, search: string | undefined, limit: number, offset: number) {
  const term = search ? containsPattern(search) : undefined;
  const where = and(
    isNull(users.deletedAt),
    term
      ? or(
          ilike(users.email, term),
          ilike(users.mobile, term),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
          ilike(members.memberCode, term),
        )
      : undefined,
  );
  const [[{ total } = { total: 0 }], ids] = await Promise.all([
    db.select({ total: count() }).from(users).leftJoin(members, eq(members.userId, users.id)).where(where),
    db
      .select({ id: users.id })
      .from(users)
      .leftJoin(members, eq(members.userId, users.id))
      .where(where)
      .orderBy(asc(users.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { total, ids: ids.map((r) => r.id) };
}

export async function updateUserRow(tx: Tx, userId: number, values: Partial<typeof users.$inferInsert>) {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

/** Soft delete: false when there is no such user or it was deleted already. */
export async function softDeleteUser(tx: Tx, userId: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ deletedAt: new Date(), isActive: false, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The member id of a user, or null for an account without a member (staff). */
export async function memberIdOfUser(db: Db | Tx, userId: number): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`select id from members where user_id = ${userId}`);
  return rows[0]?.id ?? null;
}

/** The user's password hash, or null when the user does not exist. */
export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row ? row.hash : null;
}

export async function setPassword(tx: Tx, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}
