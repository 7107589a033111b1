import type { Page } from '@portal/contracts/envelope';
import { pageAnswer } from '@portal/contracts/envelope';
import { rateText } from '@portal/plan/money';
import type {
  CycleDetail,
  CycleRow,
  CycleSummary,
  ReportListQuery,
  ReportRangeQuery,
} from '@portal/contracts/reports';
import type { Db } from '../../../../db/client';
import { notFound } from '../../../../lib/errors';
import { stateTotals } from '../money-words';
import { rangeOf } from '../paging';
import { cycleOf, cyclePage, cycleTotals, type CycleRecord } from './repository';

/**
 * The cycle bonus reports (plan 3.1): closing rows with carry forward left and right, the package
 * cycle value, income percent and max income per day in force that day, cycles, paid and flushed.
 */

const toRow = (r: CycleRecord): CycleRow => ({
  id: r.date,
  date: r.date,
  carry_in_left: r.carry_in_left,
  carry_in_right: r.carry_in_right,
  new_left: r.new_left,
  new_right: r.new_right,
  total_left: r.carry_in_left + r.new_left,
  total_right: r.carry_in_right + r.new_right,
  package_code: r.package_code,
  cycle_value: r.cycle_value,
  income_percent: rateText(r.income_percent),
  max_income_per_day: r.max_income_per_day,
  cycles: r.cycles,
  gross: r.gross,
  paid: r.paid,
  flushed: r.flushed,
  point_part: r.point_part,
  cash_part: r.cash_part,
  carry_out_left: r.carry_out_left,
  carry_out_right: r.carry_out_right,
  qualified: r.qualified,
  reason: r.reason as CycleRow['reason'],
  income_state: r.income_state as CycleRow['income_state'],
});

export async function listCycles(db: Db, userId: number, q: ReportListQuery): Promise<Page<CycleRow>> {
  const { items, total } = await cyclePage(db, userId, q);
  return pageAnswer(items.map(toRow), total, q);
}

export async function cycleDetail(db: Db, userId: number, date: string): Promise<CycleDetail> {
  const r = await cycleOf(db, userId, date);
  if (!r) throw notFound();
  return {
    ...toRow(r),
    income_line_id: r.income_line_id,
    payout_date: r.payout_date,
    plan_version: r.plan_version,
  };
}

export async function cycleSummary(db: Db, userId: number, q: ReportRangeQuery): Promise<CycleSummary> {
  const r = await cycleTotals(db, userId, q);
  return {
    ...rangeOf(q),
    days: r?.days ?? 0,
    qualified_days: r?.qualified_days ?? 0,
    cycles: r?.cycles ?? 0,
    new_left: r?.new_left ?? 0,
    new_right: r?.new_right ?? 0,
    gross: r?.gross ?? '0.00',
    flushed: r?.flushed ?? '0.00',
    // Earned, waiting, paid and voided are the CYCLE lines' (decision 021), not the rows' `paid`.
    ...stateTotals(r?.lines ?? []),
    point_part: r?.point_part ?? '0.00',
    cash_part: r?.cash_part ?? '0.00',
    carry_in_left: r?.carry_in_left ?? 0,
    carry_in_right: r?.carry_in_right ?? 0,
    carry_out_left: r?.carry_out_left ?? 0,
    carry_out_right: r?.carry_out_right ?? 0,
    cumulative_cycles: r?.cumulative_cycles ?? 0,
  };
}
