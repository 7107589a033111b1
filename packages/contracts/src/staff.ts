import { z } from 'zod';
import { KYC_ITEM_STATUSES, kycAuditEntrySchema, kycOverviewSchema } from './kyc.ts';
import { KYC_STATUSES } from './network.ts';
import { addressSchema, bankAccountSchema, memberDocumentSchema } from './profile.ts';

/**
 * GET /staff/v1/kyc?status=&q=&page=&per_page=
 * `status`: one KYC status, `queue` (waiting_for_review and in_progress_review, the default) or `all`.
 * `q`: name, e-mail, mobile or member code (contains).
 */
export const kycQueueQuery = z.object({
  status: z.enum([...KYC_STATUSES, 'queue', 'all']).default('queue'),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});
export type KycQueueQuery = z.input<typeof kycQueueQuery>;

const reviewer = z.object({ user_id: z.number().int(), name: z.string() }).nullable();

export const kycQueueItemSchema = z.object({
  member_id: z.number().int(),
  user_id: z.number().int(),
  member_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  avatar_thumbnail: z.string().nullable(),
  status: z.enum(KYC_STATUSES),
  identity_status: z.enum(KYC_ITEM_STATUSES),
  bank_status: z.enum(KYC_ITEM_STATUSES),
  /** Some bank account's name differs from the member's name. */
  name_mismatch: z.boolean(),
  submitted_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  reviewer,
});
export type KycQueueItem = z.infer<typeof kycQueueItemSchema>;

/** The member as staff see them beside the documents. */
export const kycMemberInfoSchema = z.object({
  member_id: z.number().int(),
  user_id: z.number().int(),
  member_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  birthday: z.string().nullable(),
  gender: z.enum(['male', 'female']),
  identity_type: z.string().nullable(),
  identity_value: z.string().nullable(),
  language: z.enum(['th', 'en']),
  register_date: z.string(),
  avatar: z.object({ original: z.string().nullable(), thumbnail: z.string().nullable() }),
  is_verifies_identity: z.boolean(),
  is_verifies_bank: z.boolean(),
});
export type KycMemberInfo = z.infer<typeof kycMemberInfoSchema>;

/** GET /staff/v1/kyc/{memberId}, and the answer of start / approve / reject. */
export const kycCaseSchema = z.object({
  member: kycMemberInfoSchema,
  kyc: kycOverviewSchema,
  reviewer,
  /** `file.url` is the staff download route. */
  documents: z.array(memberDocumentSchema),
  banks: z.array(bankAccountSchema),
  addresses: z.array(addressSchema),
  /** The audit trail, newest first. */
  history: z.array(kycAuditEntrySchema),
});
export type KycCase = z.infer<typeof kycCaseSchema>;
