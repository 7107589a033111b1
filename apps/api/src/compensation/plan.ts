import { sql } from 'drizzle-orm';
import { planParamsSchema, type PlanParams } from '@portal/contracts/engine';
import { rate, satang, type Rate, type Satang } from '@portal/plan/money';
import { DEFAULT_PLAN, planInOrder } from '@portal/plan/params';
import type { WhtMethod } from '@portal/plan/wht';
import type { Db, Tx } from '../db/client';

/**
 * The plan as the engine computes with it (docs/plan.md section 7): the parameters (their
 * schema in the contracts, the default in @portal/plan/params) compiled once, stored as versions in
 * `plan_versions`; a version applies from its `effective_from` date on.
 */

export interface PackageTerms {
  code: string;
  rank: number;
  price: Satang;
  pv: number;
  cycleValue: number;
  incomePercent: Rate;
  incomePercentText: string;
  cap: Satang;
}

/** The plan with its rates parsed once: what the engine computes with. */
export interface Plan {
  version: number;
  params: PlanParams;
  pvThb: Rate;
  packages: Map<string, PackageTerms>;
  titles: PlanParams['TITLES'];
  referrerPct: Rate;
  cashbackPct: Rate;
  mtaRates: Rate[];
  pointSplit: Rate;
  whtRate: Rate;
  whtMethod: WhtMethod;
  minPayout: Satang;
  transferFee: Satang;
}

export function compilePlan(params: PlanParams, version: number): Plan {
  const packages = new Map<string, PackageTerms>();
  // Ranked by the plan's order (price, then PV), never by the order of the stored object's keys.
  Object.entries(planInOrder(params).PACKAGES).forEach(([code, p], rank) =>
    packages.set(code, {
      code,
      rank: rank + 1,
      price: satang(p.price),
      pv: p.pv,
      cycleValue: p.cycle_value,
      incomePercent: rate(p.income_percent),
      incomePercentText: p.income_percent,
      cap: satang(p.max_income_per_day),
    }),
  );
  return {
    version,
    params: planInOrder(params),
    pvThb: rate(params.PV_THB),
    packages,
    titles: params.TITLES,
    referrerPct: rate(params.REFERRER_PCT),
    cashbackPct: rate(params.CASHBACK_PCT),
    mtaRates: params.MTA_RATE.map(rate),
    pointSplit: rate(params.CYCLE_POINT_SPLIT),
    whtRate: rate(params.WHT_RATE),
    whtMethod: params.WHT_METHOD,
    minPayout: satang(params.MIN_PAYOUT),
    transferFee: satang(params.TRANSFER_FEE),
  };
}

export const titleRank = (plan: Plan, code: string | null | undefined) =>
  Math.max(
    0,
    plan.titles.findIndex((t) => t.code === code),
  );

/** The plan version in force on a business date (the newest whose date has come); the default when none is stored. */
export async function planFor(db: Db | Tx, date: string): Promise<Plan> {
  const { rows } = await db.execute<{ version: number; params: unknown }>(sql`
    select version, params from plan_versions where effective_from <= ${date}::date
    order by effective_from desc, version desc limit 1`);
  const row = rows[0];
  if (!row) return compilePlan(DEFAULT_PLAN, 0);
  return compilePlan(planInOrder(planParamsSchema.parse(row.params)), row.version);
}

/** A new version from a date; never for a day already closed (plan: "never to closed days"). */
export async function createPlanVersion(
  db: Db,
  params: PlanParams,
  effectiveFrom: string,
  createdBy: number | null,
  note?: string,
): Promise<number> {
  const parsed = planParamsSchema.parse(params);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('engine-closing'))`);
    const { rows: closed } = await tx.execute<{ d: string | null }>(sql`
      select max(business_date)::text as d from engine_runs where type = 'DAILY' and status = 'done'`);
    const last = closed[0]?.d;
    if (last && effectiveFrom <= last) {
      throw new PlanRuleError(`the plan cannot change from ${effectiveFrom}: days up to ${last} are closed`);
    }
    const { rows } = await tx.execute<{ version: number }>(sql`
      insert into plan_versions (effective_from, params, note, created_by)
      values (${effectiveFrom}, ${JSON.stringify(parsed)}::jsonb, ${note ?? null}, ${createdBy}) returning version`);
    return rows[0]!.version;
  });
}

/** A rule of the plan that an event or request breaks (the simulator exits 2; the API answers 409/422). */
export class PlanRuleError extends Error {}
