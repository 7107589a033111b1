import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceKycDeadlines } from '../../../src/modules/profile/kyc/deadline';
import { reachableWhileSuspended } from '../../../src/plugins/auth';
import { endAccessStamped } from '../../../src/modules/accounts/session/access';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError, refresh } from '../../helpers/expect';
import { PASSWORD, login, seedSponsor } from '../../helpers/fixtures';

/**
 * Issue #12, finding 7: a suspended member's token reaches only what the guard allows (their own
 * /me, notifications, change password, logout), plus the KYC sections when the suspension is for
 * missing KYC (decision 012), on every service.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
});
afterAll(() => t.close());

async function suspend(memberId: number) {
  await t.database.pool.query(
    `insert into suspension_entries (member_id, period, status, suspended_at, message, message_th)
     values ($1, 'suspended', 'active', now(), 'Suspended', 'ระงับ')`,
    [memberId],
  );
}

const ALLOWED = [
  ['GET', '/member/v1/me'],
  ['GET', '/member/v1/me/notifications'],
  ['GET', '/member/v1/me/notifications/unread-count'],
  ['GET', '/network/api/v1/me'],
] as const;
const KYC_SECTIONS = [
  ['GET', '/member/v1/me/documents'],
  ['GET', '/member/v1/me/banks'],
  ['GET', '/member/v1/me/kyc'],
  ['GET', '/member/v1/me/addresses'],
] as const;
const REFUSED = [
  ['GET', '/network/api/v1/member_downline/summary'],
  ['GET', '/network/api/v1/member_downline/overview'],
  ['GET', '/network/api/v1/member_downline/search?q=a'],
  ['GET', '/network/api/v1/member/search_new_member'],
  ['GET', '/member/v1/me/sessions'],
] as const;

describe('what a suspension leaves reachable (decision 012)', () => {
  it('when the suspension is not for KYC then only the routes open to every suspended member answer', () => {
    expect(reachableWhileSuspended('other', 'allow')).toBe(true);
    expect(reachableWhileSuspended('other', 'kyc')).toBe(false);
    expect(reachableWhileSuspended('other', undefined)).toBe(false);
    expect(reachableWhileSuspended('kyc', 'kyc')).toBe(true);
    expect(reachableWhileSuspended('kyc', undefined)).toBe(false);
    expect(reachableWhileSuspended('none', undefined)).toBe(true);
  });
});

describe('a suspended member', () => {
  it('when suspended for KYC then the token reaches /me, notifications and the KYC sections, and nothing of the network', async () => {
    const m = await seedSponsor(t.database.db);
    await suspend(m.member.id);
    const { access_token: token } = await login(t.app, m.user.email);
    for (const [method, url] of [...ALLOWED, ...KYC_SECTIONS])
      expectData(await call(t.app, method, url, { token }));
    for (const [method, url] of REFUSED) {
      const res = await call(t.app, method, url, { token });
      expect(res.statusCode, url).toBe(403);
      expectError(res, 403, 'ACCOUNT_SUSPENDED');
    }
    // The tree under the member is theirs, but not while suspended.
    expectError(
      await call(t.app, 'GET', `/network/api/v1/member_downline/${m.member.id}`, { token }),
      403,
      'ACCOUNT_SUSPENDED',
    );
    // What KYC asks for (name, identity, birthday, address) stays editable: it is the way out.
    expectData(await call(t.app, 'PUT', '/member/v1/me', { token, body: { first_name: 'Changed' } }));
    expectData(await call(t.app, 'PUT', '/member/v1/me', { token, body: { language: 'en' } }));
  });

  it('when suspended then the password can still be changed and the member can log out', async () => {
    const m = await seedSponsor(t.database.db);
    await suspend(m.member.id);
    const { access_token: token } = await login(t.app, m.user.email);
    expectData(
      await call(t.app, 'PATCH', '/member/v1/me/password', {
        token,
        body: {
          current_password: PASSWORD,
          password: 'another-pass-1',
          password_confirmation: 'another-pass-1',
        },
      }),
    );
    expectData(await call(t.app, 'POST', '/member/v1/logout', { token }));
  });

  it('when the KYC deadline suspends a signed-in member then the old token ends and the refreshed one is limited', async () => {
    const m = await seedSponsor(t.database.db);
    const session = await login(t.app, m.user.email);
    expectData(
      await call(t.app, 'GET', '/network/api/v1/member_downline/summary', { token: session.access_token }),
    );
    // Registered long ago: the deadline job finds the member past both periods.
    await t.database.pool.query(`update members set created_at = now() - interval '400 days' where id = $1`, [
      m.member.id,
    ]);
    const run = await advanceKycDeadlines(t.database.db, new Date(), t.config.kyc);
    expect(run.standingChanged).toContain(m.user.id);
    await endAccessStamped(t.app.ctx, run.standingChanged);
    expectError(
      await call(t.app, 'GET', '/member/v1/me', { token: session.access_token }),
      401,
      'UNAUTHENTICATED',
    );
    const renewed = (await refresh(t.app, session.refresh_token)).json();
    expectData(await call(t.app, 'GET', '/member/v1/me/notifications', { token: renewed.access_token }));
    expectError(
      await call(t.app, 'GET', '/network/api/v1/member_downline/summary', { token: renewed.access_token }),
      403,
      'ACCOUNT_SUSPENDED',
    );
  });

  it('when the suspension ends then the old limited token ends and a refresh gives full access again', async () => {
    const m = await seedSponsor(t.database.db);
    await suspend(m.member.id);
    const session = await login(t.app, m.user.email);
    await t.database.pool.query(
      `update users set is_verifies_identity = true, is_verifies_bank = true where id = $1`,
      [m.user.id],
    );
    const run = await advanceKycDeadlines(t.database.db, new Date(), t.config.kyc);
    expect(run.standingChanged).toContain(m.user.id);
    await endAccessStamped(t.app.ctx, run.standingChanged);
    expectError(
      await call(t.app, 'GET', '/member/v1/me', { token: session.access_token }),
      401,
      'UNAUTHENTICATED',
    );
    const renewed = (await refresh(t.app, session.refresh_token)).json();
    expectData(
      await call(t.app, 'GET', '/network/api/v1/member_downline/summary', { token: renewed.access_token }),
    );
  });
});
