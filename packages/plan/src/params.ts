import { planParamsSchema, type PlanParams } from '@portal/contracts/engine';
import { satang } from './money.ts';

/**
 * The plan's parameters (docs/plan.md section 7): the default plan, the plan's order of its
 * packages, and the parameters as a scenario or staff may write them. The schema that checks them is
 * the contracts' (`planParamsSchema`), so the staff API and the portal's plan form check the same
 * rules; the engine stores versions of it (apps/api/src/compensation/plan.ts).
 */

/** The plan of section 7, in force until staff store a version. */
export const DEFAULT_PLAN: PlanParams = {
  PV_THB: '1.00',
  PACKAGES: {
    STARTER: {
      price: '1500.00',
      pv: 500,
      cycle_value: 500,
      income_percent: '0.10',
      max_income_per_day: '500.00',
    },
    SILVER: {
      price: '5000.00',
      pv: 1500,
      cycle_value: 500,
      income_percent: '0.12',
      max_income_per_day: '3000.00',
    },
    GOLD: {
      price: '15000.00',
      pv: 4500,
      cycle_value: 500,
      income_percent: '0.14',
      max_income_per_day: '10000.00',
    },
    PLATINUM: {
      price: '30000.00',
      pv: 9000,
      cycle_value: 500,
      income_percent: '0.15',
      max_income_per_day: '25000.00',
    },
  },
  ACTIVITY_PV: 200,
  ACTIVITY_DAYS: 30,
  TITLES: [
    { code: 'MEMBER', cycles: 0, referrals: 0, mta_depth: 1 },
    { code: 'SUPERVISOR', cycles: 10, referrals: 2, mta_depth: 2 },
    { code: 'MANAGER', cycles: 100, referrals: 4, mta_depth: 3 },
    { code: 'DIRECTOR', cycles: 500, referrals: 6, mta_depth: 3 },
  ],
  REFERRER_PCT: '0.20',
  CASHBACK_PCT: '0.05',
  MTA_RATE: ['0.10', '0.05', '0.05'],
  MTA_MIN_PV: 200,
  CYCLE_POINT_SPLIT: '0.10',
  HOLD_RELEASE_DAYS: 30,
  WHT_RATE: '0.05',
  WHT_METHOD: 'FLAT',
  MIN_PAYOUT: '100.00',
  TRANSFER_FEE: '0.00',
  PAYOUT_WEEKDAY: 2,
  TRAVEL_CAMPAIGN: null,
};

/**
 * The packages in the plan's order (section 1.1: ascending price, then PV), whatever the order of the
 * keys of the object they came in: PostgreSQL's jsonb and other stores do not keep key order, and an
 * upgrade goes up this order only (plan 13, settled points).
 */
export function packagesInOrder(packages: PlanParams['PACKAGES']): PlanParams['PACKAGES'] {
  const entries = Object.entries(packages).sort(([ca, a], [cb, b]) => {
    const pa = satang(a.price);
    const pb = satang(b.price);
    if (pa !== pb) return pa < pb ? -1 : 1;
    if (a.pv !== b.pv) return a.pv - b.pv;
    return ca < cb ? -1 : ca > cb ? 1 : 0;
  });
  return Object.fromEntries(entries);
}

/** The plan's parameters with its packages in the plan's order (see packagesInOrder). */
export const planInOrder = (params: PlanParams): PlanParams => ({
  ...params,
  PACKAGES: packagesInOrder(params.PACKAGES),
});

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * PAYOUT_WEEKDAY as a scenario or staff may write it (plan 13): an English weekday name or its
 * three-letter form in any case, or 0–6 with Sunday = 0. Anything else is left as it is, for the
 * schema to refuse.
 */
export function payoutWeekdayNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  const i = WEEKDAYS.findIndex((d) => d === v || (v.length === 3 && d.startsWith(v)));
  return i >= 0 ? i : value;
}

/** Section 7's names as a scenario or staff may write them, over `base`: checked, packages in order. */
export function planWithOverrides(overrides: Record<string, unknown> = {}, base: PlanParams = DEFAULT_PLAN) {
  const written = { ...base, ...overrides };
  return planInOrder(
    planParamsSchema.parse({ ...written, PAYOUT_WEEKDAY: payoutWeekdayNumber(written.PAYOUT_WEEKDAY) }),
  );
}
