import { describe, expect, it } from 'vitest';
import { campaignPercent, titleProgress } from './title-progress';

describe('title progress', () => {
  const base = { current_title: 'MEMBER', cumulative_cycles: 4, referrals: 3 };

  it('says what each requirement of the next title still misses, the furthest behind overall', () => {
    const p = titleProgress({
      ...base,
      next: { title: 'SUPERVISOR', cycles: 10, referrals: 2, missing_cycles: 6, missing_referrals: 0 },
    });
    expect(p.next).toBe('SUPERVISOR');
    expect(p.requirements).toEqual([
      { key: 'cycles', have: 4, need: 10, missing: 6, percent: 40 },
      { key: 'referrals', have: 3, need: 2, missing: 0, percent: 100 },
    ]);
    expect(p.overall).toBe(40);
  });

  it('shows each requirement as have, need and a whole percent, rounded down and capped at 100', () => {
    expect(
      titleProgress({
        current_title: 'SUPERVISOR',
        cumulative_cycles: 37,
        referrals: 5,
        next: { title: 'MANAGER', cycles: 100, referrals: 4, missing_cycles: 63, missing_referrals: 0 },
      }),
    ).toEqual({
      current: 'SUPERVISOR',
      next: 'MANAGER',
      requirements: [
        { key: 'cycles', have: 37, need: 100, missing: 63, percent: 37 },
        { key: 'referrals', have: 5, need: 4, missing: 0, percent: 100 },
      ],
      overall: 37,
    });
  });

  it('has nothing left at the top title, and a requirement of 0 is met', () => {
    expect(titleProgress({ ...base, current_title: 'DIRECTOR', next: null })).toEqual({
      current: 'DIRECTOR',
      next: null,
      requirements: [],
      overall: 100,
    });
    const p = titleProgress({
      ...base,
      cumulative_cycles: 0,
      next: { title: 'X', cycles: 0, referrals: 0, missing_cycles: 0, missing_referrals: 0 },
    });
    expect(p.overall).toBe(100);
  });
});

describe('campaignPercent', () => {
  it('rounds down, never passes 100, and a target of 0 is met', () => {
    expect(campaignPercent(299, 300)).toBe(99);
    expect(campaignPercent(450, 300)).toBe(100);
    expect(campaignPercent(0, 300)).toBe(0);
    expect(campaignPercent(0, 0)).toBe(100);
  });
});
