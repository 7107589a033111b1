import { sql } from 'drizzle-orm';
import type { KycTarget } from '@portal/contracts/kyc';
import type { Db, Tx } from '../../../db/client';
import type { KycFacts } from './state';

type FactsRow = {
  member_id: number;
  user_id: number;
  member_created_at: Date | string;
  birthday: string | null;
  identity_type: string | null;
  identity_value: string | null;
  is_verifies_identity: boolean;
  is_verifies_bank: boolean;
  has_home: boolean;
  doc_types: string[] | null;
  banks: number;
  has_row: boolean;
  status: string | null;
  identity_status: string | null;
  bank_status: string | null;
  identity_reason: string | null;
  bank_reason: string | null;
  submitted_at: Date | string | null;
  review_started_at: Date | string | null;
  reviewer_id: number | null;
  decided_at: Date | string | null;
  deadline_from: Date | string | null;
};

/** Raw queries return timestamps as text (drizzle's parsers); rows from the query builder as Date. */
const date = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/** The member's KYC facts in one query, by user or by member; null when there is no such (member) account. */
export async function loadFacts(
  db: Db | Tx,
  where: { userId: number } | { memberId: number },
): Promise<KycFacts | null> {
  const cond = 'userId' in where ? sql`u.id = ${where.userId}` : sql`m.id = ${where.memberId}`;
  const { rows } = await db.execute<FactsRow>(sql`
    select m.id as member_id, u.id as user_id, m.created_at as member_created_at, u.birthday::text as birthday,
      u.identity_type, u.identity_value, u.is_verifies_identity, u.is_verifies_bank,
      exists (select 1 from addresses a where a.user_id = u.id and a.type = 'home') as has_home,
      (select array_agg(distinct d.type) from documents d where d.user_id = u.id and d.status <> 'fail') as doc_types,
      (select count(*)::int from bank_accounts b where b.user_id = u.id and b.status <> 'fail') as banks,
      k.member_id is not null as has_row, k.status, k.identity_status, k.bank_status, k.identity_reason, k.bank_reason,
      k.submitted_at, k.review_started_at, k.reviewer_id, k.decided_at, k.deadline_from
    from users u join members m on m.user_id = u.id left join member_kyc k on k.member_id = m.id
    where ${cond} and u.deleted_at is null`);
  const r = rows[0];
  if (!r) return null;
  return {
    memberId: r.member_id,
    userId: r.user_id,
    memberCreatedAt: new Date(r.member_created_at),
    birthday: r.birthday,
    identityType: r.identity_type,
    identityValue: r.identity_value,
    identityVerified: r.is_verifies_identity,
    bankVerified: r.is_verifies_bank,
    hasHomeAddress: r.has_home,
    documentTypes: new Set(r.doc_types ?? []),
    bankAccounts: r.banks,
    row: r.has_row
      ? {
          status: r.status!,
          identityStatus: r.identity_status!,
          bankStatus: r.bank_status!,
          identityReason: r.identity_reason,
          bankReason: r.bank_reason,
          submittedAt: date(r.submitted_at),
          reviewStartedAt: date(r.review_started_at),
          reviewerId: r.reviewer_id,
          decidedAt: date(r.decided_at),
          deadlineFrom: date(r.deadline_from),
        }
      : null,
  };
}

/**
 * Creates the member's KYC row when missing and locks it for the rest of the transaction: every
 * change that can move the KYC (an upload, a submission, a decision) takes this lock first, so a
 * member's edit and a staff decision never interleave.
 */
export async function lockKyc(tx: Tx, memberId: number): Promise<string> {
  await tx.execute(sql`insert into member_kyc (member_id) values (${memberId}) on conflict do nothing`);
  const { rows } = await tx.execute<{ status: string }>(
    sql`select status from member_kyc where member_id = ${memberId} for update`,
  );
  return rows[0]!.status;
}

export interface AuditInput {
  memberId: number;
  actorUserId: number | null;
  action: 'submit' | 'start' | 'approve' | 'reject';
  target?: 'identity' | 'bank' | null;
  reason?: string | null;
  fromStatus: string;
  toStatus: string;
}

export async function audit(tx: Tx, a: AuditInput): Promise<void> {
  await tx.execute(sql`
    insert into kyc_audit (member_id, actor_user_id, action, target, reason, from_status, to_status)
    values (${a.memberId}, ${a.actorUserId}, ${a.action}, ${a.target ?? null}, ${a.reason ?? null}, ${a.fromStatus}, ${a.toStatus})`);
}

/** The KYC status of a user's member, read without a lock (undefined: no member or no KYC row yet). */
export async function kycStatusOfUser(db: Db | Tx, userId: number): Promise<string | undefined> {
  const { rows } = await db.execute<{ status: string }>(sql`
    select k.status from member_kyc k join members m on m.id = k.member_id where m.user_id = ${userId}`);
  return rows[0]?.status;
}

