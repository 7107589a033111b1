import { z } from 'zod';
import { dateInput } from './dates.ts';
import { SUSPENSION_PERIODS, SUSPENSION_STATUSES } from './suspension.ts';
import { pageQuery } from './envelope.ts';
import { bigintIdParam } from './ids.ts';
import { cleanText, personName } from './text.ts';
import { DEFAULT_DOWNLINE_DEPTH, KYC_STATUSES, MAX_DOWNLINE_DEPTH, SIDES, type Side } from './downline.ts';

export * from './downline.ts';

const int = z.number().int();
const instant = z.string().meta({ description: 'ISO 8601 instant (UTC)' });
const decimal = z.string().meta({ description: 'decimal string' });
const side = z.enum(SIDES);

/** Someone shown by name: a referrer, an upline, a search hit. Points travel as decimal strings. */
export const memberBriefSchema = z.object({
  id: int,
  member_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** user id: thumbnails come from GET /member/v1/user-avatars?ids= */
  avatar_id: int.meta({ description: 'user id: thumbnails come from GET /member/v1/user-avatars?ids=' }),
  avatar_thumbnail: z.string().nullable(),
  gender: z.enum(['male', 'female']),
});
export type MemberBrief = z.infer<typeof memberBriefSchema>;

/** One entry of a member's suspension list (the type, without zod, is in suspension.ts). */
export const suspensionEntrySchema = z.object({
  id: int,
  period: z.enum(SUSPENSION_PERIODS),
  status: z.enum(SUSPENSION_STATUSES),
  days_left: int.nullable(),
  suspended_at: instant.nullable(),
  message: z.string(),
  message_th: z.string(),
  created_at: instant,
});

/** GET /network/api/v1/me, POST /authen */
export const networkMemberSchema = memberBriefSchema.extend({
  user_id: int,
  member_uuid: z.string(),
  franchise_code: z.string(),
  email: z.string(),
  phone_number: z.string(),
  package: z.string().nullable(),
  business_title: z.string().nullable(),
  point: decimal,
  /** active on today's business date (plan 1.2): an expiry date on or after it */
  is_active: z.boolean().meta({ description: "active on today's business date (plan 1.2)" }),
  is_placed: z.boolean(),
  referrer: memberBriefSchema.nullable(),
  upline: memberBriefSchema.nullable(),
  side: side.nullable(),
  register_date: instant,
  placed_at: instant.nullable(),
  expiry_date: z.string().nullable().meta({ description: 'YYYY-MM-DD (plan 1.2)' }),
  kyc_status: z.enum(KYC_STATUSES),
  suspension: z.array(suspensionEntrySchema),
});
export type NetworkMember = z.infer<typeof networkMemberSchema>;

/** GET /member_downline/summary */
export const downlineSummarySchema = z.object({
  total_team: int,
  left_team: int,
  right_team: int,
  left_points: decimal,
  right_points: decimal,
  referrer_member: memberBriefSchema.nullable(),
  /** the member may place members: account open, not suspended, and placed in the tree */
  can_add_team: z.boolean(),
  /** members I referred myself who are still waiting to be placed (the full list, including my
   * downline's referrals, is GET /member/search_new_member) */
  waiting_to_place: int,
  direct_referrals: int,
});
export type DownlineSummary = z.infer<typeof downlineSummarySchema>;

export const emptySlotSchema = z.object({
  upline_member_id: int,
  upline_member_code: z.string(),
  /** the upline's name, so a slot is named by name and code (issue 23) */
  upline_first_name: z.string(),
  upline_last_name: z.string(),
  position: side,
  /** levels below the member the slot list was asked for */
  level: int,
});
export type EmptySlot = z.infer<typeof emptySlotSchema>;

