import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OrderDetail,
  OrderItemDetail,
  OrderItemRow,
  OrderRow,
  OrderSummary,
  OrganizeSummary,
  SummaryPoint,
} from '@portal/contracts/reports';
import type { Page } from '@portal/contracts/envelope';
import { businessNow } from '../../../src/lib/clock';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectError } from '../../helpers/expect';
import { buildHistory, report, rows, type History } from '../../helpers/report-history';

/**
 * The point and order reports (plan 2, 10) for a history made through the engine: every figure is
 * checked against the ledger rows it is a sum of.
 */
let t: TestApp;
let h: History;
let today: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_GLOBAL: '100000' });
  h = await buildHistory(t);
  today = (await businessNow(t.database.db, t.config)).date;
}, 120_000);
afterAll(() => t.close());

const num = (v: unknown) => Number(v ?? 0);
/** Σ PV posted by the members of a leg (here one member each) that flows up, in a date range. */
async function legVolume(memberId: number, from = '0001-01-01', to = '9999-12-31') {
  const [r] = await rows<{ pv: string }>(
    t,
    `select coalesce(sum(pv), 0) as pv from volume_postings where member_id = $1 and flows_up and effective_date between $2 and $3`,
    [memberId, from, to],
  );
  return num(r!.pv);
}

describe('report/summary_point', () => {
  it('when read for all time then personal PV and each leg are the sums of their postings, with the volume not closed yet', async () => {
    const s = await report<SummaryPoint>(t, h.tokens.a, '/report/summary_point');
    const [personal] = await rows<{ pv: string }>(
      t,
      'select sum(pv) as pv from volume_postings where member_id = $1 and personal',
      [h.a],
    );
    const [preview] = await rows<{ left_points: number; right_points: number }>(
      t,
      'select left_points, right_points from volume_preview where member_id = $1',
      [h.a],
    );
    const [balances] = await rows<{ lvp: string; points: string }>(
      t,
      `select (select sum(points) from lvp_postings where member_id = $1) as lvp,
              (select sum(points) from point_postings where member_id = $1)::text as points`,
      [h.a],
    );
    expect(s).toEqual({
      date_from: null,
      date_to: null,
      personal_pv: num(personal!.pv),
      left_pv: await legVolume(h.b),
      right_pv: await legVolume(h.c),
      current_left_points: preview!.left_points,
      current_right_points: preview!.right_points,
      lvp_balance: num(balances!.lvp),
      point_balance: balances!.points,
    });
    // Packages 9,000 each side; B's 300 reversed; C's 400 + 200 closed and 100 paid after the last closing.
    expect([s.personal_pv, s.left_pv, s.right_pv]).toEqual([1750, 9000, 9700]);
  });

  it('when a range is given then only its days count, and the open volume only when the range reaches it', async () => {
    const s = await report<SummaryPoint>(
      t,
      h.tokens.a,
      '/report/summary_point?date_from=2025-01-07&date_to=2025-01-08',
    );
    const [personal] = await rows<{ pv: string }>(
      t,
      `select coalesce(sum(pv), 0) as pv from volume_postings where member_id = $1 and personal
       and effective_date between '2025-01-07' and '2025-01-08'`,
      [h.a],
    );
    expect(s).toMatchObject({
      date_from: '2025-01-07',
      date_to: '2025-01-08',
      personal_pv: num(personal!.pv),
      left_pv: await legVolume(h.b, '2025-01-07', '2025-01-08'),
      right_pv: await legVolume(h.c, '2025-01-07', '2025-01-08'),
    });
    expect([s.left_pv, s.right_pv]).toEqual([0, 600]);
    const closed = await report<SummaryPoint>(t, h.tokens.a, '/report/summary_point?date_to=2025-01-31');
    expect(closed.right_pv).toBe(await legVolume(h.c, '0001-01-01', '2025-01-31'));
    expect(closed.right_pv).toBe(9600);
  });
});

describe('report/order/organize_summary', () => {
  it('when read then each closed day is the closing row of my legs and the volume not closed yet is today', async () => {
    const s = await report<OrganizeSummary>(t, h.tokens.a, '/report/order/organize_summary');
    const closed = await rows<{ date: string; left_pv: number; right_pv: number }>(
      t,
      `select closing_date::text as date, new_left as left_pv, new_right as right_pv from closing_rows
       where member_id = $1 and (new_left <> 0 or new_right <> 0) order by closing_date desc`,
      [h.a],
    );
    expect(s.days).toEqual([
      { date: today, left_pv: 0, right_pv: 100, closed: false },
      ...closed.map((d) => ({ ...d, closed: true })),
    ]);
    expect(s).toMatchObject({
      left_pv: await legVolume(h.b),
      right_pv: await legVolume(h.c),
      left_team: 1,
      right_team: 1,
    });
    // Day by day it is the sum of the leg's postings of that day.
    for (const d of closed) {
      expect(d.left_pv).toBe(await legVolume(h.b, d.date, d.date));
      expect(d.right_pv).toBe(await legVolume(h.c, d.date, d.date));
    }
  });

  it('when the range ends before today then only closed days are there', async () => {
    const s = await report<OrganizeSummary>(
      t,
      h.tokens.a,
      '/report/order/organize_summary?date_from=2025-01-07&date_to=2025-01-31',
    );
    expect(s.days.map((d) => d.date)).toEqual(['2025-01-08', '2025-01-07']);
    expect([s.left_pv, s.right_pv]).toEqual([0, 600]);
  });
});

