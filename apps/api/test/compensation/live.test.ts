import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDay, runBusinessDay } from '../../src/compensation/engine';
import { addDays, endOfBangkokDay, startOfBangkokDay } from '@portal/plan/dates';
import { postCancellation, postPayment } from '../../src/compensation/ledger';
import { planFor } from '../../src/compensation/plan';
import { refreshVolumePreview } from '../../src/compensation/preview';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectData } from '../helpers/expect';
import { net, place, seedTop, tokenOf, waitingMember } from '../helpers/network';

/**
 * The engine on the live portal: orders paid through the posting functions, the closing and its run
 * record, and what the network API then shows (points per side from the ledger, package, expiry).
 */
let t: TestApp;
let topToken: string;
let top: Awaited<ReturnType<typeof seedTop>>;
let left: { memberId: number };
let right: { memberId: number };
const DAY = '2025-01-10';
const after = (date: string) => ({
  date: addDays(date, 1),
  at: new Date(endOfBangkokDay(date).getTime() + 1),
});

let orderNo = 0;
async function pay(
  memberId: number,
  type: 'PACKAGE' | 'REPURCHASE',
  pv: number,
  date: string,
  packageCode?: string,
) {
  return t.database.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into orders (order_no, member_id, order_type, package_code, pv_total)
      values (${`T${++orderNo}`}, ${memberId}, ${type}, ${packageCode ?? null}, ${pv}) returning id`);
    const id = rows[0]!.id;
    await postPayment(tx, await planFor(tx, date), id, {
      date,
      at: new Date(startOfBangkokDay(date).getTime() + orderNo * 1000),
    });
    return id;
  });
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  top = await seedTop(t.database.db);
  topToken = await tokenOf(t.app, top.user.email);
  left = await waitingMember(t.app, t.database.db, top.user.invitationCode);
  right = await waitingMember(t.app, t.database.db, top.user.invitationCode);
  expectData(await place(t.app, topToken, left.memberId, top.member.id, 'left'), 201);
  expectData(await place(t.app, topToken, right.memberId, top.member.id, 'right'), 201);
});
afterAll(() => t.close());

const summary = async () => expectData(await net(t.app, 'GET', '/member_downline/summary', topToken));

describe('the engine behind the network API', () => {
  it('when packages are paid then the top reads its points per side from the ledger, before and after the closing', async () => {
    await pay(top.member.id, 'PACKAGE', 1500, DAY, 'SILVER');
    await pay(left.memberId, 'PACKAGE', 500, DAY, 'STARTER');
    await pay(right.memberId, 'PACKAGE', 500, DAY, 'STARTER');
    await pay(left.memberId, 'REPURCHASE', 300, DAY);
    await refreshVolumePreview(t.database.db);
    expect(await summary()).toMatchObject({ left_points: '800.00', right_points: '500.00' });

    const runs = await runBusinessDay(t.database.db, DAY, { startedBy: 'test', now: after(DAY) });
    const daily = runs.find((r) => r.type === 'DAILY')!;
    expect(daily.counts).toMatchObject({ rows: 1, cycles: 1, paid_members: 1 });
    expect(daily.totals).toMatchObject({ paid: '60.00', point_part: '6.00' });
    // One cycle of 500 consumed each side: the carry is what the top now reads.
    expect(await summary()).toMatchObject({ left_points: '300.00', right_points: '0.00' });

    const me = expectData(await net(t.app, 'GET', '/me', topToken));
    // 1,500 PV on 01-10: 7 blocks of 200 PV, 30 days each (plan 1.2).
    expect(me).toMatchObject({ package: 'SILVER', expiry_date: '2025-08-08' });
    const { rows } = await t.database.pool.query(
      `select type, amount::text, state from income_lines where member_id = $1 order by type, source`,
      [top.member.id],
    );
    expect(rows).toEqual([
      { type: 'CYCLE', amount: '60.00', state: 'WAITING' },
      { type: 'REFERRER', amount: '100.00', state: 'WAITING' },
      { type: 'REFERRER', amount: '100.00', state: 'WAITING' },
    ]);
  });

  it('when a day is closed again, or out of order, or before it ended, then nothing changes or it is refused', async () => {
    const again = await closeDay(t.database.db, DAY, { startedBy: 'test', now: after(DAY) });
    expect(again.alreadyDone).toBe(true);
    const skipped = addDays(DAY, 2);
    await expect(
      closeDay(t.database.db, skipped, { startedBy: 'test', now: after(skipped) }),
    ).rejects.toThrow(/close 2025-01-11 first/);
    const next = addDays(DAY, 1);
    await expect(
      closeDay(t.database.db, next, { startedBy: 'test', now: { date: next, at: startOfBangkokDay(next) } }),
    ).rejects.toThrow(/has not ended/);
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from engine_runs where type = 'DAILY'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('when two closings of one day race then one does it and the other finds it done', async () => {
    const next = addDays(DAY, 1);
    await pay(right.memberId, 'REPURCHASE', 700, next);
    const [a, b] = await Promise.all([
      closeDay(t.database.db, next, { startedBy: 'a', now: after(next) }),
      closeDay(t.database.db, next, { startedBy: 'b', now: after(next) }),
    ]);
    expect([a.alreadyDone, b.alreadyDone].sort()).toEqual([false, true]);
    expect(a.id).toBe(b.id);
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from closing_rows where closing_date = $1`,
      [next],
    );
    expect(rows[0].n).toBe(1);
  });

  it('when a paid order is canceled after its closing then the reversal lands on the cancel day and the summary shows it', async () => {
    const day = addDays(DAY, 2);
    const order = await pay(left.memberId, 'REPURCHASE', 400, day);
    await runBusinessDay(t.database.db, day, { startedBy: 'test', now: after(day) });
    const before = await summary();
    const cancelDay = addDays(DAY, 3);
    await t.database.db.transaction(async (tx) =>
      postCancellation(tx, await planFor(tx, cancelDay), order, {
        date: cancelDay,
        at: startOfBangkokDay(cancelDay),
      }),
    );
    await refreshVolumePreview(t.database.db);
    const afterCancel = await summary();
    expect(Number(afterCancel.left_points)).toBe(Number(before.left_points) - 400);
    const { rows } = await t.database.pool.query(
      `select effective_date::text, pv from volume_postings where order_id = $1 order by id`,
      [order],
    );
    expect(rows).toEqual([
      { effective_date: day, pv: 400 },
      { effective_date: cancelDay, pv: -400 },
    ]);
  });
});
