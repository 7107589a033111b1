import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { AppContext } from '../context';
import { isDatabaseUnavailable } from '../db/unavailable';
import { bangkokDate, businessNow } from '../lib/clock';
import type { JobMetrics } from '../lib/metrics';
import { registeredJobs, type JobDefinition, type JobTrigger } from './registry';

/** pg-boss keeps its tables in a schema of its own, created and migrated by pg-boss at start. */
export const JOBS_SCHEMA = 'pgboss';
export const TIME_ZONE = 'Asia/Bangkok';

export interface SchedulerOptions {
  /** The portal's pool: pg-boss runs its statements on it (no second pool). */
  pool: pg.Pool;
  ctx: AppContext;
  log: FastifyBaseLogger;
  /** Defaults to every registered job (registry.ts). */
  jobs?: readonly JobDefinition[];
  /** Seconds between two looks for work, per job (default 2). */
  pollingIntervalSeconds?: number;
  /** Counts each run, its duration and outcome (GET /metrics, lib/metrics.ts). */
  metrics?: JobMetrics;
  /** pg-boss settings (tests make the cron checks quicker). */
  boss?: Omit<PgBoss.ConstructorOptions, 'db' | 'schema'>;
}

export interface Scheduler {
  /** Runs a job now (staff, scripts, tests). Answers the pg-boss job id, or null if it was a duplicate. */
  send(name: string, data?: Record<string, unknown>, options?: PgBoss.SendOptions): Promise<string | null>;
  readonly boss: PgBoss;
  /** Stops taking work, waits up to `timeoutMs` for runs in progress, stops pg-boss. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * The job id of a job's run at start on one Bangkok day: every process starting that day sends the
 * same id, and pg-boss inserts a job whose id is already queued or done as nothing. (A singleton key
 * alone does not stop a second copy on a standard pg-boss 10 queue; see decision 016.)
 */
export function startRunId(name: string, day: string): string {
  const h = createHash('sha1').update(`portal-job-start:${name}:${day}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const TRIGGERS: readonly JobTrigger[] = ['start', 'manual', 'wake', 'again'];
const triggerOf = (data: Record<string, unknown>): JobTrigger =>
  TRIGGERS.find((t) => t === data.trigger) ?? 'schedule';

/** A job's run asked for a given second (JobRun.again): every ask for that second is one run. */
export function againRunId(name: string, at: Date): string {
  return startRunId(`again:${name}`, String(Math.floor(at.getTime() / 1000)));
}

/** Wakes within this many milliseconds of the first are one run (they come from one burst of requests). */
const WAKE_DELAY_MS = 50;

/**
 * Starts pg-boss on the portal's database and a worker for every job; schedules the jobs' cron in
 * Bangkok time (schedules of jobs no longer registered are removed) and sends the runs at start.
 */
export async function startScheduler(opts: SchedulerOptions): Promise<Scheduler> {
  const { ctx, log } = opts;
  const jobs = opts.jobs ?? registeredJobs();
  const interval = (opts.pollingIntervalSeconds ?? 2) * 1000;
  // pg-boss runs its statements on the portal's pool; while this process sets up (below), on one
  // connection of it.
  let execute = (text: string, values?: unknown[]) => opts.pool.query(text, values);
  const boss = new PgBoss({
    ...opts.boss,
    schema: JOBS_SCHEMA,
    db: { executeSql: (text, values) => execute(text, values) },
  });

  // While the database is away (decision 010) pg-boss's timers fail every few seconds: one line a minute.
  let lastWait = 0;
  const report = (err: unknown, what: string) => {
    if (!isDatabaseUnavailable(err)) return log.error({ err }, what);
    if (Date.now() - lastWait < 60_000) return;
    lastWait = Date.now();
    log.warn({ job: 'scheduler' }, 'jobs wait for the database');
  };
  boss.on('error', (err) => report(err, 'job scheduler error'));

  let stopping = false;
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  /** Each job's poll loop: looks for its work now instead of at the end of its wait. */
  const nudges = new Map<string, () => void>();

  /** JobRun.again: a run at `at`; asks for the same second, more than a second away, are one run. */
  const again = async (job: JobDefinition, at: Date) => {
    const soon = at.getTime() <= Date.now() + 1000;
    await boss.send(
      job.name,
      { trigger: 'again' },
      { startAfter: at, ...(soon ? {} : { id: againRunId(job.name, at) }) },
    );
  };

  /**
   * One run: the handler, then its completion recorded. We fetch and complete jobs ourselves rather
   * than with boss.work(), which records completion and failure without awaiting them: with the
   * database away that is an unhandled rejection, which ends the process.
   */
  const runOne = async (job: JobDefinition, found: PgBoss.JobWithMetadata<Record<string, unknown>>) => {
    const data = found.data ?? {};
    const trigger = triggerOf(data);
    const jobLog = log.child({ job: job.name, trigger, jobId: found.id });
    const started = Date.now();
    const lease = await takeLease(opts.pool, found.id).catch((err: unknown) => {
      report(err, 'job lease not taken'); // the run goes on; only its loss would be noticed late
      return undefined;
    });
    try {
      const now = await businessNow(ctx.db, ctx.config);
      const output =
        (await job.handler({
          ctx,
          log: jobLog,
          now,
          trigger,
          jobId: found.id,
          data,
          again: (at) => again(job, at),
        })) ?? {};
      jobLog.info({ ...output, ms: Date.now() - started, businessDate: now.date }, 'job done');
      opts.metrics?.jobRun(job.name, 'done', (Date.now() - started) / 1000);
      await boss.complete(job.name, found.id, output).catch((err: unknown) => {
        // The work is done (and idempotent): the job runs again once it expires, changing nothing.
        report(err, 'job completion not recorded');
      });
    } catch (err) {
      opts.metrics?.jobRun(job.name, 'failed', (Date.now() - started) / 1000);
      if (isDatabaseUnavailable(err)) report(err, 'job failed');
      else jobLog.error({ err, attempt: found.retryCount + 1 }, 'job failed');
      await boss
        .fail(job.name, found.id, { message: err instanceof Error ? err.message : String(err) })
        .catch((e: unknown) => report(e, 'job failure not recorded')); // it expires, then runs again
    } finally {
      await lease?.end();
    }
  };

  /**
   * A run whose process ended in the middle (kill -9, a lost machine) stays active in pg-boss until
   * it expires, an hour for the closings. Each run holds a lease, a session advisory lock that
   * PostgreSQL drops with the connection of a process that died: an active run older than a few
   * seconds whose lease is free was lost, and runs again at once (its work is idempotent).
   */
  const recoverLostRuns = async () => {
    const names = jobs.map((j) => j.name);
    const { rows } = await opts.pool.query<{ id: string; name: string }>(
      `select id, name from ${JOBS_SCHEMA}.job
       where state = 'active' and name = any($1) and started_on < now() - interval '10 seconds'`,
      [names],
    );
    for (const lost of rows) {
      if (!(await leaseIsFree(opts.pool, lost.id))) continue;
      await boss.fail(lost.name, lost.id, { message: 'the process running it ended' });
      await opts.pool.query(
        `update ${JOBS_SCHEMA}.job set start_after = now() where name = $1 and id = $2 and state = 'retry'`,
        [lost.name, lost.id],
      );
      log.warn({ job: lost.name, jobId: lost.id }, 'a run whose process ended runs again');
    }
  };
  const watchLostRuns = () => {
    const tick = async () => {
      if (stopping) return;
      await recoverLostRuns().catch((err: unknown) => report(err, 'looking for lost runs failed'));
      if (stopping) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void tick();
      }, LOST_RUN_CHECK_MS);
      timers.add(timer);
    };
    void tick();
  };

  const poll = (job: JobDefinition) => {
    let timer: NodeJS.Timeout | undefined;
    let busy = false;
    let nudged = false;
    const wait = (ms: number) => {
      const t = setTimeout(() => {
        timers.delete(t);
        timer = undefined;
        void tick();
      }, ms);
      timer = t;
      timers.add(t);
    };
    const tick = async () => {
      if (stopping) return;
      busy = true;
      nudged = false;
      let found = false;
      try {
        // No job when the database is away, nor while another run of this job is active.
        const [next] = await boss.fetch<Record<string, unknown>>(job.name, {
          batchSize: 1,
          includeMetadata: true,
        });
        if (next && !stopping) {
          found = true;
          const run = runOne(job, next); // never rejects
          running.add(run);
          await run.finally(() => running.delete(run));
        }
      } catch (err) {
        report(err, 'looking for jobs failed'); // and the loop goes on
      }
      busy = false;
      if (stopping) return;
      wait(found || nudged ? 0 : interval);
    };
    nudges.set(job.name, () => {
      if (stopping) return;
      if (busy) {
        nudged = true; // its look may have come before the run was sent: look again at once
        return;
      }
      if (!timer) return;
      clearTimeout(timer);
      timers.delete(timer);
      timer = undefined;
      void tick();
    });
    void tick();
  };

  /** A job woken in this process (JobDefinition.wakeOn): one run for a burst of wakes, looked for at once. */
  const unsubscribes: (() => void)[] = [];
  const watchWakes = (job: JobDefinition) => {
    if (!job.wakeOn) return;
    let pending: NodeJS.Timeout | undefined;
    unsubscribes.push(
      job.wakeOn(() => {
        if (stopping || pending) return;
        pending = setTimeout(() => {
          timers.delete(pending!);
          pending = undefined;
          boss
            .send(job.name, { trigger: 'wake' })
            .then(() => nudges.get(job.name)?.())
            .catch((err: unknown) => report(err, 'job wake not sent')); // its schedule runs it later
        }, WAKE_DELAY_MS);
        timers.add(pending);
      }),
    );
  };

  // Two processes setting up at once deadlock in pg-boss's queue creation (each creates a table and
  // attaches it to pgboss.job): one process at a time, under a lock held by one connection.
  const setup = await opts.pool.connect();
  let broken: Error | undefined;
  let pending = (): Promise<unknown> => Promise.resolve();
  try {
    await setup.query(`select pg_advisory_lock(hashtext('portal-jobs-setup'))`);
    // pg-boss's timers start with it: their statements wait their turn on this connection.
    let queue: Promise<unknown> = Promise.resolve();
    execute = (text, values) => {
      const next = queue.then(() => setup.query(text, values));
      queue = next.catch(() => {});
      return next;
    };
    pending = () => queue;
    await boss.start();
    await setUpQueues(boss, jobs);
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    execute = (text, values) => opts.pool.query(text, values);
    await pending();
    if (!broken) await setup.query(`select pg_advisory_unlock(hashtext('portal-jobs-setup'))`);
    setup.release(broken); // a connection that failed is closed, which also drops its lock
  }

  const send: Scheduler['send'] = (name, data = {}, options = {}) =>
    boss.send(name, { trigger: 'manual', ...data }, options);

  // One run at start per real day and business date: in demo mode the business date moves on ahead
  // of the real one, and a catch-up killed half-way (after the clock moved) must run again at the next
  // start instead of finding today's run at start done already (issue 19).
  const today = bangkokDate(new Date());
  const businessDay = (await businessNow(ctx.db, ctx.config)).date;
  const startDay = businessDay === today ? today : `${today}@${businessDay}`;
  for (const job of jobs.filter((j) => j.runAtStart)) {
    await boss.send(job.name, { trigger: 'start' }, { id: startRunId(job.name, startDay) });
  }
  for (const job of jobs) poll(job); // the first look for work finds the runs at start
  for (const job of jobs) watchWakes(job);
  watchLostRuns();

  return {
    send,
    boss,
    async stop(timeoutMs = 10_000) {
      if (stopping) return;
      stopping = true;
      for (const unsubscribe of unsubscribes) unsubscribe();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      // A run still going when time is up is left active: it expires and runs again elsewhere.
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((r) => setTimeout(r, timeoutMs).unref()),
      ]);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 2_000 }).catch(() => {});
    },
  };
}

/** How often every process looks for runs lost with their process. */
const LOST_RUN_CHECK_MS = 15_000;
const leaseKey = (jobId: string) => `portal-job-run:${jobId}`;

/** The lease of a run: a session advisory lock on a connection of its own, held until `end`. */
async function takeLease(pool: pg.Pool, jobId: string) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [leaseKey(jobId)]);
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  return {
    async end() {
      try {
        await client.query('select pg_advisory_unlock(hashtext($1))', [leaseKey(jobId)]);
        client.release();
      } catch (err) {
        client.release(err as Error); // a broken connection is closed, which drops the lock too
      }
    },
  };
}

/** Whether nobody holds a run's lease (its process ended). */
async function leaseIsFree(pool: pg.Pool, jobId: string): Promise<boolean> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ free: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as free',
      [leaseKey(jobId)],
    );
    if (rows[0]?.free) await client.query('select pg_advisory_unlock(hashtext($1))', [leaseKey(jobId)]);
    return rows[0]?.free === true;
  } finally {
    client.release();
  }
}

/** Each job's queue (one active run at a time) and its cron in Bangkok time; stale schedules go. */
async function setUpQueues(boss: PgBoss, jobs: readonly JobDefinition[]) {
  for (const job of jobs) {
    const queue = {
      name: job.name,
      // One active run per job name, whatever the number of processes.
      policy: 'singleton' as const,
      retryLimit: job.retryLimit ?? 5,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
    };
    await boss.createQueue(job.name, queue);
    await boss.updateQueue(job.name, queue); // a queue made by an older version gets today's settings
    if (job.cron) await boss.schedule(job.name, job.cron, { trigger: 'schedule' }, { tz: TIME_ZONE });
    else await boss.unschedule(job.name);
  }
  const names = new Set(jobs.map((j) => j.name));
  for (const s of await boss.getSchedules()) if (!names.has(s.name)) await boss.unschedule(s.name);
}
