import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { KycAuditEntry } from '@portal/contracts/kyc';
import type { KycCase, KycQueueItem, kycQueueQuery } from '@portal/contracts/staff';
import type { z } from 'zod';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { bankAccounts, documents } from '../../../db/schema/profile';
import { addresses } from '../../../db/schema/profile';
import { selectAddresses } from '../addresses/repository';
import { nameMatches, toBankAccount } from '../banks/repository';
import { staffFileUrl, toDocument } from '../documents/repository';
import { loadFacts } from './repository';
import { overview } from './state';
import { reasonFields } from './reasons';
import { containsPattern } from '../../../lib/sql';

/** The KYC status of a member, with or without a KYC row (no row: nothing given yet). */
const STATUS = sql.raw(
  `coalesce(case when u.is_verifies_identity and u.is_verifies_bank then 'success' end, k.status, 'draft')`,
);
const PART = (flag: string, column: string) =>
  sql.raw(
    `case when u.${flag} then 'success' when k.${column} is null or k.${column} = 'success' then 'draft' else k.${column} end`,
  );

type QueueRow = {
  member_id: number;
  user_id: number;
  member_code: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  avatar_thumbnail: string | null;
  status: KycQueueItem['status'];
  identity_status: KycQueueItem['identity_status'];
  bank_status: KycQueueItem['bank_status'];
  submitted_at: Date | null;
  updated_at: Date | null;
  reviewer_id: number | null;
  reviewer_name: string | null;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export async function kycQueue(db: Db, q: z.output<typeof kycQueueQuery>) {
  const filters = [sql`u.deleted_at is null`, sql`u.type = 'member'`];
  if (q.status === 'queue') filters.push(sql`${STATUS} in ('waiting_for_review', 'in_progress_review')`);
  else if (q.status !== 'all') filters.push(sql`${STATUS} = ${q.status}`);
  if (q.q) {
    const term = containsPattern(q.q.toLowerCase());
    filters.push(sql`(u.search_text like ${term} or lower(m.member_code) like ${term})`);
  }
  const where = sql.join(filters, sql` and `);
  const from = sql`from members m join users u on u.id = m.user_id left join member_kyc k on k.member_id = m.id`;
  const order =
    q.status === 'queue'
      ? sql`k.submitted_at asc nulls last, m.id asc`
      : sql`coalesce(k.updated_at, m.created_at) desc, m.id desc`;
  const [{ rows: totals }, { rows }] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n ${from} where ${where}`),
    db.execute<QueueRow>(sql`
      select m.id as member_id, u.id as user_id, m.member_code, u.first_name, u.last_name, u.email, u.mobile, u.avatar_thumbnail,
        ${STATUS} as status, ${PART('is_verifies_identity', 'identity_status')} as identity_status,
        ${PART('is_verifies_bank', 'bank_status')} as bank_status, k.submitted_at, k.updated_at, k.reviewer_id,
        (select r.first_name || ' ' || r.last_name from users r where r.id = k.reviewer_id) as reviewer_name
      ${from} where ${where} order by ${order}
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
  ]);
  const userIds = rows.map((r) => r.user_id);
  const banks = userIds.length
    ? await db
        .select({ userId: bankAccounts.userId, accountName: bankAccounts.accountName })
        .from(bankAccounts)
        .where(inArray(bankAccounts.userId, userIds))
    : [];
  const items: KycQueueItem[] = rows.map((r) => ({
    member_id: r.member_id,
    user_id: r.user_id,
    member_code: r.member_code,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    mobile: r.mobile,
    avatar_thumbnail: r.avatar_thumbnail,
    status: r.status,
    identity_status: r.identity_status,
    bank_status: r.bank_status,
    name_mismatch: banks.some(
      (b) => b.userId === r.user_id && !nameMatches(b.accountName, r.first_name, r.last_name),
    ),
    submitted_at: iso(r.submitted_at),
    updated_at: iso(r.updated_at),
    reviewer: r.reviewer_id && r.reviewer_name ? { user_id: r.reviewer_id, name: r.reviewer_name } : null,
  }));
  return { items, total: totals[0]?.n ?? 0 };
}

