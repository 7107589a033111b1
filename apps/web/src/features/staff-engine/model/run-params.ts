import { ENGINE_RUN_TYPES } from '@portal/contracts/engine';
import type { RunFilters } from '../api/closings';

const TYPES = new Set<string>(ENGINE_RUN_TYPES);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) => DAY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** The runs' filters from the address bar (?type=&from=&to=&page=); anything unknown is left out. */
export function parseRunParams(params: URLSearchParams): RunFilters {
  const type = params.get('type') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    type: TYPES.has(type) ? type : '',
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The filters back into the address bar, leaving the defaults out. */
export function runSearch(f: RunFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.type) out.type = f.type;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.page > 1) out.page = String(f.page);
  return out;
}
