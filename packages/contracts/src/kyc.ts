import { z } from 'zod';
import { KYC_STATUSES, type KycStatus } from './network.ts';
import { cleanText } from './text.ts';

export { KYC_STATUSES, type KycStatus };

/**
 * The member-level KYC statuses (the specification's list):
 *
 *   draft ─┬─ incomplete_documents ──┐   (open: follows what the member has given, automatically)
 *          └─ incomplete_information ┤
 *   open (complete) ── member submits ──▶ waiting_for_review ── staff start ──▶ in_progress_review
 *   in_progress_review ── staff approve / reject each part ──▶ success (both verified) | fail (a part rejected)
 *   fail ── member fixes and submits again ──▶ waiting_for_review
 *
 * `draft` with `can_submit: true` means complete and not yet submitted.
 */
export const KYC_OPEN_STATUSES = ['draft', 'incomplete_documents', 'incomplete_information'] as const;

/** A document or bank account moves through a subset: draft → waiting → in review → success | fail. */
export const KYC_ITEM_STATUSES = [
  'draft',
  'waiting_for_review',
  'in_progress_review',
  'success',
  'fail',
] as const;
export type KycItemStatus = (typeof KYC_ITEM_STATUSES)[number];

/** What staff verify separately: identity (sets is_verifies_identity) and bank (is_verifies_bank). */
export const KYC_TARGETS = ['identity', 'bank'] as const;
export type KycTarget = (typeof KYC_TARGETS)[number];

/** The checklist: each item, which part it belongs to, and the profile section that fixes it. */
export const KYC_CHECKLIST = [
  { key: 'birthday', target: 'identity', kind: 'information', section: 'information' },
  { key: 'identity_number', target: 'identity', kind: 'information', section: 'information' },
  { key: 'home_address', target: 'identity', kind: 'information', section: 'addresses' },
  { key: 'identity_document', target: 'identity', kind: 'documents', section: 'documents' },
  { key: 'bank_account', target: 'bank', kind: 'information', section: 'banks' },
  { key: 'bank_document', target: 'bank', kind: 'documents', section: 'documents' },
] as const;
export type KycChecklistKey = (typeof KYC_CHECKLIST)[number]['key'];
export type ProfileSection = (typeof KYC_CHECKLIST)[number]['section'];

const checklistKeys = KYC_CHECKLIST.map((c) => c.key) as [KycChecklistKey, ...KycChecklistKey[]];
const sections = [...new Set(KYC_CHECKLIST.map((c) => c.section))] as [ProfileSection, ...ProfileSection[]];

export const kycChecklistItemSchema = z.object({
  key: z.enum(checklistKeys),
  target: z.enum(KYC_TARGETS),
  kind: z.enum(['information', 'documents']),
  /** The /profile section (deep link `/profile#documents`) where the member fixes it. */
  section: z.enum(sections),
  done: z.boolean(),
});
export type KycChecklistItem = z.infer<typeof kycChecklistItemSchema>;

/**
 * The reasons staff choose from when they reject a part of a KYC, each with its Thai and English text
 * (the member reads it in their language); a note may add to it, and a reason not on the list is
 * written in full as `reason` (shown as written).
 */
export const KYC_REJECT_REASONS = [
  'unreadable',
  'expired',
  'name_mismatch',
  'number_mismatch',
  'wrong_document',
  'selfie_mismatch',
] as const;
export type KycRejectReason = (typeof KYC_REJECT_REASONS)[number];

/** A stored rejection reason as its key (null: written in full, shown as `reason`) and its note. */
export const kycReasonFields = {
  reason_key: z.enum(KYC_REJECT_REASONS).nullable().meta({
    description:
      "The rejection reason from the list, to show in the reader's language; null: show `reason` as written",
  }),
  reason_note: z.string().nullable().meta({ description: "Staff's note beside a reason from the list" }),
};

export const kycPartSchema = z.object({
  status: z.enum(KYC_ITEM_STATUSES),
  verified: z.boolean(),
  /** Why staff rejected this part (status fail). */
  reason: z.string().nullable(),
  ...kycReasonFields,
});
export type KycPart = z.infer<typeof kycPartSchema>;

/** GET /member/v1/me/kyc, and `kyc` in the staff detail. */
export const kycOverviewSchema = z.object({
  member_id: z.number().int(),
  status: z.enum(KYC_STATUSES),
  /** Everything needed is given and the KYC is open or failed: POST /v1/me/kyc/submit will succeed. */
  can_submit: z.boolean(),
  identity: kycPartSchema,
  bank: kycPartSchema,
  checklist: z.array(kycChecklistItemSchema),
  /** The keys of the checklist items not done, in checklist order. */
  missing: z.array(z.enum(checklistKeys)),
  submitted_at: z.string().nullable(),
  review_started_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** The last day (Asia/Bangkok, YYYY-MM-DD) to complete KYC before suspension; null once complete. */
  deadline: z.string().nullable(),
});
export type KycOverview = z.infer<typeof kycOverviewSchema>;

/** POST /staff/v1/kyc/{memberId}/approve */
export const kycApproveBody = z.strictObject({ target: z.enum(KYC_TARGETS) });
/** POST /staff/v1/kyc/{memberId}/reject: a reason from the list and an optional note, or a reason in full. */
export const kycRejectBody = z
  .strictObject({
    target: z.enum(KYC_TARGETS),
    reason_key: z.enum(KYC_REJECT_REASONS).optional().meta({
      description: 'A reason from the list (its text in both languages); `reason` is then an optional note',
    }),
    reason: cleanText('A reason is required').max(1000).optional().meta({
      description: 'Without reason_key: the reason in full (3 characters or more); with it: a note',
    }),
  })
  .refine((b) => b.reason_key !== undefined || (b.reason?.length ?? 0) >= 3, {
    message: 'A reason is required',
    path: ['reason'],
  });
export type KycRejectBody = z.infer<typeof kycRejectBody>;

export const KYC_AUDIT_ACTIONS = ['submit', 'start', 'approve', 'reject'] as const;
export type KycAuditAction = (typeof KYC_AUDIT_ACTIONS)[number];

/** One row of the audit trail: who, when, what. */
export const kycAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(KYC_AUDIT_ACTIONS),
  target: z.enum(KYC_TARGETS).nullable(),
  reason: z.string().nullable(),
  ...kycReasonFields,
  from_status: z.enum(KYC_STATUSES),
  to_status: z.enum(KYC_STATUSES),
  actor: z.object({
    user_id: z.number().int().nullable(),
    name: z.string().nullable(),
    type: z.enum(['member', 'staff', 'admin']).nullable(),
  }),
  created_at: z.string(),
});
export type KycAuditEntry = z.infer<typeof kycAuditEntrySchema>;