export async function setKycStatus(tx: Tx, memberId: number, status: string): Promise<void> {
  await tx.execute(
    sql`update member_kyc set status = ${status}, updated_at = now() where member_id = ${memberId}`,
  );
}

/** The member's documents not yet sent for review. */
export async function draftDocumentsOf(tx: Tx, userId: number): Promise<{ id: number; type: string }[]> {
  const { rows } = await tx.execute<{ id: number; type: string }>(
    sql`select id, type from documents where user_id = ${userId} and status = 'draft'`,
  );
  return rows;
}

export async function sendDocumentToReview(tx: Tx, documentId: number, target: KycTarget): Promise<void> {
  await tx.execute(sql`
    update documents set status = 'waiting_for_review', review_target = ${target}, reason = null, updated_at = now()
    where id = ${documentId}`);
}

export async function sendDraftBanksToReview(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`
    update bank_accounts set status = 'waiting_for_review', reason = null, updated_at = now()
    where user_id = ${userId} and status = 'draft'`);
}

/** A submission: the parts still to verify wait for review (their old reasons cleared), the others stay verified. */
export async function markSubmitted(tx: Tx, memberId: number, targets: readonly KycTarget[]): Promise<void> {
  const part = (t: KycTarget) => (targets.includes(t) ? sql`'waiting_for_review'` : sql`'success'`);
  await tx.execute(sql`
    update member_kyc set status = 'waiting_for_review', identity_status = ${part('identity')}, bank_status = ${part('bank')},
      identity_reason = case when ${targets.includes('identity')} then null else identity_reason end,
      bank_reason = case when ${targets.includes('bank')} then null else bank_reason end,
      submitted_at = now(), review_started_at = null, reviewer_id = null, decided_at = null, updated_at = now()
    where member_id = ${memberId}`);
}

/** A reviewer picks the case up: what waits for review (documents, bank accounts, the parts) is now in review. */
export async function markInReview(
  tx: Tx,
  c: { userId: number; memberId: number; reviewerId: number },
): Promise<void> {
  await tx.execute(sql`
    update documents set status = 'in_progress_review', updated_at = now()
    where user_id = ${c.userId} and status = 'waiting_for_review'`);
  await tx.execute(sql`
    update bank_accounts set status = 'in_progress_review', updated_at = now()
    where user_id = ${c.userId} and status = 'waiting_for_review'`);
  await tx.execute(sql`
    update member_kyc set status = 'in_progress_review',
      identity_status = case when identity_status = 'waiting_for_review' then 'in_progress_review' else identity_status end,
      bank_status = case when bank_status = 'waiting_for_review' then 'in_progress_review' else bank_status end,
      review_started_at = now(), reviewer_id = ${c.reviewerId}, updated_at = now()
    where member_id = ${c.memberId}`);
}

/**
 * A reviewer's decision on one part: its documents (and, for the bank, its accounts) take the result
 * and the reason; an approval sets the user's verification flag.
 */
export async function recordPartDecision(
  tx: Tx,
  d: {
    userId: number;
    memberId: number;
    reviewerId: number;
    target: KycTarget;
    result: 'success' | 'fail';
    reason: string | null;
  },
): Promise<void> {
  await tx.execute(sql`
    update documents set status = ${d.result}, reason = ${d.reason}, reviewed_by = ${d.reviewerId}, reviewed_at = now(), updated_at = now()
    where user_id = ${d.userId} and status = 'in_progress_review' and review_target = ${d.target}`);
  if (d.target === 'bank') {
    await tx.execute(sql`
      update bank_accounts set status = ${d.result}, reason = ${d.reason}, reviewed_by = ${d.reviewerId}, reviewed_at = now(), updated_at = now()
      where user_id = ${d.userId} and status = 'in_progress_review'`);
  }
  if (d.result === 'success') {
    const flag = d.target === 'identity' ? sql`is_verifies_identity = true` : sql`is_verifies_bank = true`;
    await tx.execute(sql`update users set ${flag}, updated_at = now() where id = ${d.userId}`);
  }
  const setPart =
    d.target === 'identity'
      ? sql`identity_status = ${d.result}, identity_reason = ${d.reason}`
      : sql`bank_status = ${d.result}, bank_reason = ${d.reason}`;
  await tx.execute(sql`update member_kyc set ${setPart}, updated_at = now() where member_id = ${d.memberId}`);
}

/** The KYC ends (success or fail) when no part is left in review. */
export async function endKyc(tx: Tx, memberId: number, status: 'success' | 'fail'): Promise<void> {
  await tx.execute(
    sql`update member_kyc set status = ${status}, decided_at = now(), updated_at = now() where member_id = ${memberId}`,
  );
}
