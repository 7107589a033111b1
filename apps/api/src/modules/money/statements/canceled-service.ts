import { pageAnswer, type Page } from '@portal/contracts/envelope';
import type { ReportListQuery } from '@portal/contracts/reports';
import type { CanceledOrderRow } from '@portal/contracts/statements';
import { baht, satang } from '@portal/plan/money';
import type { Db } from '../../../db/client';
import { remarkFields } from '../../../compensation/remarks';
import { canceledPage, type CanceledRecord } from './canceled-repository';

type Reversals = CanceledOrderRow['reversals'];

/** A canceled order with its reversals and their totals (plan 2.4). */
export function toCanceledRow(r: CanceledRecord): CanceledOrderRow {
  const volume = r.volume ?? [];
  const lvp = (r.lvp ?? []).map((l) => ({
    ...l,
    type: l.type as Reversals['lvp'][number]['type'],
    ...remarkFields(l.remark, l.type),
  }));
  const points = (r.points ?? []).map((p) => ({
    ...p,
    kind: p.kind as Reversals['points'][number]['kind'],
    ...remarkFields(p.remark, p.kind),
  }));
  const income = (r.income ?? []).map((i) => ({ ...i, type: i.type as Reversals['income'][number]['type'] }));
  const sum = (values: string[]) => baht(values.reduce((s, v) => s + satang(v), 0n));
  return {
    id: r.id,
    order_no: r.order_no,
    order_type: r.order_type as CanceledOrderRow['order_type'],
    order_date: r.order_date,
    payment_date: r.payment_date,
    canceled_date: r.canceled_date,
    cancel_reason: r.cancel_reason,
    total_amount: r.total_amount,
    pv_total: r.pv_total,
    lvp_total: r.lvp_total,
    pv_reversed: volume.reduce((s, v) => s + v.pv, 0),
    lvp_change: lvp.reduce((s, l) => s + l.points, 0),
    points_refunded: sum(points.map((p) => p.points)),
    income_voided: sum(income.filter((i) => i.effect === 'VOID').map((i) => i.amount)),
    income_corrected: sum(income.filter((i) => i.effect === 'CORRECTION').map((i) => i.amount)),
    reversals: { volume, lvp, points, income, hold_pv_removed: r.hold_pv_removed },
  };
}

export async function listCanceled(
  db: Db,
  userId: number,
  q: ReportListQuery,
): Promise<Page<CanceledOrderRow>> {
  const { items, total } = await canceledPage(db, userId, q);
  return pageAnswer(items.map(toCanceledRow), total, q);
}
