import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simulate, type Scenario } from '../../src/compensation/simulate';
import { simulatorDatabase } from '../helpers/simulator-db';

/**
 * WHT_METHOD (plan 6, decision 048): the flat 5% of the plan's examples, or the member's income tax
 * of a projected year (Revenue Code section 50(1)), through the same payout run the portal makes.
 */
let db: Awaited<ReturnType<typeof simulatorDatabase>>;
beforeAll(async () => {
  db = await simulatorDatabase();
});
beforeEach(() => db.reset());
afterAll(() => db.drop());

type Payout = { member: string; date: string; gross: string; wht: string; point_part: string; net: string };
const payouts = (r: Awaited<ReturnType<typeof simulate>>) => r.payouts as Payout[];

const E6 = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../scenarios/plan-examples/E6.json'), 'utf8'),
) as Scenario;

/** A with a PLATINUM package and `n` PLATINUM members under it in one left chain, all referred by A. */
function chain(n: number, firstDate: string, secondDate: string): Scenario {
  const members: Scenario['members'] = [{ code: 'A' }];
  const events: Scenario['events'] = [
    { date: firstDate, type: 'order', id: 'PA', member: 'A', order_type: 'PACKAGE', package: 'PLATINUM' },
  ];
  for (let i = 1; i <= n; i++) {
    members.push({ code: `M${i}`, upline: i === 1 ? 'A' : `M${i - 1}`, side: 'left', referrer: 'A' });
    events.push({
      date: i <= n / 2 ? firstDate : secondDate,
      type: 'order',
      id: `P${i}`,
      member: `M${i}`,
      order_type: 'PACKAGE',
      package: 'PLATINUM',
    });
  }
  return { members, events, until: '2025-02-11' } as Scenario;
}

describe('withholding tax by the plan’s WHT_METHOD (plan 6)', () => {
  it('when WHT_METHOD is absent then E6 withholds the flat 5%: 125.00 of 2,500.00', async () => {
    const r = await simulate(db.db, E6);
    expect(payouts(r)).toEqual([
      {
        member: 'A',
        date: '2025-07-08',
        gross: '2500.00',
        wht: '125.00',
        point_part: '70.00',
        net: '2305.00',
      },
    ]);
  });

  it('when WHT_METHOD is ANNUALISED then 2,500.00 in July, 30,000 a year, owes no tax and nothing is withheld', async () => {
    const r = await simulate(db.db, { ...E6, plan: { WHT_METHOD: 'ANNUALISED' } });
    expect(payouts(r)).toEqual([
      { member: 'A', date: '2025-07-08', gross: '2500.00', wht: '0.00', point_part: '70.00', net: '2430.00' },
    ]);
  });

  it("when WHT_METHOD is ANNUALISED then February's run withholds the year's tax due by February less January's", async () => {
    // January: 20 referrals × 1,800.00 = 36,000.00, projected to 432,000.00 a year: taxable
    // 432,000 − 100,000 − 60,000 = 272,000, tax 6,100.00, a twelfth due by January: 508.33.
    // February: 72,000.00 so far, the same projected year: two twelfths 1,016.67 − 508.33 = 508.34.
    const r = await simulate(db.db, {
      ...chain(40, '2025-01-06', '2025-02-03'),
      plan: { WHT_METHOD: 'ANNUALISED' },
    });
    const a = payouts(r).filter((p) => p.member === 'A');
    expect(a.map((p) => [p.date, p.gross, p.wht])).toEqual([
      ['2025-01-14', '36000.00', '508.33'],
      ['2025-02-11', '36000.00', '508.34'],
    ]);
    for (const p of a) {
      const net = Number(p.gross) * 100 - Number(p.point_part) * 100 - Number(p.wht) * 100;
      expect(Math.round(net)).toBe(Math.round(Number(p.net) * 100));
    }
  });

  it('when WHT_METHOD is not a method then the scenario is refused', async () => {
    await expect(simulate(db.db, { ...E6, plan: { WHT_METHOD: 'PROGRESSIVE' } })).rejects.toThrow(
      /^plan: WHT_METHOD: /,
    );
  });
});
