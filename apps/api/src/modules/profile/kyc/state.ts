import {
  KYC_CHECKLIST,
  KYC_OPEN_STATUSES,
  type KycChecklistItem,
  type KycItemStatus,
  type KycOverview,
  type KycStatus,
  type KycTarget,
} from '@portal/contracts/kyc';
import { lastDayBeforeSuspension } from './calendar';
import { reasonFields } from './reasons';

/** Everything the KYC status follows from, for one member. */
export interface KycFacts {
  memberId: number;
  userId: number;
  memberCreatedAt: Date;
  birthday: string | null;
  identityType: string | null;
  identityValue: string | null;
  identityVerified: boolean;
  bankVerified: boolean;
  hasHomeAddress: boolean;
  /** Document types whose document is not rejected. */
  documentTypes: Set<string>;
  /** Bank accounts that are not rejected. */
  bankAccounts: number;
  row: KycRow | null;
}

export interface KycRow {
  status: string;
  identityStatus: string;
  bankStatus: string;
  identityReason: string | null;
  bankReason: string | null;
  submittedAt: Date | null;
  reviewStartedAt: Date | null;
  reviewerId: number | null;
  decidedAt: Date | null;
  deadlineFrom: Date | null;
}

export const IDENTITY_DOCUMENTS = ['government_id', 'passport'] as const;
export const BANK_DOCUMENTS = ['books_bank'] as const;

/** Which part of the KYC a document type is reviewed under; supporting documents go with identity unless it is verified. */
export function targetOfDocument(type: string, targets: KycTarget[]): KycTarget {
  if ((BANK_DOCUMENTS as readonly string[]).includes(type)) return 'bank';
  if ((IDENTITY_DOCUMENTS as readonly string[]).includes(type)) return 'identity';
  return targets.includes('identity') ? 'identity' : 'bank';
}

export const isOpen = (status: string | undefined | null) =>
  status === undefined || status === null || (KYC_OPEN_STATUSES as readonly string[]).includes(status);
export const isUnderReview = (status: string | undefined | null) =>
  status === 'waiting_for_review' || status === 'in_progress_review';

const verifiedOf = (f: KycFacts, target: KycTarget) =>
  target === 'identity' ? f.identityVerified : f.bankVerified;

export function checklist(f: KycFacts): KycChecklistItem[] {
  const given: Record<(typeof KYC_CHECKLIST)[number]['key'], boolean> = {
    birthday: f.birthday !== null,
    identity_number: f.identityType !== null && f.identityValue !== null,
    home_address: f.hasHomeAddress,
    identity_document: IDENTITY_DOCUMENTS.some((t) => f.documentTypes.has(t)),
    bank_account: f.bankAccounts > 0,
    bank_document: BANK_DOCUMENTS.some((t) => f.documentTypes.has(t)),
  };
  return KYC_CHECKLIST.map((item) => ({ ...item, done: verifiedOf(f, item.target) || given[item.key] }));
}

/** The status of an open KYC: what the member has given so far. */
export function openStatus(f: KycFacts): KycStatus {
  if (f.identityVerified && f.bankVerified) return 'success';
  const pending = checklist(f).filter((i) => !verifiedOf(f, i.target));
  if (!pending.some((i) => i.done)) return 'draft';
  if (pending.some((i) => i.kind === 'documents' && !i.done)) return 'incomplete_documents';
  if (pending.some((i) => i.kind === 'information' && !i.done)) return 'incomplete_information';
  return 'draft';
}

/** The stored status, or for an open KYC the one its facts give now. */
export function currentStatus(f: KycFacts): KycStatus {
  if (f.identityVerified && f.bankVerified) return 'success';
  const stored = f.row?.status;
  if (isOpen(stored) || stored === 'success') return openStatus(f);
  return stored as KycStatus;
}

function partStatus(f: KycFacts, target: KycTarget): KycItemStatus {
  if (verifiedOf(f, target)) return 'success';
  const stored = (target === 'identity' ? f.row?.identityStatus : f.row?.bankStatus) as
    KycItemStatus | undefined;
  return stored && stored !== 'success' ? stored : 'draft';
}

/** The parts not yet verified: what a submission sends for review. */
export const unverifiedTargets = (f: KycFacts): KycTarget[] =>
  (['identity', 'bank'] as const).filter((t) => !verifiedOf(f, t));

export function overview(
  f: KycFacts,
  settings: { prePendingDays: number; pendingDays: number },
): KycOverview {
  const status = currentStatus(f);
  const items = checklist(f);
  const missing = items.filter((i) => !i.done).map((i) => i.key);
  const identity = partStatus(f, 'identity');
  const bank = partStatus(f, 'bank');
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const identityReason = identity === 'fail' ? (f.row?.identityReason ?? null) : null;
  const bankReason = bank === 'fail' ? (f.row?.bankReason ?? null) : null;
  return {
    member_id: f.memberId,
    status,
    can_submit:
      (isOpen(status) || status === 'fail') && missing.length === 0 && unverifiedTargets(f).length > 0,
    identity: {
      status: identity,
      verified: f.identityVerified,
      reason: identityReason,
      ...reasonFields(identityReason),
    },
    bank: {
      status: bank,
      verified: f.bankVerified,
      reason: bankReason,
      ...reasonFields(bankReason),
    },
    checklist: items,
    missing,
    submitted_at: iso(f.row?.submittedAt),
    review_started_at: iso(f.row?.reviewStartedAt),
    decided_at: iso(f.row?.decidedAt),
    deadline:
      f.identityVerified && f.bankVerified
        ? null
        : lastDayBeforeSuspension(
            f.row?.deadlineFrom ?? f.memberCreatedAt,
            settings.prePendingDays,
            settings.pendingDays,
          ),
  };
}
