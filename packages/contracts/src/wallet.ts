import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { INCOME_TYPES, businessDate, incomeState } from './reports.ts';
import { money } from './shop.ts';

/**
 * The member's wallet (issue 18, item 3): GET /network/api/v1/wallet and its two lists. Every figure
 * is a sum of the signed-in member's income lines or payouts (plan 6); money is a decimal string.
 * A VOID line (taken back by a cancellation before payout) counts in none of the figures; a negative
 * correction line counts in the state it is in (WAITING until a payout nets it, then PAID).
 */

/**
 * Why the next payout would not pay (plan 6), first of: `KYC` (identity or bank not verified),
 * `SUSPENDED`, `NO_BANK_ACCOUNT` (verified, but no approved bank account on file), `NOTHING_TO_PAY`
 * (the batch's gross is 0.00 or less), `BELOW_MINIMUM` (the net transfer is under MIN_PAYOUT).
 */
export const NEXT_PAYOUT_HELD_REASONS = [
  'KYC',
  'SUSPENDED',
  'NO_BANK_ACCOUNT',
  'NOTHING_TO_PAY',
  'BELOW_MINIMUM',
] as const;
export type NextPayoutHeldReason = (typeof NEXT_PAYOUT_HELD_REASONS)[number];

/** The report of the portal each income type belongs to: `/reports/<report>`. */
export const INCOME_REPORTS = {
  CYCLE: 'cycle_bonus',
  REFERRER: 'referrer_bonus',
  MTA: 'mta_bonus',
  CASHBACK: 'cashback_bonus',
  DROPSHIP: 'dropship',
} as const satisfies Record<(typeof INCOME_TYPES)[number], string>;
export const INCOME_REPORT_NAMES = [
  'cycle_bonus',
  'referrer_bonus',
  'mta_bonus',
  'cashback_bonus',
  'dropship',
] as const;

/** A bank account a payout went to: the bank's code and the number with only its last four digits. */
const paidAccount = z.object({
  bank_code: z.string().meta({ description: 'The bank (e.g. "kbank"), as the member chose it' }),
  account_no_masked: z.string().meta({ description: 'The account number, all but its last 4 digits as x' }),
  account_name: z.string(),
});

export const nextPayoutSchema = z
  .object({
    date: businessDate.meta({
      description: 'The next payout run: the plan\u2019s PAYOUT_WEEKDAY on or after today (business clock)',
    }),
    lines_up_to: businessDate.meta({ description: 'It takes the WAITING lines dated up to this Sunday' }),
    lines: z.number().int().meta({ description: 'How many WAITING lines it takes' }),
    gross: money.meta({ description: 'Σ amount of those lines, every type, negative corrections included' }),
    wht: money.meta({
      description:
        "Withholding tax by the plan's WHT_METHOD: FLAT is WHT_RATE × gross, rounded half-up; ANNUALISED is the member's projected yearly income tax due by the run's month less what the year's payouts withheld (0.00 when gross ≤ 0)",
    }),
    point_part: money.meta({
      description: 'Σ point_part of the CYCLE lines taken: already credited to the point balance',
    }),
    fee: money.meta({ description: 'TRANSFER_FEE (0.00 when gross ≤ 0)' }),
    net: money.meta({
      description: 'What would be transferred: gross − point_part − wht − fee (0.00 when gross ≤ 0)',
    }),
    min_payout: money.meta({ description: 'MIN_PAYOUT: a smaller net waits for a later run' }),
    held_reason: z
      .enum(NEXT_PAYOUT_HELD_REASONS)
      .nullable()
      .meta({ description: 'Why the run would not pay it, as of now; null when it would' }),
  })
  .meta({ description: 'What the next payout run would pay, by the payout run\u2019s own arithmetic' });

/** GET /network/api/v1/wallet: the member's money at a glance. */
export const walletSchema = z.object({
  today: businessDate,
  month_from: businessDate.meta({ description: 'The first day of the current business month' }),
  month_to: businessDate.meta({ description: 'The last day of the current business month' }),
  waiting: money.meta({ description: 'Σ amount of every WAITING line, whatever its income date' }),
  paid_total: money.meta({
    description: 'Σ amount of every PAID line, whatever its income date (= Σ gross of every payout)',
  }),
  paid_this_month: money.meta({
    description: 'Σ amount of the PAID lines whose income date is in the current business month',
  }),
  next_payout: nextPayoutSchema,
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletListQuery = pageQuery(100);
export type WalletListQuery = z.infer<typeof walletListQuery>;

/** GET /network/api/v1/wallet/payouts: one payout run that paid the member, newest first. */
export const walletPayoutSchema = z.object({
  id: z.number().int(),
  run_date: businessDate,
  lines: z.number().int().meta({ description: 'The income lines it paid' }),
  gross: money,
  wht: money,
  point_part: money,
  fee: money,
  net: money.meta({ description: 'What was transferred to the account' }),
  account: paidAccount
    .nullable()
    .meta({ description: 'The account it went to (null only for old payouts without one)' }),
});
export type WalletPayout = z.infer<typeof walletPayoutSchema>;

/** GET /network/api/v1/wallet/income_lines: every income line of the member, newest first. */
export const walletLineSchema = z.object({
  id: z.number().int(),
  type: z.enum(INCOME_TYPES),
  state: incomeState,
  amount: money,
  income_date: businessDate,
  correction: z.boolean().meta({ description: 'A negative line correcting a paid one (plan 2.4)' }),
  order_no: z.string().nullable().meta({ description: 'The order it came from; null for CYCLE (a closing)' }),
  report: z.enum(INCOME_REPORT_NAMES).meta({ description: 'The report it belongs to: /reports/<report>' }),
  paid_on: businessDate.nullable().meta({ description: 'The payout run that paid it (PAID lines)' }),
  voided_on: businessDate.nullable().meta({ description: 'The day a cancellation voided it (VOID lines)' }),
});
export type WalletLine = z.infer<typeof walletLineSchema>;
