import { z } from 'zod';
import { dateInput } from './dates.ts';
import { pageQuery } from './envelope.ts';
import { bigintId, bigintIdParam } from './ids.ts';
import { runStarterField } from './run-starters.ts';
import { MAX_POINTS_PER_UNIT, unitPrice } from './shop.ts';

/**
 * The compensation engine as staff see it (/staff/v1: closings, payouts, the plan, adjustments, the
 * simulator; docs/plan.md sections 3, 6, 7, 13 and E2). Money travels as decimal strings
 * ("1250.00"), PV and LVP as whole numbers, business dates as YYYY-MM-DD (Asia/Bangkok).
 */

export const ENGINE_RUN_TYPES = ['DAILY', 'MTA', 'HOLD_DEADLINE', 'PAYOUT'] as const;
export type EngineRunType = (typeof ENGINE_RUN_TYPES)[number];
/**
 * Why a payout run did not pay a member (plan 6): not payable (identity or bank not verified, or
 * suspended), verified but without an approved bank account on file, a gross of 0.00 or less, or a
 * transfer under the minimum.
 */
export const PAYOUT_HOLD_REASONS = [
  'NOT_PAYABLE',
  'NO_BANK_ACCOUNT',
  'NOTHING_TO_PAY',
  'BELOW_MINIMUM',
] as const;
export type PayoutHoldReason = (typeof PAYOUT_HOLD_REASONS)[number];
export const CLOSING_REQUEST_STATUSES = ['RUNNING', 'DONE', 'FAILED'] as const;
export type ClosingRequestStatus = (typeof CLOSING_REQUEST_STATUSES)[number];
export const ADJUSTMENT_KINDS = ['LVP', 'POINTS'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

const money = z.string().meta({ description: 'THB as a decimal string, e.g. "1250.00"' });
const businessDate = z.string().meta({ description: 'Business date YYYY-MM-DD (Asia/Bangkok)' });
const instant = z.string().meta({ description: 'ISO 8601 instant (UTC)' });
const day = dateInput;

// ---- the plan (section 7) ------------------------------------------------------------------------

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'a decimal string, e.g. "0.20"');
const amount = z.string().regex(/^\d+(\.\d{1,2})?$/, 'an amount, e.g. "100.00"');

/** A package is sold as a product: its price and points within a product's (shop.ts, issue 19). */
const packageSchema = z.strictObject({
  price: unitPrice,
  pv: z.number().int().positive().max(MAX_POINTS_PER_UNIT),
  cycle_value: z.number().int().positive().max(MAX_POINTS_PER_UNIT),
  income_percent: decimal,
  max_income_per_day: amount,
});

const titleSchema = z.strictObject({
  code: z.string().min(1),
  cycles: z.number().int().min(0),
  referrals: z.number().int().min(0),
  mta_depth: z.number().int().min(0),
});

/**
 * The plan's parameters, one zod-checked object; the engine stores it as versions (compensation/plan.ts),
 * the default and the plan's order of packages are in @portal/plan/params.
 */
export const planParamsSchema = z.strictObject({
  PV_THB: decimal,
  /** Ranked by price, then PV (@portal/plan/params packagesInOrder), whatever the order of the keys. */
  PACKAGES: z.record(z.string().regex(/^[A-Z_]+$/), packageSchema),
  ACTIVITY_PV: z.number().int().positive(),
  ACTIVITY_DAYS: z.number().int().positive(),
  /** In ascending order; the first is every member's title. */
  TITLES: z.array(titleSchema).min(1),
  REFERRER_PCT: decimal,
  CASHBACK_PCT: decimal,
  MTA_RATE: z.array(decimal).min(1),
  MTA_MIN_PV: z.number().int().min(0),
  CYCLE_POINT_SPLIT: decimal,
  HOLD_RELEASE_DAYS: z.number().int().positive(),
  WHT_RATE: decimal,
  /**
   * How a payout's withholding tax is computed (plan 6): `FLAT` is WHT_RATE × gross; `ANNUALISED`
   * is the personal income tax of the member's year projected from their payouts so far, spread
   * over the year's months (Revenue Code section 50(1); @portal/plan/wht). Absent means FLAT.
   */
  WHT_METHOD: z.enum(['FLAT', 'ANNUALISED']).default('FLAT'),
  MIN_PAYOUT: amount,
  TRANSFER_FEE: amount,
  /** 0 = Sunday … 6 = Saturday. */
  PAYOUT_WEEKDAY: z.number().int().min(0).max(6),
  TRAVEL_CAMPAIGN: z
    .strictObject({ start: dateInput, end: dateInput, required_points: z.number().int().positive() })
    .nullable(),
});
export type PlanParams = z.infer<typeof planParamsSchema>;

