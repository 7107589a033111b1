import { describe, expect, it } from 'vitest';
import { closingsDue, orderQueues, payoutDaysDue } from './queues';

describe('closings due', () => {
  const base = { business_date: '2026-11-26', next_day: '2026-11-23', closable: true, running: [] };

  it('counts the ended days from the next one to close to yesterday', () => {
    expect(closingsDue(base)).toBe(3);
    expect(closingsDue({ ...base, next_day: '2026-11-25' })).toBe(1);
  });

  it('is 0 when nothing can be closed, nothing happened yet, or a closing runs', () => {
    expect(closingsDue({ ...base, next_day: '2026-11-26', closable: false })).toBe(0);
    expect(closingsDue({ ...base, next_day: null, closable: false })).toBe(0);
    expect(closingsDue({ ...base, running: [{}] })).toBe(0);
  });
});

describe('the order of the queues', () => {
  it('puts the queues with work first, a closing before payouts, slips and KYC', () => {
    const q = (key: 'kyc' | 'slips' | 'closings' | 'payouts', count: number) => ({ key, count });
    expect(
      orderQueues([q('kyc', 4), q('slips', 0), q('closings', 2), q('payouts', 0)]).map((x) => x.key),
    ).toEqual(['closings', 'kyc', 'payouts', 'slips']);
    expect(
      orderQueues([q('kyc', 0), q('slips', 1), q('closings', 0), q('payouts', 1)]).map((x) => x.key),
    ).toEqual(['payouts', 'slips', 'closings', 'kyc']);
  });
});

describe('payouts to run', () => {
  it('names the payout weekdays among the days waiting for their closing', () => {
    // 2026-11-17 and 2026-11-24 are Tuesdays (weekday 2); today 2026-11-26 has not ended.
    const s = { business_date: '2026-11-26', next_day: '2026-11-16', closable: true, running: [] };
    expect(payoutDaysDue(s, 2)).toEqual(['2026-11-17', '2026-11-24']);
    expect(payoutDaysDue({ ...s, next_day: '2026-11-25' }, 2)).toEqual([]);
    expect(payoutDaysDue({ ...s, running: [{}] }, 2)).toEqual([]);
  });
});
