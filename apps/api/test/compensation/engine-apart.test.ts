import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, endOfBangkokDay } from '@portal/plan/dates';
import { closeBusinessDaysApart } from '../../src/jobs/engine-apart';
import { createTestApp, type TestApp } from '../helpers/app';
import { topWithTwoPackages } from '../helpers/network';

/**
 * The business days' job runs the engine in a worker thread of its own (decision 049): the same
 * closings, written to the same database through the thread's own pool, answered back to the job;
 * again changes nothing; a thread that fails rejects with its error. A (SILVER) with B and C
 * (PLATINUM) on either side, paid on Monday 2025-01-06: that day's closing gives A 18 cycles.
 */
let t: TestApp;
let a: number;
const MONDAY = '2025-01-06';
const afterDay = (date: string) => ({
  date: addDays(date, 1),
  at: new Date(endOfBangkokDay(date).getTime() + 1),
});

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  ({ a } = await topWithTwoPackages(t, MONDAY));
});
afterAll(() => t.close());

describe('the engine in a thread of its own', () => {
  it('when the job closes the days that ended in its thread then the closings are in the database and a second call finds them done', async () => {
    const runs = await closeBusinessDaysApart(t.database.url, afterDay(MONDAY), 'scheduler');
    const daily = runs.filter((r) => r.type === 'DAILY');
    expect(daily.map((r) => [r.businessDate, r.alreadyDone, r.status])).toEqual([[MONDAY, false, 'done']]);
    expect(daily[0]!.counts).toMatchObject({ cycles: 18 });

    const { rows } = await t.database.pool.query<{ started_by: string; status: string }>(
      `select started_by, status from engine_runs where type = 'DAILY' and business_date = $1`,
      [MONDAY],
    );
    expect(rows).toEqual([{ started_by: 'scheduler', status: 'done' }]);
    const { rows: lines } = await t.database.pool.query<{ amount: string }>(
      `select amount::text from income_lines where member_id = $1 and type = 'CYCLE' and income_date = $2`,
      [a, MONDAY],
    );
    expect(lines).toEqual([{ amount: '1080.00' }]);

    const ledger = async () =>
      (
        await t.database.pool.query(
          `select (select count(*)::int from income_lines) as lines, (select count(*)::int from closing_rows) as rows,
             (select count(*)::int from engine_runs) as runs`,
        )
      ).rows[0];
    const before = await ledger();
    const again = await closeBusinessDaysApart(t.database.url, afterDay(MONDAY), 'scheduler');
    expect(again.filter((r) => r.type === 'DAILY' && !r.alreadyDone)).toEqual([]);
    expect(await ledger()).toEqual(before);
  });

  it('when the thread cannot reach its database then the call rejects and nothing is closed', async () => {
    const before = await t.database.pool.query(`select count(*)::int as n from engine_runs`);
    await expect(
      closeBusinessDaysApart('postgres://nobody@127.0.0.1:1/nowhere', afterDay('2025-01-07'), 'scheduler'),
    ).rejects.toThrow();
    expect((await t.database.pool.query(`select count(*)::int as n from engine_runs`)).rows).toEqual(
      before.rows,
    );
  });
});
