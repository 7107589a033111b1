import { describe, expect, it } from 'vitest';
import { DEMO, seedDemo } from '../../../src/seed/demo';
import { seedDemoHistory } from '../../../src/seed/history';
import { seedShop } from '../../../src/seed/shop';
import { simulate } from '../../../src/compensation/simulate';
import { businessNow } from '../../../src/lib/clock';
import { createTestApp } from '../../helpers/app';
import { figuresAgree, planExamples, readExample } from '../../helpers/money-agreement';

/**
 * Issue 18, item 4 (decision 021): the same word is the same figure on every page. For the demo
 * member of the seeded demo (90 days of history run by the engine) and for every member of the plan's
 * worked examples, the dashboard's calls, every report's summary and the statements agree on earned,
 * waiting, paid and voided to the satang (the wallet's figures too), and a month's statement explains
 * its transfers.
 */
const examples = planExamples();

describe('the money words agree on every page', () => {
  it('when the demo member reads the dashboard, the wallet, the reports and the statements then each shared figure agrees', async () => {
    const t = await createTestApp({ RATE_LIMIT_GLOBAL: '1000000' });
    try {
      const db = t.database.db;
      const demo = await seedDemo(db, { storage: t.app.ctx.storage });
      await seedShop(db, { storage: t.app.ctx.storage });
      const today = (await businessNow(db, t.config)).date;
      expect(await seedDemoHistory(t.app.ctx, today, demo!.email)).not.toBeNull();
      const demoFigures = await figuresAgree(t, { email: DEMO.email }, 'demo');
      expect(demoFigures.all.income.amount).not.toBe('0.00');
      expect(demoFigures.periods.months.length).toBeGreaterThanOrEqual(2);
      // And the members the demo paid most often, whose months pay income that had waited.
      const { rows } = await t.database.pool.query<{ code: string }>(
        `select m.member_code as code from payouts p join members m on m.id = p.member_id
         group by m.member_code order by count(*) desc, m.member_code limit 4`,
      );
      expect(rows.length).toBeGreaterThan(0);
      const paid = [];
      for (const r of rows) paid.push(await figuresAgree(t, { code: r.code }, `demo ${r.code}`));
      const months = paid.flatMap((f) => Object.values(f.statement));
      expect(months.some((m) => m.reconciliation.earlier_paid !== '0.00')).toBe(true);
      expect(months.some((m) => m.reconciliation.income !== m.totals.gross)).toBe(true);
    } finally {
      await t.close();
    }
  }, 300_000);

  for (const name of examples) {
    it(`when ${name} is the history then every member's dashboard, wallet, reports and statements agree`, async () => {
      const scenario = readExample(name);
      const t = await createTestApp({ RATE_LIMIT_GLOBAL: '1000000' });
      try {
        await simulate(t.database.db, scenario);
        for (const m of scenario.members) await figuresAgree(t, { code: m.code }, `${name} ${m.code}`);
      } finally {
        await t.close();
      }
    }, 120_000);
  }
});
