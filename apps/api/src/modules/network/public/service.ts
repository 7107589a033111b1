import type { PublicPlan } from '@portal/contracts/public-info';
import type { AppContext } from '../../../context';
import { planFor } from '../../../compensation/plan';
import { businessNow } from '../../../lib/clock';
import { effectiveFrom } from './repository';

/** The plan version in force on today's business date, parameters only (no staff, no notes). */
export async function publicPlan(ctx: AppContext): Promise<PublicPlan> {
  const now = await businessNow(ctx.db, ctx.config);
  const plan = await planFor(ctx.db, now.date);
  return {
    version: plan.version,
    effective_from: plan.version === 0 ? null : await effectiveFrom(ctx.db, plan.version),
    business_date: now.date,
    params: plan.params,
  };
}

/** The company file's reader lives in lib/company.ts (the shop's tax documents read it too). */
export { loadCompanyInfo } from '../../../lib/company';
