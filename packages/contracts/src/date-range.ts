// The business range of dates, without zod: the web's pages and the plan's date helpers use it without
// the schemas of dates.ts (issue 24).

/**
 * The one date every route takes (issue 19, item 7): a calendar date written YYYY-MM-DD within the
 * business range 1900-01-01 .. 2200-12-31. `z.iso.date()` alone takes year 0000, which PostgreSQL
 * refuses (a 500), and years far out that no report, statement, closing or scenario can mean.
 */
export const FIRST_DATE = '1900-01-01';
export const LAST_DATE = '2200-12-31';

/** Whether a YYYY-MM-DD text lies in the business range (the text compares as the date does). */
export const inDateRange = (date: string) => date >= FIRST_DATE && date <= LAST_DATE;

export const DATE_MESSAGE = `A date written YYYY-MM-DD, from ${FIRST_DATE} to ${LAST_DATE}`;
export const MONTH_MESSAGE = `A month written YYYY-MM, from ${FIRST_DATE.slice(0, 7)} to ${LAST_DATE.slice(0, 7)}`;
