import { z } from 'zod';
import { INCOME_TYPES, businessDate, incomeState, incomeStateTotals, range } from './reports.ts';
import { SHOP_ORDER_TYPES, money } from './shop.ts';

/**
 * The member's income reports (plan 4, 6, 10): report/income_summary, income_current_summary,
 * mta_*, referrer_*, cashback_*, dropship_income_*. Every amount is a sum of income lines.
 */
const pv = z.number().int();

/** Earned (`amount`), waiting, paid and voided: decision 021. */
const stateTotals = incomeStateTotals;

export const incomeSummarySchema = z.object({
  ...range,
  ...stateTotals,
  by_type: z.array(z.object({ type: z.enum(INCOME_TYPES), ...stateTotals })),
  /** Payout runs dated in the range. */
  payouts: z.object({ count: z.number().int(), gross: money, wht: money, point_part: money, net: money }),
});
export type IncomeSummary = z.infer<typeof incomeSummarySchema>;

/** report/income_current_summary: this week's (Monday to Sunday) WAITING income, and what is due. */
export const incomeCurrentSummarySchema = z.object({
  week_from: businessDate,
  week_to: businessDate,
  by_type: z.array(z.object({ type: z.enum(INCOME_TYPES), amount: money })),
  amount: money.meta({ description: "This week's WAITING lines (not earned: decision 021)" }),
  /** Every WAITING line, whatever its date. */
  waiting_total: money,
  /** The next payout run and the WAITING lines it takes (up to the Sunday before it), before tax. */
  next_payout_date: businessDate,
  next_payout_gross: money,
});
export type IncomeCurrentSummary = z.infer<typeof incomeCurrentSummarySchema>;

export const incomeTypeSummarySchema = z.object({ ...range, ...stateTotals });
export type IncomeTypeSummary = z.infer<typeof incomeTypeSummarySchema>;

const lineFields = {
  id: z.number().int(),
  income_date: businessDate,
  amount: money,
  state: incomeState,
  /** A negative line correcting a paid one after its order was canceled (plan 2.4). */
  correction: z.boolean(),
};

export const mtaSummarySchema = incomeTypeSummarySchema.extend({
  months: z.array(
    z.object({
      month: z.string().meta({ description: 'YYYY-MM' }),
      ...stateTotals,
      generations: z.array(
        z.object({ generation: z.number().int(), lines: z.number().int(), amount: money }),
      ),
    }),
  ),
});
export type MtaSummary = z.infer<typeof mtaSummarySchema>;

const buyer = { member_code: z.string(), member_name: z.string() };

export const mtaRowSchema = z.object({
  ...lineFields,
  month: z.string(),
  generation: z.number().int(),
  order_no: z.string(),
  order_pv: pv,
  ...buyer,
});
export type MtaRow = z.infer<typeof mtaRowSchema>;

export const referrerRowSchema = z.object({
  ...lineFields,
  order_no: z.string(),
  order_type: z.enum(SHOP_ORDER_TYPES),
  package_code: z.string().nullable(),
  order_pv: pv,
  ...buyer,
});
export type ReferrerRow = z.infer<typeof referrerRowSchema>;

export const cashbackRowSchema = z.object({ ...lineFields, order_no: z.string(), order_pv: pv });
export type CashbackRow = z.infer<typeof cashbackRowSchema>;

/** One community-career (dropship) line: one line of a paid DROPSHIP order (plan 4.6). */
export const dropshipRowSchema = z.object({
  ...lineFields,
  order_no: z.string(),
  product_code: z.string(),
  product_name: z.string(),
  quantity: z.number().int(),
  selling_price: money,
  member_price: money,
  grand_total: money,
  compensation: money,
  member_uuid: z.string(),
});
export type DropshipRow = z.infer<typeof dropshipRowSchema>;

export const dropshipSummarySchema = incomeTypeSummarySchema.extend({
  quantity: z.number().int(),
  grand_total: money,
});
export type DropshipSummary = z.infer<typeof dropshipSummarySchema>;
