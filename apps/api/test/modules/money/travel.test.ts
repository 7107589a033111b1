import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TravelPoint } from '@portal/contracts/travel-report';
import { DEFAULT_PLAN } from '@portal/plan/params';
import { daysLeft } from '../../../src/modules/money/reports/travel/service';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectError } from '../../helpers/expect';
import { login, seedSponsor } from '../../helpers/fixtures';
import { buildHistory, report, rows, type History } from '../../helpers/report-history';

/**
 * report/travel_point (plan 3.2): the cycles of qualified closing rows, in the range, in all and in
 * the plan's TRAVEL_CAMPAIGN window, with the campaign's target, what is missing and the days left.
 */
let t: TestApp;
let h: History;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_GLOBAL: '100000' });
  h = await buildHistory(t);
}, 120_000);
afterAll(() => t.close());

const qualifiedCycles = async (memberId: number, from = '0001-01-01', to = '9999-12-31') =>
  Number(
    (
      await rows<{ n: string }>(
        t,
        `select coalesce(sum(cycles), 0) as n from closing_rows
         where member_id = $1 and qualified and closing_date between $2 and $3`,
        [memberId, from, to],
      )
    )[0]!.n,
  );

describe('report/travel_point', () => {
  it('when the plan runs no campaign then it says so and still counts the travel points', async () => {
    const all = await qualifiedCycles(h.a);
    expect(all).toBeGreaterThan(0);
    const r = await report<TravelPoint>(t, h.tokens.a, '/report/travel_point');
    expect(r).toMatchObject({
      date_from: null,
      date_to: null,
      campaign: null,
      campaign_points: 0,
      missing_points: 0,
      reached: false,
      days_left: null,
      range_points: all,
      total_points: all,
    });
    expect(r.business_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const ranged = await report<TravelPoint>(
      t,
      h.tokens.a,
      '/report/travel_point?date_from=2025-01-10&date_to=2025-01-20',
    );
    expect(ranged.range_points).toBe(await qualifiedCycles(h.a, '2025-01-10', '2025-01-20'));
    expect(ranged.total_points).toBe(all);
  });

  it('when the plan in force has a campaign then its window counts, with the target and what is missing', async () => {
    const start = '2025-01-01';
    const end = '2025-01-31';
    const earned = await qualifiedCycles(h.a, start, end);
    expect(earned).toBeGreaterThan(0);
    // Closings are done: a version in force from before them changes only what the report reads.
    await t.database.pool.query(
      `insert into plan_versions (effective_from, params, note) values ('2025-01-01', $1, 'travel test')`,
      [JSON.stringify({ ...DEFAULT_PLAN, TRAVEL_CAMPAIGN: { start, end, required_points: earned + 5 } })],
    );
    const r = await report<TravelPoint>(t, h.tokens.a, '/report/travel_point');
    expect(r).toMatchObject({
      campaign: { start, end, required_points: earned + 5 },
      campaign_points: earned,
      missing_points: 5,
      reached: false,
      days_left: 0,
    });

    await t.database.pool.query(
      `insert into plan_versions (effective_from, params, note) values ('2025-01-02', $1, 'reached')`,
      [JSON.stringify({ ...DEFAULT_PLAN, TRAVEL_CAMPAIGN: { start, end, required_points: earned } })],
    );
    const reached = await report<TravelPoint>(t, h.tokens.a, '/report/travel_point');
    expect(reached).toMatchObject({ campaign_points: earned, missing_points: 0, reached: true });

    // Another member reads only their own (none).
    const other = await report<TravelPoint>(t, h.tokens.other, '/report/travel_point');
    expect(other).toMatchObject({ campaign_points: 0, missing_points: earned, total_points: 0 });
  });

  it('when the range is reversed, the member suspended or signed out then it is refused', async () => {
    expectError(
      await call(
        t.app,
        'GET',
        '/network/api/v1/report/travel_point?date_from=2025-02-01&date_to=2025-01-01',
        {
          token: h.tokens.a,
        },
      ),
      422,
      'VALIDATION_ERROR',
    );
    const s = await seedSponsor(t.database.db);
    await t.database.pool.query(
      `insert into suspension_entries (member_id, period, status, suspended_at, message, message_th)
       values ($1, 'suspended', 'active', now(), 'Suspended', 'ระงับ')`,
      [s.member.id],
    );
    const { access_token: token } = await login(t.app, s.user.email);
    expectError(
      await call(t.app, 'GET', '/network/api/v1/report/travel_point', { token }),
      403,
      'ACCOUNT_SUSPENDED',
    );
    expectError(await call(t.app, 'GET', '/network/api/v1/report/travel_point'), 401, 'UNAUTHENTICATED');
  });
});

describe('daysLeft', () => {
  it('counts today and the end, all of a campaign not started, none after it', () => {
    expect(daysLeft('2025-01-10', '2025-01-01', '2025-01-10')).toBe(1);
    expect(daysLeft('2025-01-01', '2025-01-01', '2025-01-31')).toBe(31);
    expect(daysLeft('2024-12-01', '2025-01-01', '2025-01-31')).toBe(31);
    expect(daysLeft('2025-02-01', '2025-01-01', '2025-01-31')).toBe(0);
  });
});
