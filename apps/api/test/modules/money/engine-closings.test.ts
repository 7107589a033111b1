import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosingDetail, ClosingRequest, ClosingStatus, EngineRun } from '@portal/contracts/engine';
import { DEFAULT_PLAN } from '@portal/plan/params';
import { addDays } from '@portal/plan/dates';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { desk, paid, treeMember, type TreeMember } from '../../helpers/engine';
import { expectData, expectError } from '../../helpers/expect';
import { buyer, staffToken } from '../../helpers/shop';

/**
 * The closing runs on the staff desk: who may see and start them, the rules that refuse a day, a
 * closing started by staff recorded as theirs (run, request, audit), and the list and detail.
 */
let t: TestApp;
let staff: Awaited<ReturnType<typeof staffToken>>;
let memberToken: string;
let top: TreeMember;
const DAY = '2025-03-01'; // a Saturday: the payout run is on the Tuesday after

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffToken(t);
  memberToken = (await buyer(t)).token;
  top = await treeMember(t);
  const left = await treeMember(t, { parent: top, side: 'left', referrer: top });
  const right = await treeMember(t, { parent: top, side: 'right', referrer: top });
  await paid(t, top.id, 'PACKAGE', 1500, DAY, 'SILVER');
  await paid(t, left.id, 'PACKAGE', 500, DAY, 'STARTER');
  await paid(t, right.id, 'PACKAGE', 500, DAY, 'STARTER');
});
afterAll(() => t.close());

const status = async () => expectData<ClosingStatus>(await desk(t, 'GET', '/closings/status', staff.token));

describe('closing runs on the staff desk', () => {
  it('when a member or nobody asks then the desk answers 403 or 401', async () => {
    // Valid bodies: a body is checked before the token (as on every route of the API).
    for (const [method, path, body] of [
      ['GET', '/closings', undefined],
      ['GET', '/closings/status', undefined],
      ['POST', '/closings', { date: DAY }],
      ['GET', '/payouts', undefined],
      ['GET', `/payouts/${DAY}/transfer.csv`, undefined],
      ['GET', '/plan', undefined],
      ['POST', '/plan/versions', { effective_from: '2099-01-01', params: DEFAULT_PLAN }],
      ['POST', '/plan/simulate', {}],
      ['GET', '/adjustments', undefined],
      ['POST', '/adjustments', { member_id: top.id, kind: 'LVP', amount: '5', remark: 'bonus' }],
    ] as const) {
      expectError(await desk(t, method, path, memberToken, body), 403, 'FORBIDDEN');
      expectError(await desk(t, method, path, undefined, body), 401, 'UNAUTHENTICATED');
    }
    expect(await t.database.pool.query('select 1 from engine_audit')).toMatchObject({ rowCount: 0 });
  });

  it('when nothing is closed then the first day with activity is the one to close', async () => {
    const s = await status();
    expect(s).toMatchObject({ last_closed: null, next_day: DAY, closable: true, running: [] });
  });

  it('when staff ask for a day out of order, or one not ended, then 409 names the rule', async () => {
    const later = expectError(
      await desk(t, 'POST', '/closings', staff.token, { date: '2025-03-02' }),
      409,
      'PLAN_RULE',
    );
    expect(later.message).toBe(`Close ${DAY} first: days are closed in order`);
    const today = (await status()).business_date;
    const open = expectError(
      await desk(t, 'POST', '/closings', staff.token, { date: today }),
      409,
      'PLAN_RULE',
    );
    expect(open.message).toMatch(/has not ended yet/);
    expectError(
      await desk(t, 'POST', '/closings', staff.token, { date: '2025-02-30' }),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('when staff start the closing of the day then it runs as theirs and is recorded', async () => {
    const request = expectData<ClosingRequest>(
      await desk(t, 'POST', '/closings?wait=true', staff.token, { date: DAY }),
    );
    expect(request).toMatchObject({
      business_date: DAY,
      status: 'DONE',
      error: null,
      staff: { user_id: staff.user.id },
    });
    expect(request.runs.map((r) => r.type)).toEqual(['HOLD_DEADLINE', 'DAILY']);

    const { rows } = await t.database.pool.query(
      `select type, started_by from engine_runs where business_date = $1 order by id`,
      [DAY],
    );
    expect(rows).toEqual([
      { type: 'HOLD_DEADLINE', started_by: `staff:${staff.user.id}` },
      { type: 'DAILY', started_by: `staff:${staff.user.id}` },
    ]);
    const audit = await t.database.pool.query(
      `select action, actor_user_id, business_date::text as date from engine_audit`,
    );
    expect(audit.rows).toEqual([{ action: 'CLOSING_STARTED', actor_user_id: staff.user.id, date: DAY }]);

    const s = await status();
    expect(s).toMatchObject({ last_closed: DAY, next_day: '2025-03-02', closable: true });
    expect(s.recent[0]).toMatchObject({ id: request.id, status: 'DONE' });
  });

  it('when a closed day is asked again then 409 says it is closed', async () => {
    const again = expectError(
      await desk(t, 'POST', '/closings', staff.token, { date: DAY }),
      409,
      'PLAN_RULE',
    );
    expect(again.message).toBe(`${DAY} is closed already`);
  });

  it('when staff start a closing without waiting then 202 answers at once and the request is followed to its end', async () => {
    const res = await desk(t, 'POST', '/closings', staff.token, { date: '2025-03-02' });
    const started = expectData<ClosingRequest>(res, 202);
    expect(['RUNNING', 'DONE']).toContain(started.status);
    let current = started;
    for (let i = 0; i < 100 && current.status === 'RUNNING'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      current = expectData<ClosingRequest>(
        await desk(t, 'GET', `/closings/requests/${started.id}`, staff.token),
      );
    }
    expect(current).toMatchObject({ status: 'DONE', business_date: '2025-03-02' });
  });

  it('lists the runs newest first with filters, and shows a run with its counts, totals and its day', async () => {
    const all = expectData(await desk(t, 'GET', '/closings?per_page=10', staff.token));
    expect(all.pagination).toMatchObject({ page: 1, total: 4 });
    expect(all.items.map((r: EngineRun) => r.business_date)).toEqual(['2025-03-02', '2025-03-02', DAY, DAY]);
    const daily = expectData(await desk(t, 'GET', `/closings?type=DAILY&from=${DAY}&to=${DAY}`, staff.token));
    expect(daily.items).toHaveLength(1);
    const run = daily.items[0] as EngineRun;
    expect(run).toMatchObject({
      type: 'DAILY',
      staff: { user_id: staff.user.id },
      counts: { cycles: 1, paid_members: 1 },
      totals: { paid: '60.00', point_part: '6.00' },
    });
    // Finished after it started (the transaction's now() would be before).
    expect(Date.parse(run.finished_at!)).toBeGreaterThanOrEqual(Date.parse(run.started_at));

    const detail = expectData<ClosingDetail>(await desk(t, 'GET', `/closings/${run.id}`, staff.token));
    expect(detail.id).toBe(run.id);
    expect(detail.same_day.map((r) => r.type)).toEqual(['HOLD_DEADLINE']);
    expectError(await desk(t, 'GET', '/closings/999999', staff.token), 404, 'NOT_FOUND');
  });

  it('when an application client asks to start a closing then only a signed-in person may', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/member/oauth/token',
      headers: { 'x-app-key': 'portal-web' },
      payload: { grant_type: 'client_credentials', client_id: 'portal-web', client_secret: 'public' },
    });
    const appToken = res.json().access_token as string;
    expectError(await desk(t, 'GET', '/closings', appToken), 403, 'FORBIDDEN');
  });
});

