import { inDateRange } from '@portal/contracts/date-range';
/**
 * A report's view in the address: `?from=YYYY-MM-DD&to=YYYY-MM-DD&page=N` (business dates, both
 * ends included), so a link reproduces what was on screen. Without a range a report shows the
 * business month of today.
 */
export interface ReportView {
  from: string;
  to: string;
  page: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The API refuses pages beyond this (reports.ts). */
export const MAX_PAGE = 100_000;

/** A real calendar date written YYYY-MM-DD (2025-02-30 is not one) that the API takes (1900–2200). */
export function isBusinessDate(value: string | null | undefined): value is string {
  if (!value || !inDateRange(value)) return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The first and last day of the month of a business date. */
export function monthOf(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/** Adds whole days to a business date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Reads the view from the address: a missing or broken date falls back to this month, a reversed
 * range is put in order, a page that is not a whole number from 1 is page 1.
 */
export function parseView(params: URLSearchParams, today: string): ReportView {
  const month = monthOf(today);
  const rawFrom = params.get('from');
  const rawTo = params.get('to');
  let from = isBusinessDate(rawFrom) ? rawFrom : month.from;
  let to = isBusinessDate(rawTo) ? rawTo : isBusinessDate(rawFrom) ? rawFrom : month.to;
  if (!isBusinessDate(rawFrom) && isBusinessDate(rawTo)) from = rawTo < month.from ? rawTo : month.from;
  if (from > to) [from, to] = [to, from];
  const rawPage = params.get('page') ?? '1';
  const page = /^\d{1,6}$/.test(rawPage) ? Math.min(MAX_PAGE, Math.max(1, Number(rawPage))) : 1;
  return { from, to, page };
}

/** The address query of a view; page 1 is left out. */
export function viewSearch(view: ReportView): URLSearchParams {
  const out = new URLSearchParams({ from: view.from, to: view.to });
  if (view.page > 1) out.set('page', String(view.page));
  return out;
}

/** The API's query of a view (reportListQuery). */
export const apiRange = (view: Pick<ReportView, 'from' | 'to'>) => ({
  date_from: view.from,
  date_to: view.to,
});

/** Presets offered beside the picker. */
export type RangePreset = 'thisMonth' | 'lastMonth' | 'last90' | 'thisYear';
export const RANGE_PRESETS: RangePreset[] = ['thisMonth', 'lastMonth', 'last90', 'thisYear'];

export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'thisMonth':
      return monthOf(today);
    case 'lastMonth':
      return monthOf(addDays(monthOf(today).from, -1));
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

/** Why a list is empty: nothing in this range, or nothing at all yet (all time). */
export type EmptyReason = 'range' | 'never';
