import { INCOME_TYPES, type IncomeType } from '@portal/contracts/reports';
import { formatAddress } from '@portal/contracts/address-text';
import type { MonthlyStatement, StatementPeriods, YearlyStatement } from '@portal/contracts/statements';
import type { Config } from '../../../config';
import type { AppContext } from '../../../context';
import { addDays, firstDayOfMonth, lastDayOfMonth } from '@portal/plan/dates';
import { baht, satang } from '@portal/plan/money';
import { businessNow } from '../../../lib/clock';
import { notFound, validation } from '../../../lib/errors';
import { loadCompanyInfo } from '../../network';
import {
  incomeByType,
  monthsOf,
  payeeOf,
  payoutsIn,
  waitingAt,
  type IncomeTypeRecord,
  type PayoutRecord,
} from './statement-repository';
import { transfersIn, unpaidOf } from './transfer-repository';

/**
 * Statements of closed periods (plan 6): a month is closed once its last business day has passed;
 * a year's statement and withholding-tax certificate sum its closed months (the whole year once it
 * has ended). Income is what the ledger dated in the period (lines that stand, corrections
 * included); payouts, WHT and net transfers are the payout runs dated in the period.
 */

const sum = (values: string[]) => baht(values.reduce((s, v) => s + satang(v), 0n));

/** The last business date of the last month that has ended; null in no month (never). */
export const closedThrough = (today: string) => addDays(firstDayOfMonth(today), -1);

function byType(rows: IncomeTypeRecord[]) {
  return INCOME_TYPES.map((type) => {
    const r = rows.find((x) => x.type === type);
    return { type, amount: r?.amount ?? '0.00', lines: r?.lines ?? 0 };
  });
}

function totalsOf(payouts: PayoutRecord[]) {
  return {
    count: payouts.length,
    gross: sum(payouts.map((p) => p.gross)),
    wht: sum(payouts.map((p) => p.wht)),
    point_part: sum(payouts.map((p) => p.point_part)),
    fee: sum(payouts.map((p) => p.fee)),
    net: sum(payouts.map((p) => p.net)),
  };
}

export async function statementPeriods(ctx: AppContext, userId: number): Promise<StatementPeriods> {
  const { date: today } = await businessNow(ctx.db, ctx.config);
  const through = closedThrough(today);
  const months = await monthsOf(ctx.db, userId, '0001-01-01', through);
  const currentYear = Number(today.slice(0, 4));
  const years = new Map<number, { gross: bigint; wht: bigint }>();
  for (const m of months) {
    const y = Number(m.period.slice(0, 4));
    const t = years.get(y) ?? { gross: 0n, wht: 0n };
    years.set(y, { gross: t.gross + satang(m.gross_paid), wht: t.wht + satang(m.wht) });
  }
  return {
    closed_through: through,
    months: months.map((m) => ({ month: m.period, income: m.income, net_paid: m.net_paid, wht: m.wht })),
    years: [...years.entries()]
      .sort(([a], [b]) => b - a)
      .map(([year, t]) => ({
        year,
        closed: year < currentYear,
        gross_paid: baht(t.gross),
        wht: baht(t.wht),
      })),
  };
}

export async function monthlyStatement(
  ctx: AppContext,
  userId: number,
  month: string,
): Promise<MonthlyStatement> {
  const { date: today } = await businessNow(ctx.db, ctx.config);
  const from = `${month}-01`;
  const to = lastDayOfMonth(from);
  if (to > closedThrough(today)) throw validation('month', 'The month has not closed yet');
  const [income, transfers, unpaid, waiting] = await Promise.all([
    incomeByType(ctx.db, userId, from, to),
    transfersIn(ctx.db, userId, from, to),
    unpaidOf(ctx.db, userId, from, to),
    waitingAt(ctx.db, userId, to),
  ]);
  const types = byType(income);
  const incomeTotal = sum(types.map((t) => t.amount));
  const totals = totalsOf(transfers);
  return {
    month,
    date_from: from,
    date_to: to,
    income: types,
    income_total: incomeTotal,
    waiting_at_end: waiting,
    payouts: transfers.map(({ of_period, earlier_lines, ...p }) => ({
      ...p,
      of_month: of_period,
      earlier_lines: earlier_lines.map((l) => ({ ...l, type: l.type as IncomeType })),
    })),
    totals,
    // income + earlier_paid − paid_later − still_waiting = gross_paid: each part a sum of ledger rows.
    reconciliation: {
      income: incomeTotal,
      earlier_paid: sum(transfers.map((p) => p.earlier)),
      paid_later: unpaid.paid_later,
      still_waiting: unpaid.waiting,
      gross_paid: totals.gross,
    },
  };
}

/** The company (the certificate's payer): the API's company file (decision 019), read once. */
let company: { file: string; payer: YearlyStatement['payer'] } | null = null;
function payerOf(config: Config): YearlyStatement['payer'] {
  if (company?.file !== config.companyFile) {
    const info = loadCompanyInfo(config.companyFile);
    company = {
      file: config.companyFile,
      payer: { name: info.name.th, tax_id: info.tax_id, address: info.address.th },
    };
  }
  return company.payer;
}

export async function yearlyStatement(
  ctx: AppContext,
  userId: number,
  year: number,
): Promise<YearlyStatement> {
  const { date: today } = await businessNow(ctx.db, ctx.config);
  const through = closedThrough(today);
  const from = `${year}-01-01`;
  const end = `${year}-12-31`;
  if (from > through) throw validation('year', 'No month of this year has closed yet');
  const to = end < through ? end : through;
  const payee = await payeeOf(ctx.db, userId);
  if (!payee) throw notFound();
  const [months, income, payouts] = await Promise.all([
    monthsOf(ctx.db, userId, from, to),
    incomeByType(ctx.db, userId, from, to),
    payoutsIn(ctx.db, userId, from, to),
  ]);
  const payer = payerOf(ctx.config);
  const types = byType(income);
  return {
    year,
    closed: end <= through,
    date_from: from,
    date_to: to,
    months: months
      .map((m) => ({
        month: m.period,
        income: m.income,
        gross_paid: m.gross_paid,
        wht: m.wht,
        net_paid: m.net_paid,
      }))
      .sort((a, b) => a.month.localeCompare(b.month)),
    income: types,
    income_total: sum(types.map((t) => t.amount)),
    payouts,
    totals: totalsOf(payouts),
    payer,
    payee: {
      name: `${payee.first_name} ${payee.last_name}`.trim(),
      tax_id: payee.identity_type === 'passport' ? null : payee.identity_value,
      address: payee.address && formatAddress(payee.address, 'th'),
      member_code: payee.member_code,
    },
    income_section: '40(2)',
  };
}