describe('the OpenAPI document', () => {
  it('when /docs/json is read then the engine desk routes are there with their response schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    for (const [path, method, code] of [
      ['/staff/v1/closings', 'get', '200'],
      ['/staff/v1/closings', 'post', '202'],
      ['/staff/v1/closings/status', 'get', '200'],
      ['/staff/v1/closings/{id}', 'get', '200'],
      ['/staff/v1/payouts', 'get', '200'],
      ['/staff/v1/payouts/{date}', 'get', '200'],
      ['/staff/v1/payouts/{date}/paid', 'get', '200'],
      ['/staff/v1/payouts/{date}/held', 'get', '200'],
      ['/staff/v1/payouts/{date}/transfer.csv', 'get', null],
      ['/staff/v1/payouts/{date}/wht.csv', 'get', null],
      ['/staff/v1/plan', 'get', '200'],
      ['/staff/v1/plan/versions', 'post', '201'],
      ['/staff/v1/plan/simulate', 'post', '200'],
      ['/staff/v1/adjustments', 'post', '201'],
      ['/staff/v1/adjustments/members', 'get', '200'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      if (code)
        expect(JSON.stringify(op?.responses?.[code]), `${method} ${path} ${code}`).toContain('schema');
    }
  });
});

describe('a demo day left for staff to close', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(() => demo.close());

  it('when the demo clock moves with close: false then the days passed wait for staff, who close them in order', async () => {
    const boss = await staffToken(demo);
    const member = await treeMember(demo);
    const before = expectData<ClosingStatus>(await desk(demo, 'GET', '/closings/status', boss.token));
    await paid(demo, member.id, 'PACKAGE', 500, before.business_date, 'STARTER');
    const to = addDays(before.business_date, 2);
    const moved = expectData(
      await call(demo.app, 'POST', '/dev/clock', { body: { date: to, close: false }, token: boss.token }),
    );
    expect(moved).toMatchObject({ to, runs: [] });
    const s = expectData<ClosingStatus>(await desk(demo, 'GET', '/closings/status', boss.token));
    expect(s).toMatchObject({
      business_date: to,
      last_closed: null,
      next_day: before.business_date,
      closable: true,
    });
    for (const date of [before.business_date, addDays(before.business_date, 1)]) {
      const done = expectData<ClosingRequest>(
        await desk(demo, 'POST', '/closings?wait=true', boss.token, { date }),
      );
      expect(done).toMatchObject({ status: 'DONE', business_date: date });
    }
    expect(expectData<ClosingStatus>(await desk(demo, 'GET', '/closings/status', boss.token))).toMatchObject({
      last_closed: addDays(before.business_date, 1),
      next_day: to,
      closable: false,
    });
    expectError(
      await call(demo.app, 'POST', '/dev/clock', {
        body: { date: addDays(to, 1), close: 'no' },
        token: boss.token,
      }),
      422,
      'VALIDATION_ERROR',
    );
    // Days the demo clock closes are listed as its own, beside the staff's.
    expectData(
      await call(demo.app, 'POST', '/dev/clock', { body: { date: addDays(to, 1) }, token: boss.token }),
    );
    const runs = expectData(await desk(demo, 'GET', '/closings?type=DAILY', boss.token));
    expect(
      runs.items.map((r: EngineRun) => [
        r.business_date,
        r.started_by,
        r.started_by_kind,
        r.staff?.user_id ?? null,
      ]),
    ).toEqual([
      [to, 'demo-clock', 'demo_clock', null],
      [addDays(before.business_date, 1), `staff:${boss.user.id}`, 'staff', boss.user.id],
      [before.business_date, `staff:${boss.user.id}`, 'staff', boss.user.id],
    ]);
  });
});