/** Who did it, when a staff member did. */
export const staffRef = z.object({ user_id: z.number().int(), name: z.string() });
export type StaffRef = z.infer<typeof staffRef>;

/** A version of the plan; version 0 is the built-in default, in force until a version is stored. */
export const planVersionSchema = z.object({
  version: z.number().int(),
  effective_from: businessDate.nullable(),
  params: planParamsSchema,
  note: z.string().nullable(),
  created_by: staffRef.nullable(),
  created_at: instant.nullable(),
  in_force: z.boolean(),
});
export type PlanVersion = z.infer<typeof planVersionSchema>;

/** GET /staff/v1/plan */
export const planViewSchema = z.object({
  business_date: businessDate,
  last_closed: businessDate.nullable(),
  /** The first date a new version may apply from: after the last closed day and after today. */
  earliest_from: businessDate,
  in_force: planVersionSchema,
  /** Newest first, the built-in default last. */
  versions: z.array(planVersionSchema),
});
export type PlanView = z.infer<typeof planViewSchema>;

/** POST /staff/v1/plan/versions: the whole parameter set, applying from a date. */
export const planVersionBody = z.strictObject({
  effective_from: day,
  params: planParamsSchema,
  note: z.string().trim().max(500).optional(),
});
export type PlanVersionBody = z.infer<typeof planVersionBody>;

// ---- closing runs -------------------------------------------------------------------------------

/** One recorded run of the engine (engine_runs). */
export const engineRunSchema = z.object({
  id: z.number().int(),
  type: z.enum(ENGINE_RUN_TYPES),
  business_date: businessDate,
  plan_version: z.number().int(),
  status: z.string(),
  /** `scheduler`, `demo-clock`, `simulator`, `demo-history` (the demo seed) or `staff:<user id>`. */
  started_by: z.string(),
  started_by_kind: runStarterField,
  /** The staff member, when one started it. */
  staff: staffRef.nullable(),
  started_at: instant,
  finished_at: instant.nullable(),
  duration_ms: z.number().int().nullable(),
  counts: z.record(z.string(), z.number()),
  totals: z.record(z.string(), z.string()),
});
export type EngineRun = z.infer<typeof engineRunSchema>;

