import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kycDeadlineJob } from '../../src/jobs/kyc-deadline';
import { startScheduler, type Scheduler } from '../../src/jobs/scheduler';
import { advanceDemoClock } from '../../src/lib/clock';
import { call, createTestApp, type TestApp } from '../helpers/app';
import { expectData, expectError } from '../helpers/expect';
import { login, seedSponsor } from '../helpers/fixtures';

/**
 * The KYC deadline as the scheduler runs it: a member it suspends (or whose suspension it ends)
 * loses their access tokens at once, not only in the database (decision 011); and it reads the
 * business clock, so a demo whose date moved forward suspends on the moved date.
 */
let t: TestApp;
let scheduler: Scheduler | undefined;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', DEMO_MODE: 'true' });
});
afterEach(async () => {
  await scheduler?.stop(2_000);
  scheduler = undefined;
});
afterAll(() => t.close());

/** Starts the scheduler with the KYC job (it runs once at start) and waits for that run to finish. */
async function runKycJobAtStart() {
  scheduler = await startScheduler({
    pool: t.database.pool,
    ctx: t.app.ctx,
    log: t.app.log,
    jobs: [kycDeadlineJob],
    pollingIntervalSeconds: 0.5,
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await t.database.pool.query<{ state: string; output: unknown }>(
      `select state, output from pgboss.job where name = 'kyc-deadline' and data->>'trigger' = 'start'`,
    );
    if (rows[0]?.state === 'completed') return rows[0].output as Record<string, number>;
    if (rows[0]?.state === 'failed' || rows[0]?.state === 'retry') throw new Error(JSON.stringify(rows[0]));
    if (Date.now() > deadline) throw new Error('the KYC deadline job did not finish');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function standing(memberId: number) {
  const { rows } = await t.database.pool.query(
    `select period, status from suspension_entries where member_id = $1 order by created_at desc, id desc limit 1`,
    [memberId],
  );
  return rows[0];
}

describe('the KYC deadline job', () => {
  it('when it suspends a signed-in member then their access token answers 401 at once', async () => {
    const m = await seedSponsor(t.database.db);
    const session = await login(t.app, m.user.email);
    expectData(await call(t.app, 'GET', '/member/v1/me', { token: session.access_token }));
    // Registered long ago: the job finds the member past both periods.
    await t.database.pool.query(`update members set created_at = now() - interval '400 days' where id = $1`, [
      m.member.id,
    ]);
    const output = await runKycJobAtStart();
    expect(output.suspended).toBeGreaterThanOrEqual(1);
    expect(output.standingChanged).toBeGreaterThanOrEqual(1);
    expect(await standing(m.member.id)).toEqual({ period: 'suspended', status: 'active' });
    expectError(
      await call(t.app, 'GET', '/member/v1/me', { token: session.access_token }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('when the demo date has moved past the deadline then the job suspends on that date', async () => {
    await t.database.pool.query(`delete from pgboss.job where name = 'kyc-deadline'`); // a new day's run
    const m = await seedSponsor(t.database.db);
    // 40 days after registration: pending (30 + 15 days allowed), 5 days left in real time.
    await t.database.pool.query(`update members set created_at = now() - interval '40 days' where id = $1`, [
      m.member.id,
    ]);
    const session = await login(t.app, m.user.email);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const inTenDays = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    await advanceDemoClock(t.database.db, inTenDays, t.config);
    await runKycJobAtStart();
    expect(await standing(m.member.id)).toEqual({ period: 'suspended', status: 'active' });
    expectError(
      await call(t.app, 'GET', '/member/v1/me', { token: session.access_token }),
      401,
      'UNAUTHENTICATED',
    );
  });
});
