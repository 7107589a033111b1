import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type {
  CashbackRow,
  DropshipRow,
  DropshipSummary,
  IncomeCurrentSummary,
  IncomeSummary,
  IncomeTypeSummary,
  MtaRow,
  MtaSummary,
  ReferrerRow,
} from '@portal/contracts/income-reports';
import type { CycleDetail, CycleRow, CycleSummary } from '@portal/contracts/reports';
import { addDays, weekday } from '@portal/plan/dates';
import { businessNow } from '../../../src/lib/clock';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectError } from '../../helpers/expect';
import { buildHistory, report, rows, type History } from '../../helpers/report-history';

/**
 * The cycle bonus and income reports (plan 3, 4, 6) for a history made through the engine (closings
 * of a month, a payout, an MTA month, cancellations before and after payout), checked against the
 * closing rows, income lines and payouts they sum.
 */
let t: TestApp;
let h: History;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_GLOBAL: '100000' });
  h = await buildHistory(t);
}, 120_000);
afterAll(() => t.close());

const get = (token: string, path: string) => call(t.app, 'GET', `/network/api/v1${path}`, { token });

type ClosingRow = Record<string, unknown> & { date: string };
const closingRows = (memberId: number) =>
  rows<ClosingRow>(
    t,
    `select c.closing_date::text as date, c.carry_in_left, c.carry_in_right, c.new_left, c.new_right, c.cycles,
       c.cycle_value, c.gross::text, c.paid::text, c.flushed::text, c.point_part::text, c.cash_part::text,
       c.carry_out_left, c.carry_out_right, c.qualified, l.state as income_state
     from closing_rows c left join income_lines l on l.member_id = c.member_id and l.type = 'CYCLE'
       and l.source = c.closing_date::text and not l.correction
     where c.member_id = $1 order by c.closing_date desc`,
    [memberId],
  );

