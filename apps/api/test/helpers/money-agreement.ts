import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type {
  DropshipSummary,
  IncomeCurrentSummary,
  IncomeSummary,
  IncomeTypeSummary,
  MtaSummary,
} from '@portal/contracts/income-reports';
import type { Page } from '@portal/contracts/envelope';
import type { CycleRow, CycleSummary } from '@portal/contracts/reports';
import type { MonthlyStatement, StatementPeriods, YearlyStatement } from '@portal/contracts/statements';
import type { Wallet, WalletLine, WalletPayout } from '@portal/contracts/wallet';
import { lastDayOfMonth } from '@portal/plan/dates';
import { baht, satang } from '@portal/plan/money';
import { call, type TestApp } from './app';
import { expectData } from './expect';

/**
 * Decision 021's proof for one member: every page that shows a money word shows the same figure for
 * it. Reads the calls the dashboard, the reports, the statements and the wallet make (through the
 * network API, as the portal does) and the ledger itself, and asserts that each shared figure agrees
 * to the satang.
 */
/** The plan's worked examples (section 8) as scenarios: `scenarios/plan-examples/NAME.json`. */
export const PLAN_EXAMPLES = path.resolve(import.meta.dirname, '../../../../scenarios/plan-examples');
export const planExamples = () =>
  fs
    .readdirSync(PLAN_EXAMPLES)
    .filter((f) => /^[A-Za-z0-9]+\.json$/.test(f))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
export const readExample = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(PLAN_EXAMPLES, `${name}.json`), 'utf8')) as {
    members: { code: string }[];
  };

export const total = (values: string[]) => baht(values.reduce((n, v) => n + satang(v), 0n));
const words = (s: { lines: number; amount: string; waiting: string; paid: string; void: string }) => ({
  lines: s.lines,
  amount: s.amount,
  waiting: s.waiting,
  paid: s.paid,
  void: s.void,
});

export async function memberToken(t: TestApp, where: { code?: string; email?: string }) {
  const { rows } = await t.database.pool.query<{ user_id: number }>(
    `select m.user_id from members m join users u on u.id = m.user_id where m.member_code = $1 or u.email = $2`,
    [where.code ?? null, where.email ?? null],
  );
  const { token } = await t.app.ctx.signer.userToken({
    userId: Number(rows[0]!.user_id),
    userType: 'member',
    clientId: 'portal-web',
    sessionId: randomUUID(),
    suspension: 'none',
  });
  return { token, userId: Number(rows[0]!.user_id) };
}

export function reader(t: TestApp, token: string) {
  const get = async <T>(url: string) =>
    expectData<T>(await call(t.app, 'GET', `/network/api/v1${url}`, { token }));
  const range = (from?: string, to?: string) => (from && to ? `date_from=${from}&date_to=${to}` : '');
  return { get, range };
}

/** Every report's summary for a range, and the ledger's own sums of the member's lines by type and state. */
async function summaries(t: TestApp, token: string, userId: number, from?: string, to?: string) {
  const { get, range } = reader(t, token);
  const q = range(from, to);
  const [income, cycle, referrer, cashback, mta, dropship] = await Promise.all([
    get<IncomeSummary>(`/report/income_summary?${q}`),
    get<CycleSummary>(`/report/summary_cycle?${q}`),
    get<IncomeTypeSummary>(`/report/referrer_summary?${q}`),
    get<IncomeTypeSummary>(`/report/cashback_summary?${q}`),
    get<MtaSummary>(`/report/mta_summary?${q}`),
    get<DropshipSummary>(`/report/dropship_income_summary?${q}`),
  ]);
  const { rows: ledger } = await t.database.pool.query<{ type: string; state: string; amount: string }>(
    `select l.type, l.state, sum(l.amount)::numeric(16,2)::text as amount from income_lines l
     join members m on m.id = l.member_id where m.user_id = $1
       and ($2::date is null or l.income_date >= $2::date) and ($3::date is null or l.income_date <= $3::date)
     group by 1, 2`,
    [userId, from ?? null, to ?? null],
  );
  return { income, cycle, referrer, cashback, mta, dropship, ledger };
}

