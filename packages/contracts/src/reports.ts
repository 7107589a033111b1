import { z } from 'zod';
import { dateInput } from './dates.ts';
import { DEFAULT_PER_PAGE } from './envelope.ts';
import { bigintIdParam } from './ids.ts';
import { ledgerRemarkFields } from './ledger-remarks.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES, SHOP_ORDER_TYPES, bundleItem, money, pageOf } from './shop.ts';

/**
 * The member's reports (docs/plan.md for how each figure is made): GET
 * /network/api/v1/report/... and /use_point_cycle/search, the signed-in member's own rows only.
 * Every figure is a sum of ledger rows (postings, income lines, closing rows, orders) for the
 * business-date range asked; money is a decimal string, PV and LVP whole numbers. The income reports
 * are in income-reports.ts.
 */

export const businessDate = z.string().meta({ description: 'Business date YYYY-MM-DD (Asia/Bangkok)' });
const isoInstant = z.string().meta({ description: 'ISO 8601 instant (UTC)' });
const pv = z.number().int();

export const INCOME_TYPES = ['CYCLE', 'REFERRER', 'CASHBACK', 'MTA', 'DROPSHIP'] as const;
export type IncomeType = (typeof INCOME_TYPES)[number];
export const INCOME_STATES = ['WAITING', 'PAID', 'VOID'] as const;
export const LVP_TYPES = ['INCREASE', 'DECREASE', 'OTHER'] as const;
export const POINT_KINDS = ['CYCLE', 'USE', 'REFUND', 'OTHER'] as const;
export const CYCLE_REASONS = ['NO_PACKAGE', 'INACTIVE', 'SUSPENDED', 'NOT_BINARY_QUALIFIED'] as const;
export const incomeState = z.enum(INCOME_STATES);

// ---- queries --------------------------------------------------------------------------------

const day = dateInput;
const rangeFields = { date_from: day.optional(), date_to: day.optional() };
const orderedRange = (q: { date_from?: string | undefined; date_to?: string | undefined }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;
const rangeError = { message: 'The end of the range must not be before its start', path: ['date_to'] };

/** A summary's range: business dates, both ends included; either end may be left open. */
export const reportRangeQuery = z.object(rangeFields).refine(orderedRange, rangeError);
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(DEFAULT_PER_PAGE),
};
/** A list: `page`, `per_page` (default 10, at most 100) and the range. */
export const reportListQuery = z.object({ ...pageFields, ...rangeFields }).refine(orderedRange, rangeError);
export type ReportListQuery = z.infer<typeof reportListQuery>;

/** The orders list may be narrowed to one status (the canceled orders page) or one order type. */
export const orderListQuery = z
  .object({
    ...pageFields,
    ...rangeFields,
    status: z.enum(ORDER_STATUSES).optional(),
    order_type: z.enum(SHOP_ORDER_TYPES).optional(),
  })
  .refine(orderedRange, rangeError);
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const reportIdParams = z.object({ id: bigintIdParam });
export const reportItemParams = z.object({ itemId: bigintIdParam });
/** Closing rows are keyed by (member, date): the member's row of a day is named by the date. */
export const cycleRowParams = z.object({ id: day });

/** A summary names the range it sums (null: open). */
export const range = { date_from: businessDate.nullable(), date_to: businessDate.nullable() };

/**
 * The money words (decision 021), the same fields in every summary of income lines, each line counted
 * by its income date in the range: earned (`amount`, the lines that are not VOID, corrections
 * included) = waiting + paid; voided apart.
 */
export const incomeStateTotals = {
  lines: z.number().int().meta({ description: 'Lines that are not VOID' }),
  amount: money.meta({ description: 'Earned: the sum of the lines that are not VOID (waiting + paid)' }),
  waiting: money.meta({ description: 'The sum of the WAITING lines' }),
  paid: money.meta({ description: 'The sum of the PAID lines (by income date, whenever they were paid)' }),
  void: money.meta({ description: 'Voided: the sum of the lines a cancellation took back before payout' }),
};

// ---- points and volume ----------------------------------------------------------------------

/** report/summary_point (plan 2.2, 10): personal PV and the PV of each leg in the range. */
export const summaryPointSchema = z.object({
  ...range,
  /** My own paid PV, releases to SELF, minus reversals (volume postings marked personal). */
  personal_pv: pv,
  /** New PV in my left and right legs: closed days' closing rows, plus the volume not closed yet. */
  left_pv: pv,
  right_pv: pv,
  /** Points per side now: the last closing's carry plus the volume not closed yet. */
  current_left_points: pv,
  current_right_points: pv,
  /** Balances at the end of the range (all rows up to `date_to`). */
  lvp_balance: z.number().int(),
  point_balance: money,
});
export type SummaryPoint = z.infer<typeof summaryPointSchema>;

