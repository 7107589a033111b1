import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError } from '../../helpers/expect';
import { memberIdOf, net, place, seedTop, tokenOf, waitingMember } from '../../helpers/network';
import { checkTree } from '../../../src/modules/network/tree/check';

let t: TestApp;
let top: Awaited<ReturnType<typeof seedTop>>;
let topToken: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_GLOBAL: '100000' });
  top = await seedTop(t.database.db);
  topToken = await tokenOf(t.app, top.user.email);
});
afterAll(() => t.close());

const summary = async (token: string) =>
  expectData(await net(t.app, 'GET', '/member_downline/summary', token));

describe('placing a member', () => {
  it('when the top places a member they referred then the slot is filled, the counts grow (points come from the ledger, not placement), and both are notified', async () => {
    const w = await waitingMember(t.app, t.database.db, top.user.invitationCode);
    await t.database.pool.query(`update members set point = 125.50 where id = $1`, [w.memberId]);
    const before = await summary(topToken);
    const res = expectData(await place(t.app, topToken, w.memberId, top.member.id, 'left'), 201);
    expect(res).toMatchObject({
      position: 'left',
      member: { id: w.memberId },
      upline: { id: top.member.id },
    });
    const after = await summary(topToken);
    expect(after.left_team).toBe(before.left_team + 1);
    expect(after.right_team).toBe(before.right_team);
    expect(after.total_team).toBe(before.total_team + 1);
    expect(after.left_points).toBe(before.left_points);
    const { rows } = await t.database.pool.query(
      `select user_id, kind from notifications where kind = 'placement' and user_id in ($1, $2)`,
      [w.user.id, top.user.id],
    );
    expect(rows.map((r) => Number(r.user_id)).sort()).toEqual([top.user.id, w.user.id].sort());
    expect((await checkTree(t.database.pool)).ok).toBe(true);
  });

  it('when the slot is already taken then the answer is 409 and the member stays waiting', async () => {
    const w = await waitingMember(t.app, t.database.db, top.user.invitationCode);
    expectError(await place(t.app, topToken, w.memberId, top.member.id, 'left'), 409, 'CONFLICT');
    const { rows } = await t.database.pool.query(
      `select depth, placement_parent_id from members where id = $1`,
      [w.memberId],
    );
    expect(rows[0]).toEqual({ depth: null, placement_parent_id: null });
  });

  it('when the member is already placed then the answer is 422', async () => {
    const { rows } = await t.database.pool.query(
      `select id from members where placement_parent_id = $1 and side = 'left'`,
      [top.member.id],
    );
    expectError(
      await place(t.app, topToken, Number(rows[0].id), top.member.id, 'right'),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('when confirmation is missing or false then nothing is placed', async () => {
    const w = await waitingMember(t.app, t.database.db, top.user.invitationCode);
    for (const confirm of [undefined, false]) {
      const res = await net(t.app, 'POST', '/member_downline', topToken, {
        member_id: w.memberId,
        upline_member_id: top.member.id,
        position: 'right',
        ...(confirm === undefined ? {} : { confirm }),
      });
      expectError(res, 422, 'VALIDATION_ERROR');
    }
    const { rows } = await t.database.pool.query(`select depth from members where id = $1`, [w.memberId]);
    expect(rows[0].depth).toBeNull();
  });

  it('when the member was referred by someone outside my downline then I may not place them (422)', async () => {
    const otherTop = await seedTop(t.database.db);
    const stranger = await waitingMember(t.app, t.database.db, otherTop.user.invitationCode);
    expectError(
      await place(t.app, topToken, stranger.memberId, top.member.id, 'right'),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('when the upline is outside my downline then the answer is 403', async () => {
    const otherTop = await seedTop(t.database.db);
    const w = await waitingMember(t.app, t.database.db, top.user.invitationCode);
    expectError(await place(t.app, topToken, w.memberId, otherTop.member.id, 'left'), 403, 'FORBIDDEN');
  });

  it('when a member in my downline referred the waiting member then I may place them deep in my downline', async () => {
    const { rows } = await t.database.pool.query(
      `select m.id, u.invitation_code, u.email from members m join users u on u.id = m.user_id where m.placement_parent_id = $1 and side = 'left'`,
      [top.member.id],
    );
    const child = rows[0];
    const grandchild = await waitingMember(t.app, t.database.db, child.invitation_code);
    expectData(await place(t.app, topToken, grandchild.memberId, Number(child.id), 'right'), 201);
    // and the child, placing below themselves, may not reach above into the top's other leg
    const childToken = await tokenOf(t.app, child.email);
    const another = await waitingMember(t.app, t.database.db, child.invitation_code);
    expectError(await place(t.app, childToken, another.memberId, top.member.id, 'right'), 403, 'FORBIDDEN');
    expect((await checkTree(t.database.pool)).ok).toBe(true);
  });

  it('when a suspended member tries to place then the answer is 403 ACCOUNT_SUSPENDED', async () => {
    const w = await waitingMember(t.app, t.database.db, top.user.invitationCode);
    await t.database.pool.query(
      `insert into suspension_entries (member_id, period, status, message, message_th) values ($1, 'suspended', 'active', 'x', 'x')`,
      [top.member.id],
    );
    try {
      expectError(await place(t.app, topToken, w.memberId, top.member.id, 'right'), 403, 'ACCOUNT_SUSPENDED');
      expect((await summary(topToken)).can_add_team).toBe(false);
    } finally {
      await t.database.pool.query(`delete from suspension_entries where member_id = $1`, [top.member.id]);
    }
  });

  it('when a member who is not placed yet tries to place someone then the answer is 403', async () => {
    const waiting = await waitingMember(t.app, t.database.db, top.user.invitationCode);
    const theirs = await waitingMember(t.app, t.database.db, waiting.user.invitation_code);
    const token = await tokenOf(t.app, waiting.body.email);
    expectError(await place(t.app, token, theirs.memberId, waiting.memberId, 'left'), 403, 'FORBIDDEN');
  });
});

describe('placements racing', () => {
  it('when 20 placements race for one slot then exactly one wins, the rest get 409, and the tree stays consistent', async () => {
    const racers: Awaited<ReturnType<typeof waitingMember>>[] = [];
    for (let i = 0; i < 20; i++)
      racers.push(await waitingMember(t.app, t.database.db, top.user.invitationCode));
    const responses = await Promise.all(
      racers.map((r) => place(t.app, topToken, r.memberId, top.member.id, 'right')),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(r.json().status.error_code).toBe('CONFLICT');
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from members where placement_parent_id = $1`,
      [top.member.id],
    );
    expect(rows[0].n).toBe(2);
    const report = await checkTree(t.database.pool);
    expect(report).toMatchObject({ ok: true, over_two_children: [], wrong_counts: [] });
  });

  it('when placements into different slots run at once then all succeed and every count is right', async () => {
    const tree = expectData(
      await net(
        t.app,
        'GET',
        `/member_downline/below_postion_member_id?member_id=${top.member.id}`,
        topToken,
      ),
    );
    const slots = tree.slots.slice(0, 6);
    expect(slots.length).toBeGreaterThanOrEqual(2);
    const racers: Awaited<ReturnType<typeof waitingMember>>[] = [];
    for (let i = 0; i < slots.length; i++)
      racers.push(await waitingMember(t.app, t.database.db, top.user.invitationCode));
    const responses = await Promise.all(
      slots.map((s: { upline_member_id: number; position: 'left' | 'right' }, i: number) =>
        place(t.app, topToken, racers[i]!.memberId, s.upline_member_id, s.position),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(slots.map(() => 201));
    expect((await checkTree(t.database.pool)).ok).toBe(true);
    expect(await memberIdOf(t.database.db, racers[0]!.user.id)).toBe(racers[0]!.memberId);
  });
});
