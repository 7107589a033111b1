import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@portal/contracts/identity';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, expectIso, refresh, row } from '../../helpers/expect';
import { PASSWORD, login, register, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let invitation: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  invitation = (await seedSponsor(t.database.db)).user.invitationCode;
});
afterAll(() => t.close());

const me = (token: string) => call(t.app, 'GET', '/member/v1/me', { token });
const updateMe = (token: string, body: unknown) => call(t.app, 'PUT', '/member/v1/me', { token, body });
const changePassword = (token: string, current: string, password: string, confirmation = password) =>
  call(t.app, 'PATCH', '/member/v1/me/password', {
    token,
    body: { current_password: current, password, password_confirmation: confirmation },
  });
const signIn = (username: string, password: string) =>
  call(t.app, 'POST', '/member/v1/login', { body: { username, password } });
const userRow = (id: number) =>
  row<Record<string, unknown>>(
    t,
    'select u.*, m.point, m.referrer_member_id from users u left join members m on m.user_id = u.id where u.id = $1',
    [id],
  );

describe('reading and updating my profile', () => {
  let member: Awaited<ReturnType<typeof register>>;
  let token: string;
  beforeAll(async () => {
    member = await register(t.app, invitation);
    token = (await login(t.app, member.body.email)).access_token;
  });

  it('when a member reads /v1/me then they get their own user with member data and ISO timestamps', async () => {
    const data = expectData<User>(await me(token));
    expect(data).toMatchObject({ id: member.user.id, email: member.body.email, language: 'th' });
    expect(data.member?.memberCode).toBe(member.user.member?.memberCode);
    expectIso(data.created_at);
    expectIso(data.updated_at);
  });

  it('when a member updates first_name and language then the answer and later reads show the change', async () => {
    const data = expectData<User>(await updateMe(token, { first_name: 'Malee', language: 'en' }));
    expect(data).toMatchObject({ first_name: 'Malee', language: 'en', last_name: 'ทดสอบ' });
    expect(expectData<User>(await me(token))).toMatchObject({ first_name: 'Malee', language: 'en' });
    expect(Date.parse(data.updated_at)).toBeGreaterThanOrEqual(Date.parse(member.user.updated_at));
  });

  it('when the body sets a verification flag, points or the type then the answer is 422 and nothing changes', async () => {
    const before = await userRow(member.user.id);
    for (const extra of [
      { is_verifies_identity: true },
      { point: '99999.00' },
      { type: 'admin' },
      { email: 'else@test.example' },
    ]) {
      const status = expectError(
        await updateMe(token, { first_name: 'Changed', ...extra }),
        422,
        'VALIDATION_ERROR',
      );
      expect(Object.keys(status.errors ?? {})).toEqual(Object.keys(extra));
    }
    expect(await userRow(member.user.id)).toEqual(before);
  });

  it('when the language is not th or en then the answer is 422 on language', async () => {
    const status = expectError(await updateMe(token, { language: 'fr' }), 422, 'VALIDATION_ERROR');
    expect(status.errors?.language).toBeDefined();
  });

  it('when the first name is blank then the answer is 422 on first_name', async () => {
    const status = expectError(await updateMe(token, { first_name: '   ' }), 422, 'VALIDATION_ERROR');
    expect(status.errors?.first_name).toEqual(['This field is required']);
  });

  it('when no token is sent then /v1/me is 401', async () => {
    expectError(await call(t.app, 'GET', '/member/v1/me'), 401, 'UNAUTHENTICATED');
  });

  it('when the account was deactivated then a still-valid access token no longer reads /v1/me', async () => {
    const other = await register(t.app, invitation);
    const session = await login(t.app, other.body.email);
    await t.database.pool.query('update users set is_active = false where id = $1', [other.user.id]);
    expectError(await me(session.access_token), 401, 'UNAUTHENTICATED');
  });
});