describe('report/cycle_transaction and report/summary_cycle', () => {
  it('when listed then every closing row of mine is there, newest first, with its income state, and paged', async () => {
    const stored = await closingRows(h.a);
    expect(stored).toHaveLength(26);
    const all = await report<Page<CycleRow>>(t, h.tokens.a, '/report/cycle_transaction?per_page=100');
    expect(all.items.map((r) => ({ ...r }))).toEqual(
      stored.map((s) =>
        expect.objectContaining({
          ...s,
          id: s.date,
          total_left: expect.any(Number),
          total_right: expect.any(Number),
        }),
      ),
    );
    const first = all.items.at(-1)!;
    expect(first).toMatchObject({
      id: '2025-01-06',
      total_left: 9000,
      total_right: 9000,
      package_code: 'SILVER',
      income_percent: '0.12',
      max_income_per_day: '3000.00',
      cycles: 18,
      paid: '1080.00',
      point_part: '108.00',
      cash_part: '972.00',
      qualified: true,
      reason: null,
      income_state: 'PAID',
    });
    const page3 = await report<Page<CycleRow>>(t, h.tokens.a, '/report/cycle_transaction?page=3');
    expect(page3.pagination).toEqual({ page: 3, per_page: 10, total: 26, last_page: 3 });
    expect(page3.items.map((r) => r.id)).toEqual(stored.slice(20).map((s) => s.date));
    const ranged = await report<Page<CycleRow>>(
      t,
      h.tokens.a,
      '/report/cycle_transaction?date_from=2025-01-07&date_to=2025-01-08',
    );
    expect(ranged.items.map((r) => [r.id, r.carry_out_left, r.carry_out_right])).toEqual([
      ['2025-01-08', 0, 600],
      ['2025-01-07', 300, 400],
    ]);
  });

  it('when one day is read then it is that closing row with its line and payout; another day or member is not found', async () => {
    const d = await report<CycleDetail>(t, h.tokens.a, '/report/cycle_transaction/2025-01-06');
    const [line] = await rows<{ id: number; run_date: string }>(
      t,
      `select l.id, p.run_date::text from income_lines l join payouts p on p.id = l.payout_id
       where l.member_id = $1 and l.type = 'CYCLE' and l.source = '2025-01-06'`,
      [h.a],
    );
    expect(d).toMatchObject({
      id: '2025-01-06',
      cycles: 18,
      income_line_id: line!.id,
      payout_date: '2025-01-14',
    });
    expect(line!.run_date).toBe('2025-01-14');
    expectError(await get(h.tokens.b, '/report/cycle_transaction/2025-01-06'), 404, 'NOT_FOUND');
    expectError(await get(h.tokens.a, '/report/cycle_transaction/2025-02-05'), 404, 'NOT_FOUND');
    expectError(await get(h.tokens.a, '/report/cycle_transaction/2025-02-30'), 422, 'VALIDATION_ERROR');
  });

  it('when summed then the totals are the sums of the closing rows of the range, and earned, waiting and paid those of its CYCLE lines', async () => {
    const s = await report<CycleSummary>(t, h.tokens.a, '/report/summary_cycle');
    const [sums] = await rows<Record<string, string>>(
      t,
      `select count(*) as days, sum(cycles) as cycles, sum(new_left) as new_left, sum(new_right) as new_right,
         sum(paid)::text as earned, sum(point_part)::text as point_part, sum(cash_part)::text as cash_part,
         (select coalesce(sum(amount), 0)::numeric(16,2)::text from income_lines
           where member_id = $1 and type = 'CYCLE' and state = 'PAID') as paid,
         (select coalesce(sum(amount), 0)::numeric(16,2)::text from income_lines
           where member_id = $1 and type = 'CYCLE' and state = 'WAITING') as waiting
       from closing_rows where member_id = $1`,
      [h.a],
    );
    // Decision 021: "paid" is the PAID lines, not the rows' income after the cap (that is earned).
    expect(s).toMatchObject({
      days: Number(sums!.days),
      qualified_days: 26,
      cycles: Number(sums!.cycles),
      new_left: Number(sums!.new_left),
      new_right: Number(sums!.new_right),
      amount: sums!.earned,
      paid: sums!.paid,
      waiting: sums!.waiting,
      void: '0.00',
      point_part: sums!.point_part,
      cash_part: sums!.cash_part,
      flushed: '0.00',
      carry_in_left: 0,
      carry_out_right: 600,
      cumulative_cycles: 18,
    });
    const ranged = await report<CycleSummary>(
      t,
      h.tokens.a,
      '/report/summary_cycle?date_from=2025-01-07&date_to=2025-01-08',
    );
    expect(ranged).toMatchObject({
      days: 2,
      cycles: 0,
      new_left: 0,
      new_right: 600,
      amount: '0.00',
      paid: '0.00',
      carry_in_left: 0,
      carry_in_right: 0,
      carry_out_left: 0,
      carry_out_right: 600,
      cumulative_cycles: 18,
    });
  });
});

