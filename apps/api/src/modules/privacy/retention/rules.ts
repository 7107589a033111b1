import { firstDayOfMonth } from '@portal/plan/dates';

/**
 * How long the portal keeps what a closed account leaves behind (decision 044, "Retention"). Pure:
 * each rule answers, for a business day, the boundary before which a record has passed its period.
 */

/**
 * Years after the closure that the consents and the staff's views of the member's documents are
 * kept: a claim for damages under the PDPA lapses three years after the person learns of the harm
 * and who caused it (section 78 as we recall it, with a ten-year limit from the breach; to be
 * confirmed, decision 044); the member reads the view log at any time, so they can know.
 */
export const CLAIMS_YEARS = 3;

/**
 * Years a tax invoice, credit note and its report are kept from the filing of the month's VAT return
 * (Revenue Code section 87/3: at least five years). Counted from the end of the month after the
 * document's, the last day an e-filed return may be in, so the period is never cut short.
 */
export const TAX_YEARS = 5;

/** The same five years for the withholding-tax certificates, from the year's annual return. */
export const WHT_YEARS = 5;

/** `YYYY-MM-DD` moved by whole years (29 February becomes 28 February). */
export function addYears(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) + years;
  const md = date.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${String(y).padStart(4, '0')}-${md === '02-29' && !leap ? '02-28' : md}`;
}

/** The first day of the month `months` after (or before) the date's. */
export function addMonths(date: string, months: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * Tax documents dated before this day have passed their period on `today`. A document of month M
 * is kept through the last day of month M+1 plus TAX_YEARS years; so on `today`, every month whose
 * following month ended before `today` less TAX_YEARS years has passed.
 */
export function taxCutoff(today: string): string {
  return addMonths(firstDayOfMonth(addYears(today, -TAX_YEARS)), -1);
}

/**
 * The last tax year whose withholding-tax certificates have passed their period on `today`: the
 * annual return of year Y is due by the end of February of Y+1; counted from the end of March (an
 * e-filed return's later date), the certificates are kept through 31 March of Y+1+WHT_YEARS.
 */
export function whtLastPastYear(today: string): number {
  const year = Number(today.slice(0, 4));
  return today.slice(5) > '03-31' ? year - 1 - WHT_YEARS : year - 2 - WHT_YEARS;
}
