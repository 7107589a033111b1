import type { Pool } from 'pg';
import {
  planInOrder,
  type PlanVersion,
  type PlanVersionBody,
  type PlanView,
  type SimulationResult,
} from '@portal/contracts/engine';
import type { AppContext } from '../../../context';
import { addDays } from '../../../compensation/dates';
import {
  DEFAULT_PLAN,
  PlanRuleError,
  createPlanVersion,
  planFor,
  planParamsSchema,
} from '../../../compensation/plan';
import { ScenarioError, simulate } from '../../../compensation/simulate';
import type { Db } from '../../../db/client';
import { withScratchDatabase } from '../../../db/scratch';
import { businessNow } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { auditEngine } from '../audit/repository';
import { lastClosedDay, planVersions, type VersionRow } from './repository';

const later = (a: string, b: string) => (a > b ? a : b);

/** The first day a new version may apply from: after the last closed day, and not today (orders already paid today used the plan in force). */
function earliestFrom(today: string, lastClosed: string | null) {
  return later(addDays(today, 1), lastClosed ? addDays(lastClosed, 1) : addDays(today, 1));
}

function toVersion(r: VersionRow, inForce: number): PlanVersion {
  return {
    version: r.version,
    effective_from: r.effective_from,
    params: planInOrder(planParamsSchema.parse(r.params)),
    note: r.note,
    created_by: r.created_by !== null ? { user_id: r.created_by, name: r.created_by_name ?? '' } : null,
    created_at: new Date(r.created_at).toISOString(),
    in_force: r.version === inForce,
  };
}

/** The plan in force today, every version (the built-in default last), and from when a new one may apply. */
export async function planView(ctx: AppContext): Promise<PlanView> {
  const now = await businessNow(ctx.db, ctx.config);
  const [current, rows, lastClosed] = await Promise.all([
    planFor(ctx.db, now.date),
    planVersions(ctx.db),
    lastClosedDay(ctx.db),
  ]);
  const builtIn: PlanVersion = {
    version: 0,
    effective_from: null,
    params: DEFAULT_PLAN,
    note: null,
    created_by: null,
    created_at: null,
    in_force: current.version === 0,
  };
  const versions = [...rows.map((r) => toVersion(r, current.version)), builtIn];
  return {
    business_date: now.date,
    last_closed: lastClosed,
    earliest_from: earliestFrom(now.date, lastClosed),
    in_force: versions.find((v) => v.in_force) ?? builtIn,
    versions,
  };
}

/**
 * A new version of the plan from a date (plan section 7: "never to closed days"; nor today, whose
 * orders were paid under the plan in force), recorded with who made it in the same transaction.
 */
export async function newPlanVersion(ctx: AppContext, body: PlanVersionBody, staffUserId: number) {
  const now = await businessNow(ctx.db, ctx.config);
  const earliest = earliestFrom(now.date, await lastClosedDay(ctx.db));
  if (body.effective_from < earliest)
    throw new AppError(
      409,
      'PLAN_RULE',
      `A new version applies from ${earliest} at the earliest: closed days and today keep their plan`,
      { effective_from: [`From ${earliest} at the earliest`] },
    );
  try {
    return await ctx.db.transaction(async (tx) => {
      // createPlanVersion's own transaction becomes a savepoint of this one: version and audit together.
      const version = await createPlanVersion(
        tx as unknown as Db,
        body.params,
        body.effective_from,
        staffUserId,
        body.note || undefined,
      );
      await auditEngine(tx, {
        action: 'PLAN_VERSION_CREATED',
        actorUserId: staffUserId,
        businessDate: body.effective_from,
        detail: { version, note: body.note ?? null },
      });
      return version;
    });
  } catch (err) {
    if (err instanceof PlanRuleError) throw new AppError(409, 'PLAN_RULE', err.message);
    throw err;
  }
}

// One simulation at a time per process: each creates, migrates and drops a database of its own.
let queue: Promise<unknown> = Promise.resolve();

/**
 * The plan simulator (plan section 13) for staff: the same code as `npm run plan:simulate`, on a
 * scratch database created on the portal's own PostgreSQL server. A scenario that breaks a rule is a
 * 422 with the command's one line.
 */
export async function simulateScenario(ctx: AppContext, scenario: unknown): Promise<SimulationResult> {
  const pool = (ctx.db as unknown as { $client: Pool }).$client;
  const adminUrl = pool.options.connectionString;
  if (!adminUrl)
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The simulator needs the database server address');
  const run = queue.then(() => withScratchDatabase(adminUrl, (db) => simulate(db, scenario)));
  queue = run.catch(() => undefined);
  try {
    return (await run) as SimulationResult;
  } catch (err) {
    if (err instanceof ScenarioError)
      throw new AppError(422, 'VALIDATION_ERROR', err.message, { scenario: [err.message] });
    throw err;
  }
}
