import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMonth } from '../../src/compensation/engine';
import { addDays, endOfBangkokDay, startOfBangkokDay } from '@portal/plan/dates';
import { postCancellation, postPayment } from '../../src/compensation/ledger';
import { planFor } from '../../src/compensation/plan';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectData } from '../helpers/expect';
import { place, seedTop, tokenOf, waitingMember } from '../helpers/network';

/**
 * The MTA closing of a month that runs late (a catch-up after a pause of the scheduler) must not
 * pay an order that was canceled after the month ended but before the run: the plan (4.3, 2.4)
 * bases the month on orders not canceled by its end, and a cancellation after it reverses the line.
 */
let t: TestApp;
let top: Awaited<ReturnType<typeof seedTop>>;
let left: { memberId: number };
let right: { memberId: number };
let orderNo = 0;

async function pay(memberId: number, type: 'PACKAGE' | 'REPURCHASE', pv: number, date: string, pkg?: string) {
  return t.database.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into orders (order_no, member_id, order_type, package_code, pv_total)
      values (${`M${++orderNo}`}, ${memberId}, ${type}, ${pkg ?? null}, ${pv}) returning id`);
    const id = rows[0]!.id;
    await postPayment(tx, await planFor(tx, date), id, {
      date,
      at: new Date(startOfBangkokDay(date).getTime() + orderNo * 1000),
    });
    return id;
  });
}

const cancel = (orderId: number, date: string) =>
  t.database.db.transaction(async (tx) =>
    postCancellation(tx, await planFor(tx, date), orderId, {
      date,
      at: new Date(startOfBangkokDay(date).getTime() + 3_600_000),
    }),
  );

const mtaLines = async (orderId: number) =>
  (
    await t.database.pool.query<{
      member_id: string;
      state: string;
      amount: string;
      voided_date: string | null;
      correction: boolean;
    }>(
      `select member_id::text, state, amount::text, to_char(voided_date, 'YYYY-MM-DD') as voided_date, correction
       from income_lines where type = 'MTA' and order_id = $1 order by id`,
      [orderId],
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  top = await seedTop(t.database.db);
  const topToken = await tokenOf(t.app, top.user.email);
  left = await waitingMember(t.app, t.database.db, top.user.invitationCode);
  right = await waitingMember(t.app, t.database.db, top.user.invitationCode);
  expectData(await place(t.app, topToken, left.memberId, top.member.id, 'left'), 201);
  expectData(await place(t.app, topToken, right.memberId, top.member.id, 'right'), 201);
});
afterAll(() => t.close());

describe('the MTA closing of a month run after a cancellation', () => {
  it('when an order is canceled after the month ended but before its MTA run then its line is VOID on the cancel day and the other order still pays', async () => {
    await pay(top.member.id, 'PACKAGE', 1500, '2025-01-05', 'SILVER');
    await pay(top.member.id, 'REPURCHASE', 300, '2025-01-06');
    const kept = await pay(left.memberId, 'REPURCHASE', 1000, '2025-01-20');
    const canceled = await pay(right.memberId, 'REPURCHASE', 600, '2025-01-21');
    // Canceled on 02-02; the MTA run of January only happens on 02-03 (a late catch-up).
    expect(await cancel(canceled, '2025-02-02')).toBe(true);
    const now = { date: '2025-02-03', at: new Date(endOfBangkokDay('2025-02-02').getTime() + 1) };
    const run = await closeMonth(t.database.db, '2025-01-31', { startedBy: 'test', now });
    expect(run.counts).toMatchObject({ lines: 2 });

    expect(await mtaLines(kept)).toEqual([
      {
        member_id: String(top.member.id),
        state: 'WAITING',
        amount: '100.00',
        voided_date: null,
        correction: false,
      },
    ]);
    // Not left WAITING forever: the cancellation (before the run) voids it as of its own day.
    expect(await mtaLines(canceled)).toEqual([
      {
        member_id: String(top.member.id),
        state: 'VOID',
        amount: '60.00',
        voided_date: '2025-02-02',
        correction: false,
      },
    ]);

    // Plan invariant 9: the canceled order's non-VOID income lines sum to 0.
    const { rows } = await t.database.pool.query<{ total: string }>(
      `select coalesce(sum(amount), 0)::text as total from income_lines where order_id = $1 and state <> 'VOID'`,
      [canceled],
    );
    expect(rows[0]!.total).toBe('0');

    // Run again: nothing changes.
    await closeMonth(t.database.db, '2025-01-31', { startedBy: 'test', now });
    expect(await mtaLines(canceled)).toHaveLength(1);
    expect((await mtaLines(canceled))[0]!.state).toBe('VOID');
    expect(await mtaLines(kept)).toHaveLength(1);
  });

  it('when the order is canceled within the month then it is not in the base at all', async () => {
    const within = await pay(left.memberId, 'REPURCHASE', 400, addDays('2025-02-03', 1));
    await cancel(within, '2025-02-10');
    const now = { date: '2025-03-01', at: new Date(endOfBangkokDay('2025-02-28').getTime() + 1) };
    await closeMonth(t.database.db, '2025-02-28', { startedBy: 'test', now });
    expect(await mtaLines(within)).toEqual([]);
  });
});