type MemberInfoRow = {
  member_id: number;
  user_id: number;
  member_code: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  birthday: string | null;
  gender: 'male' | 'female';
  identity_type: string | null;
  identity_value: string | null;
  language: 'th' | 'en';
  created_at: Date;
  avatar_original: string | null;
  avatar_thumbnail: string | null;
  is_verifies_identity: boolean;
  is_verifies_bank: boolean;
};

type AuditRow = {
  id: number;
  action: KycAuditEntry['action'];
  target: KycAuditEntry['target'];
  reason: string | null;
  from_status: KycAuditEntry['from_status'];
  to_status: KycAuditEntry['to_status'];
  actor_user_id: number | null;
  actor_name: string | null;
  actor_type: KycAuditEntry['actor']['type'];
  created_at: Date;
};

/** Everything staff look at to decide: the member, the KYC, documents, banks, addresses and the audit trail. */
export async function kycCase(db: Db, settings: Config['kyc'], memberId: number): Promise<KycCase | null> {
  const facts = await loadFacts(db, { memberId });
  if (!facts) return null;
  const [{ rows: info }, { rows: history }, docs, banks, addrs] = await Promise.all([
    db.execute<MemberInfoRow>(sql`
      select m.id as member_id, u.id as user_id, m.member_code, u.first_name, u.last_name, u.email, u.mobile, u.birthday::text as birthday,
        u.gender, u.identity_type, u.identity_value, u.language, m.created_at, u.avatar_original, u.avatar_thumbnail,
        u.is_verifies_identity, u.is_verifies_bank
      from members m join users u on u.id = m.user_id where m.id = ${memberId}`),
    db.execute<AuditRow>(sql`
      select a.id, a.action, a.target, a.reason, a.from_status, a.to_status, a.actor_user_id, a.created_at,
        u.first_name || ' ' || u.last_name as actor_name, u.type as actor_type
      from kyc_audit a left join users u on u.id = a.actor_user_id
      where a.member_id = ${memberId} order by a.created_at desc, a.id desc`),
    db
      .select()
      .from(documents)
      .where(eq(documents.userId, facts.userId))
      .orderBy(desc(documents.createdAt), desc(documents.id)),
    db.select().from(bankAccounts).where(eq(bankAccounts.userId, facts.userId)).orderBy(bankAccounts.id),
    selectAddresses(db, eq(addresses.userId, facts.userId)),
  ]);
  const m = info[0]!;
  let reviewer: KycCase['reviewer'] = null;
  if (facts.row?.reviewerId) {
    const { rows } = await db.execute<{ name: string }>(
      sql`select first_name || ' ' || last_name as name from users where id = ${facts.row.reviewerId}`,
    );
    if (rows[0]) reviewer = { user_id: facts.row.reviewerId, name: rows[0].name };
  }
  const owner = { firstName: m.first_name, lastName: m.last_name };
  return {
    member: {
      member_id: m.member_id,
      user_id: m.user_id,
      member_code: m.member_code,
      first_name: m.first_name,
      last_name: m.last_name,
      email: m.email,
      mobile: m.mobile,
      birthday: m.birthday,
      gender: m.gender,
      identity_type: m.identity_type,
      identity_value: m.identity_value,
      language: m.language,
      register_date: new Date(m.created_at).toISOString(),
      avatar: { original: m.avatar_original, thumbnail: m.avatar_thumbnail },
      is_verifies_identity: m.is_verifies_identity,
      is_verifies_bank: m.is_verifies_bank,
    },
    kyc: overview(facts, settings),
    reviewer,
    documents: docs.map((d) => toDocument(d, staffFileUrl)),
    banks: banks.map((b) => toBankAccount(b, owner)),
    addresses: addrs,
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      target: h.target,
      reason: h.reason,
      ...reasonFields(h.reason),
      from_status: h.from_status,
      to_status: h.to_status,
      actor: { user_id: h.actor_user_id, name: h.actor_name, type: h.actor_type },
      created_at: new Date(h.created_at).toISOString(),
    })),
  };
}
