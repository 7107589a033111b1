import type { Pool } from 'pg';
import {
  planParamsSchema,
  type PlanVersion,
  type PlanVersionBody,
  type PlanView,
  type SimulationResult,
} from '@portal/contracts/engine';
import type { AppContext } from '../../../context';
import { addDays } from '@portal/plan/dates';
import { DEFAULT_PLAN, planInOrder } from '@portal/plan/params';
import { PlanRuleError, createPlanVersion, planFor } from '../../../compensation/plan';
import { ScenarioError, prepareScenario, simulate } from '../../../compensation/simulate';
import type { Db } from '../../../db/client';
import { dropAbandonedScratchDatabases, withScratchDatabase } from '../../../db/scratch';
import { businessNow } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { auditEngine } from '../audit/repository';
import { lastClosedDay, planVersions, type VersionRow } from './repository';
import { SimulationQueue } from './simulation-queue';

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

const queues = new WeakMap<AppContext, SimulationQueue>();
const queueOf = (ctx: AppContext) => {
  let q = queues.get(ctx);
  if (!q) queues.set(ctx, (q = new SimulationQueue(ctx.config.simulator.queue)));
  return q;
};

/** Where the caller's simulations stand in this process's queue. */
export const simulationQueue = (ctx: AppContext, owner: string) => queueOf(ctx).positionsOf(owner);

const refused = (message: string) => new AppError(422, 'VALIDATION_ERROR', message, { scenario: [message] });

/**
 * The plan simulator (plan section 13) for staff: the same code as `npm run plan:simulate`, on a
 * scratch database created on the portal's own PostgreSQL server, one run at a time per process.
 * The scenario is checked (shape, rules, the limits of SIMULATOR_MAX_*) before any database is made;
 * a run stops when `clientGone` aborts or after SIMULATOR_TIME_LIMIT_SECONDS. A scenario that breaks
 * a rule or a limit is a 422 with the command's one line.
 */
export async function simulateScenario(
  ctx: AppContext,
  input: unknown,
  owner: string,
  clientGone: AbortSignal,
): Promise<SimulationResult> {
  const pool = (ctx.db as unknown as { $client: Pool }).$client;
  const adminUrl = pool.options.connectionString;
  if (!adminUrl)
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The simulator needs the database server address');
  const limits = ctx.config.simulator;
  let prepared;
  try {
    prepared = prepareScenario(input, {
      members: limits.maxMembers,
      events: limits.maxEvents,
      days: limits.maxDays,
    });
  } catch (err) {
    if (err instanceof ScenarioError) throw refused(err.message);
    throw err;
  }
  const timeUp = AbortSignal.timeout(limits.timeLimitMs);
  const signal = AbortSignal.any([clientGone, timeUp]);
  try {
    const result = await queueOf(ctx).run(owner, signal, async () => {
      await dropAbandonedScratchDatabases(adminUrl);
      return withScratchDatabase(adminUrl, (db) => simulate(db, prepared, { signal }));
    });
    if (result === null)
      throw new AppError(
        503,
        'SERVICE_UNAVAILABLE',
        `${limits.queue} simulations wait already: try again later`,
      );
    return result as SimulationResult;
  } catch (err) {
    if (err instanceof ScenarioError) throw refused(err.message);
    if (timeUp.aborted)
      throw refused(
        `The simulation ran longer than ${limits.timeLimitMs / 1000} s and was stopped: simulate fewer members or days`,
      );
    throw err;
  }
}
