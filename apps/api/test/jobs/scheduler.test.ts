import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../src/db/client';
import { startScheduler, type Scheduler } from '../../src/jobs/scheduler';
import type { JobDefinition } from '../../src/jobs/registry';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * docs/plan.md E3 (decision 030): the jobs run on pg-boss, safe with several API processes on one database.
 * Here two schedulers, each with its own pool as two processes have, share one test database.
 */
let t: TestApp;
const pools: Database[] = [];
let schedulers: Scheduler[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await Promise.all(schedulers.map((s) => s.stop(2_000)));
  schedulers = [];
});
afterAll(async () => {
  for (const p of pools) await p.close();
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  process: string;
  trigger: string;
  jobId: string;
}

/** Two "processes" (own pool, own pg-boss) started at the same moment with the same jobs. */
async function startTwo(jobsOf: (process: string) => JobDefinition[]) {
  const start = (process: string) => {
    const database = connect(t.dbUrl, 4);
    pools.push(database);
    return startScheduler({
      pool: database.pool,
      ctx: t.app.ctx,
      log: t.app.log,
      jobs: jobsOf(process),
      pollingIntervalSeconds: 0.5,
      boss: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
    });
  };
  schedulers = await Promise.all([start('a'), start('b')]);
}

const counting = (name: string, runs: Run[], extra: Partial<JobDefinition>) => (process: string) => [
  {
    name,
    ...extra,
    handler: async ({ trigger, jobId }) => {
      runs.push({ process, trigger, jobId });
      await sleep(300); // long enough for the other process to look for work meanwhile
      return { process };
    },
  } satisfies JobDefinition,
];

async function until(what: string, probe: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('jobs on pg-boss with two processes on one database', () => {
  it('when both start at once then the run at start happens once, on one of them', async () => {
    const runs: Run[] = [];
    await startTwo(counting('start-once', runs, { runAtStart: true }));
    await until('the run at start', () => runs.length > 0, 10_000);
    await sleep(2_500); // five more looks for work by each process
    expect(runs).toHaveLength(1);
    expect(runs[0]!.trigger).toBe('start');
    const { rows } = await t.database.pool.query(
      `select state from pgboss.job where name = 'start-once' union all
       select state from pgboss.archive where name = 'start-once'`,
    );
    expect(rows).toEqual([{ state: 'completed' }]);
  });

  it('when a cron time comes then the scheduled job runs once, on one of them', async () => {
    // Every minute: pg-boss sends a job when the minute's time is less than a minute old. Stay
    // clear of the next minute so that it cannot send the next one during the test.
    const second = new Date().getSeconds();
    if (second > 40) await sleep((61 - second) * 1000);
    const runs: Run[] = [];
    await startTwo(counting('every-minute', runs, { cron: '* * * * *' }));
    await until('the scheduled run', () => runs.length > 0, 12_000);
    await sleep(Math.max(0, Math.min(4_000, (58 - new Date().getSeconds()) * 1000)));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.trigger).toBe('schedule');
    const { rows } = await t.database.pool.query(
      `select name, cron, timezone from pgboss.schedule where name = 'every-minute'`,
    );
    expect(rows).toEqual([{ name: 'every-minute', cron: '* * * * *', timezone: 'Asia/Bangkok' }]);
  }, 90_000);

  it('when a job is sent several times at once then the runs never overlap across the processes', async () => {
    const runs: Run[] = [];
    let active = 0;
    let most = 0;
    await startTwo((process) => [
      {
        name: 'one-at-a-time',
        handler: async ({ trigger, jobId }) => {
          most = Math.max(most, ++active);
          runs.push({ process, trigger, jobId });
          await sleep(200);
          active--;
        },
      },
    ]);
    const ids = await Promise.all([1, 2, 3, 4].map((n) => schedulers[n % 2]!.send('one-at-a-time')));
    expect(new Set(ids).size).toBe(4);
    await until('four runs', () => runs.length === 4, 15_000);
    expect(most).toBe(1);
    expect(new Set(runs.map((r) => r.jobId)).size).toBe(4);
    expect(runs.every((r) => r.trigger === 'manual')).toBe(true);
  });
});