/** report/order/organize_summary: my organisation's new PV per side, per day. */
export const organizeDaySchema = z.object({
  date: businessDate,
  left_pv: pv,
  right_pv: pv,
  /** False for the volume after the last closing (up to today), which no closing has counted yet. */
  closed: z.boolean(),
});
export const organizeSummarySchema = z.object({
  ...range,
  left_pv: pv,
  right_pv: pv,
  left_team: z.number().int(),
  right_team: z.number().int(),
  /** Days with new volume, newest first; the volume not closed yet is one row dated today. */
  days: z.array(organizeDaySchema),
});
export type OrganizeSummary = z.infer<typeof organizeSummarySchema>;

// ---- orders ---------------------------------------------------------------------------------

const orderFields = {
  order_id: z.number().int(),
  order_no: z.string(),
  order_type: z.enum(SHOP_ORDER_TYPES),
  order_status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_date: businessDate.nullable(),
  canceled_date: businessDate.nullable(),
};

const itemFields = {
  id: z.number().int(),
  line_no: z.number().int(),
  product_code: z.string(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price: money,
  line_total: money,
  pv_per_unit: pv,
  lvp_per_unit: z.number().int(),
  pv_total: pv,
  lvp_total: z.number().int(),
};
const itemDetailFields = {
  kind: z.string(),
  member_price: money,
  retail_price: money,
  selling_price: money.nullable(),
  bundle_items: z.array(bundleItem),
};

/** report/order/item: one line of a paid order with its points (plan 2.1). */
export const orderItemRowSchema = z.object({ ...itemFields, ...orderFields });
export type OrderItemRow = z.infer<typeof orderItemRowSchema>;

export const orderItemDetailSchema = orderItemRowSchema.extend({
  ...itemDetailFields,
  hold_points: z.boolean(),
});
export type OrderItemDetail = z.infer<typeof orderItemDetailSchema>;

/** report/order: one order. */
export const orderRowSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  order_type: z.enum(SHOP_ORDER_TYPES),
  package_code: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  hold_points: z.boolean(),
  /** The business date the range is read on: the payment's, else the cancellation's, else the order's. */
  order_date: businessDate,
  payment_date: businessDate.nullable(),
  canceled_date: businessDate.nullable(),
  item_count: z.number().int(),
  subtotal: money,
  shipping_amount: money,
  vat_amount: money,
  total_amount: money,
  lvp_used: z.number().int(),
  points_used: money,
  net_amount: money,
  pv_total: pv,
  lvp_total: z.number().int(),
  created_at: isoInstant,
});
export type OrderRow = z.infer<typeof orderRowSchema>;

const postingBase = { date: businessDate };
/** What an order wrote to my ledger: its postings, and for a canceled order the reversals. */
export const orderLedgerSchema = z.object({
  volume: z.array(z.object({ ...postingBase, pv, kind: z.enum(['ORDER', 'RELEASE', 'REVERSAL']) })),
  lvp: z.array(
    z.object({
      ...postingBase,
      type: z.enum(LVP_TYPES),
      points: z.number().int(),
      remark: z.string(),
      ...ledgerRemarkFields,
    }),
  ),
  points: z.array(
    z.object({
      ...postingBase,
      kind: z.enum(POINT_KINDS),
      points: money,
      remark: z.string(),
      ...ledgerRemarkFields,
    }),
  ),
  income: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(INCOME_TYPES),
      income_date: businessDate,
      amount: money,
      state: incomeState,
      correction: z.boolean(),
    }),
  ),
});

