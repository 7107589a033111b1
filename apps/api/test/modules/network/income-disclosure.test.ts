import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INCOME_DISCLOSURE_CSV_COLUMNS,
  incomeDisclosureSchema,
  type IncomeDisclosure,
} from '@portal/contracts/income-disclosure';
import { addDays, startOfBangkokDay } from '@portal/plan/dates';
import { runBusinessDay } from '../../../src/compensation/engine';
import { postCancellation, postPayment } from '../../../src/compensation/ledger';
import { DEFAULT_PLAN, planWithOverrides } from '@portal/plan/params';
import { planFor } from '../../../src/compensation/plan';
import { businessNow } from '../../../src/lib/clock';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { treeMember, type TreeMember } from '../../helpers/engine';
import { expectData, expectError } from '../../helpers/expect';
import { disclosureFromLedger } from '../../helpers/income-disclosure';
import { buyer, staffToken } from '../../helpers/shop';

/**
 * The income disclosure of a closed year (issue 18, item 8), on a history made by the engine over
 * 2025 and the days around it: packages, an upgrade, repurchases, a community-shop sale, income paid
 * out on Tuesdays, cancellations before and after their payout (VOID lines and negative
 * corrections), an order of December 2024 refunded in January 2025, a package held only in 2024, a
 * member who joins in 2026, and an order of December 2025 canceled after the year closed. Every
 * figure the API answers is computed again here from the ledger's rows in exact integers.
 */
let t: TestApp;
let token: string;
let staff: Awaited<ReturnType<typeof staffToken>>;
const m: Record<string, TreeMember> = {};
let lateOrder: number;
let seq = 0;
/** On the year's last day the highest title is renamed so that it reads as a spreadsheet formula. */
const TITLES = [...DEFAULT_PLAN.TITLES.slice(0, 3).map((x) => x.code), '=DIRECTOR'];

const moment = (date: string) => ({ date, at: new Date(startOfBangkokDay(date).getTime() + ++seq * 1000) });

