import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { IncomeSummary } from '@portal/contracts/income-reports';
import type { LvpPage, OrderRow, PointPage, TitleHistory } from '@portal/contracts/reports';
import { satang, baht } from '@portal/plan/money';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError } from '../../helpers/expect';
import { login, seedSponsor } from '../../helpers/fixtures';
import { buildHistory, report, rows, type History } from '../../helpers/report-history';

/**
 * LVP, the point balance and titles (plan 1.3, 2.3, 5.2) with the balance after each row, and who
 * may read what: only the signed-in member's own rows, never while suspended.
 */
let t: TestApp;
let h: History;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_GLOBAL: '100000' });
  h = await buildHistory(t);
}, 120_000);
afterAll(() => t.close());

const get = (token: string, path: string) => call(t.app, 'GET', `/network/api/v1${path}`, { token });

/** Every count and amount of a summary, nested lists and objects included, by its path. */
function figures(value: unknown, at = ''): Record<string, number | string> {
  if (typeof value === 'number') return { [at]: value };
  if (typeof value === 'string') return /^-?\d+\.\d{2}$/.test(value) ? { [at]: value } : {};
  if (value === null || typeof value !== 'object') return {};
  return Object.assign(
    {},
    ...Object.entries(value).map(([key, v]) => figures(v, at ? `${at}.${key}` : key)),
  ) as Record<string, number | string>;
}

const LISTS = [
  '/report/order',
  '/report/order/item',
  '/report/cycle_transaction',
  '/report/mta_transaction',
  '/report/referrer_transaction',
  '/report/cashback_list',
  '/report/dropship_income_list',
  '/report/business_title/history',
  '/report/point_lvp',
  '/use_point_cycle/search',
];
const SUMMARIES = [
  '/report/summary_point',
  '/report/order/summary',
  '/report/order/organize_summary',
  '/report/summary_cycle',
  '/report/income_summary',
  '/report/income_current_summary',
  '/report/mta_summary',
  '/report/referrer_summary',
  '/report/cashback_summary',
  '/report/dropship_income_summary',
];

