import type { TitleHistory } from '@portal/contracts/reports';

/**
 * How far a member stands from the next title (plan 1.3): each requirement (cumulative cycles,
 * personal referrals holding a package) as have / need / missing and a whole percent for a bar.
 * The dashboard's title card and the business-title report both draw it from this.
 */
export interface Requirement {
  key: 'cycles' | 'referrals';
  have: number;
  need: number;
  missing: number;
  /** 0-100, whole: a requirement of 0 is met (100). */
  percent: number;
}

export interface TitleProgress {
  current: string;
  next: string | null;
  requirements: Requirement[];
  /** The percent of the requirement furthest behind (what holds the title back). */
  overall: number;
}

const percentOf = (have: number, need: number) =>
  need <= 0 ? 100 : Math.min(100, Math.floor((Math.max(0, have) * 100) / need));

/** The next title's requirements, the furthest behind overall; at the top title none (100). */
export function titleProgress(
  h: Pick<TitleHistory, 'current_title' | 'cumulative_cycles' | 'referrals' | 'next'>,
): TitleProgress {
  if (!h.next) return { current: h.current_title, next: null, requirements: [], overall: 100 };
  const requirements: Requirement[] = [
    {
      key: 'cycles',
      have: h.cumulative_cycles,
      need: h.next.cycles,
      missing: h.next.missing_cycles,
      percent: percentOf(h.cumulative_cycles, h.next.cycles),
    },
    {
      key: 'referrals',
      have: h.referrals,
      need: h.next.referrals,
      missing: h.next.missing_referrals,
      percent: percentOf(h.referrals, h.next.referrals),
    },
  ];
  return {
    current: h.current_title,
    next: h.next.title,
    requirements,
    overall: Math.min(...requirements.map((r) => r.percent)),
  };
}

/** Travel points against a campaign's target, 0-100 whole. */
export const campaignPercent = (points: number, required: number) => percentOf(points, required);
