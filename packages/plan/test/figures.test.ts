import { describe, expect, it } from 'vitest';
import {
  activityExample,
  capExample,
  cashbackExample,
  closing,
  cycleExample,
  mtaExample,
  payoutExample,
  planFigures,
  upgradeExample,
} from '../src/figures.ts';
import { percentText } from '../src/money.ts';
import { DEFAULT_PLAN } from '../src/params.ts';

/** The figures of the public pages against the plan's own tables and worked examples (docs/plan.md). */
describe('plan figures of the default plan', () => {
  it('gives each package the income per cycle and referrer bonus of plan 1.1 and 4.1', () => {
    const f = planFigures(DEFAULT_PLAN);
    expect(f.packages.map((p) => [p.code, p.incomePercent, p.incomePerCycle, p.referrerBonus])).toEqual([
      ['STARTER', '10', '50.00', '100.00'],
      ['SILVER', '12', '60.00', '300.00'],
      ['GOLD', '14', '70.00', '900.00'],
      ['PLATINUM', '15', '75.00', '1800.00'],
    ]);
    expect(f.packages[0]).toMatchObject({
      price: '1500.00',
      pv: 500,
      maxIncomePerDay: '500.00',
      activeDays: 60,
    });
    expect(f.mtaPercents).toEqual(['10', '5', '5']);
    expect([f.referrerPercent, f.cashbackPercent, f.whtPercent, f.pointSplitPercent]).toEqual([
      '20',
      '5',
      '5',
      '10',
    ]);
    expect([f.minPayout, f.transferFee, f.payoutWeekday]).toEqual(['100.00', '0.00', 2]);
  });

  it('closes E1 03-02 for SILVER: 500/500 → 1 cycle, 60.00, 6.00 points and 54.00 cash', () => {
    expect(closing(DEFAULT_PLAN, 'SILVER', 500, 500)).toMatchObject({
      cycles: 1,
      gross: '60.00',
      paid: '60.00',
      pointPart: '6.00',
      cashPart: '54.00',
      carryLeft: 0,
      carryRight: 0,
    });
    // E1 03-04: 800/700 → 1 cycle, carry 300/200
    expect(closing(DEFAULT_PLAN, 'SILVER', 800, 700)).toMatchObject({
      cycles: 1,
      carryLeft: 300,
      carryRight: 200,
    });
  });

  it('caps and flushes as E2 does for STARTER: 12 cycles, 600.00 earned, 500.00 paid, 100.00 flushed', () => {
    expect(capExample(DEFAULT_PLAN)).toMatchObject({
      package: 'STARTER',
      cycles: 12,
      gross: '600.00',
      paid: '500.00',
      flushed: '100.00',
      pointPart: '50.00',
      cashPart: '450.00',
    });
  });

  it('works the cycle example on the second package with the strong leg carrying', () => {
    expect(cycleExample(DEFAULT_PLAN)).toMatchObject({
      package: 'SILVER',
      newLeft: 1600,
      newRight: 1300,
      cycles: 2,
      gross: '120.00',
      paid: '120.00',
      pointPart: '12.00',
      cashPart: '108.00',
      carryLeft: 600,
      carryRight: 300,
    });
  });

  it('gives the upgrade, cashback, MTA and activity examples of plan 4.1, 4.2, 4.3 and 1.2', () => {
    expect(upgradeExample(DEFAULT_PLAN)).toEqual({
      from: 'STARTER',
      to: 'PLATINUM',
      price: '28500.00',
      pv: 8500,
      referrerBonus: '1700.00',
    });
    expect(cashbackExample(DEFAULT_PLAN)).toEqual({ pv: 800, percent: '5', amount: '40.00' });
    expect(mtaExample(DEFAULT_PLAN).lines).toEqual([
      { generation: 1, percent: '10', amount: '100.00', title: 'MEMBER' },
      { generation: 2, percent: '5', amount: '50.00', title: 'SUPERVISOR' },
      { generation: 3, percent: '5', amount: '50.00', title: 'MANAGER' },
    ]);
    expect(activityExample(DEFAULT_PLAN)).toEqual({
      package: 'STARTER',
      pv: 500,
      blocks: 2,
      days: 60,
      remainder: 100,
    });
  });

  it('pays a week out with 5% WHT, the point part kept back and the minimum checked', () => {
    expect(payoutExample(DEFAULT_PLAN)).toEqual({
      cycle: '120.00',
      referrer: '100.00',
      cashback: '40.00',
      gross: '260.00',
      whtPercent: '5',
      whtMethod: 'FLAT',
      wht: '13.00',
      pointPart: '12.00',
      fee: '0.00',
      net: '235.00',
      minPayout: '100.00',
      paid: true,
    });
    expect(payoutExample({ ...DEFAULT_PLAN, MIN_PAYOUT: '500.00' }).paid).toBe(false);
  });

  it('withholds the income tax of a projected year with WHT_METHOD ANNUALISED: none on 260.00 a week', () => {
    const e = payoutExample({ ...DEFAULT_PLAN, WHT_METHOD: 'ANNUALISED' });
    expect([e.whtMethod, e.gross, e.wht, e.net]).toEqual(['ANNUALISED', '260.00', '0.00', '248.00']);
  });
});

describe('when the plan changes, the figures follow', () => {
  it('rounds half-up once per line, exactly', () => {
    const plan = {
      ...DEFAULT_PLAN,
      CASHBACK_PCT: '0.0333',
      WHT_RATE: '0.03',
      PACKAGES: {
        ...DEFAULT_PLAN.PACKAGES,
        STARTER: { ...DEFAULT_PLAN.PACKAGES.STARTER!, income_percent: '0.125' },
      },
    };
    expect(cashbackExample(plan, 815)).toEqual({ pv: 815, percent: '3.33', amount: '27.14' }); // 27.1395
    expect(planFigures(plan).packages[0]!.incomePerCycle).toBe('62.50');
    expect(percentText('0.125')).toBe('12.5');
    expect(percentText('1')).toBe('100');
  });

  it('has no cap example when a cycle pays nothing, and no upgrade with one package', () => {
    const one = {
      ...DEFAULT_PLAN,
      PACKAGES: { ONLY: { ...DEFAULT_PLAN.PACKAGES.STARTER!, income_percent: '0' } },
    };
    expect(capExample(one)).toBeNull();
    expect(upgradeExample(one)).toBeNull();
  });
});
