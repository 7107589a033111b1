import { z } from 'zod';
import { businessDate } from './reports.ts';
import { money } from './shop.ts';

/**
 * The income disclosure of a closed year (issue 18, item 8): what members earned and what they
 * bought themselves, from the ledger, overall and by business title. Public: an application token
 * is enough (GET /network/api/v1/public/income-disclosure); staff download it as CSV
 * (GET /staff/v1/reports/income-disclosure.csv).
 *
 * Who counts: every member who held a package at the end of at least one day of the year (a
 * PACKAGE order paid by 31 December and not canceled by the end of that day), and every member with
 * income dated in the year. Income: the member's income lines dated in the year that stand (not
 * VOID), of every type, negative corrections included. Purchases: the price (VAT and shipping
 * included, however paid) of the member's own orders (package, upgrade, repurchase; not community
 * shop sales to guests) paid in the year, less the refunds of their canceled orders in the year.
 * Percentiles interpolate linearly between ranks (as PostgreSQL's percentile_cont), in exact
 * decimals, rounded half-up to the satang.
 */

const percent = z
  .string()
  .meta({ description: 'Percent as a decimal string with two decimals, e.g. "42.50" (of 100)' });

export const incomeDisclosureQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2999),
});

export const incomeDisclosureStatsSchema = z.object({
  /** Members counted. */
  members: z.number().int(),
  /** Members whose income in the year was 0.00 or less. */
  zero_earners: z.number().int(),
  zero_earners_share: percent.nullable(),
  income_total: money,
  /** Null when no member is counted. */
  income_mean: money.nullable(),
  income_median: money.nullable(),
  income_p10: money.nullable(),
  income_p90: money.nullable(),
  /**
   * The share of the group's income that went to its top 1% (10%) of earners: the members with
   * the highest income, as many as 1% (10%) of the group rounded up (at least one). Null when the
   * group's income is 0.00 or less.
   */
  top1_share: percent.nullable(),
  top10_share: percent.nullable(),
  purchases_total: money,
  purchases_mean: money.nullable(),
  purchases_median: money.nullable(),
  /** Members whose own purchases exceeded their income. */
  purchases_over_income: z.number().int(),
  purchases_over_income_share: percent.nullable(),
});
export type IncomeDisclosureStats = z.infer<typeof incomeDisclosureStatsSchema>;

/** A title's figures are published only for a group at least this large (members' privacy, PDPA). */
export const INCOME_DISCLOSURE_MIN_GROUP = 5;

export const incomeDisclosureSchema = z.object({
  year: z.number().int(),
  date_from: businessDate,
  date_to: businessDate,
  overall: incomeDisclosureStatsSchema,
  /**
   * Every title of the plan in force on the year's last day, lowest first; a member's title is the
   * highest reached by then. A title held by fewer than INCOME_DISCLOSURE_MIN_GROUP members shows only
   * how many hold it (`withheld`): its figures would be those members' own income. They count in `overall`.
   */
  by_title: z.array(
    incomeDisclosureStatsSchema.extend({
      title: z.string(),
      withheld: z.boolean().meta({
        description:
          'Fewer than 5 members hold the title: its figures are withheld (zero or null) for their privacy',
      }),
    }),
  ),
});
export type IncomeDisclosure = z.infer<typeof incomeDisclosureSchema>;

/** GET /network/api/v1/public/income-disclosure/years: the closed years, newest first. */
export const incomeDisclosureYearsSchema = z.object({
  years: z.array(z.number().int()),
  business_date: businessDate,
});
export type IncomeDisclosureYears = z.infer<typeof incomeDisclosureYearsSchema>;

/** The staff CSV: one row per group (overall first, then each title), these columns. */
export const INCOME_DISCLOSURE_CSV_COLUMNS = [
  'year',
  'group',
  'members',
  'zero_earners',
  'zero_earners_share_pct',
  'income_total',
  'income_mean',
  'income_median',
  'income_p10',
  'income_p90',
  'top1_share_pct',
  'top10_share_pct',
  'purchases_total',
  'purchases_mean',
  'purchases_median',
  'purchases_over_income',
  'purchases_over_income_share_pct',
  'withheld',
] as const;