describe('report/point_lvp', () => {
  it('when listed then each LVP row has the balance after it, newest first, with the balance around the range', async () => {
    const stored = await rows<{ id: number; date: string; type: string; points: number; remark: string }>(
      t,
      `select id, effective_date::text as date, type, points, remark from lvp_postings where member_id = $1
       order by effective_date, id`,
      [h.a],
    );
    let balance = 0;
    const expected = stored.map((r) => ({ ...r, balance: (balance += r.points) }));
    const all = await report<LvpPage>(t, h.tokens.a, '/report/point_lvp?per_page=100');
    expect(all.items.map(({ order_no: _o, remark_key: _k, remark_params: _p, ...r }) => r)).toEqual(
      [...expected].reverse(),
    );
    // Each remark the engine wrote, as the key and parameters the portal renders in the reader's language.
    expect(all.items.map((r) => [r.remark_key, r.remark_params]).reverse()).toEqual(
      ['order', 'use_in_order', 'order', 'refund_lvp_order', 'cancel_order'].map((key, i) => [
        key,
        { order: all.items.at(-1 - i)?.order_no },
      ]),
    );
    expect(all.items.map((r) => [r.type, r.points, r.balance]).reverse()).toEqual([
      ['INCREASE', 5, 5],
      ['DECREASE', -3, 2],
      ['INCREASE', 4, 6],
      ['INCREASE', 3, 9],
      ['DECREASE', -4, 5],
    ]);
    expect(all.summary).toEqual({ opening_balance: 0, increase: 12, decrease: -7, closing_balance: 5 });
    const ranged = await report<LvpPage>(t, h.tokens.a, '/report/point_lvp?date_from=2025-01-10&per_page=1');
    expect(ranged.pagination).toEqual({ page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(ranged.items.map((r) => [r.remark, r.balance])).toEqual([
      [`cancel order ${h.orders.r5.orderNo}`, 5],
    ]);
    expect(ranged.summary).toEqual({ opening_balance: 6, increase: 3, decrease: -4, closing_balance: 5 });
  });
});

describe('use_point_cycle/search', () => {
  it('when listed then each point-balance row has the balance after it and its order number', async () => {
    const stored = await rows<{ points: string }>(
      t,
      'select points::text from point_postings where member_id = $1 order by effective_date, id',
      [h.a],
    );
    let balance = 0n;
    const balances = stored.map((r) => baht((balance += satang(r.points))));
    const page = await report<PointPage>(t, h.tokens.a, '/use_point_cycle/search');
    expect(page.items.map((r) => r.balance)).toEqual([...balances].reverse());
    expect(page.items.map((r) => [r.remark_key, r.remark_params])).toEqual([
      ['refund_order', { order: h.orders.r5.orderNo }],
      ['use_in_order', { order: h.orders.r5.orderNo }],
      ['cycle_bonus', { date: page.items[2]?.date }],
    ]);
    expect(page.items.map((r) => [r.kind, r.points, r.order_no, r.balance])).toEqual([
      ['REFUND', '2.00', h.orders.r5.orderNo, '108.00'],
      ['USE', '-2.00', h.orders.r5.orderNo, '106.00'],
      ['CYCLE', '108.00', null, '108.00'],
    ]);
    expect(page.summary).toEqual({
      opening_balance: '0.00',
      increase: '110.00',
      decrease: '-2.00',
      closing_balance: '108.00',
    });
    const after = await report<PointPage>(t, h.tokens.a, '/use_point_cycle/search?date_from=2025-01-10');
    expect(after.summary).toEqual({
      opening_balance: '106.00',
      increase: '2.00',
      decrease: '0.00',
      closing_balance: '108.00',
    });
  });
});

describe('report/business_title/history', () => {
  it('when read then the titles reached are there with what the next title still needs', async () => {
    const s = await report<TitleHistory>(t, h.tokens.a, '/report/business_title/history');
    const stored = await rows(
      t,
      `select from_title, to_title, achieved_date::text from title_history where member_id = $1`,
      [h.a],
    );
    expect(s.items).toEqual(stored);
    expect(s).toMatchObject({
      items: [{ from_title: 'MEMBER', to_title: 'SUPERVISOR', achieved_date: '2025-01-06' }],
      current_title: 'SUPERVISOR',
      cumulative_cycles: 18,
      referrals: 2,
      next: { title: 'MANAGER', cycles: 100, referrals: 4, missing_cycles: 82, missing_referrals: 2 },
    });
    const later = await report<TitleHistory>(
      t,
      h.tokens.a,
      '/report/business_title/history?date_from=2025-01-07',
    );
    expect(later).toMatchObject({ items: [], pagination: { total: 0 }, current_title: 'SUPERVISOR' });
  });
});

describe('only my own rows', () => {
  it("when another member reads the reports then none of the first member's rows are there", async () => {
    const orders = await report<Page<OrderRow>>(t, h.tokens.b, '/report/order');
    expect(orders.items.map((o) => o.id).sort()).toEqual([h.orders.packageB.id, h.orders.r1.id].sort());
    const ofA = await rows<{ order_no: string }>(t, 'select order_no from orders where member_id = $1', [
      h.a,
    ]);
    const aOrders = new Set(ofA.map((o) => o.order_no));
    for (const path of LISTS) {
      const page = await report<Page<{ order_no?: string }>>(t, h.tokens.b, `${path}?per_page=100`);
      expect(
        page.items.filter((i) => i.order_no && aOrders.has(i.order_no)),
        path,
      ).toEqual([]);
    }
    expect((await report(t, h.tokens.b, '/report/cycle_transaction')).items).toEqual([]);
  });

  it("when another member reads the summaries then they are that member's own figures, from its ledger rows", async () => {
    // B's ledger: its PLATINUM package (9,000 PV) stands; its repurchase r1 was paid and canceled,
    // so the LVP it gave was taken back and its cashback line is VOID; B earned nothing else.
    const ledger = (
      await rows<Record<string, number | string>>(
        t,
        `select
        (select count(*)::int from orders where member_id = $1) as orders,
        (select count(*)::int from orders where member_id = $1 and paid_date is not null and canceled_date is null) as paid,
        (select count(*)::int from orders where member_id = $1 and canceled_date is not null) as canceled,
        (select sum(pv_total)::int from orders where member_id = $1 and paid_date is not null and canceled_date is null) as pv,
        (select count(*)::int from lvp_postings where member_id = $1) as lvp_rows,
        (select coalesce(sum(points), 0)::int from lvp_postings where member_id = $1) as lvp,
        (select coalesce(sum(points), 0)::numeric(16,2)::text from point_postings where member_id = $1) as points,
        (select sum(amount)::numeric(16,2)::text from income_lines where member_id = $1 and type = 'CASHBACK' and state = 'VOID') as void,
        (select count(*)::int from income_lines where member_id = $1 and state <> 'VOID') as standing`,
        [h.b],
      )
    )[0]!;
    expect(ledger).toEqual({
      orders: 2,
      paid: 1,
      canceled: 1,
      pv: 9000,
      lvp_rows: 2,
      lvp: 0,
      points: '0.00',
      void: '15.00',
      standing: 0,
    });
    const b = <T>(path: string) => report<T>(t, h.tokens.b, path);
    expect(await b('/report/summary_point')).toMatchObject({
      personal_pv: ledger.pv,
      lvp_balance: ledger.lvp,
      point_balance: ledger.points,
    });
    expect(await b('/report/order/summary')).toMatchObject({
      orders: ledger.orders,
      paid_orders: ledger.paid,
      pending_orders: 0,
      canceled_orders: ledger.canceled,
      pv_total: ledger.pv,
      by_type: [{ order_type: 'PACKAGE', orders: 1, total_amount: '0.00', pv_total: ledger.pv }],
    });
    const voided = {
      lines: ledger.standing,
      amount: '0.00',
      waiting: '0.00',
      paid: '0.00',
      void: ledger.void,
    };
    expect(await b('/report/cashback_summary')).toEqual({ date_from: null, date_to: null, ...voided });
    const income = await b<IncomeSummary>('/report/income_summary');
    expect(income).toMatchObject(voided);
    expect(income.by_type.find((r) => r.type === 'CASHBACK')).toEqual({ type: 'CASHBACK', ...voided });
    expect(income.by_type.filter((r) => r.type !== 'CASHBACK').map((r) => r.void)).toEqual(
      Array(4).fill('0.00'),
    );
  });

  it('when a member with no history reads every report then every list is empty and every total is zero', async () => {
    for (const path of LISTS) {
      const page = await report<Page<unknown>>(t, h.tokens.other, path);
      expect(page.items, path).toEqual([]);
      expect(page.pagination, path).toEqual({ page: 1, per_page: 10, total: 0, last_page: 1 });
    }
    for (const path of SUMMARIES) {
      const data = await report<Record<string, unknown>>(t, h.tokens.other, path);
      // The same summary has figures for the first member, so a summary that is always empty fails.
      const ofA = figures(await report<Record<string, unknown>>(t, h.tokens.a, path));
      expect(
        Object.values(ofA).filter((v) => v !== 0 && v !== '0.00'),
        path,
      ).not.toEqual([]);
      const found = figures(data);
      expect(Object.keys(found), path).not.toEqual([]);
      for (const [key, value] of Object.entries(found))
        expect(value, `${path} ${key}`).toBe(typeof value === 'number' ? 0 : '0.00');
    }
  });

  it("when another member's ids are asked then they are not found", async () => {
    for (const path of [
      `/report/order/${h.orders.packageA.id}`,
      `/report/order/item/${h.orders.r2.itemIds[0]}`,
      '/report/cycle_transaction/2025-01-06',
    ]) {
      expectData(await get(h.tokens.a, path));
      expectError(await get(h.tokens.other, path), 404, 'NOT_FOUND');
    }
  });

  it('when suspended or signed out then the reports are refused', async () => {
    const s = await seedSponsor(t.database.db);
    await t.database.pool.query(
      `insert into suspension_entries (member_id, period, status, suspended_at, message, message_th)
       values ($1, 'suspended', 'active', now(), 'Suspended', 'ระงับ')`,
      [s.member.id],
    );
    const { access_token: token } = await login(t.app, s.user.email);
    for (const path of [...LISTS, ...SUMMARIES]) {
      expectError(await get(token, path), 403, 'ACCOUNT_SUSPENDED');
      expectError(await call(t.app, 'GET', `/network/api/v1${path}`), 401, 'UNAUTHENTICATED');
    }
  });
});

describe('the query', () => {
  it('when the range is reversed, a date is not a date or a page is too large then it is a 422', async () => {
    const reversed = expectError(
      await get(h.tokens.a, '/report/cycle_transaction?date_from=2025-02-01&date_to=2025-01-01'),
      422,
      'VALIDATION_ERROR',
    );
    expect(Object.keys(reversed.errors ?? {})).toEqual(['date_to']);
    expectError(
      await get(h.tokens.a, '/report/income_summary?date_from=2025-13-01'),
      422,
      'VALIDATION_ERROR',
    );
    expectError(await get(h.tokens.a, '/report/order?per_page=101'), 422, 'VALIDATION_ERROR');
    expectError(await get(h.tokens.a, '/report/order?page=0'), 422, 'VALIDATION_ERROR');
    expectError(await get(h.tokens.a, '/report/point_lvp?page=1e21'), 422, 'VALIDATION_ERROR');
  });

  it('when /docs/json is read then every report call is there with its response schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = res.json() as { paths: Record<string, { get?: { responses?: Record<string, unknown> } }> };
    for (const path of [
      ...LISTS,
      ...SUMMARIES,
      '/report/order/{id}',
      '/report/order/item/{itemId}',
      '/report/cycle_transaction/{id}',
    ]) {
      const responses = doc.paths[`/network/api/v1${path}`]?.get?.responses as
        Record<string, { content?: Record<string, { schema?: unknown }> }> | undefined;
      expect(responses?.['200']?.content?.['application/json']?.schema, path).toBeDefined();
    }
  });
});