async function order(
  member: TreeMember,
  type: 'PACKAGE' | 'UPGRADE' | 'REPURCHASE' | 'DROPSHIP',
  date: string,
  o: { pkg?: string; pv: number; total: string; lvp?: number },
) {
  return t.database.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into orders (order_no, member_id, order_type, package_code, pv_total, lvp_total, subtotal, total_amount,
        net_amount)
      values (${`D${randomUUID().slice(0, 12)}`}, ${member.id}, ${type}, ${o.pkg ?? null}, ${o.pv}, ${o.lvp ?? 0},
        ${o.total}, ${o.total}, ${o.total}) returning id`);
    const id = rows[0]!.id;
    if (type === 'DROPSHIP') {
      await tx.execute(sql`
        insert into order_items (order_id, line_no, product_code, qty, unit_price, member_price, retail_price,
          selling_price, pv_per_unit)
        values (${id}, 1, 'P001', 2, '450.00', '350.00', '450.00', '450.00', ${o.pv / 2})`);
    }
    await postPayment(tx, await planFor(tx, date), id, moment(date));
    return id;
  });
}

const cancel = (orderId: number, date: string) =>
  t.database.db.transaction(async (tx) =>
    postCancellation(tx, await planFor(tx, date), orderId, moment(date)),
  );

/** Closes every day from `from` through `to`, in order, as the scheduler would. */
async function closeThrough(from: string, to: string) {
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const now = { date: addDays(d, 1), at: new Date(startOfBangkokDay(addDays(d, 1)).getTime() + 60_000) };
    await runBusinessDay(t.database.db, d, { startedBy: 'test', now, preview: false });
  }
}

const disclosure = async (year: number | string) =>
  call(t.app, 'GET', `/network/api/v1/public/income-disclosure?year=${year}`, { token });

beforeAll(async () => {
  t = await createTestApp();
  token = await appToken(t.app);
  staff = await staffToken(t);
  await t.database.pool.query(
    `insert into plan_versions (effective_from, params, note) values ($1, $2, 'titles')`,
    [
      '2025-12-31',
      JSON.stringify(
        planWithOverrides({
          TITLES: [...DEFAULT_PLAN.TITLES.slice(0, 3), { ...DEFAULT_PLAN.TITLES[3]!, code: '=DIRECTOR' }],
        }),
      ),
    ],
  );
  const a = (m.a = await treeMember(t));
  m.b = await treeMember(t, { parent: a, side: 'left', referrer: a });
  m.c = await treeMember(t, { parent: a, side: 'right', referrer: a });
  m.d = await treeMember(t, { parent: m.b, side: 'left', referrer: m.b });
  m.e = await treeMember(t, { parent: m.b, side: 'right', referrer: m.b });
  m.f = await treeMember(t, { parent: m.c, side: 'left', referrer: m.c });
  m.g = await treeMember(t, { parent: m.c, side: 'right', referrer: m.c });
  m.h = await treeMember(t, { parent: m.d, side: 'left', referrer: m.d });
  m.i = await treeMember(t, { parent: m.d, side: 'right', referrer: m.d, verified: false });
  m.y = await treeMember(t, { parent: m.e, side: 'left', referrer: a });
  m.z = await treeMember(t, { parent: m.e, side: 'right', referrer: a });
  m.late = await treeMember(t, { parent: m.f, side: 'left', referrer: m.f });

  // December 2024: A, then Y (SILVER, A's referrer bonus paid on Tue 12-31, corrected in 2025 when
  // Y's package is refunded), Z (a package refunded in 2024), and A's repurchase refunded in 2025.
  await order(a, 'PACKAGE', '2024-12-28', { pkg: 'SILVER', pv: 1500, total: '5000.00' });
  const yPackage = await order(m.y, 'PACKAGE', '2024-12-28', { pkg: 'SILVER', pv: 1500, total: '5000.00' });
  const zPackage = await order(m.z, 'PACKAGE', '2024-12-29', { pkg: 'STARTER', pv: 500, total: '1500.00' });
  const aRepurchase = await order(a, 'REPURCHASE', '2024-12-30', { pv: 300, total: '1200.00', lvp: 10 });
  await cancel(zPackage, '2024-12-30');
  await closeThrough('2024-12-28', '2025-01-02');
  await cancel(aRepurchase, '2025-01-03');

  await order(m.b, 'PACKAGE', '2025-01-06', { pkg: 'PLATINUM', pv: 9000, total: '30000.00' });
  await order(m.c, 'PACKAGE', '2025-01-06', { pkg: 'PLATINUM', pv: 9000, total: '30000.00' });
  await closeThrough('2025-01-03', '2025-01-31');
  await cancel(yPackage, '2025-02-03');
  await order(m.d, 'PACKAGE', '2025-02-04', { pkg: 'STARTER', pv: 500, total: '1500.00' });
  await order(m.e, 'PACKAGE', '2025-02-04', { pkg: 'STARTER', pv: 500, total: '1500.00' });
  await order(m.f, 'PACKAGE', '2025-02-05', { pkg: 'GOLD', pv: 4500, total: '15000.00' });
  await order(m.g, 'PACKAGE', '2025-02-05', { pkg: 'STARTER', pv: 500, total: '1500.00' });
  await closeThrough('2025-02-01', '2025-03-04');
  await order(m.h, 'PACKAGE', '2025-03-05', { pkg: 'STARTER', pv: 500, total: '1500.00' });
  await order(m.i, 'PACKAGE', '2025-03-05', { pkg: 'STARTER', pv: 500, total: '1500.00' });
  for (const who of [m.b, m.d, m.h])
    await order(who, 'REPURCHASE', '2025-03-05', { pv: 250, total: '900.00', lvp: 5 });
  const sameDay = await order(m.e, 'REPURCHASE', '2025-03-05', { pv: 200, total: '700.00' });
  await cancel(sameDay, '2025-03-05');
  await order(m.f, 'DROPSHIP', '2025-03-05', { pv: 300, total: '900.00' });
  await closeThrough('2025-03-05', '2025-06-09');
  await order(m.g, 'UPGRADE', '2025-06-10', { pkg: 'SILVER', pv: 1000, total: '3500.00' });
  const paidThenCanceled = await order(m.c, 'REPURCHASE', '2025-06-10', { pv: 400, total: '1400.00' });
  await closeThrough('2025-06-10', '2025-06-30');
  await cancel(paidThenCanceled, '2025-07-01');
  await closeThrough('2025-07-01', '2025-12-29');
  lateOrder = await order(m.h, 'REPURCHASE', '2025-12-30', { pv: 400, total: '1400.00' });
  await closeThrough('2025-12-30', '2026-01-01');
  await order(m.late, 'PACKAGE', '2026-01-02', { pkg: 'STARTER', pv: 500, total: '1500.00' });
  await closeThrough('2026-01-02', '2026-01-02');
}, 180_000);
afterAll(() => t?.close());

describe('GET /network/api/v1/public/income-disclosure', () => {
  it('when the year is closed then every figure equals the ledger recomputed to the satang', async () => {
    const answer = expectData<IncomeDisclosure>(await disclosure(2025));
    expect(incomeDisclosureSchema.parse(answer)).toEqual(answer);
    expect(answer).toEqual(await disclosureFromLedger(t, 2025, TITLES));
    // Who counts: A, Y (a package until 02-03), B…I; not Z (refunded in 2024) nor the 2026 joiner.
    expect(answer.overall.members).toBe(10);
    expect(answer.by_title.map((g) => [g.title, g.members])).toEqual([
      ['MEMBER', 9],
      ['SUPERVISOR', 1],
      ['MANAGER', 0],
      ['=DIRECTOR', 0],
    ]);
    expect(answer.overall.zero_earners).toBeGreaterThan(0);
    expect(answer.overall.income_median).not.toBeNull();
    expect(answer.by_title[2]).toMatchObject({ members: 0, income_total: '0.00', income_median: null });
    // One SUPERVISOR: the group's figures would be that member's own income, so only the count shows.
    expect(answer.by_title[1]).toMatchObject({
      members: 1,
      withheld: true,
      income_total: '0.00',
      income_median: null,
      purchases_total: '0.00',
    });
    expect(answer.by_title[0]).toMatchObject({ members: 9, withheld: false });
  });

  it('when an order of the closed year is canceled later then the voided income leaves the figures', async () => {
    const before = expectData<IncomeDisclosure>(await disclosure(2025));
    await cancel(lateOrder, '2026-01-05');
    const after = expectData<IncomeDisclosure>(await disclosure(2025));
    expect(after).toEqual(await disclosureFromLedger(t, 2025, TITLES));
    // H's cashback of 20.00 (5% of 400 PV) is void; the purchase of 2025 stays in 2025.
    expect(after.overall.income_total).not.toBe(before.overall.income_total);
    expect(after.overall.purchases_total).toBe(before.overall.purchases_total);
  });

  it('refuses an open year (422), a later or never-closed year (404), a malformed year and no token', async () => {
    const thisYear = Number((await businessNow(t.app.ctx.db, t.config)).date.slice(0, 4));
    expectError(await disclosure(thisYear), 422, 'VALIDATION_ERROR');
    expectError(await disclosure(thisYear + 1), 404, 'NOT_FOUND');
    expectError(await disclosure(2019), 404, 'NOT_FOUND');
    expectError(await disclosure('20x5'), 422, 'VALIDATION_ERROR');
    expectError(
      await call(t.app, 'GET', '/network/api/v1/public/income-disclosure?year=2025'),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('lists the closed years', async () => {
    const years = expectData(
      await call(t.app, 'GET', '/network/api/v1/public/income-disclosure/years', { token }),
    );
    expect(years.years).toEqual([2025, 2024]);
  });
});

describe('GET /staff/v1/reports/income-disclosure.csv', () => {
  it('gives staff the same figures as CSV, a title that reads as a formula written as text', async () => {
    const res = await call(t.app, 'GET', '/staff/v1/reports/income-disclosure.csv?year=2025', {
      token: staff.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('income-disclosure-2025.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = res.body
      .slice(1)
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(header).toEqual([...INCOME_DISCLOSURE_CSV_COLUMNS]);
    const expected = await disclosureFromLedger(t, 2025, TITLES);
    const groups = [{ title: 'ALL', ...expected.overall, withheld: false }, ...expected.by_title];
    expect(rows.map((r) => r[1])).toEqual(['ALL', 'MEMBER', 'SUPERVISOR', 'MANAGER', "'=DIRECTOR"]);
    for (const [i, g] of groups.entries()) {
      expect(rows[i]).toEqual([
        '2025',
        rows[i]![1],
        String(g.members),
        String(g.zero_earners),
        g.zero_earners_share ?? '',
        g.income_total,
        g.income_mean ?? '',
        g.income_median ?? '',
        g.income_p10 ?? '',
        g.income_p90 ?? '',
        g.top1_share ?? '',
        g.top10_share ?? '',
        g.purchases_total,
        g.purchases_mean ?? '',
        g.purchases_median ?? '',
        String(g.purchases_over_income),
        g.purchases_over_income_share ?? '',
        g.withheld ? 'yes' : 'no',
      ]);
    }
  });

  it('refuses a member (403), an open year (422) and no token (401)', async () => {
    const member = await buyer(t);
    const path = '/staff/v1/reports/income-disclosure.csv?year=2025';
    expectError(await call(t.app, 'GET', path, { token: member.token }), 403, 'FORBIDDEN');
    expectError(await call(t.app, 'GET', path), 401, 'UNAUTHENTICATED');
    const thisYear = Number((await businessNow(t.app.ctx.db, t.config)).date.slice(0, 4));
    expectError(
      await call(t.app, 'GET', `/staff/v1/reports/income-disclosure.csv?year=${thisYear}`, {
        token: staff.token,
      }),
      422,
      'VALIDATION_ERROR',
    );
  });
});