describe('report/income_summary and report/income_current_summary', () => {
  it('when summed then each type and state is the sum of its lines, and the payouts of the range are there', async () => {
    const s = await report<IncomeSummary>(t, h.tokens.a, '/report/income_summary');
    const lines = await rows<{ type: string; state: string; amount: string }>(
      t,
      'select type, state, sum(amount)::text as amount from income_lines where member_id = $1 group by type, state',
      [h.a],
    );
    const of = (type: string, state: string) =>
      lines.find((l) => l.type === type && l.state === state)?.amount ?? '0.00';
    for (const row of s.by_type) {
      expect(row, row.type).toMatchObject({
        waiting: of(row.type, 'WAITING'),
        paid: of(row.type, 'PAID'),
        void: of(row.type, 'VOID'),
      });
    }
    const [payouts] = await rows<Record<string, string>>(
      t,
      `select count(*)::int as count, sum(gross)::text as gross, sum(wht)::text as wht, sum(point_part)::text as point_part,
         sum(net)::text as net from payouts where member_id = $1`,
      [h.a],
    );
    expect(s.payouts).toEqual(payouts);
    // Plan 6: 1,080.00 cycle + 3,600.00 referrer + 12.50 cashback + 250.00 dropship, 5% WHT, the point part.
    expect(s.payouts).toEqual({
      count: 1,
      gross: '4942.50',
      wht: '247.13',
      point_part: '108.00',
      net: '4587.37',
    });
    // The MTA month waits; the dropship sale canceled after its payout is a negative waiting line.
    expect(s).toMatchObject({ paid: '4942.50', waiting: '-190.00', void: '5.00', amount: '4752.50' });
    const [earned] = await rows<{ amount: string }>(
      t,
      `select sum(amount)::text as amount from income_lines where member_id = $1 and state <> 'VOID'`,
      [h.a],
    );
    expect(s.amount).toBe(earned!.amount);
  });

  it('when a range is given then only the lines dated in it count', async () => {
    const s = await report<IncomeSummary>(
      t,
      h.tokens.a,
      '/report/income_summary?date_from=2025-01-07&date_to=2025-01-07',
    );
    expect(s.by_type.filter((b) => b.amount !== '0.00').map((b) => [b.type, b.amount, b.paid])).toEqual([
      ['CASHBACK', '12.50', '12.50'],
      ['DROPSHIP', '250.00', '250.00'],
    ]);
    expect(s.payouts.count).toBe(0);
  });

  it("when this week's income is asked then it is the week's WAITING lines, and the next run's due", async () => {
    const today = (await businessNow(t.database.db, t.config)).date;
    // B buys today: a cashback line waiting this week.
    await h.pay(h.b, 'REPURCHASE', today, { lines: [{ code: 'P002', qty: 3, price: '100.00', pv: 100 }] });
    const s = await report<IncomeCurrentSummary>(t, h.tokens.b, '/report/income_current_summary');
    const monday = addDays(today, -((weekday(today) + 6) % 7));
    let run = today;
    while (weekday(run) !== 2) run = addDays(run, 1);
    expect(s).toMatchObject({
      week_from: monday,
      week_to: addDays(monday, 6),
      amount: '15.00',
      waiting_total: '15.00',
    });
    expect(s.by_type.find((b) => b.type === 'CASHBACK')!.amount).toBe('15.00');
    expect(s.next_payout_date).toBe(run);
    const a = await report<IncomeCurrentSummary>(t, h.tokens.a, '/report/income_current_summary');
    expect(a).toMatchObject({ amount: '0.00', waiting_total: '-190.00', next_payout_gross: '-190.00' });
  });
});

describe('report/mta_*, referrer_*, cashback_*', () => {
  it('when MTA is read then the month of lines by generation and each line with its order are there', async () => {
    const s = await report<MtaSummary>(t, h.tokens.a, '/report/mta_summary');
    expect(s).toMatchObject({ lines: 2, amount: '60.00', waiting: '60.00' });
    expect(s.months).toEqual([
      {
        month: '2025-01',
        lines: 2,
        amount: '60.00',
        waiting: '60.00',
        paid: '0.00',
        void: '0.00',
        generations: [{ generation: 1, lines: 2, amount: '60.00' }],
      },
    ]);
    const list = await report<Page<MtaRow>>(t, h.tokens.a, '/report/mta_transaction');
    const stored = await rows<{ id: number; amount: string; order_no: string; pv: number }>(
      t,
      `select l.id, l.amount::text, o.order_no, o.pv_total as pv from income_lines l join orders o on o.id = l.order_id
       where l.member_id = $1 and l.type = 'MTA' order by l.income_date desc, l.id desc`,
      [h.a],
    );
    expect(
      list.items.map((r) => [r.id, r.amount, r.order_no, r.order_pv, r.generation, r.income_date]),
    ).toEqual(stored.map((l) => [l.id, l.amount, l.order_no, l.pv, 1, '2025-01-31']));
    // C's repurchases of January: 10% of 400 and of 200 PV (plan 4.3); B's canceled one pays nothing.
    expect(stored.map((l) => [l.order_no, l.amount]).sort()).toEqual(
      [
        [h.orders.r3.orderNo, '40.00'],
        [h.orders.r4.orderNo, '20.00'],
      ].sort(),
    );
    const [c] = await rows<{ member_code: string }>(t, 'select member_code from members where id = $1', [
      h.c,
    ]);
    expect(list.items.every((r) => r.member_code === c!.member_code)).toBe(true);
    const february = await report<MtaSummary>(t, h.tokens.a, '/report/mta_summary?date_from=2025-02-01');
    expect(february).toMatchObject({ lines: 0, amount: '0.00', months: [] });
  });

  it('when referrer bonus is read then each package of a referral is a line', async () => {
    const s = await report<IncomeTypeSummary>(t, h.tokens.a, '/report/referrer_summary');
    expect(s).toMatchObject({ lines: 2, amount: '3600.00', paid: '3600.00', waiting: '0.00' });
    const list = await report<Page<ReferrerRow>>(t, h.tokens.a, '/report/referrer_transaction');
    const stored = await rows<{ order_no: string }>(
      t,
      `select o.order_no from income_lines l join orders o on o.id = l.order_id
       where l.member_id = $1 and l.type = 'REFERRER' order by l.income_date desc, l.id desc`,
      [h.a],
    );
    expect(list.items.map((r) => r.order_no)).toEqual(stored.map((r) => r.order_no));
    expect(list.items.map((r) => [r.order_type, r.package_code, r.order_pv, r.amount, r.state])).toEqual([
      ['PACKAGE', 'PLATINUM', 9000, '1800.00', 'PAID'],
      ['PACKAGE', 'PLATINUM', 9000, '1800.00', 'PAID'],
    ]);
  });

  it('when cashback is read then a line voided by a cancellation shows as VOID and is not earned', async () => {
    const s = await report<IncomeTypeSummary>(t, h.tokens.a, '/report/cashback_summary');
    expect(s).toMatchObject({ lines: 1, amount: '12.50', paid: '12.50', void: '5.00' });
    const list = await report<Page<CashbackRow>>(t, h.tokens.a, '/report/cashback_list');
    expect(list.items.map((r) => [r.order_no, r.order_pv, r.amount, r.state])).toEqual([
      [h.orders.r5.orderNo, 100, '5.00', 'VOID'],
      [h.orders.r2.orderNo, 250, '12.50', 'PAID'],
    ]);
    const b = await report<Page<CashbackRow>>(t, h.tokens.b, '/report/cashback_list?date_to=2025-12-31');
    expect(b.items.map((r) => [r.order_no, r.amount, r.state])).toEqual([
      [h.orders.r1.orderNo, '15.00', 'VOID'],
    ]);
  });
});

