import { z } from 'zod';
import type { KycAuditEntry, KycItemStatus, KycOverview } from './kyc.ts';
import { KYC_STATUSES, type KycStatus } from './network.ts';
import type { Address, BankAccount, MemberDocument } from './profile.ts';

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

export interface KycQueueItem {
  member_id: number;
  user_id: number;
  member_code: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  avatar_thumbnail: string | null;
  status: KycStatus;
  identity_status: KycItemStatus;
  bank_status: KycItemStatus;
  /** Some bank account's name differs from the member's name. */
  name_mismatch: boolean;
  submitted_at: string | null;
  updated_at: string | null;
  reviewer: { user_id: number; name: string } | null;
}

/** The member as staff see them beside the documents. */
export interface KycMemberInfo {
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
  register_date: string;
  avatar: { original: string | null; thumbnail: string | null };
  is_verifies_identity: boolean;
  is_verifies_bank: boolean;
}

/** GET /staff/v1/kyc/{memberId}, and the answer of start / approve / reject. */
export interface KycCase {
  member: KycMemberInfo;
  kyc: KycOverview;
  reviewer: { user_id: number; name: string } | null;
  /** `file.url` is the staff download route. */
  documents: MemberDocument[];
  banks: BankAccount[];
  addresses: Address[];
  /** The audit trail, newest first. */
  history: KycAuditEntry[];
}
