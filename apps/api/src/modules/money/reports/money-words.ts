import type { IncomeTypeSummary } from '@portal/contracts/income-reports';
import { baht, satang, sum } from '@portal/plan/money';

/**
 * The money words of every income summary (decision 021), from income lines grouped by state:
 * earned (`amount`) counts every line that is not VOID (a correction of a paid line is a negative
 * line, so it nets) and is waiting + paid; voided shows what a cancellation took back before payout.
 */
export type StateTotals = Pick<IncomeTypeSummary, 'lines' | 'amount' | 'waiting' | 'paid' | 'void'>;

export function stateTotals(rows: { state: string; lines: number; amount: string }[]): StateTotals {
  const of = (state: string) => sum(rows.filter((r) => r.state === state).map((r) => satang(r.amount)));
  const standing = rows.filter((r) => r.state !== 'VOID');
  return {
    lines: standing.reduce((n, r) => n + r.lines, 0),
    amount: baht(of('WAITING') + of('PAID')),
    waiting: baht(of('WAITING')),
    paid: baht(of('PAID')),
    void: baht(of('VOID')),
  };
}