describe('report/order and report/order/summary', () => {
  it('when listed then every order of mine is there, newest first, and paged', async () => {
    const all = await report<Page<OrderRow>>(t, h.tokens.a, '/report/order?per_page=100');
    const mine = await rows<{ id: number }>(t, 'select id from orders where member_id = $1', [h.a]);
    expect(all.items.map((o) => o.id).sort()).toEqual(mine.map((o) => o.id).sort());
    const o = h.orders;
    expect(all.items.map((i) => i.id)).toEqual([
      o.pending.id,
      o.r5.id,
      o.dropship.id,
      o.r2.id,
      o.packageA.id,
    ]);
    const r5 = all.items.find((i) => i.id === o.r5.id)!;
    expect(r5).toMatchObject({
      order_no: o.r5.orderNo,
      status: 'canceled',
      payment_status: 'refunded',
      order_date: '2025-01-09',
      payment_date: '2025-01-09',
      canceled_date: '2025-01-10',
      item_count: 1,
      lvp_used: 3,
      points_used: '2.00',
      pv_total: 100,
      lvp_total: 4,
      total_amount: '200.00',
    });
    const page3 = await report<Page<OrderRow>>(t, h.tokens.a, '/report/order?per_page=2&page=3');
    expect(page3.pagination).toEqual({ page: 3, per_page: 2, total: 5, last_page: 3 });
    expect(page3.items.map((i) => i.id)).toEqual([o.packageA.id]);
    const beyond = await report<Page<OrderRow>>(t, h.tokens.a, '/report/order?per_page=2&page=4');
    expect(beyond).toEqual({ items: [], pagination: { page: 4, per_page: 2, total: 5, last_page: 3 } });
    const first = await report<Page<OrderRow>>(t, h.tokens.a, '/report/order');
    expect(first.pagination.per_page).toBe(10);
  });

  it('when narrowed by range, status or type then only those orders are there', async () => {
    const o = h.orders;
    const ids = async (q: string) =>
      (await report<Page<OrderRow>>(t, h.tokens.a, `/report/order?${q}`)).items.map((i) => i.id);
    expect(await ids('date_from=2025-01-07&date_to=2025-01-08')).toEqual([o.dropship.id, o.r2.id]);
    expect(await ids('date_from=2025-01-06&date_to=2025-01-06')).toEqual([o.packageA.id]);
    expect(await ids('status=canceled')).toEqual([o.r5.id, o.dropship.id]);
    expect(await ids('order_type=DROPSHIP')).toEqual([o.dropship.id]);
  });

  it('when summed then the money is the paid orders that stand and the counts are of every order', async () => {
    const s = await report<OrderSummary>(t, h.tokens.a, '/report/order/summary');
    const [sums] = await rows<Record<string, string>>(
      t,
      `select sum(total_amount)::text as total, sum(net_amount)::text as net, sum(pv_total) as pv, sum(lvp_total) as lvp
       from orders where member_id = $1 and paid_date is not null and canceled_date is null`,
      [h.a],
    );
    expect(s).toMatchObject({
      orders: 5,
      paid_orders: 2,
      pending_orders: 1,
      canceled_orders: 2,
      total_amount: sums!.total,
      net_amount: sums!.net,
      pv_total: num(sums!.pv),
      lvp_total: num(sums!.lvp),
    });
    expect(s.by_type).toEqual([
      { order_type: 'PACKAGE', orders: 1, total_amount: '0.00', pv_total: 1500 },
      { order_type: 'REPURCHASE', orders: 1, total_amount: '900.00', pv_total: 250 },
    ]);
    const january8 = await report<OrderSummary>(
      t,
      h.tokens.a,
      '/report/order/summary?date_from=2025-01-08&date_to=2025-01-08',
    );
    expect(january8).toMatchObject({ orders: 0, total_amount: '0.00', pv_total: 0, by_type: [] });
  });
});

