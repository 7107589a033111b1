import { describe, expect, it } from 'vitest';
import { growthRows, monthLabel } from './growth-chart';

describe('monthLabel', () => {
  it('uses Thai month abbreviations and the Buddhist-era year in Thai', () => {
    expect(monthLabel('2026-01', 'th')).toEqual({ month: 'ม.ค.', year: '2569' });
    expect(monthLabel('2025-12', 'th')).toEqual({ month: 'ธ.ค.', year: '2568' });
  });

  it('uses English abbreviations and the Gregorian year in English', () => {
    expect(monthLabel('2026-01', 'en')).toEqual({ month: 'Jan', year: '2026' });
  });
});

describe('growthRows', () => {
  const points = [
    { month: '2025-11', placed: 3, referred: 1 },
    { month: '2025-12', placed: 0, referred: 2 },
    { month: '2026-01', placed: 5, referred: 0 },
    { month: '2026-02', placed: 1, referred: 1 },
  ];

  it('keeps the counts in order and shows the year on the first bar and at each January', () => {
    expect(growthRows(points, 'th')).toEqual([
      { tick: 'พ.ย. 2568', label: 'พ.ย. 2568', placed: 3, referred: 1 },
      { tick: 'ธ.ค.', label: 'ธ.ค. 2568', placed: 0, referred: 2 },
      { tick: 'ม.ค. 2569', label: 'ม.ค. 2569', placed: 5, referred: 0 },
      { tick: 'ก.พ.', label: 'ก.พ. 2569', placed: 1, referred: 1 },
    ]);
    expect(growthRows(points, 'en').map((r) => r.tick)).toEqual(['Nov 2025', 'Dec', 'Jan 2026', 'Feb']);
  });

  it('answers no rows for no months', () => {
    expect(growthRows([], 'en')).toEqual([]);
  });
});
