import type {
  LvpPage,
  LvpRow,
  PointPage,
  PointRow,
  ReportListQuery,
  TitleHistory,
} from '@portal/contracts/reports';
import { pageAnswer } from '@portal/contracts/envelope';
import type { Config } from '../../../../config';
import type { Db } from '../../../../db/client';
import { baht, satang } from '@portal/plan/money';
import { businessNow } from '../../../../lib/clock';
import { remarkFields } from '../../../../compensation/remarks';
import { lvpPage, pointPage, titleFacts, type BalanceRecord } from './repository';

/**
 * report/point_lvp, use_point_cycle/search and report/business_title/history: rows of the member's
 * own ledgers with the balance after each, and the titles reached with what the next one needs.
 */
function rowsOf<N, R>(found: BalanceRecord<N>[], shape: (r: BalanceRecord<N>) => R) {
  return {
    items: found.filter((r) => r.present__).map(shape),
    total: found[0]?.total__ ?? 0,
    head: found[0],
  };
}

export async function lvpRows(db: Db, userId: number, q: ReportListQuery): Promise<LvpPage> {
  const { items, total, head } = rowsOf(await lvpPage(db, userId, q), (r): LvpRow => ({
    id: r.id,
    date: r.date,
    type: r.type as LvpRow['type'],
    points: r.points,
    remark: r.remark,
    ...remarkFields(r.remark, r.type),
    order_no: r.order_no,
    balance: r.balance,
  }));
  const opening = head?.opening ?? 0;
  const increase = head?.increase ?? 0;
  const decrease = head?.decrease ?? 0;
  return {
    ...pageAnswer(items, total, q),
    summary: { opening_balance: opening, increase, decrease, closing_balance: opening + increase + decrease },
  };
}

export async function pointRows(db: Db, userId: number, q: ReportListQuery): Promise<PointPage> {
  const { items, total, head } = rowsOf(await pointPage(db, userId, q), (r): PointRow => ({
    id: r.id,
    date: r.date,
    kind: r.type as PointRow['kind'],
    points: r.points,
    remark: r.remark,
    ...remarkFields(r.remark, r.type),
    order_no: r.order_no,
    balance: baht(satang(r.balance)),
  }));
  const opening = satang(head?.opening ?? '0');
  const increase = satang(head?.increase ?? '0');
  const decrease = satang(head?.decrease ?? '0');
  return {
    ...pageAnswer(items, total, q),
    summary: {
      opening_balance: baht(opening),
      increase: baht(increase),
      decrease: baht(decrease),
      closing_balance: baht(opening + increase + decrease),
    },
  };
}

export async function titleHistory(
  db: Db,
  clock: Pick<Config, 'demoMode'>,
  userId: number,
  q: ReportListQuery,
): Promise<TitleHistory> {
  const { date: today } = await businessNow(db, clock);
  const r = await titleFacts(db, userId, today);
  const titles = r?.titles ?? [];
  const rank = (code: string) => titles.findIndex((t) => t.code === code);
  const history = (r?.history ?? []).sort(
    (a, b) => b.achieved_date.localeCompare(a.achieved_date) || rank(b.to_title) - rank(a.to_title),
  );
  const reached = Math.max(0, ...history.map((h) => rank(h.to_title)));
  const inRange = history.filter(
    (h) => (!q.date_from || h.achieved_date >= q.date_from) && (!q.date_to || h.achieved_date <= q.date_to),
  );
  const start = (q.page - 1) * q.per_page;
  const cycles = r?.cumulative_cycles ?? 0;
  const referrals = r?.referrals ?? 0;
  const next = titles[reached + 1];
  return {
    ...pageAnswer(inRange.slice(start, start + q.per_page), inRange.length, q),
    current_title: titles[reached]?.code ?? 'MEMBER',
    cumulative_cycles: cycles,
    referrals,
    next: next
      ? {
          title: next.code,
          cycles: next.cycles,
          referrals: next.referrals,
          missing_cycles: Math.max(0, next.cycles - cycles),
          missing_referrals: Math.max(0, next.referrals - referrals),
        }
      : null,
  };
}
