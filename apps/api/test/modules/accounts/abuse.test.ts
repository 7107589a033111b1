import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError } from '../../helpers/expect';
import { PASSWORD, register, seedSponsor } from '../../helpers/fixtures';

const LIMIT = 3;
let t: TestApp;
let token: string;
let invitation: string;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_LOGIN: String(LIMIT),
    RATE_LIMIT_OTP: String(LIMIT),
    OTP_RESEND_SECONDS: '0',
  });
  invitation = (await seedSponsor(t.database.db)).user.invitationCode;
  token = await appToken(t.app);
});
afterAll(() => t.close());

const signIn = (app: TestApp, username: string, password: string, ip = '127.0.0.1') =>
  app.app.inject({
    method: 'POST',
    url: '/member/v1/login',
    remoteAddress: ip,
    headers: { 'x-app-key': 'portal-web' },
    payload: { username, password },
  });

describe('login rate limit', () => {
  it('when one address fails more than RATE_LIMIT_LOGIN times for an account then it is slowed for that account with Retry-After, even with the right password', async () => {
    const { body, user } = await register(t.app, invitation);
    const ip = '10.0.0.1';
    for (let i = 0; i < LIMIT; i++)
      expectError(await signIn(t, body.email, 'wrong-password-1', ip), 401, 'INVALID_CREDENTIALS');
    const res = await signIn(t, body.email, PASSWORD, ip);
    const status = expectError(res, 429, 'RATE_LIMITED');
    expect(status.message).toBe('Too many requests, please try again later');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count(t, 'select count(*) n from refresh_tokens where user_id = $1', [user.id])).toBe(0);
  });

  it('when the account is spelled differently (upper case, or by its mobile) then the attempts still count for the same account', async () => {
    const { body } = await register(t.app, invitation);
    const ip = '10.0.1.1';
    expectError(
      await signIn(t, body.email.toUpperCase(), 'wrong-password-1', ip),
      401,
      'INVALID_CREDENTIALS',
    );
    expectError(await signIn(t, body.email, 'wrong-password-1', ip), 401, 'INVALID_CREDENTIALS');
    expectError(await signIn(t, body.mobile, 'wrong-password-1', ip), 401, 'INVALID_CREDENTIALS');
    expectError(await signIn(t, body.mobile, 'wrong-password-1', ip), 429, 'RATE_LIMITED');
    expectError(await signIn(t, body.email, PASSWORD, ip), 429, 'RATE_LIMITED');
  });

  it('when one address fails against many accounts then it is limited too', async () => {
    const many = await createTestApp({ RATE_LIMIT_LOGIN: '100', RATE_LIMIT_LOGIN_ADDRESS: String(LIMIT) });
    try {
      const ip = '10.0.2.1';
      for (let i = 0; i < LIMIT; i++)
        expectError(
          await signIn(many, `nobody${i}@test.example`, 'wrong-password-1', ip),
          401,
          'INVALID_CREDENTIALS',
        );
      const res = await signIn(many, 'nobody-else@test.example', 'wrong-password-1', ip);
      expectError(res, 429, 'RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await many.close();
    }
  });

  it('when members sign in successfully from one address more often than the limit then none is refused', async () => {
    const ip = '10.0.3.1';
    const members = await Promise.all([register(t.app, invitation), register(t.app, invitation)]);
    for (let i = 0; i < LIMIT + 2; i++) {
      const m = members[i % 2]!;
      expectData(await signIn(t, m.body.email, PASSWORD, ip));
    }
  });

  it('when a member signs in after a few failures then the count for the account starts again', async () => {
    const { body } = await register(t.app, invitation);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LIMIT - 1; i++)
        expectError(
          await signIn(t, body.email, 'wrong-password-1', `10.0.4.${round * 10 + i}`),
          401,
          'INVALID_CREDENTIALS',
        );
      expectData(await signIn(t, body.email, PASSWORD, `10.0.4.${round * 10 + 9}`));
    }
  });
});

describe('OTP and e-mail rate limits', () => {
  it('when one mobile asks for more than RATE_LIMIT_OTP codes then the next is 429 RATE_LIMITED and nothing more is sent', async () => {
    const { user } = await register(t.app, invitation);
    for (let i = 0; i < LIMIT; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/member/v1/otp-transactions',
        remoteAddress: `10.1.0.${i + 1}`,
        headers: { 'x-app-key': 'portal-web', authorization: `Bearer ${token}` },
        payload: { username: user.mobile },
      });
      expectData(res, 201);
    }
    const sent = (await t.outbox()).filter((m) => m.to === user.mobile).length;
    expect(sent).toBe(LIMIT);
    const res = await call(t.app, 'POST', '/member/v1/otp-transactions', {
      token,
      body: { username: user.mobile },
    });
    expectError(res, 429, 'RATE_LIMITED');
    expect((await t.outbox()).filter((m) => m.to === user.mobile).length).toBe(sent);
  });

  it('when one e-mail asks for more than the limit of reset tickets then the next is 429 RATE_LIMITED', async () => {
    const { body } = await register(t.app, invitation);
    for (let i = 0; i < LIMIT; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/member/v1/password-reset/request',
        remoteAddress: `10.2.0.${i + 1}`,
        headers: { 'x-app-key': 'portal-web', authorization: `Bearer ${token}` },
        payload: { email: body.email },
      });
      expectData(res);
    }
    expectError(
      await call(t.app, 'POST', '/member/v1/password-reset/request', { token, body: { email: body.email } }),
      429,
      'RATE_LIMITED',
    );
  });

  it('when one address asks for activation links too often then it is limited', async () => {
    const ip = '10.3.0.1';
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/member/v1/activate/request',
        remoteAddress: ip,
        headers: { 'x-app-key': 'portal-web', authorization: `Bearer ${token}` },
        payload: { email },
      });
    for (let i = 0; i < LIMIT; i++) expectData(await ask(`someone${i}@test.example`));
    expectError(await ask('someone-else@test.example'), 429, 'RATE_LIMITED');
  });
});

describe('the per-address ceiling on every API call', () => {
  it('when one address makes more calls than RATE_LIMIT_GLOBAL in a minute then the next is a 429 RATE_LIMITED envelope', async () => {
    const small = await createTestApp({ RATE_LIMIT_GLOBAL: '5' });
    try {
      const get = () =>
        small.app.inject({
          method: 'GET',
          url: '/member/v1/no-such-route-but-counted',
          remoteAddress: '10.9.0.1',
          headers: { 'x-app-key': 'portal-web' },
        });
      const bearer = await appToken(small.app);
      const list = () =>
        small.app.inject({
          method: 'GET',
          url: '/member/v1/provinces',
          remoteAddress: '10.9.0.2',
          headers: { 'x-app-key': 'portal-web', authorization: `Bearer ${bearer}` },
        });
      for (let i = 0; i < 5; i++) expectData(await list());
      expectError(await list(), 429, 'RATE_LIMITED');
      // another address is not affected
      expect((await get()).statusCode).not.toBe(429);
    } finally {
      await small.close();
    }
  });
});
