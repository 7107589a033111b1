import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Moment } from '@portal/plan/dates';

/**
 * The portal's jobs (docs/plan.md E3, decision 030): each one a named pg-boss queue with an optional
 * cron schedule in Asia/Bangkok, run by scheduler.ts on every API process. Whatever the number of
 * processes, each scheduled or sent job runs once, and two jobs of the same name never run at the
 * same time.
 *
 * To add a job, define it beside the work it does (engine-jobs.ts, shop-jobs.ts, kyc-deadline.ts)
 * and register it in jobs/portal-jobs.ts, as the business days are:
 *
 *   export const businessDaysJob: JobDefinition = {
 *     name: 'business-days',
 *     cron: '30 0 * * *', // minute hour day-of-month month day-of-week, Bangkok time
 *     runAtStart: true, // and once when the portal starts, so a portal that was down catches up
 *     expireInSeconds: 60 * 60, // longest run pg-boss allows before it counts it as lost
 *     handler: async ({ ctx, now }) => {
 *       const runs = await closeBusinessDaysApart(ctx.databaseUrl, now, 'scheduler');
 *       return { runs: runs.filter((r) => !r.alreadyDone).length };
 *     },
 *   };
 *   registerJob(businessDaysJob); // in portal-jobs.ts
 *
 * A handler must be safe to run again: a run lost with its process runs again at once (each run
 * holds a lease, scheduler.ts), one that expires or fails runs again, failures with back-off. Do
 * the work in transactions with natural keys so that a second run changes nothing. What it returns
 * (a plain object of counts) is logged and kept with the job. Read the date from `now` (the business
 * clock's Moment), never `new Date()`.
 */

export type JobTrigger = 'schedule' | 'start' | 'manual' | 'wake' | 'again';

export interface JobRun {
  ctx: AppContext;
  log: FastifyBaseLogger;
  /** The business clock when the run began (lib/clock.ts). */
  now: Moment;
  trigger: JobTrigger;
  /** The pg-boss job id. */
  jobId: string;
  /** What `send` passed (empty for scheduled runs). */
  data: Record<string, unknown>;
  /**
   * Sends this job to run again at `at` (a job whose work waits for a time, like a message's next
   * try). Runs asked for the same second are one run.
   */
  again?: (at: Date) => Promise<void>;
}

export interface JobDefinition {
  /** The queue name: lower case words joined by dashes. */
  name: string;
  /** Cron expression in Asia/Bangkok; none for jobs that only run when sent. */
  cron?: string;
  /** Also run once when the portal starts: once per Bangkok day however many processes start. */
  runAtStart?: boolean;
  /** Seconds a run may take before it counts as lost and runs again (default 15 minutes). */
  expireInSeconds?: number;
  /** Retries after a failed run (default 5; delays 1, 2, 4 ... minutes). */
  retryLimit?: number;
  /**
   * Something in this process that should run the job at once rather than at its next schedule
   * (messages queued by a request): `wakeOn(wake)` subscribes and answers how to unsubscribe. The
   * scheduler sends a run shortly after a wake (wakes close together are one run) and looks for it at
   * once.
   */
  wakeOn?: (wake: () => void) => () => void;
  handler: (run: JobRun) => Promise<object | void>;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const registry = new Map<string, JobDefinition>();

export function registerJob(job: JobDefinition): JobDefinition {
  if (!NAME.test(job.name)) throw new Error(`job name "${job.name}": use lower case words joined by dashes`);
  if (registry.has(job.name)) throw new Error(`job "${job.name}" is registered twice`);
  registry.set(job.name, job);
  return job;
}

/** Every registered job, in registration order. */
export const registeredJobs = (): JobDefinition[] => [...registry.values()];