/** The reports of one range agree with each other and with the ledger; returns each type's earned. */
async function reportsAgree(
  t: TestApp,
  token: string,
  userId: number,
  label: string,
  from?: string,
  to?: string,
) {
  const s = await summaries(t, token, userId, from, to);
  const byType = (type: string) => s.income.by_type.find((b) => b.type === type)!;
  const ledger = (type: string, state: string) =>
    s.ledger.find((l) => l.type === type && l.state === state)?.amount ?? '0.00';
  const reports = {
    CYCLE: s.cycle,
    REFERRER: s.referrer,
    CASHBACK: s.cashback,
    MTA: s.mta,
    DROPSHIP: s.dropship,
  };
  for (const [type, report] of Object.entries(reports)) {
    // "Paid" on a report card is the PAID lines of the range, whatever the report.
    expect(report.paid, `${label} ${type}: paid = Σ PAID lines`).toBe(ledger(type, 'PAID'));
    // The type's report card = the dashboard's income call for the same range = the ledger's lines.
    expect(words(report), `${label} ${type}: report = income_summary`).toEqual(words(byType(type)));
    expect(
      { waiting: report.waiting, paid: report.paid, void: report.void },
      `${label} ${type}: report = ledger`,
    ).toEqual({ waiting: ledger(type, 'WAITING'), paid: ledger(type, 'PAID'), void: ledger(type, 'VOID') });
  }
  // Cycle earned is the closing rows' income after the cap.
  expect(s.cycle.amount, `${label}: cycle earned = gross − flushed`).toBe(
    baht(satang(s.cycle.gross) - satang(s.cycle.flushed)),
  );
  expect(words(s.income), `${label}: income_summary = Σ types`).toEqual({
    lines: s.income.by_type.reduce((n, b) => n + b.lines, 0),
    amount: total(s.income.by_type.map((b) => b.amount)),
    waiting: total(s.income.by_type.map((b) => b.waiting)),
    paid: total(s.income.by_type.map((b) => b.paid)),
    void: total(s.income.by_type.map((b) => b.void)),
  });
  expect(s.income.amount, `${label}: earned = waiting + paid`).toBe(
    baht(satang(s.income.waiting) + satang(s.income.paid)),
  );
  return s;
}

/** The cycle report's rows: those whose state says PAID sum to its card's paid, and so on. */
async function cycleRowsAgree(t: TestApp, token: string, label: string, card: CycleSummary) {
  const { get } = reader(t, token);
  const rows: CycleRow[] = [];
  for (let page = 1; ; page++) {
    const p = await get<Page<CycleRow>>(`/report/cycle_transaction?per_page=100&page=${page}`);
    rows.push(...p.items);
    if (page >= p.pagination.last_page) break;
  }
  const of = (state: string) => total(rows.filter((r) => r.income_state === state).map((r) => r.paid));
  expect(
    { paid: card.paid, waiting: card.waiting, amount: card.amount },
    `${label}: cycle card = its rows by state`,
  ).toEqual({ paid: of('PAID'), waiting: of('WAITING'), amount: total(rows.map((r) => r.paid)) });
}

/** Every row of one of the member's paged lists (100 a page). */
async function every<T>(t: TestApp, token: string, url: string): Promise<T[]> {
  const { get } = reader(t, token);
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const p = await get<Page<T>>(`${url}?per_page=100&page=${page}`);
    out.push(...p.items);
    if (page >= p.pagination.last_page) return out;
  }
}

/** The wallet's figures are the reports' and the statements' (issue 18, item 3 beside item 4). */
async function walletAgrees(
  t: TestApp,
  token: string,
  userId: number,
  label: string,
  all: IncomeSummary,
  current: IncomeCurrentSummary,
  statements: MonthlyStatement[],
) {
  const { get } = reader(t, token);
  const w = await get<Wallet>('/wallet');
  const month = await reportsAgree(t, token, userId, `${label} wallet month`, w.month_from, w.month_to);
  expect(
    { waiting: w.waiting, paid_total: w.paid_total, paid_this_month: w.paid_this_month },
    `${label}: wallet = reports`,
  ).toEqual({ waiting: all.waiting, paid_total: all.paid, paid_this_month: month.income.paid });
  expect(w.paid_total, `${label}: paid = paid out, all time`).toBe(all.payouts.gross);
  expect(
    { date: w.next_payout.date, gross: w.next_payout.gross },
    `${label}: wallet's next payout = dashboard's`,
  ).toEqual({ date: current.next_payout_date, gross: current.next_payout_gross });

  const payouts = await every<WalletPayout>(t, token, '/wallet/payouts');
  expect(
    {
      count: payouts.length,
      gross: total(payouts.map((p) => p.gross)),
      wht: total(payouts.map((p) => p.wht)),
      point_part: total(payouts.map((p) => p.point_part)),
      net: total(payouts.map((p) => p.net)),
    },
    `${label}: wallet payouts = income_summary's`,
  ).toEqual(all.payouts);
  const byDate = new Map(payouts.map((p) => [p.run_date, p]));
  for (const m of statements)
    for (const p of m.payouts) {
      const x = byDate.get(p.run_date);
      expect(
        x && { gross: x.gross, wht: x.wht, point_part: x.point_part, fee: x.fee, net: x.net },
        `${label} ${p.run_date}: statement = wallet`,
      ).toEqual({ gross: p.gross, wht: p.wht, point_part: p.point_part, fee: p.fee, net: p.net });
    }

  const lines = await every<WalletLine>(t, token, '/wallet/income_lines');
  const of = (state: string, type?: string) =>
    total(lines.filter((l) => l.state === state && (!type || l.type === type)).map((l) => l.amount));
  expect(
    {
      lines: lines.filter((l) => l.state !== 'VOID').length,
      waiting: of('WAITING'),
      paid: of('PAID'),
      void: of('VOID'),
    },
    `${label}: wallet lines = income_summary`,
  ).toEqual({ lines: all.lines, waiting: all.waiting, paid: all.paid, void: all.void });
  for (const b of all.by_type)
    expect(
      { waiting: of('WAITING', b.type), paid: of('PAID', b.type) },
      `${label}: wallet ${b.type}`,
    ).toEqual({
      waiting: b.waiting,
      paid: b.paid,
    });
}

