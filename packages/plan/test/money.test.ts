import { describe, expect, it } from 'vitest';
import { applyRate, baht, divHalfUp, percentText, pvMoney, rate, rateText, satang } from '../src/money.ts';
import { DEFAULT_PLAN, packagesInOrder, payoutWeekdayNumber, planWithOverrides } from '../src/params.ts';

/** The plan's arithmetic (section 0) as both the engine and the portal's plan pages compute with it. */
describe('money without floats', () => {
  it('reads and writes amounts as satang, refusing a third decimal', () => {
    expect(satang('1250.5')).toBe(125050n);
    expect(satang('-0.05')).toBe(-5n);
    expect(baht(125050n)).toBe('1250.50');
    expect(baht(-5n)).toBe('-0.05');
    expect(() => satang('1.005')).toThrow();
  });

  it('rounds a line half-up, away from zero, once', () => {
    expect(divHalfUp(5n, 2n)).toBe(3n);
    expect(divHalfUp(-5n, 2n)).toBe(-3n);
    expect(applyRate(satang('0.30'), rate('0.05'))).toBe(2n); // 1.5 satang
    // 815 PV × 3.33% × 1.00 = 27.1395 → 27.14
    expect(baht(pvMoney(815, rate('0.0333'), rate('1.00')))).toBe('27.14');
  });

  it('shows a rate of the plan as a percentage, exactly', () => {
    expect(['0.20', '0.05', '0.125', '1.00', '0.1', '0', '0.0001', '1'].map(percentText)).toEqual([
      '20',
      '5',
      '12.5',
      '100',
      '10',
      '0',
      '0.01',
      '100',
    ]);
  });

  it('writes a stored rate as the plan does', () => {
    expect(['0.1200', '0.1250', '0.0000', '1.0000'].map(rateText)).toEqual(['0.12', '0.125', '0.00', '1.00']);
  });
});

describe('the plan parameters', () => {
  it('ranks packages by price, then PV, whatever the order of the keys', () => {
    const { STARTER, SILVER, GOLD } = DEFAULT_PLAN.PACKAGES;
    const order = packagesInOrder({
      GOLD: GOLD!,
      B: { ...SILVER!, pv: 1600 },
      A: SILVER!,
      STARTER: STARTER!,
    });
    expect(Object.keys(order)).toEqual(['STARTER', 'A', 'B', 'GOLD']);
  });

  it('takes the payout weekday as a name or a number, and checks the overrides', () => {
    expect(['Tuesday', 'tue', 'SUN', 3, 'someday'].map(payoutWeekdayNumber)).toEqual([2, 2, 0, 3, 'someday']);
    expect(planWithOverrides({ PAYOUT_WEEKDAY: 'friday', MIN_PAYOUT: '50.00' })).toMatchObject({
      PAYOUT_WEEKDAY: 5,
      MIN_PAYOUT: '50.00',
    });
    expect(() => planWithOverrides({ PAYOUT_WEEKDAY: 'someday' })).toThrow();
  });
});
