import type { OrganizeSummary, ReportRangeQuery, SummaryPoint } from '@portal/contracts/reports';
import type { Config } from '../../../../config';
import type { Db } from '../../../../db/client';
import { businessNow } from '../../../../lib/clock';
import { rangeOf } from '../paging';
import { organizeDays, pointTotals } from './repository';

/**
 * report/summary_point and report/order/organize_summary: the member's own PV and the new PV of the
 * two legs in the range; today's legs come from the volume not closed yet (plan 10: "current carry
 * L/R (last closing) + today's unclosed new L/R").
 */
type Clock = Pick<Config, 'demoMode'>;

export async function summaryPoint(
  db: Db,
  clock: Clock,
  userId: number,
  q: ReportRangeQuery,
): Promise<SummaryPoint> {
  const { date: today } = await businessNow(db, clock);
  const r = await pointTotals(db, userId, q, today);
  const open = r?.open_in_range ?? false;
  return {
    ...rangeOf(q),
    personal_pv: r?.personal_pv ?? 0,
    left_pv: (r?.closed_left ?? 0) + (open ? r!.open_left : 0),
    right_pv: (r?.closed_right ?? 0) + (open ? r!.open_right : 0),
    current_left_points: r?.current_left ?? 0,
    current_right_points: r?.current_right ?? 0,
    lvp_balance: r?.lvp_balance ?? 0,
    point_balance: r?.point_balance ?? '0.00',
  };
}

export async function organizeSummary(
  db: Db,
  clock: Clock,
  userId: number,
  q: ReportRangeQuery,
): Promise<OrganizeSummary> {
  const { date: today } = await businessNow(db, clock);
  const r = await organizeDays(db, userId, q, today);
  const days: OrganizeSummary['days'] = (r?.days ?? []).map((d) => ({ ...d, closed: true }));
  if (r?.open_in_range && (r.open_left !== 0 || r.open_right !== 0)) {
    days.unshift({ date: today, left_pv: r.open_left, right_pv: r.open_right, closed: false });
  }
  return {
    ...rangeOf(q),
    left_pv: days.reduce((n, d) => n + d.left_pv, 0),
    right_pv: days.reduce((n, d) => n + d.right_pv, 0),
    left_team: r?.left_team ?? 0,
    right_team: r?.right_team ?? 0,
    days,
  };
}
