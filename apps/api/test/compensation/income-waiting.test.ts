import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, endOfBangkokDay, startOfBangkokDay } from '@portal/plan/dates';
import { closeDay, payoutRun } from '../../src/compensation/engine';
import { postCancellation } from '../../src/compensation/ledger';
import { planFor } from '../../src/compensation/plan';
import { createTestApp, type TestApp } from '../helpers/app';
import { topWithTwoPackages } from '../helpers/network';

/**
 * income_waiting holds exactly the WAITING income lines (decision 050): the triggers on income_lines
 * add a line inserted WAITING and take out one paid or voided, whatever writes it (a closing, a
 * payout run, a cancellation). And marking a line stays a heap-only update: no index of the ledger
 * reads `state` or `payout_id`, and its pages keep room for the new row version.
 *
 * A (SILVER, payable) refers B and C (PLATINUM) on Monday 2025-01-06; the closing gives A a cycle line
 * of 1,080.00 (point part 108.00) and two referrer lines; B's order is canceled on Thursday, which
 * voids A's referrer line from it; the run of Tuesday 01-14 pays A the rest.
 */
let t: TestApp;
let a: number;
let canceled: number;
const MONDAY = '2025-01-06';
const THURSDAY = '2025-01-09';
const PAYDAY = '2025-01-14';
const after = (date: string) => ({
  startedBy: 'test',
  now: { date: addDays(date, 1), at: new Date(endOfBangkokDay(date).getTime() + 1) },
});
const at = (date: string, k: number) => ({
  date,
  at: new Date(startOfBangkokDay(date).getTime() + 3_600_000 + k * 1000),
});

/** The WAITING lines as the ledger has them and as income_waiting has them. */
async function bothSides() {
  const q = async (text: string) => (await t.database.pool.query(text)).rows;
  return {
    ledger:
      await q(`select id::int as line, member_id::int as member, income_date::text as date, amount::text,
        (case when type = 'CYCLE' and not correction then point_part else 0 end)::numeric(14, 2)::text as point_part
      from income_lines where state = 'WAITING' order by id`),
    waiting:
      await q(`select line_id::int as line, member_id::int as member, income_date::text as date, amount::text,
        point_part::text from income_waiting order by line_id`),
  };
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  let orders: number[];
  ({ a, orders } = await topWithTwoPackages(t, MONDAY, { payable: true }));
  canceled = orders[1]!;
});
afterAll(() => t.close());

describe('income_waiting, the WAITING lines kept apart', () => {
  it('when lines are written, voided and paid then income_waiting holds exactly the WAITING ones', async () => {
    for (let d = MONDAY; d <= addDays(PAYDAY, -1); d = addDays(d, 1)) {
      if (d === THURSDAY)
        await t.database.db.transaction(async (tx) =>
          postCancellation(tx, await planFor(tx, d), canceled, at(d, 10)),
        );
      await closeDay(t.database.db, d, after(d));
    }
    const before = await bothSides();
    expect(before.waiting).toEqual(before.ledger);
    const mine = before.waiting.filter((r) => r.member === a);
    expect(mine.map((r) => [r.amount, r.point_part]).sort()).toEqual([
      ['1080.00', '108.00'],
      ['1800.00', '0.00'],
    ]);
    const voided = await t.database.pool.query(
      `select count(*)::int as n from income_lines where state = 'VOID' and member_id = $1`,
      [a],
    );
    expect(voided.rows[0].n).toBe(1);

    const run = await payoutRun(t.database.db, PAYDAY, after(PAYDAY));
    expect(run.counts).toMatchObject({ paid: 1 });
    expect(run.totals).toMatchObject({ gross: '2880.00', point_part: '108.00' });
    const afterRun = await bothSides();
    expect(afterRun.waiting).toEqual(afterRun.ledger);
    expect(afterRun.waiting.filter((r) => r.member === a)).toEqual([]);
  });

  it('keeps marking a line a heap-only update: no index of income_lines reads state or payout_id, and its pages keep room', async () => {
    const { rows } = await t.database.pool.query<{ index: string; reads: string[] }>(
      `select i.indexrelid::regclass::text as index,
         array(select a.attname::text from pg_attribute a where a.attrelid = i.indrelid
           and (a.attnum = any(i.indkey)
             or pg_get_expr(i.indpred, i.indrelid) ~ ('\\m' || a.attname || '\\M')
             or pg_get_expr(i.indexprs, i.indrelid) ~ ('\\m' || a.attname || '\\M'))) as reads
       from pg_index i where i.indrelid = 'income_lines'::regclass`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.reads, r.index).not.toContain('state');
    for (const r of rows) expect(r.reads, r.index).not.toContain('payout_id');
    const { rows: options } = await t.database.pool.query<{ reloptions: string[] | null }>(
      `select reloptions from pg_class where oid = 'income_lines'::regclass`,
    );
    expect(options[0]!.reloptions).toContain('fillfactor=50');
  });
});
