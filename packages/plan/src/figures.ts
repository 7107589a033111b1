import type { PlanParams } from '@portal/contracts/engine';
import { applyRate, baht, min, percentText, pvMoney, rate, satang } from './money.ts';
import { withholdingTax } from './wht.ts';

/**
 * The plan's figures as the public pages show them (/tables, the bonus manuals), computed from the
 * parameters of the plan in force (docs/plan.md sections 1 to 7) with the engine's own
 * arithmetic (money.ts: satang as BigInt, a line rounded half-up to 0.01 THB once), so a new plan
 * version changes every figure and example without an edit.
 */

/** `r` × `pv` points × PV_THB, rounded once to satang: what a percentage-of-PV bonus pays. */
const ofPv = (params: PlanParams, pv: number, r: string) => pvMoney(pv, rate(r), rate(params.PV_THB));

/** An amount of the plan ("1500", "0.5") as the wire writes it: "1500.00". */
const amount = (text: string) => baht(satang(text));

// ---- the tables -------------------------------------------------------------------------------

export interface PackageFigures {
  code: string;
  price: string;
  pv: number;
  cycleValue: number;
  /** Percent, e.g. "12". */
  incomePercent: string;
  /** One cycle's income: cycle value × PV_THB × income percent. */
  incomePerCycle: string;
  maxIncomePerDay: string;
  /** What the member who invited the buyer earns on this package (REFERRER_PCT of its PV). */
  referrerBonus: string;
  /** Days of activity the package's own PV buys (whole ACTIVITY_PV blocks × ACTIVITY_DAYS). */
  activeDays: number;
}

export interface TitleFigures {
  code: string;
  cycles: number;
  referrals: number;
  mtaDepth: number;
}

export interface PlanFigures {
  pvThb: string;
  packages: PackageFigures[];
  titles: TitleFigures[];
  referrerPercent: string;
  cashbackPercent: string;
  /** One entry per generation, as percents. */
  mtaPercents: string[];
  mtaMinPv: number;
  pointSplitPercent: string;
  holdReleaseDays: number;
  whtPercent: string;
  /** FLAT: whtPercent of the gross; ANNUALISED: the member's income tax of a projected year (wht.ts). */
  whtMethod: PlanParams['WHT_METHOD'];
  minPayout: string;
  transferFee: string;
  /** 0 = Sunday … 6 = Saturday. */
  payoutWeekday: number;
  activityPv: number;
  activityDays: number;
  travelCampaign: PlanParams['TRAVEL_CAMPAIGN'];
}

export function planFigures(params: PlanParams): PlanFigures {
  return {
    pvThb: baht(applyRate(100n, rate(params.PV_THB))),
    packages: Object.entries(params.PACKAGES).map(([code, p]) => ({
      code,
      price: amount(p.price),
      pv: p.pv,
      cycleValue: p.cycle_value,
      incomePercent: percentText(p.income_percent),
      incomePerCycle: baht(ofPv(params, p.cycle_value, p.income_percent)),
      maxIncomePerDay: amount(p.max_income_per_day),
      referrerBonus: baht(ofPv(params, p.pv, params.REFERRER_PCT)),
      activeDays: Math.floor(p.pv / params.ACTIVITY_PV) * params.ACTIVITY_DAYS,
    })),
    titles: params.TITLES.map((t) => ({
      code: t.code,
      cycles: t.cycles,
      referrals: t.referrals,
      mtaDepth: t.mta_depth,
    })),
    referrerPercent: percentText(params.REFERRER_PCT),
    cashbackPercent: percentText(params.CASHBACK_PCT),
    mtaPercents: params.MTA_RATE.map(percentText),
    mtaMinPv: params.MTA_MIN_PV,
    pointSplitPercent: percentText(params.CYCLE_POINT_SPLIT),
    holdReleaseDays: params.HOLD_RELEASE_DAYS,
    whtPercent: percentText(params.WHT_RATE),
    whtMethod: params.WHT_METHOD,
    minPayout: amount(params.MIN_PAYOUT),
    transferFee: amount(params.TRANSFER_FEE),
    payoutWeekday: params.PAYOUT_WEEKDAY,
    activityPv: params.ACTIVITY_PV,
    activityDays: params.ACTIVITY_DAYS,
    travelCampaign: params.TRAVEL_CAMPAIGN,
  };
}

// ---- worked examples (plan sections 3, 4, 6) --------------------------------------------------

const packageList = (params: PlanParams) =>
  Object.entries(params.PACKAGES).map(([code, p]) => ({ code, ...p }));

export interface CycleExample {
  package: string;
  cycleValue: number;
  incomePercent: string;
  cap: string;
  newLeft: number;
  newRight: number;
  cycles: number;
  gross: string;
  paid: string;
  flushed: string;
  pointPercent: string;
  pointPart: string;
  cashPart: string;
  carryLeft: number;
  carryRight: number;
}

/** One closing of a member holding `pkg` (plan 3.1), carry in 0/0, from the legs' new PV. */
export function closing(params: PlanParams, pkg: string, newLeft: number, newRight: number): CycleExample {
  const p = params.PACKAGES[pkg];
  if (!p) throw new Error(`No package ${pkg}`);
  const cv = p.cycle_value;
  const cycles =
    newLeft >= cv && newRight >= cv ? Math.min(Math.floor(newLeft / cv), Math.floor(newRight / cv)) : 0;
  const gross = ofPv(params, cycles * cv, p.income_percent);
  const paid = min(gross, satang(p.max_income_per_day));
  const pointPart = applyRate(paid, rate(params.CYCLE_POINT_SPLIT));
  return {
    package: pkg,
    cycleValue: cv,
    incomePercent: percentText(p.income_percent),
    cap: amount(p.max_income_per_day),
    newLeft,
    newRight,
    cycles,
    gross: baht(gross),
    paid: baht(paid),
    flushed: baht(gross - paid),
    pointPercent: percentText(params.CYCLE_POINT_SPLIT),
    pointPart: baht(pointPart),
    cashPart: baht(paid - pointPart),
    carryLeft: newLeft - cycles * cv,
    carryRight: newRight - cycles * cv,
  };
}

