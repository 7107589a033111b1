import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareScenario } from '../../../src/compensation/simulate';
import { dropAbandonedScratchDatabases, scratchPrefix } from '../../../src/db/scratch';
import { createTestApp, type TestApp } from '../../helpers/app';
import { desk } from '../../helpers/engine';
import { expectData, expectError, makeStaff } from '../../helpers/expect';
import { login } from '../../helpers/fixtures';
import { memberWithToken } from '../../helpers/profile';

/**
 * Issue 19, finding 8: the staff desk's simulator had no bound on what it ran, overflowed the stack
 * on a long chain, made a database before it checked the scenario, kept running after its client
 * left, queued blindly, and a process killed in a run left its database behind for good.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    SIMULATOR_MAX_MEMBERS: '50',
    SIMULATOR_MAX_EVENTS: '40',
    SIMULATOR_MAX_DAYS: '400',
    SIMULATOR_QUEUE: '1',
  });
  const staff = await memberWithToken(t);
  await makeStaff(t, staff.user.id);
  token = (await login(t.app, staff.user.email)).access_token;
});
afterAll(() => t.close());

const chain = (n: number) => [
  { code: 'M0' },
  ...Array.from({ length: n - 1 }, (_, i) => ({ code: `M${i + 1}`, upline: `M${i}`, side: 'left' })),
];
const scratchCount = async () => {
  const { rows } = await t.database.pool.query(
    `select count(*)::int as n from pg_database where starts_with(datname, $1)`,
    [scratchPrefix(t.dbUrl)],
  );
  return rows[0].n as number;
};
const order = (date: string, id: string) => ({
  date,
  type: 'order',
  id,
  member: 'M0',
  order_type: 'PACKAGE',
  package: 'STARTER',
});

describe('the simulator keeps within bounds', () => {
  it('when a chain of 50,000 members is checked then its depths come without recursion', () => {
    const prepared = prepareScenario({ members: chain(50_000), events: [], until: '2025-01-01' });
    expect(prepared.depth.get('M49999')).toBe(49_999);
    expect(prepared.ordered.at(-1)!.code).toBe('M49999');
  });

  it('when a scenario is over a limit then 422 names the limit and no database is made', async () => {
    const cases: [unknown, RegExp][] = [
      [{ members: chain(51), events: [], until: '2025-01-01' }, /51 members, more than the limit of 50/],
      [
        {
          members: chain(2),
          events: Array.from({ length: 41 }, (_, i) => order('2025-01-01', `P${i}`)),
          until: '2025-01-01',
        },
        /41 events, more than the limit of 40/,
      ],
      [
        { members: chain(2), events: [order('2025-01-01', 'P')], until: '2199-01-01' },
        /days from 2025-01-01 to 2199-01-01, more than the limit of 400/,
      ],
    ];
    const before = await scratchCount();
    for (const [scenario, message] of cases) {
      const status = expectError(
        await desk(t, 'POST', '/plan/simulate', token, scenario),
        422,
        'VALIDATION_ERROR',
      );
      expect(status.errors?.scenario?.[0]).toMatch(message);
    }
    // Nor for a scenario that breaks a rule.
    const broken = { members: [{ code: 'A' }, { code: 'B' }], events: [], until: '2025-01-01' };
    expectError(await desk(t, 'POST', '/plan/simulate', token, broken), 422, 'VALIDATION_ERROR');
    expect(await scratchCount()).toBe(before);
  });

  it('when the caller asks where its simulations stand then the queue says', async () => {
    const queue = expectData(await desk(t, 'GET', '/plan/simulate/queue', token));
    expect(queue).toEqual({ running: null, waiting: 0, mine: [] });
  });

  it('when a process died in a run then its database is dropped at the next look, and a live run keeps its own', async () => {
    const prefix = scratchPrefix(t.dbUrl);
    const admin = new pg.Client({ connectionString: t.dbUrl });
    const holder = new pg.Client({ connectionString: t.dbUrl });
    await admin.connect();
    await holder.connect();
    try {
      // One left by a dead process (nobody holds its lock), one of a run going on (its lock held).
      await admin.query(`create database ${prefix}deadbeef`);
      await admin.query(`create database ${prefix}0a11ce00`);
      await holder.query(`select pg_advisory_lock(hashtext($1))`, [`${prefix}0a11ce00`]);
      const dropped = await dropAbandonedScratchDatabases(t.dbUrl);
      expect(dropped).toEqual([`${prefix}deadbeef`]);
      const { rows } = await admin.query(`select datname from pg_database where starts_with(datname, $1)`, [
        prefix,
      ]);
      expect(rows.map((r) => r.datname)).toEqual([`${prefix}0a11ce00`]);
    } finally {
      await holder.end();
      await admin.query(`drop database if exists ${prefix}0a11ce00 with (force)`);
      await admin.end();
    }
  });
});

describe('a simulation that runs long', () => {
  /** Ten years of one member's days: seconds of work, long after the test has looked. */
  const decade = { members: chain(3), events: [order('2025-01-01', 'P')], until: '2034-12-31' };
  const until = async (what: string, probe: () => Promise<boolean>) => {
    for (let i = 0; !(await probe()); i++) {
      if (i > 1200) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('when it passes the time limit then it stops with a 422 and its database is dropped', async () => {
    // A limit of a millisecond: passed before the first day, whatever the machine.
    const slow = await createTestApp({ SIMULATOR_TIME_LIMIT_SECONDS: '0.001' });
    try {
      const staff = await memberWithToken(slow);
      await makeStaff(slow, staff.user.id);
      const tok = (await login(slow.app, staff.user.email)).access_token;
      const status = expectError(
        await desk(slow, 'POST', '/plan/simulate', tok, decade),
        422,
        'VALIDATION_ERROR',
      );
      expect(status.message).toMatch(/ran longer than 0.001 s and was stopped/);
      const { rows } = await slow.database.pool.query(
        `select count(*)::int as n from pg_database where starts_with(datname, $1)`,
        [scratchPrefix(slow.dbUrl)],
      );
      expect(rows[0].n).toBe(0);
      expectData(await desk(slow, 'GET', '/plan/simulate/queue', tok));
    } finally {
      await slow.close();
    }
  });

  it('when its client goes away then the run stops and its database is dropped', async () => {
    const wide = await createTestApp({ SIMULATOR_MAX_DAYS: '4000' });
    try {
      const staff = await memberWithToken(wide);
      await makeStaff(wide, staff.user.id);
      const tok = (await login(wide.app, staff.user.email)).access_token;
      await wide.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = wide.app.server.address() as { port: number };
      const scratch = async () =>
        (
          await wide.database.pool.query(
            `select count(*)::int as n from pg_database where starts_with(datname, $1)`,
            [scratchPrefix(wide.dbUrl)],
          )
        ).rows[0].n as number;
      const gone = new AbortController();
      const request = fetch(`http://127.0.0.1:${port}/staff/v1/plan/simulate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-app-key': 'portal-web',
          authorization: `Bearer ${tok}`,
        },
        body: JSON.stringify(decade),
        signal: gone.signal,
      }).catch(() => null);
      const queue = async () => expectData(await desk(wide, 'GET', '/plan/simulate/queue', tok));
      // Running, with its database made.
      await until(
        'the run and its database',
        async () => (await queue()).running !== null && (await scratch()) > 0,
      );
      gone.abort();
      await request;
      await until('the run to stop', async () => (await queue()).running === null);
      await until('its database to go', async () => (await scratch()) === 0);
    } finally {
      await wide.close();
    }
  });
});
