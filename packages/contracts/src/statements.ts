import { z } from 'zod';
import { monthInput } from './dates.ts';
import { bigintIdParam } from './ids.ts';
import { ledgerRemarkFields } from './ledger-remarks.ts';
import { INCOME_TYPES, LVP_TYPES, POINT_KINDS, businessDate, reportListQuery } from './reports.ts';
import { SHOP_ORDER_TYPES, money } from './shop.ts';

/**
 * The member's hold points (plan 5.1), canceled orders (plan 2.4) and statements of closed periods
 * (plan 6): GET/POST under /network/api/v1, the signed-in member's own rows only. Money is a decimal
 * string, PV a whole number.
 */

const pv = z.number().int();

// ---- hold points --------------------------------------------------------------------------

export const HOLD_TARGETS = ['SELF', 'LEFT', 'RIGHT'] as const;
export type HoldTarget = (typeof HOLD_TARGETS)[number];
/** OPEN: PV left to release; RELEASED: nothing left; CANCELED: the order was canceled. */
export const HOLD_LOT_STATUSES = ['OPEN', 'RELEASED', 'CANCELED'] as const;
export type HoldLotStatus = (typeof HOLD_LOT_STATUSES)[number];

/** GET hold_point: the member's lots, newest first, by the date each was created. */
export const holdLotListQuery = reportListQuery;
export const holdLotParams = z.object({ lotId: bigintIdParam });

export const holdLotRowSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  created_date: businessDate,
  /** What is left is released to SELF on this date (plan 5.1). */
  deadline: businessDate,
  /** Days from today's business date to the deadline (0 on the day; negative when passed). */
  days_left: z.number().int(),
  pv_total: pv,
  pv_released: pv,
  pv_remaining: pv,
  status: z.enum(HOLD_LOT_STATUSES),
  canceled_date: businessDate.nullable(),
});
export type HoldLotRow = z.infer<typeof holdLotRowSchema>;

export const holdReleaseSchema = z.object({
  id: z.number().int(),
  release_date: businessDate,
  pv,
  target: z.enum(HOLD_TARGETS),
  /** Released by the engine at the deadline, not by the member. */
  auto: z.boolean(),
});
export type HoldRelease = z.infer<typeof holdReleaseSchema>;

export const holdLotDetailSchema = holdLotRowSchema.extend({
  releases: z.array(holdReleaseSchema),
  /** The member may release now: the lot is open and the member is not suspended. */
  can_release: z.boolean(),
});
export type HoldLotDetail = z.infer<typeof holdLotDetailSchema>;

/** POST hold_point/{lotId}/release: 1 ≤ pv ≤ what is left, to one target, dated today. */
export const holdReleaseBody = z.strictObject({
  pv: z.number().int('A whole number of PV').min(1, 'At least 1 PV'),
  target: z.enum(HOLD_TARGETS),
});
export type HoldReleaseBody = z.infer<typeof holdReleaseBody>;

export const holdReleaseResultSchema = z.object({
  release: holdReleaseSchema,
  lot: holdLotDetailSchema,
});
export type HoldReleaseResult = z.infer<typeof holdReleaseResultSchema>;

// ---- canceled orders ----------------------------------------------------------------------

/** GET report/canceled_order: the member's canceled orders whose cancel date is in the range. */
export const canceledOrderListQuery = reportListQuery;

/** What the cancellation wrote to the member's own ledger, every row dated the cancel day. */
export const canceledOrderReversalsSchema = z.object({
  /** PV taken back (negative): the order's posting and its hold releases, dated the cancel day. */
  volume: z.array(
    z.object({
      date: businessDate,
      pv,
      personal: z.boolean(),
      side: z.enum(['left', 'right']).nullable(),
    }),
  ),
  lvp: z.array(
    z.object({
      date: businessDate,
      type: z.enum(LVP_TYPES),
      points: z.number().int(),
      remark: z.string(),
      ...ledgerRemarkFields,
    }),
  ),
  points: z.array(
    z.object({
      date: businessDate,
      kind: z.enum(POINT_KINDS),
      points: money,
      remark: z.string(),
      ...ledgerRemarkFields,
    }),
  ),
  /** Income of the order: VOID when it was still waiting, a negative correction when already paid. */
  income: z.array(
    z.object({
      type: z.enum(INCOME_TYPES),
      date: businessDate,
      amount: money,
      effect: z.enum(['VOID', 'CORRECTION']),
    }),
  ),
  /** Unreleased hold PV removed from the order's lot. */
  hold_pv_removed: pv,
});

