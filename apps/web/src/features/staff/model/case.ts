import type { KycTarget } from '@portal/contracts/kyc';
import type { MemberDocument } from '@portal/contracts/profile';
import type { KycCase } from '@portal/contracts/staff';

const BANK_TYPES = new Set(['books_bank']);

/**
 * Which documents prove which part: the bank book proves the bank account, everything else the
 * identity (the API reviews supporting documents with the identity while it is not verified).
 */
export function documentsFor(data: Pick<KycCase, 'documents'>, target: KycTarget): MemberDocument[] {
  return data.documents.filter((d) => BANK_TYPES.has(d.type) === (target === 'bank'));
}

/** A part can be approved or rejected only while the review runs and that part is in it. */
export function partDecidable(data: Pick<KycCase, 'kyc'>, target: KycTarget): boolean {
  return data.kyc.status === 'in_progress_review' && data.kyc[target].status === 'in_progress_review';
}
