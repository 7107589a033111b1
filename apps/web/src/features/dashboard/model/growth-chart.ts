import dayjs from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import 'dayjs/locale/th';
import type { TeamGrowthPoint } from '@portal/contracts/network';
import type { Language } from '../../../lib/preferences';

dayjs.extend(buddhistEra);

/** "ม.ค." and "2569" in Thai (Buddhist era), "Jan" and "2026" in English, for 'YYYY-MM'. */
export function monthLabel(month: string, lang: Language): { month: string; year: string } {
  const day = dayjs(`${month}-01`);
  if (!day.isValid()) return { month, year: '' };
  const local = day.locale(lang);
  return { month: local.format('MMM'), year: local.format(lang === 'th' ? 'BBBB' : 'YYYY') };
}

/** The bars' colours (Mantine theme colours), shared by the chart and its legend. */
export const GROWTH_COLORS = { placed: 'brand.7', referred: 'orange.5' };

export interface GrowthRow {
  /** The axis tick: the month, with its year on the first bar and on every January. */
  tick: string;
  /** The month and year in full (the tooltip, the table for screen readers). */
  label: string;
  placed: number;
  referred: number;
}

/** The chart's rows, oldest month first, labelled in the reader's language and calendar. */
export function growthRows(points: readonly TeamGrowthPoint[], lang: Language): GrowthRow[] {
  return points.map((p, i) => {
    const { month, year } = monthLabel(p.month, lang);
    const withYear = i === 0 || p.month.endsWith('-01');
    return {
      tick: withYear ? `${month} ${year}` : month,
      label: `${month} ${year}`,
      placed: p.placed,
      referred: p.referred,
    };
  });
}
