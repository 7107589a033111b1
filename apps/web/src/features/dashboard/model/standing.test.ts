import { describe, expect, it } from 'vitest';
import { expiryStanding, incomePeriods } from './standing';

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
