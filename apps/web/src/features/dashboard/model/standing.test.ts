import { describe, expect, it } from 'vitest';
import { campaignPercent, expiryStanding, incomePeriods, nextTitle } from './standing';

describe('incomePeriods', () => {
  it('takes Monday to Sunday around the day and the calendar month', () => {
    // 2026-11-23 is a Monday; 2026-11-29 a Sunday.
    expect(incomePeriods('2026-11-23')).toEqual({
      week: { from: '2026-11-23', to: '2026-11-29' },
      month: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(incomePeriods('2026-11-29').week).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('crosses a month and a year, and knows February of a leap year', () => {
    expect(incomePeriods('2027-01-01').week).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(incomePeriods('2028-02-10').month).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(incomePeriods('2027-02-10').month).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });
});

describe('expiryStanding', () => {
  it('counts the days left, the expiry day itself being the last active day', () => {
    expect(expiryStanding('2026-12-01', '2026-11-23')).toEqual({
      state: 'active',
      date: '2026-12-01',
      days: 8,
    });
    expect(expiryStanding('2026-11-23', '2026-11-23')).toEqual({
      state: 'active',
      date: '2026-11-23',
      days: 0,
    });
  });

  it('counts the days since an expiry passed, and has nothing without one', () => {
    expect(expiryStanding('2026-11-20', '2026-11-23')).toEqual({
      state: 'expired',
      date: '2026-11-20',
      days: 3,
    });
    expect(expiryStanding(null, '2026-11-23')).toEqual({ state: 'none' });
  });
});

describe('nextTitle', () => {
  it('shows each requirement of the next title as have, need and a whole percent, capped at 100', () => {
    expect(
      nextTitle({
        cumulative_cycles: 37,
        referrals: 5,
        next: { title: 'MANAGER', cycles: 100, referrals: 4, missing_cycles: 63, missing_referrals: 0 },
      }),
    ).toEqual({
      title: 'MANAGER',
      requirements: [
        { key: 'cycles', have: 37, need: 100, missing: 63, percent: 37 },
        { key: 'referrals', have: 5, need: 4, missing: 0, percent: 100 },
      ],
    });
  });

  it('has no next title at the top', () => {
    expect(nextTitle({ cumulative_cycles: 987, referrals: 29, next: null })).toBeNull();
  });
});

describe('campaignPercent', () => {
  it('rounds down, never passes 100, and a target of 0 is met', () => {
    expect(campaignPercent(299, 300)).toBe(99);
    expect(campaignPercent(450, 300)).toBe(100);
    expect(campaignPercent(0, 0)).toBe(100);
  });
});
