import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosingRequest, PlanView } from '@portal/contracts/engine';
import { addDays } from '@portal/plan/dates';
import { DEFAULT_PLAN } from '@portal/plan/params';
import { createTestApp, type TestApp } from '../../helpers/app';
import { desk, paid, treeMember } from '../../helpers/engine';
import { expectData, expectError } from '../../helpers/expect';
import { staffToken } from '../../helpers/shop';
import { scratchPrefix } from '../../../src/db/scratch';

/**
 * The plan on the staff desk (plan section 7): the version in force and the versions, a new version
 * from a date (never a closed day, nor today), and the simulator (section 13) behind the same API.
 */
const EXAMPLES = path.resolve(import.meta.dirname, '../../../../../scenarios/plan-examples');
let t: TestApp;
let staff: Awaited<ReturnType<typeof staffToken>>;
const DAY = '2025-03-01';

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffToken(t);
  const top = await treeMember(t);
  await paid(t, top.id, 'PACKAGE', 1500, DAY, 'SILVER');
  expectData<ClosingRequest>(await desk(t, 'POST', '/closings?wait=true', staff.token, { date: DAY }));
});
afterAll(() => t.close());

const view = async () => expectData<PlanView>(await desk(t, 'GET', '/plan', staff.token));

describe('the plan on the staff desk', () => {
  it('when no version is stored then the built-in plan is in force', async () => {
    const v = await view();
    expect(v.in_force).toMatchObject({
      version: 0,
      effective_from: null,
      in_force: true,
      params: DEFAULT_PLAN,
    });
    expect(v.versions).toHaveLength(1);
    expect(v.last_closed).toBe(DAY);
    expect(v.earliest_from).toBe(addDays(v.business_date, 1));
  });

  it('when a version would apply to a closed day, or today, then 409 says from when it may', async () => {
    const { earliest_from, business_date } = await view();
    for (const date of [DAY, business_date]) {
      const refused = expectError(
        await desk(t, 'POST', '/plan/versions', staff.token, { effective_from: date, params: DEFAULT_PLAN }),
        409,
        'PLAN_RULE',
      );
      expect(refused.message).toBe(
        `A new version applies from ${earliest_from} at the earliest: closed days and today keep their plan`,
      );
    }
  });

  it('when the parameters break the plan schema then 422 names the field', async () => {
    const res = await desk(t, 'POST', '/plan/versions', staff.token, {
      effective_from: '2099-01-01',
      params: { ...DEFAULT_PLAN, REFERRER_PCT: 'twenty' },
    });
    const status = expectError(res, 422, 'VALIDATION_ERROR');
    expect(Object.keys(status.errors ?? {})).toEqual(['params.REFERRER_PCT']);
  });

  it('when staff create a version from a later date then it is listed, audited, and in force from that date', async () => {
    const from = addDays((await view()).business_date, 3);
    const res = await desk(t, 'POST', '/plan/versions', staff.token, {
      effective_from: from,
      params: { ...DEFAULT_PLAN, REFERRER_PCT: '0.25' },
      note: 'Referrer 25% from the campaign',
    });
    const v = expectData<PlanView>(res, 201);
    expect(v.in_force.version).toBe(0);
    expect(v.versions[0]).toMatchObject({
      version: 1,
      effective_from: from,
      note: 'Referrer 25% from the campaign',
      created_by: { user_id: staff.user.id },
      in_force: false,
      params: { REFERRER_PCT: '0.25' },
    });
    const { rows } = await t.database.pool.query(
      `select action, actor_user_id, business_date::text as date, detail from engine_audit`,
    );
    expect(rows).toContainEqual({
      action: 'PLAN_VERSION_CREATED',
      actor_user_id: staff.user.id,
      date: from,
      detail: { version: 1, note: 'Referrer 25% from the campaign' },
    });
  });
});

describe('the simulator on the staff desk', () => {
  it('when E1 is simulated then the answer is exactly its expected result', async () => {
    const scenario = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'E1.json'), 'utf8'));
    const expected = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'E1.expected.json'), 'utf8'));
    const result = expectData(await desk(t, 'POST', '/plan/simulate', staff.token, scenario));
    expect(result).toEqual(expected);
    // The live database is untouched: the simulation ran on a database of its own, now dropped.
    const { rows } = await t.database.pool.query(
      `select (select count(*) from members where member_code = 'A')::int as members,
        (select count(*) from pg_database where starts_with(datname, $1))::int as scratch`,
      [scratchPrefix(t.dbUrl)],
    );
    expect(rows[0]).toEqual({ members: 0, scratch: 0 });
  }, 60_000);

  it('when a scenario breaks a rule then 422 carries the one line the command prints', async () => {
    const res = await desk(t, 'POST', '/plan/simulate', staff.token, {
      members: [{ code: 'A' }, { code: 'B', upline: 'X', side: 'left' }],
      events: [],
      until: '2025-01-01',
    });
    const status = expectError(res, 422, 'VALIDATION_ERROR');
    expect(status.message).toBe('members: B has an unknown upline X');
    expect(status.errors).toEqual({ scenario: ['members: B has an unknown upline X'] });
  }, 60_000);
});