/** GET /staff/v1/closings?type=&from=&to=&page=&per_page= (newest business date first). */
export const closingListQuery = pageQuery(100).extend({
  type: z.enum(ENGINE_RUN_TYPES).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type ClosingListQuery = z.input<typeof closingListQuery>;

/** GET /staff/v1/closings/{id}: the run and the other runs of its business date. */
export const closingDetailSchema = engineRunSchema.extend({ same_day: z.array(engineRunSchema) });
export type ClosingDetail = z.infer<typeof closingDetailSchema>;

/** A closing started from the staff desk, followed while it runs. */
export const closingRequestSchema = z.object({
  id: z.number().int(),
  business_date: businessDate,
  status: z.enum(CLOSING_REQUEST_STATUSES),
  /** Why it stopped (the plan's rule, or the error), when it failed. */
  error: z.string().nullable(),
  staff: staffRef.nullable(),
  started_at: instant,
  finished_at: instant.nullable(),
  runs: z.array(
    z.object({ id: z.number().int(), type: z.enum(ENGINE_RUN_TYPES), already_done: z.boolean() }),
  ),
});
export type ClosingRequest = z.infer<typeof closingRequestSchema>;

/** GET /staff/v1/closings/status: where the closings stand and what staff may close. */
export const closingStatusSchema = z.object({
  /** Today, on the business clock. */
  business_date: businessDate,
  last_closed: businessDate.nullable(),
  /** The day to close next (the day after the last closed one, or the first day with activity). */
  next_day: businessDate.nullable(),
  /** Whether next_day has ended and nothing is running: staff may start its closing. */
  closable: z.boolean(),
  running: z.array(closingRequestSchema),
  /** The latest closings started from the desk, newest first. */
  recent: z.array(closingRequestSchema),
});
export type ClosingStatus = z.infer<typeof closingStatusSchema>;

/** POST /staff/v1/closings?wait=true: starts the closing of a day (its hold deadlines, closing, MTA, payout). */
export const startClosingBody = z.strictObject({ date: day });
export const startClosingQuery = z.object({
  /** Answer when the closing has finished instead of at once (scripts, tests). */
  wait: z.enum(['true', 'false']).optional(),
});

// ---- payout runs --------------------------------------------------------------------------------

export const payoutRunSchema = z.object({
  run_id: z.number().int(),
  run_date: businessDate,
  plan_version: z.number().int(),
  started_by: z.string(),
  started_by_kind: runStarterField,
  staff: staffRef.nullable(),
  finished_at: instant.nullable(),
  paid_members: z.number().int(),
  held_members: z.number().int(),
  gross: money,
  wht: money,
  point_part: money,
  fee: money,
  /** What the bank transfers. */
  net: money,
  /** The gross of the members held back (stays WAITING for a later run). */
  held_gross: money,
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

export const payoutListQuery = pageQuery(100).extend({ from: day.optional(), to: day.optional() });
export type PayoutListQuery = z.input<typeof payoutListQuery>;
export const payoutDateParam = z.object({ date: day });

/** GET /staff/v1/payouts/{date}: the run, its totals, and how many were held back for each reason. */
export const payoutDetailSchema = payoutRunSchema.extend({
  held_by_reason: z.object({
    NOT_PAYABLE: z.number().int(),
    NO_BANK_ACCOUNT: z.number().int(),
    NOTHING_TO_PAY: z.number().int(),
    BELOW_MINIMUM: z.number().int(),
  }),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

export const payoutMembersQuery = pageQuery(100).extend({ q: z.string().trim().max(100).optional() });

/** GET /staff/v1/payouts/{date}/paid: one transfer. */
export const payoutPaidSchema = z.object({
  member_id: z.number().int(),
  member_code: z.string(),
  name: z.string(),
  gross: money,
  wht: money,
  point_part: money,
  fee: money,
  net: money,
  bank_code: z.string().nullable(),
  account_no: z.string().nullable(),
  account_name: z.string().nullable(),
});
export type PayoutPaid = z.infer<typeof payoutPaidSchema>;

/** GET /staff/v1/payouts/{date}/held: a member the run did not pay, and why. */
export const payoutHeldSchema = z.object({
  member_id: z.number().int(),
  member_code: z.string(),
  name: z.string(),
  gross: money,
  reason: z.enum(PAYOUT_HOLD_REASONS),
});
export type PayoutHeld = z.infer<typeof payoutHeldSchema>;

/** The columns of the bank transfer file and of the WHT list (CSV, header row first). */
export const TRANSFER_FILE_COLUMNS = ['bank_code', 'account_no', 'account_name', 'amount'] as const;
export const WHT_FILE_COLUMNS = ['member_code', 'name', 'identity_number', 'gross', 'wht'] as const;
/** The members a run held back (CSV): their WAITING gross stays for a later run. */
export const HELD_FILE_COLUMNS = ['member_code', 'name', 'gross', 'reason'] as const;

// ---- manual adjustments -------------------------------------------------------------------------

/** GET /staff/v1/adjustments/members?q=: members found by code, name, e-mail or mobile, with balances. */
export const memberSearchQuery = z.object({ q: z.string().trim().min(1).max(100) });
export const memberBalanceSchema = z.object({
  member_id: z.number().int(),
  member_code: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  lvp_balance: z.number().int(),
  point_balance: money,
});
export type MemberBalance = z.infer<typeof memberBalanceSchema>;

const SIGNED_AMOUNT = /^-?\d{1,9}(\.\d{1,2})?$/;

/**
 * POST /staff/v1/adjustments: LVP (whole points) or the point balance (up to two decimals), added
 * (positive) or taken (negative), with the reason that goes into the ledger and the audit.
 */
export const adjustmentBody = z
  .strictObject({
    member_id: bigintId,
    kind: z.enum(ADJUSTMENT_KINDS),
    amount: z
      .string()
      .trim()
      .regex(SIGNED_AMOUNT, 'An amount such as "50" or "-12.50"')
      .refine((v) => Number(v) !== 0, 'The amount cannot be zero'),
    remark: z.string().trim().min(1, 'Write why the balance is adjusted').max(500),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'LVP' && !/^-?\d+$/.test(body.amount))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'LVP is adjusted in whole points' });
  });
export type AdjustmentBody = z.input<typeof adjustmentBody>;

export const adjustmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ADJUSTMENT_KINDS),
  member_id: z.number().int(),
  member_code: z.string(),
  name: z.string(),
  /** LVP as a whole number, points with two decimals; negative when taken. */
  amount: z.string(),
  remark: z.string(),
  business_date: businessDate,
  /** The member's balance of that kind right after. */
  balance_after: z.string(),
  staff: staffRef.nullable(),
  created_at: instant,
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adjustmentListQuery = pageQuery(100).extend({ member_id: bigintIdParam.optional() });

// ---- the simulator (section 13) -----------------------------------------------------------------

/** POST /staff/v1/plan/simulate: a scenario of section 13 in, its result out. */
export const simulationScenarioBody = z
  .record(z.string(), z.unknown())
  .meta({ description: 'A scenario of compensation-plan.md section 13: plan, members, events, until' });

/** Where the caller's plan simulations stand in the server's queue (one runs at a time). */
export const simulationQueueSchema = z.object({
  running: z.object({ mine: z.boolean(), started_at: instant }).nullable(),
  waiting: z.number().int().meta({ description: 'How many simulations wait (not the one running)' }),
  mine: z
    .array(z.number().int())
    .meta({ description: "Positions of the caller's waiting simulations, 1 = next" }),
});
export type SimulationQueue = z.infer<typeof simulationQueueSchema>;

export const simulationResultSchema = z.object({
  closings: z.array(
    z.object({
      member: z.string(),
      date: businessDate,
      carry_in_left: z.number(),
      carry_in_right: z.number(),
      new_left: z.number(),
      new_right: z.number(),
      cycles: z.number(),
      cycle_value: z.number(),
      income_percent: z.string(),
      max_income_per_day: money,
      gross: money,
      paid: money,
      flushed: money,
      point_part: money,
      cash_part: money,
      carry_out_left: z.number(),
      carry_out_right: z.number(),
      qualified: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
  income: z.array(
    z.object({
      member: z.string(),
      type: z.string(),
      amount: money,
      income_date: businessDate,
      state: z.string(),
      source: z.string(),
      generation: z.number().nullable(),
    }),
  ),
  payouts: z.array(
    z.object({
      member: z.string(),
      date: businessDate,
      gross: money,
      wht: money,
      point_part: money,
      net: money,
    }),
  ),
  titles: z.array(z.object({ member: z.string(), from: z.string(), to: z.string(), date: businessDate })),
  hold_lots: z.array(
    z.object({
      order: z.string(),
      member: z.string(),
      pv_total: z.number(),
      pv_remaining: z.number(),
      releases: z.array(
        z.object({ date: businessDate, pv: z.number(), target: z.string(), auto: z.boolean() }),
      ),
    }),
  ),
  members: z.array(
    z.object({
      member: z.string(),
      package: z.string(),
      title: z.string(),
      expiry_date: businessDate.nullable(),
      cumulative_cycles: z.number(),
      travel_points: z.number(),
      lvp_balance: z.number(),
      point_balance: money,
    }),
  ),
});
export type SimulationResult = z.infer<typeof simulationResultSchema>;