/** Every shared figure of the dashboard, the reports and the statements agrees for this member. */
export async function figuresAgree(t: TestApp, who: { code?: string; email?: string }, label: string) {
  const { token, userId } = await memberToken(t, who);
  const { get } = reader(t, token);

  const all = await reportsAgree(t, token, userId, `${label} all time`);
  await cycleRowsAgree(t, token, label, all.cycle);
  const current = await get<IncomeCurrentSummary>('/report/income_current_summary');
  expect(current.waiting_total, `${label}: waiting everywhere`).toBe(all.income.waiting);
  // The dashboard's week and month cards (this week, this month of the business date).
  await reportsAgree(t, token, userId, `${label} this week`, current.week_from, current.week_to);
  const month = `${current.week_to.slice(0, 7)}-01`;
  await reportsAgree(t, token, userId, `${label} this month`, month, lastDayOfMonth(month));

  const periods = await get<StatementPeriods>('/statement');
  const statement: Record<string, MonthlyStatement> = {};
  for (const p of periods.months) {
    const from = `${p.month}-01`;
    const to = lastDayOfMonth(from);
    const s = await reportsAgree(t, token, userId, `${label} ${p.month}`, from, to);
    const m = await get<MonthlyStatement>(`/statement/monthly?month=${p.month}`);
    statement[p.month] = m;
    const earned = (type: string) => m.income.find((i) => i.type === type)!.amount;
    // The statement's income is the reports' earned of the month, type by type.
    for (const b of s.income.by_type) expect(earned(b.type), `${label} ${p.month} ${b.type}`).toBe(b.amount);
    expect([m.income_total, p.income], `${label} ${p.month}: income`).toEqual([
      s.income.amount,
      s.income.amount,
    ]);
    // Its transfers are the month's payout runs, by payout date, as the dashboard's call sums them.
    expect(
      { count: m.totals.count, gross: m.totals.gross, wht: m.totals.wht, net: m.totals.net },
      `${label} ${p.month}: payouts`,
    ).toEqual({
      count: s.income.payouts.count,
      gross: s.income.payouts.gross,
      wht: s.income.payouts.wht,
      net: s.income.payouts.net,
    });
    expect([p.net_paid, p.wht], `${label} ${p.month}: period row`).toEqual([m.totals.net, m.totals.wht]);
    // Income + earlier waiting paid − paid later − still waiting = paid in the month.
    const r = m.reconciliation;
    expect(
      baht(satang(r.income) + satang(r.earlier_paid) - satang(r.paid_later) - satang(r.still_waiting)),
      `${label} ${p.month}: reconciliation`,
    ).toBe(m.totals.gross);
    expect(r.still_waiting, `${label} ${p.month}: still waiting = report's waiting`).toBe(s.income.waiting);
    expect(
      baht(satang(r.paid_later) + satang(total(m.payouts.map((x) => x.of_month)))),
      `${label} ${p.month}: paid = report's paid`,
    ).toBe(s.income.paid);
    for (const x of m.payouts) {
      expect(total([x.of_month, x.earlier]), `${label} ${x.run_date}: run`).toBe(x.gross);
      expect(total(x.earlier_lines.map((l) => l.amount)), `${label} ${x.run_date}: earlier lines`).toBe(
        x.earlier,
      );
      for (const l of x.earlier_lines) expect(l.income_date < from, `${label} ${x.run_date}`).toBe(true);
      expect(
        baht(satang(x.gross) - satang(x.wht) - satang(x.point_part) - satang(x.fee)),
        `${label} ${x.run_date}: net`,
      ).toBe(x.net);
    }
    expect(total(m.payouts.map((x) => x.earlier)), `${label} ${p.month}: earlier`).toBe(r.earlier_paid);
  }

  // A year's statement is the sum of its closed months.
  for (const y of periods.years) {
    const ys = await get<YearlyStatement>(`/statement/yearly?year=${y.year}`);
    const months = periods.months.filter((m) => m.month.startsWith(`${y.year}-`));
    const ms = months.map((m) => statement[m.month]!);
    expect(ys.income_total, `${label} ${y.year}: income`).toBe(total(months.map((m) => m.income)));
    for (const i of ys.income)
      expect(i.amount, `${label} ${y.year} ${i.type}`).toBe(
        total(ms.map((m) => m.income.find((x) => x.type === i.type)!.amount)),
      );
    expect([ys.totals.gross, ys.totals.wht, ys.totals.net], `${label} ${y.year}: payouts`).toEqual([
      total(ms.map((m) => m.totals.gross)),
      total(ms.map((m) => m.totals.wht)),
      total(ms.map((m) => m.totals.net)),
    ]);
    expect([y.gross_paid, y.wht], `${label} ${y.year}: period card`).toEqual([
      ys.totals.gross,
      ys.totals.wht,
    ]);
  }
  await walletAgrees(t, token, userId, label, all.income, current, Object.values(statement));
  return { token, all, periods, statement };
}
