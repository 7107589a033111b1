import { describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { IncomeSummary } from '@portal/contracts/income-reports';
import type { CycleRow, CycleSummary, LvpPage, PointPage, TitleHistory } from '@portal/contracts/reports';
import { baht, satang } from '@portal/plan/money';
import { simulate, type SimulationResult } from '../../../src/compensation/simulate';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData } from '../../helpers/expect';
import { memberToken, planExamples, readExample } from '../../helpers/money-agreement';

/**
 * Issue #9's proof: for a history built through the engine, every report call answers exactly the
 * figures the simulator gives for the same history. Each worked example of the plan (section 8) is
 * simulated on the live portal's database, then each of its members reads their reports through
 * the network API: cycle rows and totals, income by type and state, payouts, LVP and point
 * balances and titles must equal the simulator's result, row for row.
 */
const examples = planExamples();

type Row = Record<string, unknown>;
const sum = (values: unknown[]) => baht(values.reduce<bigint>((n, v) => n + satang(String(v)), 0n));
const mine = (rows: Row[], code: string) => rows.filter((r) => r.member === code);

const tokenOf = async (t: TestApp, code: string) => (await memberToken(t, { code })).token;

const get = async <T>(t: TestApp, token: string, url: string) =>
  expectData<T>(await call(t.app, 'GET', `/network/api/v1${url}`, { token }));

/** Every row of a paged list (100 a page). */
async function all<T>(t: TestApp, token: string, url: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const p = await get<Page<T>>(t, token, `${url}${url.includes('?') ? '&' : '?'}per_page=100&page=${page}`);
    out.push(...p.items);
    if (page >= p.pagination.last_page) return out;
  }
}

async function compare(t: TestApp, result: SimulationResult, code: string) {
  const token = await tokenOf(t, code);

  // Cycle bonus: one row per closing day, and the totals of the range.
  const closings = mine(result.closings, code);
  const rows = await all<CycleRow>(t, token, '/report/cycle_transaction');
  const byDate = new Map(rows.map((r) => [r.date, r]));
  expect(rows.length, `${code}: cycle rows`).toBe(closings.length);
  for (const c of closings) {
    const r = byDate.get(String(c.date));
    expect(r, `${code} ${String(c.date)}`).toBeDefined();
    expect(
      {
        carry_in_left: r!.carry_in_left,
        carry_in_right: r!.carry_in_right,
        new_left: r!.new_left,
        new_right: r!.new_right,
        cycles: r!.cycles,
        paid: r!.paid,
        flushed: r!.flushed,
        carry_out_left: r!.carry_out_left,
        carry_out_right: r!.carry_out_right,
      },
      `${code} ${String(c.date)}`,
    ).toEqual({
      carry_in_left: c.carry_in_left,
      carry_in_right: c.carry_in_right,
      new_left: c.new_left,
      new_right: c.new_right,
      cycles: c.cycles,
      paid: c.paid,
      flushed: c.flushed,
      carry_out_left: c.carry_out_left,
      carry_out_right: c.carry_out_right,
    });
  }
  const cycle = await get<CycleSummary>(t, token, '/report/summary_cycle');
  const cycleLines = mine(result.income, code).filter((l) => l.type === 'CYCLE');
  expect(
    {
      days: cycle.days,
      cycles: cycle.cycles,
      earned: cycle.amount,
      paid: cycle.paid,
      flushed: cycle.flushed,
      gross: cycle.gross,
    },
    `${code}: cycle summary`,
  ).toEqual({
    days: closings.length,
    cycles: closings.reduce((n, c) => n + Number(c.cycles), 0),
    // Earned is the rows' income after the cap; paid, the CYCLE lines the payouts paid (decision 021).
    earned: sum(closings.map((c) => c.paid)),
    paid: sum(cycleLines.filter((l) => l.state === 'PAID').map((l) => l.amount)),
    flushed: sum(closings.map((c) => c.flushed)),
    gross: sum(closings.map((c) => c.gross)),
  });

  // Income by type and state, and the payouts.
  const lines = mine(result.income, code);
  const totals = (ls: Row[]) => {
    const of = (state: string) => sum(ls.filter((l) => l.state === state).map((l) => l.amount));
    return {
      lines: ls.filter((l) => l.state !== 'VOID').length,
      amount: sum(ls.filter((l) => l.state !== 'VOID').map((l) => l.amount)),
      waiting: of('WAITING'),
      paid: of('PAID'),
      void: of('VOID'),
    };
  };
  const income = await get<IncomeSummary>(t, token, '/report/income_summary');
  const { lines: n, amount, waiting, paid, void: voided } = income;
  expect({ lines: n, amount, waiting, paid, void: voided }, `${code}: income`).toEqual(totals(lines));
  for (const type of ['CYCLE', 'REFERRER', 'CASHBACK', 'MTA', 'DROPSHIP']) {
    const {
      lines: tn,
      amount: ta,
      waiting: tw,
      paid: tp,
      void: tv,
    } = income.by_type.find((b) => b.type === type) ?? {
      lines: 0,
      amount: '0.00',
      waiting: '0.00',
      paid: '0.00',
      void: '0.00',
    };
    expect({ lines: tn, amount: ta, waiting: tw, paid: tp, void: tv }, `${code}: ${type}`).toEqual(
      totals(lines.filter((l) => l.type === type)),
    );
  }
  const payouts = mine(result.payouts, code);
  expect(income.payouts, `${code}: payouts`).toEqual({
    count: payouts.length,
    gross: sum(payouts.map((p) => p.gross)),
    wht: sum(payouts.map((p) => p.wht)),
    point_part: sum(payouts.map((p) => p.point_part)),
    net: sum(payouts.map((p) => p.net)),
  });

  // Balances and titles.
  const state = result.members.find((m) => m.member === code)!;
  const lvp = await get<LvpPage>(t, token, '/report/point_lvp');
  expect(lvp.summary.closing_balance, `${code}: LVP`).toBe(state.lvp_balance);
  const points = await get<PointPage>(t, token, '/use_point_cycle/search');
  expect(points.summary.closing_balance, `${code}: points`).toBe(state.point_balance);
  const titles = await get<TitleHistory>(t, token, '/report/business_title/history?per_page=100');
  expect(
    titles.items
      .map((r) => ({ to: r.to_title, date: r.achieved_date }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    `${code}: titles`,
  ).toEqual(mine(result.titles, code).map((r) => ({ to: r.to, date: r.date })));
}

describe('the reports against the simulator', () => {
  for (const name of examples) {
    it(`when ${name} is the history then every member's reports answer the simulator's figures`, async () => {
      const scenario = readExample(name);
      const t = await createTestApp({ RATE_LIMIT_GLOBAL: '1000000' });
      try {
        const result = await simulate(t.database.db, scenario);
        for (const m of scenario.members) await compare(t, result, m.code);
      } finally {
        await t.close();
      }
    }, 90_000);
  }
});