/** One node of GET /member_downline/{memberId}: the member and, nested, their downline. */
export interface DownlineNode extends MemberBrief {
  package: string | null;
  business_title: string | null;
  /** active on today's business date (plan 1.2) */
  is_active: boolean;
  /** YYYY-MM-DD: the last day of activity (plan 1.2), null without personal PV */
  expiry_date: string | null;
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
export const downlineNodeSchema: z.ZodType<DownlineNode> = memberBriefSchema
  .extend({
    package: z.string().nullable(),
    business_title: z.string().nullable(),
    is_active: z.boolean(),
    expiry_date: z.string().nullable(),
    point: decimal,
    left_team: int,
    right_team: int,
    left_points: decimal,
    right_points: decimal,
    side: side.nullable(),
    level: int,
    placed_at: instant.nullable(),
    get left() {
      return downlineNodeSchema.nullable();
    },
    get right() {
      return downlineNodeSchema.nullable();
    },
    empty_left: z.boolean(),
    empty_right: z.boolean(),
    has_more: z.boolean(),
  })
  .meta({ id: 'DownlineNode' });

export const downlineTreeSchema = z.object({
  top: downlineNodeSchema,
  /** the chain from the asking member down to the top's upline, for "up one level" and breadcrumbs */
  path: z.array(memberBriefSchema),
  depth: int,
});
export type DownlineTree = z.infer<typeof downlineTreeSchema>;

export const downlineQuery = z.object({
  depth: z.coerce.number().int().min(1).max(MAX_DOWNLINE_DEPTH).default(DEFAULT_DOWNLINE_DEPTH),
});

export const searchQuery = pageQuery(100).extend({
  q: z.string().trim().min(1).max(100),
});

export const downlineSearchHitSchema = memberBriefSchema.extend({
  phone_number: z.string(),
  package: z.string().nullable(),
  business_title: z.string().nullable(),
  side: side.nullable(),
  placed_at: instant.nullable(),
});
export type DownlineSearchHit = z.infer<typeof downlineSearchHitSchema>;

/** GET /member/search_new_member: registered, not yet placed, referred by me or my downline. */
export const placeableMemberSchema = memberBriefSchema.extend({
  email: z.string(),
  phone_number: z.string(),
  referrer: memberBriefSchema.nullable(),
  register_date: instant,
});
export type PlaceableMember = z.infer<typeof placeableMemberSchema>;

export const slotsQuery = z.object({
  member_id: bigintIdParam.optional(),
});

/** GET /member_downline/below_postion_member_id */
export const slotChoicesSchema = z.object({
  upline: memberBriefSchema,
  /** empty slots in the upline's first levels, nearest first */
  slots: z.array(emptySlotSchema),
  quick: z.object({
    extreme_left: emptySlotSchema.nullable(),
    extreme_right: emptySlotSchema.nullable(),
    weaker_leg: emptySlotSchema.nullable(),
  }),
});
export type SlotChoices = z.infer<typeof slotChoicesSchema>;

export const placementBody = z.strictObject({
  member_id: bigintIdParam,
  upline_member_id: bigintIdParam,
  position: z.enum(SIDES),
  confirm: z.literal(true, { message: 'Please confirm that the placement is correct' }),
});
export type PlacementBody = z.input<typeof placementBody>;

export const placementResultSchema = z.object({
  member: memberBriefSchema,
  upline: memberBriefSchema,
  position: side,
  placed_at: instant,
});
export type PlacementResult = z.infer<typeof placementResultSchema>;

/** POST /manage_member: an application client creates (or finds) the network member of a user. */
export const manageMemberBody = z.strictObject({
  user_id: bigintIdParam,
  referrer_member_id: bigintIdParam.nullable().optional(),
  package: cleanText().max(50).nullable().optional(),
  business_title: cleanText().max(80).nullable().optional(),
  expiry_date: dateInput.nullable().optional(),
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
export const teamGrowthPointSchema = z.object({
  month: z.string().meta({ description: 'YYYY-MM (Asia/Bangkok)' }),
  placed: int,
  referred: int,
});
export type TeamGrowthPoint = z.infer<typeof teamGrowthPointSchema>;

export const teamOverviewSchema = z.object({
  newest_placed: z.array(memberBriefSchema.extend({ side: side.nullable(), placed_at: instant })),
  newest_referred: z.array(memberBriefSchema.extend({ register_date: instant, is_placed: z.boolean() })),
  growth: z.array(teamGrowthPointSchema),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

const weekDate = z.string().meta({ description: 'Business date YYYY-MM-DD (Asia/Bangkok)' });

/**
 * GET /network/api/v1/member_downline/week: the team's activity in this business week (Monday to
 * Sunday around today on the business clock), for the dashboard. Counts of rows, no money.
 */
export const teamWeekSchema = z.object({
  from: weekDate.meta({ description: 'Monday of this business week' }),
  to: weekDate.meta({ description: 'Sunday of this business week' }),
  placed: int.meta({ description: 'Members placed in my downline this week (placed_at, Asia/Bangkok)' }),
  referred: int.meta({ description: 'Members who signed up with my invitation this week' }),
  orders: int.meta({
    description:
      'Orders of my downline paid this week (paid_date) and not canceled; community-shop sales excluded',
  }),
  pv: int.meta({ description: 'Σ pv_total of those orders' }),
});
export type TeamWeek = z.infer<typeof teamWeekSchema>;

/**
 * GET /network/api/v1/me/first_steps: what a new member's first-steps checklist needs besides the
 * account's own flags (verified contact, identity, bank): their paid orders and their invitations.
 */
export const firstStepsSchema = z.object({
  paid_orders: int.meta({
    description: 'My own orders (package, upgrade, repurchase) paid and not canceled',
  }),
  invited: int.meta({ description: 'Members who signed up with my invitation (I am their referrer)' }),
});
export type FirstSteps = z.infer<typeof firstStepsSchema>;
