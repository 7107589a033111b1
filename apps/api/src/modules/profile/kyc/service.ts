import { sql } from 'drizzle-orm';
import type { KycOverview, KycTarget } from '@portal/contracts/kyc';
import { type KYC_CHECKLIST } from '@portal/contracts/kyc';
import { MSG } from '@portal/contracts/messages';
import type { Config } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { notify, memberIdOfUser } from '../../accounts';
import { cancelDeadline } from './deadline';
import { KYC_NOTICES } from './notices';
import { audit, loadFacts, lockKyc } from './repository';
import {
  currentStatus,
  isOpen,
  isUnderReview,
  openStatus,
  overview,
  targetOfDocument,
  unverifiedTargets,
  type KycFacts,
} from './state';

type Settings = Config['kyc'];

const MISSING_TEXT: Record<(typeof KYC_CHECKLIST)[number]['key'], string> = {
  birthday: 'Add your birthday',
  identity_number: 'Add your ID card or passport number',
  home_address: 'Add your home address',
  identity_document: 'Upload your ID card or passport',
  bank_account: 'Add a bank account',
  bank_document: 'Upload the first page of your bank book',
};

const noMember = () => new AppError(404, 'NOT_FOUND', MSG.noMember);

export async function kycOverviewOf(
  db: Db | Tx,
  settings: Settings,
  where: { userId: number } | { memberId: number },
): Promise<KycOverview> {
  const facts = await loadFacts(db, where);
  if (!facts) throw noMember();
  return overview(facts, settings);
}

/**
 * Before a member changes something the KYC looks at: refuses while staff review it (409). Takes the
 * KYC lock, so call it inside the transaction that makes the change. Accounts without a member pass.
 */
export async function lockForMemberChange(tx: Tx, userId: number): Promise<number | null> {
  const memberId = await memberIdOfUser(tx, userId);
  if (memberId === null) return null;
  const status = await lockKyc(tx, memberId);
  if (isUnderReview(status)) throw new AppError(409, 'CONFLICT', MSG.underReview);
  return memberId;
}

/** A quick look before work that is costly to undo (storing a file): the same 409, without a lock. */
export async function assertNotUnderReview(db: Db | Tx, userId: number): Promise<void> {
  const { rows } = await db.execute<{ status: string }>(sql`
    select k.status from member_kyc k join members m on m.id = k.member_id where m.user_id = ${userId}`);
  if (isUnderReview(rows[0]?.status)) throw new AppError(409, 'CONFLICT', MSG.underReview);
}

/** After a member's change, in the same transaction: an open KYC follows what is now given. */
export async function refreshKyc(tx: Tx, userId: number): Promise<void> {
  const facts = await loadFacts(tx, { userId });
  if (!facts?.row || !isOpen(facts.row.status)) return;
  const next = openStatus(facts);
  if (next !== facts.row.status && next !== 'success') {
    await tx.execute(
      sql`update member_kyc set status = ${next}, updated_at = now() where member_id = ${facts.memberId}`,
    );
  }
}

/** POST /v1/me/kyc/submit: open or failed, and complete → waiting_for_review. */
export async function submitKyc(db: Db, settings: Settings, userId: number): Promise<KycOverview> {
  return db.transaction(async (tx) => {
    const memberId = await memberIdOfUser(tx, userId);
    if (memberId === null) throw noMember();
    await lockKyc(tx, memberId);
    const facts = (await loadFacts(tx, { memberId }))!;
    const from = currentStatus(facts);
    if (from === 'success') throw new AppError(409, 'CONFLICT', MSG.kycAlreadyComplete);
    if (isUnderReview(from)) throw new AppError(409, 'CONFLICT', MSG.kycAlreadySubmitted);
    const view = overview(facts, settings);
    if (!view.can_submit) {
      const errors = Object.fromEntries(view.missing.map((key) => [key, [MISSING_TEXT[key]]]));
      throw new AppError(422, 'VALIDATION_ERROR', MSG.kycIncomplete, errors);
    }
    const targets = unverifiedTargets(facts);
    // Documents not yet reviewed go with the part they prove; rejected ones stay rejected (replace them).
    const { rows: drafts } = await tx.execute<{ id: number; type: string }>(
      sql`select id, type from documents where user_id = ${userId} and status = 'draft'`,
    );
    for (const d of drafts) {
      const target = targetOfDocument(d.type, targets);
      if (!targets.includes(target)) continue;
      await tx.execute(sql`
        update documents set status = 'waiting_for_review', review_target = ${target}, reason = null, updated_at = now()
        where id = ${d.id}`);
    }
    if (targets.includes('bank')) {
      await tx.execute(sql`
        update bank_accounts set status = 'waiting_for_review', reason = null, updated_at = now()
        where user_id = ${userId} and status = 'draft'`);
    }
    const part = (t: KycTarget) => (targets.includes(t) ? sql`'waiting_for_review'` : sql`'success'`);
    await tx.execute(sql`
      update member_kyc set status = 'waiting_for_review', identity_status = ${part('identity')}, bank_status = ${part('bank')},
        identity_reason = case when ${targets.includes('identity')} then null else identity_reason end,
        bank_reason = case when ${targets.includes('bank')} then null else bank_reason end,
        submitted_at = now(), review_started_at = null, reviewer_id = null, decided_at = null, updated_at = now()
      where member_id = ${memberId}`);
    await audit(tx, {
      memberId,
      actorUserId: userId,
      action: 'submit',
      fromStatus: from,
      toStatus: 'waiting_for_review',
    });
    await notify(tx, userId, KYC_NOTICES.submitted());
    return overview((await loadFacts(tx, { memberId }))!, settings);
  });
}

