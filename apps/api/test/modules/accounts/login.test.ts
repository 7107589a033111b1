import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { answerText, count, expectData, expectEnvelope, expectError, expectIso } from '../../helpers/expect';
import { PASSWORD, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let sponsor: Awaited<ReturnType<typeof seedSponsor>>;
beforeAll(async () => {
  t = await createTestApp();
  sponsor = await seedSponsor(t.database.db, { email: 'Somchai.Login@Test.Example', mobile: '0812345678' });
});
afterAll(() => t.close());

const signIn = (username: unknown, password: unknown = PASSWORD) =>
  call(t.app, 'POST', '/member/v1/login', { body: { username, password } });

describe('sign-in', () => {
  it('when a member signs in by e-mail then the answer carries tokens and the user', async () => {
    const res = await signIn('somchai.login@test.example');
    const data = expectData(res);
    expect(data).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: t.config.accessTokenTtl,
    });
    expect(data.user).toMatchObject({
      id: sponsor.user.id,
      email: 'Somchai.Login@Test.Example',
      mobile: '0812345678',
      type: 'member',
    });
    expect(data.user.password_hash).toBeUndefined();
    expect(data.user.passwordHash).toBeUndefined();
    expectIso(data.user.created_at);
    expectIso(data.user.updated_at);
    const me = await call(t.app, 'GET', '/member/v1/me', { token: data.access_token });
    expect(expectData(me).id).toBe(sponsor.user.id);
  });

  it('when a member signs in with the e-mail in another letter case then it works', async () => {
    expectData(await signIn('SOMCHAI.LOGIN@TEST.EXAMPLE'));
  });

  it('when a member signs in by 10-digit mobile then it works', async () => {
    const data = expectData(await signIn('0812345678'));
    expect(data.user.id).toBe(sponsor.user.id);
  });

  it("when the username is 'abc' then the answer is 422 with the spec's message on username", async () => {
    const status = expectError(await signIn('abc'), 422, 'VALIDATION_ERROR');
    expect(status.errors?.username).toEqual(['Must be either a valid phone number or e-mail']);
    expect(status.message).toBe('Must be either a valid phone number or e-mail');
  });

  it('when the mobile has 9 or 11 digits then the username is rejected with the same message', async () => {
    for (const username of ['081234567', '08123456789']) {
      const status = expectError(await signIn(username), 422, 'VALIDATION_ERROR');
      expect(status.errors?.username).toEqual(['Must be either a valid phone number or e-mail']);
    }
  });

  it('when the password is missing then the answer is 422 on password', async () => {
    const res = await call(t.app, 'POST', '/member/v1/login', { body: { username: '0812345678' } });
    expect(expectError(res, 422, 'VALIDATION_ERROR').errors?.password).toBeDefined();
  });

  it('when the password is wrong or the account unknown then both answers are identical', async () => {
    const wrong = await signIn('somchai.login@test.example', 'not-the-password');
    const unknown = await signIn('nobody.here@test.example', 'not-the-password');
    const unknownMobile = await signIn('0899999999', 'not-the-password');
    const a = expectError(wrong, 401, 'INVALID_CREDENTIALS');
    const b = expectError(unknown, 401, 'INVALID_CREDENTIALS');
    expectError(unknownMobile, 401, 'INVALID_CREDENTIALS');
    expect(a).toEqual(b);
    expect(answerText(wrong)).toBe(answerText(unknown));
    expect(answerText(unknownMobile)).toBe(answerText(unknown));
    expect(wrong.cookies.find((c) => c.name === 'portal_rt')).toBeUndefined();
  });

  it('when the account is inactive then the right password gets 403 ACCOUNT_INACTIVE and no session', async () => {
    const other = await seedSponsor(t.database.db);
    await t.database.pool.query('update users set is_active = false where id = $1', [other.user.id]);
    expectError(await signIn(other.user.email), 403, 'ACCOUNT_INACTIVE');
    // a wrong password does not tell that the account exists
    expectError(await signIn(other.user.email, 'wrong-password-1'), 401, 'INVALID_CREDENTIALS');
    expect(await count(t, 'select count(*) n from refresh_tokens where user_id = $1', [other.user.id])).toBe(
      0,
    );
  });

  it('when the account was deleted then signing in answers like an unknown account', async () => {
    const other = await seedSponsor(t.database.db);
    await t.database.pool.query('update users set deleted_at = now() where id = $1', [other.user.id]);
    expectError(await signIn(other.user.email), 401, 'INVALID_CREDENTIALS');
  });

  it('when the body has an unknown field then the answer is 422 and nobody is signed in', async () => {
    const res = await call(t.app, 'POST', '/member/v1/login', {
      body: { username: '0812345678', password: PASSWORD, type: 'admin' },
    });
    const status = expectEnvelope(res, 422, 'VALIDATION_ERROR').status;
    expect(Object.keys(status.errors ?? {})).toContain('type');
  });
});
