import { describe, expect, it } from 'vitest';
import type { TeamGrowthPoint } from '@portal/contracts/network';
import { axisLabels, growthGeometry, monthLabel, niceStep } from './growth-chart';

const box = { width: 600, height: 240, margin: { top: 10, right: 10, bottom: 40, left: 40 } };
const months = (values: [number, number][]): TeamGrowthPoint[] =>
  values.map(([placed, referred], i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    placed,
    referred,
  }));

describe('niceStep', () => {
  it.each([
    [0, 1],
    [3, 1],
    [10, 5],
    [32, 10],
    [95, 50],
    [1234, 500],
  ])('max %d → step %d', (max, step) => {
    expect(niceStep(max)).toBe(step);
  });
});

describe('growthGeometry', () => {
  it('scales bars against a rounded maximum and keeps them inside the plot', () => {
    const g = growthGeometry(
      months([
        [32, 6],
        [28, 3],
        [0, 0],
      ]),
      box,
    );
    expect(g.max).toBe(40);
    expect(g.ticks.map((t) => t.value)).toEqual([0, 10, 20, 30, 40]);
    const [jan, , mar] = g.months;
    // 32 of 40 is 80 % of the 190 px plot
    expect(jan!.placed.height).toBeCloseTo(0.8 * 190);
    expect(jan!.placed.y + jan!.placed.height).toBeCloseTo(g.plot.bottom);
    expect(jan!.referred.height).toBeCloseTo((6 / 40) * 190);
    expect(mar!.placed.height).toBe(0);
    for (const m of g.months) {
      for (const bar of [m.placed, m.referred]) {
        expect(bar.x).toBeGreaterThanOrEqual(g.plot.left);
        expect(bar.x + bar.width).toBeLessThanOrEqual(g.plot.left + g.plot.width);
        expect(bar.y).toBeGreaterThanOrEqual(g.plot.top);
      }
      expect(m.placed.x + m.placed.width).toBeLessThanOrEqual(m.referred.x);
    }
  });

  it('puts the months left to right in equal bands', () => {
    const g = growthGeometry(months(Array.from({ length: 12 }, () => [1, 1] as [number, number])), box);
    expect(g.band).toBeCloseTo(550 / 12);
    expect(g.months[0]!.cx).toBeCloseTo(40 + g.band / 2);
    expect(g.months[11]!.cx).toBeCloseTo(590 - g.band / 2);
  });

  it('draws an empty year without dividing by zero', () => {
    const g = growthGeometry(
      months([
        [0, 0],
        [0, 0],
      ]),
      box,
    );
    expect(g.max).toBe(1);
    for (const m of g.months) expect(Number.isFinite(m.placed.y)).toBe(true);
    expect(growthGeometry([], box).months).toEqual([]);
  });

  it('tops the axis at the highest bar when it is already round', () => {
    expect(growthGeometry(months([[40, 10]]), box).max).toBe(40);
  });
});

describe('monthLabel', () => {
  it('uses Thai month abbreviations and the Buddhist-era year in Thai', () => {
    expect(monthLabel('2026-01', 'th')).toEqual({ month: 'ม.ค.', year: '2569' });
    expect(monthLabel('2025-12', 'th')).toEqual({ month: 'ธ.ค.', year: '2568' });
  });

  it('uses English abbreviations and the Gregorian year in English', () => {
    expect(monthLabel('2026-01', 'en')).toEqual({ month: 'Jan', year: '2026' });
  });
});

describe('axisLabels', () => {
  const year = [
    '2025-12',
    '2026-01',
    '2026-02',
    '2026-03',
    '2026-04',
    '2026-05',
    '2026-06',
    '2026-07',
    '2026-08',
    '2026-09',
    '2026-10',
    '2026-11',
  ];

  it('labels every month, with the year at the start and at each new year, when there is room', () => {
    const labels = axisLabels(year, 1);
    expect(labels.every((l) => l.month)).toBe(true);
    expect(labels.map((l, i) => (l.year ? year[i] : null)).filter(Boolean)).toEqual(['2025-12', '2026-01']);
  });

  it('labels every other month on a phone, always the latest, and never two years side by side', () => {
    const labels = axisLabels(year, 2);
    expect(labels.map((l) => l.month)).toEqual(year.map((_, i) => i % 2 === 1));
    expect(labels[11]).toEqual({ month: true, year: false });
    // Dec 2025 is not labelled, so 2026 shows once, under the first labelled month (Jan)
    expect(labels.filter((l) => l.year)).toHaveLength(1);
    expect(labels[1]).toEqual({ month: true, year: true });
  });
});
