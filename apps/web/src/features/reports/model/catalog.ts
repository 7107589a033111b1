/** Every member report, in the order of the index and the sidebar (spec section 1 routes). */
export const REPORT_KEYS = [
  'cycle_bonus',
  'referrer_bonus',
  'mta_bonus',
  'cashback_bonus',
  'travel_point',
  'point_value',
  'business_title',
  'point_lvp',
  'use_point_balance',
  'purchase_order',
  'dropship',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

export const reportPath = (key: ReportKey) => `/reports/${key}`;

/** Income types as the income summary lists them, for the weekly chart's series. */
export const INCOME_SERIES = ['CYCLE', 'REFERRER', 'CASHBACK', 'MTA', 'DROPSHIP'] as const;

/** The Monday-to-Sunday weeks that end on or before `today`'s week, oldest first. */
export function lastWeeks(today: string, count: number): { from: string; to: string }[] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const base = new Date(Date.UTC(y, m - 1, d));
  const monday = new Date(base.getTime() - ((base.getUTCDay() + 6) % 7) * 86_400_000);
  const out: { from: string; to: string }[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const start = new Date(monday.getTime() - i * 7 * 86_400_000);
    const end = new Date(start.getTime() + 6 * 86_400_000);
    out.push({ from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) });
  }
  return out;
}
