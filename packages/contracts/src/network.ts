import { z } from 'zod';
import type { SuspensionEntry } from './identity.ts';
import { pageQuery } from './envelope.ts';
import { bigintIdParam } from './ids.ts';
import { cleanText, personName } from './text.ts';

export const SIDES = ['left', 'right'] as const;
export type Side = (typeof SIDES)[number];

export const MAX_DOWNLINE_DEPTH = 5;
export const DEFAULT_DOWNLINE_DEPTH = 3;

export const KYC_STATUSES = [
  'draft',
  'incomplete_documents',
  'incomplete_information',
  'waiting_for_review',
  'in_progress_review',
  'success',
  'fail',
] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** Someone shown by name: a referrer, an upline, a search hit. Points travel as decimal strings. */
export interface MemberBrief {
  id: number;
  member_code: string;
  first_name: string;
  last_name: string;
  /** user id: thumbnails come from GET /member/v1/user-avatars?ids= */
  avatar_id: number;
  avatar_thumbnail: string | null;
  gender: 'male' | 'female';
}

/** GET /network/api/v1/me, POST /authen */
export interface NetworkMember extends MemberBrief {
  user_id: number;
  member_uuid: string;
  franchise_code: string;
  email: string;
  phone_number: string;
  package: string | null;
  business_title: string | null;
  point: string;
  is_active: boolean;
  is_placed: boolean;
  referrer: MemberBrief | null;
  upline: MemberBrief | null;
  side: Side | null;
  register_date: string;
  placed_at: string | null;
  expiry_date: string | null;
  kyc_status: KycStatus;
  suspension: SuspensionEntry[];
}

/** GET /member_downline/summary */
export interface DownlineSummary {
  total_team: number;
  left_team: number;
  right_team: number;
  left_points: string;
  right_points: string;
  referrer_member: MemberBrief | null;
  /** the member may place members: active, not suspended, and placed in the tree */
  can_add_team: boolean;
  /** members I referred myself who are still waiting to be placed (the full list, including my
   * downline's referrals, is GET /member/search_new_member) */
  waiting_to_place: number;
  direct_referrals: number;
}

export interface EmptySlot {
  upline_member_id: number;
  upline_member_code: string;
  position: Side;
  /** levels below the member the slot list was asked for */
  level: number;
}

/** One node of GET /member_downline/{memberId}: the member and, nested, their downline. */
export interface DownlineNode extends MemberBrief {
  package: string | null;
  business_title: string | null;
  is_active: boolean;
  point: string;
  left_team: number;
  right_team: number;
  left_points: string;
  right_points: string;
  side: Side | null;
  /** levels below the requested top */
  level: number;
  placed_at: string | null;
  left: DownlineNode | null;
  right: DownlineNode | null;
  /** the child slot is empty (and so can be filled) */
  empty_left: boolean;
  empty_right: boolean;
  /** the node has children below the fetched depth: fetch it as a new top to see them */
  has_more: boolean;
}

export interface DownlineTree {
  top: DownlineNode;
  /** the chain from the asking member down to the top's upline, for "up one level" and breadcrumbs */
  path: MemberBrief[];
  depth: number;
}

export const downlineQuery = z.object({
  depth: z.coerce.number().int().min(1).max(MAX_DOWNLINE_DEPTH).default(DEFAULT_DOWNLINE_DEPTH),
});

export const searchQuery = pageQuery(100).extend({
  q: z.string().trim().min(1).max(100),
});

export interface DownlineSearchHit extends MemberBrief {
  phone_number: string;
  package: string | null;
  business_title: string | null;
  side: Side | null;
  placed_at: string | null;
}

/** GET /member/search_new_member: registered, not yet placed, referred by me or my downline. */
export interface PlaceableMember extends MemberBrief {
  email: string;
  phone_number: string;
  referrer: MemberBrief | null;
  register_date: string;
}

export const slotsQuery = z.object({
  member_id: bigintIdParam.optional(),
});

/** GET /member_downline/below_postion_member_id */
export interface SlotChoices {
  upline: MemberBrief;
  /** empty slots in the upline's first levels, nearest first */
  slots: EmptySlot[];
  quick: {
    extreme_left: EmptySlot | null;
    extreme_right: EmptySlot | null;
    weaker_leg: EmptySlot | null;
  };
}

export const placementBody = z.strictObject({
  member_id: bigintIdParam,
  upline_member_id: bigintIdParam,
  position: z.enum(SIDES),
  confirm: z.literal(true, { message: 'Please confirm that the placement is correct' }),
});
export type PlacementBody = z.input<typeof placementBody>;

export interface PlacementResult {
  member: MemberBrief;
  upline: MemberBrief;
  position: Side;
  placed_at: string;
}

/** POST /manage_member: an application client creates (or finds) the network member of a user. */
export const manageMemberBody = z.strictObject({
  user_id: bigintIdParam,
  referrer_member_id: bigintIdParam.nullable().optional(),
  package: cleanText().max(50).nullable().optional(),
  business_title: cleanText().max(80).nullable().optional(),
  expiry_date: z.iso.date().nullable().optional(),
  is_active: z.boolean().optional(),
});
export const manageMemberUpdate = manageMemberBody.omit({ user_id: true, referrer_member_id: true });

/** PUT /member/{id}: name and e-mail sync from the member API. */
export const memberSyncBody = z.strictObject({
  first_name: personName().optional(),
  last_name: personName().optional(),
  email: z.email().max(254).optional(),
});

/** The dashboard's team widgets. */
export interface TeamGrowthPoint {
  month: string; // YYYY-MM (Asia/Bangkok)
  placed: number;
  referred: number;
}

export interface TeamOverview {
  newest_placed: (MemberBrief & { side: Side | null; placed_at: string })[];
  newest_referred: (MemberBrief & { register_date: string; is_placed: boolean })[];
  growth: TeamGrowthPoint[];
}
