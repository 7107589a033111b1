import type { ClosingRequest, ClosingStatus, EngineRunType } from '@portal/contracts/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context';
import { addDays, isLastDayOfMonth, weekday } from '@portal/plan/dates';
import { runBusinessDay } from '../../../compensation/engine';
import { PlanRuleError, planFor } from '../../../compensation/plan';
import { businessNow } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { auditEngine } from '../audit/repository';
import {
  closingBounds,
  doneTypesOn,
  finishRequest,
  insertRequest,
  recentRequests,
  requestById,
  runningRequests,
} from './repository';

const refused = (message: string) => new AppError(409, 'PLAN_RULE', message);

/**
 * The day staff close next: the day after the last closed one; with nothing closed yet, the first
 * day anything happened (as the scheduler's catch-up begins), or yesterday when nothing has.
 */
export function nextDayToClose(bounds: { last: string | null; first: string | null }, today: string) {
  if (bounds.last) return addDays(bounds.last, 1);
  return bounds.first && bounds.first < today ? bounds.first : addDays(today, -1);
}

/** What the end of a business day runs (engine.ts runBusinessDay), in its order. */
async function runsOfDay(ctx: AppContext, date: string): Promise<EngineRunType[]> {
  const types: EngineRunType[] = ['HOLD_DEADLINE', 'DAILY'];
  if (isLastDayOfMonth(date)) types.push('MTA');
  if (weekday(date) === (await planFor(ctx.db, date)).params.PAYOUT_WEEKDAY) types.push('PAYOUT');
  return types;
}

export async function closingStatus(ctx: AppContext): Promise<ClosingStatus> {
  const now = await businessNow(ctx.db, ctx.config);
  const [bounds, running, recent] = await Promise.all([
    closingBounds(ctx.db),
    runningRequests(ctx.db),
    recentRequests(ctx.db),
  ]);
  const next = nextDayToClose(bounds, now.date);
  return {
    business_date: now.date,
    last_closed: bounds.last,
    next_day: next,
    closable: next < now.date && running.length === 0,
    running,
    recent,
  };
}

/**
 * Refuses, with the plan's rule, a day staff may not close now: one that has not ended, one after a
 * day still open, one closed already (unless a run of its day is missing, which this completes), or
 * any day while another closing runs.
 */
async function assertClosable(ctx: AppContext, date: string, today: string) {
  if (date >= today) throw refused(`${date} has not ended yet: a day is closed after its midnight`);
  if ((await runningRequests(ctx.db)).length > 0)
    throw refused('A closing is running: wait for it to finish');
  const bounds = await closingBounds(ctx.db);
  const next = nextDayToClose(bounds, today);
  if (date > next) throw refused(`Close ${next} first: days are closed in order`);
  if (date < next) {
    const done = await doneTypesOn(ctx.db, date);
    if (!done.has('DAILY')) throw refused(`Nothing happened before ${next}: close ${next}`);
    if ((await runsOfDay(ctx, date)).every((t) => done.has(t))) throw refused(`${date} is closed already`);
  }
}

/** Closings started by this process and not finished: the app waits for them when it closes. */
export type InFlight = Set<Promise<unknown>>;

/**
 * Staff start the closing of a day: refused at once when a rule forbids it (409), else recorded
 * (a request the page follows, and the audit), then run after the answer, as the scheduler would
 * run it, with `startedBy: staff:<id>`. With `wait`, answers when it has finished.
 */
export async function startClosing(
  ctx: AppContext,
  log: FastifyBaseLogger,
  inFlight: InFlight,
  date: string,
  staffUserId: number,
  wait: boolean,
): Promise<ClosingRequest> {
  const now = await businessNow(ctx.db, ctx.config);
  await assertClosable(ctx, date, now.date);
  const id = await ctx.db.transaction(async (tx) => {
    const requestId = await insertRequest(tx, date, staffUserId);
    await auditEngine(tx, {
      action: 'CLOSING_STARTED',
      actorUserId: staffUserId,
      businessDate: date,
      detail: { request_id: requestId },
    });
    return requestId;
  });
  const work = runBusinessDay(ctx.db, date, { startedBy: `staff:${staffUserId}`, now })
    .then((runs) =>
      finishRequest(ctx.db, id, {
        status: 'DONE',
        runs: runs.map((r) => ({ id: r.id, type: r.type, already_done: r.alreadyDone })),
      }),
    )
    .catch(async (err: unknown) => {
      if (!(err instanceof PlanRuleError)) log.error({ err, date }, 'closing started by staff failed');
      const error = err instanceof PlanRuleError ? err.message : `failed: ${(err as Error).message}`;
      await finishRequest(ctx.db, id, { status: 'FAILED', error }).catch((e: unknown) =>
        log.error({ err: e }, 'could not record the failed closing'),
      );
    })
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
  if (wait) await work;
  return (await requestById(ctx.db, id))!;
}
