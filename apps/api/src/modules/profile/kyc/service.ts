import type { KycOverview, KycRejectReason, KycTarget } from '@portal/contracts/kyc';
import { type KYC_CHECKLIST } from '@portal/contracts/kyc';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import type { Config } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { businessNow } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { notify, memberIdOfUser } from '../../accounts';
import { cancelDeadline } from './deadline';
import { KYC_NOTICES } from './notices';
import { reasonTexts, storedReason } from './reasons';
import {
  audit,
  draftDocumentsOf,
  endKyc,
  kycStatusOfUser,
  loadFacts,
  lockKyc,
  markInReview,
  markSubmitted,
  recordPartDecision,
  sendDocumentToReview,
  sendDraftBanksToReview,
  setKycStatus,
} from './repository';
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
  if (isUnderReview(await kycStatusOfUser(db, userId))) throw new AppError(409, 'CONFLICT', MSG.underReview);
}

/** After a member's change, in the same transaction: an open KYC follows what is now given. */
export async function refreshKyc(tx: Tx, userId: number): Promise<void> {
  const facts = await loadFacts(tx, { userId });
  if (!facts?.row || !isOpen(facts.row.status)) return;
  const next = openStatus(facts);
  if (next !== facts.row.status && next !== 'success') {
    await setKycStatus(tx, facts.memberId, next);
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
    for (const d of await draftDocumentsOf(tx, userId)) {
      const target = targetOfDocument(d.type, targets);
      if (targets.includes(target)) await sendDocumentToReview(tx, d.id, target);
    }
    if (targets.includes('bank')) await sendDraftBanksToReview(tx, userId);
    await markSubmitted(tx, memberId, targets);
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
    await markInReview(tx, { userId: facts.userId, memberId, reviewerId: staffUserId });
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
  ctx: Pick<AppContext, 'db' | 'config'>,
  staffUserId: number,
  memberId: number,
  decision:
    | { target: KycTarget; approve: true }
    | { target: KycTarget; approve: false; reasonKey?: KycRejectReason; reason?: string },
): Promise<{ standingChanged: number | null }> {
  let standingChanged: number | null = null;
  await ctx.db.transaction(async (tx) => {
    const facts = await staffCase(tx, staffUserId, memberId);
    const from = currentStatus(facts);
    if (from !== 'in_progress_review')
      throw new AppError(409, 'CONFLICT', `${MSG.kycNotInReview} (it is ${from})`);
    const { target } = decision;
    const partStatus = target === 'identity' ? facts.row!.identityStatus : facts.row!.bankStatus;
    if (partStatus !== 'in_progress_review')
      throw new AppError(409, 'CONFLICT', `${MSG.kycTargetNotInReview} (${target} is ${partStatus})`);

    // A reason from the list is stored as its English text (with the note after it): reasons.ts.
    const reason = decision.approve ? null : storedReason(decision.reasonKey, decision.reason || undefined);
    await recordPartDecision(tx, {
      userId: facts.userId,
      memberId,
      reviewerId: staffUserId,
      target,
      result: decision.approve ? 'success' : 'fail',
      reason,
    });

    // Still in review while the other part is; otherwise the KYC ends here.
    const after = (await loadFacts(tx, { memberId }))!;
    const stillInReview = [after.row!.identityStatus, after.row!.bankStatus].includes('in_progress_review');
    const to = stillInReview
      ? 'in_progress_review'
      : after.identityVerified && after.bankVerified
        ? 'success'
        : 'fail';
    if (to !== 'in_progress_review') await endKyc(tx, memberId, to);
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
      decision.approve
        ? KYC_NOTICES.approved(target)
        : KYC_NOTICES.rejected(target, reasonTexts(reason ?? '')),
    );
    if (to === 'success') {
      // The suspension entry that ends a deadline is stamped in business time, like the deadline's own.
      const now = await businessNow(tx, ctx.config);
      const ended = await cancelDeadline(tx, memberId, now.at);
      await notify(tx, facts.userId, KYC_NOTICES.complete(ended !== 'nothing'));
      if (ended === 'suspension') standingChanged = facts.userId;
    }
  });
  return { standingChanged };
}