/** A day with 3⅕ cycle values on the left and 2⅗ on the right, for the second package (or the only one). */
export function cycleExample(params: PlanParams): CycleExample {
  const list = packageList(params);
  const pkg = list[1] ?? list[0]!;
  const cv = pkg.cycle_value;
  return closing(params, pkg.code, 3 * cv + Math.floor(cv / 5), 2 * cv + Math.floor((3 * cv) / 5));
}

/** The first package on a day whose cycles earn more than its maximum income per day; null if none can. */
export function capExample(params: PlanParams): CycleExample | null {
  const pkg = packageList(params)[0]!;
  const perCycle = ofPv(params, pkg.cycle_value, pkg.income_percent);
  if (perCycle <= 0n) return null;
  const cycles = Number(satang(pkg.max_income_per_day) / perCycle) + 2;
  return closing(params, pkg.code, cycles * pkg.cycle_value, cycles * pkg.cycle_value);
}

export interface UpgradeExample {
  from: string;
  to: string;
  price: string;
  pv: number;
  referrerBonus: string;
}

/** An upgrade from the first package to the last: the price and PV differences and the referrer's bonus. */
export function upgradeExample(params: PlanParams): UpgradeExample | null {
  const list = packageList(params);
  const from = list[0]!;
  const to = list[list.length - 1]!;
  if (from === to) return null;
  const pv = to.pv - from.pv;
  return {
    from: from.code,
    to: to.code,
    price: baht(satang(to.price) - satang(from.price)),
    pv,
    referrerBonus: baht(ofPv(params, pv, params.REFERRER_PCT)),
  };
}

export const EXAMPLE_REPURCHASE_PV = 800;
export const EXAMPLE_MTA_PV = 1000;

export interface CashbackExample {
  pv: number;
  percent: string;
  amount: string;
}

export function cashbackExample(params: PlanParams, pv = EXAMPLE_REPURCHASE_PV): CashbackExample {
  return {
    pv,
    percent: percentText(params.CASHBACK_PCT),
    amount: baht(ofPv(params, pv, params.CASHBACK_PCT)),
  };
}

export interface MtaLine {
  generation: number;
  percent: string;
  amount: string;
  /** The first title whose MTA depth reaches this generation; null when no title does. */
  title: string | null;
}

/** A repurchase of `pv` PV and what each generation of the invitation line above the buyer earns (plan 4.3). */
export function mtaExample(params: PlanParams, pv = EXAMPLE_MTA_PV): { pv: number; lines: MtaLine[] } {
  return {
    pv,
    lines: params.MTA_RATE.map((r, i) => ({
      generation: i + 1,
      percent: percentText(r),
      amount: baht(ofPv(params, pv, r)),
      title: params.TITLES.find((t) => t.mta_depth >= i + 1)?.code ?? null,
    })),
  };
}

export interface ActivityExample {
  package: string;
  pv: number;
  blocks: number;
  days: number;
  remainder: number;
}

/** The first package's PV in ACTIVITY_PV blocks, each ACTIVITY_DAYS of activity (plan 1.2). */
export function activityExample(params: PlanParams): ActivityExample {
  const pkg = packageList(params)[0]!;
  const blocks = Math.floor(pkg.pv / params.ACTIVITY_PV);
  return {
    package: pkg.code,
    pv: pkg.pv,
    blocks,
    days: blocks * params.ACTIVITY_DAYS,
    remainder: pkg.pv - blocks * params.ACTIVITY_PV,
  };
}

export interface PayoutExample {
  cycle: string;
  referrer: string;
  cashback: string;
  gross: string;
  whtPercent: string;
  whtMethod: PlanParams['WHT_METHOD'];
  wht: string;
  pointPart: string;
  fee: string;
  net: string;
  minPayout: string;
  /** Whether the net transfer reaches the minimum; otherwise every line waits for a later week. */
  paid: boolean;
}

/** A week's waiting lines (the cycle example, one referrer bonus, one cashback) paid out (plan 6). */
export function payoutExample(params: PlanParams): PayoutExample {
  const cycle = cycleExample(params);
  const referrer = satang(planFigures(params).packages[0]!.referrerBonus);
  const cashback = satang(cashbackExample(params).amount);
  const gross = satang(cycle.paid) + referrer + cashback;
  // With the annualised method: a member's first payout of the year, in its first month (wht.ts).
  const wht = withholdingTax({
    method: params.WHT_METHOD,
    flatRate: rate(params.WHT_RATE),
    gross,
    runDate: '2025-01-07',
  });
  const points = satang(cycle.pointPart);
  const fee = satang(params.TRANSFER_FEE);
  const net = gross - points - wht - fee;
  return {
    cycle: cycle.paid,
    referrer: baht(referrer),
    cashback: baht(cashback),
    gross: baht(gross),
    whtPercent: percentText(params.WHT_RATE),
    whtMethod: params.WHT_METHOD,
    wht: baht(wht),
    pointPart: baht(points),
    fee: baht(fee),
    net: baht(net),
    minPayout: amount(params.MIN_PAYOUT),
    paid: net >= satang(params.MIN_PAYOUT),
  };
}
