import { applyRate, divHalfUp, rate, satang, type Rate, type Satang } from './money.ts';

/**
 * Withholding tax on a payout (plan 6). Two methods, chosen by the plan's `WHT_METHOD`:
 *
 * - `FLAT`: `WHT_RATE` of the batch's gross, rounded half-up (the plan's default, 5%).
 * - `ANNUALISED`: the method the Revenue Code's section 50(1) sets for income of section 40(1)–(2)
 *   ("computed as for salary"), per member and per calendar year: the year's payouts so far with
 *   this one are projected to a whole year (× 12 ÷ the run's month), the expense deduction and the
 *   personal allowance are taken off, the personal income tax of the projected year is computed on
 *   its brackets, and this payout withholds the part of it due by the run's month less what the
 *   year's earlier payouts withheld (never below 0, never more than the payout). Decision 048.
 *
 * The brackets and deductions are the law's (Revenue Code sections 42 bis, 47 and 48, as in force
 * for income from 2017 on), not the plan's: they change by law, here, with a test.
 */
export type WhtMethod = 'FLAT' | 'ANNUALISED';

export interface PitBracket {
  /** Taxable income up to this amount (satang) is taxed at `rate`; null for the last. */
  upTo: Satang | null;
  rate: string;
}

/** Personal income tax brackets (section 48(1)). */
export const PIT_BRACKETS: readonly PitBracket[] = [
  { upTo: satang('150000.00'), rate: '0' },
  { upTo: satang('300000.00'), rate: '0.05' },
  { upTo: satang('500000.00'), rate: '0.10' },
  { upTo: satang('750000.00'), rate: '0.15' },
  { upTo: satang('1000000.00'), rate: '0.20' },
  { upTo: satang('2000000.00'), rate: '0.25' },
  { upTo: satang('5000000.00'), rate: '0.30' },
  { upTo: null, rate: '0.35' },
];

/** The expense deduction for income of section 40(1)–(2): 50%, at most 100,000 a year (section 42 bis). */
export const EXPENSE_DEDUCTION = { rate: '0.50', cap: satang('100000.00') };
/** The taxpayer's own allowance (section 47(1)(a)). */
export const PERSONAL_ALLOWANCE = satang('60000.00');

/** The personal income tax on a year's taxable income, bracket by bracket, rounded half-up once. */
export function personalIncomeTax(taxable: Satang): Satang {
  if (taxable <= 0n) return 0n;
  // Exact sum of (slice × rate) over the brackets as one fraction over 10^k, rounded at the end.
  let num = 0n;
  const den = 10000n;
  let lower = 0n;
  for (const b of PIT_BRACKETS) {
    const top = b.upTo === null || taxable < b.upTo ? taxable : b.upTo;
    if (top > lower) {
      const r = rate(b.rate);
      num += ((top - lower) * r.num * den) / r.den;
    }
    if (b.upTo === null || taxable <= b.upTo) break;
    lower = b.upTo;
  }
  return divHalfUp(num, den);
}

/** A year's income of section 40(2) less the expense deduction and the personal allowance. */
export function taxableIncome(yearIncome: Satang): Satang {
  const expense = applyRate(yearIncome, rate(EXPENSE_DEDUCTION.rate));
  const deducted = yearIncome - (expense < EXPENSE_DEDUCTION.cap ? expense : EXPENSE_DEDUCTION.cap);
  const taxable = deducted - PERSONAL_ALLOWANCE;
  return taxable > 0n ? taxable : 0n;
}

export interface YearSoFar {
  /** The member's payouts' gross in the run's calendar year before this run. */
  gross: Satang;
  /** What those payouts withheld. */
  wht: Satang;
}

export interface WhtInput {
  method: WhtMethod;
  /** WHT_RATE, for the flat method. */
  flatRate: Rate;
  /** The batch's gross; nothing is withheld from a gross of 0.00 or less. */
  gross: Satang;
  /** The run's business date (YYYY-MM-DD): its month is how much of the year has passed. */
  runDate: string;
  /** The member's earlier payouts of the run's year (the annualised method only). */
  yearSoFar?: YearSoFar;
}

/** The withholding tax on one payout. */
export function withholdingTax(input: WhtInput): Satang {
  const { gross } = input;
  if (gross <= 0n) return 0n;
  if (input.method === 'FLAT') return applyRate(gross, input.flatRate);
  const month = BigInt(Number(input.runDate.slice(5, 7)));
  if (month < 1n || month > 12n) throw new Error(`not a business date: ${input.runDate}`);
  const before = input.yearSoFar ?? { gross: 0n, wht: 0n };
  const yearToDate = before.gross + gross;
  const projectedYear = divHalfUp(yearToDate * 12n, month);
  const yearTax = personalIncomeTax(taxableIncome(projectedYear));
  const dueByNow = divHalfUp(yearTax * month, 12n);
  const wht = dueByNow - before.wht;
  if (wht <= 0n) return 0n;
  return wht < gross ? wht : gross;
}