async function staffCase(tx: Tx, staffUserId: number, memberId: number): Promise<KycFacts> {
  const exists = await loadFacts(tx, { memberId });
  if (!exists) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
  if (exists.userId === staffUserId) throw new AppError(403, 'FORBIDDEN', MSG.kycOwnCase);
  await lockKyc(tx, memberId);
  return (await loadFacts(tx, { memberId }))!;
}

/** Staff pick a submitted KYC up: waiting_for_review → in_progress_review. */
export async function startReview(db: Db, staffUserId: number, memberId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const facts = await staffCase(tx, staffUserId, memberId);
    const from = currentStatus(facts);
    if (from !== 'waiting_for_review')
      throw new AppError(409, 'CONFLICT', `${MSG.kycNotWaiting} (it is ${from})`);
    await tx.execute(sql`
      update documents set status = 'in_progress_review', updated_at = now()
      where user_id = ${facts.userId} and status = 'waiting_for_review'`);
    await tx.execute(sql`
      update bank_accounts set status = 'in_progress_review', updated_at = now()
      where user_id = ${facts.userId} and status = 'waiting_for_review'`);
    await tx.execute(sql`
      update member_kyc set status = 'in_progress_review',
        identity_status = case when identity_status = 'waiting_for_review' then 'in_progress_review' else identity_status end,
        bank_status = case when bank_status = 'waiting_for_review' then 'in_progress_review' else bank_status end,
        review_started_at = now(), reviewer_id = ${staffUserId}, updated_at = now()
      where member_id = ${memberId}`);
    await audit(tx, {
      memberId,
      actorUserId: staffUserId,
      action: 'start',
      fromStatus: from,
      toStatus: 'in_progress_review',
    });
  });
}

/**
 * Staff approve or reject one part of a KYC in review. Approval sets the user's verification flag;
 * rejection needs a reason, which the member sees. When no part is left in review the KYC ends:
 * success when identity and bank are both verified (the deadline is cancelled), else fail.
 */
export async function decide(
  db: Db,
  staffUserId: number,
  memberId: number,
  decision: { target: KycTarget; approve: true } | { target: KycTarget; approve: false; reason: string },
): Promise<{ standingChanged: number | null }> {
  let standingChanged: number | null = null;
  await db.transaction(async (tx) => {
    const facts = await staffCase(tx, staffUserId, memberId);
    const from = currentStatus(facts);
    if (from !== 'in_progress_review')
      throw new AppError(409, 'CONFLICT', `${MSG.kycNotInReview} (it is ${from})`);
    const { target } = decision;
    const partStatus = target === 'identity' ? facts.row!.identityStatus : facts.row!.bankStatus;
    if (partStatus !== 'in_progress_review')
      throw new AppError(409, 'CONFLICT', `${MSG.kycTargetNotInReview} (${target} is ${partStatus})`);

    const itemStatus = decision.approve ? 'success' : 'fail';
    const reason = decision.approve ? null : decision.reason;
    await tx.execute(sql`
      update documents set status = ${itemStatus}, reason = ${reason}, reviewed_by = ${staffUserId}, reviewed_at = now(), updated_at = now()
      where user_id = ${facts.userId} and status = 'in_progress_review' and review_target = ${target}`);
    if (target === 'bank') {
      await tx.execute(sql`
        update bank_accounts set status = ${itemStatus}, reason = ${reason}, reviewed_by = ${staffUserId}, reviewed_at = now(), updated_at = now()
        where user_id = ${facts.userId} and status = 'in_progress_review'`);
    }
    if (decision.approve) {
      const flag = target === 'identity' ? sql`is_verifies_identity = true` : sql`is_verifies_bank = true`;
      await tx.execute(sql`update users set ${flag}, updated_at = now() where id = ${facts.userId}`);
    }
    const setPart =
      target === 'identity'
        ? sql`identity_status = ${itemStatus}, identity_reason = ${reason}`
        : sql`bank_status = ${itemStatus}, bank_reason = ${reason}`;
    await tx.execute(sql`update member_kyc set ${setPart}, updated_at = now() where member_id = ${memberId}`);

    // Still in review while the other part is; otherwise the KYC ends here.
    const after = (await loadFacts(tx, { memberId }))!;
    const stillInReview = [after.row!.identityStatus, after.row!.bankStatus].includes('in_progress_review');
    const to = stillInReview
      ? 'in_progress_review'
      : after.identityVerified && after.bankVerified
        ? 'success'
        : 'fail';
    if (to !== 'in_progress_review') {
      await tx.execute(
        sql`update member_kyc set status = ${to}, decided_at = now(), updated_at = now() where member_id = ${memberId}`,
      );
    }
    await audit(tx, {
      memberId,
      actorUserId: staffUserId,
      action: decision.approve ? 'approve' : 'reject',
      target,
      reason,
      fromStatus: from,
      toStatus: to,
    });
    await notify(
      tx,
      facts.userId,
      decision.approve ? KYC_NOTICES.approved(target) : KYC_NOTICES.rejected(target, decision.reason),
    );
    if (to === 'success') {
      const ended = await cancelDeadline(tx, memberId, new Date());
      await notify(tx, facts.userId, KYC_NOTICES.complete(ended !== 'nothing'));
      if (ended === 'suspension') standingChanged = facts.userId;
    }
  });
  return { standingChanged };
}
