import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownlineNode } from '@portal/contracts/network';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError, makeStaff } from '../../helpers/expect';
import { net, place, seedTop, tokenOf, waitingMember } from '../../helpers/network';

let t: TestApp;
let top: Awaited<ReturnType<typeof seedTop>>;
let topToken: string;
/** left child L and right child R of the top, and L's left child LL */
const ids: Record<'L' | 'R' | 'LL', number> = { L: 0, R: 0, LL: 0 };
let lEmail = '';
/** R's invitation: members R referred wait in the top's list without changing the top's own counts */
let rInvitation = '';
let waiting: Awaited<ReturnType<typeof waitingMember>>;
let outsider: Awaited<ReturnType<typeof seedTop>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_GLOBAL: '100000' });
  top = await seedTop(t.database.db);
  topToken = await tokenOf(t.app, top.user.email);
  const l = await waitingMember(t.app, t.database.db, top.user.invitationCode, {
    first_name: 'ลูกซ้าย',
    mobile: '0861111111',
  });
  const r = await waitingMember(t.app, t.database.db, top.user.invitationCode, { first_name: 'ลูกขวา' });
  const ll = await waitingMember(t.app, t.database.db, l.user.invitation_code, { first_name: 'หลานซ้าย' });
  expectData(await place(t.app, topToken, l.memberId, top.member.id, 'left'), 201);
  expectData(await place(t.app, topToken, r.memberId, top.member.id, 'right'), 201);
  expectData(await place(t.app, topToken, ll.memberId, l.memberId, 'left'), 201);
  Object.assign(ids, { L: l.memberId, R: r.memberId, LL: ll.memberId });
  lEmail = l.body.email;
  rInvitation = r.user.invitation_code;
  waiting = await waitingMember(t.app, t.database.db, ll.user.invitation_code, { first_name: 'รอวาง' });
  outsider = await seedTop(t.database.db);
});
afterAll(() => t.close());

describe('the downline tree', () => {
  it('when I open my own tree then I get my node with children, counts and empty slots', async () => {
    const data = expectData(await net(t.app, 'GET', `/member_downline/${top.member.id}?depth=2`, topToken));
    const root: DownlineNode = data.top;
    expect(root).toMatchObject({
      id: top.member.id,
      left_team: 2,
      right_team: 1,
      level: 0,
      empty_left: false,
      empty_right: false,
    });
    expect(root.left?.id).toBe(ids.L);
    expect(root.right?.id).toBe(ids.R);
    expect(root.left?.left?.id).toBe(ids.LL);
    expect(root.left?.empty_right).toBe(true);
    expect(root.left?.left?.has_more).toBe(false);
    expect(data.path).toEqual([]);
  });

  it('when I open a member of my downline then the path leads from me to their upline', async () => {
    const data = expectData(await net(t.app, 'GET', `/member_downline/${ids.LL}`, topToken));
    expect(data.top.id).toBe(ids.LL);
    expect(data.path.map((m: { id: number }) => m.id)).toEqual([top.member.id, ids.L]);
  });

  it('when the depth is cut short then nodes with children below say has_more', async () => {
    const data = expectData(await net(t.app, 'GET', `/member_downline/${top.member.id}?depth=1`, topToken));
    expect(data.top.left.has_more).toBe(true);
    expect(data.top.left.left).toBeNull();
    expect(data.top.right.has_more).toBe(false);
  });

  it("when I ask for another member's tree or a member above me then the answer is 404", async () => {
    expectError(
      await net(t.app, 'GET', `/member_downline/${outsider.member.id}`, topToken),
      404,
      'NOT_FOUND',
    );
    const lToken = await tokenOf(t.app, lEmail);
    expectError(await net(t.app, 'GET', `/member_downline/${top.member.id}`, lToken), 404, 'NOT_FOUND');
    expectError(await net(t.app, 'GET', `/member_downline/${ids.R}`, lToken), 404, 'NOT_FOUND');
    expectData(await net(t.app, 'GET', `/member_downline/${ids.LL}`, lToken));
  });

  it('when the depth is outside 1..5 then the answer is 422', async () => {
    expectError(
      await net(t.app, 'GET', `/member_downline/${top.member.id}?depth=6`, topToken),
      422,
      'VALIDATION_ERROR',
    );
    expectError(
      await net(t.app, 'GET', `/member_downline/${top.member.id}?depth=0`, topToken),
      422,
      'VALIDATION_ERROR',
    );
  });
});

