import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/plan/dates';
import { postPayment } from '../../src/compensation/ledger';
import { planFor } from '../../src/compensation/plan';
import { businessNow } from '../../src/lib/clock';
import { call, createTestApp, type TestApp } from '../helpers/app';
import { expectData, expectError } from '../helpers/expect';
import { net, place, seedTop, tokenOf, waitingMember } from '../helpers/network';

/** `POST /dev/clock`: the demo's business date moves forward and the days passed are closed in order. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO_MODE: 'true', RATE_LIMIT_LOGIN: '1000' });
});
afterAll(() => t.close());

describe('the demo clock', () => {
  it('when the date moves two days on then both days are closed, in order, and the tree shows the result', async () => {
    const top = await seedTop(t.database.db);
    const token = await tokenOf(t.app, top.user.email);
    const a = await waitingMember(t.app, t.database.db, top.user.invitationCode);
    const b = await waitingMember(t.app, t.database.db, top.user.invitationCode);
    expectData(await place(t.app, token, a.memberId, top.member.id, 'left'), 201);
    expectData(await place(t.app, token, b.memberId, top.member.id, 'right'), 201);
    const now = await businessNow(t.database.db, t.config);
    let n = 0;
    for (const [member, pkg] of [
      [top.member.id, 'SILVER'],
      [a.memberId, 'STARTER'],
      [b.memberId, 'GOLD'],
    ] as const) {
      await t.database.db.transaction(async (tx) => {
        const plan = await planFor(tx, now.date);
        const { rows } = await tx.execute<{ id: number }>(sql`
          insert into orders (order_no, member_id, order_type, package_code, pv_total)
          values (${`C${++n}`}, ${member}, 'PACKAGE', ${pkg}, ${plan.packages.get(pkg)!.pv}) returning id`);
        await postPayment(tx, plan, rows[0]!.id, { date: now.date, at: new Date(now.at.getTime() + n) });
      });
    }
    const to = addDays(now.date, 2);
    const moved = expectData(await call(t.app, 'POST', '/dev/clock', { body: { date: to } }));
    expect(moved).toMatchObject({ from: now.date, to });
    const daily = moved.runs
      .filter((r: { type: string }) => r.type === 'DAILY')
      .map((r: { date: string }) => r.date);
    expect(daily).toEqual([now.date, addDays(now.date, 1)]);
    expect(expectData(await call(t.app, 'GET', '/dev/clock')).date).toBe(to);
    // STARTER left 500, GOLD right 4,500: one cycle at SILVER's 12% = 60.00, carry 0 / 4,000.
    const summary = expectData(await net(t.app, 'GET', '/member_downline/summary', token));
    expect(summary).toMatchObject({ left_points: '0.00', right_points: '4000.00' });
    const { rows } = await t.database.pool.query(
      `select amount::text from income_lines where member_id = $1 and type = 'CYCLE'`,
      [top.member.id],
    );
    expect(rows).toEqual([{ amount: '60.00' }]);
    // Backwards, or the same day: refused, nothing reopened.
    expectError(
      await call(t.app, 'POST', '/dev/clock', { body: { date: now.date } }),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('when demo mode is off then the clock is a 404', async () => {
    const live = await createTestApp({ DEMO_MODE: 'false' });
    try {
      expectError(
        await call(live.app, 'POST', '/dev/clock', { body: { date: '2030-01-01' } }),
        404,
        'NOT_FOUND',
      );
    } finally {
      await live.close();
    }
  });
});