export const orderDetailSchema = orderRowSchema.extend({
  items: z.array(z.object({ ...itemFields, ...itemDetailFields })),
  payment: z.object({ method: z.string(), state: z.string() }).nullable(),
  delivery_method: z.string().nullable(),
  tracking_no: z.string().nullable(),
  carrier: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  ledger: orderLedgerSchema,
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** report/order/summary: paid orders that stand (not canceled) in the range, and the counts of all. */
export const orderSummarySchema = z.object({
  ...range,
  orders: z.number().int(),
  paid_orders: z.number().int(),
  pending_orders: z.number().int(),
  canceled_orders: z.number().int(),
  subtotal: money,
  shipping_amount: money,
  vat_amount: money,
  total_amount: money,
  lvp_used: z.number().int(),
  points_used: money,
  net_amount: money,
  pv_total: pv,
  lvp_total: z.number().int(),
  by_type: z.array(
    z.object({
      order_type: z.enum(SHOP_ORDER_TYPES),
      orders: z.number().int(),
      total_amount: money,
      pv_total: pv,
    }),
  ),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

// ---- cycle bonus ----------------------------------------------------------------------------

/** report/cycle_transaction: one closing row (plan 3.1); its id is its date. */
export const cycleRowSchema = z.object({
  id: businessDate,
  date: businessDate,
  carry_in_left: pv,
  carry_in_right: pv,
  new_left: pv,
  new_right: pv,
  total_left: pv,
  total_right: pv,
  package_code: z.string().nullable(),
  cycle_value: pv,
  income_percent: z.string().meta({ description: 'A fraction, e.g. "0.12" for 12%' }),
  max_income_per_day: money,
  cycles: z.number().int(),
  gross: money,
  /** The plan's `paid` (3.1): the day's income after the cap, the amount of its CYCLE line (earned, whatever its state). */
  paid: money,
  flushed: money,
  point_part: money,
  cash_part: money,
  carry_out_left: pv,
  carry_out_right: pv,
  qualified: z.boolean(),
  reason: z.enum(CYCLE_REASONS).nullable(),
  /** The state of the day's CYCLE income line (none when nothing was paid). */
  income_state: incomeState.nullable(),
});
export type CycleRow = z.infer<typeof cycleRowSchema>;

export const cycleDetailSchema = cycleRowSchema.extend({
  income_line_id: z.number().int().nullable(),
  payout_date: businessDate.nullable(),
  plan_version: z.number().int(),
});
export type CycleDetail = z.infer<typeof cycleDetailSchema>;

export const cycleSummarySchema = z.object({
  ...range,
  /** Closing rows in the range. */
  days: z.number().int(),
  qualified_days: z.number().int(),
  cycles: z.number().int(),
  new_left: pv,
  new_right: pv,
  /** Σ of the rows' gross (before the daily cap) and of what the cap flushed. */
  gross: money,
  flushed: money,
  /** The day's CYCLE lines by state (decision 021): earned = gross − flushed = waiting + paid. */
  ...incomeStateTotals,
  point_part: money,
  cash_part: money,
  /** Carry into the first row of the range and out of its last. */
  carry_in_left: pv,
  carry_in_right: pv,
  carry_out_left: pv,
  carry_out_right: pv,
  /** Every cycle up to the end of the range (titles count these). */
  cumulative_cycles: z.number().int(),
});
export type CycleSummary = z.infer<typeof cycleSummarySchema>;

// ---- titles and balances --------------------------------------------------------------------

export const titleRowSchema = z.object({
  from_title: z.string(),
  to_title: z.string(),
  achieved_date: businessDate,
});
export type TitleRow = z.infer<typeof titleRowSchema>;

/** report/business_title/history: the titles reached, and what the next one still needs (plan 1.3). */
export const titleHistorySchema = pageOf(titleRowSchema).extend({
  current_title: z.string(),
  cumulative_cycles: z.number().int(),
  referrals: z.number().int(),
  next: z
    .object({
      title: z.string(),
      cycles: z.number().int(),
      referrals: z.number().int(),
      missing_cycles: z.number().int(),
      missing_referrals: z.number().int(),
    })
    .nullable(),
});
export type TitleHistory = z.infer<typeof titleHistorySchema>;

const balanceSummary = <T extends z.ZodType>(amount: T) =>
  z.object({ opening_balance: amount, increase: amount, decrease: amount, closing_balance: amount });

export const lvpRowSchema = z.object({
  id: z.number().int(),
  date: businessDate,
  type: z.enum(LVP_TYPES),
  points: z.number().int(),
  remark: z.string(),
  ...ledgerRemarkFields,
  order_no: z.string().nullable(),
  /** The balance after this row (all rows in date order, then in the order written). */
  balance: z.number().int(),
});
export type LvpRow = z.infer<typeof lvpRowSchema>;
/** report/point_lvp: the rows of the range, and the balance before and after it. */
export const lvpPageSchema = pageOf(lvpRowSchema).extend({ summary: balanceSummary(z.number().int()) });
export type LvpPage = z.infer<typeof lvpPageSchema>;

export const pointRowSchema = z.object({
  id: z.number().int(),
  date: businessDate,
  kind: z.enum(POINT_KINDS),
  points: money,
  remark: z.string(),
  ...ledgerRemarkFields,
  order_no: z.string().nullable(),
  balance: money,
});
export type PointRow = z.infer<typeof pointRowSchema>;
/** use_point_cycle/search: the point balance's rows (plan 5.2), with the balance after each. */
export const pointPageSchema = pageOf(pointRowSchema).extend({ summary: balanceSummary(money) });
export type PointPage = z.infer<typeof pointPageSchema>;
