import {
  INCOME_DISCLOSURE_MIN_GROUP,
  type IncomeDisclosure,
  type IncomeDisclosureStats,
  type IncomeDisclosureYears,
} from '@portal/contracts/income-disclosure';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { planFor } from '../../../compensation/plan';
import { businessNow } from '../../../lib/clock';
import { notFound, validation } from '../../../lib/errors';
import {
  cancellationCount,
  closedYears,
  disclosureGroups,
  type DisclosureGroupRecord,
} from './income-disclosure-repository';

/**
 * The income disclosure of a closed year (issue 18, item 8): a year is closed once the daily
 * closing of its 31 December is done; an open year (this one, or the last one until its last day
 * is closed) is refused (422), a later year or one the ledger never closed is not found (404). The figures are computed in SQL
 * (income-disclosure-repository.ts) and kept per database and year: nothing dated in a closed year
 * is written after its closing, except that a cancellation may void a line still waiting, so a
 * kept answer stands until the next cancellation.
 */

const EMPTY: IncomeDisclosureStats = {
  members: 0,
  zero_earners: 0,
  zero_earners_share: null,
  income_total: '0.00',
  income_mean: null,
  income_median: null,
  income_p10: null,
  income_p90: null,
  top1_share: null,
  top10_share: null,
  purchases_total: '0.00',
  purchases_mean: null,
  purchases_median: null,
  purchases_over_income: 0,
  purchases_over_income_share: null,
};

const statsOf = ({ grp: _grp, ...figures }: DisclosureGroupRecord): IncomeDisclosureStats => figures;

type Kept = { cancellations: number; value: Promise<IncomeDisclosure> };
const kept = new WeakMap<Db, Map<number, Kept>>();

export async function disclosureYears(ctx: AppContext): Promise<IncomeDisclosureYears> {
  const [now, years] = await Promise.all([businessNow(ctx.db, ctx.config), closedYears(ctx.db)]);
  return { years, business_date: now.date };
}

export async function incomeDisclosure(ctx: AppContext, year: number): Promise<IncomeDisclosure> {
  const to = `${year}-12-31`;
  const [years, cancellations] = await Promise.all([closedYears(ctx.db), cancellationCount(ctx.db)]);
  if (!years.includes(year)) {
    // Open: this year, or the year just ended until its last day is closed (just after midnight).
    const thisYear = Number((await businessNow(ctx.db, ctx.config)).date.slice(0, 4));
    if (year === thisYear || year === thisYear - 1) {
      throw validation('year', `The year ${year} has not closed yet: its last day, ${to}, is not closed`);
    }
    throw notFound(`No income disclosure for ${year}: the ledger has no closed year ${year}`);
  }
  const byDb = kept.get(ctx.db) ?? new Map<number, Kept>();
  kept.set(ctx.db, byDb);
  const hit = byDb.get(year);
  if (hit && hit.cancellations === cancellations) return hit.value;
  // One computation per year at a time: callers who ask meanwhile wait for the same answer.
  const value = computeYear(ctx, year).catch((error: unknown) => {
    if (byDb.get(year)?.value === value) byDb.delete(year);
    throw error;
  });
  byDb.set(year, { cancellations, value });
  return value;
}

async function computeYear(ctx: AppContext, year: number): Promise<IncomeDisclosure> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const plan = await planFor(ctx.db, to);
  const titles = plan.titles.map((t) => t.code);
  const groups = await disclosureGroups(ctx.db, from, to, titles);
  return {
    year,
    date_from: from,
    date_to: to,
    overall: statsOf(groups.find((g) => g.grp === null) ?? { grp: null, ...EMPTY }),
    by_title: titles.map((title) => {
      const g = groups.find((x) => x.grp === title);
      if (g && g.members < INCOME_DISCLOSURE_MIN_GROUP)
        return { title, ...EMPTY, members: g.members, withheld: true };
      return { title, ...(g ? statsOf(g) : EMPTY), withheld: false };
    }),
  };
}
