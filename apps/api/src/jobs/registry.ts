import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Moment } from '@portal/plan/dates';

/**
 * The portal's jobs (DESIGN 10): each one a named pg-boss queue with an optional cron schedule in
 * Asia/Bangkok, run by scheduler.ts on every API process. Whatever the number of processes, each
 * scheduled or sent job runs once, and two jobs of the same name never run at the same time.
 *
 * To add a job, call `registerJob` in jobs/portal-jobs.ts:
 *
 *   registerJob({
 *     name: 'daily-closing',
 *     cron: '30 0 * * *', // minute hour day-of-month month day-of-week, Bangkok time
 *     expireInSeconds: 30 * 60, // longest run before it counts as lost and runs again
 *     handler: async ({ ctx, now, log }) => closeBusinessDays(ctx.db, now.date, log),
 *   });
 *
 * A handler must be safe to run again: a run killed half-way (or whose completion was not recorded)
 * runs again after `expireInSeconds`, and a failed run is retried with back-off. Do the work in
 * transactions with natural keys so that a second run changes nothing. What it returns (a plain
 * object of counts) is logged and kept with the job. Read the date from `now`, never `new Date()`.
 */

export type JobTrigger = 'schedule' | 'start' | 'manual';

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
