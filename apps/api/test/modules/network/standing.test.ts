import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfBangkokDay } from '@portal/plan/dates';
import { postPayment } from '../../../src/compensation/ledger';
import { planFor } from '../../../src/compensation/plan';
import { expiryAsOf, isActiveOn, suspendedAt } from '../../../src/compensation/standing';
import { businessNow } from '../../../src/lib/clock';
import { createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError } from '../../helpers/expect';
import { net, place, seedTop, tokenOf, waitingMember } from '../../helpers/network';

/**
 * One standing (docs/plan.md E4): the network API's GET /me, the tree's nodes, the summary's "may place" and
 * placement itself agree with the standing module for an active, an expired and a suspended member,
 * whose packages are paid through the ledger.
 */
let t: TestApp;
let top: Awaited<ReturnType<typeof seedTop>>;
let topToken: string;
let today: string;
type Member = Awaited<ReturnType<typeof waitingMember>> & { token: string };
let active: Member;
let expired: Member;
let suspended: Member;

let orderNo = 0;
async function payPackage(memberId: number, date: string) {
  await t.database.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into orders (order_no, member_id, order_type, package_code, pv_total)
      values (${`ST${++orderNo}`}, ${memberId}, 'PACKAGE', 'STARTER', 500) returning id`);
    await postPayment(tx, await planFor(tx, date), rows[0]!.id, {
      date,
      at: new Date(startOfBangkokDay(date).getTime() + orderNo * 1000),
    });
  });
}

async function member(side: 'left' | 'right', uplineId: number, paidOn: string): Promise<Member> {
  const w = await waitingMember(t.app, t.database.db, top.user.invitationCode);
  expectData(await place(t.app, topToken, w.memberId, uplineId, side), 201);
  await payPackage(w.memberId, paidOn);
  return { ...w, token: await tokenOf(t.app, w.body.email) };
}

/** What the standing module says of a member now. */
async function standing(memberId: number) {
  const plan = await planFor(t.database.db, today);
  const expiry = (await expiryAsOf(t.database.db, [memberId], today, plan)).get(memberId) ?? null;
  const isSuspended = (await suspendedAt(t.database.db, [memberId], new Date())).has(memberId);
  return { active: isActiveOn(expiry, today), suspended: isSuspended, expiry };
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_GLOBAL: '100000' });
  today = (await businessNow(t.database.db, t.config)).date;
  top = await seedTop(t.database.db);
  topToken = await tokenOf(t.app, top.user.email);
  // STARTER is 500 PV: two blocks of 200 PV, 60 days of activity from the day it is paid (plan 1.2).
  active = await member('left', top.member.id, today);
  expired = await member('right', top.member.id, addDays(today, -100));
  suspended = await member('left', active.memberId, today);
  // Suspended after signing in: the token still says "not suspended", so placement's own rule is what refuses.
  await t.database.pool.query(
    `insert into suspension_entries (member_id, period, status, suspended_at, message, message_th)
     values ($1, 'suspended', 'active', now(), 'Suspended', 'ถูกระงับ')`,
    [suspended.memberId],
  );
});
afterAll(() => t.close());

describe('one standing for the network API and placement', () => {
  it('the standing module sees the three members as the test made them', async () => {
    expect(await standing(active.memberId)).toEqual({
      active: true,
      suspended: false,
      expiry: addDays(today, 60),
    });
    expect(await standing(expired.memberId)).toEqual({
      active: false,
      suspended: false,
      expiry: addDays(today, -40),
    });
    expect(await standing(suspended.memberId)).toMatchObject({ active: true, suspended: true });
  });

  it('GET /me shows active on the business day and the expiry date as standing does, not the account flag', async () => {
    for (const m of [active, expired, suspended]) {
      const me = expectData(await net(t.app, 'GET', '/me', m.token));
      const s = await standing(m.memberId);
      expect(me).toMatchObject({ is_active: s.active, expiry_date: s.expiry, package: 'STARTER' });
      expect(me.suspension.length > 0).toBe(s.suspended);
    }
    // Every account here is open: only the expired member reads inactive.
    expect(expectData(await net(t.app, 'GET', '/me', expired.token)).is_active).toBe(false);
  });

  it("the tree's nodes show the same activity and expiry date as standing", async () => {
    const tree = expectData(await net(t.app, 'GET', `/member_downline/${top.member.id}?depth=2`, topToken));
    const left = tree.top.left;
    const right = tree.top.right;
    const grandchild = left.left;
    expect([left.id, right.id, grandchild.id]).toEqual([
      active.memberId,
      expired.memberId,
      suspended.memberId,
    ]);
    for (const [node, m] of [
      [left, active],
      [right, expired],
      [grandchild, suspended],
    ] as const) {
      const s = await standing(m.memberId);
      expect(node).toMatchObject({ is_active: s.active, expiry_date: s.expiry, package: 'STARTER' });
    }
    expect([left.is_active, right.is_active, grandchild.is_active]).toEqual([true, false, true]);
    // The top has no package: inactive, whatever its account flag says.
    expect(tree.top.is_active).toBe(false);
  });

  it('placement refuses the suspended member only: activity is an income rule, not a placement rule', async () => {
    const summaryOf = async (m: Member) =>
      expectData(await net(t.app, 'GET', '/member_downline/summary', m.token)).can_add_team;
    expect(await summaryOf(active)).toBe(true);
    expect(await summaryOf(expired)).toBe(true);
    expect(await summaryOf(suspended)).toBe(false);

    for (const m of [active, expired]) {
      const w = await waitingMember(t.app, t.database.db, m.user.invitation_code);
      expectData(await place(t.app, m.token, w.memberId, m.memberId, 'right'), 201);
    }
    const w = await waitingMember(t.app, t.database.db, suspended.user.invitation_code);
    expectError(
      await place(t.app, suspended.token, w.memberId, suspended.memberId, 'left'),
      403,
      'ACCOUNT_SUSPENDED',
    );
    const { rows } = await t.database.pool.query(`select depth from members where id = $1`, [w.memberId]);
    expect(rows[0].depth).toBeNull();

    // Signed in again, the token carries the suspension (the guard's standing): still 403, and GET /me stays open.
    const fresh = await tokenOf(t.app, suspended.body.email);
    expectError(await place(t.app, fresh, w.memberId, suspended.memberId, 'left'), 403, 'ACCOUNT_SUSPENDED');
    expectData(await net(t.app, 'GET', '/me', fresh));
  });
});
