import type { Page } from '@portal/contracts/envelope';
import { pageAnswer } from '@portal/contracts/envelope';
import {
  type CashbackRow,
  type DropshipRow,
  type DropshipSummary,
  type IncomeCurrentSummary,
  type IncomeSummary,
  type IncomeTypeSummary,
  type MtaRow,
  type MtaSummary,
  type ReferrerRow,
} from '@portal/contracts/income-reports';
import { INCOME_TYPES, type ReportListQuery, type ReportRangeQuery } from '@portal/contracts/reports';
import type { Config } from '../../../../config';
import type { Db } from '../../../../db/client';
import { addDays, weekday } from '@portal/plan/dates';
import { baht, satang, sum } from '@portal/plan/money';
import { businessNow } from '../../../../lib/clock';
import { rangeOf } from '../paging';
import {
  currentIncome,
  incomeTotals,
  linePage,
  typeTotals,
  type IncomeType,
  type LineRecord,
} from './repository';
import { stateTotals } from '../money-words';

/** Income reports (plan 4, 6, 10): every amount is a sum of income lines, in the money words. */

export async function incomeSummary(db: Db, userId: number, q: ReportRangeQuery): Promise<IncomeSummary> {
  const r = await incomeTotals(db, userId, q);
  const lines = r?.lines ?? [];
  return {
    ...rangeOf(q),
    ...stateTotals(lines),
    by_type: INCOME_TYPES.map((type) => ({ type, ...stateTotals(lines.filter((l) => l.type === type)) })),
    payouts: r?.payouts ?? { count: 0, gross: '0.00', wht: '0.00', point_part: '0.00', net: '0.00' },
  };
}

/** Monday to Sunday around a date. */
export function weekAround(date: string) {
  const from = addDays(date, -((weekday(date) + 6) % 7));
  return { from, to: addDays(from, 6) };
}

export async function incomeCurrentSummary(
  db: Db,
  clock: Pick<Config, 'demoMode'>,
  userId: number,
): Promise<IncomeCurrentSummary> {
  const { date: today } = await businessNow(db, clock);
  const week = weekAround(today);
  const r = await currentIncome(db, userId, today, week);
  const byType = r?.by_type ?? [];
  const total = (key: 'week' | 'waiting' | 'due') => baht(sum(byType.map((t) => satang(t[key]))));
  return {
    week_from: week.from,
    week_to: week.to,
    by_type: INCOME_TYPES.map((type) => ({
      type,
      amount: byType.find((t) => t.type === type)?.week ?? '0.00',
    })),
    amount: total('week'),
    waiting_total: total('waiting'),
    next_payout_date: r?.next_payout_date ?? today,
    next_payout_gross: total('due'),
  };
}

export async function typeSummary(
  db: Db,
  userId: number,
  type: 'REFERRER' | 'CASHBACK',
  q: ReportRangeQuery,
): Promise<IncomeTypeSummary> {
  return { ...rangeOf(q), ...stateTotals(await typeTotals(db, userId, type, q)) };
}

export async function mtaSummary(db: Db, userId: number, q: ReportRangeQuery): Promise<MtaSummary> {
  const rows = await typeTotals(db, userId, 'MTA', q);
  const months = [...new Set(rows.map((r) => r.month))].sort().reverse();
  return {
    ...rangeOf(q),
    ...stateTotals(rows),
    months: months.map((month) => {
      const ofMonth = rows.filter((r) => r.month === month);
      const generations = [...new Set(ofMonth.map((r) => r.generation))].sort((a, b) => a - b);
      return {
        month,
        ...stateTotals(ofMonth),
        generations: generations.map((generation) => {
          const t = stateTotals(ofMonth.filter((r) => r.generation === generation));
          return { generation, lines: t.lines, amount: t.amount };
        }),
      };
    }),
  };
}

export async function dropshipSummary(db: Db, userId: number, q: ReportRangeQuery): Promise<DropshipSummary> {
  const rows = await typeTotals(db, userId, 'DROPSHIP', q);
  const standing = rows.filter((r) => r.state !== 'VOID');
  return {
    ...rangeOf(q),
    ...stateTotals(rows),
    quantity: standing.reduce((n, r) => n + r.quantity, 0),
    grand_total: baht(sum(standing.map((r) => satang(r.grand_total)))),
  };
}

const line = (r: LineRecord) => ({
  id: r.id,
  income_date: r.income_date,
  amount: r.amount,
  state: r.state as MtaRow['state'],
  correction: r.correction,
});

async function page<T>(
  db: Db,
  userId: number,
  type: IncomeType,
  q: ReportListQuery,
  shape: (r: LineRecord) => T,
): Promise<Page<T>> {
  const { items, total } = await linePage(db, userId, type, q);
  return pageAnswer(items.map(shape), total, q);
}

export const referrerLines = (db: Db, userId: number, q: ReportListQuery) =>
  page<ReferrerRow>(db, userId, 'REFERRER', q, (r) => ({
    ...line(r),
    order_no: r.order_no,
    order_type: r.order_type as ReferrerRow['order_type'],
    package_code: r.package_code,
    order_pv: r.order_pv,
    member_code: r.member_code,
    member_name: r.member_name,
  }));

export const mtaLines = (db: Db, userId: number, q: ReportListQuery) =>
  page<MtaRow>(db, userId, 'MTA', q, (r) => ({
    ...line(r),
    month: r.income_date.slice(0, 7),
    generation: r.generation,
    order_no: r.order_no,
    order_pv: r.order_pv,
    member_code: r.member_code,
    member_name: r.member_name,
  }));

export const cashbackLines = (db: Db, userId: number, q: ReportListQuery) =>
  page<CashbackRow>(db, userId, 'CASHBACK', q, (r) => ({
    ...line(r),
    order_no: r.order_no,
    order_pv: r.order_pv,
  }));

export const dropshipLines = (db: Db, userId: number, q: ReportListQuery) =>
  page<DropshipRow>(db, userId, 'DROPSHIP', q, (r) => ({
    ...line(r),
    order_no: r.order_no,
    product_code: r.product_code ?? '',
    product_name: r.product_name ?? '',
    quantity: r.quantity ?? 0,
    selling_price: r.selling_price ?? '0.00',
    member_price: r.member_price ?? '0.00',
    grand_total: r.grand_total ?? '0.00',
    compensation: r.amount,
    member_uuid: r.member_uuid,
  }));
