import { inDateRange } from '@portal/contracts/date-range';

/** Business dates (Asia/Bangkok, UTC+7 all year) as 'YYYY-MM-DD' strings. */

/**
 * When something happens: its business date and its instant (the order of events within a day).
 * The business clock gives now as one (apps/api/src/lib/clock.ts); every posting of the engine is
 * dated by one.
 */
export interface Moment {
  /** The business day, `YYYY-MM-DD` in Asia/Bangkok. */
  date: string;
  /** The instant; with the demo clock, the real instant moved forward by whole days. */
  at: Date;
}
const DAY_MS = 86_400_000;
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: string) => new Date(toUtc(date)).getUTCDay();
export const monthOf = (date: string) => date.slice(0, 7);
export const lastDayOfMonth = (date: string) => {
  const d = new Date(toUtc(date));
  return fromUtc(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
};
export const firstDayOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
export const isLastDayOfMonth = (date: string) => lastDayOfMonth(date) === date;

/** The Bangkok business date of an instant. */
export const bangkokDate = (at: Date) => fromUtc(at.getTime() + BANGKOK_OFFSET_MS);
/** The instant a Bangkok business date begins. */
export const startOfBangkokDay = (date: string) => new Date(toUtc(date) - BANGKOK_OFFSET_MS);
/** The last instant of a Bangkok business date ("the state at the end of day d"). */
export const endOfBangkokDay = (date: string) => new Date(toUtc(date) + DAY_MS - BANGKOK_OFFSET_MS - 1);

/** The most recent Sunday strictly before a date (payout runs pay lines up to it). */
export const previousSunday = (date: string) => addDays(date, -(weekday(date) === 0 ? 7 : weekday(date)));

/** A calendar date written YYYY-MM-DD in the business range every route takes (contracts/dates.ts). */
export const isDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && inDateRange(s) && fromUtc(toUtc(s)) === s;
