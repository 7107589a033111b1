import type { PlanParams } from '@portal/contracts/engine';

/**
 * The default plan of compensation-plan.md section 7, written out for the tests of the public pages:
 * their figures must equal what the plan's worked examples (section 8) state for it.
 */
export const SPEC_PLAN: PlanParams = {
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
  MIN_PAYOUT: '100.00',
  TRANSFER_FEE: '0.00',
  PAYOUT_WEEKDAY: 2,
  TRAVEL_CAMPAIGN: null,
};