describe('report/dropship_income_*', () => {
  it('when read then each line of a sale is there, and a cancellation after payout is a negative line that nets', async () => {
    const list = await report<Page<DropshipRow>>(t, h.tokens.a, '/report/dropship_income_list');
    const [me] = await rows<{ member_uuid: string }>(t, 'select member_uuid from members where id = $1', [
      h.a,
    ]);
    // Newest day first; the lines of one day (one sale's, or one cancellation's) in any order: the
    // cancellation writes its lines in one statement, which gives them no order of their own.
    const byDay = (a: (string | number | boolean)[], b: (string | number | boolean)[]) =>
      String(b[0]).localeCompare(String(a[0])) || String(b[1]).localeCompare(String(a[1]));
    expect(
      list.items
        .map((r) => [
          r.income_date,
          r.product_code,
          r.quantity,
          r.grand_total,
          r.compensation,
          r.state,
          r.correction,
        ])
        .sort(byDay),
    ).toEqual([
      ['2025-01-20', 'P002', -1, '-300.00', '-50.00', 'WAITING', true],
      ['2025-01-20', 'P001', -2, '-900.00', '-200.00', 'WAITING', true],
      ['2025-01-07', 'P002', 1, '300.00', '50.00', 'PAID', false],
      ['2025-01-07', 'P001', 2, '900.00', '200.00', 'PAID', false],
    ]);
    expect(
      list.items.every((r) => r.member_uuid === me!.member_uuid && r.order_no === h.orders.dropship.orderNo),
    ).toBe(true);
    const all = await report<DropshipSummary>(t, h.tokens.a, '/report/dropship_income_summary');
    expect(all).toMatchObject({
      lines: 4,
      amount: '0.00',
      paid: '250.00',
      waiting: '-250.00',
      quantity: 0,
      grand_total: '0.00',
    });
    const sale = await report<DropshipSummary>(
      t,
      h.tokens.a,
      '/report/dropship_income_summary?date_from=2025-01-07&date_to=2025-01-07',
    );
    // Plan 4.6: (450 − 350) × 2 + (300 − 250) × 1.
    expect(sale).toMatchObject({ lines: 2, amount: '250.00', quantity: 3, grand_total: '1200.00' });
  });
});
