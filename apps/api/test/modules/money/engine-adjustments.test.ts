import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adjustment, MemberBalance } from '@portal/contracts/engine';
import { createTestApp, type TestApp } from '../../helpers/app';
import { desk, treeMember, type TreeMember } from '../../helpers/engine';
import { expectData, expectError } from '../../helpers/expect';
import { staffToken } from '../../helpers/shop';

/**
 * Manual LVP and point adjustments (plan 2.3, 5.2): type OTHER in the ledger, a remark always, the
 * staff member in the audit, never below zero.
 */
let t: TestApp;
let staff: Awaited<ReturnType<typeof staffToken>>;
let member: TreeMember;

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffToken(t);
  member = await treeMember(t, { firstName: 'วิภา' });
});
afterAll(() => t.close());

const adjust = (body: Record<string, unknown>) =>
  desk(t, 'POST', '/adjustments', staff.token, { member_id: member.id, ...body });

describe('manual adjustments on the staff desk', () => {
  it('finds a member by code or name, with both balances', async () => {
    for (const q of [member.code, member.code.toLowerCase(), 'วิภา']) {
      const found = expectData<MemberBalance[]>(
        await desk(t, 'GET', `/adjustments/members?q=${encodeURIComponent(q)}`, staff.token),
      );
      expect(found[0]).toMatchObject({ member_id: member.id, lvp_balance: 0, point_balance: '0.00' });
    }
  });

  it('when the remark is missing or blank then 422, and nothing is posted', async () => {
    for (const remark of [undefined, '', '   ']) {
      const status = expectError(
        await adjust({ kind: 'LVP', amount: '10', remark }),
        422,
        'VALIDATION_ERROR',
      );
      expect(Object.keys(status.errors ?? {})).toEqual(['remark']);
    }
    expectError(await adjust({ kind: 'LVP', amount: '2.5', remark: 'half' }), 422, 'VALIDATION_ERROR');
    expectError(await adjust({ kind: 'POINTS', amount: '0', remark: 'nothing' }), 422, 'VALIDATION_ERROR');
    const { rows } = await t.database.pool.query(
      `select (select count(*) from lvp_postings)::int + (select count(*) from point_postings)::int as n`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('when staff adjust LVP and points with a remark then the ledger has type OTHER rows and the audit names them', async () => {
    const lvp = expectData<Adjustment>(
      await adjust({ kind: 'LVP', amount: '25', remark: 'Lost parcel' }),
      201,
    );
    expect(lvp).toMatchObject({
      kind: 'LVP',
      amount: '25',
      remark: 'Lost parcel',
      balance_after: '25',
      staff: { user_id: staff.user.id },
    });
    const points = expectData<Adjustment>(
      await adjust({ kind: 'POINTS', amount: '10.5', remark: ' Goodwill ' }),
      201,
    );
    expect(points).toMatchObject({
      kind: 'POINTS',
      amount: '10.50',
      remark: 'Goodwill',
      balance_after: '10.50',
    });

    const ledger = await t.database.pool.query(
      `select 'lvp' as book, type as kind, points::text, remark, created_by from lvp_postings
       union all select 'points', kind, points::text, remark, created_by from point_postings order by 1`,
    );
    expect(ledger.rows).toEqual([
      { book: 'lvp', kind: 'OTHER', points: '25', remark: 'Lost parcel', created_by: staff.user.id },
      { book: 'points', kind: 'OTHER', points: '10.50', remark: 'Goodwill', created_by: staff.user.id },
    ]);
    const audit = await t.database.pool.query(
      `select action, actor_user_id, member_id from engine_audit order by id`,
    );
    expect(audit.rows).toEqual([
      { action: 'LVP_ADJUSTED', actor_user_id: staff.user.id, member_id: member.id },
      { action: 'POINTS_ADJUSTED', actor_user_id: staff.user.id, member_id: member.id },
    ]);
  });

  it('when an adjustment would leave a negative balance then 409', async () => {
    const status = expectError(
      await adjust({ kind: 'LVP', amount: '-26', remark: 'Too much' }),
      409,
      'PLAN_RULE',
    );
    expect(status.message).toBe('This would leave a negative balance (-1)');
    expectData(await adjust({ kind: 'POINTS', amount: '-10.50', remark: 'Back to zero' }), 201);
  });

  it('when two adjustments arrive at once then both are posted', async () => {
    const [a, b] = await Promise.all([
      adjust({ kind: 'LVP', amount: '1', remark: 'one' }),
      adjust({ kind: 'LVP', amount: '2', remark: 'two' }),
    ]);
    expectData(a, 201);
    expectData(b, 201);
    const found = expectData<MemberBalance[]>(
      await desk(t, 'GET', `/adjustments/members?q=${member.code}`, staff.token),
    );
    expect(found[0]).toMatchObject({ lvp_balance: 28, point_balance: '0.00' });
  });

  it('lists the adjustments newest first, for one member when asked', async () => {
    const list = expectData(
      await desk(t, 'GET', `/adjustments?member_id=${member.id}&per_page=2`, staff.token),
    );
    expect(list.pagination).toMatchObject({ total: 5, last_page: 3 });
    expect((list.items as Adjustment[]).map((a) => a.remark).sort()).toEqual(['one', 'two']);
    expect(list.items[0]).toMatchObject({ member_code: member.code, name: expect.stringContaining('วิภา') });
  });
});
