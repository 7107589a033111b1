/**
 * What the dashboard works out from the report calls' answers: the business periods it asks income
 * for and the days left before the member's expiry (how far the next title and the travel campaign
 * are: lib/title-progress.ts). Business dates are YYYY-MM-DD strings on the business clock (never
 * the browser's date).
 */
const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export interface Period {
  from: string;
  to: string;
}

/** Monday to Sunday around `today`, and the calendar month of `today`. */
export function incomePeriods(today: string): { week: Period; month: Period } {
  const n = dayNumber(today);
  // 1970-01-01 was a Thursday: (n + 3) % 7 is 0 on a Monday.
  const monday = n - ((((n + 3) % 7) + 7) % 7);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    week: { from: fromDayNumber(monday), to: fromDayNumber(monday + 6) },
    month: {
      from: `${today.slice(0, 7)}-01`,
      to: `${today.slice(0, 7)}-${String(lastDay).padStart(2, '0')}`,
    },
  };
}

export type Expiry =
  | { state: 'none' }
  /** Active through the expiry date: `days` more days after today (0: today is the last day). */
  | { state: 'active'; date: string; days: number }
  | { state: 'expired'; date: string; days: number };

/** The expiry date against today (plan 1.2: active on a day ⇔ expiry on or after it). */
export function expiryStanding(expiry: string | null | undefined, today: string): Expiry {
  if (!expiry) return { state: 'none' };
  const days = dayNumber(expiry) - dayNumber(today);
  return days >= 0
    ? { state: 'active', date: expiry, days }
    : { state: 'expired', date: expiry, days: -days };
}