describe('report/order/{id}', () => {
  it('when a canceled order is read then its lines and every row it wrote to my ledger are there, reversals included', async () => {
    const d = await report<OrderDetail>(t, h.tokens.a, `/report/order/${h.orders.r5.id}`);
    expect(d.items).toEqual([
      expect.objectContaining({
        product_code: 'P003',
        quantity: 1,
        pv_per_unit: 100,
        lvp_per_unit: 4,
        pv_total: 100,
      }),
    ]);
    const volume = await rows(
      t,
      `select effective_date::text as date, pv, kind from volume_postings where order_id = $1 order by id`,
      [h.orders.r5.id],
    );
    const lvp = await rows(
      t,
      'select effective_date::text as date, type, points, remark from lvp_postings where order_id = $1 order by id',
      [h.orders.r5.id],
    );
    const points = await rows(
      t,
      `select effective_date::text as date, kind, points::text as points, remark from point_postings where order_id = $1 order by id`,
      [h.orders.r5.id],
    );
    const income = await rows(
      t,
      `select id, type, income_date::text, amount::text, state, correction from income_lines
       where order_id = $1 and member_id = $2 order by id`,
      [h.orders.r5.id, h.a],
    );
    const bare = <T extends { remark_key: unknown; remark_params: unknown }>(list: T[]) =>
      list.map(({ remark_key: _k, remark_params: _p, ...r }) => r);
    expect({ ...d.ledger, lvp: bare(d.ledger.lvp), points: bare(d.ledger.points) }).toEqual({
      volume,
      lvp,
      points,
      income,
    });
    const no = { order: h.orders.r5.orderNo };
    expect(d.ledger.lvp.map((l) => [l.remark_key, l.remark_params])).toEqual([
      ['use_in_order', no],
      ['order', no],
      ['refund_lvp_order', no],
      ['cancel_order', no],
    ]);
    expect(d.ledger.points.map((p) => [p.remark_key, p.remark_params])).toEqual([
      ['use_in_order', no],
      ['refund_order', no],
    ]);
    expect(d.ledger.volume).toEqual([
      { date: '2025-01-09', pv: 100, kind: 'ORDER' },
      { date: '2025-01-10', pv: -100, kind: 'REVERSAL' },
    ]);
    expect(d.ledger.income).toEqual([
      expect.objectContaining({ type: 'CASHBACK', amount: '5.00', state: 'VOID' }),
    ]);
    expect(d.ledger.points.map((p) => p.points)).toEqual(['-2.00', '2.00']);
  });

  it('when a bundle is read then its items are there', async () => {
    const d = await report<OrderDetail>(t, h.tokens.a, `/report/order/${h.orders.r2.id}`);
    expect(d.items[0]).toMatchObject({
      kind: 'BUNDLE',
      bundle_items: [{ code: 'P001', name: 'Herbal Tea', quantity: 2 }],
    });
  });

  it("when another member's order or an unknown id is asked then it is not found", async () => {
    const get = (token: string, path: string) => call(t.app, 'GET', `/network/api/v1${path}`, { token });
    expectError(await get(h.tokens.b, `/report/order/${h.orders.r5.id}`), 404, 'NOT_FOUND');
    expectError(await get(h.tokens.a, `/report/order/${h.orders.r1.id}`), 404, 'NOT_FOUND');
    expectError(await get(h.tokens.a, '/report/order/999999'), 404, 'NOT_FOUND');
    expectError(await get(h.tokens.a, '/report/order/abc'), 422, 'VALIDATION_ERROR');
  });
});

describe('report/order/item', () => {
  it('when listed then the lines of my paid orders are there with their points', async () => {
    const page = await report<Page<OrderItemRow>>(t, h.tokens.a, '/report/order/item');
    const lines = await rows<{ id: number; pv: number; lvp: number; qty: number }>(
      t,
      `select i.id, i.pv_per_unit as pv, i.lvp_per_unit as lvp, i.qty from order_items i join orders o on o.id = i.order_id
       where o.member_id = $1 and o.paid_date is not null order by o.paid_date desc, o.id desc, i.line_no`,
      [h.a],
    );
    expect(page.items.map((i) => [i.id, i.pv_per_unit, i.lvp_per_unit, i.pv_total, i.lvp_total])).toEqual(
      lines.map((l) => [l.id, l.pv, l.lvp, l.pv * l.qty, l.lvp * l.qty]),
    );
    expect(page.pagination.total).toBe(4);
    const dropship = page.items.filter((i) => i.order_id === h.orders.dropship.id);
    expect(dropship.map((i) => [i.product_code, i.quantity, i.line_total, i.order_status])).toEqual([
      ['P001', 2, '900.00', 'canceled'],
      ['P002', 1, '300.00', 'canceled'],
    ]);
    const ranged = await report<Page<OrderItemRow>>(
      t,
      h.tokens.a,
      '/report/order/item?date_from=2025-01-09&date_to=2025-01-09',
    );
    expect(ranged.items.map((i) => i.order_no)).toEqual([h.orders.r5.orderNo]);
  });

  it('when one line is read then it has its bundle items; another member cannot read it', async () => {
    const itemId = h.orders.r2.itemIds[0]!;
    const item = await report<OrderItemDetail>(t, h.tokens.a, `/report/order/item/${itemId}`);
    expect(item).toMatchObject({
      id: itemId,
      order_no: h.orders.r2.orderNo,
      kind: 'BUNDLE',
      pv_per_unit: 250,
      lvp_per_unit: 5,
      hold_points: false,
      bundle_items: [{ code: 'P001', name: 'Herbal Tea', quantity: 2 }],
    });
    const res = await call(t.app, 'GET', `/network/api/v1/report/order/item/${itemId}`, {
      token: h.tokens.b,
    });
    expectError(res, 404, 'NOT_FOUND');
  });
});
