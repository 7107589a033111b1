import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/plan/dates';
import { connect, type Database } from '../../src/db/client';
import { advanceDemoClock, businessNow } from '../../src/lib/clock';
import { startScheduler } from '../../src/jobs/scheduler';
import type { JobDefinition } from '../../src/jobs/registry';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * Issue 19, finding 11: in demo mode the business date runs ahead of the real one. A catch-up killed
 * half-way after the clock moved (POST /dev/clock closes the days passed) used to stay undone until
 * staff closed the days, because the run at start had one id per real day and had run already.
 */
let t: TestApp;
const pools: Database[] = [];
beforeAll(async () => {
  t = await createTestApp({ DEMO_MODE: 'true' });
});
afterAll(async () => {
  for (const p of pools) await p.close();
  await t.close();
});

const starts: string[] = [];
const job: JobDefinition = {
  name: 'catch-up-probe',
  runAtStart: true,
  handler: async ({ now }) => {
    starts.push(now.date);
    return {};
  },
};

/** A process start: its own pool and pg-boss, stopped once its run at start is done (or not sent). */
async function startAndStop(expectRun: boolean) {
  const database = connect(t.dbUrl, 4);
  pools.push(database);
  const before = starts.length;
  const scheduler = await startScheduler({
    pool: database.pool,
    ctx: t.app.ctx,
    log: t.app.log,
    jobs: [job],
    pollingIntervalSeconds: 0.2,
  });
  if (expectRun) {
    while (starts.length === before) await new Promise((r) => setTimeout(r, 50));
  } else {
    // The job's only run at start of this day exists already: nothing is queued for it.
    const { rows } = await database.pool.query(
      `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
      [job.name],
    );
    expect(rows[0].n).toBe(0);
  }
  await scheduler.stop(2_000);
}

describe('the run at start in demo mode', () => {
  it('when the demo clock moved on since the last start then the next start runs the catch-up again', async () => {
    const today = (await businessNow(t.database.db, t.config)).date;
    await startAndStop(true);
    expect(starts).toEqual([today]);
    // A second start on the same business date: the run at start of this day is done.
    await startAndStop(false);
    expect(starts).toEqual([today]);
    // The clock moves three days on and the process dies before the days passed are closed.
    const later = addDays(today, 3);
    await advanceDemoClock(t.database.db, later, t.config);
    await startAndStop(true);
    expect(starts).toEqual([today, later]);
  });
});