describe('search', () => {
  it('when I search my downline by name, code or phone then I find them, and never members outside it', async () => {
    const byName = expectData(
      await net(t.app, 'GET', `/member_downline/search?q=${encodeURIComponent('หลาน')}`, topToken),
    );
    expect(byName.items.map((m: { id: number }) => m.id)).toEqual([ids.LL]);
    expect(byName.pagination.total).toBe(1);
    const { rows } = await t.database.pool.query(`select member_code from members where id = $1`, [ids.R]);
    const byCode = expectData(
      await net(t.app, 'GET', `/member_downline/search?q=${rows[0].member_code}`, topToken),
    );
    expect(byCode.items.map((m: { id: number }) => m.id)).toEqual([ids.R]);
    const byPhone = expectData(await net(t.app, 'GET', `/member_downline/search?q=0861111111`, topToken));
    expect(byPhone.items.map((m: { id: number }) => m.id)).toEqual([ids.L]);
    const outside = expectData(
      await net(t.app, 'GET', `/member_downline/search?q=${outsider.user.mobile}`, topToken),
    );
    expect(outside.items).toEqual([]);
    const lToken = await tokenOf(t.app, lEmail);
    const fromL = expectData(
      await net(t.app, 'GET', `/member_downline/search?q=${encodeURIComponent('ลูกขวา')}`, lToken),
    );
    expect(fromL.items).toEqual([]);
  });

  it('when the query is empty then the answer is 422', async () => {
    expectError(await net(t.app, 'GET', `/member_downline/search?q=`, topToken), 422, 'VALIDATION_ERROR');
  });
});

