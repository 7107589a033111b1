import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, seedDemo } from '../../../src/seed/demo';
import { seedDemoHistory } from '../../../src/seed/history';
import { seedShop } from '../../../src/seed/shop';
import { addDays } from '@portal/plan/dates';
import { businessNow } from '../../../src/lib/clock';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData } from '../../helpers/expect';
import { login } from '../../helpers/fixtures';
import { staffToken } from '../../helpers/shop';

/**
 * Issue 18 item 6, one record of what was bought: the demo's 90-day history places its orders as the
 * shop does, so the orders of the demo member in the purchase_order report are the orders of the
 * shop's "my orders" (what the member bought) and of the community shop (what guests bought from the
 * member), with the same totals and states; the point_value lines add up to each order's PV; the
 * canceled orders report lists the shop's canceled orders; and the staff desk finds every one.
 */
let t: TestApp;
let member: string;
let today: string;

type Summary = { type: string; status: string; total: string; net: string; pv: number };

async function allPages<T>(path: string, token: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const data = expectData<{ items: T[]; pagination: { last_page: number } }>(
      await call(t.app, 'GET', `${path}${sep}page=${page}&per_page=100`, { token }),
    );
    out.push(...data.items);
    if (page >= data.pagination.last_page) return out;
  }
}

type Row = {
  order_no: string;
  order_type: string;
  status: string;
  total_amount: string;
  net_amount: string;
  pv_total: number;
};
const summary = (rows: Row[]) =>
  new Map<string, Summary>(
    rows.map((o) => [
      o.order_no,
      { type: o.order_type, status: o.status, total: o.total_amount, net: o.net_amount, pv: o.pv_total },
    ]),
  );

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL: '1000000' });
  const db = t.database.db;
  await seedDemo(db, { size: 40 });
  await seedShop(db);
  today = (await businessNow(db, t.config)).date;
  expect(await seedDemoHistory(t.app.ctx, today, DEMO.email)).not.toBeNull();
  member = (await login(t.app, DEMO.email, DEMO.password)).access_token;
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe("the demo history's orders are the shop's orders", () => {
  it('when the demo member reads the purchase_order report then it lists the orders of the shop, same totals and states', async () => {
    const range = `date_from=${addDays(today, -120)}&date_to=${today}`;
    const report = await allPages<Row>(`/network/api/v1/report/order?${range}`, member);
    const bought = summary(await allPages<Row>('/shop/v1/orders', member));
    const sold = summary(await allPages<Row>('/shop/v1/me/community-orders', member));

    const reported = summary(report);
    const reportedBought = new Map([...reported].filter(([, o]) => o.type !== 'DROPSHIP'));
    const reportedSold = new Map([...reported].filter(([, o]) => o.type === 'DROPSHIP'));
    // A package, repurchases (one refunded), community-shop sales: the history gave the member each.
    expect([...reportedBought.values()].map((o) => o.type)).toContain('PACKAGE');
    expect([...reportedBought.values()].map((o) => o.status)).toContain('canceled');
    expect(reportedSold.size).toBeGreaterThan(0);
    expect(bought).toEqual(reportedBought);
    expect(sold).toEqual(reportedSold);
  });

  it('when the demo member reads point_value and canceled orders then they are the same orders', async () => {
    const range = `date_from=${addDays(today, -120)}&date_to=${today}`;
    const orders = summary([
      ...(await allPages<Row>('/shop/v1/orders', member)),
      ...(await allPages<Row>('/shop/v1/me/community-orders', member)),
    ]);
    const lines = await allPages<{ order_no: string; pv_total: number }>(
      `/network/api/v1/report/order/item?${range}`,
      member,
    );
    const pvOf = new Map<string, number>();
    for (const l of lines) pvOf.set(l.order_no, (pvOf.get(l.order_no) ?? 0) + l.pv_total);
    expect(pvOf.size).toBe(orders.size);
    for (const [no, pv] of pvOf) expect({ no, pv }).toEqual({ no, pv: orders.get(no)?.pv });

    const canceled = await allPages<{ order_no: string; total_amount: string }>(
      `/network/api/v1/report/canceled_order?${range}`,
      member,
    );
    expect(canceled.length).toBeGreaterThan(0);
    expect(new Set(canceled.map((c) => c.order_no))).toEqual(
      new Set([...orders].filter(([, o]) => o.status === 'canceled').map(([no]) => no)),
    );
  });

  it('when staff search the orders desk for each order of the report then it finds it with its buyer', async () => {
    const staff = await staffToken(t);
    const range = `date_from=${addDays(today, -120)}&date_to=${today}`;
    const report = await allPages<Row>(`/network/api/v1/report/order?${range}`, member);
    expect(report.length).toBeGreaterThan(0);
    const { rows } = await t.database.pool.query<{ member_code: string }>(
      `select m.member_code from members m join users u on u.id = m.user_id where u.email = $1`,
      [DEMO.email],
    );
    for (const o of report) {
      const found = expectData<{ items: (Row & { member_code: string })[] }>(
        await call(t.app, 'GET', `/staff/v1/orders?q=${o.order_no}`, { token: staff.token }),
      );
      expect(found.items.map((r) => [r.order_no, r.status, r.total_amount, r.member_code])).toEqual([
        [o.order_no, o.status, o.total_amount, rows[0]!.member_code],
      ]);
    }
    // A refunded order shows who refunded it and why on the desk.
    const refunded = report.find((o) => o.status === 'canceled' && o.order_type !== 'DROPSHIP')!;
    const order = expectData<{ audit: { action: string }[]; cancel_reason: string | null }>(
      await call(t.app, 'GET', `/staff/v1/orders/${refunded.order_no}`, { token: staff.token }),
    );
    expect(order.audit.map((a) => a.action)).toEqual(['order_placed', 'payment_confirmed', 'order_refunded']);
    expect(order.cancel_reason).not.toBeNull();
  });
});
