import fs from 'node:fs';
import { companyInfoSchema, type CompanyInfo, type PublicPlan } from '@portal/contracts/public-info';
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

/**
 * The company's details and locations, read from the configuration file once at start (decision 019).
 * A file that breaks the contract stops the server with the field at fault rather than serving it.
 */
export function loadCompanyInfo(file: string): CompanyInfo {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`The company file ${file} cannot be read as JSON: ${(err as Error).message}`);
  }
  const parsed = companyInfoSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `The company file ${file} is invalid at ${issue?.path.join('.') ?? '?'}: ${issue?.message}`,
    );
  }
  const ids = new Set<string>();
  for (const location of parsed.data.locations) {
    if (ids.has(location.id)) throw new Error(`The company file ${file} names location ${location.id} twice`);
    ids.add(location.id);
  }
  return parsed.data;
}