describe('changing my password', () => {
  it('when the current password is wrong then the answer is 422 on current_password and the password is unchanged', async () => {
    const { body, user } = await register(t.app, invitation);
    const session = await login(t.app, body.email);
    const hashBefore = (
      await row<{ password_hash: string }>(t, 'select password_hash from users where id = $1', [user.id])
    )?.password_hash;
    const status = expectError(
      await changePassword(session.access_token, 'not-my-password', 'new-password-99'),
      422,
      'CHANGE_PASSWORD_FAILED',
    );
    expect(status.errors?.current_password).toEqual(['The current password is incorrect']);
    const hashAfter = (
      await row<{ password_hash: string }>(t, 'select password_hash from users where id = $1', [user.id])
    )?.password_hash;
    expect(hashAfter).toBe(hashBefore);
    expectError(await signIn(body.email, 'new-password-99'), 401, 'INVALID_CREDENTIALS');
    expect((await refresh(t.app, session.refresh_token)).statusCode).toBe(200);
  });

  it('when the confirmation does not match then the answer is 422 on password_confirmation', async () => {
    const { body } = await register(t.app, invitation);
    const session = await login(t.app, body.email);
    const status = expectError(
      await changePassword(session.access_token, PASSWORD, 'new-password-99', 'other-99999'),
      422,
      'VALIDATION_ERROR',
    );
    expect(status.errors?.password_confirmation).toEqual(['The password confirmation does not match']);
  });

  it('when the current password is right then other sessions are signed out, this one stays, and a notification is written', async () => {
    const { body, user } = await register(t.app, invitation);
    const here = await login(t.app, body.email);
    const elsewhere = await login(t.app, body.email);

    expect(expectData(await changePassword(here.access_token, PASSWORD, 'new-password-99'))).toBeNull();

    const mine = await refresh(t.app, here.refresh_token);
    expect(mine.statusCode).toBe(200);
    const theirs = await refresh(t.app, elsewhere.refresh_token);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error).toBe('invalid_grant');
    // the rotated token of this session keeps working too
    expect((await refresh(t.app, mine.json().refresh_token)).statusCode).toBe(200);

    expectError(await signIn(body.email, PASSWORD), 401, 'INVALID_CREDENTIALS');
    expectData(await signIn(body.email, 'new-password-99'));
    expect(
      await count(
        t,
        `select count(*) n from notifications where user_id = $1 and kind = 'password_changed'`,
        [user.id],
      ),
    ).toBe(1);
  });

  it('when the password is changed with a token from a refreshed session then that session is still kept', async () => {
    const { body } = await register(t.app, invitation);
    const first = await login(t.app, body.email);
    const rotated = (await refresh(t.app, first.refresh_token)).json();
    expectData(await changePassword(rotated.access_token, PASSWORD, 'new-password-99'));
    expect((await refresh(t.app, rotated.refresh_token)).statusCode).toBe(200);
  });
});

describe('signing out', () => {
  it('when a member logs out then their refresh token no longer works and the cookie is cleared', async () => {
    const { body } = await register(t.app, invitation);
    const session = await login(t.app, body.email);
    const other = await login(t.app, body.email);
    const res = await call(t.app, 'POST', '/member/v1/logout', {
      token: session.access_token,
      cookies: { portal_rt: session.refresh_token },
    });
    expect(expectData(res)).toBeNull();
    const cleared = res.cookies.find((c) => c.name === 'portal_rt');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/member');

    for (const via of ['body', 'cookie'] as const) {
      const again = await refresh(t.app, session.refresh_token, via);
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('invalid_grant');
    }
    expect((await refresh(t.app, other.refresh_token)).statusCode).toBe(400);
  });

  it('when a non-browser client logs out with an empty JSON body then it works as well', async () => {
    const { body } = await register(t.app, invitation);
    const session = await login(t.app, body.email);
    expect(
      expectData(await call(t.app, 'POST', '/member/v1/logout', { token: session.access_token, body: {} })),
    ).toBeNull();
    expect((await refresh(t.app, session.refresh_token)).statusCode).toBe(400);
  });

  it('when logout is called with an application token then the answer is 401', async () => {
    expectError(
      await call(t.app, 'POST', '/member/v1/logout', { token: await appToken(t.app) }),
      401,
      'UNAUTHENTICATED',
    );
  });
});