export const canceledOrderRowSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  order_type: z.enum(SHOP_ORDER_TYPES),
  order_date: businessDate,
  payment_date: businessDate.nullable(),
  canceled_date: businessDate,
  cancel_reason: z.string().nullable(),
  total_amount: money,
  pv_total: pv,
  lvp_total: z.number().int(),
  /** Totals of the reversals below. */
  pv_reversed: pv,
  lvp_change: z.number().int(),
  points_refunded: money,
  income_voided: money,
  income_corrected: money,
  reversals: canceledOrderReversalsSchema,
});
export type CanceledOrderRow = z.infer<typeof canceledOrderRowSchema>;

// ---- statements of closed periods ---------------------------------------------------------

const monthText = z.string().meta({ description: 'YYYY-MM' });

/** GET statement: the closed months and the years the member has anything in, newest first. */
export const statementPeriodsSchema = z.object({
  /** The last business date of the last closed month; null before any month closed. */
  closed_through: businessDate.nullable(),
  months: z.array(z.object({ month: monthText, income: money, net_paid: money, wht: money })),
  years: z.array(
    z.object({
      year: z.number().int(),
      /** The year has ended; otherwise the figures run to `closed_through`. */
      closed: z.boolean(),
      gross_paid: money,
      wht: money,
    }),
  ),
});
export type StatementPeriods = z.infer<typeof statementPeriodsSchema>;

export const monthlyStatementQuery = z.object({
  month: monthInput,
});
export const yearlyStatementQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2999),
});
export const yearlyStatementParams = yearlyStatementQuery;

const incomeByType = z.object({
  type: z.enum(INCOME_TYPES),
  /** Lines dated in the period that stand (not VOID), corrections included. */
  amount: money,
  lines: z.number().int(),
});

const payoutRow = z.object({
  run_date: businessDate,
  gross: money,
  wht: money,
  point_part: money,
  fee: money,
  net: money,
});

const payoutTotals = z.object({
  count: z.number().int(),
  gross: money,
  wht: money,
  point_part: money,
  fee: money,
  net: money,
});

/** A line a payout run paid whose income date is before the month: income that had waited. */
const earlierLine = z.object({
  id: z.number().int(),
  income_date: businessDate,
  type: z.enum(INCOME_TYPES),
  amount: money,
});

/** A run of the month and what it paid: the month's own lines and, line by line, earlier ones. */
const monthPayoutRow = payoutRow.extend({
  /** Lines dated in the month that this run paid. */
  of_month: money,
  /** Lines dated before the month that this run paid (of_month + earlier = gross). */
  earlier: money,
  earlier_lines: z.array(earlierLine),
});

/**
 * Why the month's transfers differ from its income (decision 021):
 * income + earlier_paid − paid_later − still_waiting = gross_paid (= totals.gross);
 * gross_paid − WHT − point part − fee = the net transferred (totals.net).
 */
const monthReconciliation = z.object({
  /** Earned in the month (income_total). */
  income: money,
  /** Lines of earlier months paid by the month's runs. */
  earlier_paid: money,
  /** The month's lines paid by a run of a later month. */
  paid_later: money,
  /** The month's lines that still wait for a payout today. */
  still_waiting: money,
  /** Paid by the month's runs, by payout date (totals.gross). */
  gross_paid: money,
});

/** GET statement/monthly?month=YYYY-MM: one closed month. */
export const monthlyStatementSchema = z.object({
  month: monthText,
  date_from: businessDate,
  date_to: businessDate,
  /** Earned in the month, by income date. */
  income: z.array(incomeByType),
  income_total: money,
  /** Income dated up to the month's end (this month's or earlier) still waiting at the end of the month. */
  waiting_at_end: money,
  /** The payout runs dated in the month (paid by payout date). */
  payouts: z.array(monthPayoutRow),
  totals: payoutTotals,
  reconciliation: monthReconciliation,
});
export type MonthlyStatement = z.infer<typeof monthlyStatementSchema>;

/** The withholding-tax certificate's parties (form 50 ทวิ). */
export const taxPartySchema = z.object({
  name: z.string(),
  tax_id: z.string().nullable(),
  address: z.string().nullable(),
});

/** GET statement/yearly?year=YYYY: the year's figures by month and for the certificate. */
export const yearlyStatementSchema = z.object({
  year: z.number().int(),
  closed: z.boolean(),
  date_from: businessDate,
  date_to: businessDate,
  months: z.array(
    z.object({ month: monthText, income: money, gross_paid: money, wht: money, net_paid: money }),
  ),
  income: z.array(incomeByType),
  income_total: money,
  payouts: z.array(payoutRow),
  totals: payoutTotals,
  payer: taxPartySchema,
  payee: taxPartySchema.extend({ member_code: z.string() }),
  /** Revenue Code section of the income: commission, 40(2). */
  income_section: z.literal('40(2)'),
});
export type YearlyStatement = z.infer<typeof yearlyStatementSchema>;
