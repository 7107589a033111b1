import dayjs from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import 'dayjs/locale/th';
import type { TeamGrowthPoint } from '@portal/contracts/network';
import type { Language } from '../../../lib/preferences';

dayjs.extend(buddhistEra);

/** The tick step: 1, 2 or 5 times a power of ten, so at most `count` steps cover `max`. */
export function niceStep(max: number, count = 4): number {
  if (!(max > 0)) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return Math.max(1, step);
}

export interface ChartBox {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

export interface BarGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MonthGeometry {
  point: TeamGrowthPoint;
  /** centre of the month's band */
  cx: number;
  placed: BarGeometry;
  referred: BarGeometry;
}

export interface GrowthGeometry {
  months: MonthGeometry[];
  ticks: { value: number; y: number }[];
  max: number;
  plot: { left: number; top: number; width: number; height: number; bottom: number };
  band: number;
}

/**
 * Grouped bars (placed, referred) per month in a `box` of pixels. The axis goes from 0 to a
 * rounded maximum, so bars keep their proportions and never leave the plot.
 */
export function growthGeometry(points: readonly TeamGrowthPoint[], box: ChartBox): GrowthGeometry {
  const { margin } = box;
  const plot = {
    left: margin.left,
    top: margin.top,
    width: Math.max(0, box.width - margin.left - margin.right),
    height: Math.max(0, box.height - margin.top - margin.bottom),
    bottom: box.height - margin.bottom,
  };
  const highest = Math.max(0, ...points.flatMap((p) => [p.placed, p.referred]));
  const step = niceStep(highest);
  const max = Math.max(step, Math.ceil(highest / step) * step);
  const y = (v: number) => plot.bottom - (Math.max(0, v) / max) * plot.height;
  const band = points.length ? plot.width / points.length : 0;
  const groupWidth = band * 0.72;
  const gap = Math.min(2, groupWidth * 0.1);
  const barWidth = Math.max(1, (groupWidth - gap) / 2);
  const months = points.map((point, i) => {
    const cx = plot.left + band * (i + 0.5);
    const start = cx - groupWidth / 2;
    const bar = (value: number, x: number): BarGeometry => ({
      x,
      y: y(value),
      width: barWidth,
      height: plot.bottom - y(value),
    });
    return {
      point,
      cx,
      placed: bar(point.placed, start),
      referred: bar(point.referred, start + barWidth + gap),
    };
  });
  const ticks: { value: number; y: number }[] = [];
  for (let v = 0; v <= max; v += step) ticks.push({ value: v, y: y(v) });
  return { months, ticks, max, plot, band };
}

/**
 * Which months get a label when there is room for only every `every`-th: always the latest month,
 * and then every `every`-th going back. The year shows under the first labelled month and
 * wherever the labelled year changes, so no two years ever sit side by side.
 */
export function axisLabels(months: readonly string[], every: number): { month: boolean; year: boolean }[] {
  const step = Math.max(1, Math.floor(every));
  const last = months.length - 1;
  let previousYear: string | null = null;
  return months.map((m, i) => {
    const month = (last - i) % step === 0;
    const year = month && m.slice(0, 4) !== previousYear;
    if (month) previousYear = m.slice(0, 4);
    return { month, year };
  });
}

/** "ม.ค." and "2569" in Thai (Buddhist era), "Jan" and "2026" in English, for 'YYYY-MM'. */
export function monthLabel(month: string, lang: Language): { month: string; year: string } {
  const day = dayjs(`${month}-01`);
  if (!day.isValid()) return { month, year: '' };
  const local = day.locale(lang);
  return { month: local.format('MMM'), year: local.format(lang === 'th' ? 'BBBB' : 'YYYY') };
}