describe('members waiting to be placed', () => {
  it('when someone deep in my downline referred a member then I see them waiting; an outsider does not', async () => {
    const mine = expectData(await net(t.app, 'GET', '/member/search_new_member', topToken));
    expect(mine.items.map((m: { id: number }) => m.id)).toContain(waiting.memberId);
    const hit = mine.items.find((m: { id: number }) => m.id === waiting.memberId);
    expect(hit.referrer.id).toBe(ids.LL);
    const searched = expectData(
      await net(t.app, 'GET', `/member/search_new_member?q=${encodeURIComponent('รอวาง')}`, topToken),
    );
    expect(searched.items.map((m: { id: number }) => m.id)).toEqual([waiting.memberId]);
    const theirs = expectData(
      await net(t.app, 'GET', '/member/search_new_member', await tokenOf(t.app, outsider.user.email)),
    );
    expect(theirs.items.map((m: { id: number }) => m.id)).not.toContain(waiting.memberId);
  });

  it('when a waiting member is suspended or expired then they are never offered, and placing them is refused', async () => {
    const suspended = await waitingMember(t.app, t.database.db, rInvitation, {
      first_name: 'ระงับรอวาง',
    });
    const expired = await waitingMember(t.app, t.database.db, rInvitation, {
      first_name: 'หมดอายุรอวาง',
    });
    const fresh = await waitingMember(t.app, t.database.db, rInvitation, {
      first_name: 'ใหม่รอวาง',
    });
    await t.database.pool.query(
      `insert into suspension_entries (member_id, period, status, message, message_th) values ($1, 'suspended', 'active', 'x', 'x')`,
      [suspended.memberId],
    );
    await t.database.pool.query(`update members set expiry_date = date '2020-01-31' where id = $1`, [
      expired.memberId,
    ]);
    const offered = expectData(await net(t.app, 'GET', '/member/search_new_member?per_page=100', topToken));
    const offeredIds = offered.items.map((m: { id: number }) => m.id);
    // a new member without a package has no expiry date yet: offered
    expect(offeredIds).toContain(fresh.memberId);
    expect(offeredIds).not.toContain(suspended.memberId);
    expect(offeredIds).not.toContain(expired.memberId);
    expect(offered.pagination.total).toBe(offeredIds.length);
    for (const member of [suspended, expired]) {
      expectError(await place(t.app, topToken, member.memberId, ids.R, 'left'), 422, 'VALIDATION_ERROR');
    }
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from members where id = any($1) and depth is not null`,
      [[suspended.memberId, expired.memberId]],
    );
    expect(rows[0].n).toBe(0);
    // Lifted: the suspension's newest entry cancelled, the member is offered again.
    await t.database.pool.query(
      `insert into suspension_entries (member_id, period, status, message, message_th, created_at)
       values ($1, 'cancelled', 'cancelled', 'x', 'x', now() + interval '1 second')`,
      [suspended.memberId],
    );
    const again = expectData(await net(t.app, 'GET', '/member/search_new_member?per_page=100', topToken));
    expect(again.items.map((m: { id: number }) => m.id)).toContain(suspended.memberId);
  });
});

describe('summary and slot choices', () => {
  it('when I read my summary then it counts my team per side and says I can add someone', async () => {
    const s = expectData(await net(t.app, 'GET', '/member_downline/summary', topToken));
    expect(s).toMatchObject({
      total_team: 3,
      left_team: 2,
      right_team: 1,
      can_add_team: true,
      referrer_member: null,
    });
    // the waiting member was referred by LL, not by the top
    expect(s.waiting_to_place).toBe(0);
    expect(s.direct_referrals).toBe(2);
    expect(typeof s.left_points).toBe('string');
    const { rows } = await t.database.pool.query(
      `select u.email from members m join users u on u.id = m.user_id where m.id = $1`,
      [ids.LL],
    );
    const ll = expectData(
      await net(t.app, 'GET', '/member_downline/summary', await tokenOf(t.app, rows[0].email)),
    );
    expect(ll).toMatchObject({
      total_team: 0,
      waiting_to_place: 1,
      direct_referrals: 1,
      referrer_member: { id: ids.L },
    });
  });

  it('when I ask for slots under a member then I get empty slots nearest first and the quick choices', async () => {
    const c = expectData(
      await net(
        t.app,
        'GET',
        `/member_downline/below_postion_member_id?member_id=${top.member.id}`,
        topToken,
      ),
    );
    expect(c.upline.id).toBe(top.member.id);
    expect(c.slots[0]).toMatchObject({
      upline_member_id: ids.L,
      upline_first_name: 'ลูกซ้าย',
      position: 'right',
      level: 2,
    });
    expect(typeof c.slots[0].upline_last_name).toBe('string');
    // every slot and quick choice names its upline, not only by code
    for (const s of [...c.slots, ...Object.values(c.quick)])
      expect((s as { upline_first_name: string }).upline_first_name).not.toBe('');
    expect(c.quick.extreme_left).toMatchObject({ upline_member_id: ids.LL, position: 'left' });
    expect(c.quick.extreme_right).toMatchObject({ upline_member_id: ids.R, position: 'right' });
    // my right leg (1) is weaker than my left (2): its bottom right slot
    expect(c.quick.weaker_leg).toMatchObject({ upline_member_id: ids.R, position: 'right' });
    expectError(
      await net(
        t.app,
        'GET',
        `/member_downline/below_postion_member_id?member_id=${outsider.member.id}`,
        topToken,
      ),
      404,
      'NOT_FOUND',
    );
  });
});

describe('the network member', () => {
  it('when I read /me or exchange my token at /authen then I get my network member', async () => {
    const me = expectData(await net(t.app, 'GET', '/me', topToken));
    expect(me).toMatchObject({
      id: top.member.id,
      franchise_code: me.member_code,
      is_placed: true,
      kyc_status: 'draft',
    });
    expect(expectData(await net(t.app, 'POST', '/authen', topToken)).id).toBe(top.member.id);
    const l = expectData(await net(t.app, 'GET', '/me', await tokenOf(t.app, lEmail)));
    expect(l).toMatchObject({ referrer: { id: top.member.id }, upline: { id: top.member.id }, side: 'left' });
  });

  it('when an app asks the network token endpoint then it gets an application token, and no refresh grant', async () => {
    const ok = await call(t.app, 'POST', '/network/api/v1/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: 'portal-web', client_secret: 'public' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token_type).toBe('Bearer');
    const refresh = await call(t.app, 'POST', '/network/api/v1/oauth/token', {
      body: { grant_type: 'refresh_token', client_id: 'portal-web', refresh_token: 'x' },
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toEqual({ error: 'unsupported_grant_type' });
  });

  it('when staff manage a member then creation is idempotent on the user and members may not do it', async () => {
    const staff = await seedTop(t.database.db);
    await makeStaff(t, staff.user.id);
    const staffToken = await tokenOf(t.app, staff.user.email);
    const { rows } = await t.database.pool.query(
      `insert into users (email, mobile, password_hash, first_name, last_name, invitation_code) values ('sync@test.example', '0899999999', 'x', 'ซิงค์', 'ทดสอบ', 'SYNC0001') returning id`,
    );
    const userId = Number(rows[0].id);
    const first = await net(t.app, 'POST', '/manage_member', staffToken, {
      user_id: userId,
      referrer_member_id: top.member.id,
      package: 'Gold',
    });
    const created = expectData(first, 201);
    const again = expectData(
      await net(t.app, 'POST', '/manage_member', staffToken, { user_id: userId }),
      200,
    );
    expect(again.id).toBe(created.id);
    const updated = expectData(
      await net(t.app, 'PUT', `/manage_member/${created.id}`, staffToken, { business_title: 'Director' }),
    );
    expect(updated).toMatchObject({ package: 'Gold', business_title: 'Director' });
    const synced = expectData(
      await net(t.app, 'PUT', `/member/${created.id}`, staffToken, { first_name: 'ชื่อใหม่' }),
    );
    expect(synced.first_name).toBe('ชื่อใหม่');
    expectError(await net(t.app, 'POST', '/manage_member', topToken, { user_id: userId }), 403, 'FORBIDDEN');
    expectError(
      await net(t.app, 'PUT', `/member/${created.id}`, topToken, { first_name: 'x' }),
      403,
      'FORBIDDEN',
    );
    expectError(await net(t.app, 'GET', '/me', await appToken(t.app)), 401, 'UNAUTHENTICATED');
  });
});
