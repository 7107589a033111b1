import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runPayout } from '../../src/compensation/payout';
import { planFor } from '../../src/compensation/plan';
import { createTestApp, type TestApp } from '../helpers/app';
import { closeDays, paid, treeMember } from '../helpers/engine';
import { staffToken } from '../helpers/shop';

/**
 * Decision 050: a payout run marks millions of lines PAID, and it stays fast only while each of those
 * updates is heap-only (HOT): no index of `income_lines` may read a column the run or a cancellation
 * changes, and the ledger keeps room on its pages for the new versions (fillfactor 50). Both are
 * checked here on a small run: an index on `state` added later would fail it at once, long before a
 * million-member month shows it.
 */
let t: TestApp;
const PAID_ON = '2025-03-01'; // Saturday
const RUN = '2025-03-04'; // Tuesday: pays lines up to Sunday 2025-03-02

beforeAll(async () => {
  t = await createTestApp();
  const staff = await staffToken(t);
  const top = await treeMember(t);
  const left = await treeMember(t, { parent: top, side: 'left', referrer: top });
  const right = await treeMember(t, { parent: top, side: 'right', referrer: top });
  await paid(t, top.id, 'PACKAGE', 1500, PAID_ON, 'SILVER');
  for (const m of [left, right]) await paid(t, m.id, 'PACKAGE', 1500, PAID_ON, 'SILVER');
  await closeDays(t, staff.token, ['2025-03-01', '2025-03-02', '2025-03-03']);
});
afterAll(() => t.close());

describe('the payout run writes no index entry for a line it pays (decision 050)', () => {
  it('when the ledger is made then none of its indexes reads state, payout_id or voided_date and its pages keep room', async () => {
    const { rows } = await t.database.pool.query<{ index: string; columns: string[] }>(`
      select i.indexrelid::regclass::text as index,
        array(select a.attname from pg_attribute a
              where a.attrelid = i.indrelid
                and (a.attnum = any(i.indkey)
                  or pg_get_expr(i.indpred, i.indrelid) ~ ('\\m' || a.attname || '\\M')
                  or pg_get_expr(i.indexprs, i.indrelid) ~ ('\\m' || a.attname || '\\M'))
                and a.attnum > 0)::text[] as columns
      from pg_index i where i.indrelid = 'income_lines'::regclass order by 1`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { index, columns } of rows) {
      expect(columns, index).not.toContain('state');
      expect(columns, index).not.toContain('payout_id');
      expect(columns, index).not.toContain('voided_date');
    }
    const { rows: options } = await t.database.pool.query<{ options: string[] | null }>(
      `select reloptions as options from pg_class where oid = 'income_lines'::regclass`,
    );
    expect(options[0]!.options).toContain('fillfactor=50');
  });

  it('when a run pays its members then every line it marks PAID is a heap-only update', async () => {
    const stats = await t.database.db.transaction(async (tx) => {
      const { paid: payouts } = await runPayout(tx, await planFor(tx, RUN), RUN);
      expect(payouts.length).toBeGreaterThan(0);
      const { rows } = await tx.execute<{ updated: number; hot: number; paid: number }>(sql`
        select s.n_tup_upd::int as updated, s.n_tup_hot_upd::int as hot,
          (select count(*)::int from income_lines where state = 'PAID') as paid
        from pg_stat_xact_user_tables s where s.relid = 'income_lines'::regclass`);
      return rows[0]!;
    });
    expect(stats.paid).toBeGreaterThan(0);
    expect(stats.updated).toBe(stats.paid);
    expect(stats.hot).toBe(stats.updated);
  });
});
