import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { JWT_SECRET, appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError, makeStaff, refresh } from '../../helpers/expect';
import { PASSWORD, login, register, seedSponsor } from '../../helpers/fixtures';

/**
 * Issue #12, finding 2: an access token ends with its session. Each way a session ends is tried
 * against reads on all the services a member token reaches.
 */
let t: TestApp;
let invitation: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_OTP: '1000' });
  const sponsor = await seedSponsor(t.database.db);
  invitation = sponsor.user.invitationCode;
  const staff = await seedSponsor(t.database.db);
  await makeStaff(t, staff.user.id);
  staffToken = (await login(t.app, staff.user.email)).access_token;
});
afterAll(() => t.close());

/** Reads across the member, network and profile APIs. */
const READS = [
  '/member/v1/me',
  '/member/v1/me/notifications',
  '/member/v1/me/sessions',
  '/member/v1/me/documents',
  '/network/api/v1/me',
  '/network/api/v1/member_downline/summary',
];

async function expectAllAnswer(token: string) {
  for (const url of READS) expectData(await call(t.app, 'GET', url, { token }));
}
async function expectAllRefused(token: string) {
  for (const url of READS) expectError(await call(t.app, 'GET', url, { token }), 401, 'UNAUTHENTICATED');
}

async function signedInMember() {
  const { user, body } = await register(t.app, invitation);
  const session = await login(t.app, body.email);
  return { user, email: body.email, session };
}

describe('an access token ends with its session', () => {
  it('when the member logs out then the access token of that sign-in is refused everywhere at once', async () => {
    const m = await signedInMember();
    await expectAllAnswer(m.session.access_token);
    expectData(await call(t.app, 'POST', '/member/v1/logout', { token: m.session.access_token }));
    await expectAllRefused(m.session.access_token);
  });

  it('when the member logs out then the access tokens of their other devices end too, and a new sign-in works', async () => {
    const m = await signedInMember();
    const other = await login(t.app, m.email);
    expectData(await call(t.app, 'POST', '/member/v1/logout', { token: m.session.access_token }));
    await expectAllRefused(other.access_token);
    const again = await login(t.app, m.email);
    await expectAllAnswer(again.access_token);
  });

  it('when the password is changed then the other sessions end and this one goes on', async () => {
    const m = await signedInMember();
    const other = await login(t.app, m.email);
    expectData(
      await call(t.app, 'PATCH', '/member/v1/me/password', {
        token: m.session.access_token,
        body: {
          current_password: PASSWORD,
          password: 'brand-new-pass-1',
          password_confirmation: 'brand-new-pass-1',
        },
      }),
    );
    await expectAllRefused(other.access_token);
    await expectAllAnswer(m.session.access_token);
  });

  it('when the password is reset then every access token of the member ends', async () => {
    const m = await signedInMember();
    const app = await appToken(t.app);
    const ticket = expectData(
      await call(t.app, 'POST', '/member/v1/password-reset/request', {
        token: app,
        body: { email: m.email },
      }),
    );
    const mail = (await t.outbox()).find((x) => x.to === m.email && x.purpose === 'reset-password')!;
    expectData(
      await call(t.app, 'POST', '/member/v1/password-reset', {
        token: app,
        body: {
          token: ticket.token,
          code: mail.code,
          password: 'reset-pass-123',
          password_confirmation: 'reset-pass-123',
        },
      }),
    );
    await expectAllRefused(m.session.access_token);
  });

  it('when a used refresh token is replayed then the family is revoked and its live access token ends', async () => {
    const m = await signedInMember();
    const rotated = (await refresh(t.app, m.session.refresh_token)).json();
    await expectAllAnswer(rotated.access_token);
    expect((await refresh(t.app, m.session.refresh_token)).json().error).toBe('invalid_grant');
    await expectAllRefused(rotated.access_token);
    await expectAllRefused(m.session.access_token);
  });

  it('when a device is signed out from the settings then its access token ends and the others go on', async () => {
    const m = await signedInMember();
    const other = await login(t.app, m.email);
    const sessions = expectData<{ id: string; current: boolean }[]>(
      await call(t.app, 'GET', '/member/v1/me/sessions', { token: m.session.access_token }),
    );
    const target = sessions.find((s) => !s.current)!;
    expectData(
      await call(t.app, 'DELETE', `/member/v1/me/sessions/${target.id}`, { token: m.session.access_token }),
    );
    await expectAllRefused(other.access_token);
    await expectAllAnswer(m.session.access_token);
  });

  it('when a member signs out all other devices then those end at once and this one goes on', async () => {
    const m = await signedInMember();
    const second = await login(t.app, m.email);
    const third = await login(t.app, m.email);
    const stranger = await signedInMember();
    const res = await call(t.app, 'DELETE', '/member/v1/me/sessions', { token: m.session.access_token });
    expect(expectData<{ signed_out: number }>(res)).toEqual({ signed_out: 2 });

    await expectAllRefused(second.access_token);
    await expectAllRefused(third.access_token);
    expect((await refresh(t.app, second.refresh_token)).json().error).toBe('invalid_grant');
    await expectAllAnswer(m.session.access_token);
    expect((await refresh(t.app, m.session.refresh_token)).statusCode).toBe(200);
    // Another member's sessions are not touched.
    await expectAllAnswer(stranger.session.access_token);

    const left = expectData<{ current: boolean }[]>(
      await call(t.app, 'GET', '/member/v1/me/sessions', { token: m.session.access_token }),
    );
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    // Nothing else to sign out: none.
    const again = await call(t.app, 'DELETE', '/member/v1/me/sessions', { token: m.session.access_token });
    expect(expectData<{ signed_out: number }>(again)).toEqual({ signed_out: 0 });
  });

  it('when no one is signed in then signing out the other devices is refused', async () => {
    expectError(await call(t.app, 'DELETE', '/member/v1/me/sessions'), 401, 'UNAUTHENTICATED');
  });

  it('when staff deactivate the account then its access token ends at once', async () => {
    const m = await signedInMember();
    expectData(
      await call(t.app, 'PUT', `/member/v1/users/${m.user.id}`, {
        token: staffToken,
        body: { is_active: false },
      }),
    );
    await expectAllRefused(m.session.access_token);
    expect((await refresh(t.app, m.session.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('when staff delete the account then its access token ends at once', async () => {
    const m = await signedInMember();
    expectData(await call(t.app, 'DELETE', `/member/v1/users/${m.user.id}`, { token: staffToken }));
    await expectAllRefused(m.session.access_token);
  });

  it('when the portal restarts after a logout then the old access token is still refused', async () => {
    const m = await signedInMember();
    expectData(await call(t.app, 'POST', '/member/v1/logout', { token: m.session.access_token }));
    // A second app on the same database has an empty memory: it reloads what was ended.
    const restarted = await buildApp({
      config: t.config,
      database: t.database,
      jwtSecret: JWT_SECRET,
      logger: false,
    });
    try {
      for (const url of READS)
        expectError(
          await call(restarted, 'GET', url, { token: m.session.access_token }),
          401,
          'UNAUTHENTICATED',
        );
    } finally {
      await restarted.close();
    }
  });
});
